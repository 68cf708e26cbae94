"""Animations of the front end: falling tiles, chains flashing and flooding into colour, cash
counting, bonus pops and screen fades. Pure Python, counted in frames (no clock, no threads).

The animator only decorates: the controllers never wait for it, so an animation never holds up
input. It learns what happened from the rules events the play scene shows (`event`, called by
`Play._show`) and advances one frame per `tick` (called by `App.update`). Its clock runs only
while the game itself is on top, so a merger's flood plays once its summary is closed. X, a
hurried computer turn and the "instant" pace finish everything at once. The views read
`looks`, `pops`, `cash()` and `fade_alpha()`; they decide nothing.

The board the views draw is the rules' board, except cells listed in `looks`: the game is
already past the action whose events are being shown, so cells whose change has not been shown
yet keep their old look ("held") until the event that tells of it arrives.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, assert_never, runtime_checkable

from acquire8.rules import Game
from acquire8.rules import events as ev
from acquire8.rules.tables import ROW_LETTERS
from acquire8.storage.settings import Pace

# How much longer or shorter than at the normal computer pace every animation runs.
PACE_SCALE: dict[Pace, float] = {"slow": 1.5, "normal": 1.0, "fast": 0.5, "instant": 0.0}

# Lengths in frames at the normal pace (30 fps).
DROP = 8  # a placed tile falls ...
DROP_HEIGHT = 10  # ... from this many pixels above its cell
LANDED = 2  # frames a tile stays lit where it lands (part of DROP)
FLASH = 8  # a founded or grown chain's tile blinks into its colour
FLASH_STEP = 1  # frames between tiles, by distance from the placed tile
FLOOD = 4  # an absorbed tile turns into the survivor's colour, lit at first
FLOOD_STEP = 2  # frames between rings of the flood
FLOOD_MAX = 24  # the whole flood's spread at most
CASH = 12  # cash counts up or down
POP = 24  # a bonus amount rises and fades
POP_RISE = 8  # pixels
FADE = 8  # a new screen fades in from black

HELD = 1 << 30  # start of a held cell: it waits for the event that shows its change


@runtime_checkable
class Board(Protocol):
    """A game on screen, as the animator follows it (control/play.py's Play)."""

    game: Game

    @property
    def hurrying(self) -> bool: ...
    def pending(self) -> list[ev.Event]: ...


def cell_pos(name: str) -> tuple[int, int]:
    """(column, row) from 0 of a tile name like "5E"."""
    return int(name[:-1]) - 1, ROW_LETTERS.index(name[-1])


@dataclass(slots=True)
class Fx:
    kind: str  # "drop", "flash", "flood" or "hold"
    start: int
    dur: int
    old: str | None  # look before: None empty, "#" loose, a chain letter
    new: str  # look after


@dataclass(frozen=True, slots=True)
class Look:
    """How a board cell is drawn this frame instead of the rules' board."""

    letter: str | None  # None empty, "#" loose, a chain letter
    dy: int = 0  # a falling tile: drawn this many pixels above its empty cell
    lit: bool = False  # drawn white (a flash, a landing, the flood's edge)


@dataclass(slots=True)
class Pop:
    chain: str
    col: float  # where, in board cells: the chain's centre ...
    row: int  # ... and the row the text sits on top of
    line: int  # a second bonus of the same chain at once pops a text line lower
    label: str
    start: int
    dur: int
    rise: int = 0  # pixels risen this frame
    alpha: float = 1.0  # 1 opaque .. 0 gone (drawn with dither)


class Animator:
    def __init__(self) -> None:
        self.now = 0  # the animation clock: frames the play screen has been on top
        self.scale = 1.0
        self.play: Any = None  # the Play scene the board state below belongs to
        self.seen: dict[str, str] = {}  # the board as the events shown so far tell it
        self.cells: dict[str, list[Fx]] = {}
        self.looks: dict[str, Look] = {}  # this frame's cells drawn differently
        self.pops: list[Pop] = []
        self.money: list[int] | None = None  # each seat's cash as the shown events tell it
        self.cash_fx: dict[int, tuple[int, int, int, int]] = {}  # seat: (from, to, start, frames)
        self.shown_cash: dict[int, int] = {}  # this frame's counting values
        self.tile: str | None = None  # the tile placed last: floods start there
        self.drop_end = 0
        self.top: Any = None  # the full screen on top, to notice a change of screen
        self.fade_left = self.fade_len = 0
        self.receiver: Any = None  # the scene this frame's buttons went to
        self._checked: object = None  # the last scene _is_board looked at ...
        self._checked_board = False  # ... and what it found

    # -------------------------------------------------------------- queries for the views

    @property
    def active(self) -> bool:
        """True while anything moves (an idle screen has nothing to redraw for the animator)."""
        return bool(self.cells or self.pops or self.cash_fx or self.fade_left)

    def cash(self, play: Any, seat: int, actual: int) -> int:
        """The cash to show for `seat`: counting towards what the shown events say."""
        if play is not self.play or self.money is None or seat >= len(self.money):
            return actual
        return self.shown_cash.get(seat, self.money[seat])

    def trend(self, play: Any, seat: int) -> int:
        """+1 while the seat's cash counts up, -1 down, 0 still."""
        fx = self.cash_fx.get(seat) if play is self.play else None
        return 0 if fx is None else (1 if fx[1] > fx[0] else -1)

    def fade_alpha(self) -> float:
        """How much of the black a new screen fades in from still covers it (0: none)."""
        return self.fade_left / (self.fade_len + 1) if self.fade_left else 0.0

    # -------------------------------------------------------------- driving

    def _is_board(self, scene: object) -> bool:
        """Whether `scene` is a game on screen (the Protocol check is slow: once per scene)."""
        if scene is not self._checked:
            self._checked, self._checked_board = scene, isinstance(scene, Board)
        return self._checked_board

    def frames(self, base: int) -> int:
        return max(1, round(base * self.scale))

    def finish(self) -> None:
        """Every animation to its end at once (X, a hurried turn, the instant pace): each cell
        shows what its animations lead to, the cash what the shown events say."""
        for name, fxs in self.cells.items():
            self.seen[name] = fxs[-1].new
        self.cells.clear()
        self.looks.clear()
        self.pops.clear()
        self.cash_fx.clear()
        self.shown_cash.clear()
        self.fade_left = 0
        self._sync_money()

    def reset(self, play: Any) -> None:
        """A new play scene, or one put back (undo): its board and cash as they stand, less
        what is still to be shown."""
        self.cells.clear()  # the last play's, if any
        self.play = play
        self.seen = dict(play.game.board)
        self.tile = None
        self.finish()

    def _sync_money(self, showing: Any = None) -> None:
        """Each seat's cash as the shown events tell it: the real cash less the changes of the
        events still queued (and of `showing`, the event being shown now)."""
        play = self.play
        if play is None:
            self.money = None
            return
        game = play.game
        money = [game.cash(s) for s in range(game.players)]
        for e in [showing, *play.pending()]:
            delta = _cash_change(e)
            if delta and 0 <= e.seat < len(money):
                money[e.seat] -= delta
        self.money = money

    def tick(self, app: Any, skip: bool = False) -> None:
        """One frame, called by App.update after the top scene's update; `skip`: X was pressed."""
        self.scale = PACE_SCALE.get(app.settings.pace, 1.0)
        if not self.scale and self.active:
            self.finish()
        elif skip and self.active:
            if self.receiver is self.play:
                self.finish()
            else:  # the X closed a summary or a menu: the board's animations are still to see
                self.fade_left = 0
        self.receiver = app.scene  # the scene the next frame's buttons go to
        top = app.drawn[0]  # the full screen on top
        if top is not self.top:
            if self.top is not None and self.scale:
                self.fade_len = self.fade_left = self.frames(FADE)
            self.top = top
        elif self.fade_left:
            self.fade_left -= 1
        scene = app.scene
        if scene is not self.play and self._is_board(scene):
            self.reset(scene)  # a play scene on top for the first time (new game, Continue)
        play = self.play
        if play is None or not self.scale:
            return
        if play.hurrying and self.active:
            self.finish()
        if app.scene is not play:
            return  # frozen under a summary, the chart, the pause menu, the game over
        self.now += 1
        if not play.pending():  # every event shown: the cash is the real one
            game = play.game
            actual = [game.cash(s) for s in range(game.players)]
            if self.money != actual:
                for s in range(len(actual)):
                    if self.money is None or s >= len(self.money) or self.money[s] != actual[s]:
                        self.cash_fx.pop(s, None)  # nothing told of it: no counting
                self.money = actual
        if self.cells or self.pops or self.cash_fx:
            self._advance()

    def _advance(self) -> None:
        now = self.now
        looks: dict[str, Look] = {}
        for name, fxs in list(self.cells.items()):
            look = self._look(fxs, now)
            if look is None:
                del self.cells[name]
            else:
                looks[name] = look
        self.looks = looks
        self.shown_cash.clear()
        for seat, (a, b, start, dur) in list(self.cash_fx.items()):
            t = now - start
            if t >= dur:
                del self.cash_fx[seat]
            else:
                self.shown_cash[seat] = a + (b - a) * max(0, t) // dur
        pops = []
        for pop in self.pops:
            t = now - pop.start
            if t < pop.dur:
                p = max(0, t) / pop.dur
                pop.rise = round(POP_RISE * p)
                pop.alpha = 1.0 if p < 0.6 else (1 - p) / 0.4
                pops.append(pop)
        self.pops = pops

    def _look(self, fxs: list[Fx], now: int) -> Look | None:
        current = None
        for fx in fxs:
            if fx.start <= now:
                current = fx
        if current is None:
            return Look(fxs[0].old)
        t = now - current.start
        if t >= current.dur:
            return None if current is fxs[-1] else Look(current.new)
        if current.kind == "drop":
            fall = current.dur - LANDED
            if t >= fall:
                return Look(current.new, 0, True)
            p = (t + 1) / (fall + 1)
            return Look(current.new, max(1, round(DROP_HEIGHT * (1 - p * p))))
        if current.kind == "flash":
            return Look(current.new, 0, (t // 2) % 2 == 0)
        return Look(current.new, 0, t < max(1, current.dur // 2))  # flood: lit edge first

    # -------------------------------------------------------------- what happened

    def event(self, e: ev.Event, play: Any) -> None:
        """A rules event reached the screen (Play._show)."""
        if play is not self.play:
            self.reset(play)
            self._sync_money(e)
        if isinstance(e, ev.TilePlaced):
            self.tile = e.tile
        if not self.scale or play.hurrying:
            self.finish()  # nothing to show: the board and cash are the real ones
            self.seen = dict(play.game.board)
            return
        board = play.game.board
        now = self.now + 1  # the frame the views draw next: the tick before it counts it
        match e:
            case ev.TilePlaced():
                self._add(e.tile, Fx("drop", now, self.frames(DROP), None, "#"))
                self.seen[e.tile] = "#"
                self.drop_end = now + self.frames(DROP)
            case ev.ChainFounded() | ev.ChainGrew():
                start = max(now, self.drop_end)
                step = self.frames(FLASH_STEP)
                for name, d, old in self._changed(board):
                    self._add(name, Fx("flash", start + d * step, self.frames(FLASH), old, board[name]))
            case ev.ChainDefunct():
                changed = self._changed(board)
                far = max((d for _, d, _ in changed), default=0)
                spread = min(self.frames(FLOOD_STEP), self.frames(FLOOD_MAX) / far) if far else 0
                start = max(now, self.drop_end)
                for name, d, old in changed:
                    self._add(
                        name, Fx("flood", start + round(d * spread), self.frames(FLOOD), old, board[name])
                    )
            case ev.BonusPaid() | ev.SharesSold() | ev.SharesBought():
                self._count(e.seat, _cash_change(e))
                if isinstance(e, ev.BonusPaid):
                    self._pop(e.chain, f"+${e.amount:,}")
            case ev.TurnStarted() | ev.GameOver():
                for name, _, _ in self._changed(board):  # whatever no event told of: shown as it is
                    self.cells.pop(name, None)
            case (
                ev.StartTiles()
                | ev.MergerStarted()
                | ev.MarketHolds()
                | ev.MarketBonus()
                | ev.SharesTraded()
                | ev.SharesKept()
                | ev.NoPlayableTile()
                | ev.HandReplaced()
                | ev.DeadTilesReplaced()
                | ev.TilesDrawn()
                | ev.EndDeclared()
                | ev.Stalemate()
            ):
                pass  # nothing moves on the board and no seat's cash changes
            case _:
                assert_never(e)
        for name, letter in board.items():  # changes not told yet keep their old look
            fxs = self.cells.get(name)
            if fxs is None:
                if self.seen.get(name) != letter:
                    self.cells[name] = [Fx("hold", HELD, 0, self.seen.get(name), letter)]
            elif fxs[-1].new != letter and fxs[-1].kind != "hold":  # e.g. a growing tile's drop
                fxs.append(Fx("hold", HELD, 0, fxs[-1].new, letter))
        self._advance()

    def _changed(self, board: dict[str, str]) -> list[tuple[str, int, str | None]]:
        """Cells whose letter the shown events have not told yet, with their distance from the
        placed tile and their old letter; they count as told from now on."""
        origin = cell_pos(self.tile) if self.tile else None
        out = []
        for name, letter in board.items():
            old = self.seen.get(name)
            if old != letter:
                col, row = cell_pos(name)
                d = abs(col - origin[0]) + abs(row - origin[1]) if origin else 0
                out.append((name, d, old))
                self.seen[name] = letter
        return out

    def _add(self, name: str, fx: Fx) -> None:
        """Add `fx` to a cell after what it already shows (a drop); held looks give way."""
        fxs = [f for f in self.cells.get(name, ()) if f.kind != "hold"]
        if fxs:
            fx.old = fxs[-1].new
        fxs.append(fx)
        self.cells[name] = fxs

    def _count(self, seat: int, delta: int) -> None:
        if self.money is None or not 0 <= seat < len(self.money):
            return
        now = self.now + 1
        fx = self.cash_fx.get(seat)
        shown = self.money[seat]
        if fx is not None:
            a, b, start, dur = fx
            shown = a + (b - a) * max(0, now - start) // dur
        self.money[seat] += delta
        self.cash_fx[seat] = (shown, self.money[seat], now, self.frames(CASH))

    def _pop(self, chain: str, label: str) -> None:
        spots = [cell_pos(n) for n, letter in self.seen.items() if letter == chain]
        if not spots:
            spots = [cell_pos(self.tile)] if self.tile else [(5, 4)]
        col = sum(c for c, _ in spots) / len(spots)
        row = min(r for _, r in spots)  # above the chain's top row ...
        if row == 0:  # ... or, on the board's top row, under its bottom row (the turn bar is above)
            row = max(r for _, r in spots) + 3  # rising, it stops short of the chain
        line = sum(1 for pop in self.pops if pop.chain == chain)  # stacked, not on top of each other
        self.pops.append(Pop(chain, col, row, line, label, self.now + 1, self.frames(POP)))


def _cash_change(e: ev.Event | None) -> int:
    """What an event does to its seat's cash (0 for most)."""
    if isinstance(e, ev.BonusPaid | ev.SharesSold):
        return e.amount
    return -e.cost if isinstance(e, ev.SharesBought) else 0
