"""The player's preferences (`Settings`) and the closed vocabularies they take: the computer
paces, the seat kinds. Importable without the rest of storage: the controllers and views that
read a setting import only this (no backend, no stats, no file I/O)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any, Literal, get_args

from acquire8.ai.levels import LEVELS  # the computer levels (records that load no player)
from acquire8.rules import MODE_PLAYERS, Options, option_values
from acquire8.rules.record import PERSON

SETTINGS_FORMAT = 1

Pace = Literal["slow", "normal", "fast", "instant"]  # how fast the computers' turns are shown
PACES: tuple[Pace, ...] = get_args(Pace)
# PERSON ("person", from the rules' records): a seat played by a person, stored among the levels
MAX_OPPONENTS = 5
MAX_PLAYERS = MAX_OPPONENTS + 1

__all__ = ["LEVELS", "MAX_OPPONENTS", "MAX_PLAYERS", "PACES", "PERSON", "SETTINGS_FORMAT", "Pace", "Settings"]


@dataclass
class Settings:
    """The player's preferences; `levels` always has MAX_OPPONENTS entries, one per opponent seat."""

    music: bool = True
    effects: bool = True
    pace: Pace = "normal"  # computer-turn pace
    opponents: int = 3  # default number of computer opponents, 1..MAX_OPPONENTS
    # One per opponent seat: a computer level, or PERSON for a pass-and-play seat.
    levels: list[str] = field(default_factory=lambda: ["normal"] * MAX_OPPONENTS)
    # The next game's rules options; stored flat, one key each, as Options.to_dict writes them.
    options: Options = field(default_factory=Options)
    high_contrast: bool = False
    # Bookkeeping, not a preference: the title offered the guided first game (the first start).
    # Left out of ==, which compares what the player chose; session.Keeper stores it too.
    lesson_offered: bool = field(default=False, compare=False)

    def opponent_count(self) -> int:
        """The next game's opponents: the mode's count when it allows one (solo none, 2 vs 2
        three), else the number chosen (`opponents`, kept for singles while another mode is on)."""
        return MODE_PLAYERS[self.options.mode][0] - 1 if self.count_is_fixed() else self.opponents

    def count_is_fixed(self) -> bool:
        """The mode decides the number of players (solo and the team games)."""
        return self._fixed(self.options)

    def opponent_levels(self) -> list[str]:
        """The levels of the next game's opponents, one per opponent seat."""
        return self.levels[: self.opponent_count()]

    def remember(self, seats: list[str], options: Options) -> None:
        """A game played (a continued one too) becomes the next setup's default: its opponents,
        their levels (or PERSON) and its rules options. Seats this build cannot offer change
        nothing."""
        opponents = seats[1:]
        kinds = (*LEVELS, PERSON)
        if seats[:1] != [PERSON] or len(seats) not in MODE_PLAYERS[options.mode]:
            return
        if not all(kind in kinds for kind in opponents) or len(opponents) > MAX_OPPONENTS:
            return
        if not self._fixed(options):  # a team or solo game keeps the singles' count as it was
            self.opponents = len(opponents)
        self.levels[: len(opponents)] = opponents
        self.options = options

    @staticmethod
    def _fixed(options: Options) -> bool:
        return len(MODE_PLAYERS[options.mode]) == 1

    def to_dict(self) -> dict[str, Any]:
        prefs = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "options"}
        return {"format": SETTINGS_FORMAT, **copy.deepcopy(prefs), **self.options.to_dict()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from stored data, and the names of values replaced by their defaults."""
        default = cls()
        values: dict[str, Any] = {}
        # The options are stored flat beside the preferences, one key each (Options.to_dict).
        known = {f.name for f in fields(cls) if f.name != "options"} | set(option_values()) | {"format"}
        fixed = sorted(set(data) - known)  # unknown keys
        values["options"], replaced = Options.salvage(data)
        fixed += replaced
        checks = {
            "music": lambda v: isinstance(v, bool),
            "effects": lambda v: isinstance(v, bool),
            "high_contrast": lambda v: isinstance(v, bool),
            "lesson_offered": lambda v: isinstance(v, bool),
            "pace": lambda v: v in PACES,
            "opponents": lambda v: type(v) is int and 1 <= v <= MAX_OPPONENTS,
        }
        for name, ok in checks.items():
            if name not in data:
                continue  # a setting added later: its default, nothing to report
            if ok(data[name]):
                values[name] = data[name]
            else:
                fixed.append(name)
        if "levels" in data:
            levels = data["levels"]
            if not isinstance(levels, list):
                levels, bad = [], True
            else:
                bad = len(levels) != MAX_OPPONENTS
            kept = [lv if isinstance(lv, str) and lv in (*LEVELS, PERSON) else "normal" for lv in levels]
            bad = bad or kept != levels
            values["levels"] = (kept + default.levels)[:MAX_OPPONENTS]
            if bad:
                fixed.append("levels")
        return cls(**values), fixed
