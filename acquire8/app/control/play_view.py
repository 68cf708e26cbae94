"""What the views (and the chart, the log, saves) read of a play: whose turn it is, who sees
what, what has been shown. Derived from the play's state; only the message line is set here."""

from __future__ import annotations

from acquire8.app.control.decisions import Screen, hand_order
from acquire8.app.control.stages import Deciding, Passing, Showing, Stage, Thinking, TurnShown
from acquire8.app.text import team_letter
from acquire8.rules import Action, Game
from acquire8.rules import events as ev
from acquire8.rules.record import PERSON


class PlayView:
    """The readers of a Play (control/play.py), which holds this state."""

    game: Game
    stage: Stage
    seen: TurnShown
    people: set[int]  # seats persons play
    human: int | None  # the person at the keys
    levels: dict[int, str]  # computer seats' levels
    seed: int | None  # the game's seed when known: with `actions` it replays the game
    actions: list[Action]  # every action applied, in order

    @property
    def message(self) -> str:
        """The message line: the play's own notice if there is one, else the last event's."""
        return self.seen.notice or self.seen.line

    @message.setter
    def message(self, text: str) -> None:
        self.seen.notice = text

    def team_mark(self, seat: int) -> str:
        """The seat's team letter beside its name in a team game ("" without teams)."""
        return team_letter(self.game.team_of(seat)) if self.game.has_teams else ""

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
        """Your turn has begun (or the device is being passed) and X is not live yet."""
        return isinstance(self.stage, Deciding | Passing) and not self.stage.armed

    @property
    def flashing(self) -> bool:
        """The turn bar flashes YOUR TURN: for a while when the turn begins, and as long as X
        is not live yet."""
        return self.guarding or (isinstance(self.stage, Deciding) and self.stage.flash > 0)

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
