"""What happened, one value per thing: facts only. The sentences the game log and the screen
make of them are the front end's (`acquire8.app.text`)."""

from dataclasses import MISSING, dataclass, fields
from typing import get_args

from .options import BonusKind, EndReason, TileEffect


@dataclass(frozen=True, slots=True)
class _Event:
    """What every event has. Code types an event as `Event`, the union below, so that a
    dispatch on it can be exhaustive."""

    seat: int  # the player it concerns; -1 for the whole table
    name: str  # that player's name, so the line reads without the game


@dataclass(frozen=True, slots=True)
class StartTiles(_Event):
    """RULES §3: the tile each seat drew to start, and why `seat` goes first."""

    tiles: tuple[str, ...]  # by seat
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TilePlaced(_Event):
    tile: str
    kind: TileEffect  # lone, found, grow, merge


@dataclass(frozen=True, slots=True)
class ChainFounded(_Event):
    chain: str
    size: int
    free_share: bool


@dataclass(frozen=True, slots=True)
class ChainGrew(_Event):
    chain: str
    size: int


@dataclass(frozen=True, slots=True)
class MergerStarted(_Event):
    survivor: str
    defunct: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MarketHolds(_Event):
    chain: str
    count: int


@dataclass(frozen=True, slots=True)
class BonusPaid(_Event):
    chain: str
    amount: int
    kind: BonusKind


@dataclass(frozen=True, slots=True)
class MarketBonus(_Event):
    """The two-player stock market's bonus (RULES §12): paid to no one."""

    chain: str
    amount: int
    kind: BonusKind


@dataclass(frozen=True, slots=True)
class SharesSold(_Event):
    chain: str
    count: int
    amount: int


@dataclass(frozen=True, slots=True)
class SharesTraded(_Event):
    chain: str
    survivor: str
    given: int  # defunct shares handed in
    received: int  # survivor shares got for them (two for one)


@dataclass(frozen=True, slots=True)
class SharesKept(_Event):
    chain: str
    count: int


@dataclass(frozen=True, slots=True)
class ChainDefunct(_Event):
    chain: str
    survivor: str
    size: int  # the survivor's size after taking everything over


@dataclass(frozen=True, slots=True)
class SharesBought(_Event):
    chains: tuple[str, ...]
    cost: int


@dataclass(frozen=True, slots=True)
class NoPlayableTile(_Event):
    pass


@dataclass(frozen=True, slots=True)
class HandReplaced(_Event):
    tiles: tuple[str, ...]  # the revealed, discarded hand


@dataclass(frozen=True, slots=True)
class DeadTilesReplaced(_Event):
    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TilesDrawn(_Event):
    tiles: tuple[str, ...]  # secret to the other seats: show only the count to them


@dataclass(frozen=True, slots=True)
class TurnStarted(_Event):
    pass


@dataclass(frozen=True, slots=True)
class EndDeclared(_Event):
    pass


@dataclass(frozen=True, slots=True)
class Stalemate(_Event):
    pass


@dataclass(frozen=True, slots=True)
class Ending:
    """Why the game ended (RULES §11), as python-chess's Outcome says how a game terminated: a
    value the rules give (GameOver's `ending`, `Game.ending()`), so no reader works it out again
    from the chains' sizes.

    `reason`: "end size" (a chain reached END_SIZE), "all safe" (every chain on the board safe),
    "pool empty" (the auto end: the pool's last tile was drawn) or "no tile" (the pool empty,
    no one could place a tile for a round); `declared_by`: the seat that declared the end, -1
    when the game ended by itself (the auto end, or no tile); `chain` and `size`: with "end
    size", the biggest chain (the first in CHAINS on a tie) and its size, else "" and 0."""

    reason: EndReason
    declared_by: int = -1
    chain: str = ""
    size: int = 0

    @property
    def declared(self) -> bool:
        """A player declared the end (else it came by itself)."""
        return self.declared_by >= 0


@dataclass(frozen=True, slots=True)
class GameOver(_Event):
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    names: tuple[str, ...]
    ending: Ending  # why it ended


# Every event (a type alias). A dispatch that must decide about each ends in `assert_never`, so the
# type checker names it when an event is added here and not there (docs/DESIGN.md, Events).
Event = (
    StartTiles
    | TilePlaced
    | ChainFounded
    | ChainGrew
    | MergerStarted
    | MarketHolds
    | BonusPaid
    | MarketBonus
    | SharesSold
    | SharesTraded
    | SharesKept
    | ChainDefunct
    | SharesBought
    | NoPlayableTile
    | HandReplaced
    | DeadTilesReplaced
    | TilesDrawn
    | TurnStarted
    | EndDeclared
    | Stalemate
    | GameOver
)


def _fill_slots_directly(cls: type) -> None:
    """Give an event class an __init__ that fills its slots directly. The one dataclass writes
    for a frozen class sets each field through object.__setattr__, about twice the cost, and
    events are made on every action. Written as dataclass writes its own (the same arguments,
    names, order and annotations); the class stays what dataclass made it: frozen, compared
    and hashed by value. A class with a default, a field left out of __init__ or a
    __post_init__ keeps dataclass's own."""
    own = fields(cls)
    plain = all(f.init and f.default is MISSING and f.default_factory is MISSING for f in own)
    if not plain or hasattr(cls, "__post_init__"):
        return
    names = [f.name for f in own]
    scope = {f"_set_{n}": getattr(cls, n).__set__ for n in names}  # each slot's descriptor
    body = "".join(f"\n    _set_{n}(self, {n})" for n in names)
    exec(f"def __init__(self, {', '.join(names)}):{body}", scope)
    init = scope["__init__"]
    init.__module__, init.__qualname__ = cls.__module__, f"{cls.__qualname__}.__init__"
    init.__annotations__ = {f.name: f.type for f in own} | {"return": None}
    cls.__init__ = init  # type: ignore[misc]


for _cls in get_args(Event):
    _fill_slots_directly(_cls)
