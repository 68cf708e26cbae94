"""Your turn is yours: hurrying never decides. Whole games played by a model of a person
(tests/person.py) who taps X while the computers act and goes on tapping for a moment after a
screen of theirs appears; steady taps at every pace; the final standings. One rule
(scene.opening_guard): a screen of the person's that opens after something they did not do
takes X only once it has been up 1.1 s (TURN_QUIET_FRAMES), counted from before it opened."""

from __future__ import annotations

import random

import pytest

from acquire8.app.buttons import LEFT, RIGHT, X
from acquire8.app.constants import FPS
from acquire8.app.control.app import App
from acquire8.app.control.lesson import LessonDone
from acquire8.app.control.play import Play
from acquire8.app.control.scene import RESULT_QUIET_FRAMES, TURN_QUIET_FRAMES
from acquire8.app.control.stages import Deciding
from acquire8.app.control.standings import RESULT_FRAMES, RESULT_WAIT, GameOver
from acquire8.storage import PERSON, Settings
from acquire8.storage.settings import Pace
from tests.person import Person

NOTHING: frozenset = frozenset()


def new_game(levels: list[str], opponents: int, seed: int, pace: Pace = "fast") -> App:
    app = App(
        settings=Settings(levels=[*levels, *["easy"] * 5][:5], opponents=opponents, pace=pace), seed=seed
    )
    app.update(frozenset({X}))  # New game
    app.update(frozenset({X}))  # Start
    assert isinstance(app.scene, Play)
    return app


def looks(stage: object) -> dict:
    """What a stage shows: its decision screen's fields (cursor, rows, cart) or the pass screen."""
    screen = getattr(stage, "screen", None)
    fields = vars(screen) if screen is not None else {"stage": type(stage).__name__, **vars(stage)}
    return {k: list(v) if isinstance(v, list) else v for k, v in fields.items() if k != "quiet"}


def play_as_a_person(app: App, seed: int, limit: int = 60_000) -> Person:
    """A whole game played by the model of a person (tests/person.py), to the final standings,
    one deliberate X on them, and back."""
    person = Person(random.Random(seed))
    play = app.scenes[0]
    assert isinstance(play, Play)
    for _ in range(limit):
        if isinstance(app.scenes[-2] if len(app.scenes) > 1 else None, GameOver):
            return person  # the standings were left by a deliberate X: the game is done
        person.step(app, play)
    raise AssertionError(f"the game did not end in {limit} frames: {type(app.scene).__name__}, {person}")


# Opponents' levels (PERSON: pass-and-play), how many, and the pace: each played on 3 seeds.
KINDS_OF_GAME = [
    (["hard"] * 3, 3, "normal"),
    (["hard"] * 3, 3, "fast"),
    (["normal"] * 5, 5, "instant"),
    (["easy"], 1, "slow"),
    ([PERSON, "easy"], 2, "fast"),
    ([PERSON, "normal", PERSON], 3, "normal"),
]
GAMES = [(*kind, seed) for kind in KINDS_OF_GAME for seed in (1, 2, 3)]
# The person's screens that open after others acted: each must have been tapped on before the
# person noticed it, somewhere in these games, for the test to say anything of it.
TAPPED_KINDS = {"place", "dispose in another's turn", "buy after others", "summary", "pass", "gameover"}


@pytest.mark.slow
def test_generated_play_no_tap_ever_takes_a_decision_and_every_deliberate_one_is_taken():
    """Whole games of every kind played by a model of a person: taps at random rhythms and
    hold lengths while the computers act, going on for a reaction time after a screen of
    theirs appears. Not one of their decisions (or hand-overs, summaries that pay them, the
    standings' menu) is taken by such a tap, and every game ends by their deliberate presses."""
    tapped: dict[str, int] = {}
    for levels, opponents, pace, seed in GAMES:
        app = new_game(levels, opponents, seed, pace)
        person = play_as_a_person(app, seed)
        assert person.taken_by_taps == [], (levels, pace, seed, person.taken_by_taps[:5])
        assert person.decided > 20, person.decided
        for kind, n in person.tapped.items():
            tapped[kind] = tapped.get(kind, 0) + n
    assert set(tapped) >= TAPPED_KINDS, tapped


@pytest.mark.slow
def test_the_lesson_played_by_a_person_who_hurries():
    """The lesson, played by the same model (the lesson selects its own choices): its cards,
    answers and decisions are taken only by deliberate presses, and it reaches its end."""
    app = App(seed=3)
    play = app.lesson()
    person = Person(random.Random(3), move_selection=False)
    for _ in range(40_000):
        if isinstance(app.scene, LessonDone):
            break
        person.step(app, play)
    assert isinstance(app.scene, LessonDone), type(app.scene).__name__
    assert person.taken_by_taps == [], person.taken_by_taps[:5]
    assert {"partcard", "place"} <= set(person.tapped), person.tapped


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
    new game opens) and say how X acts there; once the taps stop for RESULT_QUIET_FRAMES, X
    takes the menu's item, which is not New game."""
    gap = round(every * FPS)
    app, over = reach_standings(seed=6)
    assert over.menu.item != "New game" and "New game" in over.menu.items
    for frame in range(30 * FPS):  # half a minute of taps
        down = frame % gap == 0
        app.update(frozenset({X}) if down else NOTHING, frozenset({X}) if frame % gap < 2 else NOTHING)
        assert app.scene is over, (every, frame)
        assert over.waiting == RESULT_WAIT  # in place of why the game ended
    for _ in range(RESULT_QUIET_FRAMES):
        app.update(NOTHING)
    assert over.armed and over.waiting == ""  # X acts: the line is why the game ended again
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
        if app.scene is not play:  # a merger summary, closed once it takes X
            app.update(frozenset({X}) if getattr(app.scene, "armed", True) else NOTHING)
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
            app.update(frozenset({X}) if getattr(app.scene, "armed", True) else NOTHING)
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
