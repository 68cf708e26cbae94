"""A second question before something that cannot be taken back."""

from __future__ import annotations

from collections.abc import Callable

from acquire8.app.buttons import LEFT, MENU, RIGHT, O, X
from acquire8.app.control.scene import Host, Pressed, Scene


class Confirm(Scene):
    """A second question before something that cannot be taken back: it says what it means,
    starts on the harmless answer, and only left/right change the answer."""

    full = False

    def __init__(
        self, app: Host, question: str, then: Callable[[], None], yes: str, detail: str = "", no: str = "BACK"
    ):
        super().__init__(app)
        self.question = question
        self.detail = detail
        self.then = then
        self.labels = (no, yes)
        self.index = 0

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if MENU in pressed or O in pressed:
            self.app.pop()
            return
        step = (RIGHT in pressed) - (LEFT in pressed)
        if step:
            self.index = (self.index + step) % 2
            self.app.sound("move")
        if X not in pressed:
            return
        self.app.sound("confirm")
        self.app.pop()
        if self.index == 1:
            self.then()
