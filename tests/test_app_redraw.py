"""Idle frames skip drawing, and the screen they leave is never stale: whenever
Shell.draw skips, drawing the frame afresh gives the very same pixels."""

from __future__ import annotations

import gc
import importlib
import pkgutil
import random
from types import ModuleType

import pytest

from acquire8 import storage as storage_mod
from acquire8.app import buttons as bt
from acquire8.app import views
from acquire8.app.control import app as capp
from acquire8.app.control import menus as menus
from acquire8.app.control import play as cplay
from acquire8.app.control.scene import TURN_QUIET_FRAMES
from acquire8.app.control.stages import Showing, Thinking, TurnChoice, TurnShown
from acquire8.app.control.standings import GameOver, Summary
from acquire8.app.shell import Shell, frame_key

NOTHING: frozenset[str] = frozenset()
KEYS = (bt.X, bt.X, bt.X, bt.LEFT, bt.RIGHT, bt.UP, bt.DOWN, bt.O, bt.MENU)


@pytest.fixture()
def px(pyxel_headless, monkeypatch):
    monkeypatch.setattr(menus.rows, "LEVELS", ("greedy", "random"))  # fast computer players
    return pyxel_headless


def screen(px) -> bytes:
    return bytes(px.screen.data_ptr())


def frame(shell: Shell, pressed: frozenset[str] = NOTHING, flip: bool = False) -> bool:
    """One frame through the shell; True if it drew. `flip`: shown as pyxel.run shows it."""
    import pyxel

    before = shell.draws
    shell.update(pressed)
    shell.draw()
    if flip:  # whatever Pyxel does between frames must leave the kept screen as it is
        pyxel.flip()
    return shell.draws > before


def new_shell(pace: str = "instant", **settings) -> Shell:
    # no Quit: Shell.update would end the test process with pyxel.quit()
    app = capp.App(
        settings=storage_mod.Settings(pace=pace, levels=["greedy"] * 5, **settings), seed=5, can_quit=False
    )
    return Shell(app, audio=False)


def to_your_turn(shell: Shell) -> cplay.Play:
    """New game, then frames without presses until the person decides and nothing moves."""
    frame(shell, frozenset({bt.X}))  # New game
    frame(shell, frozenset({bt.X}))  # Start
    play = shell.app.scene
    assert isinstance(play, cplay.Play)
    for _ in range(2000):
        if play.screen is not None and not play.flashing and not shell.app.anim.active:
            return play
        frame(shell)
    pytest.fail("the person's turn never came")


def assert_fresh(px, shell: Shell) -> None:
    """The kept screen is what drawing this frame afresh gives."""
    kept = screen(px)
    views.draw(shell.app)
    fresh = screen(px)
    if kept != fresh:
        diff = sum(a != b for a, b in zip(kept, fresh, strict=True))
        pytest.fail(f"stale screen on {type(shell.app.scene).__name__}: {diff} pixels differ")


@pytest.mark.parametrize("seed", range(6))
def test_a_skipped_frame_always_shows_what_drawing_it_would(px, seed):
    """Random presses (and long stretches of none) over the title, menus, games at every pace,
    mergers, the chart, pause and game over: each skipped frame's screen is checked."""
    rng = random.Random(seed)
    pace = menus.PACES[seed % len(menus.PACES)]
    shell = new_shell(pace, opponents=1 + seed % 5, high_contrast=seed % 2 == 1)
    skipped = 0
    screens = set()
    for f in range(2500):
        pressed = frozenset({rng.choice(KEYS)}) if rng.random() < 0.08 else NOTHING  # mostly quiet
        if f % 300 == 150:  # the palette switched without a press (as settings loading may)
            shell.app.settings.high_contrast = not shell.app.settings.high_contrast
        if not frame(shell, pressed, flip=True):
            skipped += 1
            assert_fresh(px, shell)
        screens.add(type(shell.app.scene).__name__)
    assert skipped > 300, skipped  # idle stretches do skip
    assert "Play" in screens and len(screens) >= 3, screens


def test_idle_menus_and_game_over_draw_once(px):
    shell = new_shell()
    app = shell.app
    frame(shell, frozenset({bt.DOWN}))
    frame(shell, frozenset({bt.DOWN}))
    frame(shell, frozenset({bt.X}))  # Settings
    assert isinstance(app.scene, menus.SettingsScene)
    for _ in range(20):  # the fade-in ends
        frame(shell)
    assert sum(frame(shell) for _ in range(120)) == 0
    assert frame(shell, frozenset({bt.DOWN}))  # a press moves the cursor: drawn at once
    assert sum(frame(shell) for _ in range(120)) == 0
    frame(shell, frozenset({bt.O}))  # back to the title
    for _ in range(20):
        frame(shell)
    # The title's row of tiles lifts one tile every 6 frames: 20 drawings in 120 frames.
    assert sum(frame(shell) for _ in range(120)) == 20
    frame(shell, frozenset({bt.UP}))
    frame(shell, frozenset({bt.UP}))  # back on New game
    to_your_turn(shell)
    for f in range(20_000):  # X whenever it is live plays the game to its end
        if isinstance(app.scene, GameOver):
            break
        frame(shell, frozenset({bt.X}) if f % (TURN_QUIET_FRAMES + 1) == 0 else NOTHING)
    assert isinstance(app.scene, GameOver)
    frame(shell)
    assert sum(frame(shell) for _ in range(200)) == 0


def test_your_turn_redraws_only_when_the_selection_blinks(px):
    shell = new_shell()
    app = shell.app
    to_your_turn(shell)
    frame(shell)  # the first frame after the flash: the clocks the screen reads change once
    drawn = [app.frame for _ in range(64) if frame(shell)]
    assert len(drawn) == 8, drawn  # the selected tile blinks every 8 frames
    assert all(f % 8 == 0 for f in drawn), drawn
    assert frame(shell, frozenset({bt.RIGHT}))  # another tile selected: drawn at once


def test_every_kind_of_change_is_drawn_on_the_next_frame(px):
    shell = new_shell(pace="normal")
    app = shell.app
    play = to_your_turn(shell)
    frame(shell)
    # The message line, without a press.
    play.message = "something new"
    assert frame(shell)
    # Settings changed without a press: the palette.
    app.settings.high_contrast = True
    assert frame(shell)
    assert_fresh(px, shell)
    # A notice on the title.
    frame(shell, frozenset({bt.MENU}))
    frame(shell, frozenset({bt.UP}))  # Quit to title
    frame(shell, frozenset({bt.X}))
    frame(shell, frozenset({bt.RIGHT}))  # the second question: QUIT
    frame(shell, frozenset({bt.X}))
    assert isinstance(app.scene, menus.Title)
    while app.anim.active:
        frame(shell)
    while not frame(shell):
        pass  # until the lift moves again ...
    app.notices.append("Could not save the game")
    assert frame(shell)  # ... the notice still shows on the very next frame
    assert_fresh(px, shell)


def test_computer_turns_draw_each_step_and_each_animation_frame(px):
    """A computer-only game at the normal pace: every frame that shows an event, moves an
    animation or closes a merger summary by itself is drawn."""
    from acquire8.ai import make_bot
    from acquire8.rules import Game

    app = capp.App(settings=storage_mod.Settings(pace="normal"), seed=2)
    game = Game.new(players=3, seed=2, names=list(capp.NAMES[:3]))
    play = cplay.Play(app, game, {s: make_bot("greedy", s) for s in range(3)}, people=set(), seed=2)
    app.goto(play)
    shell = Shell(app, audio=False)
    skipped = 0
    for _ in range(6000):
        if isinstance(app.scene, GameOver):
            break
        shown, stack, moving = len(play.shown), list(app.scenes), app.anim.active
        drew = frame(shell)
        if len(play.shown) != shown or app.scenes != stack or moving or app.anim.active:
            assert drew
        if not drew:
            skipped += 1
            if skipped % 10 == 0:
                assert_fresh(px, shell)
    assert isinstance(app.scene, GameOver)
    assert skipped > 0  # waits between steps with nothing moving


def test_frame_key_is_cheap_and_stable(px):
    shell = new_shell()
    to_your_turn(shell)
    app = shell.app
    app.frame = 3  # away from a blink edge
    assert frame_key(app) == frame_key(app)
    key = frame_key(app)
    app.frame += 8
    assert frame_key(app) != key  # the blink phase is in it


# ------------------------------------------------------------------ the frame budget's helpers


class FakeClock:
    """The play's clock in these tests: it moves only when a computer player thinks, so a busy
    machine cannot change what the slice leaves (a real clock made this test flaky under load)."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def perf_counter(self) -> float:
        return self.seconds


class SlowStart:
    """A stepping computer player whose start() takes `start_ms` of `clock`; it decides on its
    second step."""

    def __init__(self, start_ms: float, clock: FakeClock):
        self.start_ms = start_ms
        self.clock = clock
        self.budgets: list[float] = []

    def start(self, view) -> None:
        self.view = view
        self.clock.seconds += self.start_ms / 1000

    def step(self, budget_ms: float):
        self.budgets.append(budget_ms)
        return self.view.legal_actions()[0] if len(self.budgets) % 2 == 0 else None

    def choose(self, view):
        return view.legal_actions()[0]

    def reseed(self, value: str) -> None:
        pass


@pytest.mark.parametrize("start_ms", [0.5, 30.0])
def test_start_counts_against_the_frame_s_thinking_slice(start_ms):
    from acquire8.app.control.frames import FrameBudget
    from acquire8.rules import Game

    clock = FakeClock()
    app = capp.App(settings=storage_mod.Settings(pace="instant"), seed=1)
    app.frames = FrameBudget(30, clock=clock.perf_counter)  # the play reads time by the frames' clock
    bot = SlowStart(start_ms, clock)
    app.goto(
        cplay.Play(app, Game.new(players=2, seed=1, names=["Ana", "Bob"]), {0: bot, 1: bot}, people=set())
    )
    app.frames.begin()
    whole = app.frames.budget_ms()  # what the frame leaves over before the decision starts
    app.update(NOTHING)  # the first decision starts
    app.frames.end()
    if start_ms >= whole:
        assert bot.budgets == []  # start() was the whole slice: no step in the same frame
    else:
        assert bot.budgets == [pytest.approx(whole - start_ms)]


def test_settle_memory_keeps_what_is_loaded_out_of_full_collections():
    from acquire8.app.shell import settle_memory

    try:
        settle_memory()
        assert gc.get_freeze_count() > 1000  # modules, functions, the app's tables
    finally:
        gc.unfreeze()  # the rest of the test run collects as usual


def test_full_collections_run_at_a_frames_start_and_never_by_themselves(px):
    from acquire8.app.shell import FULL_EVERY, settle_memory

    shell = new_shell()
    before = gc.get_threshold()
    try:
        settle_memory()
        assert gc.get_threshold()[2] > 1_000_000  # none starts in the middle of a frame's work
        for _ in range(FULL_EVERY):  # each pass of the middle generation counts one for the full
            gc.collect(1)
        assert gc.get_count()[2] >= FULL_EVERY
        frame(shell)
        assert gc.get_count()[2] < FULL_EVERY  # the frame began with the full collection due
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


def view_modules() -> list[ModuleType]:
    """Every module of acquire8.app.views, the package's own too: whatever draws."""
    names = [info.name for info in pkgutil.iter_modules(views.__path__, "acquire8.app.views.")]
    return [views, *(importlib.import_module(name) for name in names)]


def test_the_views_read_the_frame_counter_only_through_the_noted_clocks():
    """The redraw key holds the phase of every clock the last drawing read (views.common.phase):
    a view reading the frame counter some other way would go stale unnoticed."""
    import inspect
    import re

    from acquire8.app.views import common

    for module in view_modules():
        source = inspect.getsource(module)
        assert not re.findall(r"\bframe_count\b|app\.frame\s*[%/]", source), module.__name__
    uses = re.findall(
        r"\bphase\(app\.frame[^)]*\)|\bblink\(app[^)]*\)",
        "".join(inspect.getsource(module) for module in view_modules()),
    )
    assert uses  # the title's lift and the blinks
    common.clocks_read.clear()
    assert common.blink(type("A", (), {"frame": 5})(), 8) is False and (4, 2) in common.clocks_read


def test_what_the_redraw_key_skips_no_view_reads():
    import inspect
    import re

    from acquire8.app.control import play as play_control

    source = "".join(inspect.getsource(module) for module in view_modules())
    skipped = {
        name
        for cls in (
            play_control.Play,
            TurnShown,
            TurnChoice,
            Showing,
            Thinking,
            Summary,
        )
        for name in cls.UNDRAWN
    }
    assert skipped >= {"wait", "bots", "undo_stack", "merger", "hint"}
    for name in skipped:
        assert not re.search(rf"\.{name}\b", source), name  # a whole name: .mergers is another
