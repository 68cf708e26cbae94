"""The game's log, scrolled."""

from __future__ import annotations

from acquire8.app.buttons import DOWN, LEFT, MENU, RIGHT, UP, O, X
from acquire8.app.constants import LOG_ROWS
from acquire8.app.control.scene import Host, Pressed, Scene
from acquire8.app.text import wrap


class Log(Scene):
    """The game's events, newest at the bottom; up/down scroll a line, left/right a page."""

    ROWS = LOG_ROWS

    def __init__(self, app: Host, log: list[str]):
        super().__init__(app)
        # Long entries go on over indented lines.
        self.lines = [("  " if i else "") + line for entry in log for i, line in enumerate(wrap(entry, 30))]
        self.top = max(0, len(self.lines) - self.ROWS)
        # Open on the start of an entry, never on the indented rest of one cut off above.
        while 0 < self.top < len(self.lines) - 1 and self.lines[self.top].startswith("  "):
            self.top += 1
        self.bottom = self.top  # the furthest down scrolling goes

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if O in pressed or X in pressed or MENU in pressed:
            self.app.pop()
            return
        step = (DOWN in pressed) - (UP in pressed) + self.ROWS * ((RIGHT in pressed) - (LEFT in pressed))
        if step:
            self.top = max(0, min(self.bottom, self.top + step))
