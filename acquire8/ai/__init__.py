"""Computer players: each decides from `Game.view(seat)` alone."""

from collections.abc import Callable

from acquire8.ai.base import Bot, GreedyBot, RandomBot, SteppingBot
from acquire8.ai.expert import ExpertBot
from acquire8.ai.hard import HardBot
from acquire8.ai.simple import EasyBot, NormalBot

LEVELS = ("easy", "normal", "hard", "expert")
BASELINES: dict[str, Callable[[int | None], Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(level: str, seed: int | None = None, **options: object) -> Bot:
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
    "NormalBot",
    "RandomBot",
    "SteppingBot",
    "make_bot",
]
