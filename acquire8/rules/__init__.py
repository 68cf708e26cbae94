"""The rules of Acquire (RULES.md): pure Python, no Pyxel, no I/O, no clock."""

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
from .game import Game, IllegalAction, Options, Phase
from .tables import CHAIN_NAMES, CHAINS, bonuses, price

__all__ = [
    "CHAINS",
    "CHAIN_NAMES",
    "Action",
    "BuyShares",
    "ChooseDefunct",
    "ChooseSurvivor",
    "DeclareEnd",
    "Dispose",
    "FoundChain",
    "Game",
    "IllegalAction",
    "Options",
    "Phase",
    "PlaceTile",
    "bonuses",
    "events",
    "price",
]  # fmt: skip
