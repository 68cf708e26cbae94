"""Hurrying never decides: whole games driven headless with X mashed every 2-8 frames through
computer turns and into the person's; a person's turn (or a pass-and-play hand-over) acts only
after X has been let go for 0.4 s (GUARD_FRAMES), and then it does."""

from __future__ import annotations

import random

import pytest

from acquire8.app.buttons import LEFT, RIGHT, X
from acquire8.app.control.app import App
from acquire8.app.control.play import GUARD_FRAMES, RESULT_FRAMES, Deciding, GameOver, Passing, Play
from acquire8.storage import PERSON, Settings

NOTHING: frozenset = frozenset()


def drive(app: App, rng: random.Random, frames: int, until_over: bool = True) -> dict[str, int]:
    """Mash X in bursts (a press every 2-8 frames), each burst ended by a release of 0.4 s or
    more and one deliberate press. Checks every frame that no person's decision or hand-over
    happens while the turn's guard is up, and counts what happened."""
    play = app.scene
    assert isinstance(play, Play)
    seen = {"guarded_turns": 0, "person_actions": 0, "released": 0, "frames": 0}
    quiet = 0  # frames since X was last pressed
    fresh = True  # the person's next decision opens a turn: nothing of theirs decided since others played
    burst, gap, calm = rng.randint(20, 200), rng.randint(2, 8), 0
    for frame in range(frames):
        if until_over and isinstance(app.scene, GameOver):
            break
        if burst > 0:
            burst -= 1
            press = frame % gap == 0
        elif calm < GUARD_FRAMES + rng.randint(0, 6):
            calm += 1
            press = False
        else:  # the deliberate press after letting go, then the next burst
            press, burst, gap, calm = True, rng.randint(20, 200), rng.randint(2, 8), 0
            seen["released"] += 1
        pressed = {X} if press else set()
        if rng.random() < 0.1:
            pressed.add(rng.choice((LEFT, RIGHT)))
        guarded = app.scene is play and play.guarding
        stage, actions = play.stage, len(play.actions)
        actor = play.game.current
        if app.scene is not play:
            fresh = True  # a merger summary: the decision after it opens afresh
        if guarded and stage.quiet == 0 and isinstance(stage, Deciding | Passing):
            seen["guarded_turns"] += 1
        quiet_before = quiet
        screen_before = looks(stage)
        app.update(frozenset(pressed))
        quiet = 0 if press else quiet + 1
        if guarded and press:
            # A press while the guard is up changes nothing: no decision, no hand-over.
            assert len(play.actions) == actions and play.stage is stage, (frame, type(stage).__name__)
        if guarded and not play.guarding and app.scene is play:
            assert quiet >= GUARD_FRAMES, "the guard lifted before X was let go for 0.4 s"
        if fresh and press and isinstance(stage, Deciding | Passing):
            # Checked without the play's own guard: a press on a new turn's screen less than
            # 0.4 s after the last one changes nothing at all; one after that is the turn's first.
            if quiet_before < GUARD_FRAMES:  # (left/right still move the cursor meanwhile)
                assert len(play.actions) == actions, frame
                assert pressed != {X} or looks(play.stage) == screen_before, frame
            else:
                fresh = isinstance(stage, Passing)  # after a hand-over the decision opens afresh
        if len(play.actions) > actions:
            if play.is_person(actor) and isinstance(stage, Deciding):
                seen["person_actions"] += 1
            elif not play.is_person(actor):
                fresh = True
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


def test_taps_of_x_do_not_skip_the_final_standings():
    """X tapped as a player hurrying through the end would (every 0.6 s): the standings, which
    cannot be opened again, stay RESULT_FRAMES; then X takes the menu's item (New game)."""
    app = new_game(["easy"] * 5, 2, seed=6)
    for i in range(200_000):
        if isinstance(app.scene, GameOver):
            break
        app.update(frozenset({X}) if i % (GUARD_FRAMES + 1) == 0 else NOTHING)
    over = app.scene
    assert isinstance(over, GameOver)
    frames = 0
    while app.scene is over and frames < 10 * RESULT_FRAMES:
        app.update(frozenset({X}) if frames % 18 == 0 else NOTHING)
        frames += 1
    assert RESULT_FRAMES <= frames < 2 * RESULT_FRAMES  # it stayed, then X acted
    assert app.scene is not over and not isinstance(app.scene, GameOver)
