"""Complete random-player 4-player games per second on one core."""

from __future__ import annotations

import time

from acquire8.ai import RandomBot
from acquire8.ai.match import play_game


def games_per_second(seconds: float = 5.0, players: int = 4) -> dict:
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        bots = [RandomBot(games * 10 + s) for s in range(players)]
        actions += play_game(bots, seed=games).actions
        games += 1
    elapsed = time.perf_counter() - start
    return {"games_per_s": games / elapsed, "actions_per_game": actions / games, "games": games}
