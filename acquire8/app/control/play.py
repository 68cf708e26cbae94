"""One game on screen. Where it stands is ONE value, `Play.stage`:

- Showing: the events of the last action reach the screen one by one, at the computers' pace
  (X hurries them); a computer's next decision is worked out meanwhile;
- Thinking: a computer player decides, a slice of time per frame;
- Deciding: a person's decision screen; one that opens after something the person did not do
  (a computer's move, a merger summary, a new turn, Continue) acts only once X has been up for
  TURN_QUIET_FRAMES, counted from before it opened (scene.opening_guard), so X mashed, held or
  tapped to hurry the computers never decides, and a player who was not pressing X is answered
  at once; closing the recap that covers the board starts that count again (`need` frames);
- Passing: pass-and-play, the device goes to the next person, every hand hidden (X takes it
  only once it has been up for TURN_QUIET_FRAMES, counted from the pass screen's start);
- Over: the final standings are shown (GameOver, over the board).

Undo: before each of the person's decisions the play keeps a copy of the game (and of what
the screen shows); undo goes back to it, until something the person could not have known was
revealed. The rules decide everything: undo only puts a kept copy back.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace

from acquire8.ai.base import Bot
from acquire8.app.buttons import DOWN, LEFT, MENU, RIGHT, UNDO, UP, O, X
from acquire8.app.constants import RECAP_ROWS
from acquire8.app.control.decisions import (
    BuyScreen,
    Decision,
    PlaceScreen,
    cursor_of,
    make_screen,
    nothing_to_buy,
    preselect,
    put_cursor,
    restore_cart,
)
from acquire8.app.control.hint import hint
from acquire8.app.control.insight import recap
from acquire8.app.control.menus import Chart, Pause
from acquire8.app.control.play_view import PlayView
from acquire8.app.control.scene import (
    GUARD_FRAMES,
    HOLD_FRAMES,
    TURN_QUIET_FRAMES,
    Host,
    Pressed,
    Scene,
    opening_guard,
    quieter,
)
from acquire8.app.control.stages import (
    Deciding,
    Guide,
    Job,
    Over,
    Passing,
    Resumed,
    Showing,
    Snapshot,
    Stage,
    Thinking,
    TurnChoice,
    TurnShown,
    decision_seed,
    pause_frames,
    revealing,
)
from acquire8.app.control.standings import MERGER_STEPS, GameOver, Summary
from acquire8.app.text import brief, log_line, own_draw_line
from acquire8.rules import CHAINS, Action, BuyShares, Game, IllegalAction, Phase
from acquire8.rules import events as ev
from acquire8.storage.settings import Pace

# Frames a computer step stays shown: at "normal" a step can be read as it happens.
PACE_FRAMES: dict[Pace, int] = {"slow": 36, "normal": 22, "fast": 8, "instant": 0}
# The events a player's own decision makes (a person's clears the marks of the others' tiles).
PERSONS_DECISIONS = ev.TilePlaced | ev.SharesBought | ev.SharesSold | ev.SharesTraded | ev.SharesKept


class Play(PlayView, Scene):
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
            events, marked = list(resumed.events), self._unseen(resumed)
            self.seen = replace(self.seen, log=log, notice="Game continued", events=events, marked=marked)
            self.chosen = resumed.chosen
            self.undo_block = "Can't undo past Continue"
        self.stage: Stage = Showing()
        self.guide: Guide | None = None  # what guides this play (the lesson), if anything

    def _unseen(self, resumed: Resumed) -> list[str]:
        """The tiles the others placed since the person's last decision (their corners lit)."""
        tiles: list[str] = []
        for e in resumed.events:
            if isinstance(e, PERSONS_DECISIONS) and self.is_person(e.seat):
                tiles = []
            elif isinstance(e, ev.TilePlaced):
                tiles.append(e.tile)
        return tiles

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
        if isinstance(stage, Showing | Thinking) and (X in pressed or self.app.x_held >= HOLD_FRAMES):
            stage.hurry = True  # X tapped or held during computer turns hurries them; it decides nothing
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
                self._decide(passed=True)
            elif not stage.armed:
                stage.quiet = quieter(stage.quiet, pressed, held, stage.need)
        elif isinstance(stage, Deciding):
            self._deciding(stage, pressed, held)

    def _deciding(self, stage: Deciding, pressed: Pressed, held: Pressed) -> None:
        stage.flash = max(0, stage.flash - 1)
        if not stage.armed:
            stage.quiet = quieter(stage.quiet, pressed, held, stage.need)
            pressed = pressed - {X}
        if stage.recap:  # X closes the recap; up/down scroll it; the hand under it waits
            if X in pressed:
                stage.recap = []
                # The board under it is a new screen: it takes X only once X has been up
                # `need` frames again, so a tap that closed the recap is not followed by one
                # that decides unseen.
                stage.quiet = 0
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
            self._decide()
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
        """The next queued events reach the screen, each after the previous one's pause; the
        next computer decision is worked out meanwhile, a slice in every frame events show in
        (the one that opens a merger's summary too), so its frames are all thinking frames."""
        if stage.wait and not stage.hurry:
            stage.wait -= 1
        else:
            stage.wait = 0
            while stage.queue:
                e, delay, line = stage.queue.popleft()
                self._show(e, line)
                if self.app.scene is not self:  # a merger summary or the game over opened
                    stage.own = False
                    break
                if delay and not stage.hurry:
                    stage.wait = delay
                    break
            else:
                self.all_shown(stage)
                return
        self._think(stage)

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
            self._decide()

    def _decide(self, passed: bool = False) -> None:
        """The person's decision screen for the phase now (the buy step passes by itself when
        there is nothing to buy)."""
        g = self.game
        reason = nothing_to_buy(g)
        if reason is not None:
            self.act(BuyShares(()), notice=reason)
            return
        self.seen.notice = None  # what was said before this decision no longer holds
        screen = make_screen(g, self.chosen.pick, self.chosen.declined, self.seen.events)
        if self.chosen.hint is not None:
            preselect(screen, self.chosen.hint)
        if isinstance(screen, BuyScreen) and self.chosen.buy_kept:
            restore_cart(screen, *self.chosen.buy_kept)
        self.chosen.buy_kept = None
        # One rule for every decision (scene.opening_guard); after the pass screen, whose X
        # showed the hand, that X must be let go first.
        guarded = self.chosen.after_others and not passed
        quiet, need = (0, GUARD_FRAMES) if passed else opening_guard(self.app.x_quiet, guarded)
        self.stage = Deciding(screen, quiet, need=need, flash=TURN_QUIET_FRAMES if guarded else 0)
        if (guarded or passed) and g.turn == g.current and g.phase == Phase.PLACE and self.human is not None:
            self.seen.last_recap = recap(self.seen.events, self.human, g.names)  # a new turn of yours opens
            self.stage.recap = list(self.seen.last_recap)
            self.stage.recap_head = self.recap_head()
        if guarded or passed:
            self.app.sound("turn")

    def _pass_to(self, seat: int) -> None:
        """Pass-and-play: hide everything behind a "pass to NAME" screen until `seat` presses X."""
        self.chosen.pick = None
        self.chosen.hint = None
        self.undo_stack = []
        self.stage = Passing(seat)  # from 0: no X just before, deciding or not, shows the next hand

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
            t0 = frames.clock()
            stage.job = Job(bot, g.view(g.current))
            budget -= (frames.clock() - t0) * 1000  # start() counts against this frame's slice
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
        self.chosen.after_others = not person or turned
        if isinstance(action, BuyShares):
            self.chosen.declined = False
        self._keep_for_undo(before, seat, events)
        hurry = isinstance(self.stage, Showing | Thinking) and self.stage.hurry
        showing = Showing(own=not self.chosen.after_others, hurry=hurry)
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
            reason = revealing(e)
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
        screen = make_screen(self.game, self.chosen.pick, self.chosen.declined, self.seen.events)
        put_cursor(screen, snap.cursor)  # the cursor where it was when you decided
        self.stage = Deciding(screen, GUARD_FRAMES)
        self.app.anim.reset(self)  # the board and cash as they are again, nothing moving
        self.app.sound("move")
        self._progress()

    # -------------------------------------------------------------- showing

    def _delay(self, e: ev.Event, paced: bool) -> int:
        pace = PACE_FRAMES[self.app.settings.pace]
        if isinstance(e, ev.TurnStarted):  # a computer's turn shows its start, paced or not
            return 0 if self.is_person(e.seat) else pause_frames(e, pace)
        return pause_frames(e, pace) if paced else 0

    def _show(self, e: ev.Event, line: str | None = None) -> None:
        """One event reaches the screen: message line, log, sounds, summaries."""
        self.app.heard.append(e)
        self.app.anim.event(e, self)
        self.seen.events.append(e)
        if isinstance(e, ev.TilesDrawn) and self.is_person(e.seat) and len(self.people) == 1:
            self.seen.log.append(own_draw_line(e))
        else:
            self.seen.log.append(log_line(e, self.game.teams))
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
            self.app.push(Summary(self.app, self, self.seen.merger, self.chosen.after_others))
            self.seen.merger = []
            self.chosen.after_others = True  # the decision after a summary opens after a screen of its own
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

    # -------------------------------------------------------------- the recap and the hint

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
