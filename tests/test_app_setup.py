"""The setup screen says what the selected row's value means (the end rule, a level with its
rating, why the first player is fixed), in whole lines under its suggestion, with any number
of opponents and any row selected: nothing cut, nothing drawn over anything else."""

from __future__ import annotations

from test_app_texts import screen  # noqa: F401  (the fixture that finds cut and overdrawn text)

from acquire8 import ai, rating
from acquire8.app import buttons as bt
from acquire8.app.control import app as capp
from acquire8.app.control import menus
from acquire8.app.control.menus import rows
from acquire8.app.control.menus.rows import OPTION_LABELS
from acquire8.app.demo import press, select
from acquire8.app.text import SETUP_WORDS, VALUE_WORDS, WORDS_CHARS, money, wrap
from acquire8.rules import END_OPTIONS, END_SIZE, Options, option_values
from acquire8.storage import PERSON, Settings


def setup_app(opponents: int = 3) -> tuple[capp.App, menus.Setup]:
    app = capp.App(settings=Settings(opponents=opponents), seed=2)
    setup = menus.Setup(app)
    app.push(setup)
    return app, setup


def test_each_row_says_what_its_value_means():
    app, setup = setup_app()
    select(app, "end")
    declare = setup.describe()
    assert app.settings.options.end == "declare" and f"{END_SIZE}+" in declare and "safe" in declare
    press(app, bt.RIGHT)
    assert app.settings.options.end == "auto" and setup.describe() == VALUE_WORDS["end", "auto"] != declare
    select(app, "level0")
    for _ in range(len(menus.LEVELS) + 1):  # every level, then a person
        level = app.settings.levels[0]
        if level == PERSON:
            assert setup.describe() == VALUE_WORDS["level", PERSON]
        else:
            assert setup.describe().startswith(f"Rated {round(rating.LADDER[level][0])}: ")
            assert setup.describe().endswith(ai.SPEC_OF[level].words)
        press(app, bt.RIGHT)
    select(app, "first")
    assert "rules" in setup.describe()
    select(app, "start")
    assert setup.describe() == ""


def test_the_first_player_row_is_selectable_but_fixed():
    app, setup = setup_app()
    before = (app.settings, list(setup.rows))
    select(app, "first")
    press(app, bt.LEFT, bt.RIGHT)
    assert setup.rows[setup.row] == "first" and (app.settings, setup.rows) == before
    assert app.effects[-2:] == ["refuse", "refuse"]  # said, not silently ignored


def test_every_description_fits_two_lines():
    for words in (*SETUP_WORDS.values(), *VALUE_WORDS.values()):
        assert len(wrap(words, WORDS_CHARS)) <= 2, words
    for level in menus.LEVELS:
        line = f"Rated {round(rating.LADDER[level][0])}: {ai.SPEC_OF[level].words}"
        lines = wrap(line, WORDS_CHARS)
        assert len(lines) <= 2 and all(len(x) <= WORDS_CHARS for x in lines), line


def test_the_setup_screen_shows_every_row_and_value_whole(screen):  # noqa: F811
    seen = 0
    for opponents in range(1, 6):
        app, setup = setup_app(opponents)
        for row in list(setup.rows):
            select(app, row)
            turns = len(menus.LEVELS) + 1 if row.startswith("level") else 2 if row == "end" else 1
            for _ in range(turns):
                faults = screen(app, f"{opponents} opponents, {row}")
                assert not faults, faults
                drawn = [t for _, t in screen.layout.texts]
                words = wrap(setup.describe(), WORDS_CHARS) if setup.describe() else []
                assert all(line in drawn for line in words), (row, words, drawn)
                assert drawn[-1] == "<> CHANGE  X START  Z BACK"  # the keys line still shows
                for box, line in screen.layout.texts:
                    if line in words:  # a margin at both edges (a box's last column is blank)
                        assert box[0] >= 2 and box[2] <= 126, (line, box)
                seen += len(words)
                if turns > 1:
                    press(app, bt.RIGHT)
    assert seen > 50


def test_one_row_more_fits_the_setup_even_with_five_opponents(screen, monkeypatch):  # noqa: F811
    """The rows are laid out from the space there is: a rules option more (the holdings, as
    a stand-in) still leaves Start, the suggestion and the row's line whole above the keys."""
    real = menus.setup_rows
    monkeypatch.setattr(menus.setup, "setup_rows", lambda s: [*real(s), menus.ROWS["holdings"]])
    app, setup = setup_app(5)
    assert setup.rows[-2:] == ["holdings", "start"]
    for row in ("holdings", "start"):
        select(app, row)
        faults = screen(app, f"five opponents and one row more, {row}")
        assert not faults, faults
        drawn = [t for _, t in screen.layout.texts]
        assert "Holdings" in drawn and "START" in drawn and drawn[-1] == "<> CHANGE  X START  Z BACK"
        words = wrap(setup.describe(), WORDS_CHARS) if setup.describe() else []
        assert all(line in drawn for line in words), (row, words, drawn)
        assert words or row == "start"


def shown_clean(app, check, name: str, what: str) -> list[str]:
    """Select `name`, check the screen drawn for faults (`check`: the screen fixture; `what`
    names the screen) and return its texts."""
    select(app, name)
    faults = check(app, what)
    assert not faults, faults
    return [t for _, t in check.layout.texts]


def test_rows_more_than_fit_scroll_with_the_cursor_every_row_whole_when_selected(screen, monkeypatch):  # noqa: F811
    """Options yet to come (three rows as stand-ins, with five opponents): the rows scroll,
    the head says which are on screen, and each row, selected, is drawn whole with Start,
    its line and the keys, nothing overdrawn."""
    extra = [menus.ROWS[name] for name in ("holdings", "pace", "music")]
    real = menus.setup_rows
    monkeypatch.setattr(menus.setup, "setup_rows", lambda s: [*real(s), *extra])
    app, setup = setup_app(5)
    assert len(setup.table) > setup.room  # more than fit: they scroll
    for row in [*setup.rows[::-1], *setup.rows]:  # up from Start, then down again
        drawn = shown_clean(app, screen, row, f"{len(setup.table)} rows, {row}")
        assert "START" in drawn and drawn[-1] == "<> CHANGE  X START  Z BACK"
        selected = setup.selected
        if selected is not None:
            assert selected.label(app.settings).strip() in drawn, (row, drawn)
            assert setup.top <= setup.row < setup.top + setup.room
        on_screen = f"{setup.top + 1}-{setup.top + len(setup.shown)}/{len(setup.table)}"
        assert on_screen in drawn
        words = wrap(setup.describe(), WORDS_CHARS) if setup.describe() else []
        assert all(line in drawn for line in words), (row, words, drawn)
    select(app, setup.rows[0])
    assert setup.top == 0  # back at the first row: the list from its top
    monkeypatch.undo()
    app, setup = setup_app(5)  # today's rows fit: no scrolling
    assert len(setup.shown) == len(setup.table)


def test_the_settings_rows_scroll_too_when_more_than_fit(screen, monkeypatch):  # noqa: F811
    """Options yet to come, on the title's settings page with five opponents: four rows more
    (stand-ins with a line each) scroll, each whole when selected, Back and the keys kept."""
    extra = [
        rows.Row(
            f"extra{i}", lambda s, i=i: f"Option {i}", lambda s: "on", None, lambda s: "A line.", rows.RULES
        )
        for i in range(4)
    ]
    real = menus.settings_rows
    monkeypatch.setattr(menus.settings, "settings_rows", lambda s, in_game: [*real(s, in_game), *extra])
    app = capp.App(settings=Settings(opponents=5), seed=2)
    settings = menus.SettingsScene(app)
    app.push(settings)
    assert len(settings.table) > settings.room
    for name in [*settings.menu.items, *settings.menu.items[::-1]]:
        drawn = shown_clean(app, screen, name, f"title settings and four rows more, {name}")
        assert "BACK" in drawn and drawn[-1] == "<> CHANGE  Z BACK"
        row = settings.selected
        if row is not None:
            assert row.label(app.settings).strip() in drawn
            assert all(line in drawn for line in wrap(settings.describe(), WORDS_CHARS))
        assert f"{settings.top + 1}-{settings.top + len(settings.shown)}/{len(settings.table)}" in drawn
    assert settings.top == 0  # back at the first row


def test_the_in_game_settings_explain_the_selected_row(screen):  # noqa: F811
    app = capp.App(settings=Settings(), seed=2)
    settings = menus.SettingsScene(app, in_game=True)
    app.push(settings)
    for row in settings.table:
        settings.menu.index = settings.menu.items.index(row.name)
        faults = screen(app, f"in-game settings, {row.name}")
        assert not faults, faults
        words = wrap(settings.describe(), WORDS_CHARS)
        drawn = [t for _, t in screen.layout.texts]
        assert words and all(line in drawn for line in words), (row.name, words, drawn)


def test_the_title_settings_show_every_row_and_its_line_with_five_opponents(screen):  # noqa: F811
    app = capp.App(settings=Settings(opponents=5), seed=2)
    settings = menus.SettingsScene(app)
    app.push(settings)
    names = [row.name for row in settings.table]
    assert names == [row.name for row in menus.settings_rows(app.settings, in_game=False)]
    assert {*rows.PREFERENCE_ROWS, *option_values(), "opponents", "level4"} <= set(names)
    for row in settings.table:
        select(app, row.name)
        faults = screen(app, f"title settings, {row.name}")
        assert not faults, faults
        drawn = [t for _, t in screen.layout.texts]
        words = wrap(settings.describe(), WORDS_CHARS)
        assert words and all(line in drawn for line in words), (row.name, words, drawn)
        assert row.label(app.settings).strip() in drawn and drawn[-1] == "<> CHANGE  Z BACK"


def test_every_rules_option_has_a_label_and_a_line_for_each_of_its_values():
    for name, values in option_values().items():
        assert menus.ROWS[name].label(Settings()) == OPTION_LABELS[name]
        assert all(VALUE_WORDS.get((name, value)) for value in values), name


def test_an_option_row_shows_its_value_in_its_own_form(monkeypatch):
    """Rows hold their values as the settings do; `show` is how one reads ("$6,000" for a sum
    of money), and the row's line is still found by the value itself."""
    monkeypatch.setitem(rows.OPTION_SHOWN, "end", lambda value: f"{value}!".upper())
    row, settings = rows._option("end", END_OPTIONS), Settings()
    assert (row.value(settings), row.shown(settings)) == ("declare", "DECLARE!")
    assert row.explain(settings) == VALUE_WORDS["end", "declare"]
    cash = rows.Row("cash", lambda s: "Cash", lambda s: 6000, None, lambda s: "", rows.RULES, show=money)
    assert cash.shown(settings) == "$6,000"
    assert menus.ROWS["opponents"].shown(Settings(opponents=4)) == "4"  # as is: str
    assert menus.ROWS["music"].shown(Settings(music=False)) == "off"


def test_solo_says_what_it_is_once_and_then_the_score_to_beat():
    from acquire8.app.control.app import NullKeeper
    from acquire8.storage import HighScore, Stats

    app, setup = setup_app()
    select(app, "mode", "solo")
    assert "high score" in setup.describe()  # the Game row's line says what solo is ...
    assert setup.suggestion() == ""  # ... and the line above it does not say it again

    class Played(NullKeeper):
        def load_stats(self) -> tuple[Stats, str | None]:
            return Stats(high_scores=[HighScore(41_200)]), None

    app = capp.App(settings=app.settings, seed=2, keeper=Played())
    assert menus.Setup(app).suggestion() == f"Your best score: {money(41_200)}"


def test_the_rating_line_is_for_rated_games_and_says_a_number_only_once_it_means_one():
    """The line above the rows: the newcomer's level, then the level to try after a game or
    two (a first game's rating swings by hundreds: -65 after one lost to easy), the rating from
    RATING_SHOWN games on (below 0 in words); none in a team game or pass-and-play, which the
    stats keep apart from the singles' rating."""
    from acquire8.app.control.app import NullKeeper
    from acquire8.app.control.menus.setup import RATING_SHOWN
    from acquire8.rating import PersonRating
    from acquire8.storage import Stats

    def line(games: list[float], mode: str = "singles", levels: tuple[str, ...] = ("easy",) * 5) -> str:
        person = PersonRating()
        for score in games:
            person.record([("easy", score)])

        class Played(NullKeeper):
            def load_stats(self) -> tuple[Stats, str | None]:
                return Stats(rating=person), None

        settings = Settings(opponents=2, levels=list(levels), options=Options(mode=mode))
        return menus.Setup(capp.App(settings=settings, seed=2, keeper=Played())).suggestion()

    assert line([]) == f"New? {menus.first_level()} suits a first game"
    assert line([0.0]) == "After 1 game: try easy"  # its rating, -65, is not said
    assert line([0.0, 1.0]).startswith("After 2 games: try ")
    shown = PersonRating()
    for _ in range(RATING_SHOWN):
        shown.record([("easy", 1.0)])
    assert line([1.0] * RATING_SHOWN) == f"You rate {round(shown.value)}: try {rating.suggested(shown.value)}"
    assert line([0.0] * RATING_SHOWN) == "You're below easy: try easy"  # not "You rate -179"
    assert line([1.0] * RATING_SHOWN, levels=(PERSON, "easy", "easy", "easy", "easy")) == ""
    for mode in ("2v2", "2v2v2", "3v3"):
        assert line([1.0] * RATING_SHOWN, mode) == line([], mode) == ""
