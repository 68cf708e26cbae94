"""What a decision depends on, in the numbers the rules core pays (issue 10): previews of
a hand tile, the buy screen's standing, the recap of the other players' turns and the
holdings sheet. Pure Python, no pyxel.

Every amount comes from the rules core: the move is applied to a `Game.copy()` and the
amounts are read from the events it returns (or from public readers such as
`bonus_payouts` and `net_worth`); no rule is worked out here a second time. With two
players the stock market's draw is random, so a bonus it takes part in is shown as the
range the rules core pays over every holding the market may draw (one amount when the
draw cannot change it), never as a guess. With hidden holdings nothing here tells one
player's share counts (or what follows from them, like who gets a bonus) to another.
Each call plays moves on copies (a few milliseconds at most): compute once per
decision screen, not every frame.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from acquire8.app.text import KIND_SHORT, LINE_CHARS, fit, money
from acquire8.rules import (
    CHAINS,
    Action,
    BuyShares,
    ChooseSurvivor,
    DeclareEnd,
    Dispose,
    Game,
    Phase,
    PlaceTile,
)
from acquire8.rules import events as ev
from acquire8.rules.tables import SAFE_SIZE, TILE_NAMES

RECAP_CHARS = LINE_CHARS - 1  # the recap's lines, inside its panel's frame

__all__ = [
    "Holdings",
    "Lead",
    "Payout",
    "buy_standing",
    "end_standing",
    "holdings",
    "is_hidden",
    "merger_payouts",
    "payouts",
    "play_out",
    "preview",
    "recap",
    "settle",
    "tile_preview",
    "tiles_since",
]


def is_hidden(game: Game, hidden: bool | None = None) -> bool:
    """Whether other players' share counts are hidden: `hidden` when given, else the game's option."""
    return game.options.holdings == "hidden" if hidden is None else hidden


# ------------------------------------------------------------------ playing out on a copy


def settle(g: Game) -> list[ev.Event]:
    """Finish the merger under way on `g` (a scratch copy) with choices that change no
    bonus: the first defunct chain allowed, every holder keeping their shares. A chain's
    bonuses depend only on its own holders, which no other chain's disposal changes."""
    out: list[ev.Event] = []
    while g.phase in (Phase.DEFUNCT, Phase.DISPOSE):
        out += g.apply(g.legal_actions()[0] if g.phase == Phase.DEFUNCT else Dispose(0, 0))
    return out


@dataclass(frozen=True)
class Payout:
    """One defunct chain's bonus for one seat, as the rules core paid it on a copy. With
    two players and a market to draw, `low`-`high` is the range over every holding the
    market may draw (`certain` when that range is one amount)."""

    chain: str
    price: int  # the defunct chain's share price: bonuses and sales are at it
    amount: int  # the bonus paid to the seat (0 for none); the least when not certain
    kind: str  # "majority", "minority", "both", "shared", or "" for none
    certain: bool = True
    high: int = 0  # the most the seat may get, when not certain

    def words(self, short: bool = False) -> str:
        """ "+$4,000 maj" / "no bonus for you" / "$0-$4,500 by draw"; `short` for several on a line."""
        if not self.certain:
            spread = f"{money(self.amount)}-{money(self.high)}"
            return spread if short else f"{spread} by draw"
        if not self.amount:
            return "none" if short else "no bonus for you"
        paid = f"{money(self.amount)} {KIND_SHORT[self.kind]}"
        return paid if short else f"+{paid}"


def payouts(
    before: Game, events: Iterable[ev.Event], seat: int, chains: Sequence[str] | None = None
) -> list[Payout]:
    """The bonus `seat` got for each defunct chain in `events` (applied to a copy of
    `before`): `chains`, or those the merger started in `events` made defunct. A bonus
    the two-player market drew for is marked not certain (unless the seat holds none)."""
    events = list(events)
    if chains is None:
        chains = [c for e in events if isinstance(e, ev.MergerStarted) for c in e.defunct]
    out = []
    for chain in chains:
        paid = [b for b in events if isinstance(b, ev.BonusPaid) and b.chain == chain and b.seat == seat]
        drawn = any(isinstance(m, ev.MarketHolds) and m.chain == chain and m.count for m in events)
        amount = sum(b.amount for b in paid)
        certain = not drawn or not before.shares(seat, chain)
        out.append(Payout(chain, before.price(chain), amount, paid[0].kind if paid else "", certain, amount))
    return out


def play_out(
    game: Game, actions: Sequence[Action], chains: Sequence[str] | None = None
) -> tuple[list[ev.Event], list[Payout]]:
    """`actions` applied on a copy for the seat deciding and the merger finished (`settle`):
    the events and that seat's bonus for each defunct chain (see `payouts`). With two
    players the market's draw is random: each uncertain bonus becomes the range of what
    the rules core pays over every holding the market may draw."""
    seat = game.current
    g = game.copy()
    out: list[ev.Event] = []
    for act in actions:
        out += g.apply(act)
    out += settle(g)
    pays = payouts(game, out, seat, chains)
    if all(p.certain for p in pays):
        return out, pays
    runs = [payouts(game, events, seat, chains) for events in _market_runs(game, actions)]
    spread = []
    for i, p in enumerate(pays):
        if p.certain:
            spread.append(p)
            continue
        amounts = [run[i].amount for run in runs]
        low, high = min(amounts), max(amounts)
        kinds = {run[i].kind for run in runs}
        kind = kinds.pop() if len(kinds) == 1 else ""
        spread.append(Payout(p.chain, p.price, low, kind if low == high else "", low == high, high))
    return out, spread


def _market_runs(game: Game, actions: Sequence[Action]) -> list[list[ev.Event]]:
    """The events of `actions` (and the rest of the merger) once for every holding the
    two-player market may draw (see `_market_games`)."""
    runs = []
    for g in _market_games(game):
        out: list[ev.Event] = []
        for act in actions:
            out += g.apply(act)
        runs.append(out + settle(g))
    return runs


def _market_games(game: Game) -> list[Game]:
    """The game once for every holding the two-player market may draw: a column of a tile
    the seat deciding cannot see. Each is a position (the public format) whose pool holds
    only tiles of that column, so every draw is that holding; the other hands, unused until
    the turn ends, are left out."""
    seat = game.current
    data = json.loads(game.to_json())
    unseen = list(data["pool"])
    for i, p in enumerate(data["players"]):
        if i != seat:
            unseen += p["hand"]
            p["hand"] = []
    data.pop("rng", None)
    data.pop("hand_sizes", None)
    data["seed"] = 0
    games = []
    for column in sorted({t[:-1] for t in unseen}, key=int):
        data["pool"] = [t for t in unseen if t[:-1] == column]
        games.append(Game.from_json(json.dumps(data)))
    return games


def merger_payouts(
    game: Game, tile: str, survivor: str | None = None
) -> tuple[str, int, list[Payout]] | None:
    """Placing `tile` (a merger) for the seat deciding, played out on a copy: the survivor,
    its size after the merger and the bonus paid to that seat for each defunct chain.
    On a survivor tie `survivor` picks it; None then returns None (the player chooses)."""
    _check_place(game, tile)
    if game.tile_effect(tile) != "merge":
        raise ValueError(f"{tile} does not merge chains: {game.tile_effect(tile)}")
    tied = game.copy()
    tied.apply(PlaceTile(tile))
    if tied.phase == Phase.SURVIVOR and survivor is None:
        return None
    actions: list[Action] = [PlaceTile(tile)]
    if tied.phase == Phase.SURVIVOR and survivor is not None:  # None returned above
        actions.append(ChooseSurvivor(survivor))
    out, pays = play_out(game, actions)
    started = next(e for e in out if isinstance(e, ev.MergerStarted))
    size = [e for e in out if isinstance(e, ev.ChainDefunct)][-1].size
    return started.survivor, size, pays


def _check_place(game: Game, tile: str) -> None:
    if tile not in TILE_NAMES:
        raise ValueError(f"{tile!r} is not a tile (1A..12I)")
    if game.phase != Phase.PLACE:
        raise ValueError(f"a tile is previewed in the place phase, not in {game.phase}")
    if tile not in game.hand(game.current):
        raise ValueError(f"{tile} is not in the hand of the seat deciding")


# ------------------------------------------------------------------------- tile preview


def tile_preview(game: Game, tile: str, hidden: bool | None = None) -> list[str]:
    """What placing `tile` (in the hand of the seat deciding, phase "place") would do, in
    one or two lines of at most 32 characters (a merger of four chains may take three)."""
    _check_place(game, tile)
    seat = game.current
    effect = game.tile_effect(tile)
    chains = game.merge_chains(tile)
    if effect == "lone":
        return ["LONE: touches no tile yet"]
    if effect == "dead":
        safe = [c for c in chains if game.is_safe(c)]
        return [fit(f"DEAD: would merge safe {'+'.join(safe)}"), "it is swapped at your turn's end"]
    if effect == "no 8th chain":
        return ["NO 8TH CHAIN: all 7 are on board", "playable once a merger frees one"]
    if effect == "grow":
        return _grow_preview(game, tile, chains[0], seat)
    if effect == "found":
        return _found_preview(game, tile)
    return _merge_preview(game, tile, chains, seat, is_hidden(game, hidden))


def _grow_preview(game: Game, tile: str, chain: str, seat: int) -> list[str]:
    g = game.copy()
    grew = next(e for e in g.apply(PlaceTile(tile)) if isinstance(e, ev.ChainGrew))
    lines = [fit(f"GROW {chain} to {grew.size}: {money(g.price(chain))}/share")]
    notes = []
    if g.is_safe(chain) and not game.is_safe(chain):
        notes.append(f"{chain} safe at {SAFE_SIZE}+")
    gain = g.net_worth(seat) - game.net_worth(seat)
    if gain:
        notes.append(f"your {game.shares(seat, chain)} {chain} +{money(gain)}")
    if g.can_end() and not game.can_end():
        notes.append("the end may be declared")
    if notes:
        lines.append(fit("; ".join(notes)))
    return lines


def _found_preview(game: Game, tile: str) -> list[str]:
    g = game.copy()
    g.apply(PlaceTile(tile))
    founded = []  # (chain, size, free share, price) for every chain that may be founded
    for act in g.legal_actions():
        h = g.copy()
        e = next(x for x in h.apply(act) if isinstance(x, ev.ChainFounded))
        founded.append((e.chain, e.size, e.free_share, h.price(e.chain)))
    size = founded[0][1]
    low, high = min(f[3] for f in founded), max(f[3] for f in founded)
    prices = money(low) if low == high else f"{money(low)}-{money(high)}"
    none_left = [f[0] for f in founded if not f[2]]
    if not none_left:
        free = "you get a free share"
    elif len(none_left) == len(founded):
        free = "no free share left in the bank"
    else:
        free = f"free share, but none left of {''.join(none_left)}"
    return [fit(f"FOUND a chain of {size}: {prices}"), fit(free)]


def _merge_preview(game: Game, tile: str, chains: list[str], seat: int, hidden: bool) -> list[str]:
    outcome = merger_payouts(game, tile)
    if outcome is None:  # a tie of the largest chains: the merging player picks
        choices = _survivor_choices(game, tile)
        head = fit(f"MERGE {'+'.join(chains)}: you choose survivor")
        if hidden:
            return [head, fit(f"{'/'.join(choices)} tie at {game.chain_size(choices[0])} tiles")]
        parts = []
        for c in choices:
            result = merger_payouts(game, tile, c)
            assert result is not None
            pays = result[2]
            total = sum(p.amount for p in pays)
            if not all(p.certain for p in pays):
                low, high = sum(p.amount for p in pays), sum(p.high for p in pays)
                parts.append(f"if {c} {money(low)}-{money(high)}")
            else:
                parts.append(f"if {c} +{money(total)}" if total else f"if {c} none")
        return [head, *_pack(parts, ", ")]
    survivor, size, pays = outcome
    head = fit(f"MERGE: {survivor} survives, grows to {size}")
    if hidden:  # your own count only: who gets a bonus would tell the others' counts
        parts = [f"{p.chain} {money(p.price)}, you hold {game.shares(seat, p.chain)}" for p in pays]
    elif len(pays) == 1:
        p = pays[0]
        line = f"{p.chain} {money(p.price)}/share: {p.words()}"
        parts = [line if len(line) <= LINE_CHARS else f"{p.chain} {money(p.price)}: {p.words()}"]
    else:
        parts = [f"{p.chain} {money(p.price)}: {p.words(short=True)}" for p in pays]
    return [head, *_pack(parts)]


def _survivor_choices(game: Game, tile: str) -> list[str]:
    g = game.copy()
    g.apply(PlaceTile(tile))
    state = g.merger_state()
    assert state is not None
    return state["survivor_choices"]


def _pack(parts: Sequence[str], sep: str = "; ", indent: str = "", width: int = LINE_CHARS) -> list[str]:
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


# ------------------------------------------------------------------------- buy standing


def buy_standing(game: Game, chain: str, cart: Sequence[str] = (), hidden: bool | None = None) -> str:
    """How buying `cart` (the chains added so far) plus one more `chain` leaves the buyer's
    standing in `chain`, in one line: "you'd lead I: 5 vs Ana 4", "tie for lead in I: 3-3",
    "2nd in I: 2 vs Ana 5". With hidden holdings only the buyer's and the bank's counts."""
    if game.phase != Phase.BUY:
        raise ValueError(f"shares are bought in the buy phase, not in {game.phase}")
    bundle = BuyShares((*cart, chain))
    if bundle not in game.legal_actions():
        raise ValueError(f"cannot buy {'+'.join(bundle.chains) or 'nothing'} now")
    seat = game.current
    after = game.copy()
    out = after.apply(bundle)
    mine = game.shares(seat, chain) + bundle.chains.count(chain)
    if is_hidden(game, hidden):
        bank = game.bank_shares(chain) - bundle.chains.count(chain)
        return fit(f"you'd hold {mine} {chain}; bank keeps {bank}")
    others = [s for s in range(game.players) if s != seat]
    top = max(game.shares(s, chain) for s in others)
    if not top:
        return fit(f"you'd be sole holder of {chain}: {mine}")
    leaders = [game.names[s] for s in others if game.shares(s, chain) == top]
    versus = f"{leaders[0]} {top}" if len(leaders) == 1 else f"{'+'.join(leaders)} {top}"
    if mine > top:
        return fit(f"you'd lead {chain}: {mine} vs {versus}")
    if mine == top:
        return fit(
            f"tie for lead in {chain}: {mine}-{top}" + (f" w/ {leaders[0]}" if len(leaders) == 1 else "")
        )
    if _bonus_after(after, out, seat, chain) == 0:
        return fit(f"no bonus in {chain}: {mine} vs {versus}")
    tied = any(game.shares(s, chain) == mine for s in others)
    return fit(f"{'tie for 2nd' if tied else '2nd'} in {chain}: {mine} vs {versus}")


def _bonus_after(after: Game, events: list[ev.Event], seat: int, chain: str) -> int:
    """The bonus of `chain` for `seat` once the purchase is made: the rules core's payout
    now, or, when the purchase ended the game, what the final scoring paid (with two
    players the market's draw is left out, as in `bonus_payouts`)."""
    if not after.is_over:
        return after.bonus_payouts(chain)[seat]
    if after.players == 2:
        return 1  # the market's draw decides; standing is only told against the other player
    return sum(
        e.amount for e in events if isinstance(e, ev.BonusPaid) and e.chain == chain and e.seat == seat
    )


# -------------------------------------------------------------------------------- recap


def _turn_seat(turn: list[ev.Event]) -> int | None:
    for e in turn:
        if isinstance(e, ev.TurnStarted | ev.TilePlaced | ev.SharesBought | ev.NoPlayableTile):
            return e.seat
    return None


def _turns_since(events: Iterable[ev.Event], viewer: int) -> list[list[ev.Event]]:
    """The other players' turns after the viewer's last one, each as its list of events.
    The viewer's turn under way at the end of `events` (if any) is left out."""
    turns: list[list[ev.Event]] = [[]]
    for e in events:
        if isinstance(e, ev.TurnStarted):
            turns.append([])
        turns[-1].append(e)
    turns = [t for t in turns if t]
    while turns and _turn_seat(turns[-1]) == viewer:
        turns.pop()
    out: list[list[ev.Event]] = []
    for turn in reversed(turns):
        if _turn_seat(turn) == viewer:
            break
        out.append(turn)
    return out[::-1]


def _bought(chains: tuple[str, ...]) -> str:
    if not chains:
        return "no buy"
    return "buys " + " ".join(f"{chains.count(c)} {c}" for c in dict.fromkeys(chains))


def recap(events: Iterable[ev.Event], viewer: int, names: Sequence[str]) -> list[str]:
    """What the other players did since `viewer`'s last turn: a line per turn ("Ana 7C:
    grows I to 5, buys 3 I") and per defunct chain who got which bonus; lines of at most
    RECAP_CHARS (the recap panel's width), broken between whole words."""
    lines: list[str] = []
    for turn in _turns_since(events, viewer):
        seat = _turn_seat(turn)
        tile = ""
        parts: list[str] = []
        bonuses: dict[str, list[tuple[int, str, str]]] = {}  # defunct chain -> (amount, who, kind)
        bought = False
        for e in turn:
            if isinstance(e, ev.TilePlaced):
                tile = e.tile
                if e.kind == "lone":
                    parts.append("no chain")
            elif isinstance(e, ev.ChainFounded):
                parts.append(f"founds {e.chain}")
            elif isinstance(e, ev.ChainGrew):
                parts.append(f"grows {e.chain} to {e.size}")
            elif isinstance(e, ev.MergerStarted):
                parts.append(f"merges {'+'.join(e.defunct)} into {e.survivor}")
            elif isinstance(e, ev.HandReplaced):
                parts.append("new hand")
            elif isinstance(e, ev.NoPlayableTile):
                parts.append("no tile to play")
            elif isinstance(e, ev.EndDeclared):
                parts.append("declares the end")
            elif isinstance(e, ev.SharesBought):
                parts.append(_bought(e.chains))
                bought = True
            elif isinstance(e, ev.BonusPaid | ev.MarketBonus) and not bought:  # not the final scoring
                who = "Market" if isinstance(e, ev.MarketBonus) else names[e.seat]
                bonuses.setdefault(e.chain, []).append((e.amount, who, e.kind))
        if seat is None or not (tile or parts):  # a turn only just started tells nothing yet
            continue
        head = f"{names[seat]} {tile}:" if tile else f"{names[seat]}:"
        first = f"{head} {parts[0]}" if parts else head
        lines += _pack([first, *parts[1:]], ", ", "  ", RECAP_CHARS)
        for chain, paid in bonuses.items():
            paid.sort(key=lambda x: -x[0])  # the majority first
            said = [f"{who} {money(n)} {KIND_SHORT[kind]}" for n, who, kind in paid]
            lines += _pack([f"{chain} bonus: {said[0]}", *said[1:]], ", ", "  ", RECAP_CHARS)
    return lines


def tiles_since(events: Iterable[ev.Event], viewer: int) -> list[str]:
    """The tiles the other players placed since `viewer`'s last turn, oldest first."""
    return [e.tile for turn in _turns_since(events, viewer) for e in turn if isinstance(e, ev.TilePlaced)]


# ----------------------------------------------------------------------- holdings sheet


@dataclass(frozen=True)
class Lead:
    """Who would be paid a chain's bonuses now (RULES §7.1), read from `bonus_payouts`
    (with two players the market's draw is left out)."""

    majority: tuple[int, ...]  # several seats: a tie, sharing both bonuses
    minority: tuple[int, ...]  # empty when one holder takes both or the lead is tied
    pay: tuple[int, ...]  # each seat's bonus now


@dataclass(frozen=True)
class Holdings:
    """The holdings sheet: every player's and the bank's shares in each chain of CHAINS,
    cash and net worth, and who leads each chain on the board. None marks what hidden
    holdings keep from the viewer (another player's counts, worth and lead)."""

    names: tuple[str, ...]
    viewer: int | None
    hidden: bool
    sizes: tuple[int, ...]  # per chain of CHAINS; 0 off the board
    prices: tuple[int, ...]  # per chain; 0 off the board
    safe: tuple[bool, ...]
    bank: tuple[int, ...]  # the bank's shares per chain
    shares: tuple[tuple[int | None, ...], ...]  # shares[seat][chain]
    cash: tuple[int, ...]  # cash is open in either setting, as on the play screen
    worth: tuple[int | None, ...]  # net worth: cash + shares at current prices
    leads: tuple[Lead | None, ...]  # per chain; None off the board or when hidden

    def held(self, seat: int, chain: str) -> int | None:
        return self.shares[seat][CHAINS.index(chain)]

    def lead(self, chain: str) -> Lead | None:
        return self.leads[CHAINS.index(chain)]


def holdings(game: Game, viewer: int | None, hidden: bool | None = None) -> Holdings:
    """The holdings sheet for `viewer` (None: nobody's own counts, as between pass-and-play
    turns). With hidden holdings only the viewer's and the bank's counts are given."""
    hide = is_hidden(game, hidden)
    if viewer is not None and not 0 <= viewer < game.players:
        raise ValueError(f"viewer must be a seat 0-{game.players - 1} or None, not {viewer}")

    def shown(seat: int) -> bool:
        return not hide or seat == viewer

    leads: list[Lead | None] = []
    for chain in CHAINS:
        if hide or not game.chain_size(chain):
            leads.append(None)
            continue
        pay = game.bonus_payouts(chain)
        top = max(pay)
        majority = tuple(s for s, p in enumerate(pay) if p and p == top)
        minority = tuple(s for s, p in enumerate(pay) if 0 < p < top)
        leads.append(Lead(majority, minority, tuple(pay)))
    return Holdings(
        names=tuple(game.names),
        viewer=viewer,
        hidden=hide,
        sizes=tuple(game.chain_size(c) for c in CHAINS),
        prices=tuple(game.price(c) for c in CHAINS),
        safe=tuple(game.is_safe(c) for c in CHAINS),
        bank=tuple(game.bank_shares(c) for c in CHAINS),
        shares=tuple(
            tuple(game.shares(s, c) if shown(s) else None for c in CHAINS) for s in range(game.players)
        ),
        cash=tuple(game.cash(s) for s in range(game.players)),
        worth=tuple(game.net_worth(s) if shown(s) else None for s in range(game.players)),
        leads=tuple(leads),
    )


def preview(game: Game, tile: str) -> str:
    """What a hand tile would do: LONE, FOUND, GROW L, MERGE T+L, DEAD, NO 8TH CHAIN."""
    effect = game.tile_effect(tile)
    if effect == "grow":
        return f"GROW {game.merge_chains(tile)[0]}"
    if effect == "merge":
        return "MERGE " + "+".join(game.merge_chains(tile))
    return effect.upper()


# ----------------------------------------------------------------------- ending now

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def end_standing(game: Game, purchase: tuple[str, ...] = ()) -> str:
    """Where ending the game now would leave the seat deciding (phase "buy"): the end is
    declared and `purchase` bought on a copy, and the final scores read, e.g. "You'd
    be 2nd, $4,200 behind Ana". With two players the market's draws are random and
    with hidden holdings the others' scores would tell their counts: then only what is
    certain, the seat's own cash and shares at today's prices."""
    seat = game.current
    g = game.copy()
    if game.phase != Phase.BUY:
        raise ValueError(f"the end is declared in the buy phase, not in {game.phase}")
    if DeclareEnd() in game.legal_actions():
        g.apply(DeclareEnd())
    if BuyShares(purchase) not in g.legal_actions():
        raise ValueError(f"cannot buy {'+'.join(purchase) or 'nothing'} now")
    out = g.apply(BuyShares(purchase))
    if not g.is_over:
        raise ValueError("the end cannot be declared now")
    if is_hidden(game):  # the others' scores would tell their counts
        return f"You'd have {money(game.net_worth(seat))} + bonuses"
    if any(isinstance(e, ev.MarketHolds) and e.count for e in out):
        return _end_by_draw(game, purchase)
    scores = g.scores()
    mine = scores[seat]
    rank = sum(1 for s in scores if s > mine)
    best_other = max((s for s in range(g.players) if s != seat), key=lambda s: scores[s])
    tied = [g.names[s] for s in range(g.players) if s != seat and scores[s] == mine]
    if rank == 0 and tied:
        return _shortest(f"You'd tie for 1st with {' & '.join(tied)}", f"Tie for 1st: you+{'+'.join(tied)}")
    if rank == 0:
        return f"You'd win by {money(mine - scores[best_other])} over {g.names[best_other]}"
    behind = f"{money(scores[best_other] - mine)} behind {g.names[best_other]}"
    return _shortest(f"You'd be {ORDINALS[rank]}, {behind}", f"{ORDINALS[rank]} place, {behind}")


def _shortest(text: str, short: str) -> str:
    """`text` if it fits the end panel's line (31 characters), else its shorter form."""
    return text if len(text) < LINE_CHARS else short


def _end_by_draw(game: Game, purchase: tuple[str, ...]) -> str:
    """Two players: whether ending now wins over every holding the market may draw, loses
    over every one, or depends on the draw; the margins as the rules core scores them. The
    market draws for each chain on its own, and a chain's bonuses depend only on its draw:
    the margin's range adds up each chain's least and most."""
    seat = game.current
    other = 1 - seat
    runs = []  # per holding drawn: the margin, and each chain's bonus difference in it
    for g in _market_games(game):
        out = g.apply(DeclareEnd()) if DeclareEnd() in g.legal_actions() else []
        out += g.apply(BuyShares(purchase))
        scores = g.scores()
        diff: dict[str, int] = {}
        for e in out:
            if isinstance(e, ev.BonusPaid) and e.seat in (seat, other):
                diff[e.chain] = diff.get(e.chain, 0) + (e.amount if e.seat == seat else -e.amount)
        runs.append((scores[seat] - scores[other], diff))
    chains = {c for _, diff in runs for c in diff}
    base = runs[0][0] - sum(runs[0][1].values())
    low = base + sum(min(diff.get(c, 0) for _, diff in runs) for c in chains)
    high = base + sum(max(diff.get(c, 0) for _, diff in runs) for c in chains)
    if low > 0:
        return f"You'd win by {_spread(low, high)}"
    if high < 0:
        return f"You'd lose by {_spread(-high, -low)}"
    if low == high == 0:
        return "You'd tie for 1st"
    if low == 0 or high == 0:
        return f"You'd {'win' if high else 'lose'} or tie, by the draw"
    return "Win or lose: the market decides"


def _spread(low: int, high: int) -> str:
    return money(low) if low == high else f"{money(low)}-{money(high)}"
