"""The new game's setup: opponents, their levels, the end rule."""

from __future__ import annotations

from acquire8 import ai, rating
from acquire8.app.buttons import DOWN, LEFT, MENU, RIGHT, UP, O, X
from acquire8.app.control.scene import Host, Pressed, Scene
from acquire8.app.text import SETUP_WORDS
from acquire8.storage.settings import PERSON, Settings

LEVELS: tuple[str, ...] = ai.LEVELS  # the computer levels a seat can have
DEFAULT_LEVEL = "normal"


def cycle_level(s: Settings, i: int, turn: int) -> None:
    """Opponent i's level one step on, through the computer levels and "person"."""
    kinds = (*LEVELS, PERSON)
    current = kinds.index(s.levels[i]) if s.levels[i] in kinds else 0
    s.levels[i] = kinds[(current + turn) % len(kinds)]


def cycle_opponents(s: Settings, turn: int) -> None:
    s.opponents = (s.opponents - 1 + turn) % 5 + 1


class Setup(Scene):
    """Opponents, their strength, the end rule; X starts with whatever is shown."""

    def __init__(self, app: Host):
        super().__init__(app)
        self.rows = self._rows()
        self.row = len(self.rows) - 1  # on Start: one press of X plays with the defaults
        self.rating = app.load_stats()[0].rating

    @staticmethod
    def level_text(level: str) -> str:
        """A seat's level with its rating on the ladder ("hard 801"); a person has none."""
        return f"{level} {round(rating.LADDER[level][0])}" if level in rating.LADDER else level

    def suggestion(self) -> str:
        """The level to try: the newcomer's before any game against computers (a first game
        after the lesson), else the one nearest the person's rating."""
        if not self.rating.games:
            return f"New? {rating.nearest(rating.NEWCOMER)} suits a first game"
        return f"You rate {round(self.rating.value)}: nearest is {rating.nearest(self.rating.value)}"

    def describe(self) -> str:
        """A word on the selected row's value ("" on Start): what the end rule does, what a
        level plays like and its rating, why the first player is not a choice."""
        s, row = self.app.settings, self.rows[self.row]
        if row == "end":
            return SETUP_WORDS[s.end]
        if row.startswith("level"):
            level = s.levels[int(row[5:])]
            spec = ai.SPEC_OF.get(level)
            words = spec.words if spec is not None else SETUP_WORDS.get(level, "")  # a person's
            if level in rating.LADDER:
                return f"Rated {round(rating.LADDER[level][0])}" + (f": {words}" if words else "")
            return words
        return SETUP_WORDS.get(row, "")

    def _rows(self) -> list[str]:
        n = self.app.settings.opponents
        # "first" is shown and selectable, though fixed: its line says why.
        return ["opponents", *(f"level{i}" for i in range(n)), "end", "first", "start"]

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
        elif row == "first":  # the rules fix it: the line under the menu says so
            self.app.sound("refuse")
            return
        else:
            return
        self.app.sound("move")
