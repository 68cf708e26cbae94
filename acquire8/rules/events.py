"""What happened, one value per thing: facts only. The sentences the game log and the screen
make of them are the front end's (`acquire8.app.text`)."""

from dataclasses import dataclass

from .options import BonusKind, TileEffect


@dataclass(frozen=True, slots=True)
class Event:
    seat: int  # the player it concerns; -1 for the whole table
    name: str  # that player's name, so the line reads without the game


@dataclass(frozen=True, slots=True)
class StartTiles(Event):
    """RULES §3: the tile each seat drew to start, and why `seat` goes first."""

    tiles: tuple[str, ...]  # by seat
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TilePlaced(Event):
    tile: str
    kind: TileEffect  # lone, found, grow, merge


@dataclass(frozen=True, slots=True)
class ChainFounded(Event):
    chain: str
    size: int
    free_share: bool


@dataclass(frozen=True, slots=True)
class ChainGrew(Event):
    chain: str
    size: int


@dataclass(frozen=True, slots=True)
class MergerStarted(Event):
    survivor: str
    defunct: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MarketHolds(Event):
    chain: str
    count: int


@dataclass(frozen=True, slots=True)
class BonusPaid(Event):
    chain: str
    amount: int
    kind: BonusKind


@dataclass(frozen=True, slots=True)
class MarketBonus(Event):
    """The two-player stock market's bonus (RULES §12): paid to no one."""

    chain: str
    amount: int
    kind: BonusKind


@dataclass(frozen=True, slots=True)
class SharesSold(Event):
    chain: str
    count: int
    amount: int


@dataclass(frozen=True, slots=True)
class SharesTraded(Event):
    chain: str
    survivor: str
    given: int  # defunct shares handed in
    received: int  # survivor shares got for them (two for one)


@dataclass(frozen=True, slots=True)
class SharesKept(Event):
    chain: str
    count: int


@dataclass(frozen=True, slots=True)
class ChainDefunct(Event):
    chain: str
    survivor: str
    size: int  # the survivor's size after taking everything over


@dataclass(frozen=True, slots=True)
class SharesBought(Event):
    chains: tuple[str, ...]
    cost: int


@dataclass(frozen=True, slots=True)
class NoPlayableTile(Event):
    pass


@dataclass(frozen=True, slots=True)
class HandReplaced(Event):
    tiles: tuple[str, ...]  # the revealed, discarded hand


@dataclass(frozen=True, slots=True)
class DeadTilesReplaced(Event):
    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TilesDrawn(Event):
    tiles: tuple[str, ...]  # secret to the other seats: show only the count to them


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    pass


@dataclass(frozen=True, slots=True)
class EndDeclared(Event):
    pass


@dataclass(frozen=True, slots=True)
class Stalemate(Event):
    pass


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    names: tuple[str, ...]
