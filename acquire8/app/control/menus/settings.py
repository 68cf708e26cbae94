"""The settings page: every persisted setting, stored as it changes (rows of `rows.py`)."""

from __future__ import annotations

from acquire8.app import constants as k
from acquire8.app.buttons import LEFT, MENU, RIGHT, O, X
from acquire8.app.control.menus.rows import Row, settings_rows
from acquire8.app.control.scene import Host, Menu, Pressed, Scene, scrolled

BACK = "back"  # the last item, below the rows


class SettingsScene(Scene):
    """Every persisted setting; left/right (or X) change the row, changes are stored at once."""

    def __init__(self, app: Host, in_game: bool = False):
        super().__init__(app)
        # During a game the rules options and the opponents would change nothing until the
        # next one: those rows are left out there (the view says where they are).
        self.in_game = in_game
        self.table = settings_rows(app.settings, in_game)
        self.menu = Menu(self._items())
        self.top = 0  # the first row on screen: rows more than `room` scroll with the cursor

    @property
    def bottom(self) -> int:
        """Where the rows and Back end: above the in-game note, or the selected row's line."""
        return k.SETTINGS_NOTE_Y if self.in_game else k.EXPLAIN_Y

    @property
    def room(self) -> int:
        """How many of the table's rows the page holds at the closest pitch, Back below them."""
        return (self.bottom - k.SETTINGS_Y) // k.MENU_MIN_PITCH - 1

    @property
    def shown(self) -> list[Row]:
        """The rows on screen, from `top`: all of them while they fit."""
        return self.table[self.top : self.top + self.room]

    def _items(self) -> list[str]:
        return [*(row.name for row in self.table), BACK]

    @property
    def selected(self) -> Row | None:
        """The selected row of the table; None on Back."""
        return self.table[self.menu.index] if self.menu.index < len(self.table) else None

    def describe(self) -> str:
        """The line on the selected row's value ("" on Back), as the setup has."""
        row = self.selected
        return row.explain(self.app.settings) if row else ""

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if O in pressed or MENU in pressed:
            self.app.pop()
            return
        self.menu.move(pressed, self.app)
        self.top = scrolled(self.top, self.menu.index, len(self.table), self.room)
        turn = (RIGHT in pressed) - (LEFT in pressed) or (1 if X in pressed else 0)
        if not turn:
            return
        row = self.selected
        if row is None:
            if X in pressed:
                self.app.pop()
            return
        if row.turn is None or row.fixed(self.app.settings):
            self.app.sound("refuse")
            return
        row.turn(self.app.settings, turn)
        if row.reshapes:
            self.table = settings_rows(self.app.settings, self.in_game)
            self.menu.items = self._items()
            self.top = scrolled(self.top, self.menu.index, len(self.table), self.room)
        self.app.sound("move")
