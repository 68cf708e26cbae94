"""Computer players: each decides from `Game.view(seat)` alone."""

from acquire8.ai.base import Bot, GreedyBot, RandomBot

BASELINES = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A computer player of `level`; the same seed gives the same decisions."""
    try:
        return BASELINES[level](seed)
    except KeyError:
        raise ValueError(f"unknown computer player {level!r}; choose from {', '.join(BASELINES)}") from None


__all__ = ["BASELINES", "Bot", "GreedyBot", "RandomBot", "make_bot"]
