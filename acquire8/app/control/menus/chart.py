"""The reference pages Z opens over a game, and the game as the menus over it see it."""

from __future__ import annotations

from typing import Protocol

from acquire8.app.anim import cell_pos
from acquire8.app.buttons import DOWN, LEFT, MENU, RIGHT, UP, O, X
from acquire8.app.control.insight import Holdings, bonus_line, holdings, level_label
from acquire8.app.control.scene import Host, Pressed, Scene
from acquire8.app.control.seats import team_note
from acquire8.app.text import chain_name
from acquire8.rules import CHAINS, Game
from acquire8.rules import events as ev
from acquire8.rules.tables import ROW_LETTERS


class Table(Protocol):
    """The game on screen, as the menus over it see it (control/play.py's Play)."""

    app: Host
    game: Game
    levels: dict[int, str]  # each computer seat's level
    people: set[int]
    human: int | None

    @property
    def saved(self) -> bool: ...  # autosaved (False for the lesson)
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


class Chart(Scene):
    """The reference pages Z opens: prices, the chains, everyone's holdings and a labelled
    board. Left/right flip pages; on the board page the arrows move a cursor that names the
    square under it (left past column 1 flips back). Z, X or MENU close it."""

    PAGES = ("prices", "chains", "holdings", "board")
    # On the board page RIGHT moves its cursor, never to the next page: a page after it
    # could not be reached.
    if PAGES[-1] != "board":
        raise ValueError(f"the board must be the last page Z opens, not one of {PAGES}")

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
        return level_label(t.levels, seat, t.human, t.people) + team_note(t.game, seat, t.viewer)

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
