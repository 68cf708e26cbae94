"""The expert's review of a finished game on screen (ai/review.py does the reviewing).

It works in what each frame leaves over (`app.frames.budget_ms()`, as a computer thinks), so no
frame runs late; the screen shows a bar of the decisions reviewed and the time left. A review
left half done goes on where it stood when the screen is opened again in the session (the app
holds it, `Reviewing`); a finished one is kept with its game among the kept games, so it is
worked out once. Only the person's seat is reviewed: a whole table would take four times as
long. Pure Python, no Pyxel.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

from acquire8.ai.review import (
    BLUNDER,
    CLASSES,
    DEFAULT_ITERATIONS,
    GOOD,
    INACCURACY,
    MISTAKE,
    KeptReview,
    Review,
    Verdict,
)
from acquire8.app.buttons import MENU, O, X
from acquire8.app.constants import FPS
from acquire8.app.control.scene import Menu, Pressed, Scene
from acquire8.app.control.story import Archive, Replay, player_seat
from acquire8.app.text import LINE_CHARS, pack
from acquire8.rules.record import GameRecord, replay

__all__ = [
    "BLUNDER",
    "CLASSES",
    "COSTLY_ROWS",
    "COUNT_LINES",
    "GOOD",
    "INACCURACY",
    "MISTAKE",
    "ReviewScene",
    "Reviewer",
    "Reviewing",
    "review_job",
]
COSTLY_ROWS = 6  # costly decisions on the screen at once under COUNT_LINES lines of counts
COUNT_LINES = 2  # the counts' lines with COSTLY_ROWS under them: a line more takes a row's room
PLURAL = {INACCURACY: "inaccuracies", GOOD: "good"}
ITERATIONS = DEFAULT_ITERATIONS  # deals a decision (as the command line's review)


@dataclass
class Reviewing:
    """A review under way in this session, the frames it has worked in so far and the
    decisions it had when the session took it up (a review kept under way goes on)."""

    review: Review
    frames: int = 0
    first: int = 0
    notice: str = ""  # a problem met taking it up

    def seconds_left(self) -> int | None:
        """The time left at the pace so far, in whole seconds, the decisions weighed by their
        work (Review.effort: later ones cost more); None before a searched one is done."""
        review, done = self.review, self.review.progress[0]
        spent = review.effort(done) - review.effort(self.first)
        return seconds_left(self.frames, spent, review.effort() - review.effort(done))


def seconds_left(frames: int, spent: float, left: float) -> int | None:
    """Whole seconds for `left` units of work when `spent` units took `frames` frames; None
    before any work is done."""
    if not frames or spent <= 0:
        return None
    return math.ceil(frames * left / (spent * FPS))


def time_left(seconds: int | None) -> str:
    """ "about 12 s left", "about 2 min left"."""
    if seconds is None:
        return "timing the first decisions"
    if seconds < 60:
        return f"about {max(1, seconds)} s left"
    return f"about {-(-seconds // 60)} min left"


def counted(n: int, kind: str) -> str:
    """ "1 mistake", "4 inaccuracies"."""
    return f"{n} {kind if n == 1 else PLURAL.get(kind, kind + 's')}"


def count_lines(parts: list[str], width: int = LINE_CHARS) -> list[str]:
    """The counts ("10 good", "4 inaccuracies", ...) on lines of `width` characters, broken
    only between counts ("10 mistakes" is never split); a third line when two do not hold them."""
    return pack(parts, ", ", width=width)


def review_job(record: GameRecord) -> Reviewing:
    """A new review of the person's decisions in `record`."""
    return Reviewing(Review(record, seats=[player_seat(record)], iterations=ITERATIONS))


class Reviewer(Archive, Protocol):
    """The host with the kept games and the reviews of this session (App)."""

    def load_review(self, record: GameRecord) -> KeptReview | None:
        """The game's finished review, of this session or kept with the game; None if none."""
        ...

    def reviewing(self, record: GameRecord) -> Reviewing:
        """The game's review under way in this session (a new one when there is none)."""
        ...

    def review_done(self, record: GameRecord, review: Review) -> tuple[KeptReview, str | None]:
        """Keep a finished review, in the session and with its game; a problem met, to show."""
        ...

    def review_left(self, record: GameRecord, review: Review) -> None:
        """A review under way was left: kept to take up in another session too."""
        ...


class ReviewScene(Scene):
    """The expert's review of a game: while it works, a progress bar; then the person's
    accuracy, the count of each class and the costly decisions, costliest first. Up/down
    choose one, X opens the replay at it with both moves shown; Z or MENU go back (a review
    under way waits for the screen to open again)."""

    UNDRAWN = ("job", "_decisions")  # drawn through `progress` and `seconds`

    def __init__(self, app: Reviewer, record: GameRecord):
        super().__init__(app)
        self.app: Reviewer = app
        self.record = record
        self.seat = player_seat(record)
        self.kept = app.load_review(record)
        self.job = None if self.kept is not None else app.reviewing(record)
        self.message = self.job.notice if self.job is not None else ""
        self.menu = Menu([])
        self.top = 0  # the first costly decision on screen
        self.costly: list[Verdict] = []
        self.progress = self.job.review.progress if self.job is not None else (0, 0)
        self.seconds = self.job.seconds_left() if self.job is not None else None
        self._decisions: int | None = None  # the person's decisions in the game, once counted
        self._show()

    @property
    def accuracy(self) -> float | None:
        return self.kept.accuracy_of(self.seat) if self.kept is not None else None

    @property
    def counts(self) -> dict[str, int]:
        return self.kept.counts(self.seat) if self.kept is not None else {}

    @property
    def forced(self) -> int:
        """The person's decisions with one legal move (nothing to buy, say): not reviewed, so
        not in `counts`; the classes and these add up to every decision of theirs."""
        if self.kept is None:
            return 0
        if self._decisions is None:
            self._decisions = sum(1 for step in replay(self.record) if step.seat == self.seat)
        return self._decisions - sum(self.counts.values())

    @property
    def count_lines(self) -> list[str]:
        """Every decision counted, on whole lines: the classes, then the forced ones (not
        reviewed); none before the review is done."""
        if self.kept is None:
            return []
        counts = self.counts
        parts = [counted(counts[c], c) for c in CLASSES] + ([f"{self.forced} forced"] if self.forced else [])
        return count_lines(parts)

    @property
    def rows(self) -> int:
        """The costly decisions on screen at once: a line of counts past COUNT_LINES takes a row."""
        return COSTLY_ROWS - max(0, len(self.count_lines) - COUNT_LINES)

    @property
    def verdict(self) -> Verdict | None:
        return self.costly[self.menu.index] if self.costly else None

    def _show(self) -> None:
        if self.kept is not None:
            self.costly = self.kept.costliest(self.seat)
            self.menu = Menu([f"decision{v.index}" for v in self.costly], wrap=False)

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if O in pressed or MENU in pressed:
            self.app.sound("move")
            if self.job is not None:
                self.app.review_left(self.record, self.job.review)
            self.app.pop()
            return
        if self.job is not None:
            self.work(self.job)
            return
        if self.menu.move(pressed, self.app):
            self.top = max(0, min(self.menu.index, max(self.top, self.menu.index - self.rows + 1)))
        verdict = self.verdict
        if X in pressed and verdict is not None:
            self.app.sound("confirm")
            self.app.push(Replay(self.app, self.record, verdict))
        elif X in pressed:
            self.app.sound("refuse")

    def work(self, job: Reviewing) -> None:
        """One frame's slice of the review, in what the frame leaves over."""
        frames = self.app.frames
        budget = frames.budget_ms()
        if budget > 0:
            job.review.step(budget)
        frames.thought()
        job.frames += 1
        self.progress = job.review.progress
        self.seconds = job.seconds_left()
        if job.review.done:
            self.job = None
            self.kept, message = self.app.review_done(self.record, job.review)
            self.message = message or ""
            self.app.sound("confirm")
            self._show()
