"""The menus and pages around a game: what a press does on each; drawing is in views.

One scene (or two that belong together) per module: `title`, `rows` (the setup's and the
settings' rows as one table), `setup`, `settings`, `help` (its prose is `control/help_pages.py`),
`stats`, `confirm`, `pause`, `log`, `chart` (and `Table`, the game as the menus over it
see it). The package re-exports the public names.
"""

from __future__ import annotations

from acquire8.app.control.help_pages import HELP_PAGES
from acquire8.app.control.menus.chart import Chart, Table
from acquire8.app.control.menus.confirm import Confirm, to_new_game
from acquire8.app.control.menus.help import Help
from acquire8.app.control.menus.log import Log
from acquire8.app.control.menus.pause import Pause
from acquire8.app.control.menus.rows import (
    DEFAULT_LEVEL,
    LEVELS,
    ROWS,
    Row,
    first_level,
    settings_rows,
    setup_rows,
)
from acquire8.app.control.menus.settings import SettingsScene
from acquire8.app.control.menus.setup import Setup
from acquire8.app.control.menus.stats import Bar, StatsScene
from acquire8.app.control.menus.title import Title
from acquire8.storage.settings import PACES

__all__ = [
    "DEFAULT_LEVEL",
    "HELP_PAGES",
    "LEVELS",
    "PACES",
    "ROWS",
    "Bar",
    "Chart",
    "Confirm",
    "Help",
    "Log",
    "Pause",
    "Row",
    "SettingsScene",
    "Setup",
    "StatsScene",
    "Table",
    "Title",
    "first_level",
    "settings_rows",
    "setup_rows",
    "to_new_game",
]
