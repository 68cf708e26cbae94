"""Computer players: each decides from `Game.view(seat)` alone. Every level is one record in
`levels.py` (`LevelSpec`)."""

from acquire8.ai.base import Bot, GreedyBot, RandomBot, SteppingBot
from acquire8.ai.expert import ExpertBot
from acquire8.ai.hard import HardBot
from acquire8.ai.levels import BASELINES, LEVELS, SPEC_OF, SPECS, Level, LevelSpec, level_of, make_bot
from acquire8.ai.simple import EasyBot, NormalBot

__all__ = [
    "BASELINES",
    "LEVELS",
    "SPECS",
    "SPEC_OF",
    "Bot",
    "EasyBot",
    "ExpertBot",
    "GreedyBot",
    "HardBot",
    "Level",
    "LevelSpec",
    "NormalBot",
    "RandomBot",
    "SteppingBot",
    "level_of",
    "make_bot",
]
