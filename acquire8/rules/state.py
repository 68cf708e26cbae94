"""The game's state as data, apart from its rules (game.py): its fields, the copies to search
on (a copy, a seat's view, a view dealt out again, the two-player market's draws), equality and
the position format's text (docs/DESIGN.md). `Game` inherits all of it; the rules change the
fields, nothing here does."""

from __future__ import annotations

import random
import weakref
from bisect import bisect_left
from copy import deepcopy
from typing import Self

from . import position
from .options import Options, Phase, check_players
from .tables import CHAIN_COUNT, COLS, EMPTY, SHARES_PER_CHAIN, SQUARES, START_CASH

__all__ = ["GameState"]


class GameState:
    """The fields of a game (every one the rules' own, read through Game's readers) and what
    is done with them whole. `_with()` (under `copy()` and `view()`) lists them by hand, for
    speed: a field added to __slots__ is added there too (a test sets every slot against
    it). What changes seldom is kept in tuples, replaced whole when it changes, so that
    copies share it: each hand, each seat's row of shares, and a merger's lists.

    A view is made for every decision and most are only read, so a view shares its game's
    lists until one of the two changes (`_own`: the game while a view of it lives, the view
    always) and makes its pool only when it is read (`_unseen`)."""

    __slots__ = (
        "_bank",
        "_cells",
        "_current",
        "_declared",
        "_defunct",
        "_defunct_left",
        "_disposers",
        "_drew_last",
        "_hand_sizes",
        "_hands",
        "_in_play",
        "_loan",
        "_money",
        "_names",
        "_options",
        "_phase",
        "_placed",
        "_pool",
        "_rng",
        "_sizes",
        "_start_tiles",
        "_stock",
        "_stuck",
        "_survivor",
        "_survivor_choices",
        "_turn",
    )  # fmt: skip

    def __init__(self, names: list[str], options: Options | None = None, seed: int | None = None):
        n = len(names)
        options = options or Options()
        check_players(options.mode, n)
        self._names = tuple(names)
        self._money = [START_CASH] * n
        self._stock: list[tuple[int, ...]] = [(0,) * CHAIN_COUNT] * n  # [seat][chain]
        self._bank = [SHARES_PER_CHAIN] * CHAIN_COUNT
        self._hands: list[tuple[int, ...]] = [()] * n
        self._pool: list[int] = []  # the next tile drawn is pool[-1]
        # The pool's and the hands' tiles in increasing order: what a view sees as one pile,
        # less its own hand (kept so that a view need not sort).
        self._in_play: tuple[int, ...] = ()
        self._cells = [EMPTY] * SQUARES
        self._sizes = [0] * CHAIN_COUNT
        self._phase = Phase.PLACE
        self._current = 0  # the seat that must act now
        self._turn = 0  # the seat whose turn it is
        self._options = options
        self._rng: random.Random | None = random.Random(seed)  # None in a view
        self._placed = -1  # the tile being resolved in found/survivor/defunct/dispose
        self._survivor = -1
        self._survivor_choices: tuple[int, ...] = ()
        self._defunct_left: tuple[int, ...] = ()  # defunct chains not yet handled
        self._defunct = -1  # the defunct chain whose shares are being disposed of
        self._disposers: tuple[int, ...] = ()  # seats still to dispose, next first
        self._declared = False
        self._stuck = 0  # turns in a row with an empty pool and no tile placed
        self._drew_last = False  # the last tile of the pool was drawn this turn (RULES §11 auto end)
        self._start_tiles: tuple[int, ...] = ()  # RULES §3, by seat; () when not known
        # Only in a view, where other hands are hidden: every seat's hand size.
        self._hand_sizes: list[int] | None = None
        # In a game, a weak reference to the `_Loan` its views hold while they share its lists;
        # in such a view, the `_Loan` itself (and its pool not made yet: None). Else None.
        self._loan: weakref.ref[_Loan] | _Loan | None = None

    # ----------------------------------------------------------- copy & view

    def copy(self) -> Self:
        """An independent copy, cheap enough to try every move on."""
        rng = self._rng
        # After the deal only the two-player stock market draws at random; with more
        # players the generator is never used again and can be shared (copying one
        # costs more than the rest of the state together).
        if rng is not None and len(self._names) == 2:
            state = rng.getstate()
            rng = random.Random()
            rng.setstate(state)
        sizes = self._hand_sizes
        pool = self._pool[:] if self._pool is not None else self._unseen()
        return self._with(self._hands[:], pool, rng, sizes[:] if sizes is not None else None)

    def view(self, seat: int) -> Self:
        """What `seat` may know: its own hand; the other hands and the pool become
        one unordered pile (the pool, sorted), and the random source is reset."""
        hands = self._hands
        sizes = self._hand_sizes[:] if self._hand_sizes is not None else list(map(len, hands))
        hidden: list[tuple[int, ...]] = [()] * len(hands)
        hidden[seat] = hands[seat]
        loan = self._loan
        if isinstance(loan, _Loan):  # a view of a view: this one takes its own lists first
            self._own()
            loan = None
        token = loan() if loan is not None else None
        if token is None:
            token = _Loan()
            self._loan = weakref.ref(token)
        # The random source is left out: its state would tell the pool order. The pool (the
        # unseen tiles) is made when read.
        return self._with(hidden, None, None, sizes, token)

    def __getstate__(self) -> tuple[None, dict[str, object]]:
        """For pickle: the fields of a copy of its own (a weak reference does not pickle)."""
        return None, {k: getattr(self, k) for k in _COMPARED} | {
            "_pool": self._unseen(),
            "_loan": None,
            "_rng": self._rng,
        }

    def __deepcopy__(self, memo: dict) -> Self:
        """A copy of its own (the lists a view shares are not copied whole by identity)."""
        g = self.copy()
        g._rng = deepcopy(self._rng, memo)
        return g

    def _with(
        self,
        hands: list[tuple[int, ...]],
        pool: list[int] | None,
        rng: random.Random | None,
        hand_sizes: list[int] | None,
        loan: _Loan | None = None,
    ) -> Self:
        """A new state with these hands, pool, random source and hand sizes (the caller's
        own lists) and everything else of this one: its lists copied (shared in a view that
        holds `loan`), the rest shared."""
        g = object.__new__(type(self))
        g._names = self._names  # a tuple
        if loan is None:
            lists = self._copied_lists()
        else:
            lists = self._money, self._stock, self._bank, self._cells, self._sizes
        g._money, g._stock, g._bank, g._cells, g._sizes = lists
        g._loan = loan
        g._hands = hands
        g._pool = pool  # type: ignore[assignment]  # None: a view's, made when read
        g._in_play = self._in_play
        g._phase = self._phase
        g._current = self._current
        g._turn = self._turn
        g._options = self._options
        g._rng = rng
        g._placed = self._placed
        g._survivor = self._survivor
        g._survivor_choices = self._survivor_choices
        g._defunct_left = self._defunct_left
        g._defunct = self._defunct
        g._disposers = self._disposers
        g._declared = self._declared
        g._stuck = self._stuck
        g._drew_last = self._drew_last
        g._start_tiles = self._start_tiles
        g._hand_sizes = hand_sizes
        return g

    def _own(self) -> None:
        """Before this state changes: its own copies of the lists it shares with a view of it
        that still lives (or, in a view, with its game), and a view's pool made."""
        loan = self._loan
        if loan is None:
            return
        self._loan = None
        if isinstance(loan, _Loan):
            self._pool = self._unseen()
        elif loan() is None:  # its views are gone
            return
        self._money, self._stock, self._bank, self._cells, self._sizes = self._copied_lists()

    def _copied_lists(self) -> tuple[list[int], list[tuple[int, ...]], list[int], list[int], list[int]]:
        """Copies of the lists a view shares with its game: money, shares, bank, board, sizes."""
        return self._money[:], self._stock[:], self._bank[:], self._cells[:], self._sizes[:]

    def _unseen(self) -> list[int]:
        """The pool; in a view not yet changed, made now: every tile in play less its hand."""
        if self._pool is not None:
            return self._pool
        return _without(self._in_play, tuple(t for hand in self._hands for t in hand))

    def determinize(self, rng: random.Random) -> Self:
        """For a view: a full game with the hidden tiles dealt at random, to search on."""
        g = self.copy()
        if self._hand_sizes is None:
            return g
        rng.shuffle(g._pool)
        for s, hand in enumerate(g._hands):
            missing = self._hand_sizes[s] - len(hand)
            if missing > 0:
                g._hands[s] = hand + tuple(g._pool.pop() for _ in range(missing))
        g._hand_sizes = None
        g._rng = random.Random(rng.random())
        return g

    def reseed(self, value: int | float | str) -> None:
        """Give this game (a copy to search on) the random source random.Random(value).
        After the deal it drives only the two-player stock market (RULES §12)."""
        self._rng = random.Random(value)

    def vary_market(self, rng: random.Random) -> None:
        """In a two-player view: move a random unseen tile (chosen with `rng`) to the
        top of its sorted pile, so that a stock-market draw (RULES §12) on this copy
        differs from one on another copy. Does nothing in other games."""
        self._own()
        if len(self._names) == 2 and self._hand_sizes is not None and self._pool:
            i = rng.randrange(len(self._pool))
            self._pool[i], self._pool[-1] = self._pool[-1], self._pool[i]

    def market_draws(self) -> list[tuple[int, Self]]:
        """Two players (RULES §12): every holding the stock market may draw as the seat that
        must act sees it (the column of a tile in the pool or the other hand), each with a
        copy on which every market draw is that holding: its pool holds only the unseen
        tiles of that column, the other hand is left out (it plays no part until the turn
        ends) and its random source is fixed. Holdings in increasing order; [] in other
        games."""
        if len(self._names) != 2:
            return []
        seat = self._current
        # The unseen tiles, next drawn first, then the other hand (the order the copies keep).
        unseen = self._unseen()[::-1] + [t for s, hand in enumerate(self._hands) if s != seat for t in hand]
        out = []
        for column in sorted({t % COLS for t in unseen}):
            g = self.copy()
            g._hands = [h if s == seat else () for s, h in enumerate(g._hands)]
            g._pool = [t for t in unseen if t % COLS == column][::-1]
            g._in_play = tuple(sorted(g._pool + list(g._hands[seat])))
            g._rng = random.Random(0)
            g._hand_sizes = None
            out.append((column + 1, g))
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        same = all(getattr(self, k) == getattr(other, k) for k in _COMPARED)
        return same and self._unseen() == other._unseen() and _rng_state(self._rng) == _rng_state(other._rng)

    __hash__ = None  # type: ignore[assignment]

    # ----------------------------------------------------------- save format

    def to_json(self) -> str:
        """The whole game as text in the position format (docs/DESIGN.md), every detail kept."""
        return position.dump(
            position.Position(
                names=list(self._names),
                options=self._options,
                cells=self._cells[:],
                cash=self._money[:],
                stock=[list(row) for row in self._stock],
                hands=[list(h) for h in self._hands],
                pool=self._unseen()[:],
                turn=self._turn,
                phase=self._phase,
                acting=self._current,
                pending=self._placed,
                survivor=self._survivor,
                survivor_choices=list(self._survivor_choices),
                defunct_left=list(self._defunct_left),
                defunct=self._defunct,
                disposers=list(self._disposers),
                declared=self._declared,
                stuck=self._stuck,
                pool_emptied=self._drew_last,
                start_tiles=list(self._start_tiles) if self._start_tiles else None,
                hand_sizes=self._hand_sizes[:] if self._hand_sizes is not None else None,
                rng=self._rng,
            )
        )

    @classmethod
    def _loaded(cls, p: position.Position) -> Self:
        """The game of a parsed position. A minimal one (no phase) is left before its turn
        begins: Game.from_json begins it by the rules."""
        g = cls(p.names, p.options)
        g._money, g._stock, g._bank = p.cash, [tuple(row) for row in p.stock], p.bank
        g._hands, g._pool, g._cells, g._sizes = [tuple(h) for h in p.hands], p.pool, p.cells, p.sizes
        g._in_play = tuple(sorted(p.pool + [t for h in p.hands for t in h]))
        g._turn = g._current = p.turn
        g._start_tiles = tuple(p.start_tiles or ())
        g._rng = p.rng
        if p.phase is None:
            return g
        g._phase = p.phase
        g._current = p.acting
        g._placed = p.pending
        g._survivor, g._survivor_choices = p.survivor, tuple(p.survivor_choices)
        g._defunct_left, g._defunct, g._disposers = tuple(p.defunct_left), p.defunct, tuple(p.disposers)
        g._declared, g._stuck, g._drew_last = p.declared, p.stuck, p.pool_emptied
        g._hand_sizes = p.hand_sizes
        return g


class _Loan:
    """Held by the views that share a game's lists: while one lives, the game copies its
    lists before it changes them (`GameState._own`)."""

    __slots__ = ("__weakref__",)


# The fields equality compares directly (a view's pool through `_unseen`).
_COMPARED = tuple(k for k in GameState.__slots__ if k not in ("_rng", "_loan", "_pool"))


def _without(tiles: tuple[int, ...], gone: tuple[int, ...]) -> list[int]:
    """`tiles` (in increasing order, holding every one of `gone`) less `gone`, in order."""
    out = list(tiles)
    for t in gone:
        del out[bisect_left(out, t)]
    return out


def _rng_state(rng: random.Random | None) -> object:
    return rng.getstate() if rng is not None else None
