"""The settings page: every persisted setting, stored as it changes."""

from __future__ import annotations

from dataclasses import replace

from acquire8.app.buttons import LEFT, MENU, RIGHT, O, X
from acquire8.app.control.menus.setup import cycle_level, cycle_opponents
from acquire8.app.control.scene import Host, Menu, Pressed, Scene
from acquire8.storage.settings import PACES


class SettingsScene(Scene):
    """Every persisted setting; left/right (or X) change the row, changes are stored at once."""

    ROWS = ("music", "effects", "pace", "contrast", "end", "holdings", "opponents")
    GAME_ROWS = ("music", "effects", "pace", "contrast")  # what a running game follows at once

    def __init__(self, app: Host, in_game: bool = False):
        super().__init__(app)
        # During a game the end rule, holdings and opponents would change nothing until the
        # next one: those rows are left out there (the view says where they are).
        self.in_game = in_game
        self.menu = Menu(self._rows())

    def _rows(self) -> list[str]:
        if self.in_game:
            return [*self.GAME_ROWS, "back"]
        n = self.app.settings.opponents
        return [*self.ROWS, *(f"level{i}" for i in range(n)), "back"]

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if O in pressed or MENU in pressed:
            self.app.pop()
            return
        self.menu.move(pressed, self.app)
        turn = (RIGHT in pressed) - (LEFT in pressed) or (1 if X in pressed else 0)
        if not turn:
            return
        s, row = self.app.settings, self.menu.item
        if row == "back":
            if X in pressed:
                self.app.pop()
            return
        if row == "music":
            s.music = not s.music
        elif row == "effects":
            s.effects = not s.effects
        elif row == "pace":
            s.pace = PACES[(PACES.index(s.pace) + turn) % len(PACES)]
        elif row == "contrast":
            s.high_contrast = not s.high_contrast
        elif row == "end":
            s.options = replace(s.options, end="auto" if s.options.end == "declare" else "declare")
        elif row == "holdings":
            s.options = replace(s.options, holdings="hidden" if s.options.holdings == "open" else "open")
        elif row == "opponents":
            cycle_opponents(s, turn)
            self.menu.items = self._rows()
        elif row.startswith("level"):
            cycle_level(s, int(row[5:]), turn)
        self.app.sound("move")
