"""What every computer player is (`Bot`, `SteppingBot`), and the two simple baselines."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator
from typing import Any, Protocol, TypeVar, cast, runtime_checkable

from acquire8.rules import (
    Action,
    BuyShares,
    DeclareEnd,
    FoundChain,
    Game,
    Phase,
    PlaceTile,
    price,
)


@runtime_checkable
class Bot(Protocol):
    """A computer player: every bot `make_bot` gives is one."""

    def choose(self, view: Game) -> Action:
        """One of `view.legal_actions()`; `view` is `Game.view(seat)` of the acting seat."""
        ...

    def reseed(self, value: str) -> None:
        """Seed every random source the bot holds with `value`, so that a bot made again
        (a resumed game) decides as the original would have."""
        ...


@runtime_checkable
class SteppingBot(Bot, Protocol):
    """A player that thinks across frames: `start(view)`, then `step(budget_ms)` once a
    frame until it returns the action (None: still thinking); `step(budget_ms, last=True)`
    returns it as soon as it can, from what it has worked out so far: at once, unless the
    work it cannot decide without is unfinished (then None after a step's thinking, which is
    never the whole rest at once: call it again). `choose` does both."""

    def start(self, view: Game) -> None: ...

    def step(self, budget_ms: float, last: bool = False) -> Action | None: ...


Side = tuple[int, ...]  # the seats whose money a player counts as its own


def sides(view: Game, seat: int, team_play: bool = True) -> tuple[Side, list[Side]]:
    """Whom `seat` plays for and against, the one place that decides it: its team and the
    other teams in a team game (RULES §14: a partner's gain is no loss), else itself against
    every other seat alone (singles, or `team_play` off: a player for itself in a team game,
    the arena's yardstick). The solo game has no one to play against: an empty list."""
    if team_play:
        teams = view.teams
        mine = teams[view.team_of(seat)]
        return mine, [t for t in teams if t != mine]
    return (seat,), [(s,) for s in range(view.players) if s != seat]


def team_worth(worth: list[float], side: Side) -> float:
    """The worth of `side`: its seats' summed."""
    return worth[side[0]] if len(side) == 1 else sum(worth[s] for s in side)


T = TypeVar("T")
Work = Generator[None, None, T]  # thinking cut into units: each `yield` ends one


def finish(work: Work[T]) -> T:
    """All of `work` at once: its result."""
    while True:
        try:
            next(work)
        except StopIteration as done:
            return done.value


def _thread_clock() -> Callable[[], float]:
    """This thread's CPU time where the platform has it (Pyodide's has not: wall time there)."""
    try:
        time.thread_time()
    except (AttributeError, OSError):
        return time.perf_counter
    return time.thread_time


RESERVE_KEPT = 0.99  # the reserve decays by this in each frame that asks for thinking time


class Pacer:
    """Runs thinking cut into units (`Work`) against a deadline, the one place that does: it looks
    at the clock after every unit and measures each, so the longest piece of thinking between
    two looks at the clock on this device is known (`longest_ms`, in this thread's CPU time, so
    another process taking the CPU does not count).

    A caller with a hard deadline (a frame) keeps `reserve_ms` of its share free: a unit started
    before the deadline then ends within the share. The reserve is the longest unit seen lately:
    `decay`, in each frame that asks for thinking time, lets it shrink, so that one long unit (a
    collection inside it, say) does not hold back the thinking for good, nor stop it: a reserve
    larger than the share decays until a unit may start again.

    `slowdown` is a test and benchmark hook: above 1, every unit burns (slowdown - 1) times its
    own measured CPU after it, as if the machine were that many times slower at thinking."""

    def __init__(
        self,
        clock: Callable[[], float] = time.perf_counter,
        cpu: Callable[[], float] | None = None,
    ):
        self.clock = clock  # deadlines
        self.cpu = cpu or _thread_clock()  # the units' length
        self.slowdown = 1.0
        self.longest_ms = 0.0  # the longest unit so far
        self.reserve_ms = 0.0  # the longest unit lately
        self.units = 0
        self.longest_call_ms = 0.0  # the longest piece in one call (`call`) so far
        self.calls = 0

    def decay(self) -> None:
        """A frame asks for thinking time: the reserve decays a little."""
        self.reserve_ms *= RESERVE_KEPT

    def _count(self, c0: float, unit: bool = True) -> float:
        """A unit (else a piece in one call) begun at CPU time `c0` has ended: measured, made
        dearer by `slowdown`. The CPU time now, the next unit's start (one look at the CPU clock a
        unit)."""
        now = self.cpu()
        ms = (now - c0) * 1000
        if self.slowdown > 1:
            until = now + ms * (self.slowdown - 1) / 1000
            while now < until:
                now = self.cpu()
            ms = (now - c0) * 1000
        if unit:
            self.units += 1
            self.longest_ms = max(self.longest_ms, ms)
            self.reserve_ms = max(self.reserve_ms, ms)
        else:
            self.calls += 1
            self.longest_call_ms = max(self.longest_call_ms, ms)
        return now

    def advance(self, work: Work[T], budget_ms: float) -> tuple[bool, T | None]:
        """Units of `work` until it ends or the clock passes `budget_ms` from now, at least one
        unit: (True, its result) when it ended, else (False, None)."""
        deadline = self.clock() + budget_ms / 1000
        c = self.cpu()
        while True:
            try:
                next(work)
            except StopIteration as done:
                self._count(c)
                return True, done.value
            c = self._count(c)
            if self.clock() >= deadline:
                return False, None

    def call(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` as one piece: thinking that has no look at the clock inside (a player that
        decides in one call), measured as `longest_call_ms`. It stays
        out of the reserve: a frame runs it whatever it has left, so keeping time free for it
        would only take time from the units."""
        c0 = self.cpu()
        try:
            return fn(*args)
        finally:
            self._count(c0, unit=False)


PACER = Pacer()  # this process's: the front end, the computer players and the review share it


def advance(work: Work[T], budget_ms: float) -> tuple[bool, T | None]:
    """`PACER.advance`: units of `work` for `budget_ms`, at least one."""
    return PACER.advance(work, budget_ms)


class SeededBot:
    """What the bots here share: one random source, seeded from `seed`, and whom they play
    for in a team game (`team_play`: their team; off, themselves alone, which only the arena
    uses, as a yardstick)."""

    def __init__(self, seed: int | None = None, team_play: bool = True):
        self.rng = random.Random(seed)
        self.team_play = team_play

    def side(self, view: Game, seat: int) -> Side:
        """The seats `seat` plays for (`sides`)."""
        return sides(view, seat, self.team_play)[0]

    def reseed(self, value: str) -> None:
        self.rng.seed(value)


class RandomBot(SeededBot):
    """Any legal action, uniformly: the yardstick for correctness, not for play."""

    def choose(self, view: Game) -> Action:
        return self.rng.choice(view.legal_actions())


class PhaseBot(SeededBot):
    """A player deciding phase by phase, one method each (`place`, `found`, `buy` its own; the
    buy phase includes declaring the end). A merger's choices default to the plain ones the
    gentle levels share: the survivor it holds most of, the first defunct order, and every
    defunct share sold."""

    def choose(self, view: Game) -> Action:
        seat = view.current
        legal: list[Any] = view.legal_actions()  # the actions' type follows the phase
        phase = view.phase
        if phase == Phase.PLACE:
            return self.place(view, seat, legal)
        if phase == Phase.FOUND:
            return self.found(view, seat, legal)
        if phase == Phase.SURVIVOR:
            return self.survivor(view, seat, legal)
        if phase == Phase.DEFUNCT:
            return self.defunct(view, seat, legal)
        if phase == Phase.DISPOSE:
            return self.dispose(view, seat, legal)
        return self.buy(view, seat, legal)

    def place(self, view: Game, seat: int, legal: list[Any]) -> Action:
        raise NotImplementedError

    def found(self, view: Game, seat: int, legal: list[Any]) -> Action:
        raise NotImplementedError

    def buy(self, view: Game, seat: int, legal: list[Any]) -> Action:
        raise NotImplementedError

    def survivor(self, view: Game, seat: int, legal: list[Any]) -> Action:
        side = self.side(view, seat)
        return max(legal, key=lambda a: sum(view.shares(s, a.chain) for s in side))

    def defunct(self, view: Game, seat: int, legal: list[Any]) -> Action:
        return legal[0]

    def dispose(self, view: Game, seat: int, legal: list[Any]) -> Action:
        return max(legal, key=lambda a: (a.sell, -a.trade))


class GreedyBot(PhaseBot):
    """The frozen baseline (do not change its play: stronger levels are measured
    against it). Places the tile that most raises its net worth now, founds the
    dearest chain, keeps the chain it holds most of, sells everything in mergers,
    buys where it can contest a bonus and ends the game when allowed. In a team game its worth
    and its holdings are its team's."""

    # Its random source is unused: greedy play is deterministic (NormalBot's is not).

    def place(self, view: Game, seat: int, legal: list[Any]) -> Action:
        side = self.side(view, seat)
        return max(legal, key=lambda a: self._after_placing(view, side, a))

    def found(self, view: Game, seat: int, legal: list[Any]) -> Action:
        return max(legal, key=lambda a: price(a.chain, 2))

    def buy(self, view: Game, seat: int, legal: list[Any]) -> Action:
        if DeclareEnd() in legal:
            return DeclareEnd()
        return self._buy(view, self.side(view, seat), legal)

    @staticmethod
    def _after_placing(view: Game, side: Side, action: PlaceTile) -> int:
        g = view.copy()
        g.play(action)
        worth = sum(g.net_worth(s) for s in side)
        if g.phase == Phase.FOUND:  # the founder's free share of the dearest chain
            founds = cast("list[FoundChain]", g.legal_actions())
            worth += max(price(a.chain, g.chain_size(a.chain) or 2) for a in founds)
        return worth

    @staticmethod
    def _buy(view: Game, side: Side, legal: list[Action]) -> Action:
        best, best_price = None, 0
        for chain in view.chains_on_board():
            mine = sum(view.shares(s, chain) for s in side)  # a partner's shares count as its own
            top = max((view.shares(s, chain) for s in range(view.players) if s not in side), default=0)
            p = view.price(chain)
            if -2 <= top - mine <= 3 and p > best_price and view.bank_shares(chain):
                best, best_price = chain, p
        if best is None:
            return BuyShares(())
        for n in (3, 2, 1):
            action = BuyShares((best,) * n)
            if action in legal:
                return action
        return BuyShares(())
