"""Computer players: each decides from `Game.view(seat)` alone."""

from collections.abc import Callable
from typing import Literal, get_args

from acquire8.ai.base import Bot, GreedyBot, RandomBot, SteppingBot
from acquire8.ai.expert import ExpertBot
from acquire8.ai.hard import HardBot
from acquire8.ai.simple import EasyBot, NormalBot

# Every computer player make_bot knows: the four levels a person plays against, then the two
# baselines they are measured by. Saves and records keep these strings.
Level = Literal["easy", "normal", "hard", "expert", "random", "greedy"]
LEVELS: tuple[Level, ...] = get_args(Level)[:4]
BASELINES: dict[str, Callable[[int | None], Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def level_of(name: str) -> Level:
    """`name` as a Level (read from a file, a setting or the command line), or ValueError."""
    for known in get_args(Level):
        if name == known:
            return known
    raise ValueError(f"unknown computer player {name!r}; choose from {', '.join(get_args(Level))}")


def make_bot(level: Level, seed: int | None = None, **options: object) -> Bot:
    """A computer player of `level` (one of LEVELS, or a baseline: random, greedy);
    the same seed gives the same decisions. `options` go to the expert
    (`budget_ms`, `iterations`). Every one is a `Bot` (`choose`, `reseed`); the
    expert, which thinks across frames, is a `SteppingBot` too."""
    if level in BASELINES:
        return BASELINES[level](seed)
    if level == "easy":
        return EasyBot(seed)
    if level == "normal":
        return NormalBot(seed)
    if level == "hard":
        return HardBot(seed)
    if level == "expert":
        return ExpertBot(seed, **options)  # type: ignore[arg-type]
    raise ValueError(f"unknown computer player {level!r}; choose from {', '.join(LEVELS + tuple(BASELINES))}")


__all__ = [
    "BASELINES",
    "LEVELS",
    "Bot",
    "EasyBot",
    "ExpertBot",
    "GreedyBot",
    "HardBot",
    "Level",
    "NormalBot",
    "RandomBot",
    "SteppingBot",
    "level_of",
    "make_bot",
]
