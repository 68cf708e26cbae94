"""Computer players: each decides from `Game.view(seat)` alone. Every level is one record in
`levels.py` (`LevelSpec`), made by its player in `players.py`.

The package re-exports the public names (`from acquire8.ai import make_bot`), each module
imported when one of its names is first asked for (PEP 562): `acquire8.ai.levels` and
`acquire8.ai.kept` import without any player, so storage and the ratings load no search.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from acquire8.lazy import lazy_exports

if TYPE_CHECKING:  # the names as the type checker sees them; at run time, __getattr__ below
    from acquire8.ai.base import Bot, GreedyBot, RandomBot, SteppingBot
    from acquire8.ai.expert import ExpertBot
    from acquire8.ai.hard import HardBot
    from acquire8.ai.levels import LEVELS, SPEC_OF, SPECS, Level, LevelSpec, level_of
    from acquire8.ai.players import BASELINES, PLAYERS, make_bot
    from acquire8.ai.simple import EasyBot, NormalBot

_NAMES = {
    "base": "Bot GreedyBot RandomBot SteppingBot",
    "expert": "ExpertBot",
    "hard": "HardBot",
    "levels": "LEVELS SPEC_OF SPECS Level LevelSpec level_of",
    "players": "BASELINES PLAYERS make_bot",
    "simple": "EasyBot NormalBot",
}
_HOMES, __getattr__, __dir__ = lazy_exports(__name__, _NAMES, globals())

__all__ = [
    "BASELINES",
    "LEVELS",
    "PLAYERS",
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
