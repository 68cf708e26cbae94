"""The settings of a game (RULES §13), the phases of a turn and the rules' other closed
vocabularies: plain values that the game, its events and its position format share. Each
vocabulary is a Literal type defined once here, with the tuple of its values; saves and
records keep the strings as they are."""

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal, get_args

EndOption = Literal["declare", "auto"]  # "declare" (official) or "auto" (PICO-8 style)
HoldingsOption = Literal["open", "hidden"]  # only the front end shows or hides
# What placing a tile would do now (Game.tile_effect, and the kind of a TilePlaced).
TileEffect = Literal["lone", "found", "grow", "merge", "no 8th chain", "dead"]
BonusKind = Literal["majority", "minority", "both", "shared"]  # RULES §7.1: whose bonus it is
END_OPTIONS: tuple[EndOption, ...] = get_args(EndOption)
HOLDINGS_OPTIONS: tuple[HoldingsOption, ...] = get_args(HoldingsOption)
TILE_EFFECTS: tuple[TileEffect, ...] = get_args(TileEffect)
BONUS_KINDS: tuple[BonusKind, ...] = get_args(BonusKind)


class Phase(StrEnum):
    PLACE = "place"
    FOUND = "found"
    SURVIVOR = "survivor"
    DEFUNCT = "defunct"
    DISPOSE = "dispose"
    BUY = "buy"
    OVER = "over"


@dataclass(frozen=True)
class Options:
    end: EndOption = "declare"
    holdings: HoldingsOption = "open"

    def __post_init__(self) -> None:
        if self.end not in END_OPTIONS:
            raise ValueError(f"options.end must be 'declare' or 'auto', not {self.end!r}")
        if self.holdings not in HOLDINGS_OPTIONS:
            raise ValueError(f"options.holdings must be 'open' or 'hidden', not {self.holdings!r}")
