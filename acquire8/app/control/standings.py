"""Over the board: the merger summary (Summary) and the final standings (GameOver), with
the record that replays a finished game."""

from __future__ import annotations

from dataclasses import dataclass

from acquire8.app.buttons import DOWN, LEFT, MENU, RIGHT, UNDO, UP, O, X
from acquire8.app.constants import FPS, SUMMARY_HEAD_CHARS
from acquire8.app.control.menus import Log, Pause, Table, to_new_game
from acquire8.app.control.play_view import PlayView
from acquire8.app.control.scene import RESULT_QUIET_FRAMES, Host, Menu, Pressed, Scene, opening_guard, quieter
from acquire8.app.control.story import StoryScene, story_of
from acquire8.app.text import KIND_SHORT, chain_name, end_line, money, team_letter
from acquire8.rules import events as ev
from acquire8.rules.record import GameRecord
from acquire8.storage.settings import Pace
from acquire8.storage.stats import HIGH_SCORES, HighScore

RESULT_FRAMES = 2 * FPS  # the final standings stay this long whatever is pressed
# Said in place of why the game ended while the standings hold X back after an X: the wait.
RESULT_WAIT = "X acts after 2 s with no press"
UNDO_OVER = "Can't undo: the game is over"  # the board's words (Play.undo, stages.revealing)
# A merger summary of the others' moves closes by itself after a reading pause at the pace
# chosen (X closes it at once); one that pays or asks a person waits for X.
SUMMARY_READ_FRAMES: dict[Pace, int] = {
    "slow": 8 * FPS,
    "normal": 5 * FPS,
    "fast": 3 * FPS,
    "instant": 2 * FPS,
}
# A merger's steps after it starts (each shown briefly, gathered for the summary).
MERGER_STEPS = (
    ev.BonusPaid | ev.MarketBonus | ev.MarketHolds | ev.SharesSold | ev.SharesTraded | ev.SharesKept
)


class Summary(Scene):
    """What a merger did: per defunct chain, the bonuses then each holder's sell/trade/keep.
    It closes by itself after a reading pause (the pace's), unless it pays a person (`yours`):
    then it waits for X, and says so; opening after the others acted (`after_others`), it takes
    X by the turn's guard rule (scene.opening_guard), so a hurrying tap never closes it unread."""

    full = False
    ROWS = 12
    UNDRAWN = (
        "auto",
        "quiet",
        "need",
    )  # the countdown and the guard: the view says only whether it closes by itself

    def __init__(self, app: Host, table: Table, merger: list[ev.Event], after_others: bool = False):
        super().__init__(app)
        self.table = table
        self.lines = summary_lines(merger)
        self.top = 0
        steps = [e for e in merger if isinstance(e, MERGER_STEPS)]
        self.yours = any(e.seat in table.people for e in steps)
        self.auto = 0 if self.yours else SUMMARY_READ_FRAMES[app.settings.pace]
        self.quiet, self.need = opening_guard(app.x_quiet, after_others and self.yours)

    @property
    def armed(self) -> bool:
        """X closes the summary now."""
        return self.quiet >= self.need

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if self.auto:
            self.auto -= 1
            if not self.auto:
                self.app.pop()
                return
        if MENU in pressed:
            self.app.push(Pause(self.app, self.table))
            return
        if not self.armed:  # a tap made before the summary was noticed reads nothing
            self.quiet = quieter(self.quiet, pressed, held, self.need)
            pressed = pressed - {X, O}
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
        name = chain_name(last.survivor)
        grown = f"{name} now has {last.size} tiles"  # whole, in the heading's width
        if len(grown) > SUMMARY_HEAD_CHARS:
            grown = f"{name}: {last.size} tiles now"
        out.append((grown, last.survivor))
    return out


def game_record(play: PlayView) -> GameRecord | None:
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


@dataclass(frozen=True)
class TeamRow:
    """A team on the standings: its place (tied teams share it), letter, summed cash, seats."""

    place: int
    letter: str
    cash: int
    seats: tuple[int, ...]


def team_rows(teams: list[tuple[int, ...]], sums: list[int]) -> list[TeamRow]:
    """The teams best first (equal sums share a place); none when each seat is its own team."""
    if all(len(team) < 2 for team in teams):
        return []
    order = sorted(range(len(teams)), key=lambda t: (-sums[t], t))
    return [TeamRow(1 + sum(x > sums[t] for x in sums), team_letter(t), sums[t], teams[t]) for t in order]


class GameOver(Scene):
    """Final standings: each player's cash with the end bonuses and share sales in it; in a
    team game the teams by summed cash, each with its players; in solo the score among the
    person's best. With the game's record (its seed known), Story flips to the story chart."""

    UNDRAWN = ("quiet", "shown")  # the guard's counts: nothing on screen shows them

    def __init__(self, app: Host, play: PlayView):
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
        # Each row's place: equal cash shares it ("1, 2, 2, 4"), as the win is shared.
        self.places = [1 + sum(other[0] > row[0] for other in self.rows) for row in self.rows]
        self.teams = team_rows(g.teams, g.team_scores())  # none without teams
        if self.teams:  # the players by their team's place, then by cash within it
            order = {seat: i for i, team in enumerate(self.teams) for seat in team.seats}
            self.rows.sort(key=lambda r: (order[r[1]], -r[0], r[1]))
            self.places = [self.teams[order[r[1]]].place for r in self.rows]
        self.winners = g.winners()
        self.solo = g.options.mode == "solo"
        # Solo: the score among the person's best (this game counted already: its seed and score).
        self.best: list[HighScore] = app.load_stats()[0].high_scores if self.solo else []
        self.best_at = next(
            (i for i, h in enumerate(self.best) if h.seed == play.seed and h.score == g.cash(0)), None
        )
        ending = g.ending()
        self.ending = end_line(ending, g.names) if ending is not None else ""
        self.record = game_record(play)
        kept = ["Story", "Review"] if self.record is not None else []
        items = ["New game", "Title", "Log", *kept]
        # The menu starts on a harmless item at the far end from New game (no wrap): a stray X
        # opens the story or the log, and a new game is always a choice of its own.
        self.menu = Menu(items, len(items) - 1, wrap=False)
        # A hurried X must not skip the result: X acts once the standings have been up for
        # RESULT_FRAMES and X has been let go for RESULT_QUIET_FRAMES, counted from before
        # they opened (the guard rule of scene.opening_guard, with a longer quiet spell).
        self.quiet = min(app.x_quiet, RESULT_QUIET_FRAMES)
        self.shown = 0
        # RESULT_WAIT from an X held back until X acts, "" else: a player still tapping to
        # hurry the computers learns why the standings take no X (a field: the redraw key sees it).
        self.waiting = ""
        self.refusal = ""  # why a key did nothing (undo: the game stays as it ended), until the next key
        app.music = "gameover"
        if play.human in self.winners:
            app.sound("win")

    @property
    def headline(self) -> str:
        if self.solo:
            return f"Your score: {money(self.play.game.cash(0))}"
        if self.teams:
            won = [t.letter for t in self.teams if t.seats[0] in self.winners]
            if self.play.human in self.winners and len(self.play.people) == 1:
                return "Your team wins!" if len(won) == 1 else "Your team shares the win!"
            return f"Team {won[0]} wins" if len(won) == 1 else f"Teams {' & '.join(won)} share the win"
        names = [self.play.game.names[w] for w in self.winners]
        if self.play.human in self.winners and len(self.play.people) == 1:
            return "You win!" if len(names) == 1 else "You share the win!"
        return f"{' & '.join(names)} win{'s' if len(names) == 1 else ''}"

    @property
    def unkept_line(self) -> str:
        """Solo's line when this score is not on the table of best scores."""
        full = len(self.best) >= HIGH_SCORES
        return f"Not among your best {HIGH_SCORES}" if full else "Not kept: no storage"

    @property
    def armed(self) -> bool:
        return self.quiet >= RESULT_QUIET_FRAMES and self.shown >= RESULT_FRAMES

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if pressed:
            self.refusal = ""
        if UNDO in pressed:  # the game is recorded as it ended: undo says so, as on the board
            self.refusal = UNDO_OVER
            self.app.sound("refuse")
        self.menu.move(pressed, self.app, (LEFT, RIGHT))
        self.menu.move(pressed, self.app)
        if not self.armed:
            self.quiet = quieter(self.quiet, pressed, held, RESULT_QUIET_FRAMES)
            self.shown += 1
            held_back = self.waiting or X in pressed or X in held
            self.waiting = RESULT_WAIT if held_back and not self.armed else ""
            return
        if X not in pressed:
            return
        self.app.sound("confirm")
        if self.menu.item == "New game":
            to_new_game(self.app, "Start a new game?")  # the game just over is kept: nothing to ask
        elif self.menu.item == "Title":
            self.app.home()
        elif self.menu.item == "Story" and self.record is not None:
            review = self.app.load_review(self.record)
            story = story_of(self.record, review=review)
            self.app.push(StoryScene(self.app, story, back="STANDINGS", record=self.record))
        elif self.menu.item == "Review" and self.record is not None:
            self.app.open_review(self.record)
        else:
            self.app.push(Log(self.app, self.play.log))
