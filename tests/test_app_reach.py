"""Screens reached by name (control/reach.py, demo.select): a row, a menu item or a page is
selected by the presses a person would make, and a search that fails says where it was."""

from __future__ import annotations

import pytest

from acquire8.app import buttons as bt
from acquire8.app.control import app as capp
from acquire8.app.control import menus, reach
from acquire8.app.demo import press, select
from acquire8.storage import Settings


def setup_app() -> capp.App:
    app = capp.App(settings=Settings(), seed=3)
    press(app, bt.X)  # New game: the setup
    assert isinstance(app.scene, menus.Setup)
    return app


def test_a_row_and_its_value_are_reached_by_name():
    app = setup_app()
    select(app, "opponents", "4")
    select(app, "level3", "expert")
    setup = app.scene
    assert app.settings.opponent_levels() == ["normal", "normal", "normal", "expert"]
    assert setup.rows[setup.row] == "level3"
    select(app, "start")
    assert setup.selected is None


def test_a_search_that_fails_names_the_screen_and_what_it_looked_for():
    app = setup_app()
    among = r"among \['mode', 'opponents'"
    with pytest.raises(reach.NotReached, match=r"on Setup: looked for 'holdings' " + among):
        select(app, "holdings")
    with pytest.raises(reach.NotReached, match=r"on Setup: 'level0' set to 'godlike' not reached"):
        select(app, "level0", "godlike")
    press(app, bt.O)  # back on the title: its items by name
    select(app, "Settings")
    assert app.scene.menu.item == "Settings"
