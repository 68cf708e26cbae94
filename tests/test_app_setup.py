"""The setup screen says what the selected row's value means (the end rule, a level with its
rating, why the first player is fixed), in whole lines under its suggestion, with any number
of opponents and any row selected: nothing cut, nothing drawn over anything else."""

from __future__ import annotations

from test_app_texts import screen  # noqa: F401  (the fixture that finds cut and overdrawn text)

from acquire8 import ai, rating
from acquire8.app import buttons as bt
from acquire8.app.control import app as capp
from acquire8.app.control import menus
from acquire8.app.demo import press
from acquire8.app.text import LINE_CHARS, SETUP_WORDS, wrap
from acquire8.storage import PERSON, Settings


def setup_app(opponents: int = 3) -> tuple[capp.App, menus.Setup]:
    app = capp.App(settings=Settings(opponents=opponents), seed=2)
    setup = menus.Setup(app)
    app.push(setup)
    return app, setup


def select(app: capp.App, setup: menus.Setup, row: str) -> None:
    while setup.rows[setup.row] != row:
        press(app, bt.DOWN)


def test_each_row_says_what_its_value_means():
    app, setup = setup_app()
    select(app, setup, "end")
    declare = setup.describe()
    assert app.settings.end == "declare" and "41+" in declare and "safe" in declare
    press(app, bt.RIGHT)
    assert app.settings.end == "auto" and setup.describe() == SETUP_WORDS["auto"] != declare
    select(app, setup, "level0")
    for _ in range(len(menus.LEVELS) + 1):  # every level, then a person
        level = app.settings.levels[0]
        if level == PERSON:
            assert setup.describe() == SETUP_WORDS[PERSON]
        else:
            assert setup.describe().startswith(f"Rated {round(rating.LADDER[level][0])}: ")
            assert setup.describe().endswith(ai.SPEC_OF[level].words)
        press(app, bt.RIGHT)
    select(app, setup, "first")
    assert "rules" in setup.describe()
    select(app, setup, "start")
    assert setup.describe() == ""


def test_the_first_player_row_is_selectable_but_fixed():
    app, setup = setup_app()
    before = (app.settings, list(setup.rows))
    select(app, setup, "first")
    press(app, bt.LEFT, bt.RIGHT)
    assert setup.rows[setup.row] == "first" and (app.settings, setup.rows) == before
    assert app.effects[-2:] == ["refuse", "refuse"]  # said, not silently ignored


def test_every_description_fits_two_lines():
    for words in SETUP_WORDS.values():
        assert len(wrap(words)) <= 2, words
    for level in menus.LEVELS:
        line = f"Rated {round(rating.LADDER[level][0])}: {ai.SPEC_OF[level].words}"
        assert len(wrap(line)) <= 2 and all(len(x) <= LINE_CHARS for x in wrap(line)), line


def test_the_setup_screen_shows_every_row_and_value_whole(screen):  # noqa: F811
    seen = 0
    for opponents in range(1, 6):
        app, setup = setup_app(opponents)
        for row in list(setup.rows):
            select(app, setup, row)
            turns = len(menus.LEVELS) + 1 if row.startswith("level") else 2 if row == "end" else 1
            for _ in range(turns):
                faults = screen(app, f"{opponents} opponents, {row}")
                assert not faults, faults
                drawn = [t for _, t in screen.layout.texts]
                words = wrap(setup.describe()) if setup.describe() else []
                assert all(line in drawn for line in words), (row, words, drawn)
                assert drawn[-1] == "UP/DOWN <> CHANGE  X START"  # the keys line still shows
                seen += len(words)
                if turns > 1:
                    press(app, bt.RIGHT)
    assert seen > 50
