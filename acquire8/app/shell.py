"""The Pyxel side of the front end: each frame, input -> controllers -> outbox (audio, quit),
then the views.

Idle frames cost next to nothing: Pyxel keeps the screen between frames unless draw() clears
it, so `Shell.draw` redraws only when a button was pressed since the last drawing or when
`frame_key` changed. The key is derived from what the views read: the drawn scenes' state, the
animator's, and the clocks the last drawing looked at.
"""

from __future__ import annotations

import gc
from collections import deque

import pyxel

from acquire8.app import input as inp
from acquire8.app import views
from acquire8.app.audio import Audio
from acquire8.app.control.app import App
from acquire8.app.control.scene import Pressed, Scene
from acquire8.app.views.common import clocks_read
from acquire8.rules import Game

FULL_EVERY = 10  # passes of the middle generation between full collections (Python's default)
NEVER = 1 << 30  # the full collections' own threshold once the shell runs them


class Shell:
    """Owns the App controller and, optionally, the audio; call update()/draw() per frame."""

    def __init__(self, app: App, audio: bool = True):
        self.app = app
        self.audio: Audio | None = None
        if audio:
            try:
                self.audio = Audio(music=app.settings.music, effects=app.settings.effects)
            except Exception:  # a missing or bad sound bank must not stop the game
                self.audio = None
        self._music: str | None = None
        self._sound_settings = (app.settings.music, app.settings.effects)  # what the audio follows
        self._key: tuple | None = None  # frame_key of the screen drawn last (None: nothing yet)
        self._pressed = True  # a button went down since the last drawing: draw
        self.draws = 0  # frames actually drawn (tests, benchmarks)

    def update(self, pressed: Pressed | None = None) -> None:
        """One frame of logic; `pressed` overrides the real buttons (tests, demos: then nothing
        counts as held)."""
        app = self.app
        app.frames.begin()
        if gc.get_count()[2] >= FULL_EVERY:  # settle_memory: full collections are the frame's
            gc.collect()  # at its start, so that a computer's thinking budget counts their time
        held: Pressed = frozenset()
        if pressed is None:
            pressed, held = inp.poll(), inp.held()
        if pressed:  # cursors, pages and settings move only on presses: redraw after any
            self._pressed = True
        app.update(pressed, held)
        self._sound()
        if app.quit:
            app.keep_progress()  # nothing waits by now (a menu is a frame away), but to be sure
            pyxel.quit()

    def draw(self) -> None:
        """Draw the frame, unless nothing on it can have changed since the last one drawn."""
        key = frame_key(self.app)
        if self._pressed or key != self._key:  # else the screen still shows exactly this frame
            views.draw(self.app)
            self._key = key
            self._pressed = False
            self.draws += 1
        self.app.frames.end()

    def _sound(self) -> None:
        app, audio = self.app, self.audio
        wanted = (app.settings.music, app.settings.effects)
        if audio is not None:
            if wanted != self._sound_settings:
                audio.set_music(wanted[0])
                audio.set_effects(wanted[1])
            if app.music != self._music:
                audio.music(app.music)
            for name in app.effects:
                audio.effect(name)
            if app.heard:
                audio.events(list(app.heard))  # a copy: the list is cleared below
        self._music = app.music
        self._sound_settings = wanted
        app.effects.clear()
        app.heard.clear()


def settle_memory() -> None:
    """Once loaded: collect, then keep everything alive now out of the cyclic collector's sight
    (gc.freeze), so a later full collection scans only what the game itself creates. Full
    collections (10-20 ms on a desktop, more on a handheld) then no longer start by themselves,
    in the middle of a computer's thinking where they would make the frame late: `Shell.update`
    runs one at a frame's start when Python would have (FULL_EVERY), and the thinking that
    frame gets what is left."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, NEVER)


def frame_key(app: App) -> tuple:
    """Everything the views draw from that can change without a button press: the state of
    every scene drawn (read generically, so a new field can never be missed), the animator's,
    and the phase of every clock the last drawing read. Equal keys (and no press in between)
    mean an identical screen. Cheap: a few dozen attribute reads, no drawing."""
    anim = app.anim
    key: list = [
        app.settings.high_contrast,
        tuple(app.notices),
        anim.active,
        app.frame if anim.active else 0,  # anything moving: every frame differs
        tuple(anim.money) if anim.money is not None else None,  # cash as the shown events tell it
    ]
    key += [state_key(scene) for scene in app.drawn]
    key += [(app.frame // period) % count for period, count in clocks_read]
    return tuple(key)


_PLAIN = (str, int, float, bool, type(None), tuple, frozenset)  # and their subclasses (enums)
_PLAIN_TYPES = frozenset(_PLAIN)
_SIZED_TYPES = frozenset((list, dict, set, deque))
_OPAQUE = (Game, Scene)  # keyed by identity: see below


def state_key(obj: object, depth: int = 3) -> tuple:
    """A controller's state as a hashable value: plain fields as they are, containers by
    identity and length (they only grow, shrink or get replaced), controllers inside it
    (a stage, a decision screen, a menu) in turn, down to `depth`. A class lists in `UNDRAWN`
    the timers no view reads (they show when they run out: a step is shown, a scene closes).
    It runs every frame: types are looked up in sets before anything slower."""
    out: list = [id(obj)]
    hidden = getattr(type(obj), "UNDRAWN", ())
    for name, value in vars(obj).items():
        if name in hidden or name == "app":
            continue
        kind = type(value)
        if kind in _PLAIN_TYPES:
            out.append(value)
        elif kind in _SIZED_TYPES:
            out.append((id(value), len(value)))
        elif isinstance(value, _PLAIN):
            out.append(value)
        elif depth and hasattr(value, "__dict__") and not isinstance(value, _OPAQUE) and not callable(value):
            out.append(state_key(value, depth - 1))
        else:
            # A game, a bot: replaced, never changed behind the play's back; another scene (the
            # play under a menu) is keyed in its own right when it is drawn.
            out.append(id(value))
    return tuple(out)
