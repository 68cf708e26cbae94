"""The pause menu over a game."""

from __future__ import annotations

from acquire8.app.buttons import LEFT, MENU, RIGHT, O, X
from acquire8.app.control.menus.chart import Table
from acquire8.app.control.menus.confirm import Confirm, to_new_game
from acquire8.app.control.menus.help import Help
from acquire8.app.control.menus.log import Log
from acquire8.app.control.menus.settings import SettingsScene
from acquire8.app.control.scene import Host, Menu, Pressed, Scene


class Pause(Scene):
    full = False
    ITEMS = ("Resume", "Undo", "Recap", "Log", "How to play", "Hint", "Settings", "New game", "Quit to title")

    def __init__(self, app: Host, table: Table):
        super().__init__(app)
        self.table = table
        self.menu = Menu(list(self.ITEMS))

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if MENU in pressed or O in pressed:
            self.app.pop()
            return
        self.menu.move(pressed, self.app)
        self.menu.move(pressed, self.app, (LEFT, RIGHT))
        if X not in pressed:
            return
        self.app.sound("confirm")
        item = self.menu.item
        app = self.app
        if item == "Resume":
            app.pop()
        elif item == "Undo":
            app.pop()
            self.table.undo()
        elif item == "Recap":
            app.pop()
            self.table.show_recap()
        elif item == "Log":
            self.menu.index = 0  # closed with X, the page comes back to Resume, not to itself
            app.push(Log(app, self.table.log))
        elif item == "How to play":
            self.menu.index = 0
            app.push(Help(app))
        elif item == "Hint":
            app.pop()
            self.table.show_hint()
        elif item == "Settings":
            self.menu.index = 0
            app.push(SettingsScene(app, in_game=True))
        elif item == "New game":
            # This game, when saved, is the one a new game replaces: the question says only that.
            saved = self.table.saved and app.can_resume()
            to_new_game(app, "Leave for a new game?", "" if saved else self._kept())
        else:
            app.push(Confirm(app, "Quit to the title?", app.home, "QUIT", self._kept()))

    def _kept(self) -> str:
        if not self.table.saved:  # the lesson: the saved game, if any, is another one
            return "The lesson is not kept: Learn to play starts it anew."
        if self.app.can_resume():
            return "This game is saved: Continue on the title resumes it."
        return "This game is not saved: it will be lost."
