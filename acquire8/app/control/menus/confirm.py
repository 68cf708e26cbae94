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


def replaced(app: Host) -> str:
    """What a new game's Start replaces, said before the way to it: the saved game in a few
    words ("" when none is saved)."""
    if not app.can_resume():
        return ""
    about = app.saved_game()
    lost = f"Your game in progress ({about})" if about else "Your saved game"
    return f"{lost} will be replaced when the new game starts."


def to_new_game(app: Host, question: str, unkept: str = "") -> None:
    """The one way to the setup (the title's, the pause menu's and the final standings' New
    game). Its Start replaces the saved game at once (App.new_game), so over a saved game the
    question before it says so, with KEEP IT the answer first offered; `unkept`: what else is
    lost (the lesson, a game not saved), asked about too. Nothing else asks again."""
    lost = " ".join(part for part in (unkept, replaced(app)) if part)
    if lost:
        no = "KEEP IT" if app.can_resume() else "BACK"
        app.push(Confirm(app, question, app.setup, "NEW GAME", lost, no=no))
    else:
        app.setup()
