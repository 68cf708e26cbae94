"""How good a position is for one seat: liquidation value with expected bonuses,
relative to the best opponent (in a team game: its team's against the best other team's).
Shared by the hard and expert players.

The evaluation runs thousands of times per decision, so it reads the game through the
rules' fast path (whole tables at once: `Game.chain_sizes`, `bank_counts`, `all_cash`,
`share_table`) rather than one named reader per chain and seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from acquire8.ai.base import Side, best_worth, sides, team_worth
from acquire8.rules import CHAIN_COUNT, END_SIZE, PRICES, SAFE_SIZE, SQUARES, Game

MAX_SIZE = SQUARES
TERMS_KEPT = 4_000  # chain terms remembered per set of stage weights before starting afresh
WEIGHTS_KEPT = 3  # sets of stage weights remembered (a game moves through them in order)


@dataclass(frozen=True)
class Params:
    """The knobs of the evaluation (tuned in the arena)."""

    certainty_early: float = 0.35  # weight of today's bonus positions at the start of the game
    contest: int = 3  # shares a rival may add to a chain before it pays out (one purchase)
    reserve: int = 1500  # cash below this (early on) costs `reserve_weight` per dollar short
    reserve_weight: float = 0.3
    keep_value: int = 150  # worth of a share of a chain off the board, early on
    growth: int = 3  # tiles a small chain is expected to grow before it pays out, early on


DEFAULT = Params()


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


def stage(g: Game) -> float:
    """How far the game has run, 0 at the start to 1 when it may end."""
    if g.can_end():
        return 1.0
    on_board = g.tiles_on_board()
    sizes = g.chain_sizes()
    biggest = max(sizes)
    safe = sum(1 for s in sizes if s >= SAFE_SIZE)
    return min(1.0, max(on_board / 80, biggest / END_SIZE, safe / CHAIN_COUNT + on_board / 160))


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

    def setup(self, g: Game) -> None:
        """Fix the stage-dependent weights for evaluations from this position."""
        st = stage(g)
        self.ending = is_ending(g)
        if self.ending:
            self.cert = 10
            self.growth = 0
            self.reserve: float = 0
            self.keep: float = 0
        else:
            self.cert = min(10, round(10 * (self.p.certainty_early + (1 - self.p.certainty_early) * st)))
            self.growth = round(self.p.growth * (1 - st))
            self.reserve = self.p.reserve * (1 - st)
            self.keep = self.p.keep_value * (1 - st)
        self.market = g.players == 2 and g.pool_size() > 0
        table = (g.players, g.options.mode)
        if self._sides_of[0] != table:  # the same for a whole game
            self._sides_of = (table, [sides(g, s, self.team_play) for s in range(g.players)])
        weights = (self.cert, self.growth, self.market)
        terms = self._memos.get(weights)
        if terms is None or len(terms) > TERMS_KEPT:
            if len(self._memos) >= WEIGHTS_KEPT:
                self._memos.clear()
            terms = self._memos[weights] = {}
        self._terms = terms

    def chain_term(self, c: int, size: int, holdings: tuple[int, ...], bank: int) -> tuple[float, ...]:
        """What chain `c` of `size` tiles is worth to each seat: shares plus expected bonus."""
        if not size:  # off the board: the keep value, which moves with every stage
            return tuple(h * self.keep for h in holdings)
        key = (c, size, holdings, bank)
        term = self._terms.get(key)
        if term is None:
            term = self._terms[key] = self._chain_term(c, size, holdings, bank)
        return term

    def _chain_term(self, c: int, size: int, holdings: tuple[int, ...], bank: int) -> tuple[float, ...]:
        p = PRICES[c][size]
        pv = PRICES[c][min(size + self.growth, MAX_SIZE)] if size < SAFE_SIZE else p
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
        """My worth (my team's) minus the best opponent's (the best other team's; none in the
        solo game: 0), less the cost of a thin cash reserve."""
        mine, others = self.sides(me)
        return team_worth(w, mine) - best_worth(w, others) - self.short_cost(cash)

    def short_cost(self, cash: float) -> float:
        """What holding `cash` costs when it is below the stage's reserve."""
        short = self.reserve - cash
        return self.p.reserve_weight * short if short > 0 else 0.0

    def evaluate(self, g: Game, me: int) -> float:
        self.setup(g)
        return self.margin(self.worths(g), me, g.cash(me))
