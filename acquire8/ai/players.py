"""How each computer level is made: its player, by the level's name. The records themselves
(`ai/levels.py`) import no player, so storage and the ratings read the levels without loading
a search; a new level is its record there and its player here."""

from __future__ import annotations

from collections.abc import Callable

from acquire8.ai.base import Bot, GreedyBot, RandomBot
from acquire8.ai.expert import ExpertBot
from acquire8.ai.hard import HardBot
from acquire8.ai.levels import SPEC_OF, Level
from acquire8.ai.simple import EasyBot, NormalBot

# `PLAYERS[level](seed, **options)` makes one (options: `team_play`, and a searching level's
# `budget_ms`, `iterations`). In the records' order.
PLAYERS: dict[Level, Callable[..., Bot]] = {
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
    "expert": ExpertBot,
    "random": RandomBot,
    "greedy": GreedyBot,
}
if tuple(PLAYERS) != tuple(SPEC_OF):
    raise ValueError("every level's record has its player here, in the records' order")
# The baselines the levels are measured by (never offered to a person), by name.
BASELINES: dict[str, Callable[..., Bot]] = {
    name: make for name, make in PLAYERS.items() if not SPEC_OF[name].picked
}


def make_bot(level: Level, seed: int | None = None, **options: object) -> Bot:
    """A computer player of `level` (one of LEVELS, or a baseline: random, greedy);
    the same seed gives the same decisions. `options` go to a searching level
    (the expert's `budget_ms`, `iterations`). Every one is a `Bot` (`choose`, `reseed`); the
    expert, which thinks across frames, is a `SteppingBot` too."""
    spec = SPEC_OF.get(level)
    if spec is None:
        raise ValueError(f"unknown computer player {level!r}; choose from {', '.join(SPEC_OF)}")
    return PLAYERS[level](seed, **options) if spec.searches else PLAYERS[level](seed)


__all__ = ["BASELINES", "PLAYERS", "make_bot"]
