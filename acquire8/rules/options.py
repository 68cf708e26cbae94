"""The settings of a game (RULES §13) and the phases of a turn: plain values that the
game and its position format share."""

from dataclasses import dataclass
from enum import StrEnum


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
    end: str = "declare"  # "declare" (official) or "auto" (PICO-8 style)
    holdings: str = "open"  # "open" or "hidden"; only the front end shows or hides

    def __post_init__(self) -> None:
        if self.end not in ("declare", "auto"):
            raise ValueError(f"options.end must be 'declare' or 'auto', not {self.end!r}")
        if self.holdings not in ("open", "hidden"):
            raise ValueError(f"options.holdings must be 'open' or 'hidden', not {self.holdings!r}")
