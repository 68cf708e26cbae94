"""How much of a frame a computer player may think in: what the frame leaves over, measured on
the machine it runs on.

The shell marks each frame's start (`begin`, before update) and end (`end`, after draw); the
play asks `budget_ms()` right before a computer thinks and says `thought()` right after. The
budget is the part of the frame period the game's own work leaves over: the frame may use up to
`LOAD` of the period in all (the rest is Pyxel's: presenting the screen, input, a collection),
less what this frame has done so far, the longest tail (the work after the thinking: the rest
of update and the drawing) of the last `WINDOW` frames. The thinking looks at the clock after
every unit (`ai.base.Pacer`), so the unit started last may run past the share: by the pacer's
reserve at most, the longest unit measured lately on this device. The budget is cut so that even
then the frame ends within `LIMIT` of the period; where that leaves room but the share is used
up, the budget lets one unit run, so thinking never stalls. A frame that starts late (its start more
than `LATE_GAP` periods after the previous one: something the frame cannot see took the time,
as a slow screen does on a handheld or in a browser) halves the share for a while; it grows back
slowly. Pure Python with an injectable clock, so the arithmetic is tested without Pyxel.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

from acquire8.ai.base import PACER, Pacer

LOAD = 0.6  # the share of the period update+draw may use, thinking included
LIMIT = 0.85  # ... and where it must end even when the last unit started is the longest lately
ONE_UNIT_MS = 0.001  # a budget that lets exactly one unit run (the pacer thinks at least one)
WINDOW = 30  # frames the tail's maximum is taken over (a second)
FIRST_TAIL_MS = 2.0  # the tail assumed before a frame has measured one
LATE_GAP = 1.5  # a start this many periods after the previous one: the frame slipped
MIN_SCALE, REGROW = 0.15, 0.02  # the least share kept after late frames; its growth a frame
UNMEASURED_MS = 1.5  # the slice when no shell marks the frames (controllers driven by tests)


class FrameBudget:
    """Frame timing for the thinking budget, and the counts a benchmark reports: frames, late
    frames (update+draw past the period), the thinking time and the work around it."""

    def __init__(self, fps: int, clock: Callable[[], float] = time.perf_counter, pacer: Pacer = PACER):
        self.period_ms = 1000 / fps
        self.clock = clock
        self.pacer = pacer  # runs the thinking's units and knows the longest
        self.scale = 1.0  # shrinks after a late start, grows back
        self.tails: deque[float] = deque(maxlen=WINDOW)
        self._start: float | None = None  # this frame's start (None: no shell marks frames)
        self._asked: float | None = None  # when the play asked for a budget this frame
        self._think_end: float | None = None
        self._open = False  # begun and not yet ended
        self.think_ms = 0.0  # thinking in the frame under way
        # what a benchmark reads
        self.frames = 0
        self.late = 0  # frames whose update+draw took longer than the period
        self.slipped = 0  # frames that started late (LATE_GAP)
        self.thinking_total_ms = 0.0
        self.work_total_ms = 0.0  # update+draw, thinking included
        self.worst_ms = 0.0

    def begin(self) -> None:
        """A frame starts (before update). A frame whose `end` was not called (Pyxel skips a
        late frame's draw) is not counted: its end is unknown."""
        now = self.clock()
        if self._start is not None:
            gap = (now - self._start) * 1000
            if gap > LATE_GAP * self.period_ms:
                self.slipped += 1
                self.scale = max(MIN_SCALE, self.scale / 2)
            else:
                self.scale = min(1.0, self.scale + REGROW)
        self._start = now
        self._open = True
        self._asked = self._think_end = None
        self.think_ms = 0.0

    def end(self) -> None:
        """The frame's work is done (after draw)."""
        if self._start is None or not self._open:
            return
        self._open = False
        now = self.clock()
        work = (now - self._start) * 1000
        if self._think_end is not None:
            self.tails.append((now - self._think_end) * 1000)
        self.frames += 1
        self.late += work > self.period_ms
        self.work_total_ms += work
        self.thinking_total_ms += self.think_ms
        self.worst_ms = max(self.worst_ms, work)
        self._asked = self._think_end = None
        self.think_ms = 0.0

    def budget_ms(self) -> float:
        """What a computer may think now, in ms: 0 when the frame has nothing left over."""
        now = self.clock()
        self._asked = now
        self.pacer.decay()
        if self._start is None:
            return UNMEASURED_MS
        tail = max(self.tails) if self.tails else FIRST_TAIL_MS
        done = (now - self._start) * 1000 + tail  # the frame's own work
        share = LOAD * self.scale * self.period_ms - done
        # the unit started last may run the reserve past the share, never past LIMIT
        room = LIMIT * self.period_ms - done - self.pacer.reserve_ms
        if room <= 0:
            return 0.0
        # a share used up (a slow frame, slipped frames) still thinks a unit: never stalls
        return max(ONE_UNIT_MS, min(share, room))

    def thought(self) -> None:
        """The thinking asked for by `budget_ms` is over."""
        now = self.clock()
        if self._asked is not None:
            self.think_ms += (now - self._asked) * 1000
        self._think_end = now
        self._asked = None

    def thinking_share(self) -> float:
        """Thinking time over all the frames' work time so far."""
        return self.thinking_total_ms / self.work_total_ms if self.work_total_ms else 0.0


__all__ = ["LIMIT", "LOAD", "ONE_UNIT_MS", "UNMEASURED_MS", "FrameBudget"]
