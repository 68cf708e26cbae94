"""The Pyxel side of the front end: each frame, input -> controllers -> audio, then the views.

Idle frames cost next to nothing (issue 6): Pyxel keeps the screen between frames unless draw()
clears it, so `Shell.draw` redraws only when a button was pressed since the last drawing or when
`frame_key` changed. The key holds everything the views draw that can change without a press:
the scene stack, the game's progress, the message line, animations, blink phases, the palette.
"""

from __future__ import annotations

import gc

import pyxel

from acquire8.app import input as inp
from acquire8.app import scenes as sc
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
        self._key: tuple | None = None  # frame_key of the screen drawn last (None: nothing yet)
        self._pressed = True  # a button went down since the last drawing: draw
        self.draws = 0  # frames actually drawn (tests, benchmarks)

    def update(self, pressed: frozenset[str] | None = None) -> None:
        """One frame of logic; `pressed` overrides the real buttons (tests, demos)."""
        app = self.app
        pressed = inp.poll() if pressed is None else pressed
        if pressed:  # cursors, pages and settings move only on presses: redraw after any
            self._pressed = True
        app.update(pressed)
        self._sound()
        if app.quit:
            pyxel.quit()

    def draw(self) -> None:
        """Draw the frame, unless nothing on it can have changed since the last one drawn."""
        key = frame_key(self.app)
        if not self._pressed and key == self._key:
            return  # the screen still shows exactly this frame
        views.draw(self.app)
        self._key = key
        self._pressed = False
        self.draws += 1

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


def settle_memory() -> None:
    """Once loaded: collect, then keep everything alive now out of the cyclic collector's sight
    (gc.freeze), so a later full collection scans only what the game itself creates. It takes
    a few ms off the frame such a collection lands in (issue 6: at most 8 ms a frame)."""
    gc.collect()
    gc.freeze()


def frame_key(app: App) -> tuple:
    """What the views draw that can change without a button press; equal keys (and no press
    in between) mean an identical screen. Cheap: a few attribute reads, no drawing.

    The blink periods are views.blink's: 8 (the last placed tile while busy), 16 (selections,
    the pending tile) and 24 (the "..." of computer turns); the title's tiles lift every 6
    frames. Timers that draw nothing (Play.guard, Summary.auto) show up when they end: a
    scene closes, a step is shown.
    """
    f = app.frame
    anim = app.anim
    scenes = app.scenes
    first = len(scenes) - 1
    while first > 0 and not scenes[first].full:  # the scenes views.draw draws
        first -= 1
    key: list = [
        tuple(scenes),  # the scenes themselves (identity): any push, pop or goto
        app.settings.high_contrast,
        tuple(app.notices),
        anim.active,
        f if anim.active else 0,  # anything moving: every frame differs
        tuple(anim.money) if anim.money is not None else None,  # cash as the shown events tell it
    ]
    for scene in scenes[first:]:
        if isinstance(scene, sc.Play):
            g = scene.game
            key += (
                len(scene.shown),
                len(scene.actions),
                len(scene.queue),
                scene.wait > 0,
                scene.message,
                scene.ui,
                scene.pick,
                scene.human,
                scene.passed,
                f % 16 < 8,  # selections and the pending tile blink (kept always: cheap and safe)
                f % 8 < 4 if scene.busy else None,
                f % 24 < 12 if scene.human is not None and g.current != scene.human else None,
            )
        elif isinstance(scene, sc.Title):
            key.append((f // 6) % 7)  # the row of tiles under the name, one lifted at a time
    return tuple(key)
