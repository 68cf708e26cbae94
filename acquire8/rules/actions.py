"""The moves a player can make: small immutable values, as in docs/DESIGN.md."""

from dataclasses import dataclass

from .tables import CHAINS

_LETTERS = frozenset(CHAINS)


@dataclass(frozen=True, slots=True)
class PlaceTile:
    tile: str  # e.g. "5E"


@dataclass(frozen=True, slots=True)
class FoundChain:
    chain: str  # a letter of CHAINS


@dataclass(frozen=True, slots=True)
class ChooseSurvivor:
    chain: str


@dataclass(frozen=True, slots=True)
class ChooseDefunct:
    chain: str  # the next defunct chain to handle among equal-size ones


@dataclass(frozen=True, slots=True)
class Dispose:
    sell: int = 0
    trade: int = 0  # defunct shares given, two for each survivor share; the rest are kept


@dataclass(frozen=True, slots=True)
class BuyShares:
    chains: tuple[str, ...] = ()  # one letter per share bought; () buys nothing

    def __post_init__(self) -> None:
        # One purchase, one value: ("A", "T") and ("T", "A") are the same action.
        if isinstance(self.chains, tuple) and all(c in _LETTERS for c in self.chains):
            object.__setattr__(self, "chains", tuple(sorted(self.chains, key=CHAINS.index)))


@dataclass(frozen=True, slots=True)
class DeclareEnd:
    pass


Action = PlaceTile | FoundChain | ChooseSurvivor | ChooseDefunct | Dispose | BuyShares | DeclareEnd
