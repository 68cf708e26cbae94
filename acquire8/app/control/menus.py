"""The menus and pages around a game: title, setup, settings, help, stats, pause (with its
confirmations), the log and the chart. What a press does on each; drawing is in views."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from acquire8 import ai, rating
from acquire8.app.anim import cell_pos
from acquire8.app.buttons import DOWN, LEFT, MENU, RIGHT, UP, O, X
from acquire8.app.control.insight import Holdings, bonus_line, holdings, level_label
from acquire8.app.control.scene import Host, Menu, Pressed, Scene
from acquire8.app.control.story import Replays
from acquire8.app.text import chain_name, money, wrap
from acquire8.rules import CHAINS, Game
from acquire8.rules import events as ev
from acquire8.rules.tables import END_SIZE, HAND_SIZE, MAX_BUY, ROW_LETTERS, SAFE_SIZE, START_CASH
from acquire8.storage.settings import PACES, PERSON, Settings

LEVELS: tuple[str, ...] = ai.LEVELS  # the computer levels a seat can have
DEFAULT_LEVEL = "normal"


class Table(Protocol):
    """The game on screen, as the menus over it see it (control/play.py's Play)."""

    app: Host
    game: Game
    levels: dict[int, str]  # each computer seat's level
    people: set[int]
    human: int | None

    @property
    def log(self) -> list[str]: ...
    @property
    def marked(self) -> list[str]: ...  # the tiles placed since the viewer's last turn, oldest first
    @property
    def shown(self) -> list[ev.Event]: ...  # every event that reached the screen
    @property
    def viewer(self) -> int | None: ...

    def hand(self) -> list[str]: ...

    def show_hint(self) -> None: ...
    def show_recap(self) -> None: ...
    def undo(self) -> None: ...


def cycle_level(s: Settings, i: int, turn: int) -> None:
    """Opponent i's level one step on, through the computer levels and "person"."""
    kinds = (*LEVELS, PERSON)
    current = kinds.index(s.levels[i]) if s.levels[i] in kinds else 0
    s.levels[i] = kinds[(current + turn) % len(kinds)]


def cycle_opponents(s: Settings, turn: int) -> None:
    s.opponents = (s.opponents - 1 + turn) % 5 + 1


class Title(Scene):
    def __init__(self, app: Host):
        super().__init__(app)
        items = ["New game"]
        if app.can_resume():
            items.append("Continue")
        items += ["How to play", "Settings", "Stats", "Learn to play"]
        if app.can_quit:
            items.append("Quit")
        # With a saved game the cursor starts on Continue: one X picks up where you were. No
        # wrapping: Up on the first item must not land on Quit.
        self.menu = Menu(items, items.index("Continue") if "Continue" in items else 0, wrap=False)
        # The very first start offers the lesson (a line under the menu), once: X still starts
        # a new game at once for whoever knows the game.
        self.offer = app.first_start
        app.first_start = False

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if pressed and self.offer:
            self.app.settings.lesson_offered = True  # seen: the next start does not offer it again
        self.menu.move(pressed, self.app)
        if X not in pressed:
            return
        self.app.sound("confirm")
        item = self.menu.item
        if item == "New game" and "Continue" in self.menu.items:
            self._replace_saved()
        elif item == "New game":
            self.app.push(Setup(self.app))
        elif item == "Continue":
            if not self.app.resume():  # the save went bad meanwhile: the title says so
                self.app.goto(Title(self.app))
        elif item == "Learn to play":
            self.app.lesson()
        elif item == "How to play":
            self.app.push(Help(self.app))
        elif item == "Settings":
            self.app.push(SettingsScene(self.app))
        elif item == "Stats":
            self.app.push(StatsScene(self.app))
        elif item == "Quit":
            kept = "This game is saved: Continue resumes it." if "Continue" in self.menu.items else ""
            self.app.push(Confirm(self.app, "Quit acquire8?", self._quit, "QUIT", kept))

    def _quit(self) -> None:
        self.app.quit = True  # the game is saved after every decision: nothing is lost

    def _replace_saved(self) -> None:
        """New game over a saved one: say what would be lost first; the cursor goes to Continue,
        so that backing out and pressing X again goes on with the saved game."""
        self.menu.index = self.menu.items.index("Continue")
        about = self.app.saved_game()
        what = f"Your game in progress ({about})" if about else "Your saved game"
        self.app.push(
            Confirm(
                self.app,
                "Start a new game?",
                lambda: self.app.push(Setup(self.app)),
                "NEW GAME",
                f"{what} will be replaced.",
                no="KEEP IT",
            )
        )


class Setup(Scene):
    """Opponents, their strength, the end rule; X starts with whatever is shown."""

    def __init__(self, app: Host):
        super().__init__(app)
        self.rows = self._rows()
        self.row = len(self.rows) - 1  # on Start: one press of X plays with the defaults
        self.rating = app.load_stats()[0].rating

    @staticmethod
    def level_text(level: str) -> str:
        """A seat's level with its rating on the ladder ("hard 832"); a person has none."""
        return f"{level} {round(rating.LADDER[level][0])}" if level in rating.LADDER else level

    def suggestion(self) -> str:
        """The level to try: the newcomer's before any game against computers (a first game
        after the lesson), else the one nearest the person's rating."""
        if not self.rating.games:
            return f"New? {rating.nearest(rating.NEWCOMER)} suits a first game"
        return f"You rate {round(self.rating.value)}: nearest is {rating.nearest(self.rating.value)}"

    def _rows(self) -> list[str]:
        n = self.app.settings.opponents
        return ["opponents", *(f"level{i}" for i in range(n)), "end", "start"]

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        s = self.app.settings
        if O in pressed or MENU in pressed:
            self.app.pop()
            return
        if X in pressed:
            self.app.sound("confirm")
            self.app.new_game()
            return
        step = (DOWN in pressed) - (UP in pressed)
        if step:
            self.row = (self.row + step) % len(self.rows)
            self.app.sound("move")
        turn = (RIGHT in pressed) - (LEFT in pressed)
        if not turn:
            return
        row = self.rows[self.row]
        if row == "opponents":
            cycle_opponents(s, turn)
            self.rows = self._rows()
            self.row = 0
        elif row.startswith("level"):
            cycle_level(s, int(row[5:]), turn)
        elif row == "end":
            s.end = "auto" if s.end == "declare" else "declare"
        else:
            return
        self.app.sound("move")


class SettingsScene(Scene):
    """Every persisted setting; left/right (or X) change the row, changes are stored at once."""

    ROWS = ("music", "effects", "pace", "contrast", "end", "holdings", "opponents")
    GAME_ROWS = ("music", "effects", "pace", "contrast")  # what a running game follows at once

    def __init__(self, app: Host, in_game: bool = False):
        super().__init__(app)
        # During a game the end rule, holdings and opponents would change nothing until the
        # next one: those rows are left out there (the view says where they are).
        self.in_game = in_game
        self.menu = Menu(self._rows())

    def _rows(self) -> list[str]:
        if self.in_game:
            return [*self.GAME_ROWS, "back"]
        n = self.app.settings.opponents
        return [*self.ROWS, *(f"level{i}" for i in range(n)), "back"]

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if O in pressed or MENU in pressed:
            self.app.pop()
            return
        self.menu.move(pressed, self.app)
        turn = (RIGHT in pressed) - (LEFT in pressed) or (1 if X in pressed else 0)
        if not turn:
            return
        s, row = self.app.settings, self.menu.item
        if row == "back":
            if X in pressed:
                self.app.pop()
            return
        if row == "music":
            s.music = not s.music
        elif row == "effects":
            s.effects = not s.effects
        elif row == "pace":
            s.pace = PACES[(PACES.index(s.pace) + turn) % len(PACES)]
        elif row == "contrast":
            s.high_contrast = not s.high_contrast
        elif row == "end":
            s.end = "auto" if s.end == "declare" else "declare"
        elif row == "holdings":
            s.holdings = "hidden" if s.holdings == "open" else "open"
        elif row == "opponents":
            cycle_opponents(s, turn)
            self.menu.items = self._rows()
        elif row.startswith("level"):
            cycle_level(s, int(row[5:]), turn)
        self.app.sound("move")


# How to play: the rules a player needs, in the game itself (the web and handheld builds have
# nothing else to read). (title, text) pages; the view wraps the text to the screen (31
# characters, 14 lines), "\n" starts a new line.
HELP_PAGES: tuple[tuple[str, str], ...] = (
    (
        "ACQUIRE",
        "Place hotel tiles on the board, found hotel chains, buy their shares and collect "
        "bonuses when they merge. The most cash at the end wins.\n\n"
        f"SETUP: everyone starts with {money(START_CASH)}. Each player puts one tile on the "
        f"board; the one nearest 1A plays first. Then everyone draws {HAND_SIZE} tiles.",
    ),
    (
        "A TURN",
        "1. Place one tile from your hand.\n"
        f"2. Buy up to {MAX_BUY} shares, or none.\n"
        "3. When the game can end, you may end it.\n"
        f"Then you draw back up to {HAND_SIZE} tiles.",
    ),
    (
        "TILES",
        "Next to loose tiles a tile FOUNDS a chain.\n"
        "Next to one chain it GROWS it.\n"
        "Next to two or more chains it MERGES them: the biggest survives.\n\n"
        "The tiles placed at the start never found a chain by themselves: a later tile next "
        "to them does.",
    ),
    (
        "FOUNDING",
        "You pick any of the 7 chains not on the board; it takes in every loose tile joined "
        "to it, and you get one share of it free.\n\n"
        "Cheap: Tower, Luxor.\nMedium: American, Worldwide, Festival.\n"
        "Dear: Imperial, Continental.\n"
        "Dear shares cost and pay more; prices rise as a chain grows.",
    ),
    (
        "MERGERS: BONUSES",
        "The biggest chain survives (a tie: whoever placed the tile picks). Each swallowed "
        "chain pays its holders, at its price before the merger:\n"
        "most shares: 10x the price,\nsecond most: 5x.\n"
        "A lone holder takes both; a tie for most splits both, a tie for second the 5x.",
    ),
    (
        "MERGERS: SHARES",
        "Then each holder of the swallowed chain, whoever placed the tile first, decides:\n"
        "SELL shares to the bank at that price;\n"
        "TRADE 2 for 1 of the survivor, while the bank has some;\n"
        "KEEP them for when the chain is founded again.",
    ),
    (
        "BUYING",
        f"After your tile buy up to {MAX_BUY} shares of chains on the board (one founded "
        "this turn too), at today's prices.\n\n"
        "X adds a share, UNDO takes one back, DONE buys.\n"
        "Shares earn bonuses and are sold at the end.",
    ),
    (
        "LOCKED TILES",
        f"A chain of {SAFE_SIZE}+ tiles is SAFE: it cannot be swallowed. A tile that would "
        "merge two safe chains is DEAD: it is swapped at the end of your turn.\n\n"
        "With all 7 chains on the board, a tile that would found an 8th cannot be placed "
        "(NO 8TH CHAIN): it waits in your hand until a chain is gone. A hand with no "
        "playable tile is replaced.",
    ),
    (
        "THE END",
        f"When a chain has {END_SIZE}+ tiles, or every chain on the board is safe, a player "
        "may declare the end on their turn.\n"
        "With the End rule set to auto (in Settings) the game ends by itself at the end "
        "of that turn, or of the turn that draws the last tile.\n\n"
        "SCORING: every chain pays its bonuses, all shares are sold, the most cash wins.",
    ),
    (
        "TWO PLAYERS",
        "With two players a stock market joins every payout: a drawn tile's column is how "
        "many shares it holds. What it wins leaves the game.",
    ),
    (
        "ON SCREEN",
        "Grey: a loose tile, in no chain. Blue outline: a square in your hand (dim: not "
        "playable now). Blinking frame: your choice, or the tile just placed. Lit corner: "
        "placed since your turn.\n"
        "Below: each chain's size, price and your shares; white frame: a safe chain.\n"
        "Right: > marks whose turn it is.\n"
        "Z: prices, chains, holdings, board.",
    ),
    (
        "CONTROLS",
        "LEFT/RIGHT choose\n"
        "X  (V, M; pad A) confirm\n"
        "Z  (C, N; pad B) price chart\n"
        "UP/DOWN adjust, scroll\n"
        "ENTER/ESC/P (pad START) menu\n"
        "U, BACKSPACE (pad L1) undo\n\n"
        "X hurries the computers; your turn waits while YOUR TURN flashes. Undo takes back "
        "your moves this turn.",
    ),
)


class Help(Scene):
    def __init__(self, app: Host):
        super().__init__(app)
        self.page = 0

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if O in pressed or MENU in pressed:
            self.app.pop()
            return
        step = (RIGHT in pressed or X in pressed) - (LEFT in pressed)
        if not step:
            return
        if self.page + step >= len(HELP_PAGES):
            self.app.pop()
            return
        self.page = max(0, self.page + step)
        self.app.sound("move")


@dataclass(frozen=True)
class Bar:
    """One bar of a stats chart: a level, its value (None: no game counts), the value as
    text, and for the streaks the current one drawn inside the best."""

    level: str
    value: float | None
    label: str
    inner: float | None = None


class StatsScene(Scene):
    """Per opponent level (stored by session.py): the table of games, wins and best cash,
    then a bar chart per measure; left/right flip the pages, down lists the kept games to
    replay, X, Z or MENU go back."""

    ORDER = (*LEVELS, "people")
    # (page, title): the table, then one chart per measure.
    PAGES = (
        ("table", "STATS"),
        ("rating", "YOUR RATING"),
        ("games", "GAMES PLAYED"),
        ("wins", "WIN SHARE"),
        ("cash", "AVERAGE FINAL CASH"),
        ("best", "BEST FINAL CASH"),
        ("streak", "WINNING STREAK"),
        ("rank", "AVERAGE PLACE"),
    )

    def __init__(self, app: Host):
        super().__init__(app)
        self.stats, self.message = app.load_stats()
        self.page = 0

    @property
    def levels(self) -> list[str]:
        by = self.stats.by_level
        return [lv for lv in self.ORDER if lv in by] + sorted(set(by) - set(self.ORDER))

    @property
    def rows(self) -> list[tuple[str, int, int, int]]:
        """(level, played, won, best cash), the levels played against in a fixed order."""
        by = self.stats.by_level
        return [(lv, by[lv].played, by[lv].won, by[lv].best_cash) for lv in self.levels]

    def bars(self, page: str | None = None) -> list[Bar]:
        """The bars of a chart page: one per level played against, then "all"."""
        page = page or self.PAGES[self.page][0]
        rows = [(lv, self.stats.by_level[lv]) for lv in self.levels]
        if rows:
            rows.append(("all", self.stats.total()))
        out = []
        for level, st in rows:
            if page == "games":
                out.append(Bar(level, st.played, str(st.played)))
            elif page == "wins":
                share = st.win_share
                out.append(Bar(level, share, "-" if share is None else f"{round(100 * share)}%"))
            elif page == "cash":
                cash = st.average_cash
                out.append(Bar(level, cash, "-" if cash is None else money(cash)))
            elif page == "best":
                out.append(Bar(level, st.best_cash, money(st.best_cash)))
            elif page == "streak":
                out.append(Bar(level, st.best_streak, f"{st.streak}/{st.best_streak}", st.streak))
            elif page == "rank":
                rank = st.average_rank
                out.append(Bar(level, rank, "-" if rank is None else f"{rank:.1f}"))
        return out

    def solo_line(self) -> str:
        """The person's own record against computers, in counts that agree with the table."""
        solo = self.stats.solo()
        return f"You won {solo.won} of {solo.played} vs computers" if solo.played else ""

    def rating_line(self) -> str:
        """'Your rating 655 +-186': the rating and its 95% interval; "" before a rated game."""
        r = self.stats.rating
        return f"Your rating {round(r.value)} +-{round(r.interval())}" if r.games else ""

    def advice(self) -> tuple[str, str]:
        return rating.advice(self.stats.rating.value)

    @staticmethod
    def ladder() -> list[tuple[str, int]]:
        """(level, rating) of the levels a person picks, weakest first."""
        return [(lv, round(rating.LADDER[lv][0])) for lv in rating.PICKED]

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if pressed & {O, X, MENU}:  # X closes it, as every page
            self.app.sound("confirm")
            self.app.pop()
            return
        if DOWN in pressed:
            self.app.sound("move")
            self.app.push(Replays(self.app))  # type: ignore[arg-type]  # the App is an Archive
            return
        step = (RIGHT in pressed) - (LEFT in pressed)
        if step:
            self.page = (self.page + step) % len(self.PAGES)
            self.app.sound("move")


class Confirm(Scene):
    """A second question before something that cannot be taken back: it says what it means,
    starts on the harmless answer, and only left/right change the answer."""

    full = False

    def __init__(
        self, app: Host, question: str, then: Callable[[], None], yes: str, detail: str = "", no: str = "BACK"
    ):
        super().__init__(app)
        self.question = question
        self.detail = detail
        self.then = then
        self.labels = (no, yes)
        self.index = 0

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if MENU in pressed or O in pressed:
            self.app.pop()
            return
        step = (RIGHT in pressed) - (LEFT in pressed)
        if step:
            self.index = (self.index + step) % 2
            self.app.sound("move")
        if X not in pressed:
            return
        self.app.sound("confirm")
        self.app.pop()
        if self.index == 1:
            self.then()


class Pause(Scene):
    full = False
    ITEMS = ("Resume", "Undo", "Recap", "Log", "How to play", "Hint", "Settings", "New game", "Quit to title")

    def __init__(self, app: Host, table: Table):
        super().__init__(app)
        self.table = table
        self.menu = Menu(list(self.ITEMS))

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if MENU in pressed or O in pressed:
            self.app.pop()
            return
        self.menu.move(pressed, self.app)
        self.menu.move(pressed, self.app, (LEFT, RIGHT))
        if X not in pressed:
            return
        self.app.sound("confirm")
        item = self.menu.item
        app = self.app
        if item == "Resume":
            app.pop()
        elif item == "Undo":
            app.pop()
            self.table.undo()
        elif item == "Recap":
            app.pop()
            self.table.show_recap()
        elif item == "Log":
            self.menu.index = 0  # closed with X, the page comes back to Resume, not to itself
            app.push(Log(app, self.table.log))
        elif item == "How to play":
            self.menu.index = 0
            app.push(Help(app))
        elif item == "Hint":
            app.pop()
            self.table.show_hint()
        elif item == "Settings":
            self.menu.index = 0
            app.push(SettingsScene(app, in_game=True))
        elif item == "New game":
            app.push(Confirm(app, "Leave for a new game?", app.setup, "NEW GAME", self._kept()))
        else:
            app.push(Confirm(app, "Quit to the title?", app.home, "QUIT", self._kept()))

    def _kept(self) -> str:
        if self.app.can_resume():
            return "This game is saved: Continue on the title resumes it."
        return "This game is not saved: it will be lost."


class Log(Scene):
    """The game's events, newest at the bottom; up/down scroll a line, left/right a page."""

    ROWS = 16

    def __init__(self, app: Host, log: list[str]):
        super().__init__(app)
        # Long entries go on over indented lines.
        self.lines = [("  " if i else "") + line for entry in log for i, line in enumerate(wrap(entry, 30))]
        self.top = max(0, len(self.lines) - self.ROWS)
        # Open on the start of an entry, never on the indented rest of one cut off above.
        while 0 < self.top < len(self.lines) - 1 and self.lines[self.top].startswith("  "):
            self.top += 1
        self.bottom = self.top  # the furthest down scrolling goes

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if O in pressed or X in pressed or MENU in pressed:
            self.app.pop()
            return
        step = (DOWN in pressed) - (UP in pressed) + self.ROWS * ((RIGHT in pressed) - (LEFT in pressed))
        if step:
            self.top = max(0, min(self.bottom, self.top + step))


class Chart(Scene):
    """The reference pages Z opens: prices, the chains, everyone's holdings and a labelled
    board. Left/right flip pages; on the board page the arrows move a cursor that names the
    square under it (left past column 1 flips back). Z, X or MENU close it."""

    PAGES = ("prices", "chains", "holdings", "board")

    def __init__(self, app: Host, table: Table, page: str = "prices"):
        super().__init__(app)
        self.table = table
        self.page = self.PAGES.index(page)
        placed = [e.tile for e in table.shown if isinstance(e, ev.TilePlaced)]
        last = (table.marked or placed or ["6E"])[-1]  # the newest tile, or the middle
        self.cursor = cell_pos(last)  # (column, row) from 0

    def sheet(self) -> Holdings:
        """The holdings page's facts for the viewer now (the game may move on under the chart)."""
        return holdings(self.table.game, self.table.viewer)

    def bonus_lines(self) -> list[str]:
        """The chains page's line per chain of CHAINS: who would take its bonuses now."""
        sheet = self.sheet()
        return [bonus_line(sheet, chain) for chain in CHAINS]

    def level(self, seat: int) -> str:
        """What plays `seat`, under its name on the holdings page."""
        t = self.table
        return level_label(t.levels, seat, t.human, t.people)

    @property
    def square(self) -> str:
        """The board page cursor's square, e.g. "8B"."""
        col, row = self.cursor
        return f"{col + 1}{ROW_LETTERS[row]}"

    @property
    def square_info(self) -> str:
        """What is on the cursor's square, in words: "8B: Luxor (5 tiles), Ana placed it"."""
        table, name = self.table, self.square
        letter = table.game.board.get(name)
        if letter is None:
            what = "in your hand" if name in table.hand() else "empty"
        elif letter == "#":
            what = "a loose tile, in no chain"
        else:
            what = f"{chain_name(letter)} ({table.game.chain_size(letter)} tiles)"
        if name in table.marked:
            placed = (
                e.name for e in reversed(table.shown) if isinstance(e, ev.TilePlaced) and e.tile == name
            )
            what += f", {next(placed, 'someone')} placed it"
        return f"{name}: {what}"

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if O in pressed or X in pressed or MENU in pressed:
            self.app.pop()
            return
        step = (RIGHT in pressed) - (LEFT in pressed)
        if self.PAGES[self.page] == "board":
            col, row = self.cursor
            rows = (DOWN in pressed) - (UP in pressed)
            if col + step < 0:  # past the left edge: the page before
                self.page -= 1
            elif step or rows:
                self.cursor = (min(11, col + step), (row + rows) % 9)
            else:
                return
        elif step:
            self.page = (self.page + step) % len(self.PAGES)
        else:
            return
        self.app.sound("move")
