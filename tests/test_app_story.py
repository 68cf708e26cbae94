"""The story of a game, the kept games' replays, the game file and the stats charts, driven
by button presses (headless, no Pyxel window except where a screen is drawn)."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from acquire8.app import buttons as bt
from acquire8.app import constants as k
from acquire8.app import demo
from acquire8.app.control import menus, story
from acquire8.app.control.app import App
from acquire8.app.control.standings import GameOver
from acquire8.app.session import open_app
from acquire8.app.text import LINE_CHARS, key_moments, log_line
from acquire8.rules import Game
from acquire8.rules import events as ev
from acquire8.rules.record import GameRecord, merger_turns, net_worth_series
from acquire8.storage import (
    EXCHANGE,
    GAMES,
    MSG_IMPORT_DAMAGED,
    MSG_IMPORT_FOREIGN,
    MSG_IMPORT_KEPT,
    MSG_IMPORT_NEWER,
    GameResult,
    Storage,
)


@pytest.fixture(scope="module")
def record(finished) -> GameRecord:
    over = finished[1]
    assert over.record is not None and over.record.final().is_over
    return over.record


def worth_after_every_turn(record: GameRecord) -> list[list[int]]:
    """Net worth per seat at the start and after each turn, from the rules alone: a game
    played alongside, read after each action that starts a turn or ends the game."""
    game = record.start()
    lines = [[game.net_worth(s)] for s in range(game.players)]
    for action in record.actions:
        for e in game.apply(action):
            if isinstance(e, ev.TurnStarted | ev.GameOver):
                for s in range(game.players):
                    lines[s].append(game.net_worth(s))
    return lines


def test_the_story_chart_shows_net_worth_after_every_turn(finished, record):
    app, over = finished
    assert over.menu.items == ["New game", "Title", "Log", "Story", "Review"]
    demo.select(app, "Story")
    demo.press(app, bt.X)
    shown = app.scene
    assert isinstance(shown, story.StoryScene)
    chart = shown.story
    expected = worth_after_every_turn(record)
    assert [list(line) for line in chart.series] == expected == net_worth_series(record)
    final = record.final()
    assert [line[-1] for line in chart.series] == [final.cash(s) for s in range(final.players)]
    assert chart.turns == len(expected[0]) - 1 > 20
    assert list(chart.mergers) == merger_turns(record) and chart.mergers  # the demo game merges
    assert all(0 < t <= chart.turns for t in chart.mergers)
    assert list(chart.moments) == key_moments(record, 0) and len(chart.moments) == 3
    assert all(len(line) <= LINE_CHARS for line in chart.moments)
    assert chart.top >= max(max(line) for line in chart.series)
    # Back to the standings with left, and the old menu still works there.
    demo.press(app, bt.LEFT)
    assert app.scene is over
    over.menu.index = over.menu.items.index("Log")
    demo.press(app, bt.X)
    assert isinstance(app.scene, menus.Log)
    demo.press(app, bt.X)
    over.menu.index = over.menu.items.index("Story")
    demo.press(app, bt.X, bt.MENU)  # MENU only goes back, it confirms nothing
    assert app.scene is over and over.menu.item == "Story"


def test_a_game_without_its_seed_has_no_story_item():
    app = App(seed=1)
    play = demo.start(app, Game.from_json(demo.position()))  # the demo position: no seed
    play.game.apply(play.game.legal_actions()[0])
    assert "Story" not in GameOver(app, play).menu.items


def kept(tmp_path: Path, *records: GameRecord) -> tuple[App, Storage]:
    store = Storage.in_directory(tmp_path)
    for r in records:
        assert store.game_over(r)[1] is None
    return open_app(store), store


def to_list(app: App) -> story.Replays:
    """Title -> Stats -> X: the kept games."""
    title = app.scene
    assert isinstance(title, menus.Title)
    title.menu.index = title.menu.items.index("Stats")
    demo.press(app, bt.X, bt.DOWN)
    assert isinstance(app.scene, story.Replays)
    return app.scene


def test_the_replay_reproduces_every_position_of_the_game(tmp_path, record):
    app, _ = kept(tmp_path, record)
    listed = to_list(app)
    assert [r.record.actions for r in listed.rows] == [record.actions]
    row = listed.rows[0]
    assert row.players == 4 and row.against == "normal" and 1 <= row.place <= 4 and row.when
    demo.press(app, bt.X)
    shown = app.scene
    assert isinstance(shown, story.Replay) and shown.index == -1
    alongside = Game.new(players=4, seed=record.seed, options=record.options, names=list(record.names))
    assert shown.position.to_json() == alongside.to_json()
    positions = [alongside.to_json()]
    for i, action in enumerate(record.actions):
        events = alongside.apply(action)
        demo.press(app, bt.RIGHT)
        assert shown.index == i and shown.position.to_json() == alongside.to_json(), i
        assert shown.log()[-1] == log_line(events[-1])  # the log as it stood
        positions.append(alongside.to_json())
    demo.press(app, bt.RIGHT)  # the end: it stays on the last position
    assert shown.index == len(record.actions) - 1 and shown.position.is_over
    for back in range(1, 6):
        demo.press(app, bt.LEFT)
        assert shown.position.to_json() == positions[-1 - back]
    demo.press(app, bt.O)
    assert app.scene is listed


def test_x_jumps_from_merger_to_merger(tmp_path, record):
    app, _ = kept(tmp_path, record)
    to_list(app)
    demo.press(app, bt.X)
    shown = app.scene
    assert isinstance(shown, story.Replay)
    starts = [i for i, a in enumerate(shown.steps) if any(isinstance(e, ev.MergerStarted) for e in a.events)]
    # From the rules alone: the actions whose events start a merger.
    game, expected = record.start(), []
    for i, action in enumerate(record.actions):
        if any(isinstance(e, ev.MergerStarted) for e in game.apply(action)):
            expected.append(i)
    assert starts == expected and len(expected) >= 2
    seen = []
    for _ in expected:
        demo.press(app, bt.X)
        seen.append(shown.index)
        assert shown.message == ""
    assert seen == expected
    demo.press(app, bt.X)  # no merger left: it stays, and says so
    assert shown.index == expected[-1] and shown.message == story.MSG_NO_MERGER
    demo.press(app, bt.UP)  # the story chart of this game
    assert isinstance(app.scene, story.StoryScene)
    assert [list(line) for line in app.scene.story.series] == net_worth_series(record)


def test_export_then_import_through_the_screens(tmp_path, record):
    app, store = kept(tmp_path / "a", record)
    to_list(app)
    demo.press(app, bt.X, bt.RIGHT, bt.DOWN)  # replay, one step, export
    shown = app.scene
    assert isinstance(shown, story.Replay)
    assert shown.message == story.MSG_EXPORTED and shown.where == store.exchange_location()
    exported = tmp_path / "a" / f"{EXCHANGE}.json"
    written = GameRecord.from_json(exported.read_text())
    assert written.played and replace(written, played="") == record  # kept with its date
    # On another device with no games kept: Import on the list brings the game in.
    (tmp_path / "b").mkdir()
    shutil.copy(exported, tmp_path / "b" / exported.name)
    other = open_app(Storage.in_directory(tmp_path / "b"))
    listed = to_list(other)
    assert listed.rows == [] and listed.menu.item == story.IMPORT
    assert listed.where == Storage.in_directory(tmp_path / "b").exchange_location()
    demo.press(other, bt.X)
    assert listed.message == "Game imported"
    assert [r.record.actions for r in listed.rows] == [record.actions]
    assert listed.rows[0].record == written and listed.row is listed.rows[0]
    demo.press(other, bt.X)  # and it replays
    assert isinstance(other.scene, story.Replay) and other.scene.record.actions == record.actions
    # Importing the same file again adds nothing, and says so.
    demo.press(other, bt.O)
    listed.menu.index = listed.menu.items.index(story.IMPORT)
    demo.press(other, bt.X)
    assert listed.message == MSG_IMPORT_KEPT
    assert [r.record for r in listed.rows] == [written] and listed.row is listed.rows[0]


def bad_files(record: GameRecord) -> dict[str, tuple[str, str]]:
    good = record.to_json()
    newer = record.to_dict() | {"format": GameRecord.FORMAT + 1}
    return {
        "damaged": ("{not json", MSG_IMPORT_DAMAGED),
        "truncated": (good[: len(good) // 2], MSG_IMPORT_DAMAGED),
        "newer": (json.dumps(newer), MSG_IMPORT_NEWER),
        "foreign": (json.dumps({"format": 2, "levels": {}, "all": {}}), MSG_IMPORT_FOREIGN),
    }


@pytest.mark.parametrize("kind", ["damaged", "truncated", "newer", "foreign"])
def test_a_bad_game_file_shows_its_message_and_loses_nothing(tmp_path, record, kind):
    app, _ = kept(tmp_path, record)
    text, message = bad_files(record)[kind]
    (tmp_path / f"{EXCHANGE}.json").write_text(text)
    games_before = (tmp_path / f"{GAMES}.json").read_text()
    listed = to_list(app)
    listed.menu.index = listed.menu.items.index(story.IMPORT)
    demo.press(app, bt.X)
    assert app.scene is listed and listed.message == message
    assert [replace(r.record, played="") for r in listed.rows] == [record]  # the kept game stays
    assert (tmp_path / f"{GAMES}.json").read_text() == games_before
    aside = list(tmp_path.glob(f"{EXCHANGE}.json.*"))
    assert len(aside) == 1 and aside[0].read_text() == text  # set aside as it was
    assert not (tmp_path / f"{EXCHANGE}.json").exists()


def test_stats_charts_per_level(tmp_path):
    store = Storage.in_directory(tmp_path)
    for won, cash, level, rank, versus in demo.RESULTS:
        store.record_game(GameResult(won, cash, level, rank, versus))
    app = open_app(store)
    title = app.scene
    assert isinstance(title, menus.Title)
    title.menu.index = title.menu.items.index("Stats")
    demo.press(app, bt.X)
    stats = app.scene
    assert isinstance(stats, menus.StatsScene) and stats.PAGES[stats.page][0] == "table"
    pages = []
    for _ in stats.PAGES:
        pages.append(stats.PAGES[stats.page][0])
        demo.press(app, bt.RIGHT)
    assert pages == [page for page, _ in stats.PAGES] and stats.page == 0  # and back
    assert {"table", "rating", "accuracy", "games", "wins", "cash", "best", "streak", "rank"} <= set(pages)
    assert stats.stats.rating.games == 6 and stats.rating_line().startswith("Singles rating ")
    by = dict(stats.stats.by_level) | {"all": stats.stats.total()}
    assert [b.level for b in stats.bars("games")] == ["easy", "normal", "hard", "all"]
    assert [b.value for b in stats.bars("games")] == [2, 2, 2, 6]
    assert [b.label for b in stats.bars("wins")] == ["100%", "50%", "0%", "50%"]
    assert [b.value for b in stats.bars("cash")] == [by[b.level].average_cash for b in stats.bars("cash")]
    assert stats.bars("cash")[0].label == "$49,650"  # (52,000 + 47,300) / 2
    assert [b.value for b in stats.bars("best")] == [52_000, 61_200, 41_000, 61_200]
    # Results in order: easy won twice, normal lost then won, hard lost twice.
    assert [(b.inner, b.value) for b in stats.bars("streak")] == [(2, 2), (1, 1), (0, 0), (0, 2)]
    assert [b.label for b in stats.bars("rank")] == ["1.0", "1.5", "2.2", "1.6"]
    # The bars' lengths: a share out of the full width, games out of the most played, places
    # out of four at least, the current streak inside the best.
    full = k.STATS_BAR_W
    assert [b.width for b in stats.bars("wins")] == [full, full // 2, 0, full // 2]
    assert [b.width for b in stats.bars("games")] == [round(full / 3)] * 3 + [full]
    ranks = stats.bars("rank")  # every place under 4: out of 4, not of the worst one
    assert (
        [b.width for b in ranks] == [round(full * b.value / 4) for b in ranks if b.value] == [14, 21, 32, 22]
    )
    assert [(b.inner_width, b.width) for b in stats.bars("streak")] == [
        (full, full),
        (full // 2,) * 2,
        (0, 0),
        (0, full),
    ]
    # The rating chart: a point per rated game across the plot, the band around each, the
    # levels' labels apart and never lower than their line.
    chart = stats.rating_chart()
    xs = [x for x, _ in chart.points]
    assert len(xs) == 6 and xs[0] == k.RATING_X and xs[-1] == k.RATING_X + k.RATING_W and xs == sorted(xs)
    assert [x for x, _, _ in chart.band] == list(range(k.RATING_X, k.RATING_X + k.RATING_W + 1))
    inside = range(k.RATING_Y, k.RATING_Y + k.RATING_H + 1)
    assert all(top <= bottom and top in inside and bottom in inside for _, top, bottom in chart.band)
    assert [lv for lv, _, _ in chart.levels] == [lv for lv, _ in stats.ladder()]
    feet = [foot for _, _, foot in chart.levels]
    assert all(foot <= y - 2 for _, y, foot in chart.levels)
    assert all(b - a >= k.CHAR_H for a, b in zip(feet[1:], feet, strict=False))
    demo.press(app, bt.LEFT)
    assert stats.PAGES[stats.page][0] == stats.PAGES[-1][0]  # left from the first: the last
    demo.press(app, bt.DOWN)
    assert isinstance(app.scene, story.Replays) and app.scene.rows == []
    demo.press(app, bt.O, bt.X)  # back to the stats, and X closes them
    assert isinstance(app.scene, menus.Title)


def test_every_seat_has_its_own_colour_and_mark_in_both_palettes():
    from acquire8.app import constants as k
    from acquire8.app.views import story as views

    assert len(set(views.PLAYER_COLORS)) == len(set(views.MARKS)) == 6
    # High contrast remaps the slots in HC_RGB: the players' colours are none of them.
    assert not set(views.PLAYER_COLORS) & set(k.HC_RGB)
    assert k.BG not in views.PLAYER_COLORS and k.PANEL not in views.PLAYER_COLORS


def test_the_new_screens_draw_within_the_screen_in_both_palettes(text_bounds, tmp_path, record):
    from acquire8.app import views

    app, _ = kept(tmp_path, record)
    listed = to_list(app)
    for contrast in (False, True):
        app.settings.high_contrast = contrast
        views.draw(app)
        demo.press(app, bt.RIGHT)  # the story from the list
        views.draw(app)
        demo.press(app, bt.X, bt.X)
        views.draw(app)  # the replay at its start
        demo.press(app, bt.X, bt.DOWN)
        views.draw(app)  # at the first merger, exported
        demo.press(app, bt.O)
        assert app.scene is listed
    demo.press(app, bt.O)
    stats = app.scene
    assert isinstance(stats, menus.StatsScene)
    for contrast in (False, True):
        app.settings.high_contrast = contrast
        for _ in stats.PAGES:  # every chart page
            views.draw(app)
            demo.press(app, bt.RIGHT)
    app.settings.high_contrast = False
    assert not text_bounds, text_bounds[:5]
