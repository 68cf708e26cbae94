"""What a move would pay, played out on a copy: the numbers the previews, the buy standing,
the end standing and the hint word (no words here). Every amount is read from the events the
rules core returns on a `Game.copy()` or from its public readers; no rule is worked out
twice. With two players the stock market's draw is random: a bonus it takes part in is the
range the rules core pays over every holding the market may draw (`Game.market_draws`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from acquire8.rules import Action, BuyShares, ChooseSurvivor, DeclareEnd, Dispose, Game, Phase, PlaceTile
from acquire8.rules import events as ev
from acquire8.rules.tables import TILE_NAMES


def is_hidden(game: Game, hidden: bool | None = None) -> bool:
    """Whether other players' share counts are hidden: `hidden` when given, else the game's option."""
    return game.options.holdings == "hidden" if hidden is None else hidden


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
    two-player market may draw."""
    runs = []
    for _, g in game.market_draws():
        out: list[ev.Event] = []
        for act in actions:
            out += g.apply(act)
        runs.append(out + settle(g))
    return runs


def check_place(game: Game, tile: str) -> None:
    """ValueError unless `tile` is in the hand of the seat deciding, in phase "place"."""
    if tile not in TILE_NAMES:
        raise ValueError(f"{tile!r} is not a tile (1A..12I)")
    if game.phase != Phase.PLACE:
        raise ValueError(f"a tile is previewed in the place phase, not in {game.phase}")
    if tile not in game.hand(game.current):
        raise ValueError(f"{tile} is not in the hand of the seat deciding")


def merger_payouts(
    game: Game, tile: str, survivor: str | None = None
) -> tuple[str, int, list[Payout]] | None:
    """Placing `tile` (a merger) for the seat deciding, played out on a copy: the survivor,
    its size after the merger and the bonus paid to that seat for each defunct chain.
    On a survivor tie `survivor` picks it; None then returns None (the player chooses)."""
    check_place(game, tile)
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


def survivor_choices(game: Game, tile: str) -> list[str]:
    """The chains tied for largest that placing `tile` (a merger) lets the player choose from."""
    g = game.copy()
    g.apply(PlaceTile(tile))
    state = g.merger_state()
    assert state is not None
    return state["survivor_choices"]


@dataclass(frozen=True)
class Growth:
    """What placing a tile that grows a chain does, as the rules core plays it on a copy."""

    chain: str
    size: int  # the chain's size after
    price: int  # its share price after
    made_safe: bool  # the chain becomes safe with it
    gain: int  # the seat's net worth after less before
    ends: bool  # the end may be declared after it and not before


def growth(game: Game, tile: str) -> Growth:
    """Placing `tile` (it grows a chain) for the seat deciding, on a copy."""
    seat = game.current
    g = game.copy()
    grew = next(e for e in g.apply(PlaceTile(tile)) if isinstance(e, ev.ChainGrew))
    chain = grew.chain
    return Growth(
        chain,
        grew.size,
        g.price(chain),
        g.is_safe(chain) and not game.is_safe(chain),
        g.net_worth(seat) - game.net_worth(seat),
        g.can_end() and not game.can_end(),
    )


@dataclass(frozen=True)
class Founding:
    """A chain that placing a tile may found: its size, whether a free share is left, its price."""

    chain: str
    size: int
    free_share: bool
    price: int


def foundings(game: Game, tile: str) -> list[Founding]:
    """Every chain placing `tile` (a founding) may found, as the rules core founds it on a copy."""
    g = game.copy()
    g.apply(PlaceTile(tile))
    out = []
    for act in g.legal_actions():
        h = g.copy()
        e = next(x for x in h.apply(act) if isinstance(x, ev.ChainFounded))
        out.append(Founding(e.chain, e.size, e.free_share, h.price(e.chain)))
    return out


def bonus_after_buying(game: Game, bundle: BuyShares, chain: str) -> int:
    """The bonus of `chain` for the buyer once `bundle` (legal now) is bought: the rules
    core's payout then, or, when the purchase ends the game, what the final scoring paid
    (with two players the market's draw is left out, as in `bonus_payouts`: 1 stands for
    "the draw decides")."""
    seat = game.current
    after = game.copy()
    events = after.apply(bundle)
    if not after.is_over:
        return after.bonus_payouts(chain)[seat]
    if after.players == 2:
        return 1  # the market's draw decides; standing is only told against the other player
    return sum(
        e.amount for e in events if isinstance(e, ev.BonusPaid) and e.chain == chain and e.seat == seat
    )


def declared_end(game: Game, purchase: tuple[str, ...] = ()) -> tuple[Game, list[ev.Event]]:
    """The end declared (if it is not yet) and `purchase` bought on a copy, in the buy phase
    of the seat deciding: the game over and the events. ValueError when it cannot be."""
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
    return g, out


def end_margins(game: Game, purchase: tuple[str, ...]) -> tuple[int, int]:
    """Two players: the least and the most the seat deciding would be ahead of the other
    (negative: behind) once the end is declared and `purchase` bought, over every holding
    the market may draw, as the rules core scores them. The market draws for each chain on
    its own, and a chain's bonuses depend only on its draw: the range adds up each chain's
    least and most."""
    seat = game.current
    other = 1 - seat
    runs = []  # per holding drawn: the margin, and each chain's bonus difference in it
    for _, g in game.market_draws():
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
    return low, high
