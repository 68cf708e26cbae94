"""One game on screen. Where it stands is ONE value, `Play.stage`:

- Showing: the events of the last action reach the screen one by one, at the computers' pace
  (X hurries them); a computer's next decision is worked out meanwhile;
- Thinking: a computer player decides, a slice of time per frame;
- Deciding: a person's decision screen; the first of a turn acts only once X has been up for
  TURN_QUIET_FRAMES (the YOUR TURN flash meanwhile), so X mashed, held or tapped to hurry the
  computers never decides; a later one after others played waits GUARD_FRAMES;
- Passing: pass-and-play, the device goes to the next person, every hand hidden (X takes it
  only once it has been up for TURN_QUIET_FRAMES too);
- Over: the final standings are shown (GameOver, over the board).

Undo: before each of the person's decisions the play keeps a copy of the game (and of what
the screen shows); undo goes back to it, until something the person could not have known was
revealed. The rules decide everything: undo only puts a kept copy back.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field, replace
from typing import ClassVar, Protocol

from acquire8.ai.base import Bot, SteppingBot
from acquire8.app.buttons import DOWN, LEFT, MENU, RIGHT, UNDO, UP, O, X
from acquire8.app.constants import FPS, RECAP_ROWS
from acquire8.app.control.decisions import (
    BuyScreen,
    Cursor,
    Decision,
    PlaceScreen,
    Screen,
    cursor_of,
    hand_order,
    make_screen,
    nothing_to_buy,
    preselect,
    put_cursor,
)
from acquire8.app.control.hint import hint
from acquire8.app.control.insight import recap
from acquire8.app.control.menus import Chart, Log, Pause
from acquire8.app.control.scene import (
    GUARD_FRAMES,
    RESULT_QUIET_FRAMES,
    TURN_QUIET_FRAMES,
    Host,
    Menu,
    Pressed,
    Scene,
    quieter,
)
from acquire8.app.control.story import StoryScene, story_of
from acquire8.app.text import KIND_SHORT, brief, chain_name, end_line, log_line, money, own_draw_line
from acquire8.rules import CHAINS, Action, BuyShares, Game, IllegalAction, Phase
from acquire8.rules import events as ev
from acquire8.rules.record import PERSON, GameRecord
from acquire8.storage.settings import Pace

# Frames a computer step stays shown: at "normal" a step can be read as it happens.
PACE_FRAMES: dict[Pace, int] = {"slow": 36, "normal": 22, "fast": 8, "instant": 0}
RESULT_FRAMES = 2 * FPS  # the final standings stay this long whatever is pressed
# A computer thinks in what each frame leaves over (control/frames.py: app.frames.budget_ms());
# it answers in its DECISION_FRAMES-th step: with the frame it started in (which may have had no
# time left to step), under a second, whatever the device gives it.
DECISION_FRAMES = FPS - 2
SUMMARY_AUTO_FRAMES = 45  # a merger summary closes by itself when no one is at the keys
# A merger's steps after it starts (each shown briefly, gathered for the summary).
MERGER_STEPS = (
    ev.BonusPaid | ev.MarketBonus | ev.MarketHolds | ev.SharesSold | ev.SharesTraded | ev.SharesKept
)
# What a decision can reveal that the person could not have known: undo stops there.
REVEALING = {
    ev.TilesDrawn: "a tile was drawn",
    ev.DeadTilesReplaced: "a tile was drawn",
    ev.HandReplaced: "a new hand was drawn",
    ev.MarketHolds: "the market drew",
}


def decision_seed(seed: int, seat: int, done: int) -> str:
    """The seed of one computer decision: the game's seed, the seat, the actions so far, so a
    bot re-created on Continue decides exactly as the original would have."""
    return f"acquire8:{seed}:{seat}:{done}"


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
        """A frame's slice; in the job's DECISION_FRAMES-th frame the player decides with what
        it has worked out by then."""
        if self.stepping:
            self.frames += 1
            if self.frames >= DECISION_FRAMES:
                return self.bot.step(budget_ms, last=True)  # type: ignore[attr-defined]
            return self.bot.step(budget_ms)  # type: ignore[attr-defined]
        return self.bot.choose(self.view)


# -------------------------------------------------------------- the stages


@dataclass
class Showing:
    """Events still to reach the screen, each with the frames it stays and its line (None: the
    event's own brief)."""

    UNDRAWN: ClassVar = ("wait",)  # a timer: no view reads it (the job is keyed: the thinking dots)

    queue: deque[tuple[ev.Event, int, str | None]] = field(default_factory=deque)
    own: bool = False  # the echo of the person's own decision in their turn: no turn guard after it
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
    quiet: int  # frames X has been up since this decision began (X acts from `need` on)
    recap: list[str] = field(default_factory=list)  # what the others did, shown until X
    recap_top: int = 0  # its first line shown (up/down scroll a long one)
    recap_head: str = "SINCE YOUR TURN"  # "BEFORE YOUR TURN" when the person had no turn yet
    need: int = GUARD_FRAMES  # TURN_QUIET_FRAMES for the first decision of a turn

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

    UNDRAWN: ClassVar = ("hint", "acted", "buy_kept")

    pick: str | None = None  # the hand tile last selected, kept across turns
    declined: bool = False  # the person said no to ending the game this turn
    hint: Action | None = None  # the hard computer's advice, when asked for
    acted: bool = False  # the person at the keys decided since the turn began (turn guard)
    buy_kept: tuple[list[str], str] | None = None  # a continued game's buy step: its cart and option


@dataclass
class Resumed:
    """A continued game's own state besides the position (session.py reads it from the save)."""

    actions: list[Action]  # every action so far
    log: list[str]  # the log as saved (empty: the play's own opening lines)
    chosen: TurnChoice  # the hand tile selected, the buy step under way


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


class Play(Scene):
    """The game: the person's decisions and the computer players' turns, shown one event at a
    time at the chosen pace. Its state besides the game and the stage is two values: `seen`
    (what it has shown) and `chosen` (what the person chose). A guide (`guide`, the lesson) is
    consulted at a few points (Guide); `restart` starts its next part."""

    # What no view reads (the redraw key skips it; a test holds the views to it).
    UNDRAWN = ("bots", "seed", "undo_stack", "undo_block")

    def __init__(
        self,
        app: Host,
        game: Game,
        bots: dict[int, Bot],
        people: set[int] | None = None,
        seed: int | None = None,
        levels: dict[int, str] | None = None,
        resumed: Resumed | None = None,
    ):
        super().__init__(app)
        self.game = game
        self.seed = seed  # the game's seed when known: with `actions` it replays the game
        self.actions: list[Action] = []  # every action applied, in order (replays, saves)
        self.levels = levels or {}  # computer seats' levels (saves, stats)
        self.bots = bots
        self.people = set(people) if people is not None else {0}  # seats persons play
        # The person at the keys: in pass-and-play the one the device was passed to last (none
        # yet: the first person gets it through the pass screen too).
        self.human: int | None = min(self.people) if len(self.people) == 1 else None
        self.seen = TurnShown.opening(game)
        self.chosen = TurnChoice()
        self.undo_stack: list[Snapshot] = []
        self.undo_block = "Nothing to undo yet"  # why undo cannot go further back
        if resumed is not None:  # a continued game: where it stood, nothing before it to undo
            self.actions = resumed.actions
            log = [*resumed.log, "Game continued"] if resumed.log else self.seen.log
            self.seen = replace(self.seen, log=log, notice="Game continued")
            self.chosen = resumed.chosen
            self.undo_block = "Can't undo past Continue"
        self.stage: Stage = Showing()
        self.guide: Guide | None = None  # what guides this play (the lesson), if anything

    @property
    def saved(self) -> bool:
        """Autosaved after every decision and counted in the stats (a guided play is neither)."""
        return self.guide is None

    def restart(self, game: Game, seen: TurnShown) -> None:
        """A fresh start of this play on `game` (the lesson's next part): no actions, nothing
        chosen, nothing to undo, `seen` on screen."""
        self.game = game
        self.actions = []
        self.seen = seen
        self.chosen = TurnChoice()
        self.undo_stack = []
        self.stage = Showing()
        self.app.anim.reset(self)

    # -------------------------------------------------------------- the frame

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        guide = self.guide
        if guide is not None:
            asked = guide.before_frame(pressed, held)
            if asked is None:
                return
            self._frame(asked, held)
            guide.after_frame()
        else:
            self._frame(pressed, held)

    def _frame(self, pressed: Pressed, held: Pressed) -> None:
        if MENU in pressed:
            self.app.push(Pause(self.app, self))
            return
        if UNDO in pressed:
            screen = self.screen
            if isinstance(screen, BuyScreen) and screen.cart:  # the cart first, as its own UNDO
                self.take(screen.take_back())
            else:
                self.undo()
            return
        if O in pressed and not isinstance(self.stage, Passing):
            self.app.sound("move")
            self.app.push(Chart(self.app, self))
            return
        stage = self.stage
        if isinstance(stage, Showing | Thinking) and X in pressed:
            stage.hurry = True  # X during computer turns hurries them; it decides nothing
        if isinstance(stage, Showing):
            self._show_step(stage)
            if isinstance(self.stage, Thinking):  # everything shown: the computer thinks at once
                stage = self.stage
        if isinstance(stage, Thinking):
            self._think(stage)
            if stage.ready is not None:
                self.act(stage.ready)
        elif isinstance(stage, Passing):
            if X in pressed and stage.armed:
                self.app.sound("confirm")
                self.human = stage.seat
                self._decide(guarded=True, passed=True)
            elif not stage.armed:
                stage.quiet = quieter(stage.quiet, pressed, held, stage.need)
        elif isinstance(stage, Deciding):
            self._deciding(stage, pressed, held)

    def _deciding(self, stage: Deciding, pressed: Pressed, held: Pressed) -> None:
        if not stage.armed:
            stage.quiet = quieter(stage.quiet, pressed, held, stage.need)
            pressed = pressed - {X}
        if stage.recap:  # X closes the recap; up/down scroll it; the hand under it waits
            if X in pressed:
                stage.recap = []
                self.app.sound("confirm")
                return
            step = (DOWN in pressed) - (UP in pressed)
            stage.recap_top = max(0, min(len(stage.recap) - RECAP_ROWS, stage.recap_top + step))
            pressed = pressed - {UP, DOWN, LEFT, RIGHT}  # the recap covers the board: no tile chosen unseen
        decision = stage.screen.update(pressed)
        if isinstance(stage.screen, PlaceScreen):
            self.chosen.pick = stage.screen.tile
        if decision is not None and decision.sound == "move" and self.chosen.hint is None:
            self.seen.notice = None  # a refusal or where undo stops, read: the screen's own lines again
        if decision is not None:
            self.take(decision)

    def take(self, decision: Decision) -> None:
        """A hook: what the person's decision screen returned is carried out (an action, a
        refusal's message, the end declined, a cart changed); a guide may refuse it."""
        guide = self.guide
        if guide is not None and not guide.taking(decision):
            return
        done = len(self.actions)
        if isinstance(self.screen, BuyScreen) and decision.action is None:
            self._progress()  # the cart or its cursor changed: saved, Continue restores them
        if decision.message is not None:
            self.message = decision.message
        if decision.declined:
            self.chosen.declined = True
            self._decide(guarded=False)
        if decision.action is not None:
            self.act(decision.action)
        elif decision.sound:
            self.app.sound(decision.sound)
        self._hint_still_holds(decision)
        if guide is not None:
            guide.taken(len(self.actions) > done)

    def _hint_still_holds(self, decision: Decision) -> None:
        """The hint's words stay only while the cart is the one it advised: a share added or
        taken back makes them wrong."""
        screen, advice = self.screen, self.chosen.hint
        if not isinstance(screen, BuyScreen) or not isinstance(advice, BuyShares):
            return
        if screen.bundle() != tuple(sorted(advice.chains, key=CHAINS.index)):
            self.chosen.hint = None
            if decision.message is None:
                self.seen.notice = None  # the screen's own lines again

    def _show_step(self, stage: Showing) -> None:
        """The next queued events reach the screen, each after the previous one's pause."""
        if stage.wait and not stage.hurry:
            stage.wait -= 1
            self._think(stage)  # the next computer decision is worked out while this one shows
            return
        stage.wait = 0
        while stage.queue:
            e, delay, line = stage.queue.popleft()
            self._show(e, line)
            if self.app.scene is not self:  # a merger summary or the game over opened
                stage.own = False
                return
            if delay and not stage.hurry:
                stage.wait = delay
                return
        self.all_shown(stage)

    def all_shown(self, showing: Showing) -> None:
        """Everything shown: the next stage, from whose decision it is (unless a guide goes on)."""
        if self.guide is not None and self.guide.all_shown(showing):
            return
        g = self.game
        if g.is_over:
            self.stage = Over()
        elif not self.is_person(g.current):
            self.stage = Thinking(showing.job, showing.hurry, showing.ready)
        elif len(self.people) > 1 and g.current != self.human:
            self._pass_to(g.current)
        else:
            self._decide(guarded=not showing.own)

    def _decide(self, guarded: bool, passed: bool = False) -> None:
        """The person's decision screen for the phase now (the buy step passes by itself when
        there is nothing to buy)."""
        g = self.game
        reason = nothing_to_buy(g)
        if reason is not None:
            self.act(BuyShares(()), notice=reason)
            return
        self.seen.notice = None  # what was said before this decision no longer holds
        screen = make_screen(g, self.chosen.pick, self.chosen.declined)
        if self.chosen.hint is not None:
            preselect(screen, self.chosen.hint)
        if isinstance(screen, BuyScreen) and self.chosen.buy_kept:
            restore_cart(screen, *self.chosen.buy_kept)
        self.chosen.buy_kept = None
        # The turn's first decision (no decision of the person's since the turn began) takes
        # only an X after a quiet spell; a pass screen just asked for one.
        first = guarded and not self.chosen.acted and not passed
        need = TURN_QUIET_FRAMES if first else GUARD_FRAMES
        self.stage = Deciding(screen, 0 if guarded else GUARD_FRAMES, need=need)
        if guarded and g.turn == g.current and g.phase == Phase.PLACE and self.human is not None:
            self.seen.last_recap = recap(self.seen.events, self.human, g.names)  # a new turn of yours opens
            self.stage.recap = list(self.seen.last_recap)
            self.stage.recap_head = self.recap_head()
        if guarded:
            self.app.sound("turn")

    def _pass_to(self, seat: int) -> None:
        """Pass-and-play: hide everything behind a "pass to NAME" screen until `seat` presses X."""
        self.chosen.pick = None
        self.chosen.hint = None
        self.undo_stack = []
        self.stage = Passing(seat)

    def _think(self, stage: Showing | Thinking) -> None:
        """A slice of the computer player's thinking; its decision waits in `stage.ready`."""
        g = self.game
        if stage.ready is not None or g.is_over or self.is_person(g.current) or self.app.saving:
            return
        frames = self.app.frames
        budget = frames.budget_ms()  # what this frame leaves over
        if stage.job is None:
            bot = self.bots[g.current]
            if self.seed is not None:  # decisions reproducible on Continue
                bot.reseed(decision_seed(self.seed, g.current, len(self.actions)))
            t0 = time.perf_counter()
            stage.job = Job(bot, g.view(g.current))
            budget -= (time.perf_counter() - t0) * 1000  # start() counts against this frame's slice
            if budget <= 0 and stage.job.stepping:
                frames.thought()
                return
        action = stage.job.step(max(0.0, budget))
        frames.thought()
        if action is not None:
            stage.job = None
            stage.ready = action

    # -------------------------------------------------------------- acting

    def act(self, action: Action, notice: str | None = None) -> bool:
        """Apply the current seat's action and show its events; False if the rules refuse it.
        `notice`: the line the purchase shows instead of its own (a buy step passed by itself)."""
        g = self.game
        seat = g.current
        person = self.is_person(seat)
        before = self._snapshot() if person else None
        try:
            events = g.apply(action)
        except IllegalAction as err:
            if person:
                self.app.sound("refuse")
                self.message = str(err)  # whole: the message line takes two lines if it needs them
                return False
            # A computer player's mistake must not stop the game: it takes the first legal option.
            self.seen.log.append(f"{g.names[seat]}: {err}")
            action = g.legal_actions()[0]
            events = g.apply(action)
        self.actions.append(action)
        self.chosen.hint = None
        if person:
            self.app.sound("confirm")
            self.seen.marked = []  # you have acted: what happened before is seen
        turned = any(isinstance(e, ev.TurnStarted) for e in events)
        self.chosen.acted = (person or self.chosen.acted) and not turned
        if isinstance(action, BuyShares):
            self.chosen.declined = False
        self._keep_for_undo(before, seat, events)
        hurry = isinstance(self.stage, Showing | Thinking) and self.stage.hurry
        showing = Showing(own=person and not turned, hurry=hurry)
        for e in events:
            line = notice if notice and isinstance(e, ev.SharesBought) else None
            delay = self._delay(e, not person)
            if line is not None:  # a notice of the play's own: long enough to read at any pace
                delay = max(delay, PACE_FRAMES["normal"]) if self.app.settings.pace != "instant" else 0
            showing.queue.append((e, delay, line))
        self.stage = showing
        if person or any(isinstance(e, ev.TurnStarted | ev.GameOver) for e in events):
            self._progress()
        return True

    def _progress(self) -> None:
        """A decision or a turn is done: the host saves the game (Continue resumes here)."""
        if self.saved:
            self.app.progress(self)

    def _snapshot(self) -> Snapshot:
        """What undo puts back: the game, what the screen showed, what was chosen (no advice:
        the hint is asked again), the decision screen's cursor."""
        chosen = replace(self.chosen, hint=None)
        return Snapshot(self.game.copy(), len(self.actions), self.seen.kept(), chosen, cursor_of(self.screen))

    def _keep_for_undo(self, before: Snapshot | None, seat: int, events: list[ev.Event]) -> None:
        """Keep the copy from before the person's decision, unless the decision revealed
        something (then nothing before it can be taken back)."""
        if before is None:
            self.undo_stack = []
            self.undo_block = f"Can't undo: {self.game.names[seat]} played since"
            return
        self.undo_stack.append(before)
        for e in events:
            reason = REVEALING.get(type(e))
            if reason is not None:
                self.undo_stack = []
                self.undo_block = f"Can't undo: {reason}"
                return

    def undo(self) -> None:
        """Take back the person's last decision of this turn: the kept copy of the game, the
        log and the screen as they were before it. Also while the next player is still
        thinking (the pause menu stops the game): until they decide, nothing is revealed."""
        if self.guide is not None and self.guide.undo():
            return
        if not self.undo_stack or isinstance(self.stage, Over | Passing):
            self.app.sound("refuse")
            self.message = self.undo_block
            return
        snap = self.undo_stack.pop()
        self.game = snap.game
        del self.actions[snap.actions :]
        self.seen, self.chosen = snap.seen, snap.chosen
        screen = make_screen(self.game, self.chosen.pick, self.chosen.declined)
        put_cursor(screen, snap.cursor)  # the cursor where it was when you decided
        self.stage = Deciding(screen, GUARD_FRAMES)
        self.app.anim.reset(self)  # the board and cash as they are again, nothing moving
        self.app.sound("move")
        self._progress()

    # -------------------------------------------------------------- showing

    def _delay(self, e: ev.Event, paced: bool) -> int:
        pace = PACE_FRAMES[self.app.settings.pace]
        if isinstance(e, ev.TurnStarted):
            return 0 if self.is_person(e.seat) else pace // 2
        if not paced:
            return 0
        if isinstance(e, ev.TilesDrawn | ev.ChainDefunct | ev.GameOver):
            return 0
        if isinstance(e, ev.TilePlaced):
            return pace * 2 // 3  # what the tile does follows at once (founds, grows, merges)
        if isinstance(e, MERGER_STEPS):
            return pace * 3 // 8  # quick: the merger's summary lists them all at the end
        return pace

    def _show(self, e: ev.Event, line: str | None = None) -> None:
        """One event reaches the screen: message line, log, sounds, summaries."""
        self.app.heard.append(e)
        self.app.anim.event(e, self)
        self.seen.events.append(e)
        if isinstance(e, ev.TilesDrawn) and self.is_person(e.seat) and len(self.people) == 1:
            self.seen.log.append(own_draw_line(e))
        else:
            self.seen.log.append(log_line(e))
        if line is not None:
            self.seen.log.append(line)
        line = line or brief(e)
        if line:
            self.seen.line = line
            self.seen.notice = None
        if isinstance(e, ev.TilePlaced):
            self.seen.last_tile = e.tile
            if e.seat != self.human:
                self.seen.marked.append(e.tile)
        if isinstance(e, ev.MergerStarted):
            self.seen.merger = [e]
        elif self.seen.merger and isinstance(e, MERGER_STEPS | ev.ChainDefunct):
            self.seen.merger.append(e)
        stage = self.stage
        queue = stage.queue if isinstance(stage, Showing) else deque()
        if isinstance(e, ev.ChainDefunct) and not (queue and isinstance(queue[0][0], ev.ChainDefunct)):
            self.app.push(Summary(self.app, self, self.seen.merger, auto=not self.people))
            self.seen.merger = []
            if isinstance(stage, Showing):
                stage.hurry = False  # the summary stops the hurry: it is worth reading
        if isinstance(e, ev.SharesBought):
            self.seen.final_tail = []
        elif isinstance(e, ev.BonusPaid | ev.MarketBonus | ev.SharesSold) and not self.seen.merger:
            self.seen.final_tail.append(e)
        if isinstance(e, ev.GameOver):
            self.stage = Over()
            self.app.push(self.standings())

    def standings(self) -> Scene:
        """The final standings' scene (a guide may have its own)."""
        own = self.guide.standings() if self.guide is not None else None
        return own if own is not None else GameOver(self.app, self)

    # -------------------------------------------------------------- what the views read

    @property
    def message(self) -> str:
        """The message line: the play's own notice if there is one, else the last event's."""
        return self.seen.notice or self.seen.line

    @message.setter
    def message(self, text: str) -> None:
        self.seen.notice = text

    def tell(self, text: str) -> None:
        """A line of the host's (a save that failed) on the message line and in the log."""
        self.seen.notice = text
        self.seen.log.append(text)

    # What the play has shown (`seen`), read by the views, the chart and the log.
    @property
    def log(self) -> list[str]:
        return self.seen.log

    @property
    def shown(self) -> list[ev.Event]:
        """Every event that reached the screen, in order."""
        return self.seen.events

    @property
    def notice(self) -> str | None:
        return self.seen.notice

    @property
    def marked(self) -> list[str]:
        return self.seen.marked

    @property
    def last_tile(self) -> str | None:
        return self.seen.last_tile

    def seats(self) -> list[str]:
        """Each seat's kind: "person" or the computer level (saves, records, stats)."""
        return [
            PERSON if self.is_person(s) else self.levels.get(s, "normal") for s in range(self.game.players)
        ]

    def is_person(self, seat: int) -> bool:
        """Whether a person decides for `seat` (several seats in pass-and-play)."""
        return seat in self.people

    @property
    def screen(self) -> Screen | None:
        """The person's decision screen on view, if any."""
        return self.stage.screen if isinstance(self.stage, Deciding) else None

    @property
    def hurrying(self) -> bool:
        return isinstance(self.stage, Showing | Thinking) and self.stage.hurry

    def pending(self) -> list[ev.Event]:
        """Events applied but not shown yet."""
        return [e for e, _, _ in self.stage.queue] if isinstance(self.stage, Showing) else []

    @property
    def thinking(self) -> bool:
        """A computer's decision is being worked out: the turn bar's moving dots."""
        stage = self.stage
        return isinstance(stage, Showing | Thinking) and stage.job is not None and stage.ready is None

    @property
    def busy(self) -> bool:
        """True while computer turns or messages are still playing out."""
        stage = self.stage
        if isinstance(stage, Showing):
            return bool(stage.queue or stage.wait) or not self.is_person(self.game.current)
        return isinstance(stage, Thinking | Passing)

    @property
    def guarding(self) -> bool:
        """Your turn has begun (or the device is being passed) and X is not live yet: the view
        makes it plain that it is your turn."""
        return isinstance(self.stage, Deciding | Passing) and not self.stage.armed

    @property
    def viewer(self) -> int | None:
        """The seat whose hand and holdings the screen shows: in pass-and-play only while that
        person is deciding, so nothing of theirs stays on view during other turns."""
        if len(self.people) > 1 and (isinstance(self.stage, Passing) or self.game.current != self.human):
            return None
        return self.human

    def hand(self) -> list[str]:
        return [] if self.viewer is None else hand_order(self.game.hand(self.viewer))

    @property
    def banner(self) -> str:
        """The turn bar's text: whose turn, or that a decision in someone's merger is yours."""
        g = self.game
        if g.is_over:
            return "Game over"
        if isinstance(self.stage, Passing):
            return "Pass the device"
        you = self.human is not None and self.viewer == self.human and len(self.people) == 1
        if self.human is not None and g.current == self.human != g.turn and self.screen is not None:
            defunct = (g.merger_state() or {}).get("defunct")
            return f"Your shares: {defunct}" if defunct and you else f"{g.names[self.human]} decides"
        if g.turn == self.human and you:
            return "Your turn"
        return f"{g.names[g.turn]}'s turn"

    @property
    def others_playing(self) -> bool:
        """Someone else is deciding: the turn bar shows "..."."""
        return self.human is not None and self.game.current != self.human and not self.game.is_over

    def recap_head(self) -> str:
        """The recap's heading: since the person's last turn, or before their first (no turn
        of theirs ended yet: every turn ends with a purchase, if only of nothing)."""
        mine = any(isinstance(e, ev.SharesBought) and e.seat == self.human for e in self.seen.events)
        return "SINCE YOUR TURN" if mine else "BEFORE YOUR TURN"

    def show_recap(self) -> None:
        """Open the recap of what the others did before your turn again."""
        if not isinstance(self.stage, Deciding):
            self.message = "No recap now: not your decision"
            return
        head = self.recap_head()
        since = "since your turn" if head.startswith("SINCE") else "before your turn"
        self.stage.recap = list(self.seen.last_recap) or [f"Nothing happened {since}."]
        self.stage.recap_head = head
        self.stage.recap_top = 0

    def show_hint(self) -> None:
        """The hard computer's choice for the person deciding now, in the message line."""
        if self.guide is not None and self.guide.show_hint():
            return
        if not isinstance(self.stage, Deciding) or self.app.scene is not self:
            self.message = "No hint now: not your decision"
            return
        self.chosen.hint, self.message = hint(self.game)
        preselect(self.stage.screen, self.chosen.hint)
        if isinstance(self.stage.screen, PlaceScreen):
            self.chosen.pick = self.stage.screen.tile


def restore_cart(screen: BuyScreen, cart: list[str], option: str) -> None:
    """A buy step's cart and selected option put back (a continued game): only what the
    rules still allow goes in."""
    for chain in cart:
        if chain in screen.chains and screen.can_add(chain):
            screen.cart.append(chain)
    if option in screen.options:
        screen.index = screen.options.index(option)
    screen.standing = screen._standing()


# -------------------------------------------------------------- over the board


class Summary(Scene):
    """What a merger did: per defunct chain, the bonuses then each holder's sell/trade/keep."""

    full = False
    ROWS = 12
    UNDRAWN = ("auto",)  # it closes by itself: the close is drawn, the countdown is not

    def __init__(self, app: Host, table: Play, merger: list[ev.Event], auto: bool = False):
        super().__init__(app)
        self.table = table
        self.lines = summary_lines(merger)
        self.top = 0
        self.auto = SUMMARY_AUTO_FRAMES if auto else 0

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if self.auto:
            self.auto -= 1
            if not self.auto:
                self.app.pop()
            return
        if MENU in pressed:
            self.app.push(Pause(self.app, self.table))
            return
        if X in pressed or O in pressed:
            self.app.sound("confirm")
            self.app.pop()
            return
        step = (DOWN in pressed) - (UP in pressed)
        self.top = max(0, min(len(self.lines) - self.ROWS, self.top + step))


def summary_lines(merger: list[ev.Event]) -> list[tuple[str, str]]:
    """(text, chain letter or "") lines of a merger summary; the letter colours a heading."""
    out: list[tuple[str, str]] = []
    survivor = next((e.survivor for e in merger if isinstance(e, ev.MergerStarted)), "")
    seen: list[str] = []
    for e in merger:
        chain = getattr(e, "chain", "")
        if isinstance(e, ev.MergerStarted | ev.ChainDefunct) or not chain:
            continue
        if chain not in seen:
            seen.append(chain)
            out.append((f"{chain_name(chain)} -> {chain_name(survivor)}", chain))
        if isinstance(e, ev.MarketHolds):
            out.append((f" Market holds {e.count}", ""))
        elif isinstance(e, ev.BonusPaid | ev.MarketBonus):
            name = "Market " if isinstance(e, ev.MarketBonus) else f"{e.name:<4}"
            line = (f" {name}+{money(e.amount)} {KIND_SHORT[e.kind]}", "")
            # The rules pay in seat order; the summary lists the majority before the minority.
            at = len(out)
            if e.kind != "minority":
                while at > 0 and out[at - 1][0].endswith(" min"):
                    at -= 1
            out.insert(at, line)
        elif isinstance(e, ev.SharesSold):
            out.append((f" {e.name:<4}sold {e.count} {money(e.amount)}", ""))
        elif isinstance(e, ev.SharesTraded):
            out.append((f" {e.name:<4}traded {e.given} for {e.received} {e.survivor}", ""))
        elif isinstance(e, ev.SharesKept):
            out.append((f" {e.name:<4}kept {e.count}", ""))
    if not out:
        out.append(("No one held shares.", ""))
    last = next((e for e in reversed(merger) if isinstance(e, ev.ChainDefunct)), None)
    if last is not None:
        out.append(("", ""))
        out.append((f"{chain_name(last.survivor)} now has {last.size} tiles", last.survivor))
    return out


def game_record(play: Play) -> GameRecord | None:
    """The record that replays the play's game (as session.py keeps it); None without its seed."""
    if play.seed is None:
        return None
    g = play.game
    return GameRecord(
        seed=play.seed,
        names=tuple(g.names),
        seats=tuple(play.seats()),
        actions=tuple(play.actions),
        options=g.options,
    )


class GameOver(Scene):
    """Final standings: each player's cash with the end bonuses and share sales in it. With
    the game's record (its seed known), Story flips to the story chart and back."""

    UNDRAWN = ("quiet", "shown")  # the guard's counts: nothing on screen shows them

    def __init__(self, app: Host, play: Play):
        super().__init__(app)
        self.play = play
        g = play.game
        bonus, sold = [0] * g.players, [0] * g.players
        self.market = 0  # two players: the stock market's end bonuses (money that leaves the game)
        for t in play.seen.final_tail:
            if isinstance(t, ev.BonusPaid):
                bonus[t.seat] += t.amount
            elif isinstance(t, ev.SharesSold):
                sold[t.seat] += t.amount
            elif isinstance(t, ev.MarketBonus):
                self.market += t.amount
        self.rows = sorted(
            ((g.cash(s), s, g.names[s], bonus[s], sold[s]) for s in range(g.players)),
            key=lambda r: (-r[0], r[1]),
        )
        self.winners = g.winners()
        self.ending = end_line(play.seen.events, {c: g.chain_size(c) for c in g.chains_on_board()})
        self.record = game_record(play)
        items = ["New game", "Title", "Log", *(["Story"] if self.record is not None else [])]
        # The menu starts on a harmless item at the far end from New game (no wrap): a stray X
        # opens the story or the log, and a new game is always a choice of its own.
        self.menu = Menu(items, len(items) - 1, wrap=False)
        # A hurried X must not skip the result, which cannot be seen again: X acts once the
        # standings have been up for RESULT_FRAMES and X has been let go for RESULT_QUIET_FRAMES.
        self.quiet = 0
        self.shown = 0
        app.music = "gameover"
        if play.human in self.winners:
            app.sound("win")

    @property
    def headline(self) -> str:
        names = [self.play.game.names[w] for w in self.winners]
        if self.play.human in self.winners and len(self.play.people) == 1:
            return "You win!" if len(names) == 1 else "You share the win!"
        return f"{' & '.join(names)} win{'s' if len(names) == 1 else ''}"

    @property
    def armed(self) -> bool:
        return self.quiet >= RESULT_QUIET_FRAMES and self.shown >= RESULT_FRAMES

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        self.menu.move(pressed, self.app, (LEFT, RIGHT))
        self.menu.move(pressed, self.app)
        if not self.armed:
            self.quiet = quieter(self.quiet, pressed, held, RESULT_QUIET_FRAMES)
            self.shown += 1
            return
        if X not in pressed:
            return
        self.app.sound("confirm")
        if self.menu.item == "New game":
            self.app.setup()
        elif self.menu.item == "Title":
            self.app.home()
        elif self.menu.item == "Story" and self.record is not None:
            self.app.push(StoryScene(self.app, story_of(self.record), back="STANDINGS"))
        else:
            self.app.push(Log(self.app, self.play.log))
