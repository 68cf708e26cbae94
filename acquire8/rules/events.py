"""What happened, one value per thing, each readable as one line of the game log."""

from dataclasses import dataclass

from .tables import chain_name as _chain
from .tables import money as _money


def _says(name: str, verb: str) -> str:
    """'Ana gets' but 'You get': the name and its verb agreeing."""
    if name == "You":
        return f"You {verb}"
    return f"{name} {verb}es" if verb.endswith(("s", "sh", "ch", "x", "o")) else f"{name} {verb}s"


_KIND_WORDS = {"both": "majority+minority"}  # how a bonus kind reads in a line


@dataclass(frozen=True, slots=True)
class Event:
    seat: int  # the player it concerns; -1 for the whole table
    name: str  # that player's name, so the line reads without the game


@dataclass(frozen=True, slots=True)
class StartTiles(Event):
    """RULES §3: the tile each seat drew to start, and why `seat` goes first."""

    tiles: tuple[str, ...]  # by seat
    names: tuple[str, ...]

    def __str__(self) -> str:
        drawn = ", ".join(f"{n} {t}" for n, t in zip(self.names, self.tiles, strict=True))
        first = self.tiles[self.seat]
        return f"Start tiles: {drawn}. {_says(self.name, 'go')} first: {first} is nearest 1A"


@dataclass(frozen=True, slots=True)
class TilePlaced(Event):
    tile: str
    kind: str  # lone, found, grow, merge

    def __str__(self) -> str:
        return f"{_says(self.name, 'place')} {self.tile}"


@dataclass(frozen=True, slots=True)
class ChainFounded(Event):
    chain: str
    size: int
    free_share: bool

    def __str__(self) -> str:
        return f"{_says(self.name, 'found')} {_chain(self.chain)}"


@dataclass(frozen=True, slots=True)
class ChainGrew(Event):
    chain: str
    size: int

    def __str__(self) -> str:
        return f"{_chain(self.chain)} grows to {self.size}"


@dataclass(frozen=True, slots=True)
class MergerStarted(Event):
    survivor: str
    defunct: tuple[str, ...]

    def __str__(self) -> str:
        # one line of 32 characters at most: names for one defunct chain, letters for more
        gone = _chain(self.defunct[0]) if len(self.defunct) == 1 else "+".join(self.defunct)
        return f"{_chain(self.survivor)} takes over {gone}"


@dataclass(frozen=True, slots=True)
class MarketHolds(Event):
    chain: str
    count: int

    def __str__(self) -> str:
        return f"Market holds {self.count} {_chain(self.chain)}"


@dataclass(frozen=True, slots=True)
class BonusPaid(Event):
    chain: str
    amount: int
    kind: str  # majority, minority, both, shared

    def __str__(self) -> str:
        what = _KIND_WORDS.get(self.kind, self.kind)
        return f"{_says(self.name, 'get')} {_money(self.amount)} {what} bonus in {_chain(self.chain)}"


@dataclass(frozen=True, slots=True)
class MarketBonus(Event):
    """The two-player stock market's bonus (RULES §12): paid to no one."""

    chain: str
    amount: int
    kind: str

    def __str__(self) -> str:
        what = _KIND_WORDS.get(self.kind, self.kind)
        return f"Market takes {_money(self.amount)} {what} in {_chain(self.chain)}"


@dataclass(frozen=True, slots=True)
class SharesSold(Event):
    chain: str
    count: int
    amount: int

    def __str__(self) -> str:
        return f"{_says(self.name, 'sell')} {self.count} {_chain(self.chain)} for {_money(self.amount)}"


@dataclass(frozen=True, slots=True)
class SharesTraded(Event):
    chain: str
    survivor: str
    given: int  # defunct shares handed in
    received: int  # survivor shares got for them (two for one)

    def __str__(self) -> str:
        gave, got = f"{self.given} {_chain(self.chain)}", f"{self.received} {_chain(self.survivor)}"
        return f"{_says(self.name, 'trade')} {gave} for {got}"


@dataclass(frozen=True, slots=True)
class SharesKept(Event):
    chain: str
    count: int

    def __str__(self) -> str:
        return f"{_says(self.name, 'keep')} {self.count} {_chain(self.chain)}"


@dataclass(frozen=True, slots=True)
class ChainDefunct(Event):
    chain: str
    survivor: str
    size: int  # the survivor's size after taking everything over

    def __str__(self) -> str:
        return f"{_chain(self.chain)} joins {_chain(self.survivor)} ({self.size})"


@dataclass(frozen=True, slots=True)
class SharesBought(Event):
    chains: tuple[str, ...]
    cost: int

    def __str__(self) -> str:
        if not self.chains:
            return f"{_says(self.name, 'buy')} nothing"
        counts = ", ".join(f"{self.chains.count(c)} {c}" for c in dict.fromkeys(self.chains))
        return f"{_says(self.name, 'buy')} {counts} for {_money(self.cost)}"


@dataclass(frozen=True, slots=True)
class NoPlayableTile(Event):
    def __str__(self) -> str:
        return f"{self.name} cannot place a tile"


@dataclass(frozen=True, slots=True)
class HandReplaced(Event):
    tiles: tuple[str, ...]  # the revealed, discarded hand

    def __str__(self) -> str:
        return f"{self.name}: no playable tile, new hand"


@dataclass(frozen=True, slots=True)
class DeadTilesReplaced(Event):
    tiles: tuple[str, ...]

    def __str__(self) -> str:
        return f"{_says(self.name, 'discard')} dead {' '.join(self.tiles)}"


@dataclass(frozen=True, slots=True)
class TilesDrawn(Event):
    tiles: tuple[str, ...]  # secret to the other seats: show only the count to them

    def __str__(self) -> str:
        n = len(self.tiles)
        return f"{_says(self.name, 'draw')} {n} tile{'s' if n != 1 else ''}"


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    def __str__(self) -> str:
        return f"{self.name}'s turn" if self.name != "You" else "Your turn"


@dataclass(frozen=True, slots=True)
class EndDeclared(Event):
    def __str__(self) -> str:
        return f"{_says(self.name, 'declare')} the end"


@dataclass(frozen=True, slots=True)
class Stalemate(Event):
    def __str__(self) -> str:
        return "No one can place a tile: game ends"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    names: tuple[str, ...]

    def __str__(self) -> str:
        who = " & ".join(self.names[w] for w in self.winners)
        return f"Game over: {who} {'wins' if len(self.winners) == 1 and who != 'You' else 'win'}"
