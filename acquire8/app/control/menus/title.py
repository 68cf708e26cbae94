"""The title: its menu, and the question before a new game replaces a saved one."""

from __future__ import annotations

from acquire8.app.buttons import X
from acquire8.app.control.menus.confirm import Confirm, to_new_game
from acquire8.app.control.menus.help import Help
from acquire8.app.control.menus.settings import SettingsScene
from acquire8.app.control.menus.stats import StatsScene
from acquire8.app.control.scene import Host, Menu, Pressed, Scene


class Title(Scene):
    def __init__(self, app: Host):
        super().__init__(app)
        items = ["New game"]
        if app.can_resume():
            items.append("Continue")
        items += ["How to play", "Settings", "Stats", "Learn to play"]
        if app.can_quit:
            items.append("Quit")
        # The very first start (no game played, the lesson never offered) offers the lesson (a
        # line under the menu), once, with the cursor on it: one X takes it.
        self.offer = app.first_start and not app.load_stats()[0].overall.played
        app.first_start = False
        # With a saved game the cursor starts on Continue: one X picks up where you were. No
        # wrapping: Up on the first item must not land on Quit.
        start = "Continue" if "Continue" in items else "Learn to play" if self.offer else "New game"
        self.menu = Menu(items, items.index(start), wrap=False)

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if pressed and self.offer:
            self.app.settings.lesson_offered = True  # seen: the next start does not offer it again
        self.menu.move(pressed, self.app)
        if X not in pressed:
            return
        self.app.sound("confirm")
        item = self.menu.item
        if item == "New game":
            if "Continue" in self.menu.items:  # backing out of the question: the next X continues
                self.menu.index = self.menu.items.index("Continue")
            to_new_game(self.app, "Start a new game?")
        elif item == "Continue":
            if not self.app.resume():  # the save went bad meanwhile: the title says so
                self.app.goto(Title(self.app))
        elif item == "Learn to play":
            self.app.lesson()
        elif item == "How to play":
            self.app.push(Help(self.app))
        elif item == "Settings":
            self.app.push(SettingsScene(self.app))
        elif item == "Stats":
            self.app.push(StatsScene(self.app))
        elif item == "Quit":
            kept = "This game is saved: Continue resumes it." if "Continue" in self.menu.items else ""
            self.app.push(Confirm(self.app, "Quit acquire8?", self._quit, "QUIT", kept))

    def _quit(self) -> None:
        self.app.quit = True  # the game is saved after every decision: nothing is lost
