"""The Pyxel side of the front end: each frame, input -> controllers -> audio, then the views."""

from __future__ import annotations

import pyxel

from acquire8.app import input as inp
from acquire8.app import views
from acquire8.app.scenes import App

try:  # audio.py is written alongside; without it the game runs silent
    from acquire8.app.audio import Audio
except ImportError:  # pragma: no cover - only while audio.py is absent
    Audio = None  # type: ignore[assignment,misc]


class Shell:
    """Owns the App controller and, optionally, the audio; call update()/draw() per frame."""

    def __init__(self, app: App, audio: bool = True):
        self.app = app
        self.audio = None
        if audio and Audio is not None:
            try:
                self.audio = Audio(music=app.settings.music, effects=app.settings.effects)
            except Exception:  # a missing or bad sound bank must not stop the game
                self.audio = None
        self._music: str | None = None

    def update(self, pressed: frozenset[str] | None = None) -> None:
        """One frame of logic; `pressed` overrides the real buttons (tests, demos)."""
        app = self.app
        app.update(inp.poll() if pressed is None else pressed)
        self._sound()
        if app.quit:
            pyxel.quit()

    def draw(self) -> None:
        views.draw(self.app)

    def _sound(self) -> None:
        app, audio = self.app, self.audio
        if audio is not None:
            if app.settings_changed:
                audio.set_music(app.settings.music)
                audio.set_effects(app.settings.effects)
            if app.music != self._music:
                audio.music(app.music)
            for name in app.effects:
                audio.effect(name)
            if app.heard:
                audio.events(list(app.heard))  # a copy: the list is cleared below
        self._music = app.music
        app.settings_changed = False
        app.effects.clear()
        app.heard.clear()
