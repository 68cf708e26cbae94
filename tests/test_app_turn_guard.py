"""Hurrying never decides: whole games driven headless with X mashed every 2-8 frames, or tapped
at a steady pace, through computer turns and into the person's. The first decision of a
person's turn (and a pass-and-play hand-over) acts only 1.1 s (TURN_QUIET_FRAMES) after the
last press of X, counted from before the turn began, later decisions after others played 0.4 s
(GUARD_FRAMES), and then it does."""

from __future__ import annotations

import random

import pytest

from acquire8.app.buttons import LEFT, RIGHT, X
from acquire8.app.constants import FPS
from acquire8.app.control.app import App
from acquire8.app.control.play import Play
from acquire8.app.control.scene import GUARD_FRAMES, RESULT_QUIET_FRAMES, TURN_QUIET_FRAMES
from acquire8.app.control.stages import Deciding, Passing
from acquire8.app.control.standings import RESULT_FRAMES, GameOver
from acquire8.storage import PERSON, Settings

NOTHING: frozenset = frozenset()


def drive(app: App, rng: random.Random, frames: int, until_over: bool = True) -> dict[str, int]:
    """Mash X in bursts (a press every 2-8 frames), each burst ended by a release of 0.4 s to
    1.3 s and one deliberate press. Checks every frame that no person's decision or hand-over
    happens while the turn's guard is up, and counts what happened."""
    play = app.scene
    assert isinstance(play, Play)
    seen = {"guarded_turns": 0, "person_actions": 0, "released": 0, "frames": 0}
    quiet = 0  # frames since X was last pressed
    fresh = True  # the person's next decision is guarded: nothing of theirs decided since others played
    turn_fresh = True  # ... and no person decided since the turn began: it needs TURN_QUIET_FRAMES
    passed = False  # the device was just handed over: the decision after it needs GUARD_FRAMES
    turn = app.scene.game.turn
    burst, gap, calm, rest = rng.randint(20, 200), rng.randint(2, 8), 0, GUARD_FRAMES
    last_guarded = None  # the last guarded decision or hand-over counted
    for frame in range(frames):
        if until_over and isinstance(app.scene, GameOver):
            break
        if burst > 0:
            burst -= 1
            press = frame % gap == 0
        elif calm < rest:
            calm += 1
            press = False
        else:  # the deliberate press after letting go, then the next burst
            press, burst, gap, calm = True, rng.randint(20, 200), rng.randint(2, 8), 0
            rest = rng.randint(GUARD_FRAMES, TURN_QUIET_FRAMES + 6)  # the next release's length
            seen["released"] += 1
        pressed = {X} if press else set()
        if rng.random() < 0.1:
            pressed.add(rng.choice((LEFT, RIGHT)))
        guarded = app.scene is play and play.guarding
        stage, actions = play.stage, len(play.actions)
        actor = play.game.current
        if app.scene is not play:
            fresh = True  # a merger summary: the decision after it opens afresh
        if guarded and stage is not last_guarded and isinstance(stage, Deciding | Passing):
            seen["guarded_turns"] += 1
            last_guarded = stage
        quiet_before = quiet
        screen_before = looks(stage)
        app.update(frozenset(pressed))
        quiet = 0 if press else quiet + 1
        if guarded and press:
            # A press while the guard is up changes nothing: no decision, no hand-over.
            assert len(play.actions) == actions and play.stage is stage, (frame, type(stage).__name__)
        if guarded and not play.guarding and app.scene is play:
            assert quiet >= stage.need >= GUARD_FRAMES, "the guard lifted before X was let go long enough"
        if fresh and press and isinstance(stage, Deciding | Passing):
            # Checked without the play's own guard: a press on a guarded screen less than 1.1 s
            # after the last one (a turn's first decision, a hand-over) or 0.4 s (a later
            # decision) changes nothing at all; one after that takes it.
            first = isinstance(stage, Passing) or (turn_fresh and not passed)
            need = TURN_QUIET_FRAMES if first else GUARD_FRAMES
            if quiet_before < need:  # (left/right still move the cursor meanwhile)
                assert len(play.actions) == actions, frame
                assert pressed != {X} or looks(play.stage) == screen_before, frame
            else:
                fresh = passed = isinstance(stage, Passing)  # after a hand-over the decision is guarded
        if len(play.actions) > actions:
            if play.is_person(actor) and isinstance(stage, Deciding):
                seen["person_actions"] += 1
            if play.is_person(actor):
                turn_fresh = passed = False
            else:
                fresh = True
        if play.game.turn != turn:
            turn, turn_fresh = play.game.turn, True
        seen["frames"] = frame + 1
    return seen


def looks(stage: object) -> dict:
    """What a stage shows: its decision screen's fields (cursor, rows, cart) or the pass screen."""
    screen = getattr(stage, "screen", None)
    fields = vars(screen) if screen is not None else {"stage": type(stage).__name__, **vars(stage)}
    return {k: list(v) if isinstance(v, list) else v for k, v in fields.items() if k != "quiet"}


def new_game(levels: list[str], opponents: int, seed: int) -> App:
    app = App(
        settings=Settings(levels=[*levels, *["easy"] * 5][:5], opponents=opponents, pace="fast"), seed=seed
    )
    app.update(frozenset({X}))  # New game
    app.update(frozenset({X}))  # Start
    assert isinstance(app.scene, Play)
    return app


@pytest.mark.slow
@pytest.mark.parametrize(
    ("level", "opponents"),
    [("easy", 1), ("normal", 2), ("hard", 3), ("easy", 4), ("normal", 5)],
)
def test_whole_games_with_x_mashed_never_decide_for_the_person(level, opponents):
    app = new_game([level] * 5, opponents, seed=opponents)
    seen = drive(app, random.Random(opponents), 200_000)
    assert isinstance(app.scene, GameOver), seen  # the game still reaches its end
    assert seen["guarded_turns"] > 5 and seen["person_actions"] > 5


@pytest.mark.slow
def test_the_expert_too_a_few_turns_of_it():
    app = new_game(["expert"] * 5, 2, seed=9)
    seen = drive(app, random.Random(9), 3000, until_over=False)
    assert seen["guarded_turns"] >= 2 and seen["person_actions"] >= 1


@pytest.mark.slow
def test_pass_and_play_hand_overs_wait_for_x_to_be_let_go_too():
    app = new_game([PERSON, "easy", PERSON], 3, seed=4)
    play = app.scene
    seen = drive(app, random.Random(4), 200_000)
    assert isinstance(app.scene, GameOver), seen
    assert play.people == {0, 1, 3} and seen["guarded_turns"] > 10


def reach_standings(seed: int, every: int = TURN_QUIET_FRAMES + 1) -> tuple[App, GameOver]:
    """A game to its final standings, X tapped every `every` frames (slow enough that the
    person's turns are taken)."""
    app = new_game(["easy"] * 5, 2, seed=seed)
    for i in range(200_000):
        if isinstance(app.scene, GameOver):
            break
        app.update(frozenset({X}) if i % every == 0 else NOTHING)
    over = app.scene
    assert isinstance(over, GameOver)
    return app, over


STANDINGS_PACES = (0.15, 0.3, 0.6, 0.95, 1.2, 1.5)  # seconds between taps of a hurrying player


@pytest.mark.parametrize("every", STANDINGS_PACES)
def test_taps_of_x_do_not_skip_the_final_standings(every):
    """X tapped as a player hurrying through the end would, every 0.15 s to 1.5 s, on from the
    computers' turns: the standings, which cannot be seen again, stay (no story, log, title or
    new game opens); once the taps stop for RESULT_QUIET_FRAMES, X takes the menu's item, which
    is not New game."""
    gap = round(every * FPS)
    app, over = reach_standings(seed=6)
    assert over.menu.item != "New game" and "New game" in over.menu.items
    for frame in range(30 * FPS):  # half a minute of taps
        down = frame % gap == 0
        app.update(frozenset({X}) if down else NOTHING, frozenset({X}) if frame % gap < 2 else NOTHING)
        assert app.scene is over, (every, frame)
    for _ in range(RESULT_QUIET_FRAMES):
        app.update(NOTHING)
    assert over.armed
    app.update(frozenset({X}))  # a deliberate X after the quiet spell: the story, over the standings
    assert app.scene is not over and app.scenes[-2] is over


def test_new_game_from_the_standings_is_one_deliberate_choice():
    """From the standings New game is the far end of a menu that does not wrap; reached with
    left presses, one X (after the quiet spell) opens the new game's setup."""
    app, over = reach_standings(seed=7)
    for _ in range(RESULT_FRAMES + RESULT_QUIET_FRAMES):
        app.update(NOTHING)
    app.update(frozenset({RIGHT}))  # no wrap: right at the end stays on it
    assert over.menu.index == len(over.menu.items) - 1
    for _ in over.menu.items:
        app.update(frozenset({LEFT}))
    assert over.menu.item == "New game"
    app.update(frozenset({X}))
    assert not isinstance(app.scene, GameOver) and app.scene is not over


TAP_PACES = (0.15, 0.3, 0.45, 0.65, 0.8, 0.95)  # seconds from one tap of X to the next


def tap_steadily(app: App, play: Play, every: float, seconds: float, hold: int) -> int:
    """X tapped every `every` seconds (down for `hold` frames each time) for `seconds`; returns
    how many of the person's decisions were taken meanwhile."""
    taken = 0
    starts = [round(k * every * FPS) for k in range(int(seconds / every) + 2)]  # frames a tap goes down
    for f in range(round(seconds * FPS)):
        since = f - max(s for s in starts if s <= f)  # frames since the last tap went down
        actor, actions = play.game.current, len(play.actions)
        app.update(frozenset({X}) if since == 0 else NOTHING, frozenset({X}) if since < hold else NOTHING)
        if len(play.actions) > actions and play.is_person(actor):
            taken += 1
    return taken


def finish_my_turn(app: App, play: Play) -> int:
    """The rest of the person's turn taken with X, each once X is live, as a calm player would;
    returns the frames it took (-1: the game ended)."""
    for frame in range(5000):
        if isinstance(app.scene, GameOver):
            return -1
        if app.scene is not play:  # a merger summary
            app.update(frozenset({X}))
        elif play.game.turn != 0 and not isinstance(play.stage, Deciding):
            return frame
        elif isinstance(play.stage, Deciding) and play.stage.armed:
            app.update(frozenset({X}))
        app.update(NOTHING)
    raise AssertionError("the turn never ended")


@pytest.mark.parametrize("hold", [1, 3])
def test_steady_taps_at_any_pace_up_to_a_second_never_decide_and_waiting_for_the_flash_does(hold):
    """A player hurrying the computers with a steady tap of X, every 0.15 s to 0.95 s, keeps
    tapping into their own turn: not one decision of theirs is taken, however long they tap
    (their turn, or their part in a computer's merger, waits). Once they stop and YOUR TURN
    stops flashing (1.1 s at most), their next X acts at once."""
    app = new_game(["normal"] * 5, 3, seed=11 + hold)
    play = app.scene
    assert isinstance(play, Play)
    finish_my_turn(app, play)  # the first turn, so that the taps start in the computers' turns
    tested = 0
    for every in TAP_PACES * 3:  # three rounds of every pace, as long as the game lasts
        actions = len(play.actions)
        assert tap_steadily(app, play, every, 8.0, hold) == 0, every
        while app.scene is not play and not isinstance(app.scene, GameOver):  # a summary left open
            app.update(frozenset({X}))
        if play.game.is_over:
            break
        assert len(play.actions) > actions, "the taps did not hurry the computers to you"
        assert isinstance(play.stage, Deciding) and play.game.current == 0 and play.guarding
        waited = 0
        while play.guarding:  # X is live once it has been up for 1.1 s
            app.update(NOTHING)
            waited += 1
        assert waited <= TURN_QUIET_FRAMES
        stage, recap, before = play.stage, bool(play.stage.recap), len(play.actions)
        screen = looks(stage)
        app.update(frozenset({X}))  # the first X after the flash acts at once: it closes the
        # recap, decides, or moves on in its screen (a disposal's next row)
        assert (recap and not stage.recap) or len(play.actions) == before + 1 or looks(play.stage) != screen
        tested += 1
        if finish_my_turn(app, play) < 0:
            break
    assert tested >= len(TAP_PACES), "the game ended before every pace was tried"
