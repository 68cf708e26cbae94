"""Playing whole computer-only games: shared by `simulate`, the arena and the benchmarks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from acquire8.ai.base import Bot
from acquire8.rules import Game, Options
from acquire8.rules.record import GameRecord


@dataclass
class Result:
    seed: int
    scores: list[int]
    winners: list[int]
    actions: int


def play_game(
    bots: list[Bot],
    seed: int,
    options: Options | None = None,
    on_action: Callable[[Game], None] | None = None,
) -> Result:
    """Play one game to the end, each seat's bot deciding from its own view."""
    g = Game.new(players=len(bots), seed=seed, options=options)
    actions = 0
    while not g.is_over:
        g.play(bots[g.current].choose(g.view(g.current)))
        actions += 1
        if on_action:
            on_action(g)
    return Result(seed, g.scores(), g.winners(), actions)


def record_game(
    bots: list[Bot],
    seed: int,
    seats: list[str],
    names: list[str] | None = None,
    options: Options | None = None,
) -> GameRecord:
    """Play one game to the end as `play_game` does and return its record (`seats`: each
    seat's level, as a record names them)."""
    names = names or [f"P{s + 1}" for s in range(len(bots))]
    options = options or Options()
    g = Game.new(players=len(bots), seed=seed, names=names, options=options)
    actions = []
    while not g.is_over:
        action = bots[g.current].choose(g.view(g.current))
        g.play(action)
        actions.append(action)
    return GameRecord(
        seed=seed, names=tuple(names), seats=tuple(seats), actions=tuple(actions), options=options
    )
