"""Rules-core speed: complete random-player 4-player games per second on one core."""

from __future__ import annotations

import random
import time

from acquire8.ai import RandomBot
from acquire8.ai.match import play_game
from acquire8.rules import Game


def _direct_game(seed: int, players: int) -> int:
    """A random player choosing straight from legal_actions: the rules core alone."""
    g = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    actions = 0
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
        actions += 1
    return actions


def _bot_game(seed: int, players: int) -> int:
    """The same through RandomBot and a Game.view per decision, as computer players see it."""
    return play_game([RandomBot(seed * 10 + s) for s in range(players)], seed).actions


def games_per_second(seconds: float = 3.0, players: int = 4) -> dict:
    figures = {}
    for label, play in (("direct", _direct_game), ("with_views", _bot_game)):
        games = actions = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            actions += play(games, players)
            games += 1
        elapsed = time.process_time() - start
        figures[label] = {
            "games_per_s": round(games / elapsed, 1),
            "actions_per_game": round(actions / games, 1),
        }
    return figures
