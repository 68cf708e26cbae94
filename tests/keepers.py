"""Keepers for tests: NullKeeper with one part faked (a saved game, the autosaves seen)."""

from __future__ import annotations

from collections.abc import Callable

from acquire8.app.control.app import NullKeeper
from acquire8.app.control.play import Play


class SavedGame(NullKeeper):
    """A game is saved (Continue is on the title) that no longer loads."""

    def can_resume(self) -> bool:
        return True


class Autosaves(NullKeeper):
    """Keeps nothing, but the app autosaves through it: `saved` sees each play kept."""

    autosaves = True

    def __init__(self, saved: Callable[[Play], object]) -> None:
        super().__init__()
        self.saved = saved

    def progress(self, play: Play) -> str | None:
        self.saved(play)
        return None
