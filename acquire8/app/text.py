"""The front end's shared words: money, chain names, wrapping and one-line event briefs."""

from __future__ import annotations

from acquire8.rules import events as ev
from acquire8.rules.tables import chain_name, money, tier_name

__all__ = [
    "KIND_SHORT",
    "LINE_CHARS",
    "brief",
    "chain_name",
    "cuts",
    "fit",
    "money",
    "tier_name",
    "verb",
    "wrap",
]

LINE_CHARS = 32  # characters per line of the 4x6 font on 128 px
KIND_SHORT = {"majority": "maj", "minority": "min", "both": "maj+min", "shared": "shared"}  # bonus kinds
# Every text `fit` or `wrap` had to cut (text, width): a message that explains a decision or
# its outcome must never be cut, so a test renders them all and holds this to empty. A label
# that may lose its end (a date, a name in a narrow column) says so with `fit(cut_ok=True)`.
cuts: list[tuple[str, int]] = []


def wrap(text: str, width: int = LINE_CHARS) -> list[str]:
    """Split text into lines of at most `width` characters, at spaces when possible."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            if len(word) > width:  # a word longer than a line is cut
                cuts.append((text, width))
            while len(word) > width:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line += " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def verb(name: str, word: str) -> str:
    """'Ana sells' but 'You sell'."""
    return f"You {word}" if name == "You" else f"{name} {word}s"


def fit(text: str, width: int = LINE_CHARS, cut_ok: bool = False) -> str:
    """`text` on one line of `width` characters: whole words only, ".." where words were left
    off (a word is never cut; the log keeps the full line). A cut is noted in `cuts` unless
    `cut_ok`: an explanation that does not fit must be wrapped or worded shorter instead."""
    if len(text) <= width:
        return text
    if not cut_ok:
        cuts.append((text, width))
    words = text.split(" ")
    line = words[0]
    for word in words[1:]:
        if len(line) + 1 + len(word) + 2 > width:
            break
        line += " " + word
    return line[: width - 2].rstrip(" ,:") + ".."


def brief(e: ev.Event) -> str | None:
    """The one-line message (at most 32 characters) an event shows, or None for none. The
    rules' str() is the log's full sentence; here each kind has its own short form, with
    chain letters where names would not fit."""
    if isinstance(e, ev.TilesDrawn):
        return None
    if isinstance(e, ev.MergerStarted):
        text = f"{chain_name(e.survivor)} takes over {'+'.join(e.defunct)}"
    elif isinstance(e, ev.BonusPaid):
        text = f"{verb(e.name, 'get')} {money(e.amount)} {KIND_SHORT[e.kind]} ({e.chain})"
    elif isinstance(e, ev.MarketBonus):
        text = f"Market takes {money(e.amount)} {KIND_SHORT[e.kind]} ({e.chain})"
    elif isinstance(e, ev.SharesSold):
        text = f"{verb(e.name, 'sell')} {e.count} {e.chain} for {money(e.amount)}"
    elif isinstance(e, ev.SharesTraded):
        text = f"{verb(e.name, 'trade')} {e.given} {e.chain} for {e.received} {e.survivor}"
    elif isinstance(e, ev.SharesKept):
        text = f"{verb(e.name, 'keep')} {e.count} {e.chain}"
    elif isinstance(e, ev.ChainDefunct):
        text = f"{chain_name(e.chain)} joins {chain_name(e.survivor)} ({e.size})"
        if len(text) > LINE_CHARS:
            text = f"{chain_name(e.chain)} joins {e.survivor} ({e.size})"
    elif isinstance(e, ev.DeadTilesReplaced):
        text = f"{verb(e.name, 'swap')} dead {' '.join(e.tiles)}"
    elif isinstance(e, ev.Stalemate):
        text = "Stalemate: the game ends"
    elif isinstance(e, ev.GameOver):
        text = "Game over"
    else:
        text = str(e)
    return fit(text)
