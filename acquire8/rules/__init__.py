"""The rules of Acquire (RULES.md): pure Python, no Pyxel, no I/O, no clock.

The public API is what docs/DESIGN.md lists (every name below); among it the fixed tables
computer players index on their fast path: PRICES[chain][size] (the price chart of RULES §2
for every size, chains numbered 0 to CHAIN_COUNT - 1 in the order of CHAINS), TIER_OF[chain]
(0 cheap, 1 medium, 2 expensive), SAFE_SIZE, END_SIZE, MAX_BUY and SQUARES, and the closed
vocabularies of options.py.
"""

# position is loaded with the rules, not by the first Game.to_json: the first autosave of a
# game would otherwise compile it in the middle of a frame (pyxel play runs from source).
from . import events, position  # noqa: F401
from .actions import (
    Action,
    BuyShares,
    ChooseDefunct,
    ChooseSurvivor,
    DeclareEnd,
    Dispose,
    FoundChain,
    PlaceTile,
)
from .game import Game, IllegalAction
from .options import (
    BONUS_KINDS,
    END_OPTIONS,
    END_REASONS,
    GAME_MODES,
    HOLDINGS_OPTIONS,
    MODE_PLAYERS,
    MODES,
    TEAM_COUNT,
    TILE_EFFECTS,
    BonusKind,
    EndOption,
    EndReason,
    GameMode,
    HoldingsOption,
    ModeSpec,
    Options,
    OptionValue,
    Phase,
    TileEffect,
    option_values,
    team_of_seat,
)
from .position import minimal as minimal_position
from .tables import (
    CHAIN_COUNT,
    CHAINS,
    END_SIZE,
    MAX_BUY,
    PRICES,
    SAFE_SIZE,
    SQUARES,
    TIER_OF,
    bonuses,
    price,
)

__all__ = [
    "BONUS_KINDS",
    "CHAINS",
    "CHAIN_COUNT",
    "END_OPTIONS",
    "END_REASONS",
    "END_SIZE",
    "GAME_MODES",
    "HOLDINGS_OPTIONS",
    "MAX_BUY",
    "MODES",
    "MODE_PLAYERS",
    "PRICES",
    "SAFE_SIZE",
    "SQUARES",
    "TEAM_COUNT",
    "TIER_OF",
    "TILE_EFFECTS",
    "Action",
    "BonusKind",
    "BuyShares",
    "ChooseDefunct",
    "ChooseSurvivor",
    "DeclareEnd",
    "Dispose",
    "EndOption",
    "EndReason",
    "FoundChain",
    "Game",
    "GameMode",
    "HoldingsOption",
    "IllegalAction",
    "ModeSpec",
    "OptionValue",
    "Options",
    "Phase",
    "PlaceTile",
    "TileEffect",
    "bonuses",
    "events",
    "minimal_position",
    "option_values",
    "price",
    "team_of_seat",
]  # fmt: skip
