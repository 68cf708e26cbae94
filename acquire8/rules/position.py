"""The position format of docs/DESIGN.md as plain data: text in, a checked `Position` out, and back.

`parse` checks everything and raises ValueError naming the first problem found; `Game`
builds itself from the `Position` it returns (`Game.from_json`) and writes one to save
(`Game.to_json`). `minimal` writes a minimal position from Python values (what tests, the
lesson and the demo start from; `Game.from_position` loads it). This module knows nothing
of `Game`.

Beyond the minimal position, a full save carries the turn in flight: "phase", "acting",
"pending", "merger", "declared", "stuck", "pool_emptied", the random state "rng" (or a
"seed"), "start_tiles" (RULES §3, by seat) and, for a view, "hand_sizes".
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .options import Options, Phase, check_players
from .tables import (
    CHAIN_COUNT,
    CHAINS,
    COLS,
    EMPTY,
    HAND_SIZE,
    LOOSE,
    NEIGHBOURS,
    ROW_LETTERS,
    ROWS,
    SHARES_PER_CHAIN,
    SQUARE_OF,
    SQUARES,
    TILE_NAMES,
)

FORMAT = 1
_T = TypeVar("_T")
_CELL_OF = {".": EMPTY, "#": LOOSE, **{c: i for i, c in enumerate(CHAINS)}}
_LETTER_OF = {v: k for k, v in _CELL_OF.items()}


@dataclass
class Position:
    """A whole game as plain values: squares and chains as indices (tables.py), seats as
    numbers. `phase` None is a minimal position: the turn of `turn` is under way in phase
    "place" (what that means for the hand: `Game.from_json`)."""

    names: list[str]
    options: Options
    cells: list[int]  # per square: EMPTY, LOOSE or a chain index
    cash: list[int]
    stock: list[list[int]]  # [seat][chain]
    hands: list[list[int]]
    pool: list[int]  # the next tile drawn is pool[-1]
    turn: int
    phase: Phase | None = None
    acting: int = -1  # the seat that must act (the disposer in "dispose"); -1: `turn`
    pending: int = -1  # the tile being resolved
    survivor: int = -1
    survivor_choices: list[int] = field(default_factory=list)
    defunct_left: list[int] = field(default_factory=list)
    defunct: int = -1
    disposers: list[int] = field(default_factory=list)
    declared: bool = False
    stuck: int = 0
    pool_emptied: bool = False  # the last tile of the pool was drawn this turn (RULES §11)
    start_tiles: list[int] | None = None  # by seat; None when not known
    hand_sizes: list[int] | None = None  # a view: every seat's hand size
    rng: random.Random | None = None  # None in a view

    @property
    def sizes(self) -> list[int]:
        """Tiles of each chain on the board."""
        return [self.cells.count(c) for c in range(CHAIN_COUNT)]

    @property
    def bank(self) -> list[int]:
        """Shares the bank holds: SHARES_PER_CHAIN minus what players hold."""
        return [SHARES_PER_CHAIN - sum(row[c] for row in self.stock) for c in range(CHAIN_COUNT)]


# -------------------------------------------------------------------- writing


def minimal(
    board: Sequence[str] | Mapping[str, str],
    players: Sequence[Mapping[str, Any]],
    pool: Sequence[str] = (),
    current: int = 0,
    options: Options | None = None,
    seed: int | None = None,
) -> str:
    """The minimal position of docs/DESIGN.md as text: seat `current` to play, phase "place".

    `board` is the format's nine rows, or {tile: letter} for the squares that are not
    empty ({"5E": "T", "6E": "#"}). Each player is the format's object: "name", "cash",
    "shares" ({"T": 3}), "hand" (what is left out is the format's default). `pool` lists
    the tiles to draw, the next first; `seed` starts the random source (the two-player
    market's draws), none: a fresh one. Nothing is checked here: `parse` (and so
    `Game.from_json`) names what is wrong."""
    if isinstance(board, Mapping):
        grid = [["."] * COLS for _ in range(ROWS)]
        for tile, letter in board.items():
            sq = _square(tile, "board")
            grid[sq // COLS][sq % COLS] = letter
        rows = ["".join(row) for row in grid]
    else:
        rows = list(board)
    opts = options or Options()
    data: dict[str, Any] = {
        "format": FORMAT,
        "board": rows,
        "players": [dict(p) for p in players],
        "pool": list(pool),
        "current": current,
        "options": opts.to_dict(),
    }
    if seed is not None:
        data["seed"] = seed
    return json.dumps(data)


def dump(p: Position) -> str:
    players = [
        {
            "name": p.names[s],
            "cash": p.cash[s],
            "shares": {CHAINS[c]: n for c, n in enumerate(p.stock[s]) if n},
            "hand": [TILE_NAMES[t] for t in p.hands[s]],
        }
        for s in range(len(p.names))
    ]
    rows = ["".join(_LETTER_OF[p.cells[r * COLS + c]] for c in range(COLS)) for r in range(ROWS)]
    data = {
        "format": FORMAT,
        "board": rows,
        "players": players,
        "pool": [TILE_NAMES[t] for t in reversed(p.pool)],
        "current": p.turn,
        "options": p.options.to_dict(),
        "phase": (p.phase or Phase.PLACE).value,
        "acting": p.acting if p.acting >= 0 else p.turn,
        "pending": TILE_NAMES[p.pending] if p.pending >= 0 else None,
        "merger": {
            "survivor": _letter(p.survivor),
            "survivor_choices": [CHAINS[c] for c in p.survivor_choices],
            "defunct_left": [CHAINS[c] for c in p.defunct_left],
            "defunct": _letter(p.defunct),
            "disposers": list(p.disposers),
        },
        "declared": p.declared,
        "stuck": p.stuck,
        "pool_emptied": p.pool_emptied,
    }
    if p.start_tiles is not None:
        data["start_tiles"] = [TILE_NAMES[t] for t in p.start_tiles]
    if p.rng is not None:
        version, internal, gauss = p.rng.getstate()
        data["rng"] = [version, list(internal), gauss]
    if p.hand_sizes is not None:
        data["hand_sizes"] = list(p.hand_sizes)
    return json.dumps(data, separators=(",", ":"))


def _letter(chain: int) -> str | None:
    return CHAINS[chain] if chain >= 0 else None


# -------------------------------------------------------------------- reading


def parse(text: str) -> Position:
    try:
        data = json.loads(text)
    except (TypeError, json.JSONDecodeError) as e:
        raise ValueError(f"not a position: invalid JSON ({e})") from None
    if not isinstance(data, dict):
        raise ValueError("not a position: expected a JSON object")
    fmt = data.get("format")
    if fmt != FORMAT:
        if isinstance(fmt, int) and fmt > FORMAT:
            raise ValueError(f"position format {fmt} is newer than this game (format {FORMAT})")
        raise ValueError(f"unknown position format {fmt!r}")
    players = _need(data, "players", list)
    options = Options.from_dict(data.get("options", {}))
    n = len(players)
    check_players(options.mode, n)
    names = []
    for i, pl in enumerate(players):
        if not isinstance(pl, dict):
            raise ValueError(f"player {i + 1}: expected an object")
        name = pl.get("name", f"P{i + 1}")
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"player {i + 1}: name must be a non-empty string")
        names.append(name)
    p = Position(
        names=names,
        options=options,
        cells=[EMPTY] * SQUARES,
        cash=[0] * n,
        stock=[[0] * CHAIN_COUNT for _ in range(n)],
        hands=[[] for _ in range(n)],
        pool=[],
        turn=0,
    )
    where: dict[int, str] = {}  # square -> where that tile is, to catch duplicates

    def claim(sq: int, place: str) -> None:
        if sq in where:
            raise ValueError(f"tile {TILE_NAMES[sq]} is both in {where[sq]} and in {place}")
        where[sq] = place

    _parse_board(p, _need(data, "board", list), claim)
    for i, pl in enumerate(players):
        _parse_player(p, i, pl, claim)
    p.pool = [_square(t, "pool") for t in reversed(_need(data, "pool", list))]
    for sq in p.pool:
        claim(sq, "the pool")
    for c in range(CHAIN_COUNT):
        held = sum(row[c] for row in p.stock)
        if held > SHARES_PER_CHAIN:
            raise ValueError(f"players hold {held} {CHAINS[c]} shares; there are only {SHARES_PER_CHAIN}")
    p.turn = _seat(data.get("current", 0), n, "current")
    if "phase" in data:
        _parse_progress(p, data)
    _check_board(p)
    if p.phase is not None:
        _check_phase(p)
    if "start_tiles" in data:
        p.start_tiles = _start_tiles(data["start_tiles"], p)
    if "rng" in data:
        try:
            version, internal, gauss = data["rng"]
            p.rng = random.Random()
            p.rng.setstate((version, tuple(internal), gauss))
        except (TypeError, ValueError, OverflowError) as e:
            raise ValueError(f"rng: not a saved random state ({e})") from None
    elif "seed" in data:
        p.rng = random.Random(data["seed"])
    elif p.hand_sizes is None:
        p.rng = random.Random()  # a view alone has no random source of its own
    return p


def _need(data: dict, key: str, kind: type[_T]) -> _T:
    if key not in data:
        raise ValueError(f"position has no {key!r}")
    value = data[key]
    if not isinstance(value, kind):
        raise ValueError(f"{key}: expected a {kind.__name__}")
    return value


def _square(name: object, where: str) -> int:
    if not isinstance(name, str) or name not in SQUARE_OF:
        raise ValueError(f"{where}: {name!r} is not a tile (1A..12I)")
    return SQUARE_OF[name]


def _seat(value: object, players: int, key: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise ValueError(f"{key}: {value!r} is not a seat (0..{players - 1})")
    return value


def _count(value: object, what: str, top: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
        raise ValueError(f"{what}: {value!r} must be a whole number from 0 to {top}")
    return value


def _flag(value: object, key: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{key}: expected true or false")
    return value


def _parse_board(p: Position, rows: list, claim: Callable[[int, str], None]) -> None:
    if len(rows) != ROWS:
        raise ValueError(f"board: {len(rows)} rows, expected {ROWS} (A-I)")
    for r, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != COLS:
            raise ValueError(f"board row {ROW_LETTERS[r]}: expected {COLS} characters, got {row!r}")
        for c, ch in enumerate(row):
            if ch not in _CELL_OF:
                raise ValueError(
                    f"board row {ROW_LETTERS[r]}: unknown letter {ch!r} at {c + 1}{ROW_LETTERS[r]}"
                )
            sq = r * COLS + c
            p.cells[sq] = _CELL_OF[ch]
            if ch != ".":
                claim(sq, "the board")


def _parse_player(p: Position, i: int, pl: dict, claim: Callable[[int, str], None]) -> None:
    who = f"player {i + 1} ({p.names[i]})"
    p.cash[i] = _count(pl.get("cash", 0), f"{who} cash", 10**9)
    shares = pl.get("shares", {})
    if not isinstance(shares, dict):
        raise ValueError(f'{who} shares: expected an object like {{"T": 3}}')
    for letter, n in shares.items():
        if letter not in CHAINS or len(letter) != 1:
            raise ValueError(f"{who} shares: unknown chain {letter!r}")
        p.stock[i][CHAINS.index(letter)] = _count(n, f"{who} {letter} shares", SHARES_PER_CHAIN)
    hand = pl.get("hand", [])
    if not isinstance(hand, list) or len(hand) > HAND_SIZE:
        raise ValueError(f"{who} hand: expected a list of at most {HAND_SIZE} tiles")
    for t in hand:
        sq = _square(t, f"{who} hand")
        claim(sq, f"{who}'s hand")
        p.hands[i].append(sq)


def _start_tiles(value: object, p: Position) -> list[int]:
    if not isinstance(value, list) or len(value) != len(p.names):
        raise ValueError("start_tiles: expected one tile per player")
    tiles = [_square(t, "start_tiles") for t in value]
    for t in tiles:
        if p.cells[t] == EMPTY:
            raise ValueError(f"start_tiles: {TILE_NAMES[t]} is not on the board (start tiles stay there)")
    if len(set(tiles)) != len(tiles):
        raise ValueError("start_tiles: a tile twice")
    return tiles


def _check_board(p: Position) -> None:
    """Every chain is one connected group of 2+ tiles; nothing touches a chain but
    its own tiles (a loose tile next to a chain would have joined it), except the
    tile being resolved."""
    cells = p.cells
    for c, size in enumerate(p.sizes):
        if size == 1:
            raise ValueError(f"chain {CHAINS[c]} has 1 tile; a chain has at least 2")
        if size:
            start = cells.index(c)
            seen = {start}
            todo = [start]
            while todo:
                for nb in NEIGHBOURS[todo.pop()]:
                    if nb not in seen and cells[nb] == c:
                        seen.add(nb)
                        todo.append(nb)
            if len(seen) != size:
                raise ValueError(f"chain {CHAINS[c]} is split in parts; a chain is one connected group")
    for sq in range(SQUARES):
        cell = cells[sq]
        if cell == EMPTY or sq == p.pending:
            continue
        for nb in NEIGHBOURS[sq]:
            other = cells[nb]
            if nb != p.pending and other not in (EMPTY, cell):
                raise ValueError(
                    f"{TILE_NAMES[sq]} ({_LETTER_OF[cell]}) touches {TILE_NAMES[nb]} "
                    f"({_LETTER_OF[other]}): they would have joined one chain"
                )


def _chain_list(value: object, key: str) -> list[int]:
    if not isinstance(value, list) or any(
        not isinstance(c, str) or c not in CHAINS or len(c) != 1 for c in value
    ):
        raise ValueError(f"{key}: expected a list of chain letters")
    return [CHAINS.index(c) for c in value]


def _chain_or_none(value: object, key: str) -> int:
    if value is None:
        return -1
    if not isinstance(value, str) or len(value) != 1 or value not in CHAINS:
        raise ValueError(f"{key}: {value!r} is not a chain letter")
    return CHAINS.index(value)


def _parse_progress(p: Position, data: dict) -> None:
    """A full save: the phase and everything in flight within the turn."""
    n = len(p.names)
    try:
        p.phase = Phase(data["phase"])
    except ValueError:
        raise ValueError(f"phase: unknown phase {data['phase']!r}") from None
    p.acting = _seat(data.get("acting", p.turn), n, "acting")
    pending = data.get("pending")
    if pending is not None:
        p.pending = _square(pending, "pending")
        if p.cells[p.pending] != LOOSE:
            raise ValueError(f"pending: {pending} must be on the board as '#'")
    merger = data.get("merger") or {}
    if not isinstance(merger, dict):
        raise ValueError("merger: expected an object")
    p.survivor = _chain_or_none(merger.get("survivor"), "merger.survivor")
    p.survivor_choices = _chain_list(merger.get("survivor_choices", []), "merger.survivor_choices")
    p.defunct_left = _chain_list(merger.get("defunct_left", []), "merger.defunct_left")
    p.defunct = _chain_or_none(merger.get("defunct"), "merger.defunct")
    disposers = merger.get("disposers", [])
    if not isinstance(disposers, list):
        raise ValueError("merger.disposers: expected a list of seats")
    p.disposers = [_seat(s, n, "merger.disposers") for s in disposers]
    p.declared = _flag(data.get("declared", False), "declared")
    p.pool_emptied = _flag(data.get("pool_emptied", False), "pool_emptied")
    p.stuck = _count(data.get("stuck", 0), "stuck", 6)
    if "hand_sizes" in data:
        sizes = data["hand_sizes"]
        if not isinstance(sizes, list) or len(sizes) != n:
            raise ValueError("hand_sizes: expected one count per player")
        p.hand_sizes = [_count(k, "hand_sizes", HAND_SIZE) for k in sizes]


def _check_phase(p: Position) -> None:
    """The in-flight fields agree with the phase."""
    sizes = p.sizes
    needs_tile = p.phase in (Phase.FOUND, Phase.SURVIVOR, Phase.DEFUNCT, Phase.DISPOSE)
    if needs_tile != (p.pending >= 0):
        raise ValueError(f"pending: the {p.phase} phase {'needs' if needs_tile else 'has no'} pending tile")
    if p.phase == Phase.FOUND and all(sizes):
        raise ValueError(f"phase: a chain cannot be founded while all {CHAIN_COUNT} are on the board")
    if p.phase == Phase.SURVIVOR and len(p.survivor_choices) < 2:
        raise ValueError("merger.survivor_choices: the survivor phase needs 2+ tied chains")
    if p.phase in (Phase.DEFUNCT, Phase.DISPOSE) and p.survivor < 0:
        raise ValueError(f"merger.survivor: the {p.phase} phase needs a survivor")
    if p.phase == Phase.DEFUNCT:
        biggest = max((sizes[c] for c in p.defunct_left), default=0)
        if sum(1 for c in p.defunct_left if sizes[c] == biggest) < 2:
            raise ValueError("merger.defunct_left: the defunct phase needs 2+ equal chains to order")
    if p.phase == Phase.DISPOSE:
        if p.defunct < 0:
            raise ValueError("merger.defunct: the dispose phase needs a defunct chain")
        if not p.stock[p.acting][p.defunct]:
            raise ValueError(f"acting: seat {p.acting} holds no {CHAINS[p.defunct]} to dispose of")
    for c in [p.survivor, p.defunct, *p.defunct_left, *p.survivor_choices]:
        if c >= 0 and not sizes[c]:
            raise ValueError(f"merger: chain {CHAINS[c]} is not on the board")
