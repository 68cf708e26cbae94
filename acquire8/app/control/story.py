"""The story of a finished game (a net-worth chart with its mergers and the moments that
decided it), the kept games to replay move by move, and the game file's export and import.

Pure Python, no Pyxel. The kept games and the game file come through the host (App), which
asks its keeper (session.Keeper, over storage): the scenes here never import session or
storage I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Protocol

from acquire8.ai.review import BLUNDER, MISTAKE, KeptReview, Review, Verdict
from acquire8.app.buttons import DOWN, LEFT, MENU, RIGHT, UP, O, X
from acquire8.app.control.scene import Host, Menu, Pressed, Scene
from acquire8.app.text import key_moments, log_line, team_letter
from acquire8.rules import Game
from acquire8.rules import events as ev
from acquire8.rules.record import (
    PERSON,
    GameRecord,
    Step,
    merger_turns,
    net_worth_series,
    replay,
)

IMPORT = "Import game file"  # the list's last item
LIST_ROWS = 10  # games on the list's screen at once
LOG_ROWS = 5  # log lines under the replay's board
MSG_NO_STORAGE = "No storage on this device"
MSG_NO_MERGER = "No more mergers"
MSG_EXPORTED = "Game file written"


class GameFiles(Protocol):
    """The kept games and the game file (storage.Storage has these; so has the App)."""

    def load_records(self) -> tuple[list[GameRecord], str | None]: ...
    def export_game(self, record: GameRecord) -> str | None: ...
    def import_game(self) -> tuple[GameRecord | None, str | None]: ...
    def exchange_location(self) -> str: ...
    def load_review(self, record: GameRecord) -> KeptReview | None:
        """The expert's review kept with this game, None when it has none."""
        ...

    def keep_review(self, record: GameRecord, review: KeptReview) -> str | None:
        """Keep a finished review with its game; a problem met, to show."""
        ...


class KeptGames(GameFiles, Protocol):
    """The kept games with the review left under way (storage.Storage; the App's keeper's)."""

    def save_reviewing(self, record: GameRecord, review: Mapping[str, object]) -> str | None:
        """Keep a review under way (as `Review.to_dict` writes it), to take up in another
        session; a problem met."""
        ...

    def load_reviewing(
        self, record: GameRecord, resume: Callable[[GameRecord, dict[str, Any]], Review]
    ) -> tuple[Review | None, str | None]:
        """The game's review kept under way, taken up by `resume` (`Review.resumed`) where it
        was left; a problem met, to show."""
        ...

    def drop_reviewing(self, record: GameRecord) -> None:
        """Forget the game's review kept under way (it is finished)."""
        ...


class Archive(Host, GameFiles, Protocol):
    """The host with the kept games and the game file (App, from its keeper)."""


def player_seat(record: GameRecord) -> int:
    """Whose story it is: the first seat a person played (seat 0 when none did)."""
    return record.seats.index(PERSON) if PERSON in record.seats else 0


def place_of(game: Game, seat: int) -> int:
    """`seat`'s finishing place, 1 the best: one more than the seats (in a team game, the
    teams) with more cash."""
    scores = game.team_scores()
    return 1 + sum(1 for cash in scores if cash > scores[game.team_of(seat)])


def ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


@dataclass(frozen=True)
class Story:
    """What the story chart draws: per seat its net worth after every turn (x = turn, from 0,
    the start), the turns with a merger, the three moments that decided the game and, once
    the expert reviewed it, the turns of the seat's mistakes and blunders."""

    names: tuple[str, ...]
    seat: int  # whose moments they are
    series: tuple[tuple[int, ...], ...]
    mergers: tuple[int, ...]
    moments: tuple[str, ...]
    mistakes: tuple[int, ...] = ()

    @property
    def turns(self) -> int:
        return max(len(line) for line in self.series) - 1

    @property
    def top(self) -> int:
        """The chart's highest value: the largest worth, rounded up to a whole $10,000."""
        peak = max(max(line) for line in self.series)
        return max(10_000, -(-peak // 10_000) * 10_000)


def story_of(record: GameRecord, seat: int | None = None, review: KeptReview | None = None) -> Story:
    """The story of a recorded game, told for `seat` (default: the person's seat), with the
    mistakes the expert's `review` found; in a team game the chart has a line per team, its
    members' net worth summed."""
    seat = player_seat(record) if seat is None else seat
    costly = review.costliest(seat) if review is not None else []
    series, names = net_worth_series(record), record.names
    start = record.start()
    if start.has_teams:
        teams = start.teams
        series = [[sum(worths) for worths in zip(*(series[s] for s in team), strict=True)] for team in teams]
        names = tuple(f"team {team_letter(t)}" for t in range(len(teams)))
    return Story(
        names=names,
        seat=seat,
        series=tuple(tuple(line) for line in series),
        mergers=tuple(merger_turns(record)),
        moments=tuple(key_moments(record, seat)),
        mistakes=tuple(sorted({v.turn for v in costly if v.kind in (MISTAKE, BLUNDER)})),
    )


class StoryScene(Scene):
    """The story chart. Down opens the expert's review of the game (`record`); left/right, X,
    Z or MENU go back (to the standings on game over)."""

    def __init__(self, app: Host, story: Story, back: str = "BACK", record: GameRecord | None = None):
        super().__init__(app)
        self.story = story
        self.back = back  # what the footer calls going back
        self.record = record
        self.stale = False  # the review was open over it: its mistakes are read again

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if self.stale and self.record is not None:
            review = self.app.load_review(self.record)
            self.story = story_of(self.record, self.story.seat, review) if review else self.story
            self.stale = False
        if DOWN in pressed and self.record is not None:
            self.app.sound("confirm")
            self.app.open_review(self.record)
            self.stale = True
        elif pressed & {LEFT, RIGHT, X, O, MENU}:
            self.app.sound("move")
            self.app.pop()


@dataclass(frozen=True)
class Row:
    """One kept game on the list."""

    record: GameRecord
    when: str  # "01-02 15:04"
    players: int
    against: str  # the opponents' level, "mixed", or "p&p" for pass-and-play
    place: int  # the person's finishing place
    accuracy: float | None = None  # the person's, once the expert reviewed the game


def row_of(record: GameRecord, review: KeptReview | None = None) -> Row:
    seat = player_seat(record)
    others = {kind for s, kind in enumerate(record.seats) if s != seat}
    against = "p&p" if PERSON in others else others.pop() if len(others) == 1 else "mixed"
    if record.options.mode != "singles":  # the way to play says more than the levels
        against = record.options.mode
    when = record.played[5:] if len(record.played) >= 16 else record.played  # drop the year
    accuracy = review.accuracy_of(seat) if review is not None else None
    return Row(record, when, record.players, against, place_of(record.final(), seat), accuracy)


class Replays(Scene):
    """The kept finished games, newest first, and the game file's import as the last item.
    Up/down choose; X replays the game (or imports); right shows its story, left the expert's
    review; Z/MENU back."""

    def __init__(self, app: Archive):
        super().__init__(app)
        self.app: Archive = app
        self.message = ""
        self.where = app.exchange_location()
        self.rows: list[Row] = []
        self.menu = Menu([IMPORT])
        self.top = 0  # the first game on screen
        self.stale = False  # a screen opened over the list: the reviews are read again
        self._load()

    def _load(self) -> None:
        records, msg = self.app.load_records()
        self.rows = [row_of(r, self.app.load_review(r)) for r in records]
        self.menu = Menu([*(f"game{i}" for i in range(len(self.rows))), IMPORT])
        if msg:
            self.message = msg

    @property
    def row(self) -> Row | None:
        return None if self.menu.item == IMPORT else self.rows[self.menu.index]

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if self.stale:
            self.refresh()
        if O in pressed or MENU in pressed:
            self.app.pop()
            return
        if self.menu.move(pressed, self.app):  # keep the chosen game on screen
            at = min(self.menu.index, len(self.rows) - 1)
            self.top = max(0, min(at, max(self.top, at - LIST_ROWS + 1)))
        row = self.row
        if X in pressed:
            self.app.sound("confirm")
            if row is None:
                self.do_import()
            else:
                self.app.push(Replay(self.app, row.record))
        elif RIGHT in pressed and row is not None:
            self.app.sound("move")
            self.app.push(story_scene(self.app, row.record))
        elif LEFT in pressed and row is not None:
            self.app.sound("confirm")
            self.app.open_review(row.record)
        if self.app.scene is not self:  # a review may finish before the list is back on top
            self.stale = True

    def refresh(self) -> None:
        """Each game's accuracy as the reviews now stand."""
        for i, row in enumerate(self.rows):
            review = self.app.load_review(row.record)
            if review is not None:
                self.rows[i] = replace(row, accuracy=review.accuracy_of(player_seat(row.record)))
        self.stale = False

    def do_import(self) -> None:
        """Import the game file: it joins the list at the top (the message says what happened)."""
        record, msg = self.app.import_game()
        if record is not None:
            self._load()
            self.menu.index = next((i for i, r in enumerate(self.rows) if r.record == record), 0)
            self.top = 0
        self.message = msg or ("Game imported" if record is not None else "")


def story_scene(app: Archive, record: GameRecord, back: str = "BACK") -> StoryScene:
    """The story of a kept game, with the mistakes of its review if it has one."""
    return StoryScene(app, story_of(record, review=app.load_review(record)), back, record)


class Replay(Scene):
    """A kept game move by move: left/right step, X to the next merger, up its story, down
    export it to the game file; Z or MENU back. Opened at a reviewed decision (`verdict`), it
    shows the position the decision was made in, with the move played and the expert's."""

    UNDRAWN = ("steps",)  # drawn through `position`, `step` and `log`

    def __init__(self, app: Archive, record: GameRecord, verdict: Verdict | None = None):
        super().__init__(app)
        self.app: Archive = app
        self.record = record
        self.start = record.start()
        self.steps: list[Step] = list(replay(record))
        self.verdict = verdict
        self.index = -1 if verdict is None else verdict.index - 1  # the step shown: -1 as dealt
        self.message = ""
        self.where = ""  # where the game file went, after an export
        self.logs = [log_line(e) for e in self.start.setup_events()]  # the log up to each step
        self.ends = [len(self.logs)]  # ... as a length of `logs`: ends[index + 1]
        for step in self.steps:
            self.logs += [log_line(e, self.start.teams) for e in step.events]
            self.ends.append(len(self.logs))

    @property
    def total(self) -> int:
        return len(self.steps)

    @property
    def deciding(self) -> Verdict | None:
        """The reviewed decision when its position is shown (the step before it)."""
        v = self.verdict
        return v if v is not None and self.index == v.index - 1 else None

    @property
    def step(self) -> Step | None:
        return self.steps[self.index] if self.index >= 0 else None

    @property
    def position(self) -> Game:
        """The game as it stood after the step shown."""
        step = self.step
        return step.game if step is not None else self.start

    @property
    def turn(self) -> int:
        step = self.step
        return step.turn if step is not None else 1

    def log(self, rows: int = LOG_ROWS) -> list[str]:
        """The log's last `rows` lines as they stood after the step shown."""
        end = self.ends[self.index + 1]
        return self.logs[max(0, end - rows) : end]

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if O in pressed or MENU in pressed:
            self.app.pop()
            return
        step = (RIGHT in pressed) - (LEFT in pressed)
        if step:
            self.index = max(-1, min(self.total - 1, self.index + step))
            self.message = self.where = ""
            self.app.sound("move")
        elif X in pressed:
            self.next_merger()
        elif UP in pressed:
            self.app.sound("move")
            self.app.push(story_scene(self.app, self.record))
        elif DOWN in pressed:
            self.app.sound("confirm")
            msg = self.app.export_game(self.record)
            self.message = msg or MSG_EXPORTED
            self.where = "" if msg else self.app.exchange_location()

    def next_merger(self) -> None:
        """On to the next step that starts a merger (the message says when there is none)."""
        for i in range(self.index + 1, self.total):
            if any(isinstance(e, ev.MergerStarted) for e in self.steps[i].events):
                self.index = i
                self.message = self.where = ""
                self.app.sound("confirm")
                return
        self.message = MSG_NO_MERGER
        self.app.sound("refuse")
