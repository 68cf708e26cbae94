"""The settings of a game (RULES §13), the phases of a turn and the rules' other closed
vocabularies: plain values that the game, its events and its position format share. Each
vocabulary is a Literal type defined once here, with the tuple of its values; saves and
records keep the strings as they are. A rules option's values are words or numbers
(`OptionValue`): a numeric option is a Literal of ints, kept as JSON numbers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, Literal, get_args, get_type_hints

EndOption = Literal["declare", "auto"]  # "declare" (official) or "auto" (PICO-8 style)
HoldingsOption = Literal["open", "hidden"]  # only the front end shows or hides
# What placing a tile would do now (Game.tile_effect, and the kind of a TilePlaced).
TileEffect = Literal["lone", "found", "grow", "merge", "no 8th chain", "dead"]
BonusKind = Literal["majority", "minority", "both", "shared"]  # RULES §7.1: whose bonus it is
# RULES §11: why a game ended (the Ending of GameOver and Game.ending): a chain at the end size,
# every chain safe, the pool's last tile drawn (the auto end), no tile playable for a round.
EndReason = Literal["end size", "all safe", "pool empty", "no tile"]
# RULES §14's ways to play, one record each (MODES below); the Literal names them for the type
# checker and must list the records' names in their order (checked when this module loads).
GameMode = Literal["singles", "solo", "2v2", "2v2v2", "3v3"]
OptionValue = str | int  # what a rules option's Literal may hold
END_OPTIONS: tuple[EndOption, ...] = get_args(EndOption)
HOLDINGS_OPTIONS: tuple[HoldingsOption, ...] = get_args(HoldingsOption)
TILE_EFFECTS: tuple[TileEffect, ...] = get_args(TileEffect)
BONUS_KINDS: tuple[BonusKind, ...] = get_args(BonusKind)
END_REASONS: tuple[EndReason, ...] = get_args(EndReason)


def apart(seat: int, teams: int) -> int:
    """RULES §14's seating: partners sit apart, so the teams take turns (2 vs 2: seats 0 and 2
    against 1 and 3; 2 vs 2 vs 2: 0 and 3, 1 and 4, 2 and 5)."""
    return seat % teams


@dataclass(frozen=True)
class ModeSpec:
    """One way to play (RULES §14), as a computer level is a LevelSpec: a new mode is a record in
    MODES (its name in GameMode) and its rules tests; the player counts, the teams, the setup's
    line and How to play's list of modes are read from the records.

    `players`: the numbers of players it allows, in increasing order; `teams`: its number of
    teams (0: no teams, each plays for themselves); `seating(seat, teams)`: the team a seat
    plays for; `words`: the setup's line on it (at most two lines of the setup's width)."""

    name: GameMode
    players: tuple[int, ...]
    teams: int
    words: str
    seating: Callable[[int, int], int] = apart

    def team_of(self, seat: int, players: int) -> int:
        """The team `seat` plays for in a game of `players`; without teams, a team of its own."""
        return self.seating(seat, self.teams) if self.teams else seat % players


# In the order the setup cycles through them (singles, the default, first).
MODES: tuple[ModeSpec, ...] = (
    ModeSpec("singles", (2, 3, 4, 5, 6), 0, "Each plays for themselves, 2 to 6 players"),
    ModeSpec("solo", (1,), 0, "You alone for a high score: your final cash"),
    ModeSpec("2v2", (4,), 2, "Two teams of two: your partner sits across from you"),
    ModeSpec("2v2v2", (6,), 3, "Three teams of two: partners sit three seats apart"),
    ModeSpec("3v3", (6,), 2, "Two teams of three: every other seat is a partner"),
)
MODE_OF: dict[GameMode, ModeSpec] = {m.name: m for m in MODES}
GAME_MODES: tuple[GameMode, ...] = tuple(MODE_OF)
if get_args(GameMode) != GAME_MODES:
    raise ValueError("every GameMode has one record in MODES, in the Literal's order")
MODE_PLAYERS: dict[GameMode, tuple[int, ...]] = {m.name: m.players for m in MODES}
TEAM_COUNT: dict[GameMode, int] = {m.name: m.teams for m in MODES}  # 0: no teams


def team_of_seat(mode: GameMode, seat: int, players: int) -> int:
    """The team `seat` plays for (RULES §14), as its mode seats them. Without teams each seat
    is a team of its own."""
    return MODE_OF[mode].team_of(seat, players)


def check_players(mode: GameMode, n: int) -> None:
    """ValueError unless a game of `mode` may have `n` players ("a singles game has 2 to 6
    players, not 1")."""
    allowed = MODE_PLAYERS[mode]
    if n not in allowed:
        counts = f"{allowed[0]} to {allowed[-1]}" if len(allowed) > 1 else str(allowed[0])
        noun = "player" if allowed == (1,) else "players"
        raise ValueError(f"a {mode} game has {counts} {noun}, not {n}")


class Phase(StrEnum):
    PLACE = "place"
    FOUND = "found"
    SURVIVOR = "survivor"
    DEFUNCT = "defunct"
    DISPOSE = "dispose"
    BUY = "buy"
    OVER = "over"


@dataclass(frozen=True)
class Options:
    """The rules options of RULES §13. Each is a field typed with its vocabulary (a Literal)
    and its default: that is all a new option needs here. Its values, the check, the JSON
    form and the reading of older or damaged data are derived from the fields, so the
    position, the record and the settings formats follow without a change."""

    mode: GameMode = "singles"
    end: EndOption = "declare"
    holdings: HoldingsOption = "open"

    def __post_init__(self) -> None:
        for name, allowed in _values_of(type(self)).items():
            value = getattr(self, name)
            if not _allowed(value, allowed):
                choices = " or ".join(repr(v) for v in allowed)
                raise ValueError(f"options.{name} must be {choices}, not {value!r}")

    def to_dict(self) -> dict[str, OptionValue]:
        """The options as the formats keep them: {"mode": "singles", "end": "declare", ...}."""
        return {name: getattr(self, name) for name in _values_of(type(self))}

    @classmethod
    def from_dict(cls, data: object) -> Options:
        """The options a save, position or record wrote, checked (ValueError naming the
        problem). The format's compatibility rules: an option left out takes its default (data
        written before that option existed loads unchanged); an option this build does not
        know is refused (a newer game wrote it); a value outside its vocabulary is refused."""
        if not isinstance(data, Mapping):
            raise ValueError("options: expected an object")
        unknown = sorted(set(data) - set(_values_of(cls)))
        if unknown:
            raise ValueError(f"options: unknown option {unknown[0]!r}")
        return cls(**data)

    @classmethod
    def salvage(cls, data: Mapping[str, Any]) -> tuple[Options, list[str]]:
        """The forgiving reading, for preferences: each option left out or outside its
        vocabulary takes its default. Returns the options and the names of the values that
        were replaced (one left out is not a problem: it was added later)."""
        values, replaced = {}, []
        for name, allowed in _values_of(cls).items():
            if name not in data:
                continue
            if _allowed(data[name], allowed):
                values[name] = data[name]
            else:
                replaced.append(name)
        return cls(**values), replaced


def option_values() -> dict[str, tuple[OptionValue, ...]]:
    """Each option's name and its values, in the order of its Literal type (read from the
    fields, so a new option cannot be left out of the check or the formats)."""
    return _values_of(Options)


# Each class's options and values, read once (a subclass adding options has its own).
_VALUES: dict[type, dict[str, tuple[OptionValue, ...]]] = {}


def _values_of(cls: type[Options]) -> dict[str, tuple[OptionValue, ...]]:
    if cls not in _VALUES:
        hints = get_type_hints(cls)
        _VALUES[cls] = {f.name: get_args(hints[f.name]) for f in fields(cls)}
    return _VALUES[cls]


def _allowed(value: object, allowed: tuple[OptionValue, ...]) -> bool:
    """One of the values, of its very type: "6000", 6000.0 or True is not 6000 (JSON would
    otherwise turn a number option into a float or a flag without a word)."""
    return any(type(value) is type(v) and value == v for v in allowed)
