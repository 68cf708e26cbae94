"""Fixed, reproducible states of the front end: the key screens for `make screenshots` and
the golden-image tests, reached only through the controllers (button presses)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace

from acquire8.ai import level_of, make_bot
from acquire8.app.buttons import DOWN, LEFT, MENU, RIGHT, UP, Button, O, X
from acquire8.app.control import menus, reach
from acquire8.app.control.app import App, NullKeeper
from acquire8.app.control.decisions import BuyScreen, DeclareScreen, DisposeScreen, PlaceScreen
from acquire8.app.control.lesson import LESSON, Lesson, LessonDone, PartCard, lesson_of
from acquire8.app.control.play import Play
from acquire8.app.control.review import ReviewScene
from acquire8.app.control.scene import TURN_QUIET_FRAMES
from acquire8.app.control.seats import NAMES
from acquire8.app.control.stages import Deciding
from acquire8.app.control.standings import GameOver, Summary, game_record
from acquire8.rules import Game, minimal_position
from acquire8.rules.tables import TILE_NAMES
from acquire8.storage.backends import LocalStorageBackend, MemoryStorage
from acquire8.storage.stats import GameResult, Stats
from acquire8.storage.store import Storage

NOTHING: frozenset[Button] = frozenset()
LESSON_STALLS = 3  # decisions in a row that leave the lesson at its step: past it, it is stuck
REVIEW_FRAMES = 200_000  # a review in the slices of frames no shell measures: far more than it takes

# A mid-game position (docs/DESIGN.md position format): 5A merges Tower and Luxor, 10B founds a
# chain with 9B, 6G grows Worldwide, the rest are lone tiles.
BOARD = [
    "TTTT.LLL....",
    "........#...",
    "............",
    "..AAAAA.....",
    "..A.........",
    "..........#.",
    "...WW.......",
    "............",
    "#...........",
]
HANDS = {
    0: ["5A", "10B", "6G", "9I", "12D", "1F"],
    1: ["2C", "4C", "6C", "8C", "10C", "12C"],
    2: ["1H", "3H", "5H", "7H", "9H", "11H"],
    3: ["2E", "6E", "8F", "10G", "12G", "12I"],
}
CASH = (6000, 4300, 5100, 3800)
SHARES = ({"T": 1, "L": 3, "A": 2}, {"T": 4, "L": 2}, {"A": 3, "W": 1}, {"L": 1, "A": 1})


def position() -> str:
    """The demo position as JSON; the pool is every other tile in a fixed shuffle."""
    used = {name for row in HANDS.values() for name in row}
    for r, row in enumerate(BOARD):
        for c, ch in enumerate(row):
            if ch != ".":
                used.add(f"{c + 1}{'ABCDEFGHI'[r]}")
    pool = [t for t in TILE_NAMES if t not in used]
    random.Random(5).shuffle(pool)
    players = [{"name": NAMES[s], "cash": CASH[s], "shares": SHARES[s], "hand": HANDS[s]} for s in range(4)]
    return minimal_position(BOARD, players, pool)


def start(app: App, game: Game, level: str = "greedy") -> Play:
    """Play `game` in `app`: seat 0 is the person, every other seat a computer player."""
    bots = {s: make_bot(level_of(level), s) for s in range(1, game.players)}
    return app.show(Play(app, game, bots, people={0}, levels=dict.fromkeys(bots, level)))


def press(app: App, *buttons: Button) -> None:
    """One frame with each button pressed, then a frame with nothing pressed."""
    for b in buttons:
        app.update(frozenset({b}))
        app.update(NOTHING)


def select(app: App, name: str, value: str | None = None) -> None:
    """The top screen's row, menu item or page `name` selected (and with `value`, that row
    set to it), by the presses a person would make (control/reach.py); NotReached names the
    screen and what was looked for when it is not there."""
    for _ in range(reach.MOST_PRESSES):
        button = reach.next_press(app.scene, name, value)
        if button is None:
            return
        press(app, button)
    raise reach.NotReached(reach.describe(app.scene, name, value))


def where(app: App) -> str:
    """Where the game stands, for the message of a wait that gave up: the screen on top, the
    play's stage, whose turn it is and the lesson's step, the frame."""
    play = app.scenes[0]
    at = f"on {type(app.scene).__name__}"
    if isinstance(play, Play):
        at += f" ({type(play.stage).__name__}, seat {play.game.current} to {play.game.phase.value}"
        if isinstance(play.guide, Lesson):
            at += f", lesson step {play.guide.index}"
        at += ")"
    return f"{at} at frame {app.frame}"


def run_until(app: App, done: Callable[[], bool], limit: int = 5000) -> None:
    """Frames with nothing pressed until `done()` (computer turns play out at their pace);
    NotReached, saying where the game stands, if it has not come in `limit` frames."""
    for _ in range(limit):
        if done():
            return
        app.update(NOTHING)
    raise reach.NotReached(f"not reached in {limit} frames: {where(app)}")


def my_decision(play: Play) -> Callable[[], bool]:
    """A `run_until` condition: the person's decision is on screen, X is live (the turn's
    guard has passed) and YOUR TURN no longer flashes. A recap of the others' turns on the way
    is closed with X, as a person would; the board under it is guarded again, so the wait goes
    on until the next X decides."""

    def ready() -> bool:
        stage = play.stage
        if play.app.scene is not play or not isinstance(stage, Deciding) or not stage.armed:
            return False
        if play.flashing:
            return False
        if stage.recap:
            press(play.app, X)  # type: ignore[arg-type]
            return False
        return True

    return ready


def select_tile(app: App, play: Play, tile: str) -> None:
    ui = play.screen
    assert isinstance(ui, PlaceScreen)
    for _ in range(len(play.game.hand(play.game.current))):
        if ui.tile == tile:
            return
        press(app, RIGHT)
    raise ValueError(f"{tile} is not in the hand")


def lesson_ready(app: App, play: Play) -> Callable[[], bool]:
    """A `run_until` condition for the lesson: the person's decision is live (a part's card,
    a recap or a merger summary on the way is closed with X once it takes X, as a person
    would), or the game is over."""

    def ready() -> bool:
        scene = app.scene
        if isinstance(scene, Summary | PartCard) and scene.armed:
            press(app, X)
            return False
        if isinstance(app.scene, GameOver):
            return True
        if lesson_of(play).reads_on:  # the answer to your last choice: read on
            press(app, X)
            return False
        return my_decision(play)() and not lesson_of(play).holding

    return ready


def lesson_take(app: App, play: Play) -> None:
    """The decision on screen taken as the lesson suggests it: X on what it selected; a
    purchase of the selected chain; sell 1 share in a merger; YES, then END IT."""
    ui = play.screen
    if isinstance(ui, DeclareScreen):
        press(app, X, RIGHT, X)
    elif isinstance(ui, BuyScreen):
        press(app, X)
        for _ in range(reach.MOST_PRESSES):
            if play.screen is not ui or ui.option == "DONE":
                break
            press(app, RIGHT)
        else:
            raise reach.NotReached(f"DONE not reached in {reach.MOST_PRESSES} presses: {where(app)}")
        press(app, X)
    elif isinstance(ui, DisposeScreen):
        press(app, RIGHT, X, X)
    else:
        press(app, X)


def lesson_to(app: App, index: int, limit: int = 5000) -> Play:
    """The lesson (started from the title, or the one on screen) played as it suggests up to
    the decision of step `index`, or to the game over. NotReached names the step it is stuck
    at (its choice refused again and again), or says where the game stands past `limit` frames
    (the whole lesson takes about a thousand)."""
    title = app.scene
    if isinstance(title, menus.Title):
        title.menu.index = title.menu.items.index("Learn to play")
        press(app, X)
    play = app.scenes[0]
    assert isinstance(play, Play)
    lesson = lesson_of(play)
    stalled = 0  # decisions taken in a row without the lesson moving on
    end = app.frame + limit
    while app.frame < end:
        run_until(app, lesson_ready(app, play), end - app.frame)
        if lesson.index == index or isinstance(app.scene, GameOver):
            return play
        at = lesson.index
        lesson_take(app, play)
        stalled = stalled + 1 if lesson.index == at else 0
        if stalled > LESSON_STALLS:
            step = lesson.steps[at]
            raise reach.NotReached(
                f"the lesson never got past step {at} ({step.phase}: {step.prompt!r}); "
                f"it said {lesson.note!r}"
            )
    raise reach.NotReached(f"lesson step {index} not reached in {limit} frames: {where(app)}")


def key_screens() -> Iterator[tuple[str, App]]:
    """(name, app) for each key screen, in a fixed order, settled: every animation (anim.py)
    finished, so the screens stay the same from run to run."""
    for name, app in _key_screens():
        app.anim.finish()
        yield name, app


def _key_screens() -> Iterator[tuple[str, App]]:
    """The key screens as the button presses leave them (animations possibly under way)."""
    app = App(seed=1)
    yield "title", app
    app.scene.update(frozenset({X}))
    select(app, "end")  # its line says what "declare" does
    yield "setup", app

    app = App(seed=2)
    play = start(app, Game.from_json(position()))
    run_until(app, my_decision(play))
    select_tile(app, play, "5A")
    yield "play", app
    press(app, O)
    for page in menus.Chart.PAGES:  # every page Z opens, by name
        select(app, page)
        if page == "board":
            press(app, UP)  # the cursor a row up: the square named under the board
        yield page, app
    press(app, O)

    select_tile(app, play, "10B")
    press(app, X)
    run_until(app, my_decision(play))
    press(app, RIGHT, RIGHT)
    yield "found", app

    app = App(seed=3)
    play = start(app, Game.from_json(position()))
    run_until(app, my_decision(play))
    select_tile(app, play, "5A")
    press(app, X)
    run_until(app, my_decision(play))
    press(app, RIGHT, DOWN, RIGHT)  # sell 1, then trade 2
    yield "dispose", app
    press(app, X)  # to DONE
    press(app, X)  # confirm
    run_until(app, lambda: isinstance(app.scene, Summary))
    yield "merger", app
    run_until(app, lambda: isinstance(app.scene, Summary) and app.scene.armed)  # it opened after others acted
    press(app, X)
    run_until(app, my_decision(play))
    press(app, RIGHT, X)  # from DONE, where it opens, round to the first chain: one share
    yield "buy", app
    press(app, MENU)
    yield "pause", app
    select(app, "Log")
    press(app, X)

    yield "log", app
    # Close the log (the cursor comes back on Resume); How to play, its second page.
    press(app, X)
    select(app, "How to play")
    press(app, X, RIGHT)
    yield "help", app

    app = App(seed=5)
    play = start(app, Game.from_json(position()))
    run_until(app, my_decision(play))
    select_tile(app, play, "12D")  # a lone tile, then nothing bought
    press(app, X)
    run_until(app, my_decision(play))
    press(app, X)  # DONE, where the buy step opens
    run_until(app, lambda: isinstance(play.stage, Deciding) and bool(play.stage.recap) and play.stage.armed)
    yield "recap", app

    app = App(seed=4)
    over = game_over(app)
    yield "gameover", app
    select(app, "Story")
    press(app, X)
    yield "story", app
    yield from _kept_screens(over)
    yield from _mode_screens()


# Stats the chart screens show besides the demo's own game: (won, final cash, level, place,
# the finish against each computer seat: what the rating learns).
E, N, H = "easy", "normal", "hard"
RESULTS = (
    (True, 52_000, E, 1.0, ((E, 1.0), (E, 1.0), (E, 1.0))),
    (True, 47_300, E, 1.0, ((E, 1.0), (E, 1.0), (E, 1.0))),
    (False, 38_100, N, 2.0, ((N, 1.0), (N, 0.0), (E, 1.0))),
    (True, 61_200, N, 1.0, ((N, 1.0), (N, 1.0), (N, 1.0))),
    (False, 29_900, H, 3.0, ((H, 0.0), (H, 0.0), (N, 1.0))),
    (False, 41_000, H, 1.5, ((H, 0.5), (H, 1.0), (N, 1.0))),
)


class _Kept(NullKeeper):
    """The stats and the kept games of `store`; no save, no autosave."""

    def __init__(self, store: Storage) -> None:
        super().__init__()
        self.store = self.games = store

    def load_stats(self) -> tuple[Stats, str | None]:
        return self.store.load_stats()


def _kept_screens(over: GameOver) -> Iterator[tuple[str, App]]:
    """Stats charts, the kept games and a replay, from storage in memory (fixed dates)."""
    assert over.record is not None
    store = Storage(LocalStorageBackend(MemoryStorage()))
    for won, cash, level, rank, versus in RESULTS:
        store.record_game(GameResult(won, cash, level, rank, versus))
    store.game_over(replace(over.record, played="2026-12-01 10:24"))
    app = App(seed=6, keeper=_Kept(store))
    title = app.scene
    assert isinstance(title, menus.Title)
    select(app, "Stats")
    press(app, X)
    select(app, "rating")
    yield "rating", app
    select(app, "wins")
    yield "winshare", app
    select(app, "streak")
    yield "streaks", app
    press(app, DOWN)
    yield "replays", app
    press(app, X, X)  # the game, at its first merger
    yield "replay", app
    press(app, O, LEFT)  # back to the list; the expert's review of the game
    review = app.scene
    assert isinstance(review, ReviewScene)
    run_until(app, lambda: review.kept is not None, REVIEW_FRAMES)
    yield "review", app
    press(app, X)  # the replay at the costliest decision, with the expert's move
    yield "decision", app
    press(app, O, O, O)  # back to the stats: the accuracy the review found
    select(app, "accuracy")
    yield "accuracy", app

    app = App(seed=6)
    play = lesson_to(app, 0)
    yield "lesson", app
    lesson_to(app, 5)
    lesson_take(app, play)
    run_until(app, lambda: lesson_of(play).reads_on)  # the answer to the purchase, then the card
    press(app, X)
    run_until(app, lambda: isinstance(app.scene, PartCard) and app.scene.armed)
    yield "lesson_part", app
    lesson_to(app, 7)
    yield "lesson_merger", app
    lesson_to(app, 13)
    yield "lesson_dead", app
    select_tile(app, play, "9F")  # not the tile the lesson selected: it says so
    press(app, X)
    yield "lesson_answer", app
    lesson_to(app, len(LESSON))
    standings = app.scene
    assert isinstance(standings, GameOver)
    run_until(app, lambda: standings.armed)
    press(app, X)
    run_until(app, lambda: isinstance(app.scene, LessonDone) and app.scene.armed)
    yield "lesson_done", app


class _Scored(_Kept):
    """`_Kept` that also counts the game played when it ends, dated as the demo's games are."""

    autosaves = True

    def progress(self, play: Play) -> str | None:
        record = game_record(play)
        if play.game.is_over and record is not None:
            self.store.game_over(replace(record, played="2026-12-02 21:05"), final=play.game)
        return None


def _mode_screens() -> Iterator[tuple[str, App]]:
    """The ways to play: a 2 vs 2 game's setup (the partner's row), play screen, holdings and
    standings; a solo game's standings among the best scores, and the stats' pages of them."""
    app = App(seed=7)
    app.scene.update(frozenset({X}))
    select(app, "mode", "2v2")
    select(app, "level1")  # the partner's row
    yield "setup_2v2", app
    press(app, X)
    play = app.scene
    assert isinstance(play, Play)
    run_until(app, my_decision(play))
    yield "play_2v2", app
    press(app, O)
    select(app, "holdings")
    yield "holdings_2v2", app
    press(app, O)
    play_out(app)
    yield "gameover_2v2", app

    store = Storage(LocalStorageBackend(MemoryStorage()))
    for seed, score in ((11, 88_400), (12, 71_900), (13, 64_300)):
        store.record_game(
            GameResult(True, score, "normal", 1.0, mode="solo", seed=seed, played="2026-12-01 10:24")
        )
    app = App(seed=8, keeper=_Scored(store))
    select(app, "New game")
    press(app, X)
    select(app, "mode", "solo")
    play_out(app)
    yield "gameover_solo", app
    select(app, "Title")
    press(app, X)
    select(app, "Stats")
    press(app, X)
    select(app, "modes")
    yield "stats_modes", app
    select(app, "scores")
    yield "stats_scores", app


def game_over(app: App, limit: int = 200_000) -> GameOver:
    """A whole default game from the title, the person pressing X whenever X is live again
    (just past the turn's guard: X hurries the computers and takes every default); it returns
    on the final standings once they take X."""
    app.update(frozenset({X}))  # New game
    app.update(frozenset({X}))  # Start with the defaults
    return play_out(app, limit)


def play_out(app: App, limit: int = 200_000) -> GameOver:
    """The game on screen played to its final standings as `game_over` plays it (X whenever
    it is live again); it returns once they take X."""
    for i in range(limit):
        if isinstance(app.scene, GameOver):
            break
        app.update(frozenset({X}) if i % (TURN_QUIET_FRAMES + 1) == 0 else NOTHING)
    over = app.scene
    if not isinstance(over, GameOver):
        raise reach.NotReached(f"no game over in {limit} frames: {where(app)}")
    run_until(app, lambda: over.armed)
    return over
