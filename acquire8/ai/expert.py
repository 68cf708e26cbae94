"""The expert player: Monte Carlo search over the information set of its decision.

For a placement, a founding, a disposal or a purchase it takes the hard player's choice and a
few others (hard's next best tiles; every chain it would found; the plain disposals; no
purchase and three shares of the most promising chains), then repeatedly re-deals the tiles it
cannot see (`Game.determinize`: one sample of the hidden hands and pool consistent with its
view), plays every candidate out on that same deal (common random numbers make the comparison
fair) to the start of its own next turn (or `rounds` rounds on; a purchase, which ends its
turn, through that turn; from late in the game on, `TO_END_FROM`, to the final scoring), a
seat whose level it is told (`table`) deciding as that level plays, any other seat as a hard
player who draws its tiles and purchases with the leanings fitted to the yardstick's Manager
(`hard.YARDSTICK_HABITS`: they found chains and buy shares more readily than hard), and the
rest of its own turn as its inner hard player would, and scores the result with the hard
player's evaluation (in a team game: its team's worth against the best other team's, the
partners played out as team-playing players). The statistics
are kept per candidate of the decision it faces, over all deals: a one-level information-set
search. A candidate whose paired difference to the leader lies beyond doubt below zero stops
being played out, so the deals go to the close ones, and the decision is made when one is
left. The survivor and defunct order are the hard player's, and a declared end that wins is
taken without search. The other seats' hard players weigh the board as hard does; its own, and
its evaluation, leave out the chains an empty square would merge away (`evaluate.EXPERT`):
weighing them there too slows its playouts and showed no gain in round 55 (docs/AI.md). The
three choices of round 70 (the leanings, playouts to the end, `merge_tile`) gained together at
tables with the yardstick (docs/AI.md).

It is anytime and sliced for a front end without threads: `start(view)` and then
`step(budget_ms)` as often as needed (None means "still thinking"); `choose(view)`
does both. With `iterations=N` it plays N deals per decision (fewer when one candidate is
left), whatever the clock says, so the same seed gives the same decisions.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any, Literal, get_args

from acquire8.ai.base import PACER, Bot, GreedyBot, RandomBot, SeededBot, Work, finish
from acquire8.ai.evaluate import DEFAULT, EXPERT, Evaluator, Params, stage
from acquire8.ai.hard import YARDSTICK_HABITS, HardBot
from acquire8.ai.simple import EasyBot, NormalBot
from acquire8.rules import CHAINS, PRICES, Action, BuyShares, DeclareEnd, Dispose, Game, Phase

DEFAULT_BUDGET_MS = 500.0
PRUNE_AFTER = 8  # deals before a trailing candidate may be dropped
PRUNE_Z = 3.0  # standard errors below the leader that drop a candidate
TO_END_FROM = 0.9  # the game's stage from which its playouts run to the final scoring
# A tile whose value for hard (its margin, in dollars) is more than this below hard's best
# tile's is not a candidate: pruning takes PRUNE_AFTER deals to drop one, deals that go to
# the close tiles instead.
TILE_WINDOW = 4000
TO_THE_END = 10**6  # a horizon in turns that only the game's end cuts short
# The chance to win a singles game that the evaluation's margin (dollars, at a turn's start)
# gives, by tenth of the game's stage: its logit is a + b x margin. Fitted on every seat at every
# turn's start of 239 kept arena games, the expert against three hard and against three Trader
# (tools/fit_win.py): each $4,000 of lead adds 1 to the logit at mid-game, each $2,000 near the end.
WIN_LOGIT = (
    (-1.45, 2.45e-05),
    (-1.73, 7.39e-05),
    (-1.55, 1.523e-04),
    (-0.98, 1.974e-04),
    (-0.56, 2.212e-04),
    (-0.32, 2.430e-04),
    (-0.32, 2.679e-04),
    (-0.28, 3.311e-04),
    (-0.24, 4.065e-04),
    (-0.18, 5.471e-04),
)
FINAL_SCALE = 500.0  # dollars of margin that add 1 to the logit at the final scoring
# How a seat known to be one of the levels (`table`) is played out: as that level's own player,
# the expert as the hard player whose choices it re-ranks (a search in a search would cost its
# deals). A seat not known (a person, another program) is played out with the leanings.
SEAT_MODELS: dict[str, Callable[[int | None], Bot]] = {
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
    "expert": HardBot,
    "random": RandomBot,
    "greedy": GreedyBot,
}
Objective = Literal["margin", "win"]


class ExpertBot(SeededBot):
    """Hard's candidates re-ranked by determinized playouts, within `budget_ms` per
    decision (or exactly `iterations` deals), comparing up to `candidates` moves, each
    played out `horizon` turns (default: `rounds` rounds, to the start of its own turn; from
    the game's stage `to_end_from` on, to the final scoring), the other seats deciding as hard
    players with the weights `model` (drawing their tiles and purchases by `model_temperature`
    if above 0, or with `model_habits` as the yardstick's players lean), and scored by
    `objective` (the evaluation's margin, or in singles the chance to win it gives); a trailing
    candidate may be dropped after `prune_after` deals. `table` names each seat's player, where
    it is known: a seat of one of the levels is played out as that level plays (`SEAT_MODELS`)."""

    def __init__(
        self,
        seed: int | None = None,
        budget_ms: float = DEFAULT_BUDGET_MS,
        iterations: int | None = None,
        candidates: int = 6,
        horizon: int | None = None,
        rounds: int = 1,
        params: Params = EXPERT,
        team_play: bool = True,
        prune_after: int = PRUNE_AFTER,
        to_end_from: float | None = TO_END_FROM,
        model: Params = DEFAULT,
        objective: Objective = "margin",
        model_temperature: float = 0.0,
        model_habits: bool = True,
        table: Sequence[str] = (),
    ):
        super().__init__(seed, team_play)
        if rounds < 1:
            raise ValueError(f"rounds is at least 1, not {rounds}")
        if objective not in get_args(Objective):
            raise ValueError(f"objective is margin or win, not {objective!r}")
        if prune_after < 2:
            raise ValueError(f"prune_after is at least 2 deals, not {prune_after}")
        self.hard = HardBot(seed, params, team_play)
        # the other seats in a playout: hard players with `model`'s weights (in a team game,
        # for their teams), drawing their tiles and purchases by `model_temperature` if above 0,
        # or as the yardstick's players lean beyond hard's values (`hard.YARDSTICK_HABITS`)
        habits = YARDSTICK_HABITS if model_habits else None
        self.opponent = HardBot(seed, model, temperature=model_temperature, habits=habits)
        # the seats whose level the table shows, each played out as that level (one per level)
        made: dict[str, Bot] = {}
        for level in table:
            if level in SEAT_MODELS and level not in made:
                made[level] = SEAT_MODELS[level](seed)
        self.seat_models = {s: made[level] for s, level in enumerate(table) if level in made}
        # the models that draw their choices at random (`seed_draws`)
        self._drawing: list[Bot] = [
            m for m in (self.opponent, *made.values()) if not isinstance(m, HardBot) or m.noisy
        ]
        self.ev = Evaluator(params, team_play)
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.candidates = candidates
        self.horizon = horizon  # turns played out after the decision; None: `rounds` rounds
        self.rounds = rounds  # rounds played out (1: to its own next turn)
        self.prune_after = prune_after  # deals before a trailing candidate may be dropped
        # from this stage of the game (evaluate.stage) its playouts run to the final scoring
        self.to_end_from = to_end_from
        # what a playout scores: the evaluation's margin, or (singles only) the chance to win
        # it gives (`win_chance`)
        self.objective = objective
        self._work: Work[Action] | None = None  # the decision under way
        self._prep: Work[list[Action]] | None = None  # ... its candidates, while worked out
        self._task: Search | None = None  # ... its search, once begun
        self.last_deals = 0  # the deals its last decision played out (0: it did not search)

    # ------------------------------------------------------------ interface

    def reseed(self, value: str) -> None:
        """Seed its own random source and its models' (its own hard player and the other seats')
        with `value`."""
        super().reseed(value)
        self.hard.reseed(value)
        self.opponent.reseed(value)
        for model in self.seat_models.values():
            model.reseed(value)

    def choose(self, view: Game) -> Action:
        """The decision at once: the search ends on its own when its budget is spent."""
        self.start(view)
        work, self._work = self._work, None
        assert work is not None
        act = finish(work)
        self._prep = self._task = None
        return act

    def start(self, view: Game) -> None:
        """Begin thinking about `view` (the acting seat's view). Cheap: the candidates are
        worked out in the first steps, a tile at a time, then the search a unit at a time."""
        self._task = None
        self.last_deals = 0
        self._prep = self._candidate_steps(view)
        self._work = self._thinking(view, self._prep)

    def step(self, budget_ms: float, last: bool = False) -> Action | None:
        """Think for up to `budget_ms` (at least one unit, `PACER` looking at the clock after
        each); the decision when done, else None. `last`: decide now on the deals played so far
        (hard's choice before any), unless `iterations` fixes the work (then the decision does
        not depend on how it was sliced); while its candidates are still being worked out, they
        go on as in any step (never all at once: a frame's thinking stays a unit long) and it
        decides in the step that finishes them."""
        if self._work is None:
            raise RuntimeError("step() before start()")
        now = last and self.iterations is None  # decide on what it has
        done, act = (False, None) if now and self._task is not None else PACER.advance(self._work, budget_ms)
        if not done:
            if not now or self._task is None:
                return None
            act = self._task.best()
            self.last_deals = self._task.deals
        self._work = self._prep = self._task = None
        return act

    def _thinking(self, view: Game, prep: Work[list[Action]]) -> Work[Action]:
        """The whole decision in units: the candidates (`prep`), then the search's units."""
        cands = yield from prep
        self._prep = None
        if len(cands) == 1:
            return cands[0]
        task = self._task = self.search(view, cands)
        clock = time.perf_counter
        while not task.done():
            yield
            t = clock()
            task.iterate()
            task.spent_ms += 1000 * (clock() - t)
        self.last_deals = task.deals
        return task.best()

    def seed_draws(self, value: str) -> None:
        """Seed the other seats' random choices in a playout with `value`: alike for every
        candidate on a deal (not the market's stream)."""
        for model in self._drawing:
            model.reseed(value)

    def model_steps(self, g: Game) -> Work[Action]:
        """The decision of `g`'s current seat, another than its own, in a playout: as that seat's
        level plays where the table shows it, else by the leanings (`opponent`)."""
        model = self.seat_models.get(g.current, self.opponent)
        if isinstance(model, HardBot):
            return model.choose_steps(g)
        return _at_once(model, g)

    # ------------------------------------------------------------ the search, for a review

    def candidate_moves(self, view: Game) -> list[Action]:
        """The moves it compares from `view`, its preferred first: one when it does not search
        (a single legal action, a declared end that wins, a survivor or defunct order)."""
        return finish(self._candidate_steps(view))

    def candidate_steps(self, view: Game) -> Work[list[Action]]:
        """`candidate_moves` in units of sliced thinking (a tile at a time for a placement)."""
        return self._candidate_steps(view)

    def search(self, view: Game, cands: list[Action]) -> Search:
        """The search its decision from `view` runs over `cands` (two or more, the first kept on
        a tie): `iterate()` until `done()`, then `best()` and `results` (each candidate's score
        per deal, the deals common to all; a dropped candidate has the first few)."""
        # to the start of its own turn `rounds` rounds on (a disposal may come in another's turn)
        own = (view.current - view.turn) % view.players or view.players
        horizon = own + (self.rounds - 1) * view.players if self.horizon is None else self.horizon
        if self.to_end_from is not None and stage(view) >= self.to_end_from:
            horizon = TO_THE_END
        return Search(view, cands, horizon, self)

    # ------------------------------------------------------------ candidates

    def _candidate_steps(self, view: Game) -> Work[list[Action]]:
        """The hard player's best few choices, best first (one when nothing to search), in
        units of sliced thinking: a tile at a time for a placement."""
        phase = view.phase
        hard = self.hard
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal
        if phase == Phase.PLACE:
            values = yield from hard.place_value_steps(view)
            top = values[0][0]
            return [a for v, a in values[: self.candidates] if v >= top - TILE_WINDOW]
        if phase == Phase.BUY:
            me = view.current
            if (yield from self.hard.buy_or_declare_steps(view)) == DeclareEnd():
                # the final scoring makes it the winner: a sure win beats any margin
                return [DeclareEnd()]
            yield
            return self._buy_candidates(view, me)
        if phase == Phase.FOUND:
            first = yield from hard.choose_steps(view)
            return [first, *[a for a in hard.found_options(view) if a != first]][: self.candidates]
        if phase == Phase.DISPOSE:
            return self._dispose_candidates(view, legal)
        return [hard.choose(view)]

    def _dispose_candidates(self, view: Game, legal: list[Any]) -> list[Action]:
        """Hard's disposal, then the plain ones: sell all, keep all, trade all it can and
        sell or keep the rest."""
        held = max(a.sell + a.trade for a in legal)
        trade = max(a.trade for a in legal)
        out: list[Action] = [self.hard.dispose(view)]
        for act in (Dispose(held, 0), Dispose(0, 0), Dispose(held - trade, trade), Dispose(0, trade)):
            if act in legal and act not in out:
                out.append(act)
        return out[: self.candidates]

    def _buy_candidates(self, view: Game, me: int) -> list[Action]:
        """Hard's purchase, buying nothing, and three shares of each of the best chains."""
        best = self.hard.best_buy(view, me)[1]
        out: list[Any] = [best]  # purchases only
        legal = set(view.legal_actions())
        for act in (BuyShares(()), *(BuyShares((c,) * 3) for c in view.chains_on_board())):
            if act in legal and act not in out:
                out.append(act)
        if len(out) <= self.candidates:
            return out
        # keep the cheapest few variants to playouts: hard's choice, nothing, then by prior
        ranked = sorted(out[2:], key=lambda a: -self._buy_prior(view, me, a))
        return out[:2] + ranked[: self.candidates - 2]

    def _buy_prior(self, view: Game, me: int, act: BuyShares) -> float:
        """The margin right after buying `act`, valued on changed copies of the tables."""
        self.ev.setup(view)
        cash, bank, sizes = list(view.all_cash()), list(view.bank_counts()), view.chain_sizes()
        stock = [list(row) for row in view.share_table()]
        for ch in act.chains:
            c = CHAINS.index(ch)
            stock[me][c] += 1
            bank[c] -= 1
            cash[me] -= PRICES[c][sizes[c]]
        return self.ev.margin(self.ev.worths_of(cash, stock, sizes, bank), me, cash[me])


class Search:
    """Flat Monte Carlo over a few candidates with common random deals."""

    def __init__(self, view: Game, cands: list[Action], horizon: int, bot: ExpertBot):
        self.view = view
        self.cands = cands
        self.horizon = horizon
        self.bot = bot
        self.me = view.current
        self.side = bot.side(view, self.me)  # the seats it plays for
        self.active = list(range(len(cands)))  # the candidates still compared, in order
        self.results: list[list[float]] = [[] for _ in cands]  # each one's score per deal
        self.this_deal: list[float] = []  # the active candidates' scores on the current deal
        self.deals = 0  # deals on which every active candidate has been played out
        self.next = 0  # the place in `active` of the candidate to play out next
        self.world: Game = view
        self.market_seed = 0.0
        self.game: Game | None = None  # the playout under way
        self.turns = 0  # turns it has finished
        self.turn = -1
        self.spent_ms = 0.0  # thinking time so far, summed over the steps
        self.deciding: Work[Action] | None = None  # my own decision in the playout, under way

    def done(self) -> bool:
        bot = self.bot
        if len(self.active) == 1:  # the others have fallen behind beyond doubt
            return True
        if bot.iterations is not None:
            return self.deals >= bot.iterations
        return self.deals > 0 and self.spent_ms >= bot.budget_ms

    def iterate(self) -> None:
        """One small unit of work: start a playout (the next candidate on the current
        deal; a new deal every len(cands) playouts), play one action of it, or score
        it. Small units keep every slice close to its budget; the sequence of units is
        the same however the work is sliced, so the decision is too."""
        bot = self.bot
        g = self.game
        if g is None:
            if self.next == 0:
                self.world = self.view.determinize(bot.rng)
                self.market_seed = bot.rng.random()
            g = self.world.copy()
            g.reseed(self.market_seed)  # the same market draws for every candidate
            bot.seed_draws(f"{self.market_seed} seats")  # ... and the same draws of their choices
            g.play(self.cands[self.active[self.next]])
            self.game, self.turns, self.turn = g, 0, g.turn
            return
        if g.is_over or self.turns >= self.horizon:
            score = bot.ev.evaluate(g, self.me)
            if bot.objective == "win" and g.options.mode == "singles":
                score = win_chance(g, score)
            self.this_deal.append(score)
            self.game = None
            self.next += 1
            if self.next == len(self.active):
                for i, score in zip(self.active, self.this_deal, strict=True):
                    self.results[i].append(score)
                self.next, self.this_deal = 0, []
                self.deals += 1
                self._prune()
            return
        if g.current == self.me and g.phase == Phase.PLACE:
            # its own next tile (a purchase's playout runs to the end of its next turn): the
            # tile that most raises its (team's) net worth now, the first on a tie
            act = max(g.legal_actions(), key=lambda a: _worth_after(g, a, self.side))
        else:
            # its own seat decides as its inner hard player, the others as their models: a
            # hard player's tile or merger's choice at a time, so that no unit takes long
            if self.deciding is None:
                self.deciding = bot.hard.choose_steps(g) if g.current == self.me else bot.model_steps(g)
            try:
                next(self.deciding)
                return
            except StopIteration as decided:
                act, self.deciding = decided.value, None
        g.play(act)
        if g.turn != self.turn:
            self.turns += 1
            self.turn = g.turn

    def _leader(self) -> int:
        """The active candidate with the best total (all have played the same deals);
        the earlier, hard's preference, on a tie."""
        return max(self.active, key=lambda k: (sum(self.results[k]), -k))

    def _prune(self) -> None:
        """Stop playing out the candidates that trail the leader beyond doubt: on the same
        deals, their mean difference to it lies more than PRUNE_Z standard errors below 0.
        The deals go to the close ones; when one is left the decision is made."""
        n = self.deals
        if n < self.bot.prune_after:
            return
        lead = self.results[self._leader()]
        keep = []
        for i in self.active:
            diffs = [a - b for a, b in zip(self.results[i], lead, strict=True)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            if mean + PRUNE_Z * (var / n) ** 0.5 >= 0:
                keep.append(i)
        self.active = keep

    def best(self) -> Action:
        if not self.deals:  # no deal complete: hard's choice
            return self.cands[0]
        return self.cands[self._leader()]


def _at_once(bot: Bot, g: Game) -> Work[Action]:
    """A quick player's decision as one unit of thinking."""
    yield
    return bot.choose(g)


def win_chance(g: Game, margin: float) -> float:
    """The chance to win a singles game that `margin` (the evaluation's, in dollars) gives at
    `g`'s stage (`WIN_LOGIT`, between tenths in proportion); at the final scoring a lead of $500
    is three chances in four, of $1,500 nineteen in twenty."""
    if g.is_over:
        logit = margin / FINAL_SCALE
    else:
        x = min(stage(g) * len(WIN_LOGIT) - 0.5, len(WIN_LOGIT) - 1.0)
        i = max(0, min(int(x), len(WIN_LOGIT) - 2))
        t = max(0.0, x - i)
        (a0, b0), (a1, b1) = WIN_LOGIT[i], WIN_LOGIT[i + 1]
        logit = (1 - t) * (a0 + b0 * margin) + t * (a1 + b1 * margin)
    return logistic(logit)


def logistic(logit: float) -> float:
    """1 / (1 + e^-logit), kept off overflow."""
    return 1 / (1 + math.exp(-max(-60.0, min(60.0, logit))))


def _worth_after(g: Game, act: Action, side: tuple[int, ...]) -> int:
    h = g.copy()
    h.play(act)
    return sum(h.net_worth(s) for s in side)


__all__ = ["DEFAULT_BUDGET_MS", "ExpertBot", "Search", "logistic", "win_chance"]
