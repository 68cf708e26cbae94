"""A model of a person at the keys, for generated play (tests/test_app_turn_guard.py).

While the computers act the person hurries them: X tapped at a rhythm of their own (0.15 s
to 1.0 s between taps), each tap held for a random time (a long one hurries as a hold). When
a screen of theirs appears they do not see it at once: the taps go on for a reaction time
(0.3 s to 1.5 s). Then they let go of X, read for 1.5 s, and decide deliberately (moving the
selection a little, then X). A screen that follows their own decision is read the same way,
without taps. A decision is theirs only if it is taken by a deliberate press: the model
records every tap that changed one of their screens.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from acquire8.app.buttons import LEFT, RIGHT, Button, X
from acquire8.app.constants import FPS
from acquire8.app.control.app import App
from acquire8.app.control.decisions import cursor_of
from acquire8.app.control.lesson import LessonDone, PartCard, lesson_of
from acquire8.app.control.menus import Confirm
from acquire8.app.control.play import Play
from acquire8.app.control.stages import Deciding, Passing
from acquire8.app.control.standings import GameOver, Summary

NOTHING: frozenset[Button] = frozenset()
READ = round(1.5 * FPS)  # X let go this long before a deliberate press
REACTION = (0.3, 1.5)  # seconds before a new screen of theirs is noticed
TAP_EVERY = (0.15, 1.0)  # seconds from one tap to the next while hurrying
START_TAPPING = (0.15, 0.5)  # seconds of the computers acting before the taps begin


def frames(rng: random.Random, span: tuple[float, float]) -> int:
    return max(1, round(rng.uniform(*span) * FPS))


def persons_screen(app: App, play: Play) -> tuple[str, tuple, object] | None:
    """What of the person's is on screen: (its kind, which screen it is, where its choice
    stands), or None while nothing waits for them (the computers act, others' summaries)."""
    scene = app.scene
    if isinstance(scene, Summary):
        return ("summary", (id(scene),), None) if scene.yours else None
    if isinstance(scene, GameOver | PartCard | LessonDone | Confirm):
        return type(scene).__name__.lower(), (id(scene),), None
    if scene is not play:
        return None
    stage = play.stage
    lesson = (lesson_of(play).index, lesson_of(play).held) if play.guide is not None else ()
    if isinstance(stage, Passing):
        return "pass", (id(stage), *lesson), None
    if isinstance(stage, Deciding):
        kind = stage.screen.kind
        if kind == "dispose" and play.game.turn != play.game.current:
            kind = "dispose in another's turn"
        elif kind == "buy" and play.chosen.after_others:
            kind = "buy after others"
        return kind, (id(stage), len(play.actions), *lesson), (bool(stage.recap), cursor_of(stage.screen))
    if play.guide is not None and lesson_of(play).holding:  # the answer to their choice: X reads on
        return "lesson answer", lesson, None
    return None


@dataclass
class Person:
    rng: random.Random
    move_selection: bool = True  # left/right before deciding (the lesson selects for them)
    mode: str = "idle"  # idle, hurrying, noticing (taps go on), reading (X let go), deciding
    screen: tuple | None = None  # the screen of theirs being handled
    kind: str = ""
    clock: int = 0  # frames left in the current mode
    period: int = 1  # frames between taps while hurrying
    down: int = 0  # frames X stays down
    phase: int = 0  # frames since the last tap went down
    moves: list[Button] = field(default_factory=list)
    tapped: dict[str, int] = field(default_factory=dict)  # screens tapped on before being noticed, by kind
    taken_by_taps: list[str] = field(default_factory=list)
    decided: int = 0  # deliberate presses that took something
    read: int = READ  # how long they read before pressing: longer after a press that did nothing

    def _tap(self) -> tuple[frozenset[Button], frozenset[Button]]:
        """One frame of the tapping rhythm: (pressed, held)."""
        self.phase += 1
        if self.phase >= self.period:
            self.phase = 0
            self.down = self.rng.randint(1, max(1, min(self.period - 1, round(0.6 * FPS))))
        self.down -= 1
        held = frozenset({X}) if self.down >= 0 else NOTHING
        return (frozenset({X}) if self.phase == 0 else NOTHING), held

    def step(self, app: App, play: Play) -> None:
        """One frame of the person: their presses, then the check that a tap decided nothing."""
        now = persons_screen(app, play)
        if now is not None and now[1] != self.screen:
            self.screen, self.kind = now[1], now[0]
            if self.mode in ("hurrying", "noticing"):
                self.mode, self.clock = "noticing", frames(self.rng, REACTION)
                self.tapped[self.kind] = self.tapped.get(self.kind, 0) + 1
            else:
                self.mode, self.clock = "reading", READ
        elif now is None:
            self.screen = None
            if self.mode in ("reading", "deciding"):
                self.mode, self.clock = "idle", frames(self.rng, START_TAPPING)
            elif self.mode == "idle":
                self.clock -= 1
                if self.clock <= 0:  # the computers have been acting a moment: hurry them
                    self.mode, self.period = "hurrying", frames(self.rng, TAP_EVERY)
                    self.phase = self.period - 1  # the first tap at once
        pressed, held, tap = NOTHING, NOTHING, False
        if self.mode in ("hurrying", "noticing"):
            pressed, held = self._tap()
            tap = X in pressed
            if self.mode == "noticing":
                self.clock -= 1
                if self.clock <= 0:
                    self.mode, self.clock = "reading", self.read
        elif self.mode == "reading":
            self.clock -= 1
            if self.clock <= 0:
                self.mode = "deciding"
                # (after a press that did nothing they try moving the selection too)
                moving = (self.move_selection or self.read > READ) and now and now[0] != "gameover"
                n = self.rng.randint(0, 3) if moving else 0
                self.moves = [self.rng.choice((LEFT, RIGHT)) for _ in range(n)]
        elif self.mode == "deciding":
            if self.moves:
                pressed = frozenset({self.moves.pop()})
            else:
                pressed, held = frozenset({X}), frozenset({X})
                self.mode, self.clock = "reading", self.read  # taken or refused: read what follows
        before = persons_screen(app, play)
        app.update(pressed, held)
        after = persons_screen(app, play)
        if before is not None and after != before:
            if tap:
                self.taken_by_taps.append(f"{before[0]} taken by a tap ({self.period} frames apart)")
            elif X in pressed:
                self.decided += 1
                self.read = READ
        elif X in pressed and not tap and before is not None:
            self.read = min(2 * self.read, 4 * FPS)  # nothing happened: they wait longer
