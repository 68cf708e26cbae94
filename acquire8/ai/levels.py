"""Every computer player, each defined once: its name, whether a person picks it, whether it
searches, its words on the setup screen and its rating on the ladder. `LEVELS`, the ladder
(ai/ladder.py), the person's rating (rating.py), storage, the setup and the texts read these
records; a new level is a record here, its player in `ai/players.py` (which makes it) and its
player's module.

This module imports no player: storage and the ratings know the levels' names and ratings
without loading a search.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, cast, get_args

# Every computer player make_bot knows. Saves and records keep these strings.
Level = Literal["easy", "normal", "hard", "expert", "random", "greedy"]
NAME_CHARS = 6  # "Ana (expert)" and a rating share a 32-character line with the rest


@dataclass(frozen=True)
class LevelSpec:
    """One computer player (`ai.players.PLAYERS[name]` makes it).

    `picked`: a person may play against it (else a baseline the others are measured by);
    `searches`: it thinks for long across frames (the ladder gives it fewer games, the arena
    times it); `words`: the setup screen's line on it (with "Rated 801: " before it, at most
    two lines); `rating` and `interval`: its ladder rating and the half-width of its 95% interval
    (docs/AI.md), the frozen greedy baseline at 500 with none."""

    name: Level
    picked: bool
    searches: bool
    words: str
    rating: float
    interval: float

    def __post_init__(self) -> None:
        if not 0 < len(self.name) <= NAME_CHARS or not self.name.isalpha() or not self.name.islower():
            raise ValueError(f"level name {self.name!r}: 1 to {NAME_CHARS} lowercase letters")


# In the order a person cycles through them, then the baselines. Ratings: two runs of
# `python -m acquire8.ai.ladder --deals 40 --expert-deals 6 --jobs 2 --keep FILE`, one with
# `--yardstick intern --seed 4`, one with `--seed 8`, rated together by `--rate FILE FILE` (1,992
# games of four, the expert at 500 ms); greedy is fixed at 500, so the scale (and a person's
# rating) stays put.
SPECS: tuple[LevelSpec, ...] = (
    LevelSpec("easy", True, False, "a newcomer; plays and buys almost at random", 228.0, 18.5),
    LevelSpec("normal", True, False, "plays well for the turn at hand, no further", 535.0, 18.0),
    LevelSpec("hard", True, False, "weighs each move's effect on the whole game", 1001.0, 30.0),
    LevelSpec("expert", True, True, "tries its best moves out over many deals", 1228.0, 56.5),
    LevelSpec("random", False, False, "", 315.0, 21.0),
    LevelSpec("greedy", False, False, "", 500.0, 0.0),
)
SPEC_OF: dict[str, LevelSpec] = {s.name: s for s in SPECS}
if tuple(SPEC_OF) != get_args(Level):
    raise ValueError("every Level has one record, in the Literal's order")


def picked_levels(specs: tuple[LevelSpec, ...]) -> tuple[Level, ...]:
    """The levels a person plays against, as `specs` orders them: from the weakest up by
    rating, the order the setup cycles through (ValueError otherwise)."""
    chosen = [s for s in specs if s.picked]
    if [s.rating for s in chosen] != sorted(s.rating for s in chosen):
        ratings = ", ".join(f"{s.name} {s.rating:g}" for s in chosen)
        raise ValueError(f"the levels a person picks go from the weakest up, not {ratings}")
    return tuple(s.name for s in chosen)


LEVELS: tuple[Level, ...] = picked_levels(SPECS)  # the ones a person plays against


def level_of(name: str) -> Level:
    """`name` as a Level (read from a file, a setting or the command line), or ValueError."""
    if name in SPEC_OF:
        return cast("Level", name)
    raise ValueError(f"unknown computer player {name!r}; choose from {', '.join(SPEC_OF)}")


__all__ = [
    "LEVELS",
    "NAME_CHARS",
    "SPECS",
    "SPEC_OF",
    "Level",
    "LevelSpec",
    "level_of",
]
