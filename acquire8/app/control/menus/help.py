"""How to play: left/right (or X) turn the pages of HELP_PAGES."""

from __future__ import annotations

from acquire8.app.buttons import LEFT, MENU, RIGHT, O, X
from acquire8.app.control.help_pages import HELP_PAGES
from acquire8.app.control.scene import Host, Pressed, Scene


class Help(Scene):
    def __init__(self, app: Host):
        super().__init__(app)
        self.page = 0

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if O in pressed or MENU in pressed:
            self.app.pop()
            return
        step = (RIGHT in pressed or X in pressed) - (LEFT in pressed)
        if not step:
            return
        if self.page + step >= len(HELP_PAGES):
            self.app.pop()
            return
        self.page = max(0, self.page + step)
        self.app.sound("move")
