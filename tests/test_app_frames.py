"""Computers think in what each frame leaves over (control/frames.py), answer within
DECISION_FRAMES, and the turn bar shows that they think. Time here is a fake clock: nothing is
timed, the arithmetic and its outcomes are checked."""

from __future__ import annotations

import random

import pytest

from acquire8 import storage as storage_mod
from acquire8.ai import make_bot
from acquire8.ai.base import RESERVE_KEPT, Pacer, Work, finish
from acquire8.app import constants as k
from acquire8.app.control import app as capp
from acquire8.app.control import frames as fr
from acquire8.app.control import play as cplay
from acquire8.app.control.stages import DECISION_FRAMES, Job, Thinking
from acquire8.app.control.standings import Summary
from acquire8.rules import Game

from positions import fill, load, player

NOTHING: frozenset[str] = frozenset()
PERIOD = 1000 / 30


class Clock:
    def __init__(self) -> None:
        self.ms = 0.0

    def __call__(self) -> float:
        return self.ms / 1000

    def run(self, ms: float) -> None:
        self.ms += ms


def test_the_budget_is_the_frame_s_share_less_its_own_work():
    clock = Clock()
    fb = fr.FrameBudget(30, clock)
    assert fb.budget_ms() == fr.UNMEASURED_MS  # no shell marks the frames: a fixed small slice
    fb.begin()
    clock.run(1.0)  # the update before the computer thinks
    first = fb.budget_ms()
    assert first == pytest.approx(fr.LOAD * PERIOD - 1.0 - fr.FIRST_TAIL_MS)
    clock.run(first)
    fb.thought()
    clock.run(3.0)  # the rest of update and the drawing
    fb.end()
    clock.ms = PERIOD  # the next frame, on time
    fb.begin()
    clock.run(1.0)
    assert fb.budget_ms() == pytest.approx(fr.LOAD * PERIOD - 1.0 - 3.0)  # the tail measured
    assert fb.frames == 1 and fb.late == 0 and fb.think_ms == 0.0


def test_thinking_to_the_budget_never_makes_a_frame_late():
    """Frames whose own work varies (0-6 ms before the thinking, 1-8 ms after), the thinking
    using all it is given and overrunning by a unit: no frame is late, and the thinking gets
    most of what the frames leave over."""
    clock, rng = Clock(), random.Random(1)
    fb = fr.FrameBudget(30, clock)
    thought = 0.0
    for i in range(600):
        clock.ms = i * PERIOD
        fb.begin()
        clock.run(rng.uniform(0, 6))
        slice_ms = fb.budget_ms()
        clock.run(slice_ms + 1.0)  # a unit of thinking runs past the slice
        thought += slice_ms + 1.0
        fb.thought()
        clock.run(rng.uniform(1, 8))
        fb.end()
    assert fb.frames == 600 and fb.late == 0 and fb.slipped == 0
    assert fb.worst_ms <= fr.LOAD * PERIOD + 8
    assert thought / 600 > 0.3 * PERIOD  # the old slice was 1.5 ms: 0.045 of the period


def test_a_frame_that_starts_late_halves_the_share_until_frames_are_on_time_again():
    clock = Clock()
    fb = fr.FrameBudget(30, clock)
    fb.begin()
    fb.end()
    clock.ms = 3 * PERIOD  # something unseen (the screen, the machine) took two frames
    fb.begin()
    assert fb.slipped == 1 and fb.scale == 0.5
    assert fb.budget_ms() == pytest.approx(0.5 * fr.LOAD * PERIOD - fr.FIRST_TAIL_MS)
    fb.end()
    for i in range(4, 60):
        clock.ms = i * PERIOD
        fb.begin()
        fb.end()
    assert fb.scale == 1.0


def units(clock: Clock, lengths: list[float], done: list[int]) -> Work[str]:
    """Thinking whose units take `lengths` ms on `clock`; `done` counts the units that ran."""
    for ms in lengths:
        clock.run(ms)
        done.append(1)
        yield
    return "decided"


def test_the_pacer_stops_at_the_first_look_at_the_clock_past_the_budget_and_keeps_the_longest():
    clock = Clock()
    pacer = Pacer(clock, clock)
    done: list[int] = []
    work = units(clock, [1.0, 4.0, 2.0, 3.0, 1.0, 1.0], done)
    assert pacer.advance(work, 6.5) == (False, None)
    assert len(done) == 3 and clock.ms == 7.0  # 1, 5, then 7: past 6.5 at the third look
    assert pacer.longest_ms == pytest.approx(4.0) == pacer.reserve_ms and pacer.units == 3
    assert pacer.advance(work, 0.0) == (False, None) and len(done) == 4  # at least one unit
    assert pacer.advance(work, 100.0) == (True, "decided")  # the end is a unit too (its result)
    assert pacer.longest_ms == pytest.approx(4.0) and pacer.units == 7
    assert pacer.call(clock.run, 6.0) is None  # one piece in one call, measured on its own
    assert pacer.longest_call_ms == pytest.approx(6.0) and pacer.calls == 1
    assert pacer.longest_ms == pytest.approx(4.0) and pacer.units == 7


def test_the_slowdown_hook_makes_each_unit_cost_that_many_times_its_cpu():
    clock = Clock()

    def cpu() -> float:  # every look moves the CPU clock on, as a busy loop does
        clock.run(0.01)
        return clock()

    pacer = Pacer(clock, cpu)
    pacer.slowdown = 4.0
    done: list[int] = []
    assert pacer.advance(units(clock, [2.0, 2.0], done), 1.0) == (False, None)
    assert len(done) == 1 and 8.0 <= pacer.longest_ms <= 8.2  # 2 ms of its own, then 6 burnt
    assert 8.0 <= clock.ms <= 8.3


def test_the_budget_leaves_the_longest_unit_lately_room_before_the_limit_and_that_reserve_decays():
    clock = Clock()
    pacer = Pacer(clock, clock)
    fb = fr.FrameBudget(30, clock, pacer)
    fb.begin()
    clock.run(1.0)
    share = fr.LOAD * PERIOD - 1.0 - fr.FIRST_TAIL_MS
    done: list[int] = []
    pacer.advance(units(clock, [5.0], done), 1.0)  # a unit of 5 ms: it fits past the share
    clock.run(-5.0)  # (back to the frame's first ms, to compare the budgets)
    assert fb.budget_ms() == pytest.approx(share)
    pacer.advance(units(clock, [14.0], done), 1.0)  # 14 ms: it would not
    clock.run(-14.0)
    room = fr.LIMIT * PERIOD - 1.0 - fr.FIRST_TAIL_MS
    cut = fb.budget_ms()
    assert cut == pytest.approx(room - 14.0 * RESERVE_KEPT) and cut < share
    for _ in range(200):  # frames that ask for thinking time and start no such unit again
        fb.budget_ms()
    assert pacer.reserve_ms < 2.0 and pacer.longest_ms == pytest.approx(14.0)
    assert fb.budget_ms() == pytest.approx(share)
    pacer.call(clock.run, 20.0)  # a piece in one call: measured, but no unit to keep room for
    clock.run(-20.0)
    assert pacer.longest_call_ms == pytest.approx(20.0) and fb.budget_ms() == pytest.approx(share)
    clock.run(share + 1.0)  # the share used up: one unit still fits before the limit
    assert fb.budget_ms() == fr.ONE_UNIT_MS
    clock.run((fr.LIMIT - fr.LOAD) * PERIOD)  # and now it would not
    assert fb.budget_ms() == 0.0


def test_a_frame_s_thinking_never_outlasts_its_share_whatever_its_units():
    """Units of 0.05 to 14 ms (long ones rare), frames whose own work varies: once a unit of a
    length has been measured, no frame's thinking runs past its share (LOAD of the period, less
    the frame's own work) by more than that length, nor so far that the frame would end past
    LIMIT of the period; no frame is late, and the thinking goes on."""
    clock, rng = Clock(), random.Random(2)
    pacer = Pacer(clock, clock)
    fb = fr.FrameBudget(30, clock, pacer)
    lengths = [rng.choice([0.05] * 40 + [0.5] * 10 + [3.0] * 3 + [14.0]) for _ in range(20_000)]
    done: list[int] = []
    work = units(clock, lengths, done)
    over = []
    for i in range(900):
        clock.ms = i * PERIOD
        fb.begin()
        clock.run(rng.uniform(0, 3))
        budget = fb.budget_ms()
        longest = pacer.longest_ms
        if budget > 0:
            pacer.advance(work, budget)
        fb.thought()
        thought_until = clock.ms - i * PERIOD
        if pacer.longest_ms == longest:  # no unit longer than those measured before
            over.append(thought_until - (fr.LOAD * PERIOD - 1.0))  # its share: 1 ms of tail at least
            assert thought_until <= fr.LIMIT * PERIOD - 1.0
        clock.run(rng.uniform(1, 4))
        fb.end()
    assert 0 < max(over) <= 14.0 and fb.late == 0
    assert len(done) > 5_000  # thinking went on


class Endless:
    """A stepping player that would think forever: it decides only when told it is the last
    step (then the first legal action)."""

    def __init__(self) -> None:
        self.steps: list[tuple[float, bool]] = []

    def start(self, view: Game) -> None:
        self.view = view

    def step(self, budget_ms: float, last: bool = False):
        self.steps.append((budget_ms, last))
        return self.view.legal_actions()[0] if last else None

    def choose(self, view: Game):
        return view.legal_actions()[0]

    def reseed(self, value: str) -> None:
        pass


def two_seat_play(bot) -> tuple[capp.App, cplay.Play]:
    app = capp.App(settings=storage_mod.Settings(pace="instant"), seed=1)
    game = Game.new(players=2, seed=3, names=["You", "Ana"])
    play = cplay.Play(app, game, {1: bot}, people={0})
    app.goto(play)
    return app, play


def test_a_computer_answers_within_decision_frames_however_long_it_would_think():
    bot = Endless()
    app, play = two_seat_play(bot)
    app.frames.clock = lambda: 0.0  # stopped: a bot's start() takes no time, it steps in its first frame
    app.frames.pacer = Pacer()  # no unit measured: every frame has time left over
    for _ in range(500):
        if play.game.current == 1:
            break
        play.act(play.game.legal_actions()[0])  # the person's moves, straight to the rules
        while play.busy and play.game.current == 0 and not isinstance(play.stage, Thinking):
            app.update(NOTHING)
    decided = len(play.actions)
    frames = 0
    while len(play.actions) == decided:
        app.update(NOTHING)
        frames += 1
    assert frames == DECISION_FRAMES
    assert [last for _, last in bot.steps] == [False] * (DECISION_FRAMES - 1) + [True]
    # under a second, with a frame whose start() left no time to step
    assert (DECISION_FRAMES + 1) / k.FPS < 1


def test_a_frame_with_nothing_left_over_starts_no_unit_until_the_decision_is_due():
    bot = Endless()
    g = Game.new(players=2, seed=3)
    job = Job(bot, g.view(g.current))
    for _ in range(DECISION_FRAMES - 1):
        assert job.step(0.0) is None
    assert bot.steps == []  # not even the one unit a step would think
    assert job.step(0.0) == g.legal_actions()[0] and bot.steps == [(0.0, True)]


def test_the_expert_decides_on_its_last_step_a_unit_at_a_time_and_iterations_ignore_it():
    g = Game.new(players=4, seed=5)
    expert = make_bot("expert", 2)
    while len(finish(expert._candidate_steps(g.view(g.current)))) < 2:  # a decision it searches
        g.apply(g.legal_actions()[0])
    view = g.view(g.current)
    job = Job(expert, view)
    act, steps = None, 0
    while act is None:
        act = job.step(1e-6)  # a unit a step: the search is far from its budget
        steps += 1
    assert steps == DECISION_FRAMES and act in view.legal_actions()
    # Starved (no frame has time left over): no unit until the decision is due, then its
    # candidates a unit a step, never at once, and hard's choice in the step that ends them.
    prep_units = sum(1 for _ in make_bot("expert", 2)._candidate_steps(view))
    starved = make_bot("expert", 2)
    job = Job(starved, view)
    act, steps = None, 0
    while act is None:
        act = job.step(0.0)
        steps += 1
    assert prep_units > 1 and steps == DECISION_FRAMES - 1 + prep_units + 1
    assert act == finish(make_bot("expert", 2)._candidate_steps(view))[0]
    fixed = make_bot("expert", 2, iterations=3)
    job = Job(fixed, view)
    act = None
    while act is None:
        act = job.step(0.0)
    assert act == make_bot("expert", 2, iterations=3).choose(view)  # however it was sliced


def dots(px, play: cplay.Play) -> set[int]:
    """The colours where the thinking dots go, right of the turn bar's text."""
    x = k.EDGE + len(play.banner) * k.CHAR_W
    return {px.screen.pget(x + i, k.TOP_Y + j) for i in range(1, 6) for j in range(k.THINK_DOT_Y - 1, 6)}


class Slow(Endless):
    """Decides on its fifth step."""

    def step(self, budget_ms: float, last: bool = False):
        self.steps.append((budget_ms, last))
        return self.view.legal_actions()[0] if len(self.steps) % 5 == 0 else None


def test_the_turn_bar_shows_moving_dots_while_a_computer_thinks_and_none_after(pyxel_headless):
    from acquire8.app.shell import Shell

    px = pyxel_headless
    bot = Slow()
    app = capp.App(settings=storage_mod.Settings(pace="instant"), seed=1, can_quit=False)
    game = Game.new(players=2, seed=3, names=["You", "Ana"])
    while game.current != 1:
        game.apply(game.legal_actions()[0])
    play = cplay.Play(app, game, {1: bot}, people={0})
    app.goto(play)
    shell = Shell(app, audio=False)
    seen = []
    for _ in range(4):
        shell.update(NOTHING)
        shell.draw()
        assert play.thinking
        seen.append(dots(px, play))
    assert all(k.ACCENT in s and k.DIM in s for s in seen)  # one lit dot, the others dim
    lit = []
    for _ in range(2 * k.THINK_STEP):
        app.frame += 1
        shell.draw()
        x, y = k.EDGE + len(play.banner) * k.CHAR_W, k.TOP_Y + k.THINK_DOT_Y - 1
        lit.append([i for i in range(3) if px.screen.pget(x + 1 + 2 * i, y) == k.ACCENT])
    assert len({tuple(s) for s in lit}) > 1  # the lit dot moves
    for _ in range(200):  # it decides; then the person's turn, once its bar stops blinking
        shell.update(NOTHING)
        shell.draw()
        if play.screen is not None and not play.flashing and not app.anim.active:
            break
    assert not play.thinking and len(play.actions) >= 1
    assert not dots(px, play) & {k.ACCENT, k.DIM}


def test_a_computer_thinks_in_every_frame_events_show_in_the_one_opening_a_summary_too():
    """Its decision's frames are all thinking frames: a frame of the play with a decision under
    way and not yet due steps it once, whatever the frame shows."""
    cells = {**fill("T", "1A-3A"), **fill("A", "5A-6A")}
    hands = ["4A", "9C", "9E", "9G", "11C", "11E"]  # 4A merges A (2 tiles) into T (3)
    game = load(
        cells=cells,
        players=[player(hand=["1I", "3I", "5I", "7I", "9I", "11I"]), player(hand=hands), player()],
        pool=["2C", "2E", "2G", "4C", "4E", "4G", "6C", "6E"],
        current=1,
    )
    bots = {1: Endless(), 2: Endless()}
    app = capp.App(settings=storage_mod.Settings(pace="fast"), seed=1)  # events show a few frames
    app.frames.clock = lambda: 0.0
    app.frames.pacer = Pacer()
    play = cplay.Play(app, game, bots, people={0})
    app.goto(play)
    opened = stepped = 0
    for _ in range(400):
        stage = play.stage if app.scene is play else None
        job = getattr(stage, "job", None)
        before = sum(len(b.steps) for b in bots.values())
        app.update(NOTHING)
        if job is not None and getattr(play.stage, "job", None) is job:  # still under way
            assert sum(len(b.steps) for b in bots.values()) == before + 1
            stepped += 1
            opened += isinstance(app.scene, Summary)
        if play.game.current == 0:
            break
    assert opened == 1 and stepped > DECISION_FRAMES  # the summary opened in such a frame
