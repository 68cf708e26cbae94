"""The rows of the setup and the settings pages as one table: each row's name, label, value,
how left/right change it and the line that explains it. The setup and settings controllers
list the rows they show by name; their views draw any row from it, so a row (a new rules
option, say) is written here once.

The rules options' rows come from the rules' `option_values()`: a new option gets its row
by a label in OPTION_LABELS and its values' lines in text.VALUE_WORDS, keyed by the option's
name and value (and, if its value reads otherwise than as is, its form in OPTION_SHOWN)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from acquire8 import ai, rating
from acquire8.app.control.seats import seat_names
from acquire8.app.text import SETUP_WORDS, VALUE_WORDS, team_letter
from acquire8.rules import MODE_PLAYERS, TEAM_COUNT, Options, OptionValue, option_values, team_of_seat
from acquire8.storage.settings import MAX_OPPONENTS, PACES, PERSON, Settings

LEVELS: tuple[str, ...] = ai.LEVELS  # the computer levels a seat can have
DEFAULT_LEVEL = "normal"
OPTION_LABELS = {"mode": "Game", "end": "End rule", "holdings": "Holdings"}  # a rules option's row label
# A rules option whose value reads otherwise than as it is (a sum as money: {"cash": money}).
OPTION_SHOWN: dict[str, Callable[[Any], str]] = {}
SEATS, RULES, PREFERENCES = "seats", "rules", "preferences"  # the groups a page spaces apart
RESHAPING_OPTIONS = ("mode",)  # rules options that change the seats (solo: none; 2 vs 2: three)


@dataclass(frozen=True)
class Row:
    """One row: `value(settings)` is its value as the settings hold it (a level, a number, a
    flag), `show` how it reads on screen; `turn(settings, step)` changes it a step (-1 left, +1
    right); a row without one is shown but fixed (the first player: the rules decide it)."""

    name: str  # what the controllers, the tests, the demo and the device driver select it by
    label: Callable[[Settings], str]
    value: Callable[[Settings], Any]
    turn: Callable[[Settings, int], None] | None
    explain: Callable[[Settings], str]
    group: str
    reshapes: bool = False  # turning it changes which rows there are (the opponents' count)
    show: Callable[[Any], str] = str
    locked: Callable[[Settings], bool] = lambda s: False  # fixed by another row for now

    def fixed(self, s: Settings) -> bool:
        """Left/right cannot change it now (the rules decide it, or another row does)."""
        return self.turn is None or self.locked(s)

    def shown(self, s: Settings) -> str:
        """The value as the row shows it ("hard 801", "on", "$6,000")."""
        return self.show(self.value(s))


def first_level() -> str:
    """The level suggested for a first game against computers (after the lesson too): the one
    nearest a newcomer's rating. The setup and the lesson's last card both say it."""
    return rating.nearest(rating.NEWCOMER)


def level_text(level: str) -> str:
    """A seat's level with its rating on the ladder ("hard 801"); a person has none."""
    return f"{level} {round(rating.LADDER[level][0])}" if level in rating.LADDER else level


def level_words(level: str) -> str:
    """What a level plays like (its record's words), after its rating; a person's line is the
    setup's own."""
    spec = ai.SPEC_OF.get(level)
    words = spec.words if spec is not None else VALUE_WORDS.get(("level", level), "")
    if level in rating.LADDER:
        return f"Rated {round(rating.LADDER[level][0])}" + (f": {words}" if words else "")
    return words


def cycle_level(s: Settings, i: int, turn: int) -> None:
    """Opponent i's level one step on, through the computer levels and "person"."""
    kinds = (*LEVELS, PERSON)
    current = kinds.index(s.levels[i]) if s.levels[i] in kinds else 0
    s.levels[i] = kinds[(current + turn) % len(kinds)]


def cycle_opponents(s: Settings, turn: int) -> None:
    if s.count_is_fixed():  # the mode decides it (the row is locked)
        return
    s.opponents = (s.opponents - 1 + turn) % MAX_OPPONENTS + 1


def seat_label(s: Settings, i: int) -> str:
    """Opponent i's row label: its name ("Ana plays"), or P2.. for a person; in a team game
    whose side it is ("Bob partner", "Ana team B")."""
    seats = [PERSON, *s.opponent_levels()]
    name = seat_names(seats)[i + 1]
    if TEAM_COUNT[s.options.mode]:
        team = team_of_seat(s.options.mode, i + 1, len(seats))
        return f"{name} {'partner' if team == 0 else 'team ' + team_letter(team)}"
    return name + ("" if seats[i + 1] == PERSON else " plays")


def opponents_words(s: Settings) -> str:
    """The opponents row's line: what the number is for, or why the mode fixes it."""
    if not s.count_is_fixed():
        return SETUP_WORDS["opponents"]
    players = MODE_PLAYERS[s.options.mode][0]
    if players == 1:
        return "None: you play alone (Game row)"
    return f"A {s.options.mode} game has {players} players: set by the Game row"


def _flag(name: str, label: str, attr: str) -> Row:
    def turn(s: Settings, _: int) -> None:
        setattr(s, attr, not getattr(s, attr))

    return Row(
        name,
        lambda s: label,
        lambda s: getattr(s, attr),
        turn,
        lambda s: SETUP_WORDS[name],
        PREFERENCES,
        show=lambda on: "on" if on else "off",
    )


def _pace_turn(s: Settings, step: int) -> None:
    s.pace = PACES[(PACES.index(s.pace) + step) % len(PACES)]


def _option(name: str, values: tuple[OptionValue, ...]) -> Row:
    def turn(s: Settings, step: int) -> None:
        now = values.index(getattr(s.options, name))
        s.options = Options.from_dict({**s.options.to_dict(), name: values[(now + step) % len(values)]})

    return Row(
        name,
        lambda s: OPTION_LABELS[name],
        lambda s: getattr(s.options, name),
        turn,
        lambda s: VALUE_WORDS[name, getattr(s.options, name)],
        RULES,
        reshapes=name in RESHAPING_OPTIONS,
        show=OPTION_SHOWN.get(name, str),
    )


def level_row(i: int) -> Row:
    """Opponent i's level (or a person)."""
    return Row(
        f"level{i}",
        lambda s: f"  {seat_label(s, i)}",
        lambda s: s.levels[i],
        lambda s, step: cycle_level(s, i, step),
        lambda s: level_words(s.levels[i]),
        SEATS,
        show=level_text,
    )


ROWS: dict[str, Row] = {
    row.name: row
    for row in (
        _flag("music", "Music", "music"),
        _flag("effects", "Sound effects", "effects"),
        Row(
            "pace",
            lambda s: "Computer pace",
            lambda s: s.pace,
            _pace_turn,
            lambda s: VALUE_WORDS["pace", s.pace],
            PREFERENCES,
        ),
        _flag("contrast", "High contrast", "high_contrast"),
        *(_option(name, values) for name, values in option_values().items()),
        Row(
            "opponents",
            lambda s: "Other players" if TEAM_COUNT[s.options.mode] else "Opponents",  # a partner too
            lambda s: s.opponent_count(),
            cycle_opponents,
            opponents_words,
            SEATS,
            reshapes=True,
            locked=lambda s: s.count_is_fixed(),
        ),
        *(level_row(i) for i in range(MAX_OPPONENTS)),
        Row(
            "first",
            lambda s: "First player",
            lambda s: "by the draw",
            None,
            lambda s: SETUP_WORDS["first"],
            RULES,
        ),
    )
}

PREFERENCE_ROWS = ("music", "effects", "pace", "contrast")  # what a running game follows at once


def setup_rows(s: Settings) -> list[Row]:
    """The setup's rows: the way to play, the opponents and their levels (partners too), then
    the rules (the first player is shown, though fixed, so its line says why)."""
    return [ROWS["mode"], ROWS["opponents"], *_levels(s), ROWS["end"], ROWS["first"]]


def settings_rows(s: Settings, in_game: bool) -> list[Row]:
    """The settings page's rows: every stored setting from the title; during a game only what
    it follows at once (the rules and the opponents are for the next game)."""
    preferences = [ROWS[name] for name in PREFERENCE_ROWS]
    if in_game:
        return preferences
    options = [ROWS[name] for name in option_values()]
    return [*preferences, *options, ROWS["opponents"], *_levels(s)]


def _levels(s: Settings) -> list[Row]:
    return [ROWS[f"level{i}"] for i in range(s.opponent_count())]
