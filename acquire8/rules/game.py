"""The game state and every rule of RULES.md that changes it."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from enum import StrEnum

from . import events as ev
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
from .tables import (
    CHAINS,
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
    START_CASH,
    TILE_NAMES,
    split_bonuses,
)


class IllegalAction(ValueError):
    """An action the rules do not allow now; the game is left unchanged."""


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


# What a tile would do if placed now.
LONE, FOUND, GROW, MERGE, NO_EIGHTH, DEAD = "lone", "found", "grow", "merge", "no 8th chain", "dead"
PLAYABLE = (LONE, FOUND, GROW, MERGE)

# Every purchase of 0-3 shares as chain-index tuples, cheapest chain first, and for
# each set of buyable chains (a bitmask) the purchases made only of those chains.
_BUNDLES = [()] + [
    combo
    for n in range(1, MAX_BUY + 1)
    for combo in sorted({tuple(sorted(t)) for t in itertools.product(range(7), repeat=n)})
]
# Each purchase is made once and shared by the masks (a start-up cost: 128 x 120 new actions
# took about 60 ms natively and half a second on an emulated handheld core).
_BUY_ROWS = [
    ((*(*b, 7, 7, 7)[:3], BuyShares(tuple(CHAINS[c] for c in b))), sum(1 << c for c in set(b)))
    for b in _BUNDLES
]
_BUYS_BY_MASK = [[row for row, needs in _BUY_ROWS if needs & mask == needs] for mask in range(128)]


# Actions are immutable, so the few possible ones are made once.
_PLACE = [PlaceTile(name) for name in TILE_NAMES]
_FOUND = [FoundChain(c) for c in CHAINS]
_DISPOSE = {
    (s, t): Dispose(s, t) for t in range(SHARES_PER_CHAIN + 1) for s in range(SHARES_PER_CHAIN + 1 - t)
}
_ACTIONS_BY_MASK = [[act for *_, act in buys] for buys in _BUYS_BY_MASK]


class Game:
    """One game of Acquire. Mutate it only through `apply`."""

    __slots__ = (
        "bank",
        "cells",
        "current",
        "declared",
        "defunct",
        "defunct_left",
        "disposers",
        "hand_sizes",
        "hands",
        "money",
        "names",
        "options",
        "phase",
        "placed",
        "pool",
        "rng",
        "sizes",
        "stock",
        "stuck",
        "survivor",
        "survivor_choices",
        "turn",
    )  # fmt: skip

    # ----------------------------------------------------------------- creation

    def __init__(self, names: list[str], options: Options | None = None, seed: int | None = None):
        n = len(names)
        if not 2 <= n <= 6:
            raise ValueError(f"a game has 2 to 6 players, not {n}")
        self.names = list(names)
        self.money = [START_CASH] * n
        self.stock = [[0] * 7 for _ in range(n)]
        self.bank = [SHARES_PER_CHAIN] * 7
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.pool: list[int] = []  # the next tile drawn is pool[-1]
        self.cells = [EMPTY] * SQUARES
        self.sizes = [0] * 7
        self.phase = Phase.PLACE
        self.current = 0  # the seat that must act now
        self.turn = 0  # the seat whose turn it is
        self.options = options or Options()
        self.rng: random.Random | None = random.Random(seed)  # None in a view
        self.placed = -1  # the tile being resolved in found/survivor/defunct/dispose
        self.survivor = -1
        self.survivor_choices: list[int] = []
        self.defunct_left: list[int] = []  # defunct chains not yet handled
        self.defunct = -1  # the defunct chain whose shares are being disposed of
        self.disposers: list[int] = []  # seats still to dispose, next first
        self.declared = False
        self.stuck = 0  # turns in a row with an empty pool and no tile placed
        self.hand_sizes: list[int] | None = None  # set only in a view: others' hands are hidden

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
        g.pool = list(range(SQUARES))
        g.rng.shuffle(g.pool)
        starts = []
        for _ in range(players):
            tile = g.pool.pop()
            g.cells[tile] = LOOSE
            starts.append(tile)
        first = min(range(players), key=lambda s: starts[s])  # row-major: nearest 1A
        g.turn = g.current = first
        for i in range(players):
            seat = (first + i) % players
            for _ in range(HAND_SIZE):
                g.hands[seat].append(g.pool.pop())
        g._begin_turn()
        return g

    # ---------------------------------------------------------------- reading

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def board(self) -> dict[str, str]:
        """Placed tiles: {"5E": "T", "7A": "#"}; "#" is unincorporated."""
        return {
            TILE_NAMES[s]: "#" if c == LOOSE else CHAINS[c] for s, c in enumerate(self.cells) if c != EMPTY
        }

    def chain_size(self, chain: str) -> int:
        return self.sizes[CHAINS.index(chain)]

    def price(self, chain: str) -> int:
        c = CHAINS.index(chain)
        return PRICES[c][self.sizes[c]]

    def cash(self, seat: int) -> int:
        return self.money[seat]

    def shares(self, seat: int, chain: str) -> int:
        return self.stock[seat][CHAINS.index(chain)]

    def bank_shares(self, chain: str) -> int:
        return self.bank[CHAINS.index(chain)]

    def hand(self, seat: int) -> list[str]:
        return [TILE_NAMES[t] for t in self.hands[seat]]

    def hand_size(self, seat: int) -> int:
        if self.hand_sizes is not None:
            return self.hand_sizes[seat]
        return len(self.hands[seat])

    def pool_size(self) -> int:
        """Tiles left to draw (in a view the pool also holds the hidden hands)."""
        if self.hand_sizes is None:
            return len(self.pool)
        hidden = sum(self.hand_sizes) - sum(len(h) for h in self.hands)
        return len(self.pool) - hidden

    def chains_on_board(self) -> list[str]:
        return [CHAINS[c] for c in range(7) if self.sizes[c]]

    def is_safe(self, chain: str) -> bool:
        return self.sizes[CHAINS.index(chain)] >= SAFE_SIZE

    def can_end(self) -> bool:
        """RULES §11: a chain of 41+, or every chain on the board (at least one) safe."""
        on = [s for s in self.sizes if s]
        return bool(on) and (max(on) >= END_SIZE or min(on) >= SAFE_SIZE)

    def tile_effect(self, tile: str) -> str:
        """What placing `tile` would do now: lone, found, grow, merge, no 8th chain, dead."""
        return self._effect(SQUARE_OF[tile])

    def merge_chains(self, tile: str) -> list[str]:
        """The chains a tile touches (for previews like 'MERGE T+L')."""
        return [CHAINS[c] for c in self._touching(SQUARE_OF[tile])]

    def pending_tile(self) -> str | None:
        return TILE_NAMES[self.placed] if self.placed >= 0 else None

    def merger_state(self) -> dict | None:
        """During a merger: survivor, the defunct chain being handled, those left."""
        if self.placed < 0 or self.phase == Phase.FOUND:
            return None
        return {
            "survivor": CHAINS[self.survivor] if self.survivor >= 0 else None,
            "survivor_choices": [CHAINS[c] for c in self.survivor_choices],
            "defunct": CHAINS[self.defunct] if self.defunct >= 0 else None,
            "defunct_left": [CHAINS[c] for c in self.defunct_left],
        }

    def bonus_payouts(self, chain: str) -> list[int]:
        """What each seat would be paid if `chain`'s bonuses were paid now (RULES §7.1;
        the two-player stock market's draw is unknown until then and left out)."""
        c = CHAINS.index(chain)
        p = PRICES[c][self.sizes[c]]
        return split_bonuses([row[c] for row in self.stock], 10 * p, 5 * p)

    def net_worth(self, seat: int) -> int:
        """Cash plus shares at current prices (bonuses not counted)."""
        row = self.stock[seat]
        return self.money[seat] + sum(row[c] * PRICES[c][self.sizes[c]] for c in range(7))

    def scores(self) -> list[int]:
        """Final cash per seat (meaningful once the phase is 'over')."""
        return list(self.money)

    def winners(self) -> list[int]:
        best = max(self.money)
        return [s for s, c in enumerate(self.money) if c == best]

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    # ------------------------------------------------------------ tile effects

    def _touching(self, sq: int) -> list[int]:
        cells = self.cells
        found = []
        for nb in NEIGHBOURS[sq]:
            c = cells[nb]
            if 0 <= c < 7 and c not in found:
                found.append(c)
        return found

    def _effect(self, sq: int) -> str:
        cells = self.cells
        if cells[sq] != EMPTY:
            return DEAD
        chains = []
        loose = False
        for nb in NEIGHBOURS[sq]:
            c = cells[nb]
            if c == LOOSE:
                loose = True
            elif c >= 0 and c not in chains:
                chains.append(c)
        if not chains:
            if not loose:
                return LONE
            return FOUND if 0 in self.sizes else NO_EIGHTH
        if len(chains) == 1:
            return GROW
        safe = sum(1 for c in chains if self.sizes[c] >= SAFE_SIZE)
        return DEAD if safe >= 2 else MERGE

    def _safe_chains(self) -> int:
        return sum(1 for s in self.sizes if s >= SAFE_SIZE)

    def _playable_tiles(self, hand: list[int]) -> list[int]:
        if 0 in self.sizes and self._safe_chains() < 2:  # nothing can be unplayable yet
            return hand
        # _effect inlined for the late game, when this runs for every hand twice a turn
        cells, sizes = self.cells, self.sizes
        board_full = 0 not in sizes
        out = []
        for t in hand:
            safe: set[int] = set()
            chain = loose = False
            for nb in NEIGHBOURS[t]:
                c = cells[nb]
                if c == LOOSE:
                    loose = True
                elif c >= 0:
                    chain = True
                    if sizes[c] >= SAFE_SIZE:
                        safe.add(c)
            if len(safe) < 2 and (chain or not loose or not board_full):
                out.append(t)
        return out

    def _dead_tiles(self, hand: list[int]) -> list[int]:
        if self._safe_chains() < 2:  # dead needs two safe chains
            return []
        return [t for t in hand if self._effect(t) == DEAD]

    def _connected_loose(self, start: int) -> list[int]:
        """`start` and every unincorporated tile connected to it."""
        cells = self.cells
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
        phase = self.phase
        if phase == Phase.PLACE:
            return [_PLACE[t] for t in self._playable_tiles(self.hands[self.current])]
        if phase == Phase.BUY:
            acts: list[Action] = self._buy_options()
            if self._may_declare():
                acts.append(DeclareEnd())
            return acts
        if phase == Phase.FOUND:
            return [_FOUND[c] for c in range(7) if not self.sizes[c]]
        if phase == Phase.SURVIVOR:
            return [ChooseSurvivor(CHAINS[c]) for c in self.survivor_choices]
        if phase == Phase.DEFUNCT:
            return [ChooseDefunct(CHAINS[c]) for c in self._defunct_choices()]
        if phase == Phase.DISPOSE:
            held = self.stock[self.current][self.defunct]
            max_trade = min(held, 2 * self.bank[self.survivor]) // 2 * 2
            return [
                _DISPOSE[sell, trade]
                for trade in range(0, max_trade + 1, 2)
                for sell in range(held - trade + 1)
            ]
        return []

    def _buy_options(self) -> list[BuyShares]:
        sizes, bank, cash = self.sizes, self.bank, self.money[self.current]
        mask = 0
        top = 0  # the dearest buyable share
        for c in range(7):
            if sizes[c] and bank[c]:
                mask |= 1 << c
                top = max(top, PRICES[c][sizes[c]])
        scarce = [c for c in range(7) if mask >> c & 1 and bank[c] < MAX_BUY]
        if not scarce and cash >= MAX_BUY * top:
            return _ACTIONS_BY_MASK[mask][:]  # everything is affordable and in stock
        p = (*(PRICES[c][sizes[c]] for c in range(7)), 0)  # index 7 pads short bundles
        out = [act for a, b, c, act in _BUYS_BY_MASK[mask] if p[a] + p[b] + p[c] <= cash]
        if scarce:
            out = [act for act in out if all(act.chains.count(CHAINS[x]) <= bank[x] for x in scarce)]
        return out

    def _may_declare(self) -> bool:
        return self.options.end == "declare" and not self.declared and self.can_end()

    def _defunct_choices(self) -> list[int]:
        biggest = max(self.sizes[c] for c in self.defunct_left)
        return [c for c in self.defunct_left if self.sizes[c] == biggest]

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[ev.Event]:
        """Carry out `action` for the current seat; returns what happened.

        Raises IllegalAction (leaving the game unchanged) if it is not legal now.
        """
        handler = _HANDLERS.get((self.phase, type(action)))
        if handler is None:
            raise IllegalAction(f"{type(action).__name__} is not allowed in the {self.phase} phase")
        out: list[ev.Event] = []
        handler(self, action, out)
        return out

    def _who(self, seat: int) -> tuple[int, str]:
        return seat, self.names[seat]

    def _chain_index(self, letter: object) -> int:
        if not isinstance(letter, str) or len(letter) != 1 or letter not in CHAINS:
            raise IllegalAction(f"unknown chain {letter!r}")
        return CHAINS.index(letter)

    def _place(self, action: PlaceTile, out: list) -> None:
        sq = SQUARE_OF.get(action.tile) if isinstance(action.tile, str) else None
        if sq is None:
            raise IllegalAction(f"no such tile {action.tile!r}")
        hand = self.hands[self.current]
        if sq not in hand:
            raise IllegalAction(f"{action.tile} is not in your hand")
        effect = self._effect(sq)
        if effect not in PLAYABLE:
            raise IllegalAction(f"{action.tile} cannot be placed: {effect}")
        hand.remove(sq)
        self.cells[sq] = LOOSE
        self.stuck = 0
        out.append(ev.TilePlaced(*self._who(self.current), action.tile, effect))
        if effect == LONE:
            self.phase = Phase.BUY
        elif effect == FOUND:
            self.placed = sq
            self.phase = Phase.FOUND
        elif effect == GROW:
            chain = self._touching(sq)[0]
            self._absorb(sq, chain)
            out.append(ev.ChainGrew(-1, "", CHAINS[chain], self.sizes[chain]))
            self.phase = Phase.BUY
        else:
            self._start_merger(sq, out)

    def _absorb(self, sq: int, chain: int) -> None:
        """The chain takes `sq` and every unincorporated tile connected to it."""
        group = self._connected_loose(sq)
        for s in group:
            self.cells[s] = chain
        self.sizes[chain] += len(group)

    def _found(self, action: FoundChain, out: list) -> None:
        chain = self._chain_index(action.chain)
        if self.sizes[chain]:
            raise IllegalAction(f"{action.chain} is already on the board")
        self._absorb(self.placed, chain)
        self.placed = -1
        free = self.bank[chain] > 0
        if free:
            self.bank[chain] -= 1
            self.stock[self.current][chain] += 1
        out.append(ev.ChainFounded(*self._who(self.current), action.chain, self.sizes[chain], free))
        self.phase = Phase.BUY

    def _start_merger(self, sq: int, out: list) -> None:
        self.placed = sq
        chains = self._touching(sq)
        biggest = max(self.sizes[c] for c in chains)
        tied = [c for c in chains if self.sizes[c] == biggest]
        self.defunct_left = chains
        if len(tied) > 1:
            self.survivor_choices = sorted(tied)
            self.phase = Phase.SURVIVOR
        else:
            self._set_survivor(tied[0], out)

    def _choose_survivor(self, action: ChooseSurvivor, out: list) -> None:
        chain = self._chain_index(action.chain)
        if chain not in self.survivor_choices:
            choices = "/".join(CHAINS[c] for c in self.survivor_choices)
            raise IllegalAction(f"the survivor must be one of {choices}")
        self._set_survivor(chain, out)

    def _set_survivor(self, chain: int, out: list) -> None:
        self.survivor = chain
        self.survivor_choices = []
        self.defunct_left = sorted((c for c in self.defunct_left if c != chain), key=lambda c: -self.sizes[c])
        out.append(
            ev.MergerStarted(
                *self._who(self.turn), CHAINS[chain], tuple(CHAINS[c] for c in self.defunct_left)
            )
        )
        self._next_defunct(out)

    def _next_defunct(self, out: list) -> None:
        """Handle the next defunct chain, or finish the merger when none is left."""
        if not self.defunct_left:
            self._finish_merger(out)
            return
        choices = self._defunct_choices()
        if len(choices) > 1:
            self.current = self.turn
            self.phase = Phase.DEFUNCT
            return
        self._handle_defunct(choices[0], out)

    def _choose_defunct(self, action: ChooseDefunct, out: list) -> None:
        chain = self._chain_index(action.chain)
        choices = self._defunct_choices()
        if chain not in choices:
            raise IllegalAction(
                f"the next defunct chain must be one of {'/'.join(CHAINS[c] for c in choices)}"
            )
        self._handle_defunct(chain, out)

    def _handle_defunct(self, chain: int, out: list) -> None:
        self.defunct_left.remove(chain)
        self.defunct = chain
        self._pay_bonuses(chain, out)
        n = self.players
        self.disposers = [s for s in ((self.turn + i) % n for i in range(n)) if self.stock[s][chain] > 0]
        self._next_disposer(out)

    def _next_disposer(self, out: list) -> None:
        if self.disposers:
            self.current = self.disposers.pop(0)
            self.phase = Phase.DISPOSE
        else:
            self.defunct = -1
            self.current = self.turn
            self._next_defunct(out)

    def _dispose(self, action: Dispose, out: list) -> None:
        seat, chain, survivor = self.current, self.defunct, self.survivor
        held = self.stock[seat][chain]
        sell, trade = action.sell, action.trade
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in (sell, trade)):
            raise IllegalAction("sell and trade must be whole numbers, 0 or more")
        if trade % 2:
            raise IllegalAction("shares are traded two for one: trade an even number")
        if sell + trade > held:
            raise IllegalAction(f"you hold only {held} {CHAINS[chain]}")
        if trade // 2 > self.bank[survivor]:
            raise IllegalAction(f"the bank has only {self.bank[survivor]} {CHAINS[survivor]} to trade")
        who = self._who(seat)
        if sell:
            amount = sell * PRICES[chain][self.sizes[chain]]
            self.money[seat] += amount
            self.stock[seat][chain] -= sell
            self.bank[chain] += sell
            out.append(ev.SharesSold(*who, CHAINS[chain], sell, amount))
        if trade:
            self.stock[seat][chain] -= trade
            self.bank[chain] += trade
            self.stock[seat][survivor] += trade // 2
            self.bank[survivor] -= trade // 2
            out.append(ev.SharesTraded(*who, CHAINS[chain], CHAINS[survivor], trade, trade // 2))
        kept = held - sell - trade
        if kept:
            out.append(ev.SharesKept(*who, CHAINS[chain], kept))
        self._next_disposer(out)

    def _pay_bonuses(self, chain: int, out: list) -> None:
        """Majority/minority bonuses of RULES §7.1 (and §12's stock market)."""
        holdings = [row[chain] for row in self.stock]
        if self.players == 2:
            holdings.append(self._market_draw(chain, out))
        if not any(holdings):
            return
        price = PRICES[chain][self.sizes[chain]]
        pay = split_bonuses(holdings, 10 * price, 5 * price)
        paid = [a for a in pay if a]
        first = max(holdings)
        for i, amount in enumerate(pay):
            if not amount:
                continue
            if len(paid) == 1:
                kind = "both"
            elif holdings[i] == first:
                kind = "majority" if holdings.count(first) == 1 else "shared"
            else:
                kind = "minority"
            if i == self.players:  # the two-player stock market: its money leaves the game
                out.append(ev.MarketBonus(-1, "Market", CHAINS[chain], amount, kind))
                continue
            self.money[i] += amount
            out.append(ev.BonusPaid(*self._who(i), CHAINS[chain], amount, kind))

    def _market_draw(self, chain: int, out: list) -> int:
        """RULES §12: a drawn tile's column is the market's holding; back it goes."""
        if not self.pool:
            return 0
        if self.rng is None:  # a view: its pool is sorted, so shuffle it before drawing
            self.rng = random.Random(0)
            self.rng.shuffle(self.pool)
        count = self.pool[-1] % 12 + 1
        self.rng.shuffle(self.pool)
        out.append(ev.MarketHolds(-1, "Market", CHAINS[chain], count))
        return count

    def _finish_merger(self, out: list) -> None:
        survivor = self.survivor
        cells = self.cells
        gone = [c for c in range(7) if c != survivor and c in self._touching(self.placed)]
        for s in range(SQUARES):
            if cells[s] in gone:
                cells[s] = survivor
        for c in gone:
            self.sizes[survivor] += self.sizes[c]
            self.sizes[c] = 0
        self._absorb(self.placed, survivor)
        for c in gone:
            out.append(ev.ChainDefunct(-1, "", CHAINS[c], CHAINS[survivor], self.sizes[survivor]))
        self.placed = self.survivor = self.defunct = -1
        self.current = self.turn
        self.phase = Phase.BUY

    def _declare(self, action: DeclareEnd, out: list) -> None:
        if not self._may_declare():
            if self.options.end != "declare":
                raise IllegalAction("the game ends by itself with the auto end rule")
            if self.declared:
                raise IllegalAction("the end is already declared")
            raise IllegalAction("the end may be declared only with a 41+ chain or all chains safe")
        self.declared = True
        out.append(ev.EndDeclared(*self._who(self.current)))

    def _buy(self, action: BuyShares, out: list) -> None:
        chains = action.chains
        if not isinstance(chains, tuple) or len(chains) > MAX_BUY:
            raise IllegalAction(f"buy a tuple of at most {MAX_BUY} chain letters")
        idx = [self._chain_index(c) for c in chains]
        seat = self.current
        cost = 0
        for c in set(idx):
            if not self.sizes[c]:
                raise IllegalAction(f"{CHAINS[c]} is not on the board")
            if self.bank[c] < idx.count(c):
                raise IllegalAction(f"the bank has only {self.bank[c]} {CHAINS[c]}")
            cost += idx.count(c) * PRICES[c][self.sizes[c]]
        if cost > self.money[seat]:
            raise IllegalAction(f"that costs ${cost:,}; you have ${self.money[seat]:,}")
        for c in idx:
            self.bank[c] -= 1
            self.stock[seat][c] += 1
        self.money[seat] -= cost
        ordered = tuple(sorted(chains, key=CHAINS.index)) if len(chains) > 1 else chains
        out.append(ev.SharesBought(*self._who(seat), ordered, cost))
        self._end_turn(out)

    # ------------------------------------------------------------ turn flow

    def _end_turn(self, out: list) -> None:
        n = self.players
        if self.declared or (self.options.end == "auto" and self.can_end()):
            self._game_over(out)
            return
        if self.stuck >= n:
            out.append(ev.Stalemate(-1, ""))
            self._game_over(out)
            return
        self._refill(self.turn, out)
        self.turn = self.current = (self.turn + 1) % n
        self._begin_turn(out)

    def _refill(self, seat: int, out: list | None) -> None:
        """RULES §8 and §10: replace dead tiles, repeatedly, then draw up to six."""
        hand = self.hands[seat]
        drawn: list[int] = []
        dead = self._dead_tiles(hand)
        while True:
            if dead:
                for t in dead:
                    hand.remove(t)
                if out is not None:
                    out.append(ev.DeadTilesReplaced(*self._who(seat), tuple(TILE_NAMES[t] for t in dead)))
            new = []
            while len(hand) + len(new) < HAND_SIZE and self.pool:
                new.append(self.pool.pop())
            hand.extend(new)
            drawn.extend(new)
            # The board has not changed, so only newly drawn tiles can be dead.
            dead = self._dead_tiles(new)
            if not dead:
                break
        if drawn and out is not None:
            out.append(ev.TilesDrawn(*self._who(seat), tuple(TILE_NAMES[t] for t in drawn)))

    def _begin_turn(self, out: list | None = None) -> None:
        """RULES §8: a hand with no playable tile is replaced; if still none, skip to buying."""
        seat = self.turn
        self.phase = Phase.PLACE
        if out is not None:
            out.append(ev.TurnStarted(*self._who(seat)))
        hand = self.hands[seat]
        if self._playable_tiles(hand):
            return
        # With an empty pool a new hand cannot be drawn, so the old one is kept.
        if self.pool:
            old = tuple(TILE_NAMES[t] for t in hand)
            hand.clear()
            if out is not None and old:
                out.append(ev.HandReplaced(*self._who(seat), old))
            self._refill(seat, out)
            if self._playable_tiles(hand):
                return
        if not self.pool:
            self.stuck += 1
        if out is not None:
            out.append(ev.NoPlayableTile(*self._who(seat)))
        self.phase = Phase.BUY

    def _game_over(self, out: list) -> None:
        """RULES §11 final scoring: bonuses for every chain, then every share sold."""
        for c in range(7):
            if self.sizes[c]:
                self._pay_bonuses(c, out)
        for c in range(7):
            if not self.sizes[c]:
                continue
            p = PRICES[c][self.sizes[c]]
            for seat in range(self.players):
                count = self.stock[seat][c]
                if count:
                    self.money[seat] += count * p
                    self.stock[seat][c] = 0
                    self.bank[c] += count
                    out.append(ev.SharesSold(*self._who(seat), CHAINS[c], count, count * p))
        self.phase = Phase.OVER
        scores = tuple(self.money)
        out.append(ev.GameOver(-1, "", scores, tuple(self.winners()), tuple(self.names)))

    # ----------------------------------------------------------- copy & view

    def copy(self) -> Game:
        g = Game.__new__(Game)
        g.names = self.names  # never mutated
        g.money = self.money[:]
        g.stock = [row[:] for row in self.stock]
        g.bank = self.bank[:]
        g.hands = [h[:] for h in self.hands]
        g.pool = self.pool[:]
        g.cells = self.cells[:]
        g.sizes = self.sizes[:]
        g.phase = self.phase
        g.current = self.current
        g.turn = self.turn
        g.options = self.options
        # After the deal only the two-player stock market draws at random; with more
        # players the generator is never used again and can be shared (copying one
        # costs more than the rest of the state together).
        if self.players == 2 and self.rng is not None:
            g.rng = random.Random()
            g.rng.setstate(self.rng.getstate())
        else:
            g.rng = self.rng
        g.placed = self.placed
        g.survivor = self.survivor
        g.survivor_choices = self.survivor_choices[:]
        g.defunct_left = self.defunct_left[:]
        g.defunct = self.defunct
        g.disposers = self.disposers[:]
        g.declared = self.declared
        g.stuck = self.stuck
        g.hand_sizes = self.hand_sizes[:] if self.hand_sizes is not None else None
        return g

    def view(self, seat: int) -> Game:
        """What `seat` may know: its own hand; the other hands and the pool become
        one unordered pile (the pool, sorted), and the random source is reset."""
        g = self.copy()
        g.hand_sizes = self.hand_sizes[:] if self.hand_sizes is not None else [len(h) for h in self.hands]
        unseen = list(self.pool)
        for s in range(self.players):
            if s != seat:
                unseen.extend(g.hands[s])
                g.hands[s] = []
        g.pool = sorted(unseen)
        g.rng = None  # its state would tell the pool order
        return g

    def determinize(self, rng: random.Random) -> Game:
        """For a view: a full game with the hidden tiles dealt at random, to search on."""
        g = self.copy()
        if self.hand_sizes is None:
            return g
        rng.shuffle(g.pool)
        for s in range(self.players):
            while len(g.hands[s]) < self.hand_sizes[s]:
                g.hands[s].append(g.pool.pop())
        g.hand_sizes = None
        g.rng = random.Random(rng.random())
        return g

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in Game.__slots__ if k != "rng") and (
            _rng_state(self.rng) == _rng_state(other.rng)
        )

    __hash__ = None  # type: ignore[assignment]

    # ----------------------------------------------------------- save format

    def to_json(self) -> str:
        from .position import dump

        return dump(self)

    @classmethod
    def from_json(cls, text: str) -> Game:
        from .position import load

        return load(text)


def _rng_state(rng: random.Random | None) -> object:
    return rng.getstate() if rng is not None else None


_HANDLERS = {
    (Phase.PLACE, PlaceTile): Game._place,
    (Phase.FOUND, FoundChain): Game._found,
    (Phase.SURVIVOR, ChooseSurvivor): Game._choose_survivor,
    (Phase.DEFUNCT, ChooseDefunct): Game._choose_defunct,
    (Phase.DISPOSE, Dispose): Game._dispose,
    (Phase.BUY, BuyShares): Game._buy,
    (Phase.BUY, DeclareEnd): Game._declare,
}
