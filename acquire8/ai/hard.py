"""The hard player: a one-turn strategist over the evaluation of `evaluate.py`.

For a tile it plays the tile out on a copy of its view, tries every chain it could
found (one per tier when nobody holds shares of them), resolves a merger with the
same choices it would make, and values the best purchase that follows. Purchases
are valued from per-chain deltas, so all bundles of up to three shares are compared
in well under a millisecond. Disposal weighs selling, trading and keeping by what
each leaves it worth against the best opponent; it declares the end only when the
final scoring would make it the winner. In a team game "it" is its team: its partners' worth
counts as its own (their bonuses too), the best opponent is the best other team.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from operator import add, itemgetter, sub
from typing import cast

from acquire8.ai.base import PACER, SeededBot, Work, finish, team_worth
from acquire8.ai.evaluate import DEFAULT, Evaluator, Outlook, Params
from acquire8.rules import (
    CHAIN_COUNT,
    CHAINS,
    MAX_BUY,
    PRICES,
    SAFE_SIZE,
    TIER_OF,
    Action,
    BuyShares,
    DeclareEnd,
    Dispose,
    FoundChain,
    Game,
    Phase,
    PlaceTile,
)

# the best purchase's value and chains, then (a noisy player's) those of every purchase compared
Purchases = tuple[float, tuple[str, ...], tuple[tuple[float, tuple[str, ...]], ...]]
MAX_CHAINS_MIXED = 4  # chains considered together in one purchase
# a chain's purchase rows: (my side's worth change, the rival sides', cost) of buying 1, 2, 3
Rows = tuple[tuple[float, tuple[float, ...], int], ...]


@dataclass(frozen=True)
class Habits:
    """How another player's tiles and purchases lean beyond hard's values: each option is drawn
    with weight exp(value / temperature + its leanings), the leanings in logits. A model of the
    other seats for the expert's playouts, fitted to the yardstick's moves (tools/fit_model.py:
    a conditional logit over hard's options)."""

    tile_temperature: float  # dollars of hard's value that make a tile e times likelier
    found: float  # a tile that founds a chain
    merge: float  # ... that merges chains
    grow: float  # ... that grows one (a lone tile: 0)
    purchase_temperature: float
    share: float  # each share bought
    chain: float  # each chain bought into
    safe: float  # each share of a safe chain
    contested: float  # each share of a chain where it holds some but is not first alone

    def __post_init__(self) -> None:
        if self.tile_temperature <= 0 or self.purchase_temperature <= 0:
            raise ValueError("a habit's temperatures are above 0")

    def tile(self, view: Game, act: PlaceTile) -> float:
        """The leaning, in logits, towards placing `act` in `view`."""
        effect = view.tile_effect(act.tile)
        return {"found": self.found, "merge": self.merge, "grow": self.grow}.get(effect, 0.0)

    def purchase(
        self, sizes: tuple[int, ...], stock: tuple[tuple[int, ...], ...], me: int, chains: tuple[str, ...]
    ) -> float:
        """The leaning, in logits, towards seat `me` buying `chains`, given the chains' sizes and
        the share table (`Game.chain_sizes`, `Game.share_table`: read once for every option)."""
        lean = self.share * len(chains) + self.chain * len(set(chains))
        for ch in chains:
            c = CHAINS.index(ch)
            lean += self.safe * (sizes[c] >= SAFE_SIZE)
            mine = stock[me][c]
            if mine and mine <= max(stock[s][c] for s in range(len(stock)) if s != me):
                lean += self.contested
        return lean


# The yardstick's Manager players (2,000 iterations a decision) as hard sees them: fitted to their
# 2,224 placements and 1,557 purchases with a choice in 40 arena games against the
# expert, deals 84005-84009 and 84105-84109 (tools/fit_model.py; docs/AI.md). They found chains
# far more readily than hard's values say, and buy more shares, of fewer chains, contested ones
# more (the safe chains' leaning is within the noise).
YARDSTICK_HABITS = Habits(
    tile_temperature=4622.0,
    found=3.10,
    merge=-0.45,
    grow=-0.03,
    purchase_temperature=1270.0,
    share=0.99,
    chain=-0.67,
    safe=0.41,
    contested=0.22,
)
MEMO_KEPT = 2000  # purchases remembered before starting afresh
ROWS_KEPT = 2000  # chains' purchase rows remembered before starting afresh (about 1 KB each)
BUNDLES_A_UNIT = 12  # purchases compared in one unit of sliced thinking


class HardBot(SeededBot):
    """Evaluates each candidate (tile, chain to found, purchase, disposal) by its effect
    on liquidation value and expected bonuses relative to the best opponent (team). With a
    `temperature` above 0 it draws its tile and purchase by exp(value / temperature); with
    `habits`, by their temperatures and leanings."""

    def __init__(
        self,
        seed: int | None = None,
        params: Params = DEFAULT,
        team_play: bool = True,
        temperature: float = 0.0,
        habits: Habits | None = None,
    ):
        super().__init__(seed, team_play)
        self.ev = Evaluator(params, team_play)
        if temperature < 0:
            raise ValueError(f"temperature is at least 0, not {temperature}")
        if temperature and habits is not None:
            raise ValueError("a temperature or habits, not both")
        # 0: the best tile and purchase; above, dollars of value that make an option e times less
        # likely: a model of a noisier player, for the expert's playouts
        self.temperature = temperature
        self.habits = habits  # a model of another player's leanings (instead of `temperature`)
        self.noisy = temperature > 0 or habits is not None  # draws its tiles and purchases
        # plain values only (no action objects), so that the cyclic collector's full passes
        # do not have to walk it; a noisy player keeps every purchase's value too
        self._memo: dict[tuple, Purchases] = {}
        # each chain's purchase rows (`_chain_rows`), by all they read: the tiles tried for a
        # turn mostly leave a chain's as they were
        self._rows: dict[tuple, Rows] = {}
        self._work: Work[Action] | None = None

    # ------------------------------------------------------------------ entry

    def start(self, view: Game) -> None:
        """Begin a decision that `step` thinks through a unit at a time (for a front end
        without threads); the decision is choose's."""
        self._work = self.choose_steps(view)

    def step(self, budget_ms: float, last: bool = False) -> Action | None:
        """Think for about `budget_ms` (at least one unit, `PACER` looking at the clock after
        each); the decision when done, else None. `last` changes nothing: it has no decision
        before its units end (a few ms in all), and they never run all at once."""
        if self._work is None:
            raise RuntimeError("step() before start()")
        done, act = PACER.advance(self._work, budget_ms)
        if not done:
            return None
        self._work = None
        return act

    def choose(self, view: Game) -> Action:
        return finish(self.choose_steps(view))

    def choose_steps(self, view: Game) -> Work[Action]:
        """choose in units of sliced thinking: a tile to place, or a founding, survivor or
        defunct-order option, at a time, and within them each option of a merger or founding
        they bring (`resolve_steps`: a merger's options take milliseconds each)."""
        phase = view.phase
        if phase == Phase.PLACE:
            values = yield from self.place_value_steps(view)
            if (h := self.habits) is not None:
                return self._pick(values, h.tile_temperature, lambda a: h.tile(view, cast(PlaceTile, a)))
            return self._pick(values, self.temperature) if self.temperature else values[0][1]
        if phase in (Phase.FOUND, Phase.SURVIVOR, Phase.DEFUNCT):
            options = self.found_options(view) if phase == Phase.FOUND else view.legal_actions()
            return (yield from self._best_of_steps(view, options))[0]
        if phase == Phase.DISPOSE:
            return self.dispose(view)
        return (yield from self.buy_or_declare_steps(view))

    def _scratch(self, g: Game) -> Game:
        """A copy to try a move on. A two-player view shuffles its sorted pool the same
        way in every copy before the stock market draws, so a random swap varies the
        market's holding from one try to the next."""
        h = g.copy()
        h.vary_market(self.rng)
        return h

    # --------------------------------------------------------------- placing

    def place_value_steps(self, view: Game) -> Work[list[tuple[float, Action]]]:
        """(value, PlaceTile) for every legal tile, best first: one unit of sliced thinking per
        tile, and one per option of the founding or merger it brings (`resolve_steps`)."""
        out = []
        for act in view.legal_actions():
            g = self._scratch(view)
            g.play(act)
            out.append(((yield from self.resolve_steps(g))[0], act))
            yield
        out.sort(key=lambda va: -va[0])
        return out

    def resolve(self, g: Game) -> tuple[float, Action | None]:
        """Value for the turn's player of a game in the middle of its turn, playing
        out the rest of the turn with this player's choices (others' disposals too)."""
        return finish(self.resolve_steps(g))

    def resolve_steps(self, g: Game) -> Work[tuple[float, Action | None]]:
        """resolve in units of sliced thinking: a unit ends after each disposal and after each
        option of a founding, survivor or defunct choice is played out (nested: a merger's
        options within a tile's)."""
        me = g.turn
        while g.phase == Phase.DISPOSE:
            g.play(self.dispose(g))
            yield
        phase = g.phase
        if phase == Phase.BUY:
            yield  # the tile played out is one unit, its purchase's valuation the next ones
            value, act = yield from self.best_buy_steps(g, me)
            return value, act
        if phase == Phase.FOUND:
            return (yield from self._best_of_steps(g, self.found_options(g)))[1], None
        if phase in (Phase.SURVIVOR, Phase.DEFUNCT):
            return (yield from self._best_of_steps(g, g.legal_actions()))[1], None
        return self.ev.evaluate(g, me), None  # over

    def found_options(self, g: Game) -> list[Action]:
        """Chains to found, one per tier among chains nobody holds (they are alike)."""
        seen: set[int] = set()
        out: list[Action] = []
        stock = g.share_table()
        for act in cast("list[FoundChain]", g.legal_actions()):
            c = CHAINS.index(act.chain)
            if not any(row[c] for row in stock):
                if TIER_OF[c] in seen:
                    continue
                seen.add(TIER_OF[c])
            out.append(act)
        return out

    def _best_of_steps(self, g: Game, actions: list[Action]) -> Work[tuple[Action, float]]:
        """Play each action out to the end of the turn and keep the best (first on ties), one
        action's playout per unit of sliced thinking (and the units of its own choices)."""
        best, best_v = None, float("-inf")
        for act in actions:
            h = self._scratch(g)
            h.play(act)
            v = (yield from self.resolve_steps(h))[0]
            if v > best_v:
                best, best_v = act, v
            yield
        assert best is not None  # there is always an action to take
        return best, best_v

    # ---------------------------------------------------------------- buying

    def best_buy(self, g: Game, me: int) -> tuple[float, BuyShares]:
        """The purchase (from every bundle of up to three shares) that leaves the best margin.

        Remembered across decisions, by everything it reads: most tiles (lone ones, say)
        lead to the same money, shares and chain sizes, hence to the same purchase, and the
        purchase after a placement is the one valued for it."""
        return finish(self.best_buy_steps(g, me))

    def best_buy_steps(self, g: Game, me: int) -> Work[tuple[float, BuyShares]]:
        """best_buy in units of sliced thinking: a chain's rows, then a few bundles, at a time
        (on an emulated handheld the whole valuation outlasts a frame's share)."""
        value, chains, _ = yield from self._purchases_steps(g, me)
        return value, _purchase(chains)

    def _purchases_steps(self, g: Game, me: int) -> Work[Purchases]:
        """The best purchase's value and chains (and, for a noisy player, those of every purchase
        compared), remembered."""
        # everything _best_buy reads: the tables, and what fixes the evaluation's stage
        outlook = self.ev.outlook(g)  # the chains that pay sooner
        key = (
            me,
            g.chain_sizes(),
            g.all_cash(),
            g.bank_counts(),
            g.share_table(),
            g.ends_this_turn(),
            g.tiles_on_board(),
            g.pool_size(),
            g.options.mode,  # whom it plays for
            outlook.bits(),
        )
        found = self._memo.get(key)
        if found is None:
            if len(self._memo) > MEMO_KEPT:
                self._memo.clear()
            found = self._memo[key] = yield from self._best_buy_steps(g, me, outlook)
        return found

    def _pick(
        self,
        options: list[tuple[float, Action]],
        temperature: float,
        lean: Callable[[Action], float] | None = None,
    ) -> Action:
        """One of `options` (value, action), drawn by exp(value / temperature + lean(action)):
        the noisy player's choice."""
        top = max(v for v, _ in options)
        weights = [math.exp((v - top) / temperature + (lean(a) if lean else 0.0)) for v, a in options]
        return self.rng.choices([a for _, a in options], weights)[0]

    def _best_buy_steps(self, g: Game, me: int, outlook: Outlook) -> Work[Purchases]:
        ev = self.ev
        ev.setup(g, outlook)
        n = g.players
        stock, sizes, bank = g.share_table(), g.chain_sizes(), g.bank_counts()
        cash = g.cash(me)
        w = ev.worths(g)
        yield  # every chain's term, each new one a few tenths of a ms on a handheld
        mine, others = ev.sides(me)
        side_worths = _side_worths(others)
        table = (n, g.options.mode)
        items: dict[int, Rows] = {}  # each buyable chain's rows
        for c in range(CHAIN_COUNT):
            size = sizes[c]
            if not size or not bank[c]:
                continue
            p = PRICES[c][size]
            if p > cash:
                continue
            holdings = tuple(stock[s][c] for s in range(n))
            most = min(MAX_BUY, bank[c], cash // p)
            # everything the chain's rows read: its term's key (evaluate.chain_term) and stage
            # weights, and whom the rows are for
            factor = ev.threat_factor if c in ev.threatened else 1.0
            key = (ev.weights, c in ev.soon, factor, c, size, holdings, bank[c], most, me, table)
            rows = self._rows.get(key)
            if rows is None:
                if len(self._rows) > ROWS_KEPT:
                    self._rows.clear()
                rows = self._rows[key] = self._chain_rows(c, size, holdings, bank[c], most, me, side_worths)
            items[c] = rows
            yield
        w_me = team_worth(w, mine)
        w_o = side_worths(w)
        rival, cash_cost = ev.rival, ev.cash_cost

        def value(gain: float, rival_worth: float, spent: int) -> float:
            return w_me + gain - rival_worth - cash_cost(cash - spent)

        best_v = value(0.0, rival(w_o), 0)
        best: tuple[tuple[int, int], ...] = ()
        # a noisy player draws from every purchase compared
        every = [(best_v, best)] if self.noisy else None
        # each (chain, count) once: its gain, the rival sides' worths after buying it alone and
        # their changes, its cost, and its value alone
        single: dict[tuple[int, int], tuple[float, tuple[float, ...], tuple[float, ...], int, float]] = {}
        for c, rows in items.items():
            for k, (dm, do, cost) in enumerate(rows, 1):
                rivals = tuple(map(add, w_o, do))
                single[c, k] = (dm, rivals, do, cost, value(dm, rival(rivals), cost))
        if len(items) > MAX_CHAINS_MIXED:
            # Mixed purchases only among the chains that are best bought alone: with
            # seven chains that is 34 bundles to compare instead of 119.
            def alone(c: int) -> float:
                return max(single[c, k][4] for k in range(1, len(items[c]) + 1))

            keep = sorted(items, key=alone, reverse=True)[:MAX_CHAINS_MIXED]
            items = {c: items[c] for c in sorted(keep)}
        for i, combo in enumerate(_bundles(tuple((c, len(rows)) for c, rows in items.items()))):
            if i % BUNDLES_A_UNIT == BUNDLES_A_UNIT - 1:
                yield
            dm, rivals, _, spent, v = single[combo[0]]
            if len(combo) > 1:  # the same sums, in the same order, as one at a time
                gain = 0.0 + dm
                for part in combo[1:]:
                    dm, _, do, cost, _ = single[part]
                    gain += dm
                    spent += cost
                    rivals = tuple(map(add, rivals, do))
                if spent > cash:
                    continue
                v = value(gain, rival(rivals), spent)
            if every is not None:
                every.append((v, combo))
            if v > best_v + 1e-9:
                best_v, best = v, combo
        options = tuple((v, _chains(combo)) for v, combo in every) if every is not None else ()
        return best_v, _chains(best), options

    def _chain_rows(
        self,
        c: int,
        size: int,
        holdings: tuple[int, ...],
        bank: int,
        most: int,
        me: int,
        side_worths: Callable[[list[float]], tuple[float, ...]],
    ) -> Rows:
        """(my side's worth change, the rival sides' worth changes, cost) of buying 1 to `most`
        shares of chain `c`, as the last `setup` weighs them."""
        ev = self.ev
        p = PRICES[c][size]
        mine = ev.sides(me)[0]
        base = ev.chain_term(c, size, holdings, bank) if any(holdings) else [0.0] * len(holdings)
        mutable = list(holdings)
        rows = []
        for k in range(1, most + 1):
            mutable[me] += 1
            delta = list(map(sub, ev.chain_term(c, size, tuple(mutable), bank - k), base))
            rows.append((team_worth(delta, mine) - k * p, side_worths(delta), k * p))
        return tuple(rows)  # no list: the cyclic collector's full passes skip it once seen

    def purchase_values(self, g: Game, me: int) -> list[tuple[float, BuyShares]]:
        """(value, purchase) for every purchase a noisy player draws from (buying nothing, and
        purchases among the four chains best bought alone), to fit a model of other players;
        only for a noisy player (a temperature above 0, or habits)."""
        if not self.noisy:
            raise ValueError("purchase_values needs a temperature above 0 or habits")
        every = finish(self._purchases_steps(g, me))[2]
        return [(v, _purchase(chains)) for v, chains in every]

    def buy_or_declare(self, view: Game) -> Action:
        return finish(self.buy_or_declare_steps(view))

    def buy_or_declare_steps(self, view: Game) -> Work[Action]:
        """buy_or_declare in units of sliced thinking (best_buy_steps')."""
        me = view.current
        if view.may_declare():
            ended = view.copy()
            ended.play(DeclareEnd())
            if (yield from self.best_buy_steps(ended, me))[0] > 0:  # the final scoring makes me the winner
                return DeclareEnd()
        # legal: only chains on the board with shares in the bank, within its cash
        _, best, every = yield from self._purchases_steps(view, me)
        if not self.noisy:
            return _purchase(best)
        options: list[tuple[float, Action]] = [(v, _purchase(chains)) for v, chains in every]
        if (h := self.habits) is None:
            return self._pick(options, self.temperature)
        sizes, stock = view.chain_sizes(), view.share_table()
        return self._pick(
            options, h.purchase_temperature, lambda a: h.purchase(sizes, stock, me, cast(BuyShares, a).chains)
        )

    # -------------------------------------------------------------- disposal

    def dispose(self, g: Game) -> Dispose:
        """Sell, trade and keep by what each leaves the disposer (its team) worth against the best
        rival (team)."""
        ev = self.ev
        ev.setup(g)
        me, n = g.current, g.players
        merger = g.merger_state()
        assert merger is not None  # "dispose" is part of a merger
        d, s = CHAINS.index(merger["defunct"]), CHAINS.index(merger["survivor"])
        stock, sizes, bank = g.share_table(), g.chain_sizes(), g.bank_counts()
        held = stock[me][d]
        pd = PRICES[d][sizes[d]]
        merged = sizes[s] + sizes[d] + sum(sizes[CHAINS.index(c)] for c in merger["defunct_left"]) + 1
        bank_s = bank[s]
        w = ev.worths(g)
        # take out the defunct chain and the survivor; both are added back per option
        for c, size in ((d, sizes[d]), (s, sizes[s])):
            holdings = tuple(stock[x][c] for x in range(n))
            if any(holdings):
                term = ev.chain_term(c, size, holdings, bank[c])
                for x in range(n):
                    w[x] -= term[x]
        mine, others = ev.sides(me)
        others_d = [stock[x][d] for x in range(n)]
        cash = g.cash(me)
        best, best_v = (held, 0), float("-inf")
        max_trade = min(held, 2 * bank_s) // 2 * 2
        for trade in range(0, max_trade + 1, 2):
            h = [stock[x][s] for x in range(n)]
            h[me] += trade // 2
            term = ev.chain_term(s, merged, tuple(h), bank_s - trade // 2)
            # rivals still to dispose keep their defunct shares' sale value
            ww = [w[x] + term[x] + (others_d[x] * pd if x != me else 0) for x in range(n)]
            rival = ev.rival([team_worth(ww, side) for side in others])  # the same for every sale
            side = team_worth(ww, mine)
            for sell in range(held - trade + 1):
                keep = held - trade - sell
                worth = side + (sell * pd + keep * ev.keep)
                v = worth - rival - ev.cash_cost(cash + sell * pd)  # ev.margin, its rival kept
                if v > best_v + 1e-9:
                    best, best_v = (sell, trade), v
        return Dispose(*best)


_PURCHASES: dict[tuple[str, ...], BuyShares] = {}


def _chains(combo: tuple[tuple[int, int], ...]) -> tuple[str, ...]:
    """The chains' letters of a purchase as ((chain, count), ...)."""
    return tuple(CHAINS[c] for c, k in combo for _ in range(k))


def _purchase(chains: tuple[str, ...]) -> BuyShares:
    """The one BuyShares of `chains` (a few hundred exist)."""
    act = _PURCHASES.get(chains)
    if act is None:
        act = _PURCHASES[chains] = BuyShares(chains)
    return act


def _side_worths(sides: list[tuple[int, ...]]) -> Callable[[list[float]], tuple[float, ...]]:
    """What reads the worths of `sides` (`team_worth` each) from a list by seat: a plain
    pick of seats when each side is one seat."""
    if any(len(side) > 1 for side in sides):
        return lambda ws: tuple(team_worth(ws, side) for side in sides)
    if len(sides) > 1:
        return cast("Callable[[list[float]], tuple[float, ...]]", itemgetter(*(side[0] for side in sides)))
    return lambda ws: tuple(ws[side[0]] for side in sides)


@lru_cache(maxsize=4096)
def _bundles(limits: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every purchase of one to three shares as ((chain, count), ...), given each
    buyable chain's limit (bank, cash); cached, as few limit patterns occur."""
    chains = [c for c, _ in limits]
    lim = dict(limits)
    out = []
    for size in range(1, MAX_BUY + 1):
        for combo in combinations_with_replacement(chains, size):
            counts = tuple((c, combo.count(c)) for c in sorted(set(combo)))
            if all(k <= lim[c] for c, k in counts):
                out.append(counts)
    return tuple(out)


__all__ = ["Habits", "HardBot"]
