"""Every rule of RULES.md: the Game, its readers and its actions (its fields, copies and text
are state.py's GameState, which it inherits)."""

from __future__ import annotations

import itertools
import random
from array import array
from collections.abc import Callable, Mapping, Sequence
from operator import getitem, itemgetter
from typing import Any, cast

from . import events as ev
from . import position
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
from .options import TEAM_COUNT, TILE_EFFECTS, BonusKind, Options, Phase, TileEffect, team_of_seat
from .state import GameState, _without
from .tables import (
    CHAIN_COUNT,
    CHAINS,
    COLS,
    EMPTY,
    END_SIZE,
    HAND_SIZE,
    LOOSE,
    MAX_BUY,
    NEIGHBOURS,
    PRICES,
    SAFE_SIZE,
    SHARES_PER_CHAIN,
    SQUARE_OF,
    SQUARES,
    TILE_NAMES,
    split_bonuses,
)

__all__ = ["Game", "IllegalAction", "Options", "Phase"]


# Where the rules put the events of an action: a list, or None when nobody reads them (`play`).
Out = list[ev.Event] | None


class IllegalAction(ValueError):
    """An action the rules do not allow now; the game is left unchanged."""


# The phases as module constants: on Python 3.11 reading a member off an Enum class costs
# several times a global's read, and every action compares the phase.
PH_PLACE, PH_FOUND, PH_SURVIVOR, PH_DEFUNCT, PH_DISPOSE, PH_BUY, PH_OVER = (
    Phase.PLACE,
    Phase.FOUND,
    Phase.SURVIVOR,
    Phase.DEFUNCT,
    Phase.DISPOSE,
    Phase.BUY,
    Phase.OVER,
)

# What a tile would do if placed now.
LONE, FOUND, GROW, MERGE, NO_EIGHTH, DEAD = TILE_EFFECTS
PLAYABLE = (LONE, FOUND, GROW, MERGE)

# Every purchase of 0-3 shares as chain-index tuples, cheapest chain first: by size, then in
# the order of the chains (the order of the legal purchases).
_BUNDLES = [()] + [
    combo
    for n in range(1, MAX_BUY + 1)
    for combo in sorted({tuple(sorted(t)) for t in itertools.product(range(CHAIN_COUNT), repeat=n)})
]
# For each set of chains (a bitmask) the purchases made only of those chains, each a row: three
# chain indices (PAD standing for a share a smaller purchase does not buy), the bits of the
# shares it needs (bit MAX_BUY * c + k: more than k of chain c) and the action. Each purchase is
# made once and shared by the masks (a start-up cost: 128 x 120 new actions took about 60 ms
# natively and half a second on an emulated handheld core).
PAD = CHAIN_COUNT  # indexes the price 0 after the chains' prices (_buy_options)
_BUY_ROWS = [
    (
        (
            *(*b, PAD, PAD, PAD)[:MAX_BUY],
            sum(1 << (MAX_BUY * c + k) for c in set(b) for k in range(b.count(c))),
            BuyShares(tuple(CHAINS[c] for c in b)),
        ),
        sum(1 << c for c in set(b)),
    )
    for b in _BUNDLES
]
_BUYS_BY_MASK = [
    [row for row, needs in _BUY_ROWS if needs & mask == needs] for mask in range(1 << CHAIN_COUNT)
]
_ACTIONS_BY_MASK = [[act for *_, act in buys] for buys in _BUYS_BY_MASK]


# Actions are immutable, so the few possible ones are made once.
_PLACE = [PlaceTile(name) for name in TILE_NAMES]
_FOUND = [FoundChain(c) for c in CHAINS]
_DISPOSE = {
    (s, t): Dispose(s, t) for t in range(SHARES_PER_CHAIN + 1) for s in range(SHARES_PER_CHAIN + 1 - t)
}
_DECLARE = DeclareEnd()
_CHAIN_IDS = range(CHAIN_COUNT)
_NOT_CHAIN = frozenset((EMPTY, LOOSE))  # a square's contents that are no chain
_NONE_SAFE: frozenset[int] = frozenset()  # no chain safe: most of a game, shared
# The sizes of a safe chain: "no chain is safe" is _SAFE_SIZES.isdisjoint(sizes), a set lookup
# for each chain, several times cheaper on Python 3.11 than max(sizes) < SAFE_SIZE.
_SAFE_SIZES = frozenset(range(SAFE_SIZE, SQUARES + 1))
# _AROUND[sq](cells): the contents of the squares next to sq, in the order of NEIGHBOURS, as a
# tuple (every square has two neighbours or more), read in one call rather than one each.
_AROUND = [itemgetter(*nbs) for nbs in NEIGHBOURS]
# merge_squares reads the board as big-int masks, a byte a square (square s at bit 8 * s): the
# empty squares next to a chain are its mask shifted a square or a row, a few C-speed steps.
_ONE_EACH = int.from_bytes(b"\x01" * SQUARES, "little")
_NOT_FIRST_COL = int.from_bytes(bytes(s % COLS != 0 for s in range(SQUARES)), "little")
_NOT_LAST_COL = int.from_bytes(bytes(s % COLS != COLS - 1 for s in range(SQUARES)), "little")
_ROW_BITS = 8 * COLS
# bytes.translate tables from a square's content (as a signed byte) to 1 where it is `content`
_IS = {
    content: bytes((b if b < 128 else b - 256) == content for b in range(256))
    for content in (EMPTY, *range(CHAIN_COUNT))
}


# merge_squares by board (the chain sizes follow from it): a search reads a board again, as hard
# does when it buys after valuing the tile that made it, and a purchase's candidates share the
# other seats' turns. A lookup takes 2-4 µs where reading the board takes 10. A few thousand
# boards (under two megabytes) cover a decision's search.
_MERGE_SQUARES: dict[bytes, tuple[tuple[int, ...], ...]] = {}
_BOARDS_KEPT = 4096


def _next_to(mask: int) -> int:
    """The squares next to those of `mask` (as masks of a byte a square)."""
    return (
        ((mask << 8) & _NOT_FIRST_COL)
        | ((mask >> 8) & _NOT_LAST_COL)
        | ((mask << _ROW_BITS) & _ONE_EACH)
        | (mask >> _ROW_BITS)
    )


_CHAIN_OF = {letter: c for c, letter in enumerate(CHAINS)}


class Game(GameState):
    """One game of Acquire. Change it only through `apply` (or `play`, the same without its
    events); read it through the methods and properties below (every attribute that starts
    with "_" is the rules' own).

    Reading (docs/DESIGN.md): `phase`, `current` (the seat that must act now), `turn` (the
    seat whose turn it is), `players`, `names`, `options`, `board`, `chain_size`,
    `price`, `cash`, `shares`, `bank_shares`, `hand`, `hand_size`, `pool_size`,
    `chains_on_board`, `is_safe`, `can_end`, `declared`, `ends_this_turn`,
    `tile_effect`, `merge_chains`, `pending_tile`, `merger_state`, `bonus_payouts`,
    `net_worth`, `scores`, `winners`, `is_over`, `start_tiles`, `setup_events`,
    `legal_actions`.

    The fast path, for computer players that read a position thousands of times a
    decision: whole tables at once as tuples indexed by chain (0 to CHAIN_COUNT - 1, the
    order of CHAINS) and seat -- `chain_sizes()`, `bank_counts()`, `all_cash()`,
    `share_table()` -- and `tiles_on_board()`. Each is one C-speed copy of the state, never a
    live list: changing what they return changes nothing in the game. `merge_squares()` is
    `merge_chains` of every empty square where `tile_effect` says "merge", by chain index.

    Inherited from GameState (state.py), with `to_json()` and equality: copies to search on,
    `copy()`, `view(seat)`, `determinize(rng)`, and for a copy
    `reseed(value)` (a new random source: after the deal it drives only the
    two-player stock market) and `vary_market(rng)` (in a two-player view, a different
    stock-market draw from another copy's); `market_draws()` (with two players, a copy
    for every holding the stock market may draw).
    """

    __slots__ = ()  # the fields are GameState's (state.py)

    # ----------------------------------------------------------------- creation

    @classmethod
    def new(
        cls,
        players: int = 4,
        seed: int | None = None,
        options: Options | None = None,
        names: list[str] | None = None,
    ) -> Game:
        """A new game set up as RULES §3 says; the seed fixes every draw."""
        names = list(names) if names else [f"P{i + 1}" for i in range(players)]
        if len(names) != players:
            raise ValueError(f"{players} players but {len(names)} names")
        g = cls(names, options, seed)
        g._pool = list(range(SQUARES))
        assert g._rng is not None  # a new game has its random source; only a view has none
        g._rng.shuffle(g._pool)
        starts = []
        for _ in range(players):
            tile = g._pool.pop()
            g._cells[tile] = LOOSE
            starts.append(tile)
        g._start_tiles = tuple(starts)
        first = min(range(players), key=lambda s: starts[s])  # row-major: nearest 1A
        g._turn = g._current = first
        for i in range(players):
            seat = (first + i) % players
            g._hands[seat] = tuple(g._pool.pop() for _ in range(HAND_SIZE))
        g._in_play = tuple(sorted(g._pool + [t for h in g._hands for t in h]))
        g._begin_turn([])
        return g

    @classmethod
    def from_position(
        cls,
        board: Sequence[str] | Mapping[str, str],
        players: Sequence[Mapping[str, Any]],
        pool: Sequence[str] = (),
        current: int = 0,
        options: Options | None = None,
        seed: int | None = None,
    ) -> Game:
        """The game of a minimal position built from Python values (`position.minimal`:
        the board's nine rows or {tile: letter}, each player's "name", "cash", "shares",
        "hand"), loaded as `from_json` loads one; ValueError names what is wrong."""
        return cls.from_json(position.minimal(board, players, pool, current, options, seed))

    @classmethod
    def from_json(cls, text: str) -> Game:
        """A game from a save or a position (docs/DESIGN.md); ValueError names what is wrong.

        A minimal position (no "phase") is a turn of `current` under way in phase
        "place", with every hand exactly as given: loading never discards a hand. If
        none of the current seat's tiles can be placed, the turn goes on as RULES §8
        says once a hand has been replaced: placing is skipped (phase "buy"). The one
        exception is an empty hand with tiles in the pool: it draws a new hand, as §8's
        rule does with nothing to discard. To test §8's replacement itself, give the
        previous seat's turn in phase "buy" and let it end."""
        p = position.parse(text)
        g = cls._loaded(p)
        if p.phase is None:
            g._begin_turn([], replace=False)
        return g

    # ---------------------------------------------------------------- reading

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def current(self) -> int:
        """The seat that must act now (the disposer in "dispose")."""
        return self._current

    @property
    def turn(self) -> int:
        """The seat whose turn it is."""
        return self._turn

    @property
    def players(self) -> int:
        return len(self._names)

    @property
    def names(self) -> list[str]:
        return list(self._names)

    @property
    def options(self) -> Options:
        return self._options

    @property
    def declared(self) -> bool:
        """The end has been declared this turn (RULES §11)."""
        return self._declared

    @property
    def board(self) -> dict[str, str]:
        """Placed tiles: {"5E": "T", "7A": "#"}; "#" is unincorporated."""
        return {
            TILE_NAMES[s]: "#" if c == LOOSE else CHAINS[c] for s, c in enumerate(self._cells) if c != EMPTY
        }

    def chain_size(self, chain: str) -> int:
        """Tiles of `chain`; 0 when it is not on the board."""
        return self._sizes[CHAINS.index(chain)]

    def price(self, chain: str) -> int:
        c = CHAINS.index(chain)
        return PRICES[c][self._sizes[c]]

    def cash(self, seat: int) -> int:
        return self._money[seat]

    def shares(self, seat: int, chain: str) -> int:
        return self._stock[seat][CHAINS.index(chain)]

    def bank_shares(self, chain: str) -> int:
        return self._bank[CHAINS.index(chain)]

    def hand(self, seat: int) -> list[str]:
        """The tiles of `seat`'s hand (in a view, [] for every other seat)."""
        return [TILE_NAMES[t] for t in self._hands[seat]]

    def hand_size(self, seat: int) -> int:
        """How many tiles `seat` holds (known in a view too)."""
        if self._hand_sizes is not None:
            return self._hand_sizes[seat]
        return len(self._hands[seat])

    def pool_size(self) -> int:
        """Tiles left to draw (in a view the pool also holds the hidden hands)."""
        if self._hand_sizes is None:
            return len(self._pool)
        return len(self._in_play) - sum(self._hand_sizes)  # in play, less every hand

    def _hidden(self) -> int:
        """In a view: the hidden hands' tiles, mixed into its pool."""
        return sum(self._hand_sizes or ()) - sum(len(h) for h in self._hands)

    # The fast path (see the class docstring): whole tables, by chain index and seat.

    def chain_sizes(self) -> tuple[int, ...]:
        """Tiles of each chain, in the order of CHAINS (0: not on the board)."""
        return tuple(self._sizes)

    def bank_counts(self) -> tuple[int, ...]:
        """The bank's shares of each chain, in the order of CHAINS."""
        return tuple(self._bank)

    def all_cash(self) -> tuple[int, ...]:
        """Every seat's cash."""
        return tuple(self._money)

    def share_table(self) -> tuple[tuple[int, ...], ...]:
        """share_table()[seat][chain]: the shares each seat holds of each chain."""
        return tuple(self._stock)

    def tiles_on_board(self) -> int:
        """Tiles placed on the board (start tiles included)."""
        return SQUARES - self._cells.count(EMPTY)

    def merge_squares(self) -> tuple[tuple[int, ...], ...]:
        """The chains a tile would merge on each empty square where it would, by chain index."""
        board = array("b", self._cells).tobytes()
        found = _MERGE_SQUARES.get(board)
        if found is None:
            if len(_MERGE_SQUARES) >= _BOARDS_KEPT:
                _MERGE_SQUARES.clear()
            found = _MERGE_SQUARES[board] = self._merge_squares(board)
        return found

    def _merge_squares(self, board: bytes) -> tuple[tuple[int, ...], ...]:
        empty = int.from_bytes(board.translate(_IS[EMPTY]), "little")
        sizes = self._sizes
        touching: list[tuple[int, int]] = []  # (chain, the empty squares next to it)
        seen = twice = safe_seen = safe_twice = 0
        for c in _CHAIN_IDS:
            if sizes[c]:
                near = _next_to(int.from_bytes(board.translate(_IS[c]), "little")) & empty
                touching.append((c, near))
                twice |= seen & near
                seen |= near
                if sizes[c] >= SAFE_SIZE:
                    safe_twice |= safe_seen & near
                    safe_seen |= near
        merging = (twice & ~safe_twice).to_bytes(SQUARES, "little")  # two safe chains: dead
        out = []
        sq = merging.find(1)
        while sq >= 0:
            bit = 1 << 8 * sq
            out.append(tuple(c for c, near in touching if near & bit))
            sq = merging.find(1, sq + 1)
        return tuple(out)

    def chains_on_board(self) -> list[str]:
        return [CHAINS[c] for c in range(CHAIN_COUNT) if self._sizes[c]]

    def is_safe(self, chain: str) -> bool:
        return self._sizes[CHAINS.index(chain)] >= SAFE_SIZE

    def can_end(self) -> bool:
        """RULES §11: a chain of END_SIZE+, or every chain on the board (at least one) safe."""
        sizes = self._sizes
        if _SAFE_SIZES.isdisjoint(sizes):  # no chain safe: neither can hold (most of a game)
            return False
        # every chain on the board safe: the smallest size on the board (filter drops the 0s)
        return max(sizes) >= END_SIZE or min(filter(None, sizes)) >= SAFE_SIZE

    def ends_this_turn(self) -> bool:
        """The game certainly ends at the end of this turn (RULES §11): the end is
        declared, or with "auto end" a condition holds, or the last tile of the pool has
        been drawn this turn or will be by its closing draw."""
        if self._declared:
            return True
        if self._options.end != "auto" or self._phase == PH_OVER:
            return False
        if self._drew_last or self.can_end():
            return True
        # the closing draw fills the hand to six; in "place" a tile is still to leave it
        need = HAND_SIZE - self.hand_size(self._turn) + (self._phase == PH_PLACE)
        return 0 < self.pool_size() <= need

    def tile_effect(self, tile: str) -> TileEffect:
        """What placing `tile` would do now: lone, found, grow, merge, no 8th chain, dead."""
        return self._effect(SQUARE_OF[tile])

    def merge_chains(self, tile: str) -> list[str]:
        """The chains a tile touches (for previews like 'MERGE T+L')."""
        return [CHAINS[c] for c in self._touching(SQUARE_OF[tile])]

    def pending_tile(self) -> str | None:
        return TILE_NAMES[self._placed] if self._placed >= 0 else None

    def merger_state(self) -> dict | None:
        """During a merger (phases survivor, defunct, dispose): {"survivor": the survivor's
        letter (None while it is being chosen), "survivor_choices": the tied chains to
        choose from, "defunct": the defunct chain being disposed of (None between
        chains), "defunct_left": the defunct chains still to handle, in order}. None
        when no merger is being resolved."""
        if self._placed < 0 or self._phase == PH_FOUND:
            return None
        return {
            "survivor": CHAINS[self._survivor] if self._survivor >= 0 else None,
            "survivor_choices": [CHAINS[c] for c in self._survivor_choices],
            "defunct": CHAINS[self._defunct] if self._defunct >= 0 else None,
            "defunct_left": [CHAINS[c] for c in self._defunct_left],
        }

    def bonus_payouts(self, chain: str) -> list[int]:
        """What each seat would be paid if `chain`'s bonuses were paid now (RULES §7.1;
        the two-player stock market's draw is unknown until then and left out)."""
        c = CHAINS.index(chain)
        p = PRICES[c][self._sizes[c]]
        return split_bonuses([row[c] for row in self._stock], 10 * p, 5 * p)

    def net_worth(self, seat: int) -> int:
        """Cash plus shares at current prices (bonuses not counted)."""
        row = self._stock[seat]
        return self._money[seat] + sum(row[c] * PRICES[c][self._sizes[c]] for c in range(CHAIN_COUNT))

    def scores(self) -> list[int]:
        """Final cash per seat (meaningful once the phase is 'over')."""
        return list(self._money)

    @property
    def teams(self) -> list[tuple[int, ...]]:
        """The seats of each team (RULES §14): partners sit apart, so the teams take turns
        (2 vs 2: seats 0 and 2 against 1 and 3). Without teams each seat is a team of one."""
        count = TEAM_COUNT[self._options.mode] or self.players
        return [tuple(s for s in range(self.players) if self.team_of(s) == team) for team in range(count)]

    @property
    def has_teams(self) -> bool:
        """A team game (2v2, 2v2v2, 3v3): some team has more than one seat."""
        return TEAM_COUNT[self._options.mode] > 0

    def team_of(self, seat: int) -> int:
        """The team `seat` plays for (its index in `teams`)."""
        return team_of_seat(self._options.mode, seat, self.players)

    def team_scores(self) -> list[int]:
        """Each team's cash, its members' summed (by team, as `teams`)."""
        return [sum(self._money[s] for s in team) for team in self.teams]

    def winners(self) -> list[int]:
        """The seats that won: the richest player, or every member of the richest team (RULES
        §14); a tie shares the win."""
        scores = self.team_scores()
        best = max(scores)
        return [s for s in range(self.players) if scores[self.team_of(s)] == best]

    @property
    def is_over(self) -> bool:
        return self._phase == PH_OVER

    def ending(self) -> ev.Ending | None:
        """Why the game ended (RULES §11), once it is over; None before."""
        return self._why_over() if self._phase == Phase.OVER else None

    def start_tiles(self) -> list[str]:
        """The tile each seat drew at the setup (RULES §3), by seat; [] when not known
        (a position that does not list them)."""
        return [TILE_NAMES[t] for t in self._start_tiles]

    def setup_events(self) -> list[ev.Event]:
        """What happened at the setup, for the top of the game log: the start tiles and
        who goes first and why (an `events.StartTiles`); [] when the start tiles are not
        known."""
        if not self._start_tiles:
            return []
        first = min(range(self.players), key=lambda s: self._start_tiles[s])
        tiles = tuple(TILE_NAMES[t] for t in self._start_tiles)
        return [ev.StartTiles(*self._who(first), tiles, self._names)]

    # ------------------------------------------------------------ tile effects

    def _touching(self, sq: int) -> list[int]:
        found = []
        for c in _AROUND[sq](self._cells):
            if 0 <= c < CHAIN_COUNT and c not in found:
                found.append(c)
        return found

    def _effect(self, sq: int) -> TileEffect:
        cells = self._cells
        if cells[sq] != EMPTY:
            return DEAD
        around = set(_AROUND[sq](cells))
        around.discard(EMPTY)
        loose = LOOSE in around
        chains = len(around) - loose
        if not chains:
            if not loose:
                return LONE
            return FOUND if 0 in self._sizes else NO_EIGHTH
        if chains == 1:
            return GROW
        return DEAD if len(around & self._safe()) >= 2 else MERGE

    def _safe(self) -> frozenset[int]:
        """The safe chains (SAFE_SIZE tiles or more)."""
        sizes = self._sizes
        if _SAFE_SIZES.isdisjoint(sizes):
            return _NONE_SAFE
        return frozenset([c for c in _CHAIN_IDS if sizes[c] >= SAFE_SIZE])

    def _playable_tiles(
        self, hand: Sequence[int], safe: frozenset[int], first: bool = False
    ) -> Sequence[int]:
        """The tiles of `hand` that can be placed, given the safe chains (`_safe()`). With
        `first`, only the first of them: enough to know whether there is one."""
        full = 0 not in self._sizes
        two_safe = len(safe) >= 2
        if not (two_safe or full):  # nothing can be unplayable yet
            return hand
        # _effect's tests for the late game, when this runs for every hand twice a turn
        cells = self._cells
        out = []
        for t in hand:
            around = _AROUND[t](cells)
            if two_safe and len(safe.intersection(around)) >= 2:
                continue  # dead
            if full and LOOSE in around and _NOT_CHAIN.issuperset(around):
                continue  # it would found an eighth chain
            out.append(t)
            if first:
                break
        return out

    def _dead_tiles(self, hand: Sequence[int], safe: frozenset[int]) -> list[int]:
        """The tiles of `hand` that can never be placed, given the safe chains (`_safe()`, two
        or more: with fewer no tile is dead, and `_refill` does not ask)."""
        cells = self._cells
        return [t for t in hand if len(safe.intersection(_AROUND[t](cells))) >= 2]

    def _connected_loose(self, start: int) -> list[int]:
        """`start` and every unincorporated tile connected to it."""
        cells = self._cells
        if LOOSE not in _AROUND[start](cells):  # most often: no search to make
            return [start]
        group = [start]
        seen = {start}
        for sq in group:
            for nb in NEIGHBOURS[sq]:
                if nb not in seen and cells[nb] == LOOSE:
                    seen.add(nb)
                    group.append(nb)
        return group

    # ----------------------------------------------------------- legal actions

    def legal_actions(self) -> list[Action]:
        """Every action the current seat may take now."""
        phase = self._phase
        if phase == PH_PLACE:
            return [_PLACE[t] for t in self._playable_tiles(self._hands[self._current], self._safe())]
        if phase == PH_BUY:
            acts = cast("list[Action]", self._buy_options())  # a fresh list: DeclareEnd may join it
            if self.may_declare():
                acts.append(_DECLARE)
            return acts
        if phase == PH_FOUND:
            return [_FOUND[c] for c in range(CHAIN_COUNT) if not self._sizes[c]]
        if phase == PH_SURVIVOR:
            return [ChooseSurvivor(CHAINS[c]) for c in self._survivor_choices]
        if phase == PH_DEFUNCT:
            return [ChooseDefunct(CHAINS[c]) for c in self._defunct_choices()]
        if phase == PH_DISPOSE:
            held = self._stock[self._current][self._defunct]
            max_trade = min(held, 2 * self._bank[self._survivor]) // 2 * 2
            return [
                _DISPOSE[sell, trade]
                for trade in range(0, max_trade + 1, 2)
                for sell in range(held - trade + 1)
            ]
        return []

    def _buy_options(self) -> list[BuyShares]:
        """The purchases the current seat can make, in the order of _BUNDLES (a new list)."""
        sizes, bank, cash = self._sizes, self._bank, self._money[self._current]
        p = list(map(getitem, PRICES, sizes))  # each chain's price, 0 off the board
        mask = 0  # the chains it can buy a share of
        top = 0  # the dearest of those shares
        short = 0  # the rows' bits of purchases the bank cannot serve (see _BUY_ROWS)
        for c in _CHAIN_IDS:
            price = p[c]
            if price and bank[c] and price <= cash:
                mask |= 1 << c
                if price > top:
                    top = price
                if bank[c] < MAX_BUY:
                    short |= 1 << (MAX_BUY * c + bank[c])
        if not short and cash >= MAX_BUY * top:
            return _ACTIONS_BY_MASK[mask][:]  # every purchase of those chains is possible
        p.append(0)  # p[PAD]: a share not bought
        return [
            act
            for a, b, c, over, act in _BUYS_BY_MASK[mask]
            if p[a] + p[b] + p[c] <= cash and not over & short
        ]

    def may_declare(self) -> bool:
        """The current seat may declare the end now (RULES §11): DeclareEnd is among the
        legal actions, known without listing the purchases."""
        return (
            not self._declared and self._phase == PH_BUY and self._options.end == "declare" and self.can_end()
        )

    def _defunct_choices(self) -> list[int]:
        biggest = max(self._sizes[c] for c in self._defunct_left)
        return [c for c in self._defunct_left if self._sizes[c] == biggest]

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[ev.Event]:
        """Carry out `action` for the current seat; returns what happened.

        Raises IllegalAction (leaving the game unchanged) if it is not legal now.
        """
        out: list[ev.Event] = []
        self._carry_out(action, out)
        return out

    def play(self, action: Action) -> None:
        """`apply` without making the events: for searches and simulations, which do not
        read them (it plays about a tenth faster)."""
        self._carry_out(action, None)

    def _carry_out(self, action: Action, out: Out) -> None:
        handler = _HANDLERS.get((self._phase, type(action)))
        if handler is None:
            raise IllegalAction(f"{type(action).__name__} is not allowed in the {self._phase} phase")
        if self._loan is not None:  # it shares its lists with a view, or is such a view
            self._own()
        handler(self, action, out)

    def _who(self, seat: int) -> tuple[int, str]:
        return seat, self._names[seat]

    def _chain_index(self, letter: object) -> int:
        if not isinstance(letter, str) or letter not in _CHAIN_OF:
            raise IllegalAction(f"unknown chain {letter!r}")
        return _CHAIN_OF[letter]

    def _place(self, action: PlaceTile, out: Out) -> None:
        sq = SQUARE_OF.get(action.tile) if isinstance(action.tile, str) else None
        if sq is None:
            raise IllegalAction(f"no such tile {action.tile!r}")
        seat = self._current
        hand = self._hands[seat]
        if sq not in hand:
            raise IllegalAction(f"{action.tile} is not in your hand")
        effect = self._effect(sq)
        if effect not in PLAYABLE:
            raise IllegalAction(f"{action.tile} cannot be placed: {effect}")
        i = hand.index(sq)
        self._hands[seat] = hand[:i] + hand[i + 1 :]
        self._in_play = tuple(_without(self._in_play, (sq,)))
        if self._hand_sizes is not None:  # a view keeps every hand's size
            self._hand_sizes[seat] = len(hand) - 1
        self._cells[sq] = LOOSE
        self._stuck = 0
        if out is not None:
            out.append(ev.TilePlaced(seat, self._names[seat], action.tile, effect))
        if effect == LONE:
            self._phase = PH_BUY
        elif effect == FOUND:
            self._placed = sq
            self._phase = PH_FOUND
        elif effect == GROW:
            chain = self._touching(sq)[0]
            self._absorb(sq, chain)
            if out is not None:
                out.append(ev.ChainGrew(-1, "", CHAINS[chain], self._sizes[chain]))
            self._phase = PH_BUY
        else:
            self._start_merger(sq, out)

    def _absorb(self, sq: int, chain: int) -> None:
        """The chain takes `sq` and every unincorporated tile connected to it."""
        group = self._connected_loose(sq)
        for s in group:
            self._cells[s] = chain
        self._sizes[chain] += len(group)

    def _found(self, action: FoundChain, out: Out) -> None:
        chain = self._chain_index(action.chain)
        if self._sizes[chain]:
            raise IllegalAction(f"{action.chain} is already on the board")
        self._absorb(self._placed, chain)
        self._placed = -1
        free = self._bank[chain] > 0
        if free:
            self._move_shares(self._current, chain, 1)
        if out is not None:
            out.append(ev.ChainFounded(*self._who(self._current), action.chain, self._sizes[chain], free))
        self._phase = PH_BUY

    def _start_merger(self, sq: int, out: Out) -> None:
        self._placed = sq
        chains = self._touching(sq)
        biggest = max(self._sizes[c] for c in chains)
        tied = [c for c in chains if self._sizes[c] == biggest]
        self._defunct_left = tuple(chains)
        if len(tied) > 1:
            self._survivor_choices = tuple(sorted(tied))
            self._phase = PH_SURVIVOR
        else:
            self._set_survivor(tied[0], out)

    def _choose_survivor(self, action: ChooseSurvivor, out: Out) -> None:
        chain = self._chain_index(action.chain)
        if chain not in self._survivor_choices:
            choices = "/".join(CHAINS[c] for c in self._survivor_choices)
            raise IllegalAction(f"the survivor must be one of {choices}")
        self._set_survivor(chain, out)

    def _set_survivor(self, chain: int, out: Out) -> None:
        self._survivor = chain
        self._survivor_choices = ()
        left = (c for c in self._defunct_left if c != chain)
        self._defunct_left = tuple(sorted(left, key=lambda c: -self._sizes[c]))
        if out is not None:
            out.append(
                ev.MergerStarted(
                    *self._who(self._turn), CHAINS[chain], tuple(CHAINS[c] for c in self._defunct_left)
                )
            )
        self._next_defunct(out)

    def _next_defunct(self, out: Out) -> None:
        """Handle the next defunct chain, or finish the merger when none is left."""
        if not self._defunct_left:
            self._finish_merger(out)
            return
        choices = self._defunct_choices()
        if len(choices) > 1:
            self._current = self._turn
            self._phase = PH_DEFUNCT
            return
        self._handle_defunct(choices[0], out)

    def _choose_defunct(self, action: ChooseDefunct, out: Out) -> None:
        chain = self._chain_index(action.chain)
        choices = self._defunct_choices()
        if chain not in choices:
            raise IllegalAction(
                f"the next defunct chain must be one of {'/'.join(CHAINS[c] for c in choices)}"
            )
        self._handle_defunct(chain, out)

    def _handle_defunct(self, chain: int, out: Out) -> None:
        self._defunct_left = tuple(c for c in self._defunct_left if c != chain)
        self._defunct = chain
        self._pay_bonuses(chain, out)
        n = len(self._names)
        self._disposers = tuple(
            s for s in ((self._turn + i) % n for i in range(n)) if self._stock[s][chain] > 0
        )
        self._next_disposer(out)

    def _next_disposer(self, out: Out) -> None:
        if self._disposers:
            self._current, *rest = self._disposers
            self._disposers = tuple(rest)
            self._phase = PH_DISPOSE
        else:
            self._defunct = -1
            self._current = self._turn
            self._next_defunct(out)

    def _dispose(self, action: Dispose, out: Out) -> None:
        seat, chain, survivor = self._current, self._defunct, self._survivor
        held = self._stock[seat][chain]
        sell, trade = action.sell, action.trade
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in (sell, trade)):
            raise IllegalAction("sell and trade must be whole numbers, 0 or more")
        if trade % 2:
            raise IllegalAction("shares are traded two for one: trade an even number")
        if sell + trade > held:
            raise IllegalAction(f"you hold only {held} {CHAINS[chain]}")
        if trade // 2 > self._bank[survivor]:
            raise IllegalAction(f"the bank has only {self._bank[survivor]} {CHAINS[survivor]} to trade")
        who = self._who(seat)
        if sell:
            amount = sell * PRICES[chain][self._sizes[chain]]
            self._money[seat] += amount
            self._move_shares(seat, chain, -sell)
            if out is not None:
                out.append(ev.SharesSold(*who, CHAINS[chain], sell, amount))
        if trade:
            self._move_shares(seat, chain, -trade)
            self._move_shares(seat, survivor, trade // 2)
            if out is not None:
                out.append(ev.SharesTraded(*who, CHAINS[chain], CHAINS[survivor], trade, trade // 2))
        kept = held - sell - trade
        if kept and out is not None:
            out.append(ev.SharesKept(*who, CHAINS[chain], kept))
        self._next_disposer(out)

    def _move_shares(self, seat: int, chain: int, n: int) -> None:
        """`seat` takes n shares of `chain` from the bank (gives them back when n < 0). A row
        of the stock is a tuple, replaced whole, so that copies share the rows."""
        row = self._stock[seat]
        self._stock[seat] = (*row[:chain], row[chain] + n, *row[chain + 1 :])
        self._bank[chain] -= n

    def _pay_bonuses(self, chain: int, out: Out) -> None:
        """Majority/minority bonuses of RULES §7.1 (and §12's stock market)."""
        holdings = [row[chain] for row in self._stock]
        if len(self._names) == 2:
            holdings.append(self._market_draw(chain, out))
        if not any(holdings):
            return
        price = PRICES[chain][self._sizes[chain]]
        pay = split_bonuses(holdings, 10 * price, 5 * price)
        paid = [a for a in pay if a]
        first = max(holdings)
        for i, amount in enumerate(pay):
            if not amount:
                continue
            kind: BonusKind
            if len(paid) == 1:
                kind = "both"
            elif holdings[i] == first:
                kind = "majority" if holdings.count(first) == 1 else "shared"
            else:
                kind = "minority"
            if i == len(self._names):  # the two-player stock market: its money leaves the game
                if out is not None:
                    out.append(ev.MarketBonus(-1, "Market", CHAINS[chain], amount, kind))
                continue
            self._money[i] += amount
            if out is not None:
                out.append(ev.BonusPaid(*self._who(i), CHAINS[chain], amount, kind))

    def _market_draw(self, chain: int, out: Out) -> int:
        """RULES §12: a drawn tile's column is the market's holding; back it goes."""
        if not self._pool:
            return 0
        if self._rng is None:  # a view: its pool is sorted, so shuffle it before drawing
            self._rng = random.Random(0)
            self._rng.shuffle(self._pool)
        count = self._pool[-1] % COLS + 1
        self._rng.shuffle(self._pool)
        if out is not None:
            out.append(ev.MarketHolds(-1, "Market", CHAINS[chain], count))
        return count

    def _finish_merger(self, out: Out) -> None:
        survivor = self._survivor
        touching = self._touching(self._placed)
        gone = [c for c in range(CHAIN_COUNT) if c != survivor and c in touching]
        cells = self._cells
        for s in range(SQUARES):
            if cells[s] in gone:
                cells[s] = survivor
        for c in gone:
            self._sizes[survivor] += self._sizes[c]
            self._sizes[c] = 0
        self._absorb(self._placed, survivor)
        for c in gone:
            if out is not None:
                out.append(ev.ChainDefunct(-1, "", CHAINS[c], CHAINS[survivor], self._sizes[survivor]))
        self._placed = self._survivor = self._defunct = -1
        self._current = self._turn
        self._phase = PH_BUY

    def _declare(self, action: DeclareEnd, out: Out) -> None:
        if not self.may_declare():
            if self._options.end != "declare":
                raise IllegalAction("the game ends by itself with the auto end rule")
            if self._declared:
                raise IllegalAction("the end is already declared")
            raise IllegalAction(f"the end may be declared only with a {END_SIZE}+ chain or all chains safe")
        self._declared = True
        if out is not None:
            out.append(ev.EndDeclared(*self._who(self._current)))

    def _buy(self, action: BuyShares, out: Out) -> None:
        chains = action.chains
        if not isinstance(chains, tuple) or len(chains) > MAX_BUY:
            raise IllegalAction(f"buy a tuple of at most {MAX_BUY} chain letters")
        try:
            idx = [_CHAIN_OF[c] for c in chains]
        except (KeyError, TypeError):  # not a chain letter: say which
            idx = [self._chain_index(c) for c in chains]
        # Valid letters: BuyShares has put them in the order of CHAINS, so `idx` ascends.
        seat, sizes, bank = self._current, self._sizes, self._bank
        cost = 0
        for c in idx:
            if not sizes[c]:
                raise IllegalAction(f"{CHAINS[c]} is not on the board")
            if bank[c] < idx.count(c):
                raise IllegalAction(f"the bank has only {bank[c]} {CHAINS[c]}")
            cost += PRICES[c][sizes[c]]
        if cost > self._money[seat]:
            raise IllegalAction(f"that costs ${cost:,}; you have ${self._money[seat]:,}")
        row = list(self._stock[seat])
        for c in idx:
            row[c] += 1
            bank[c] -= 1
        self._stock[seat] = tuple(row)
        self._money[seat] -= cost
        if out is not None:
            out.append(ev.SharesBought(seat, self._names[seat], chains, cost))
        self._end_turn(out)

    # ------------------------------------------------------------ turn flow

    def _end_turn(self, out: Out) -> None:
        auto = self._options.end == "auto"  # RULES §11: the auto end's conditions
        if self._declared or (auto and (self.can_end() or self._drew_last)):
            self._game_over(out)
            return
        if self._stuck >= len(self._names):
            if out is not None:
                out.append(ev.Stalemate(-1, ""))
            self._game_over(out)
            return
        safe = self._safe()  # the board does not change until the next tile is placed
        self._refill(self._turn, out, safe)
        if auto and self._drew_last:  # this closing draw took the pool's last tile
            self._game_over(out)
            return
        self._turn = self._current = (self._turn + 1) % len(self._names)
        self._begin_turn(out, safe=safe)

    def _drawable(self) -> int:
        return len(self._pool) if self._hand_sizes is None else len(self._pool) - self._hidden()

    def _draw(self, seat: int, out: Out) -> list[int]:
        """RULES §10: draw until the hand holds six or the pool is empty."""
        hand = self._hands[seat]
        left = len(self._pool) if self._hand_sizes is None else len(self._pool) - self._hidden()
        count = HAND_SIZE - len(hand)
        if count > left:
            count = left
        if count <= 0:
            return []
        pool = self._pool
        new = pool[-count:]  # drawn from the end: the last first
        new.reverse()
        del pool[-count:]
        self._hands[seat] = hand + tuple(new)
        if self._hand_sizes is not None:
            self._hand_sizes[seat] = len(hand) + count
        if count == left:
            self._drew_last = True
        if out is not None:
            out.append(ev.TilesDrawn(seat, self._names[seat], tuple([TILE_NAMES[t] for t in new])))
        return new

    def _refill(self, seat: int, out: Out, safe: frozenset[int]) -> None:
        """RULES §8 and §10: replace dead tiles, repeatedly, then draw up to six. The
        events read in the order things happen: each discard, then each draw. `safe`: the
        safe chains (`_safe()`; the board does not change here)."""
        if len(safe) < 2:  # no tile can be dead (most of a game): only the draw
            self._draw(seat, out)
            return
        dead = self._dead_tiles(self._hands[seat], safe)
        while True:
            if dead:
                hand = tuple(t for t in self._hands[seat] if t not in dead)
                self._hands[seat] = hand
                self._in_play = tuple(_without(self._in_play, tuple(dead)))
                if self._hand_sizes is not None:
                    self._hand_sizes[seat] = len(hand)
                if out is not None:
                    out.append(ev.DeadTilesReplaced(*self._who(seat), tuple(TILE_NAMES[t] for t in dead)))
            # The board has not changed, so only newly drawn tiles can be dead.
            dead = self._dead_tiles(self._draw(seat, out), safe)
            if not dead:
                return

    def _begin_turn(self, out: Out, replace: bool = True, safe: frozenset[int] | None = None) -> None:
        """RULES §8: a hand with no playable tile is replaced; if still none, skip to
        buying. With `replace` False (loading a position) the hand is kept as it is.
        `safe`: the safe chains when the caller knows them (`_safe()`)."""
        seat = self._turn
        self._phase = PH_PLACE
        self._drew_last = False
        if out is not None:
            out.append(ev.TurnStarted(seat, self._names[seat]))
        hand = self._hands[seat]
        if safe is None:
            safe = self._safe()
        if self._playable_tiles(hand, safe, first=True):
            return
        # With an empty pool a new hand cannot be drawn, so the old one is kept.
        if self._drawable() and (replace or not hand):
            self._hands[seat] = ()
            self._in_play = tuple(_without(self._in_play, hand))
            if hand and out is not None:
                out.append(ev.HandReplaced(*self._who(seat), tuple(TILE_NAMES[t] for t in hand)))
            self._refill(seat, out, safe)
            if self._playable_tiles(self._hands[seat], safe, first=True):
                return
        if not self._drawable():
            self._stuck += 1
        if out is not None:
            out.append(ev.NoPlayableTile(*self._who(seat)))
        self._phase = PH_BUY

    def _game_over(self, out: Out) -> None:
        """RULES §11 final scoring: bonuses for every chain, then every share sold."""
        for c in range(CHAIN_COUNT):
            if self._sizes[c]:
                self._pay_bonuses(c, out)
        for c in range(CHAIN_COUNT):
            if not self._sizes[c]:
                continue
            p = PRICES[c][self._sizes[c]]
            for seat in range(len(self._names)):
                count = self._stock[seat][c]
                if count:
                    self._money[seat] += count * p
                    self._move_shares(seat, c, -count)
                    if out is not None:
                        out.append(ev.SharesSold(*self._who(seat), CHAINS[c], count, count * p))
        self._phase = PH_OVER
        scores = tuple(self._money)
        if out is not None:
            out.append(ev.GameOver(-1, "", scores, tuple(self.winners()), self._names, self._why_over()))

    def _why_over(self) -> ev.Ending:
        """Why `_end_turn` ended the game, read in its order: the end declared, the auto end's
        conditions, else no tile playable (the sizes do not change in the final scoring)."""
        auto = self._options.end == "auto"
        if self._declared or (auto and self.can_end()):
            big = max(range(CHAIN_COUNT), key=lambda c: (self._sizes[c], -c))
            who = self._turn if self._declared else -1  # one declares in the buy phase of their turn
            if self._sizes[big] >= END_SIZE:
                return ev.Ending("end size", who, CHAINS[big], self._sizes[big])
            return ev.Ending("all safe", who)
        return ev.Ending("pool empty" if auto and self._drew_last else "no tile")


# Each (phase, action type) and the method that carries it out into a list of events.
_HANDLERS: dict[tuple[Phase, type], Callable[[Game, Any, Out], None]] = {
    (PH_PLACE, PlaceTile): Game._place,
    (PH_FOUND, FoundChain): Game._found,
    (PH_SURVIVOR, ChooseSurvivor): Game._choose_survivor,
    (PH_DEFUNCT, ChooseDefunct): Game._choose_defunct,
    (PH_DISPOSE, Dispose): Game._dispose,
    (PH_BUY, BuyShares): Game._buy,
    (PH_BUY, DeclareEnd): Game._declare,
}
