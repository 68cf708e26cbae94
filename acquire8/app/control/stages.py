"""Where a game on screen stands and what it has shown and chosen: the stages of `Play`
(ONE value: Showing, Thinking, Deciding, Passing, Over), the computer's decision under way
(Job), what the play has shown (TurnShown) and what the person chose (TurnChoice), a continued
game's state (Resumed), what undo puts back (Snapshot), and what a guide (the lesson) is asked
(Guide)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field, replace
from typing import ClassVar, Protocol, assert_never

from acquire8.ai.base import PACER, Bot, SteppingBot
from acquire8.app.constants import FPS
from acquire8.app.control.decisions import Cursor, Decision, Screen
from acquire8.app.control.scene import GUARD_FRAMES, TURN_QUIET_FRAMES, Pressed, Scene
from acquire8.app.text import log_line
from acquire8.rules import Action, Game
from acquire8.rules import events as ev


def revealing(e: ev.Event) -> str | None:
    """What `e` reveals that the person could not have known, or makes final, in words: undo
    stops at a decision that brought one ("Can't undo: a tile was drawn"); None when it
    reveals nothing. Every event is declared here (mypy names this function when one is added),
    so a new event that reveals something cannot be taken back by mistake."""
    match e:
        case ev.TilesDrawn() | ev.DeadTilesReplaced():
            return "a tile was drawn"
        case ev.HandReplaced():
            return "a new hand was drawn"
        case ev.MarketHolds():
            return "the market drew"
        case ev.GameOver():
            return "the game is over"  # it is recorded once, as it ended
        case (
            ev.StartTiles()
            | ev.TurnStarted()
            | ev.TilePlaced()
            | ev.ChainFounded()
            | ev.ChainGrew()
            | ev.MergerStarted()
            | ev.BonusPaid()
            | ev.MarketBonus()
            | ev.SharesSold()
            | ev.SharesTraded()
            | ev.SharesKept()
            | ev.ChainDefunct()
            | ev.SharesBought()
            | ev.NoPlayableTile()
            | ev.EndDeclared()
            | ev.Stalemate()
        ):
            return None  # the rules' consequences of what the person chose, or of what was shown
        case _:
            assert_never(e)


def pause_frames(e: ev.Event, pace: int) -> int:
    """The frames the screen waits after showing `e` at a computer's `pace` (the frames of one
    move): a tile's consequences follow it quickly, a merger's steps quicker still (its summary
    lists them all), a draw, a defunct chain and the end at once. Every event is declared here,
    as in `revealing`."""
    match e:
        case ev.TurnStarted():
            return pace // 2
        case ev.TilePlaced():
            return pace * 2 // 3  # what the tile does follows at once (founds, grows, merges)
        case (
            ev.BonusPaid()
            | ev.MarketBonus()
            | ev.MarketHolds()
            | ev.SharesSold()
            | ev.SharesTraded()
            | ev.SharesKept()
        ):  # standings.MERGER_STEPS
            return pace * 3 // 8  # quick: the merger's summary lists them all at the end
        case ev.TilesDrawn() | ev.ChainDefunct() | ev.GameOver():
            return 0
        case (
            ev.StartTiles()
            | ev.ChainFounded()
            | ev.ChainGrew()
            | ev.MergerStarted()
            | ev.SharesBought()
            | ev.NoPlayableTile()
            | ev.HandReplaced()
            | ev.DeadTilesReplaced()
            | ev.EndDeclared()
            | ev.Stalemate()
        ):
            return pace
        case _:
            assert_never(e)


def decision_seed(seed: int, seat: int, done: int) -> str:
    """The seed of one computer decision: the game's seed, the seat, the actions so far, so a
    bot re-created on Continue decides exactly as the original would have."""
    return f"acquire8:{seed}:{seat}:{done}"


# A computer thinks in what each frame leaves over (control/frames.py: app.frames.budget_ms());
# it answers in its DECISION_FRAMES-th step: with the frame it started in (which may have had no
# time left to step), under a second, whatever the device gives it.
DECISION_FRAMES = FPS - 2


class Job:
    """A computer player deciding, possibly over several frames: a stepping player thinks a
    slice per frame; any other player's `choose(view)` is called once."""

    UNDRAWN: ClassVar = ("bot", "view", "frames")  # the views see only that one is under way

    def __init__(self, bot: Bot, view: Game):
        self.bot = bot
        self.view = view
        self.frames = 0  # frames it has thought in
        self.stepping = isinstance(bot, SteppingBot)  # checked once: a Protocol check is slow
        if self.stepping:
            bot.start(view)  # type: ignore[attr-defined]

    def step(self, budget_ms: float) -> Action | None:
        """A frame's slice; from the job's DECISION_FRAMES-th frame on the player decides with
        what it has worked out by then, as soon as it can (a unit a frame at least, should it
        still lack what it decides with). Before, a frame with nothing left over (`budget_ms` 0)
        starts no unit of thinking: a stepping player thinks at least one."""
        if self.stepping:
            self.frames += 1
            if self.frames >= DECISION_FRAMES:
                return self.bot.step(budget_ms, last=True)  # type: ignore[attr-defined]
            if budget_ms <= 0:
                return None
            return self.bot.step(budget_ms)  # type: ignore[attr-defined]
        return PACER.call(self.bot.choose, self.view)  # one piece, measured as a unit


# -------------------------------------------------------------- the stages


@dataclass
class Showing:
    """Events still to reach the screen, each with the frames it stays and its line (None: the
    event's own brief)."""

    UNDRAWN: ClassVar = ("wait",)  # a timer: no view reads it (the job is keyed: the thinking dots)

    queue: deque[tuple[ev.Event, int, str | None]] = field(default_factory=deque)
    own: bool = False  # the echo of the person's own decision in their turn: their next one comes at once
    wait: int = 0  # frames the current step stays before the next one
    hurry: bool = False  # X pressed: everything at once, to the next decision
    job: Job | None = None  # the next computer decision, worked out while this shows
    ready: Action | None = None  # ... and its result


@dataclass
class Thinking:
    UNDRAWN: ClassVar = ()  # the job and its result are keyed: the thinking dots show them

    job: Job | None = None
    hurry: bool = False
    ready: Action | None = None


@dataclass
class Deciding:
    screen: Screen
    quiet: int  # frames X has been up, from before this decision began (X acts from `need` on)
    recap: list[str] = field(default_factory=list)  # what the others did, shown until X
    recap_top: int = 0  # its first line shown (up/down scroll a long one)
    recap_head: str = "SINCE YOUR TURN"  # "BEFORE YOUR TURN" when the person had no turn yet
    need: int = GUARD_FRAMES  # TURN_QUIET_FRAMES after something the person did not do (opening_guard)
    flash: int = 0  # frames the YOUR TURN flash still shows

    @property
    def armed(self) -> bool:
        return self.quiet >= self.need


@dataclass
class Passing:
    seat: int
    quiet: int = 0  # as Deciding's: a mashed or tapped X must not reveal the hand
    need: int = TURN_QUIET_FRAMES

    @property
    def armed(self) -> bool:
        return self.quiet >= self.need


@dataclass
class Over:
    pass


Stage = Showing | Thinking | Deciding | Passing | Over


@dataclass
class TurnShown:
    """What the play has shown: the log, every event that reached the screen, the message
    line, the tiles to mark. Undo puts back the copy kept before a decision, a new part of the
    lesson starts a new one; the events in between add to it."""

    UNDRAWN: ClassVar = ("merger", "final_tail", "last_recap")  # no view reads them

    log: list[str] = field(default_factory=list)
    events: list[ev.Event] = field(default_factory=list)  # every event that reached the screen, in order
    line: str = ""  # the last event's line
    notice: str | None = None  # a line of the play's own (a refusal, a hint) over it
    last_tile: str | None = None
    marked: list[str] = field(default_factory=list)  # tiles placed since the person at the keys decided
    merger: list[ev.Event] = field(default_factory=list)  # events of the merger being shown
    final_tail: list[ev.Event] = field(default_factory=list)  # after the last purchase (the end scoring)
    last_recap: list[str] = field(default_factory=list)  # the others' turns before yours, to open again

    @classmethod
    def opening(cls, game: Game, log: list[str] | None = None) -> TurnShown:
        """A game's start: `log` (default: the start tiles and who goes first), then whose turn it is."""
        line = log_line(ev.TurnStarted(game.turn, game.names[game.turn]))
        if log is None:
            log = [*(log_line(e) for e in game.setup_events()), line]
        return cls(log=log, line=line)

    def kept(self) -> TurnShown:
        """A copy as undo puts it back: the lists copied, no notice, nothing marked (the person
        saw it before deciding)."""
        return replace(
            self,
            log=list(self.log),
            events=list(self.events),
            notice=None,
            marked=[],
            merger=list(self.merger),
            final_tail=list(self.final_tail),
        )


@dataclass
class TurnChoice:
    """What the person at the keys has chosen so far, across decisions and turns."""

    UNDRAWN: ClassVar = ("hint", "after_others", "buy_kept")

    pick: str | None = None  # the hand tile last selected, kept across turns
    declined: bool = False  # the person said no to ending the game this turn
    hint: Action | None = None  # the hard computer's advice, when asked for
    # Something the person did not do (another's move, a merger summary, a new turn, Continue)
    # came after their last decision: their next screen is guarded (scene.opening_guard).
    after_others: bool = True
    buy_kept: tuple[list[str], str] | None = None  # a continued game's buy step: its cart and option


@dataclass
class Resumed:
    """A continued game's own state besides the position (session.py reads it from the save)."""

    actions: list[Action]  # every action so far
    log: list[str]  # the log as saved (empty: the play's own opening lines)
    chosen: TurnChoice  # the hand tile selected, the buy step under way
    events: list[ev.Event] = field(default_factory=list)  # the actions' events, replayed (none: unknown)


@dataclass
class Snapshot:
    """What a person's decision changes, as it was before it: put back by undo."""

    game: Game
    actions: int
    seen: TurnShown
    chosen: TurnChoice
    cursor: Cursor | None  # the decision screen's cursor (selection, cart, amounts) as the decision found it


class Guide(Protocol):
    """What a Play consults when something guides it (the lesson, control/lesson.py: its
    prompts, expected choices and scripted computers). Each hook is asked at one point of the
    play; without a guide the play does its own default (noted per hook)."""

    def before_frame(self, pressed: Pressed, held: Pressed) -> Pressed | None:
        """Asked first in each frame: the presses the play then acts on, or None when the
        guide took the frame (a card opened, an answer read on). Default: `pressed`."""
        ...

    def after_frame(self) -> None:
        """Told after the play's own frame (the guide may select its expected option)."""
        ...

    def taking(self, decision: Decision) -> bool:
        """Asked before the person's decision is carried out: False refuses it (the guide has
        said why). Default: True."""
        ...

    def taken(self, applied: bool) -> None:
        """Told once the decision is carried out; `applied`: the rules took an action."""
        ...

    def all_shown(self, showing: Showing) -> bool:
        """Asked when everything is shown: True when the guide went on itself (a new part).
        Default: False, the next stage from whose decision it is."""
        ...

    def undo(self) -> bool:
        """Asked on UNDO: True when the guide answered it (Play takes nothing back)."""
        ...

    def show_hint(self) -> bool:
        """Asked for a hint: True when the guide gave its own (no computer's advice)."""
        ...

    def standings(self) -> Scene | None:
        """Asked at the game's end: the final standings' scene, or None for GameOver."""
        ...
