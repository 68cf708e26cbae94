"""What every screen's controller is: a Scene on the app's stack, a Menu of options, and the
Host (the app) they talk to. The host is a Protocol so that no controller imports the app."""

from __future__ import annotations

from typing import Any, Protocol

from acquire8.ai.review import KeptReview
from acquire8.app.anim import Animator
from acquire8.app.buttons import DOWN, UP, Button, X
from acquire8.app.constants import FPS
from acquire8.app.control.frames import FrameBudget
from acquire8.rules import events as ev
from acquire8.rules.record import GameRecord
from acquire8.storage.settings import Settings
from acquire8.storage.stats import Stats

Pressed = frozenset[Button]  # the buttons newly pressed (or repeating) this frame
GUARD_FRAMES = round(0.4 * FPS)  # X must have been up this long before a new screen takes it
HOLD_FRAMES = round(0.4 * FPS)  # X down this long is held, not tapped: it hurries the computers
# THE guard rule (opening_guard): a person's screen that opens after something they did not do
# (a computer's move, a merger summary, a new turn, Continue) takes X only once X has been up
# this long, counted from before the screen opened. A player tapping X to hurry the computers at
# any pace up to one tap a second never leaves X up so long, so a tap made before the screen was
# noticed cannot decide it; a player who was not pressing X is answered at once. The YOUR TURN
# flash lasts this long whatever X does. A pass-and-play hand-over counts from its own start.
TURN_QUIET_FRAMES = round(1.1 * FPS)
# The final standings cannot be seen again: X leaves them only after a longer quiet spell, so
# that a player still tapping to hurry the computers (taps seen up to 1.5 s apart) stays on them.
RESULT_QUIET_FRAMES = round(2 * FPS)


def quieter(quiet: int, pressed: Pressed, held: Pressed, need: int = GUARD_FRAMES) -> int:
    """The frames X has been up, one frame on: a screen that must not take a hurried X (a new
    turn, the pass screen, the final standings) lets X act from `need` frames on."""
    return 0 if (X in pressed or X in held) else min(quiet + 1, need)


def opening_guard(x_quiet: int, after_others: bool) -> tuple[int, int]:
    """A person's screen opening now: (X's quiet frames so far, the frames it needs). After
    something the person did not do, X must have been up TURN_QUIET_FRAMES, counted from before
    the screen opened (`x_quiet`, the app's count); right after the person's own decision X
    acts at once (each press is its own: a held X never repeats)."""
    if after_others:
        return min(x_quiet, TURN_QUIET_FRAMES), TURN_QUIET_FRAMES
    return GUARD_FRAMES, GUARD_FRAMES


class Host(Protocol):
    """The parts of the app a scene may use: settings, sounds and moving between screens."""

    settings: Settings
    frame: int
    notices: list[str]  # one-line problems (storage) shown on the title
    anim: Animator
    heard: list[ev.Event]  # rules events shown this frame, for their sounds
    music: str | None  # the tune to play
    can_quit: bool
    quit: bool
    saving: bool  # an autosave is made at the end of this frame
    frames: FrameBudget  # the frame's timing: what a computer may think in it
    first_start: bool  # nothing stored yet: the title offers the lesson (once)
    x_quiet: int  # frames X has been up, this one included (a new turn's guard starts from it)
    x_held: int  # frames X has been down without a break, this one included

    @property
    def scene(self) -> Scene:
        """The scene on top: the one taking the presses."""
        ...

    def sound(self, name: str) -> None: ...
    def push(self, scene: Scene) -> None: ...
    def pop(self) -> None: ...
    def goto(self, scene: Scene) -> None: ...
    def progress(self, play: Any) -> None:
        """A decision or a turn is done: autosave (in the next frame)."""
        ...

    def home(self) -> None:
        """Back to the title screen."""
        ...

    def setup(self) -> None:
        """The title with the new-game setup over it."""
        ...

    def new_game(self) -> object:
        """Start a game with the current settings and show it."""
        ...

    def lesson(self) -> object:
        """Start the guided first game and show it."""
        ...

    def resume(self) -> bool:
        """Continue the saved game; False (with a notice) when there is none to continue."""
        ...

    def can_resume(self) -> bool: ...
    def saved_game(self) -> str | None:
        """The saved game in a few words ("round 6, you lead by $4,100"), None without one."""
        ...

    def load_stats(self) -> tuple[Stats, str | None]: ...
    def load_review(self, record: GameRecord) -> KeptReview | None:
        """The expert's finished review of this game (this session's or kept), None if none."""
        ...

    def open_review(self, record: GameRecord) -> None:
        """The expert's review of a finished game, opened over this screen (control/review.py)."""
        ...


def scrolled(top: int, index: int, rows: int, room: int) -> int:
    """The first of `rows` on screen when `room` show at a time: moved as little as keeps row
    `index` on screen (an index past the rows, an item below them such as Start, moves
    nothing)."""
    if index < rows:
        top = max(min(top, index), index - room + 1)
    return max(0, min(top, rows - room))


class Scene:
    full = True  # covers the whole screen, so what lies under it is not drawn
    UNDRAWN: tuple[str, ...] = ()  # fields no view reads: the redraw key skips them (shell.py)

    def __init__(self, app: Host):
        self.app = app

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        """One frame: `pressed` went down this frame, `held` are down now."""
        raise NotImplementedError  # pragma: no cover - every scene overrides


class Menu:
    """A list of options cycled with two directions (wrapping, unless `wrap` is False: then
    the first and last items are ends)."""

    def __init__(self, items: list[str], index: int = 0, wrap: bool = True):
        self.items = items
        self.index = index
        self.wrap = wrap

    @property
    def item(self) -> str:
        return self.items[self.index]

    def move(self, pressed: Pressed, app: Host, keys: tuple[Button, Button] = (UP, DOWN)) -> bool:
        step = (keys[1] in pressed) - (keys[0] in pressed)
        if step and self.items:
            if not self.wrap and not 0 <= self.index + step < len(self.items):
                return False
            self.index = (self.index + step) % len(self.items)
            app.sound("move")
            return True
        return False
