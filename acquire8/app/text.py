"""The front end's shared words: money, chain, tier and bonus-kind names, wrapping, the game
log's sentences, the one-line event briefs and the story's deciding turns. The rules' events and
records carry facts only: the sentence of one event is made here, and the lines that sum several
up (the recap, the merger summary, the hint, the lesson) are made of these words."""

from __future__ import annotations

import logging
import re
import textwrap
from collections.abc import Sequence
from typing import assert_never

from acquire8.rules import (
    MODES,
    Action,
    BonusKind,
    BuyShares,
    ChooseDefunct,
    ChooseSurvivor,
    DeclareEnd,
    Dispose,
    FoundChain,
    OptionValue,
    PlaceTile,
)
from acquire8.rules import events as ev
from acquire8.rules.record import GameRecord, Turn, key_turns, turns
from acquire8.rules.tables import CHAINS, CHART_SIZES, END_SIZE, TIER_OF

__all__ = [
    "CHAIN_NAMES",
    "CHART_ROWS",
    "KIND_SHORT",
    "KIND_WORDS",
    "LINE_CHARS",
    "SETUP_WORDS",
    "TIER_NAMES",
    "VALUE_WORDS",
    "WORDS_CHARS",
    "YOU",
    "brief",
    "chain_name",
    "end_line",
    "fit",
    "key_moments",
    "log_line",
    "log_lines",
    "moment_line",
    "money",
    "move_words",
    "note_cut",
    "own_draw_line",
    "pack",
    "team_letter",
    "team_words",
    "tier_name",
    "verb",
    "wrap",
]

CHAIN_NAMES = ("Tower", "Luxor", "American", "Worldwide", "Festival", "Imperial", "Continental")  # as CHAINS
TIER_NAMES = ("cheap", "medium", "expensive")  # by tier, as TIER_OF numbers them
# The price chart's rows by their sizes, "2" .. "6-10" .. "41+", made from the rules' CHART_SIZES.
CHART_ROWS = tuple(
    f"{low}+" if high is None else str(low) if high == low + 1 else f"{low}-{high - 1}"
    for low, high in zip(CHART_SIZES, (*CHART_SIZES[1:], None), strict=True)
)


def chain_name(letter: str) -> str:
    """ "Tower" for "T": how a chain reads in words, in the log and on screen."""
    return CHAIN_NAMES[CHAINS.index(letter)]


def tier_name(letter: str) -> str:
    """ "cheap" for "T": the price tier of a chain in words."""
    return TIER_NAMES[TIER_OF[CHAINS.index(letter)]]


def money(amount: int) -> str:
    """ "$12,300": how money reads everywhere."""
    return f"${amount:,}"


# Characters per line of the 4x6 font on 128 px: 31, not 32, as a text keeps a pixel of air
# from the screen's edges (32 cells fill all 128 columns: the ink would touch one edge).
LINE_CHARS = 31
# How each bonus kind reads, the one table of them: (in the log's sentences, in a hint's reason,
# short: summaries, briefs and the recap).
KIND_WORDS: dict[BonusKind, tuple[str, str, str]] = {
    "majority": ("majority", "majority", "maj"),
    "minority": ("minority", "minority", "min"),
    "both": ("majority+minority", "maj+min", "maj+min"),
    "shared": ("shared", "shared", "shared"),
}
KIND_SHORT: dict[str, str] = {kind: words[2] for kind, words in KIND_WORDS.items()}
YOU = "You"  # the name of the one person at the table: the lines speak to that player as "you"


def team_letter(team: int) -> str:
    """A team's letter, by its index in Game.teams: the person's seat (0) is on team A."""
    return chr(ord("A") + team)


def team_words(teams: Sequence[Sequence[int]], names: Sequence[str], winners: Sequence[int]) -> str | None:
    """The winning team(s) of a team game, "team A (You & Bob)"; None without teams (every
    team a single seat)."""
    if all(len(team) < 2 for team in teams):
        return None
    won = [t for t, team in enumerate(teams) if team[0] in winners]
    return " & ".join(f"team {team_letter(t)} ({' & '.join(names[s] for s in teams[t])})" for t in won)


# The line under the setup's and the settings' rows on the selected row's value: at most two
# lines of WORDS_CHARS. SETUP_WORDS has a row's line by its name where it is the same for every
# value; VALUE_WORDS one per value, by (row, value): a rules option's by its name and value, so
# two options may share a value ("on", "open") and keep their own lines. A computer level's line
# is its record's (acquire8/ai/levels.py), with "Rated 801: " before it; a person's is here.
SETUP_WORDS: dict[str, str] = {
    "opponents": "How many play against you: 1 to 5 computers or people",
    "first": "Fixed by the rules: each draws a tile; nearest 1A starts",
    "music": "The tunes of the title, the game and its end",
    "effects": "The sounds of moves, purchases and mergers",
    "contrast": "Chain colours told apart by lightness too",
}
VALUE_WORDS: dict[tuple[str, OptionValue], str] = {
    **{("mode", m.name): m.words for m in MODES},  # each way to play's own record
    ("end", "declare"): f"You may end it once a chain has {END_SIZE}+ tiles or all are safe",
    ("end", "auto"): "The game ends by itself as soon as it can",
    ("holdings", "open"): "Everyone's shares are shown to everyone",
    ("holdings", "hidden"): "You see your own shares and the bank's, no one else's",
    ("level", "person"): "A person: pass the device on their turn",
    ("pace", "slow"): "The computers' moves shown slowly, one by one",
    ("pace", "normal"): "The computers' moves shown one by one",
    ("pace", "fast"): "The computers' moves shown quickly",
    ("pace", "instant"): "The computers' moves at once: the log has them",
}
WORDS_CHARS = LINE_CHARS  # explanations, a line with its pixel of air either side
# A text `fit` or `wrap` had to cut is logged here at DEBUG (nothing shows in a game): a message
# that explains a decision or its outcome must never be cut, so a test renders them all and
# holds this log to empty. A label that may lose its end (a date, a name in a narrow column)
# says so with `fit(cut_ok=True)`.
log = logging.getLogger(__name__)


def note_cut(text: str, width: int) -> None:
    """Note that `text` did not fit `width` characters (a line, or the lines it had)."""
    log.debug("cut to %d: %r", width, text)


def move_words(action: Action, short: bool = False) -> str:
    """A move in words: "buy 2 Tower, 1 Luxor" (the review's lines), or `short` in a few
    capitals, "BUY 2T 1L" (the hint's head, which says a tile's effect itself)."""
    match action:
        case PlaceTile(tile):
            return tile if short else f"place {tile}"
        case FoundChain(chain):
            return f"FOUND {chain}" if short else f"found {chain_name(chain)}"
        case ChooseSurvivor(chain):
            return f"{chain} SURVIVES" if short else f"{chain_name(chain)} survives"
        case ChooseDefunct(chain):
            return f"{chain} FIRST" if short else f"{chain_name(chain)} defunct first"
        case Dispose(sell, trade):
            if not short:
                return f"sell {sell}, trade {trade}"
            return (
                " ".join(p for p in (sell and f"SELL {sell}", trade and f"TRADE {trade}") if p) or "KEEP ALL"
            )
        case BuyShares(chains):
            seen = dict.fromkeys(chains)
            if short:
                return "BUY " + " ".join(f"{chains.count(c)}{c}" for c in seen) if chains else "BUY NOTHING"
            return (
                "buy " + ", ".join(f"{chains.count(c)} {chain_name(c)}" for c in seen)
                if chains
                else "buy nothing"
            )
        case DeclareEnd():
            return "END THE GAME" if short else "declare the end"
        case _:
            assert_never(action)


def wrap(text: str, width: int = LINE_CHARS) -> list[str]:
    """Split text into lines of at most `width` characters at spaces, or after a slash in a
    word longer than a line (a path); each "\n" starts a line, an empty one kept. The standard
    library's `textwrap` lays the words out; it cannot break after a slash, so such a word is
    first cut into runs that end at slashes, each at most a line: two runs never fit a line
    together, so the space put between them always falls at a line's end."""
    words = [w if len(w) <= width or "/" not in w else " ".join(_runs(w, width)) for w in text.split(" ")]
    lines: list[str] = []
    for para in " ".join(words).split("\n"):
        para_lines = textwrap.wrap(para, width, break_on_hyphens=False) or [""]
        if any(len(w) > width for w in para.split(" ")):  # a word longer than a line is cut
            note_cut(text, width)
        lines += para_lines
    return lines


def _runs(word: str, width: int) -> list[str]:
    """`word` in runs of at most `width` characters, each ending after a slash where it can."""
    runs = [""]
    for part in re.findall(r"[^/]*/|[^/]+$", word):
        if runs[-1] and len(runs[-1]) + len(part) > width:
            runs.append("")
        runs[-1] += part
    return runs


def verb(name: str, word: str) -> str:
    """'Ana sells', 'Ana goes' but 'You sell': the name and its verb agreeing."""
    if name == YOU:
        return f"{YOU} {word}"
    return f"{name} {word}es" if word.endswith(("s", "sh", "ch", "x", "o")) else f"{name} {word}s"


def fit(text: str, width: int = LINE_CHARS, cut_ok: bool = False) -> str:
    """`text` on one line of `width` characters: whole words only, ".." where words were left
    off (a word is never cut; the log keeps the full line). A cut is noted in `cuts` unless
    `cut_ok`: an explanation that does not fit must be wrapped or worded shorter instead."""
    if len(text) <= width:
        return text
    if not cut_ok:
        note_cut(text, width)
    words = text.split(" ")
    line = words[0]
    for word in words[1:]:
        if len(line) + 1 + len(word) + 2 > width:
            break
        line += " " + word
    return line[: width - 2].rstrip(" ,:") + ".."


def pack(parts: Sequence[str], sep: str = "; ", indent: str = "", width: int = LINE_CHARS) -> list[str]:
    """Whole parts on lines of at most `width` characters, `sep` between parts (a line that
    goes on ends with its mark, as "," when it fits) and `indent` before every line but
    the first; a part longer than a line is fitted."""
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + len(sep) + len(part) <= width:
            lines[-1] += sep + part
            continue
        mark = sep.rstrip()
        if lines and mark and len(lines[-1]) + len(mark) <= width:
            lines[-1] += mark
        lines.append(fit(indent + part if lines else part, width))
    return lines


def brief(e: ev.Event) -> str | None:
    """The one-line message (at most 32 characters) an event shows, or None for none. The
    log's full sentence is `log_line`; here some kinds have a short form of their own, with
    chain letters where names would not fit, and the others that sentence, fitted."""
    match e:
        case ev.TilesDrawn():
            return None
        case ev.MergerStarted():
            text = f"{chain_name(e.survivor)} takes over {'+'.join(e.defunct)}"
        case ev.BonusPaid():
            text = f"{verb(e.name, 'get')} {money(e.amount)} {KIND_SHORT[e.kind]} ({e.chain})"
        case ev.MarketBonus():
            text = f"Market takes {money(e.amount)} {KIND_SHORT[e.kind]} ({e.chain})"
        case ev.SharesSold():
            text = f"{verb(e.name, 'sell')} {e.count} {e.chain} for {money(e.amount)}"
        case ev.SharesTraded():
            text = f"{verb(e.name, 'trade')} {e.given} {e.chain} for {e.received} {e.survivor}"
        case ev.SharesKept():
            text = f"{verb(e.name, 'keep')} {e.count} {e.chain}"
        case ev.ChainDefunct():
            text = f"{chain_name(e.chain)} joins {chain_name(e.survivor)} ({e.size})"
            if len(text) > LINE_CHARS:
                text = f"{chain_name(e.chain)} joins {e.survivor} ({e.size})"
        case ev.DeadTilesReplaced():
            text = f"{verb(e.name, 'swap')} dead {' '.join(e.tiles)}"
        case ev.Stalemate():
            text = "Stalemate: the game ends"
        case ev.GameOver():
            text = "Game over"
        case _:
            text = log_line(e)  # exhaustive: every event has a brief
    return fit(text)


def log_line(e: ev.Event, teams: Sequence[Sequence[int]] = ()) -> str:
    """The game log's sentence for an event: "Ana sells 3 Tower for $1,800", "You place 5E".
    `teams` (Game.teams) names the winning team at the game's end."""
    match e:
        case ev.StartTiles():
            drawn = ", ".join(f"{n} {t}" for n, t in zip(e.names, e.tiles, strict=True))
            return f"Start tiles: {drawn}. {verb(e.name, 'go')} first: {e.tiles[e.seat]} is nearest 1A"
        case ev.TilePlaced():
            return f"{verb(e.name, 'place')} {e.tile}"
        case ev.ChainFounded():
            return f"{verb(e.name, 'found')} {chain_name(e.chain)}"
        case ev.ChainGrew():
            return f"{chain_name(e.chain)} grows to {e.size}"
        case ev.MergerStarted():
            # names for one defunct chain, letters for more: one line of the screen at most
            gone = chain_name(e.defunct[0]) if len(e.defunct) == 1 else "+".join(e.defunct)
            return f"{chain_name(e.survivor)} takes over {gone}"
        case ev.MarketHolds():
            return f"Market holds {e.count} {chain_name(e.chain)}"
        case ev.BonusPaid():
            what = KIND_WORDS[e.kind][0]
            return f"{verb(e.name, 'get')} {money(e.amount)} {what} bonus in {chain_name(e.chain)}"
        case ev.MarketBonus():
            what = KIND_WORDS[e.kind][0]
            return f"Market takes {money(e.amount)} {what} in {chain_name(e.chain)}"
        case ev.SharesSold():
            return f"{verb(e.name, 'sell')} {e.count} {chain_name(e.chain)} for {money(e.amount)}"
        case ev.SharesTraded():
            gave, got = f"{e.given} {chain_name(e.chain)}", f"{e.received} {chain_name(e.survivor)}"
            return f"{verb(e.name, 'trade')} {gave} for {got}"
        case ev.SharesKept():
            return f"{verb(e.name, 'keep')} {e.count} {chain_name(e.chain)}"
        case ev.ChainDefunct():
            return f"{chain_name(e.chain)} joins {chain_name(e.survivor)} ({e.size})"
        case ev.SharesBought():
            if not e.chains:
                return f"{verb(e.name, 'buy')} nothing"
            counts = ", ".join(f"{e.chains.count(c)} {c}" for c in dict.fromkeys(e.chains))
            return f"{verb(e.name, 'buy')} {counts} for {money(e.cost)}"
        case ev.NoPlayableTile():
            return f"{e.name} cannot place a tile"
        case ev.HandReplaced():
            return f"{e.name}: no playable tile, new hand"
        case ev.DeadTilesReplaced():
            return f"{verb(e.name, 'discard')} dead {' '.join(e.tiles)}"
        case ev.TilesDrawn():
            n = len(e.tiles)
            return f"{verb(e.name, 'draw')} {n} tile{'s' if n != 1 else ''}"
        case ev.TurnStarted():
            return "Your turn" if e.name == YOU else f"{e.name}'s turn"
        case ev.EndDeclared():
            return f"{verb(e.name, 'declare')} the end"
        case ev.Stalemate():
            return "No one can place a tile: game ends"
        case ev.GameOver():
            team = team_words(teams, e.names, e.winners) if teams else None
            if team is not None:
                return f"Game over: {team} win{'s' if ' & team' not in team else ''}"
            who = " & ".join(e.names[w] for w in e.winners)
            return f"Game over: {who} {'wins' if len(e.winners) == 1 and who != YOU else 'win'}"
        case _:
            assert_never(e)


def end_line(ending: ev.Ending, names: Sequence[str]) -> str:
    """The standings' line on who ended the game and why, as the rules said (`ending`; `names`
    by seat): "Cy ended it: Festival 41 tiles", "All chains safe", "No tile could be played"."""
    match ending.reason:
        case "end size":
            whys = [f"{chain_name(ending.chain)} {ending.size} tiles", f"{ending.chain} {ending.size} tiles"]
        case "all safe":
            whys = ["all chains safe"]
        case "pool empty":
            whys = ["the last tile was drawn"]
        case "no tile":
            whys = ["no tile could be played"]
        case _:
            assert_never(ending.reason)
    if not ending.declared:
        return whys[0][0].upper() + whys[0][1:]
    name = names[ending.declared_by]
    for why in whys:  # the chain's name, else its letter: whole words, never cut
        for said in ("ended it", "ended"):
            line = f"{name} {said}: {why}"
            if len(line) <= LINE_CHARS:
                return line
    return f"{name} ended it"  # a name too long for the reason too: who, not why


def own_draw_line(e: ev.TilesDrawn) -> str:
    """ "You draw 5E 7F": the one person's own draw in the log, its tiles named (no secret to
    that player; `log_line` counts them for everyone else)."""
    return f"{verb(YOU, 'draw')} {' '.join(e.tiles)}"


def log_lines(record: GameRecord) -> list[str]:
    """A recorded game's log: a header line per turn, then one line per event."""
    lines = []
    teams = record.start().teams
    for turn in turns(record):
        lines.append(f"-- Turn {turn.number}: {record.names[turn.seat]} --")
        lines.extend(log_line(e, teams) for e in turn.events if not isinstance(e, ev.TurnStarted))
    return lines


# ----------------------------------------------------------------- the story's deciding turns


def _counts(chains: tuple[str, ...], names: bool) -> str:
    if len(set(chains)) == 1:
        return f"{len(chains)} {chain_name(chains[0]) if names else chains[0]}"
    return " ".join(f"{chains.count(c)}{c}" for c in dict.fromkeys(chains))


def moment_words(turn: Turn, who: str) -> tuple[str, str]:
    """(long, short) words for the thing in a turn that most likely moved net worth."""
    if any(isinstance(e, ev.GameOver) for e in turn.events):
        return "final scoring", "final scoring"  # every chain's bonuses: it outweighs the rest
    found = grew = bought = placed = None
    for e in turn.events:
        if isinstance(e, ev.MergerStarted):
            gone = "+".join(e.defunct)
            return f"{who} merged {gone} into {e.survivor}", f"{who} merged {gone}>{e.survivor}"
        if isinstance(e, ev.ChainFounded):
            found = found or e
        elif isinstance(e, ev.ChainGrew):
            grew = e
        elif isinstance(e, ev.SharesBought) and e.chains:
            bought = e
        elif isinstance(e, ev.TilePlaced):
            placed = e
    if found:
        return f"{who} founded {chain_name(found.chain)}", f"{who} founded {found.chain}"
    if grew:
        size = grew.size
        return f"{who} grew {chain_name(grew.chain)} to {size}", f"{who} grew {grew.chain} to {size}"
    if bought:
        return f"{who} bought {_counts(bought.chains, True)}", f"{who} bought {_counts(bought.chains, False)}"
    if placed:
        return f"{who} placed {placed.tile}", f"{who} placed {placed.tile}"
    return f"{who} passed", f"{who} passed"


def moment_line(number: int, long: str, short: str, change: int, measure: str = "lead") -> str:
    """ "T14 you merged L>T lead +$6,000" (`measure`: what the change is of, the lead over
    the best rival or, alone, the worth), in the longest form that fits a line."""
    amount = f"{measure} {'+' if change >= 0 else '-'}{money(abs(change))}"
    words = short.split(" ")
    terse = " ".join([words[0], *words[2:]]) if len(words) > 2 else short  # "Bob I+C>T": no verb
    for line in (
        f"Turn {number}: {long} {amount}",
        f"Turn {number}: {short} {amount}",
        f"T{number} {short} {amount}",
        f"T{number} {terse} {amount}",
    ):
        if len(line) <= WORDS_CHARS:
            return line
    line = f"T{number}"  # a long imported name: whole words while they fit, then the amount
    for word in short.split(" "):
        if len(line) + 1 + len(word) + 1 + len(amount) > WORDS_CHARS:
            break
        line += " " + word
    return f"{line} {amount}"


def key_moments(record: GameRecord, seat: int, n: int = 3) -> list[str]:
    """The `n` turns that moved `seat`'s net worth most against its best opponent's
    (`record.key_turns`), one line each of at most WORDS_CHARS characters, in turn order;
    each says what its amount measures (the lead over the best rival; alone, the worth)."""
    measure = "worth" if record.players == 1 else "lead"
    lines = []
    for turn, change in key_turns(record, seat, n):
        who = "you" if turn.seat == seat else record.names[turn.seat]
        lines.append(moment_line(turn.number, *moment_words(turn, who), change, measure))
    return lines
