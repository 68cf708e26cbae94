"""The expert's review on screen: reached by name from the standings, the story and the kept
games; worked out in each frame's idle time, left and picked up; kept with its game; X on a
costly decision opens the replay there with both moves; the story marks the mistakes and the
stats chart the accuracy per level."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from acquire8.ai.review import BLUNDER, MISTAKE, KeptReview, Review, Verdict, game_key
from acquire8.app import buttons as bt
from acquire8.app import constants as k
from acquire8.app import demo
from acquire8.app.control import frames as fr
from acquire8.app.control import menus, story
from acquire8.app.control import review as creview
from acquire8.app.control.app import App
from acquire8.app.control.review import Reviewing, ReviewScene
from acquire8.app.session import open_app
from acquire8.rules import PlaceTile
from acquire8.rules.record import GameRecord, replay
from acquire8.storage import Storage

ITERATIONS = 3  # deals a decision: enough to test the screens, far fewer than the game's
NOTHING: frozenset[bt.Button] = frozenset()
PERIOD = 1000 / k.FPS


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setattr(creview, "ITERATIONS", ITERATIONS)


@pytest.fixture(scope="module")
def record(finished) -> GameRecord:
    assert finished[1].record is not None
    return finished[1].record


@pytest.fixture(scope="module")
def expected(record) -> KeptReview:
    """The review of the person's seat worked out at once, as the screen must find it."""
    review = Review(record, seats=[0], iterations=ITERATIONS)
    review.run()
    return review.kept()


def reviewed(app: App, limit: int = 20_000) -> ReviewScene:
    scene = app.scene
    assert isinstance(scene, ReviewScene)
    demo.run_until(app, lambda: scene.kept is not None, limit)
    return scene


def kept(tmp_path: Path, *records: GameRecord) -> tuple[App, Storage]:
    store = Storage.in_directory(tmp_path)
    for r in records:
        assert store.game_over(r)[1] is None
    return open_app(store), store


def to_list(app: App) -> story.Replays:
    demo.select(app, "Stats")
    demo.press(app, bt.X, bt.DOWN)
    assert isinstance(app.scene, story.Replays)
    return app.scene


def test_from_the_standings_the_review_can_be_left_and_picked_up_where_it_stood(finished, record, expected):
    app, over = finished
    assert over.menu.items[-1] == "Review"
    demo.select(app, "Review")
    demo.press(app, bt.X)
    scene = app.scene
    assert isinstance(scene, ReviewScene) and scene.kept is None
    demo.run_until(app, lambda: scene.progress[0] >= 3)
    assert scene.progress[1] == len([d for d in replay(record) if d.seat == 0])  # every decision of yours
    demo.press(app, bt.O)  # left half done
    assert app.scene is over
    job = app.reviews[game_key(record)]
    assert isinstance(job, Reviewing) and job.review.progress == scene.progress
    left_at = job.review.progress[0]
    demo.press(app, bt.X)  # again: where it stood
    again = app.scene
    assert isinstance(again, ReviewScene) and again is not scene
    assert again.job is job and left_at <= again.progress[0] < again.progress[1]
    assert reviewed(app).kept == expected  # as if it had never been left
    assert job.frames > expected.verdicts[-1].index // 10  # it took frames, not one
    assert again.message == ""  # nothing to keep it in (no storage), no problem either
    demo.press(app, bt.O, bt.X)  # once done, it is shown at once
    assert isinstance(app.scene, ReviewScene) and app.scene.kept == expected and app.scene.job is None
    demo.press(app, bt.O)
    demo.select(app, "Story")
    demo.press(app, bt.X)
    chart = app.scene
    assert isinstance(chart, story.StoryScene)
    mistakes = {v.turn for v in expected.verdicts if v.kind in (MISTAKE, BLUNDER)}
    assert chart.story.mistakes == tuple(sorted(mistakes)) and mistakes  # the demo's X-presser errs
    demo.press(app, bt.DOWN)  # the story opens the review too
    assert isinstance(app.scene, ReviewScene) and app.scene.kept == expected
    demo.press(app, bt.O, bt.O)
    assert app.scene is over


def test_a_story_open_under_the_review_shows_its_mistakes_once_back(record, expected):
    app = App(seed=1)
    app.push(story.StoryScene(app, story.story_of(record), record=record))
    chart = app.scene
    assert isinstance(chart, story.StoryScene) and chart.story.mistakes == ()
    demo.press(app, bt.DOWN)
    assert isinstance(app.scene, ReviewScene)
    reviewed(app)
    demo.press(app, bt.O)
    assert app.scene is chart and chart.story == story.story_of(record, review=expected)
    assert chart.story.mistakes


class Clock:
    def __init__(self) -> None:
        self.ms = 0.0

    def __call__(self) -> float:
        return self.ms / 1000


def test_the_review_works_in_what_each_frame_leaves_and_never_makes_one_late(record, expected):
    """A fake clock: the frame's own work varies, the review uses all it is given and runs a
    unit past it. No frame is late, a frame with no room left for a unit does no review, and
    the result is the same as worked out at once."""
    app = App(seed=1)
    clock, rng = Clock(), random.Random(2)
    app.frames = fb = fr.FrameBudget(k.FPS, clock)
    app.open_review(record)
    scene = app.scene
    assert isinstance(scene, ReviewScene) and scene.job is not None
    review = scene.job.review
    real_step, budgets = review.step, []

    def step(budget_ms: float | None = None):
        assert budget_ms is not None  # the screen always gives a budget
        budgets.append(budget_ms)
        clock.ms += budget_ms + 1.0
        return real_step(budget_ms)

    review.step = step  # type: ignore[method-assign]
    for i in range(100_000):
        if scene.kept is not None:
            break
        clock.ms = i * PERIOD
        fb.begin()
        clock.ms += fr.LIMIT * PERIOD if i == 5 else rng.uniform(0, 4)  # frame 5: no room left
        app.update(NOTHING)
        clock.ms += rng.uniform(1, 6)  # the drawing
        fb.end()
    assert scene.kept == expected
    assert fb.late == 0 and len(budgets) < fb.frames  # frame 5 did none
    assert all(0 < b <= fr.LOAD * PERIOD for b in budgets)


def test_the_review_is_kept_with_its_game_and_the_list_shows_its_accuracy(tmp_path, record, expected):
    app, _ = kept(tmp_path, record)
    listed = to_list(app)
    assert listed.rows[0].accuracy is None
    demo.select(app, "game0")
    demo.press(app, bt.LEFT)
    scene = reviewed(app)
    assert scene.kept == expected and scene.message == ""
    assert Storage.in_directory(tmp_path).load_review(record) == expected  # loaded back
    demo.press(app, bt.O)
    assert app.scene is listed and listed.rows[0].accuracy == expected.accuracy_of(0)
    # Another session: the list and the review read it as kept, nothing worked out again.
    app, _ = kept(tmp_path)
    listed = to_list(app)
    assert listed.rows[0].accuracy == expected.accuracy_of(0)
    demo.press(app, bt.LEFT)
    assert isinstance(app.scene, ReviewScene) and app.scene.kept == expected and app.scene.job is None


def test_a_review_left_half_done_is_taken_up_in_the_next_session(tmp_path, record, expected):
    app, _ = kept(tmp_path, record)
    to_list(app)
    demo.press(app, bt.LEFT)
    scene = app.scene
    assert isinstance(scene, ReviewScene)
    demo.run_until(app, lambda: scene.progress[0] >= 3)
    demo.press(app, bt.O)  # left: kept on the device too
    left_at = scene.progress
    app, _ = kept(tmp_path)  # the game started again
    to_list(app)
    demo.press(app, bt.LEFT)
    again = app.scene
    assert isinstance(again, ReviewScene) and again.job is not None
    assert again.job.first == left_at[0] and again.message == ""
    assert left_at[0] <= again.progress[0]  # where it was left (and a frame's slice on)
    assert reviewed(app).kept == expected
    assert not (tmp_path / "reviewing.json").exists()  # finished: kept with its game instead
    assert Storage.in_directory(tmp_path).load_review(record) == expected


def test_x_on_a_costly_decision_opens_the_replay_at_it(tmp_path, record, expected):
    app, store = kept(tmp_path, record)
    assert store.keep_review(record, expected) is None
    to_list(app)
    demo.press(app, bt.LEFT)
    scene = app.scene
    assert isinstance(scene, ReviewScene)
    costly = expected.costliest(0)
    assert scene.costly == costly and costly[0].cost >= costly[-1].cost > 0
    assert all(v.kind != "good" for v in costly)
    counts = scene.counts
    assert sum(counts.values()) == len(expected.verdicts)
    assert len(costly) == sum(counts.values()) - counts["good"]
    last = costly[-1]
    demo.select(app, f"decision{last.index}")
    assert scene.verdict == last
    demo.press(app, bt.X)
    shown = app.scene
    assert isinstance(shown, story.Replay) and shown.deciding == last
    assert shown.index == last.index - 1  # the position the decision was made in
    assert shown.steps[last.index].action == last.played == record.actions[last.index]
    assert shown.position.current == last.seat == 0
    demo.press(app, bt.RIGHT)  # stepping on leaves the decision behind
    assert shown.deciding is None and shown.step is not None and shown.step.action == last.played
    demo.press(app, bt.O)
    assert app.scene is scene


def a_tile_decision(record: GameRecord) -> Verdict:
    """Seat 0's first tile with another tile it could have placed, as a mistake."""
    before = record.start()
    for step in replay(record):
        if step.seat == 0 and isinstance(step.action, PlaceTile):
            others = [a for a in before.legal_actions() if isinstance(a, PlaceTile) and a != step.action]
            if others:
                return Verdict(step.index, step.turn, 0, step.action, others[0], 1600, MISTAKE)
        before = step.game
    raise AssertionError("no tile to choose")


def square_xy(tile: str) -> tuple[int, int]:
    col, row = int(tile[:-1]) - 1, "ABCDEFGHI".index(tile[-1])
    return k.BOARD_X + col * k.CELL, k.BOARD_Y + row * k.CELL


def test_the_replay_marks_the_tile_played_and_the_tile_preferred(pyxel_headless, text_bounds, record):
    from acquire8.app import views

    px = pyxel_headless
    app = App(seed=1)
    v = a_tile_decision(record)
    app.push(story.Replay(app, record, v))
    views.draw(app)
    assert isinstance(v.played, PlaceTile) and isinstance(v.best, PlaceTile)
    for tile, col in ((v.played.tile, k.WHITE), (v.best.tile, views.story.BEST_COLOR)):
        x, y = square_xy(tile)
        assert {px.screen.pget(x - 1 + i, y - 1) for i in range(k.RING)} == {col}, tile
    assert not text_bounds


def test_the_story_marks_mistakes_on_the_person_s_line(pyxel_headless, record):
    from acquire8.app import views

    px = pyxel_headless
    v = a_tile_decision(record)
    review = KeptReview(ITERATIONS, 0, ((0, 60.0),), (v,))
    app = App(seed=1)
    plain = story.story_of(record)
    marked = story.story_of(record, review=review)
    assert plain.mistakes == () and marked.mistakes == (v.turn,)
    pinks = []
    for told in (plain, marked):
        app.push(story.StoryScene(app, told, record=record))
        views.draw(app)
        pink = views.story.MISTAKE_COLOR
        pinks.append(sum(px.screen.pget(x, y) == pink for x in range(k.WIDTH) for y in range(k.HEIGHT)))
        app.pop()
    assert pinks[0] == 0 < pinks[1]


def test_stats_show_the_accuracy_of_the_last_reviewed_games_per_level(tmp_path, record):
    app, store = kept(tmp_path, record)
    review = KeptReview(ITERATIONS, 0, ((0, 71.0),), ())
    assert store.keep_review(record, review) is None
    demo.select(app, "Stats")
    demo.press(app, bt.X)
    demo.select(app, "accuracy")
    stats = app.scene
    assert isinstance(stats, menus.StatsScene) and stats.accuracy is not None
    assert [(row.level, row.accuracies, row.label) for row in stats.accuracy] == [
        (record.seats[1], (71.0,), "71%")
    ]
    assert stats.accuracy[0].heights() == [round(k.STATS_COLUMN_H * 0.71)]


def test_the_accuracy_per_level_counts_singles_only_the_other_ways_to_play_on_rows_of_their_own(tmp_path):
    """A team game with an expert partner is no singles game against the expert, nor is
    solo: each is kept apart, as the stats' table keeps them."""
    from acquire8 import ai
    from acquire8.ai.match import record_game
    from acquire8.rules import Options
    from acquire8.rules.record import PERSON

    def game(seats: tuple[str, ...], mode: str, seed: int) -> GameRecord:
        bots = [ai.make_bot(ai.level_of("easy"), seed + s) for s in range(len(seats))]
        return record_game(bots, seed, list(seats), options=Options(mode=mode))  # type: ignore[arg-type]

    games = [
        (game((PERSON, "easy", "hard"), "singles", 1), 60.0),
        (game((PERSON, "expert", "easy", "easy"), "2v2", 2), 20.0),  # the expert a partner
        (game((PERSON,), "solo", 3), 90.0),
        (game((PERSON, "hard", "easy"), "singles", 4), 40.0),
    ]
    app, store = kept(tmp_path, *(r for r, _ in games))
    for r, accuracy in games:
        assert store.keep_review(r, KeptReview(ITERATIONS, 0, ((0, accuracy),), ())) is None
    demo.select(app, "Stats")
    demo.press(app, bt.X)
    demo.select(app, "accuracy")
    stats = app.scene
    assert isinstance(stats, menus.StatsScene) and stats.accuracy is not None
    assert [(row.level, row.accuracies) for row in stats.accuracy] == [
        ("hard", (60.0, 40.0)),  # singles only: the team game's 20% is not the hard level's
        ("solo", (90.0,)),
        ("teams", (20.0,)),
    ]


def test_the_reviews_counts_add_up_to_every_decision_the_forced_ones_named(
    record, expected, pyxel_headless, monkeypatch
):
    from acquire8.app import views

    before, forced = record.start(), 0
    for step in replay(record):  # a decision with one legal move is forced
        forced += step.seat == 0 and len(before.legal_actions()) == 1
        before = step.game
    mine = sum(1 for step in replay(record) if step.seat == 0)
    app = App(seed=1)
    app.reviews[game_key(record)] = expected
    app.open_review(record)
    scene = app.scene
    assert isinstance(scene, ReviewScene) and forced > 0
    assert scene.forced == forced and sum(scene.counts.values()) + forced == mine
    drawn: list[str] = []
    real = views.review.ctext
    monkeypatch.setattr(views.review, "ctext", lambda y, s, col, *a: drawn.append(s) or real(y, s, col, *a))
    views.draw(app)
    assert scene.count_lines[-1].endswith(f"{forced} forced") and set(scene.count_lines) <= set(drawn), drawn


@pytest.mark.parametrize(
    ("parts", "lines"),
    [
        (["17 good", "6 inaccuracies", "6 mistakes", "1 blunder", "4 forced"], 2),
        (["1 good", "0 inaccuracies", "0 mistakes", "0 blunders"], 2),
        (["10 good", "4 inaccuracies", "10 mistakes", "6 blunders", "2 forced"], 3),  # a line more
        (["99 good", "99 inaccuracies", "99 mistakes", "99 blunders", "99 forced"], 3),
    ],
)
def test_a_count_stays_on_one_line_with_its_word(parts, lines):
    """The counts break only between counts, never inside "7 mistakes": a third line (a row
    less of the list under them) when two do not hold them whole."""
    from acquire8.app.views.common import PANEL_CHARS

    shown = creview.count_lines(parts)
    assert len(shown) == lines and all(len(line) <= PANEL_CHARS for line in shown), shown
    assert " ".join(shown) == ", ".join(parts)  # every count, in order, nothing cut
    assert all(any(part in line for line in shown) for part in parts), shown  # none split


def test_a_costly_moves_words_use_the_panels_lines_before_any_is_cut():
    from acquire8.app.views.common import PANEL_CHARS
    from acquire8.app.views.review import PANEL_LINES, both_moves

    played = "buy 1 Luxor, 2 Tower and 1 Imperial"  # longer than one line
    best = "buy 3 Festival"
    you, expert = both_moves(played, best, PANEL_LINES)
    assert len(you) == 2 and len(expert) == 1  # the lines once left empty, used
    assert (
        " ".join(line.split(maxsplit=1)[1] if i == 0 else line.strip() for i, line in enumerate(you))
        == played
    )
    assert you[0].startswith("You:") and expert == [f"Expert: {best}"]
    assert all(len(line) <= PANEL_CHARS for line in you + expert)
    long = f"{played} and 1 American for $3,100, the end declared"
    you, expert = both_moves(long, long, PANEL_LINES)  # both too long: two lines each, cut
    assert len(you) == len(expert) == 2 and you[-1].endswith("..") and expert[-1].endswith("..")
    you, expert = both_moves(played, best, 1)  # no room: a line each still
    assert len(you) == len(expert) == 1


def test_the_review_screens_draw_within_the_screen_in_both_palettes(text_bounds, record, expected):
    from acquire8.app import views

    working, done = App(seed=1), App(seed=1)
    done.reviews[game_key(record)] = expected
    for app in (working, done):
        app.open_review(record)
        app.update(NOTHING)
        for contrast in (False, True):
            app.settings.high_contrast = contrast
            views.draw(app)
    scene = done.scene
    assert isinstance(scene, ReviewScene) and len(scene.costly) > scene.rows  # the list scrolls
    assert scene.rows == creview.COSTLY_ROWS - (len(scene.count_lines) - creview.COUNT_LINES)
    for _ in scene.costly:
        demo.press(done, bt.DOWN)
        views.draw(done)
        assert scene.top <= scene.menu.index < scene.top + scene.rows
    assert scene.menu.index == len(scene.costly) - 1
    assert not text_bounds, text_bounds[:5]


@pytest.mark.parametrize("mode", ["solo", "2v2"])
def test_a_game_of_another_way_to_play_is_reviewed_from_its_standings(mode):
    """Alone there is no opponent to weigh against, in a team game the other team: the review
    runs to its end all the same, and finds what a review made at once finds."""
    app = App(seed=5)
    demo.select(app, "New game")
    demo.press(app, bt.X)
    demo.select(app, "mode", mode)
    over = demo.play_out(app)
    assert over.record is not None and over.record.options.mode == mode
    demo.select(app, "Review")
    demo.press(app, bt.X)
    review = Review(over.record, seats=[0], iterations=ITERATIONS)
    review.run()
    assert reviewed(app).kept == review.kept()
    assert 0 <= review.accuracy(0) <= 100 and review.progress[1] > 0


def test_the_time_left_is_the_pace_so_far_times_the_work_left():
    """Three seconds of frames for 10 units of work: 20 units more take six seconds; nothing is
    promised before some work is done."""
    assert creview.seconds_left(3 * k.FPS, 10.0, 20.0) == 6
    assert creview.seconds_left(3 * k.FPS, 10.0, 1.0) == 1  # rounded up: never "0 s"
    assert creview.seconds_left(0, 10.0, 20.0) is None
    assert creview.seconds_left(3 * k.FPS, 0.0, 20.0) is None  # only forced decisions so far


def test_the_time_left_weighs_the_decisions_left_by_their_work(record):
    """With fake timings, two frames per unit of work: the estimate is the work left at that
    pace, not the decisions left at the pace of the first (cheaper) ones; the decisions a
    session took up do not count in its pace."""
    job = Reviewing(Review(record, seats=[0], iterations=2))
    review = job.review
    assert job.seconds_left() is None
    while review.effort(review.progress[0]) == 0:  # to the first searched decision
        review.step()
    done, total = review.progress
    job.frames = round(2 * review.effort(done))
    left = review.effort() - review.effort(done)
    assert job.seconds_left() == -(-2 * left // k.FPS)
    by_count = -(-job.frames * (total - done) // (done * k.FPS))  # the count's estimate: too low
    assert left / review.effort(done) > (total - done) / done and job.seconds_left() > by_count
    taken_up = Reviewing(review, first=done)  # no decision of this session's done yet
    taken_up.frames = 10
    assert taken_up.seconds_left() is None
