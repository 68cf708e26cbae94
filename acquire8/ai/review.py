"""The expert reviews a finished game: what each decision of a seat cost, in dollars.

For every decision of the chosen seats in a `GameRecord`, from that seat's view at the time
(what it could see, no more), the expert's search compares the move played with the moves the
expert would weigh (`ExpertBot.candidate_moves`, and for a survivor or defunct order every legal
one): every candidate is played out on the same re-dealt hidden tiles to the start of the
seat's next turn (a seat the record names a level of deciding as that level, as in the
expert's play: `ExpertBot`'s `table`) and scored with hard's evaluation (net worth against the
best opponent, dollars). The cost of the move is the mean difference, over the deals both were
played out on, between the best candidate and the move played, with the standard error of
those paired differences. A decision is classed by its cost only when the cost is beyond doubt (cost -
`SURE_Z` standard errors above zero); a forced decision (one legal move) is not searched,
classed or counted. `accuracy` sums a seat's decisions up as one figure, 0 to 100
(docs/AI.md, "Reviewing a game").

The work is sliced for a front end: `Review(record)`, then `step(budget_ms)` until `done`,
`progress` telling (decisions reviewed, decisions to review). The same record, seats, seed
and iterations give the same review, however it is sliced.

    review = Review(record, iterations=16)
    while not review.done:
        review.step(20)
    review.accuracy(0), review.counts(0), review.decisions
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from acquire8.ai.base import PACER, Work, finish
from acquire8.ai.expert import ExpertBot, Search
from acquire8.ai.kept import (
    BLUNDER,
    CLASSES,
    GOOD,
    INACCURACY,
    KEPT_FORMAT,
    MISTAKE,
    GameKey,
    KeptReview,
    Verdict,
    game_key,
)
from acquire8.rules import Action, Game, Phase
from acquire8.rules.record import GameRecord, action_from_dict, action_to_dict, replay

# The least cost of each class but good, in dollars, worst first (docs/AI.md).
THRESHOLDS = ((BLUNDER, 4000), (MISTAKE, 1500), (INACCURACY, 500))
SURE_Z = 2.0  # standard errors the cost must stand above zero to count
ACCURACY_SCALE = 1000  # dollars of mean cost a decision that take accuracy from 100 to 100/e
DEFAULT_ITERATIONS = 16  # deals a decision
# A decision's share of a review's work (`effort`), to tell the time a review has left: measured
# on reviews of recorded games, a decision's search takes longer as the board fills (longer
# play-outs, more shares to weigh), about as (tiles on the board + EFFORT_TILES); a founding, a
# disposal or a merger's order about half a placement or a purchase; a forced one nothing.
EFFORT_TILES = 40


@dataclass(frozen=True)
class Decision:
    """One reviewed decision."""

    index: int  # its place in record.actions, from 0
    turn: int  # the turn it was made in, from 1
    seat: int
    played: Action
    best: Action  # the expert's preferred move (the one played when nothing beats it)
    cost: float  # dollars the move played is estimated to lose against `best`, 0 or more
    se: float  # the standard error of `cost` (0 when not searched)
    deals: int  # the deals the cost was measured on (0: not searched)
    options: int  # the legal moves there were

    @property
    def forced(self) -> bool:
        return self.options == 1

    @property
    def sure_cost(self) -> float:
        """The cost when it is beyond doubt (cost - SURE_Z * se above zero), else 0."""
        return self.cost if self.cost - SURE_Z * self.se > 0 else 0.0

    @property
    def kind(self) -> str:
        """good, inaccuracy, mistake or blunder: the class of its cost, when beyond doubt."""
        return classify(self.cost, self.se)


def classify(cost: float, se: float) -> str:
    """The class of a decision costing `cost` dollars with standard error `se`."""
    if cost - SURE_Z * se <= 0:
        return GOOD
    for kind, least in THRESHOLDS:
        if cost >= least:
            return kind
    return GOOD


def effort(view: Game) -> float:
    """The work of reviewing the decision from `view`, in units of EFFORT_TILES' scale: only
    the ratios of decisions' efforts mean something (Review.effort)."""
    if len(view.legal_actions()) == 1:  # forced: not searched
        return 0.0
    work = float(view.tiles_on_board() + EFFORT_TILES)
    return work if view.phase in (Phase.PLACE, Phase.BUY) else work / 2


def accuracy(decisions: list[Decision]) -> float:
    """100 * exp(-mean sure cost / ACCURACY_SCALE) over the decisions that were not forced (100
    when there are none): a seat that never lost a sure dollar scores 100, one losing $1,000 a
    decision on average scores 37."""
    free = [d for d in decisions if not d.forced]
    if not free:
        return 100.0
    mean = sum(d.sure_cost for d in free) / len(free)
    return 100.0 * math.exp(-mean / ACCURACY_SCALE)


@dataclass(frozen=True)
class _Position:
    index: int
    turn: int
    seat: int
    played: Action
    view: Game  # the seat's view before the move


class Review:
    """The review of `record` for `seats` (default: every seat), `iterations` deals a decision,
    seeded with `seed`, worked through a decision at a time by `step`."""

    def __init__(
        self,
        record: GameRecord,
        seats: list[int] | None = None,
        iterations: int = DEFAULT_ITERATIONS,
        seed: int = 0,
    ):
        if iterations < 2:
            raise ValueError("a review needs at least 2 deals a decision")
        self.record = record
        self.seats = sorted(set(range(record.players) if seats is None else seats))
        if not all(0 <= s < record.players for s in self.seats):
            raise ValueError(f"seats are 0 to {record.players - 1}")
        self.iterations = iterations
        self.seed = seed
        self._todo: list[_Position] = []
        before = record.start()
        for step in replay(record):
            if step.seat in self.seats:
                view = before.view(step.seat)
                self._todo.append(_Position(step.index, step.turn, step.seat, step.action, view))
            before = step.game
        self._efforts = [effort(pos.view) for pos in self._todo]
        self.decisions: list[Decision] = []
        # the seats' levels, as the record names them: the playouts play each as it plays
        self._bot = ExpertBot(seed, iterations=iterations, table=record.seats)
        self._work: Work[Decision] | None = None  # the decision under review

    @property
    def progress(self) -> tuple[int, int]:
        """(decisions reviewed, decisions to review in all)."""
        return len(self.decisions), len(self._todo)

    @property
    def done(self) -> bool:
        return len(self.decisions) == len(self._todo)

    def effort(self, decisions: int | None = None) -> float:
        """The work of reviewing the first `decisions` to review (None: all of them), as
        `effort` weighs each: the time so far over the work done, times the work left, is the
        time left (the decisions grow costlier as a game goes on: counted alike, the first
        few would promise half the time the rest takes)."""
        return sum(self._efforts[:decisions])

    def step(self, budget_ms: float | None = None) -> Decision | None:
        """Work for about `budget_ms` (None: until the next decision is reviewed), at least one
        unit, `PACER` looking at the clock after each; the decision reviewed in this step, if
        one was."""
        if self.done:
            return None
        if self._work is None:
            self._work = self._review_steps(self._todo[len(self.decisions)])
        if budget_ms is None:
            decision = finish(self._work)
        else:
            done, result = PACER.advance(self._work, budget_ms)
            if not done:
                return None
            assert result is not None
            decision = result
        self._work = None
        return self._add(decision)

    def run(self) -> list[Decision]:
        """Review every decision left; all the decisions."""
        while not self.done:
            self.step()
        return self.decisions

    def of(self, seat: int) -> list[Decision]:
        return [d for d in self.decisions if d.seat == seat]

    def accuracy(self, seat: int) -> float:
        return accuracy(self.of(seat))

    def counts(self, seat: int) -> dict[str, int]:
        """How many of the seat's decisions (forced ones left out) fell in each class."""
        out = dict.fromkeys(CLASSES, 0)
        for d in self.of(seat):
            if not d.forced:
                out[d.kind] += 1
        return out

    def kept(self) -> KeptReview:
        """What is kept of the finished review with its game: each seat's accuracy and the free
        decisions (ValueError while it is under way)."""
        if not self.done:
            raise ValueError("the review is not finished")
        verdicts = tuple(
            Verdict(d.index, d.turn, d.seat, d.played, d.best, round(d.cost), d.kind)
            for d in self.decisions
            if not d.forced
        )
        accuracy = tuple((s, round(self.accuracy(s), 1)) for s in self.seats)
        return KeptReview(self.iterations, self.seed, accuracy, verdicts)

    @classmethod
    def resumed(cls, record: GameRecord, saved: dict[str, object]) -> Review:
        """The review of `record` that `to_dict` wrote, taken up where it was left; ValueError
        (or TypeError) naming the first problem."""
        seats, iterations, seed = saved.get("seats"), saved.get("iterations"), saved.get("seed")
        if not isinstance(seats, list) or type(iterations) is not int or type(seed) is not int:
            raise ValueError("reviewing: seats, iterations and seed expected")
        review = cls(record, seats, iterations, seed)
        review.restore(saved)
        return review

    def to_dict(self) -> dict[str, object]:
        """The review so far, to take up in another session (`restore`): its arguments and
        every decision reviewed, as JSON data."""
        return {
            "format": KEPT_FORMAT,
            "iterations": self.iterations,
            "seed": self.seed,
            "seats": list(self.seats),
            "decisions": [
                {
                    "action": d.index,
                    "best": action_to_dict(d.best),
                    "cost": d.cost,
                    "se": d.se,
                    "deals": d.deals,
                    "options": d.options,
                }
                for d in self.decisions
            ],
        }

    def restore(self, data: object) -> None:
        """Take up what `to_dict` wrote of this same review (its record, seats, iterations and
        seed), before any step: its decisions count as reviewed. Each decision is reviewed on
        deals of its own, so the review ends as it would have without the break. ValueError
        naming the first problem, the review left as it was."""
        if self.decisions or self._work is not None:
            raise ValueError("review: already under way")
        if not isinstance(data, dict) or data.get("format") != KEPT_FORMAT:
            raise ValueError("review: not a review in progress")
        mine = {"iterations": self.iterations, "seed": self.seed, "seats": list(self.seats)}
        if any(data.get(key) != value for key, value in mine.items()):
            raise ValueError("review: of other seats, deals or seed")
        items = data.get("decisions")
        if not isinstance(items, list) or len(items) > len(self._todo):
            raise ValueError("review: decisions must be a list of this game's")
        decisions = []
        for pos, d in zip(self._todo, items, strict=False):
            try:
                decisions.append(_resumed(pos, d))
            except (ValueError, TypeError, KeyError) as e:
                raise ValueError(f"review: decision {len(decisions) + 1}: {e}") from None
        self.decisions = decisions

    # ------------------------------------------------------------ one decision

    def _add(self, decision: Decision) -> Decision:
        self.decisions.append(decision)
        return decision

    def _review_steps(self, pos: _Position) -> Work[Decision]:
        """The review of the decision at `pos`, in units of sliced thinking: the expert's
        candidates a tile at a time, then the search's units."""
        view = pos.view
        legal = view.legal_actions()
        if len(legal) == 1:
            return Decision(pos.index, pos.turn, pos.seat, pos.played, pos.played, 0.0, 0.0, 0, 1)
        bot = self._bot
        bot.reseed(f"review {self.seed} {pos.index}")  # each decision its own deals
        cands = yield from bot.candidate_steps(view)
        if view.phase in (Phase.SURVIVOR, Phase.DEFUNCT):
            cands += [a for a in legal if a not in cands]
        if pos.played not in cands:
            cands.append(pos.played)
        if len(cands) == 1:  # the move played is the only one the expert would weigh
            return Decision(pos.index, pos.turn, pos.seat, pos.played, pos.played, 0.0, 0.0, 0, len(legal))
        search = bot.search(view, cands)
        while not search.done():
            yield
            search.iterate()
        return self._conclude(pos, cands, search)

    def _conclude(self, pos: _Position, cands: list[Action], search: Search) -> Decision:
        best = search.best()
        b, p = cands.index(best), cands.index(pos.played)
        options = len(pos.view.legal_actions())
        diffs = [x - y for x, y in zip(search.results[b], search.results[p], strict=False)]
        n = len(diffs)
        mean = sum(diffs) / n
        if mean <= 0:  # the move played is the best, or as good on these deals
            return Decision(pos.index, pos.turn, pos.seat, pos.played, pos.played, 0.0, 0.0, n, options)
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else math.inf
        se = math.sqrt(var / n)
        return Decision(pos.index, pos.turn, pos.seat, pos.played, best, max(0.0, mean), se, n, options)


def _resumed(pos: _Position, d: dict) -> Decision:
    """The decision `Review.to_dict` wrote of the position `pos`."""
    if d["action"] != pos.index:
        raise ValueError(f"action {d['action']!r} where {pos.index} was decided")
    cost, se, deals, options = d["cost"], d["se"], d["deals"], d["options"]
    if not all(type(v) in (int, float) and v >= 0 for v in (cost, se)):
        raise ValueError("cost and se must be numbers, 0 or more")
    if not all(type(v) is int and v >= 0 for v in (deals, options)):
        raise ValueError("deals and options must be whole numbers")
    best = action_from_dict(d["best"])
    return Decision(pos.index, pos.turn, pos.seat, pos.played, best, cost, se, deals, options)


def review(
    record: GameRecord, seats: list[int] | None = None, iterations: int = DEFAULT_ITERATIONS, seed: int = 0
) -> Review:
    """The whole review of `record` at once."""
    r = Review(record, seats, iterations, seed)
    r.run()
    return r


__all__ = [
    "ACCURACY_SCALE",
    "BLUNDER",
    "CLASSES",
    "DEFAULT_ITERATIONS",
    "EFFORT_TILES",
    "GOOD",
    "INACCURACY",
    "KEPT_FORMAT",
    "MISTAKE",
    "SURE_Z",
    "THRESHOLDS",
    "Decision",
    "GameKey",
    "KeptReview",
    "Review",
    "Verdict",
    "accuracy",
    "classify",
    "effort",
    "game_key",
    "review",
]
