"""The new game's setup: the way to play, opponents, their levels, the end rule (rows of
`rows.py`)."""

from __future__ import annotations

from itertools import pairwise

from acquire8 import rating
from acquire8.app import constants as k
from acquire8.app.buttons import DOWN, LEFT, MENU, RIGHT, UP, O, X
from acquire8.app.control.menus.rows import Row, first_level, setup_rows
from acquire8.app.control.scene import Host, Pressed, Scene, scrolled
from acquire8.app.text import money
from acquire8.storage.settings import PERSON
from acquire8.storage.stats import SINGLES

START = "start"  # the last item, below the rows: X anywhere starts, as shown
# Rated games before the setup says the rating as a number: after one or two it swings by
# hundreds (a first game lost to easy rates -65), a number that means nothing yet.
RATING_SHOWN = 3


class Setup(Scene):
    """Opponents, their strength, the end rule; X starts with whatever is shown."""

    def __init__(self, app: Host):
        super().__init__(app)
        self.table = setup_rows(app.settings)
        self.row = len(self.rows) - 1  # on Start: one press of X plays with the defaults
        self.top = 0  # the first row on screen: rows more than `room` scroll with the cursor
        stats = app.load_stats()[0]
        self.rating = stats.rating
        self.best = stats.high_scores[0].score if stats.high_scores else None  # solo's

    @property
    def rows(self) -> list[str]:
        """The items by name, top to bottom: the table's rows, then Start."""
        return [*(row.name for row in self.table), START]

    @property
    def room(self) -> int:
        """How many of the table's rows the screen holds, at the closest pitch, above Start
        and its lines (with the gaps between the rows' groups)."""
        gaps = sum(a.group != b.group for a, b in pairwise(self.table))
        space = k.SETUP_START_MAX_Y - k.SETUP_Y - k.SETUP_GAP * gaps - k.SETUP_START_GAP
        return space // k.MENU_MIN_PITCH

    @property
    def shown(self) -> list[Row]:
        """The rows on screen, from `top`: all of them while they fit."""
        return self.table[self.top : self.top + self.room]

    def _scroll(self) -> None:
        """Keep the selected row on screen (Start is always there, below the rows)."""
        self.top = scrolled(self.top, self.row, len(self.table), self.room)

    @property
    def selected(self) -> Row | None:
        """The selected row of the table; None on Start."""
        return self.table[self.row] if self.row < len(self.table) else None

    def suggestion(self) -> str:
        """The level to try in a game the rating counts (singles against computers, as Stats
        rates them): the newcomer's before any (a first game after the lesson), else the
        stats' own (rating.suggested), the rating itself from RATING_SHOWN games on and, below
        0, in words. In solo the score to beat (nothing before one: the Game row's line says
        what solo is); nothing for a team game or pass-and-play, which are not rated."""
        s = self.app.settings
        if s.options.mode == "solo":
            return f"Your best score: {money(self.best)}" if self.best is not None else ""
        if s.options.mode != SINGLES or PERSON in s.opponent_levels():
            return ""
        games, value = self.rating.games, self.rating.value
        if not games:
            return f"New? {first_level()} suits a first game"
        level = rating.suggested(value)
        if games < RATING_SHOWN:
            return f"After {games} game{'s' if games > 1 else ''}: try {level}"
        if value < 0:
            return f"{rating.advice(value)[0]}: try {level}"  # "You're below easy"
        return f"You rate {round(value)}: try {level}"

    def describe(self) -> str:
        """The line on the selected row's value ("" on Start): what the end rule does, what a
        level plays like and its rating, why the first player is not a choice."""
        row = self.selected
        return row.explain(self.app.settings) if row else ""

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
            self._scroll()
            self.app.sound("move")
        turn = (RIGHT in pressed) - (LEFT in pressed)
        row = self.selected
        if not turn or row is None:
            return
        if row.turn is None or row.fixed(s):  # fixed by the rules or the mode: its line says so
            self.app.sound("refuse")
            return
        row.turn(s, turn)
        if row.reshapes:
            self.table = setup_rows(s)
            self.row = self.rows.index(row.name)  # the cursor stays on the row turned
            self._scroll()
        self.app.sound("move")
