"""How good a position is for one seat: liquidation value with expected bonuses,
relative to the best opponent (in a team game: its team's against the best other team's).
Shared by the hard and expert players.

The evaluation runs thousands of times per decision, so it reads the game through the
rules' fast path (whole tables at once: `Game.chain_sizes`, `bank_counts`, `all_cash`,
`share_table`) rather than one named reader per chain and seat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import NamedTuple

from acquire8.ai.base import Side, sides, team_worth
from acquire8.rules import CHAIN_COUNT, CHAINS, END_SIZE, PRICES, SAFE_SIZE, SQUARES, Game, Phase

MAX_SIZE = SQUARES
TERMS_KEPT = 4_000  # chain terms remembered per set of stage weights before starting afresh
WEIGHTS_KEPT = 3  # sets of stage weights remembered (a game moves through them in order)
THREATS_KEPT = 4_000  # boards whose threatened chains are remembered before starting afresh


@dataclass(frozen=True)
class Params:
    """The knobs of the evaluation: the fitted bonus model with the weights set for it by hand
    steps on deals of their own (tools/tune_eval.txt, docs/AI.md)."""

    # the hand-set model's: weight of today's bonus positions at the start; shares one rival
    # may add to a chain before it pays out (the fitted model's `ADDED` instead)
    certainty_early: float = 0.35
    contest: int = 3
    reserve: int = 4000  # cash below this (early on) costs `reserve_weight` per dollar short
    reserve_weight: float = 1.0
    keep_value: int = 150  # worth of a share of a chain off the board, early on
    growth: int = 6  # tiles a small chain is expected to grow before it pays out, early on
    # Every seat adds shares before a payout as `ADDED` says (`bonus_with_added`); off: one
    # rival adds `contest` shares, the hand-set model of earlier versions (`HAND_SET`).
    fitted: bool = True
    today_late: float = 0.5  # fitted: weight of today's bonus positions when the game may end
    # Early on a dollar in hand is worth more than a dollar of shares: what it buys later. Each
    # dollar of cash counts `cash_premium` more at the start, less as the game runs, nothing
    # from stage `premium_until` (in games against other players, a seat's cash in the first
    # two fifths foretold two to three times as much of its final standing as its shares did).
    cash_premium: float = 3.0
    premium_until: float = 0.5
    # Whom it plays against: the best opponent's worth weighs `best_early` at the start, the
    # rest the opponents' mean, and the best opponent alone at the end (who leads early is
    # mostly luck; who leads late wins).
    best_early: float = 1.0
    # A chain that a tile on an empty square would merge away counts its term (shares and bonus)
    # `1 + threat_weight * (1 - stage)` times: it pays out soon, as cash (in games against
    # other players such chains' terms foretold the result about twice as strongly as the
    # others' in mid-game).
    threat_weight: float = 1.2
    # At a turn's start the seat to move may merge away, on today's holdings and when it likes,
    # a chain it holds shares of: each such tile in its hand adds `merge_tile` to its worth (in
    # kept games one foretold about $1,700-2,100 beyond the evaluation in mid-game, $800-900 in
    # the last fifth; docs/AI.md).
    merge_tile: float = 0.0
    # A safe chain lasts to the end and grows until then: its shares and bonuses are priced
    # `safe_growth * (1 - stage)` tiles on (0: at today's size; in kept games a safe chain grew
    # about 45 x (1 - stage) tiles by the end, `tools/fit_added.py --growth`).
    safe_growth: float = 0.0
    # Every chain's price at its payout, in place of `growth` and `safe_growth`: its price today
    # plus `price_rise * (1 - stage)` dollars, for its shares and its bonuses, unless a tile in
    # hand merges it away (0: off; in kept games a chain's price rose about $350-380 x (1 - stage)
    # by its payout, alike for every size, `tools/fit_added.py --growth`).
    price_rise: float = 0.0


DEFAULT = Params()
# The expert's own (its evaluation and its own turns in its playouts; the other seats there play
# hard's): no `threat_weight`, whose weight there too slowed its playouts and showed no gain in
# round 55; a safe chain priced at the size it grows to, which gained at tables with the
# yardstick in round 66; $1,000 for each tile in hand that merges away a chain it holds, which
# gained with the expert's other two options of round 70 (docs/AI.md).
EXPERT = replace(DEFAULT, threat_weight=0.0, safe_growth=45.0, merge_tile=1000.0)
# the hand-set model and weights hard and the expert played with before the fitted one: kept
# to measure against
HAND_SET = Params(reserve=1500, reserve_weight=0.3, growth=3, fitted=False, cash_premium=0.0)

# Shares a seat adds to a chain between a turn's start and the chain's payout (a merger or the
# end), by how far the game has run (`stage`, in fifths): the chances of adding none, a few,
# several and many, each standing for the amount in ADDED_ATOMS. Counted over every seat and
# chain on the board at every turn's start of 48 games of hard (24 on the default weights, 24
# with a reserve of 3,000 at 0.6) against three of the arena's yardstick at 200 iterations,
# deals 95101-95106 (`tools/fit_added.py`); hard players among themselves add about as many,
# a little later.
ADDED_ATOMS = (0, 2, 5, 8)
ADDED = (
    (0.13, 0.44, 0.30, 0.13),
    (0.30, 0.43, 0.19, 0.08),
    (0.42, 0.41, 0.14, 0.03),
    (0.54, 0.33, 0.11, 0.02),
    (0.82, 0.15, 0.03, 0.00),
)
LAST_FIFTH = len(ADDED) - 1  # also the row of a chain that a tile in hand merges away


def _split(holdings: tuple[int, ...]) -> list[float]:
    """Bonus per seat in units of the share price (majority 10, minority 5), unrounded."""
    pay = [0.0] * len(holdings)
    top = max(holdings)
    if top <= 0:
        return pay
    first = [i for i, h in enumerate(holdings) if h == top]
    rest = [h for h in holdings if 0 < h < top]
    if len(first) > 1 or not rest:
        for i in first:
            pay[i] = 15.0 / len(first)
        return pay
    pay[first[0]] = 10.0
    second = max(rest)
    tied = [i for i, h in enumerate(holdings) if h == second]
    for i in tied:
        pay[i] = 5.0 / len(tied)
    return pay


@lru_cache(maxsize=1 << 16)
def expected_bonus(
    holdings: tuple[int, ...], bank: int, certainty: int, market: bool, contest: int = DEFAULT.contest
) -> tuple[float, ...]:
    """Expected bonus (in price units) per seat.

    `certainty` (0-10, tenths) is the weight of today's holdings; the rest is spread
    over scenarios where one seat adds up to `contest` shares from the bank, which is
    how a one-share lead loses its worth. `market` adds the two-player stock market,
    holding 1-12 shares with equal chance (RULES §12); its bonus goes to no seat.
    """
    n = len(holdings)

    def pay(h: tuple[int, ...]) -> list[float]:
        if not market:
            return _split(h)
        total = [0.0] * n
        for m in range(1, 13):
            p = _split((*h, m))
            for i in range(n):
                total[i] += p[i] / 12
        return total

    base = pay(holdings)
    w = certainty / 10
    add = min(bank, contest)
    if w >= 1 or add == 0:
        return tuple(base)
    out = [w * b for b in base]
    for s in range(n):
        h = list(holdings)
        h[s] += add
        p = pay(tuple(h))
        for i in range(n):
            out[i] += (1 - w) * p[i] / n
    return tuple(out)


def bonus_with_added(holdings: tuple[int, ...], bank: int, fifth: int, market: bool) -> tuple[float, ...]:
    """Expected bonus (in price units) per seat when every seat adds shares as `ADDED[fifth]`
    says, each on its own, at most the `bank` each. `market` adds the two-player stock market
    as a holder of 1-12 shares with equal chance (RULES §12), paid nothing here."""
    # The seats are alike but for their holdings: worked out once per holding, in order; and
    # a gap between holdings wider than any addition is as good as one just wider (`_closer`;
    # not beside the market, whose 1-12 shares compare with every seat's as they are).
    closer = {h: h for h in holdings} if market else _closer(holdings)
    by_holding = _bonus_by_holding(
        tuple(sorted(closer[h] for h in holdings)), min(bank, ADDED_ATOMS[-1]), fifth, market
    )
    return tuple(by_holding[closer[h]] for h in holdings)


def _closer(holdings: tuple[int, ...]) -> dict[int, int]:
    """Each holding to one that compares the same way with every other after any additions
    (and stays none or some): gaps wider than the largest addition narrowed to just wider."""
    out = {0: 0}
    last = shown = 0
    for h in sorted(set(holdings)):
        if h:
            shown += min(h - last, ADDED_ATOMS[-1] + 1)
            out[h] = shown
            last = h
    return out


# The chances in whole hundredths, the payouts in 1/420 of a price (420 divides 15, 10 and 5
# by any count of tied seats up to seven): whole numbers only, which an emulated handheld's
# CPU works out several times faster than floats.
_ADDED_IN_100THS = tuple(tuple(round(100 * p) for p in row) for row in ADDED)
_UNIT = 420


_FIRST = tuple(15 * _UNIT // (t + 1) for t in range(8))  # a first place's share, t seats tied
_SECOND = tuple(5 * _UNIT // (t + 1) for t in range(8))
_MARKET = tuple((v, 1) for v in range(12, 0, -1))  # the stock market's holding, highest first


Finals = tuple[tuple[int, int], ...]  # final holdings and their chances, highest first


@lru_cache(maxsize=1 << 12)
def _finals(h: int, bank: int, fifth: int) -> Finals:
    """A seat's final holdings and their chances (whole hundredths), highest first."""
    f: dict[int, int] = {}
    for a, p in zip(ADDED_ATOMS, _ADDED_IN_100THS[fifth], strict=True):
        if p:
            v = h + min(a, bank)
            f[v] = f.get(v, 0) + p
    return tuple(sorted(f.items(), reverse=True))


@lru_cache(maxsize=1 << 16)
def _bonus_by_holding(ordered: tuple[int, ...], bank: int, fifth: int, market: bool) -> dict[int, float]:
    """Each holding's expected bonus (as `_split`) when every seat's final holding is
    independent with the chances `_finals` gives it."""
    # the seats as groups of equal holdings: (final chances, their total, seats, holding)
    finals: list[tuple[Finals, int, int | None]] = [
        (_finals(h, bank, fifth), m, h) for h, m in Counter(ordered).items()
    ]
    if market:
        finals.append((_MARKET, 1, None))
    groups = [(f, sum(p for _, p in f), m, h) for f, m, h in finals]
    whole = _UNIT
    for _, w, m, _ in groups:
        whole *= w**m
    # per final holding v, each group's chances of ending above it, at it, below it
    # (holding none included) and with none
    levels: dict[int, list[tuple[int, int, int, int]]] = {}
    out: dict[int, float] = {}
    for i, (mine, _, _, h) in enumerate(groups):
        if h is None:  # the market is paid nothing
            break
        total = 0
        for v, pv in mine:
            if v <= 0:
                continue
            at_v = levels.get(v)
            if at_v is None:
                at_v = levels[v] = [_level(f, v, w) for f, w, _, _ in groups]
            # the other seats' chances as the polynomial prod(lower + level*x + above*y) in
            # x (seats tied with v) and y (seats above it), up to y^1: first place with t
            # ties is x^t, second place (exactly one above) x^t*y
            p0, p1, alone = [1], [0], 1
            for k, ((above, level, lower, none), (_, _, m, _)) in enumerate(zip(at_v, groups, strict=True)):
                for _ in range(m - 1 if k == i else m):
                    alone *= none
                    n0 = [x * lower for x in p0]
                    n1 = [x * lower for x in p1]
                    if level:
                        n0.append(0)
                        n1.append(0)
                        for t, x in enumerate(p0):
                            n0[t + 1] += x * level
                        for t, x in enumerate(p1):
                            n1[t + 1] += x * level
                    if above:
                        for t, x in enumerate(p0):
                            n1[t] += x * above
                    p0, p1 = n0, n1
            pay = 10 * _UNIT * p0[0] + 5 * _UNIT * alone  # alone: nobody else holds any
            pay += sum(_FIRST[t] * x for t, x in enumerate(p0) if t)
            pay += sum(_SECOND[t] * x for t, x in enumerate(p1))
            total += pv * pay
        out[h] = total / whole
    return out


def _level(finals: Finals, v: int, whole: int) -> tuple[int, int, int, int]:
    """A seat's chances (of `whole`) of ending above v, at v, below it or with none, and with
    none."""
    above = level = below = 0
    for x, p in finals:
        if x > v:
            above += p
        elif x == v:
            level += p
        elif x > 0:
            below += p
        else:
            break
    none = whole - above - level - below
    return above, level, below + none, none


def stage(g: Game) -> float:
    """How far the game has run, 0 at the start to 1 when it may end."""
    if g.can_end():
        return 1.0
    on_board = g.tiles_on_board()
    sizes = g.chain_sizes()
    biggest = max(sizes)
    safe = sum(1 for s in sizes if s >= SAFE_SIZE)
    return min(1.0, max(on_board / 80, biggest / END_SIZE, safe / CHAIN_COUNT + on_board / 160))


class Outlook(NamedTuple):
    """What the board says of when the chains pay: those a tile in the mover's hand merges away
    (`Evaluator.merged_soon`), and those a tile on an empty square would (`merge_threats`)."""

    soon: frozenset[int]
    threatened: frozenset[int]

    def bits(self) -> int:
        """The outlook as one number, for memo keys: a number, unlike a set, gives the cyclic
        collector's full passes nothing to walk."""
        found = _OUTLOOK_BITS.get(self)
        if found is None:
            found = _OUTLOOK_BITS[self] = sum(1 << c for c in self.soon) + sum(
                1 << (CHAIN_COUNT + c) for c in self.threatened
            )
        return found


_OUTLOOK_BITS: dict[Outlook, int] = {}  # at most 128 x 128 outlooks


def merge_threats(g: Game) -> list[int]:
    """For each chain, the empty squares whose tile would merge it away (into a larger chain,
    or one as large)."""
    sizes = g.chain_sizes()
    out = [0] * len(sizes)
    for joined in g.merge_squares():
        for c in merged_away(joined, sizes):
            out[c] += 1
    return out


def threatened_chains(g: Game) -> frozenset[int]:
    """The chains some empty square's tile would merge away (those `merge_threats` counts),
    remembered by the board's merging squares and chain sizes: a search meets the same boards
    again and again."""
    key = (g.merge_squares(), g.chain_sizes())
    found = _THREATENED.get(key)
    if found is None:
        if len(_THREATENED) >= THREATS_KEPT:
            _THREATENED.clear()
        found = _THREATENED[key] = chain_set(c for c, n in enumerate(merge_threats(g)) if n)
    return found


_THREATENED: dict[tuple, frozenset[int]] = {}
_CHAIN_SETS: dict[frozenset[int], frozenset[int]] = {}


def chain_set(chains: Iterable[int]) -> frozenset[int]:
    """The one frozenset of these chains (at most 128 exist): the memos that hold sets of chains
    add no objects for the cyclic collector's full passes to walk (a frame's start runs them)."""
    s = frozenset(chains)
    return _CHAIN_SETS.setdefault(s, s)


NO_CHAINS = chain_set(())


def merged_away(joined: Sequence[int], sizes: Sequence[int]) -> list[int]:
    """Of the chains a tile joins, those it may merge away: the smaller ones, or every one when
    the largest are tied (the merger's maker picks the survivor)."""
    top = max(sizes[c] for c in joined)
    tied = sum(sizes[c] == top for c in joined) > 1
    return [c for c in joined if sizes[c] < top or tied]


def own_merges(g: Game) -> int:
    """The tiles in the hand of the seat to move that would merge away (into a larger chain, or
    one as large) a chain it holds shares of."""
    me = g.current
    sizes = g.chain_sizes()
    held = g.share_table()[me]
    count = 0
    for tile in g.hand(me):
        if g.tile_effect(tile) == "merge":
            joined = [CHAINS.index(x) for x in g.merge_chains(tile)]
            count += any(held[c] for c in merged_away(joined, sizes))
    return count


def is_ending(g: Game) -> bool:
    """True when the game ends at the end of this turn whatever happens."""
    return g.ends_this_turn()


class Evaluator:
    """Per-seat worth of a position; `margin` is what the players maximise. `team_play`: in a
    team game it plays for its team (off: for itself alone, the arena's yardstick)."""

    def __init__(self, params: Params = DEFAULT, team_play: bool = True):
        self.p = params
        self.team_play = team_play
        self._sides_of: tuple[tuple[int, str], list[tuple[Side, list[Side]]]] = ((0, ""), [])
        # chain terms by the stage's weights, then by chain, size, holdings and bank: a
        # search asks for the same few thousand terms over and over
        self._memos: dict[tuple, dict[tuple, tuple[float, ...]]] = {}
        self._terms: dict[tuple, tuple[float, ...]] = {}

    def setup(self, g: Game, outlook: Outlook | None = None) -> None:
        """Fix the stage-dependent weights for evaluations from this position (`outlook`: its
        `outlook`, when the caller has worked it out already)."""
        st = stage(g)
        self.ending = is_ending(g)
        if self.ending:
            self.cert = 10
            self.growth = 0
            self.safe_growth = 0
            self.rise: float = 0
            self.reserve: float = 0
            self.premium = 0.0
            self.keep: float = 0
            self.threat_factor = 1.0
        else:
            self.cert = min(10, round(10 * (self.p.certainty_early + (1 - self.p.certainty_early) * st)))
            self.growth = round(self.p.growth * (1 - st))
            self.safe_growth = round(self.p.safe_growth * (1 - st))
            self.rise = round(self.p.price_rise * (1 - st), -1)  # tens of dollars: fewer sets
            self.reserve = self.p.reserve * (1 - st)
            self.premium = self.p.cash_premium * max(0.0, 1 - st / self.p.premium_until)
            self.keep = self.p.keep_value * (1 - st)
            self.threat_factor = 1 + self.p.threat_weight * (1 - st)
        self.market = g.players == 2 and g.pool_size() > 0
        self.best_weight = 1.0 if self.ending else self.p.best_early + (1 - self.p.best_early) * st
        fitted = self.p.fitted and not self.ending
        self.fifth = min(LAST_FIFTH, int(len(ADDED) * st)) if fitted else 0
        self.today = self.p.today_late * round(10 * st) / 10 if fitted else 0.0  # tenths: fewer sets
        outlook = outlook if outlook is not None else self.outlook(g)
        self.soon = outlook.soon if fitted else NO_CHAINS
        self.threatened = outlook.threatened
        table = (g.players, g.options.mode)
        if self._sides_of[0] != table:  # the same for a whole game
            self._sides_of = (table, [sides(g, s, self.team_play) for s in range(g.players)])
        weights = (self.cert, self.growth, self.safe_growth, self.rise, self.market, self.fifth, self.today)
        self.weights = weights
        terms = self._memos.get(weights)
        if terms is None or len(terms) > TERMS_KEPT:
            if len(self._memos) >= WEIGHTS_KEPT:
                self._memos.clear()
            terms = self._memos[weights] = {}
        self._terms = terms

    def outlook(self, g: Game) -> Outlook:
        """The board's `Outlook`, as far as these weights read it: the chains paying soon for the
        fitted model, those threatened for `threat_weight`."""
        soon = self.merged_soon(g) if self.p.fitted else NO_CHAINS
        if not self.p.threat_weight:
            return Outlook(soon, NO_CHAINS)
        return Outlook(soon, threatened_chains(g))

    @staticmethod
    def merged_soon(g: Game) -> frozenset[int]:
        """The chains a tile in the hand of the seat to move would merge away (the smaller of
        the chains it joins): they pay out next turn, after one round of purchases."""
        soon: set[int] = set()
        sizes = g.chain_sizes()
        for tile in g.hand(g.current):
            if g.tile_effect(tile) == "merge":
                joined = [CHAINS.index(x) for x in g.merge_chains(tile)]
                top = max(sizes[c] for c in joined)
                soon.update(c for c in joined if sizes[c] < top)
        return chain_set(soon)

    def chain_term(self, c: int, size: int, holdings: tuple[int, ...], bank: int) -> tuple[float, ...]:
        """What chain `c` of `size` tiles is worth to each seat: shares plus expected bonus."""
        if not size:  # off the board: the keep value, which moves with every stage
            return tuple(h * self.keep for h in holdings)
        soon = c in self.soon
        key = (c, size, holdings, bank, soon)
        term = self._terms.get(key)
        if term is None:
            term = self._terms[key] = self._chain_term(c, size, holdings, bank, soon)
        if c in self.threatened and self.threat_factor != 1:
            return tuple(map(self.threat_factor.__mul__, term))
        return term

    def _chain_term(
        self, c: int, size: int, holdings: tuple[int, ...], bank: int, soon: bool = False
    ) -> tuple[float, ...]:
        if self.p.price_rise:
            p = pv = PRICES[c][size] + (0 if soon else self.rise)
        elif size >= SAFE_SIZE:  # paid at the end, at the size it has grown to
            p = pv = PRICES[c][min(size + self.safe_growth, MAX_SIZE)]
        else:
            p = PRICES[c][size]
            pv = PRICES[c][min(size + self.growth, MAX_SIZE)] if not soon else p
        if self.p.fitted and not self.ending:
            later = bonus_with_added(holdings, bank, LAST_FIFTH if soon else self.fifth, self.market)
            now = expected_bonus(holdings, bank, 10, self.market) if self.today else later
            w = self.today
            bonus = tuple(w * a + (1 - w) * b for a, b in zip(now, later, strict=True))
        else:
            bonus = expected_bonus(holdings, bank, self.cert, self.market, self.p.contest)
        return tuple(h * pv + b * p for h, b in zip(holdings, bonus, strict=True))

    def worths(self, g: Game) -> list[float]:
        return self.worths_of(g.all_cash(), g.share_table(), g.chain_sizes(), g.bank_counts())

    def worths_of(
        self,
        cash: tuple[int, ...] | list[int],
        stock: tuple[tuple[int, ...], ...] | list[list[int]],
        sizes: tuple[int, ...] | list[int],
        bank: tuple[int, ...] | list[int],
    ) -> list[float]:
        """Each seat's worth from the tables of a position (as the fast-path readers give
        them), so a caller can value a changed copy of them without changing a game."""
        w = [float(m) for m in cash]
        for c, holdings in enumerate(zip(*stock, strict=True)):
            if not any(holdings):
                continue
            term = self.chain_term(c, sizes[c], holdings, bank[c])
            w = [a + b for a, b in zip(w, term, strict=True)]
        return w

    def sides(self, me: int) -> tuple[Side, list[Side]]:
        """Whom `me` plays for and against in the game of the last `setup` (`base.sides`)."""
        return self._sides_of[1][me]

    def margin(self, w: list[float], me: int, cash: int) -> float:
        """My worth (my team's) minus the rival's (`rival`, of the other seats or teams), less
        what its cash costs beyond its face value (`cash_cost`)."""
        mine, others = self.sides(me)
        return (
            team_worth(w, mine) - self.rival([team_worth(w, side) for side in others]) - self.cash_cost(cash)
        )

    def rival(self, worths: Sequence[float]) -> float:
        """The worth played against, of the opponents' (other teams') `worths`: the best's, or
        early on with `best_early` below 1 partly their mean; 0 when there are none (solo)."""
        if not worths:
            return 0.0
        best = max(worths)
        if self.best_weight >= 1:
            return best
        return self.best_weight * best + (1 - self.best_weight) * sum(worths) / len(worths)

    def cash_cost(self, cash: float) -> float:
        """What holding `cash` costs beyond its face value: a thin reserve costs, and early on
        every dollar earns its premium (a negative cost)."""
        short = self.reserve - cash
        return (self.p.reserve_weight * short if short > 0 else 0.0) - self.premium * cash

    def evaluate(self, g: Game, me: int) -> float:
        self.setup(g)
        w = self.worths(g)
        if self.p.merge_tile and g.phase == Phase.PLACE:
            w[g.current] += self.p.merge_tile * own_merges(g)
        return self.margin(w, me, g.cash(me))
