"""The position format of DESIGN.md: a full save, or the minimal position tests use.

Loading checks everything and raises ValueError naming the first problem found.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from .game import Game, Options, Phase
from .tables import (
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
_CELL_OF = {".": EMPTY, "#": LOOSE, **{c: i for i, c in enumerate(CHAINS)}}
_LETTER_OF = {v: k for k, v in _CELL_OF.items()}


def dump(g: Game) -> str:
    players = []
    for s in range(g.players):
        players.append(
            {
                "name": g.names[s],
                "cash": g.money[s],
                "shares": {CHAINS[c]: n for c, n in enumerate(g.stock[s]) if n},
                "hand": [TILE_NAMES[t] for t in g.hands[s]],
            }
        )
    rows = ["".join(_LETTER_OF[g.cells[r * COLS + c]] for c in range(COLS)) for r in range(ROWS)]
    data = {
        "format": FORMAT,
        "board": rows,
        "players": players,
        "pool": [TILE_NAMES[t] for t in reversed(g.pool)],
        "current": g.turn,
        "options": {"end": g.options.end, "holdings": g.options.holdings},
        "phase": g.phase.value,
        "acting": g.current,
        "pending": TILE_NAMES[g.placed] if g.placed >= 0 else None,
        "merger": {
            "survivor": _letter(g.survivor),
            "survivor_choices": [CHAINS[c] for c in g.survivor_choices],
            "defunct_left": [CHAINS[c] for c in g.defunct_left],
            "defunct": _letter(g.defunct),
            "disposers": list(g.disposers),
        },
        "declared": g.declared,
        "stuck": g.stuck,
    }
    if g.rng is not None:
        version, internal, gauss = g.rng.getstate()
        data["rng"] = [version, list(internal), gauss]
    if g.hand_sizes is not None:
        data["hand_sizes"] = list(g.hand_sizes)
    return json.dumps(data, separators=(",", ":"))


def _letter(chain: int) -> str | None:
    return CHAINS[chain] if chain >= 0 else None


def load(text: str) -> Game:
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
    if not 2 <= len(players) <= 6:
        raise ValueError(f"a game has 2 to 6 players, not {len(players)}")
    names = []
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            raise ValueError(f"player {i + 1}: expected an object")
        name = p.get("name", f"P{i + 1}")
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"player {i + 1}: name must be a non-empty string")
        names.append(name)
    opts = data.get("options", {})
    if not isinstance(opts, dict):
        raise ValueError("options: expected an object")
    unknown = set(opts) - {"end", "holdings"}
    if unknown:
        raise ValueError(f"options: unknown option {sorted(unknown)[0]!r}")
    g = Game(names, Options(**opts))
    where: dict[int, str] = {}  # square -> where that tile is, to catch duplicates

    def claim(sq: int, place: str) -> None:
        if sq in where:
            raise ValueError(f"tile {TILE_NAMES[sq]} is both in {where[sq]} and in {place}")
        where[sq] = place

    _load_board(g, _need(data, "board", list), claim)
    for i, p in enumerate(players):
        _load_player(g, i, p, claim)
    g.pool = [_square(t, "pool") for t in reversed(_need(data, "pool", list))]
    for sq in g.pool:
        claim(sq, "the pool")
    for c in range(7):
        held = sum(row[c] for row in g.stock)
        if held > SHARES_PER_CHAIN:
            raise ValueError(f"players hold {held} {CHAINS[c]} shares; there are only {SHARES_PER_CHAIN}")
        g.bank[c] = SHARES_PER_CHAIN - held
    g.turn = g.current = _seat(data.get("current", 0), g, "current")
    if "phase" in data:
        _load_progress(g, data)
    else:
        _check_board(g)
        g._begin_turn()
    if "rng" in data:
        try:
            version, internal, gauss = data["rng"]
            g.rng.setstate((version, tuple(internal), gauss))
        except (TypeError, ValueError, OverflowError) as e:
            raise ValueError(f"rng: not a saved random state ({e})") from None
    elif "seed" in data:
        g.rng = random.Random(data["seed"])
    elif g.hand_sizes is not None:
        g.rng = None  # a view has no random source of its own
    return g


def _need(data: dict, key: str, kind: type) -> object:
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


def _seat(value: object, g: Game, key: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < g.players:
        raise ValueError(f"{key}: {value!r} is not a seat (0..{g.players - 1})")
    return value


def _count(value: object, what: str, top: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
        raise ValueError(f"{what}: {value!r} must be a whole number from 0 to {top}")
    return value


def _load_board(g: Game, rows: list, claim: Callable[[int, str], None]) -> None:
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
            g.cells[sq] = _CELL_OF[ch]
            if ch != ".":
                claim(sq, "the board")
                if g.cells[sq] != LOOSE:
                    g.sizes[g.cells[sq]] += 1


def _load_player(g: Game, i: int, p: dict, claim: Callable[[int, str], None]) -> None:
    who = f"player {i + 1} ({g.names[i]})"
    g.money[i] = _count(p.get("cash", 0), f"{who} cash", 10**9)
    shares = p.get("shares", {})
    if not isinstance(shares, dict):
        raise ValueError(f'{who} shares: expected an object like {{"T": 3}}')
    for letter, n in shares.items():
        if letter not in CHAINS or len(letter) != 1:
            raise ValueError(f"{who} shares: unknown chain {letter!r}")
        g.stock[i][CHAINS.index(letter)] = _count(n, f"{who} {letter} shares", SHARES_PER_CHAIN)
    hand = p.get("hand", [])
    if not isinstance(hand, list) or len(hand) > HAND_SIZE:
        raise ValueError(f"{who} hand: expected a list of at most {HAND_SIZE} tiles")
    for t in hand:
        sq = _square(t, f"{who} hand")
        claim(sq, f"{who}'s hand")
        g.hands[i].append(sq)


def _check_board(g: Game) -> None:
    """Every chain is one connected group of 2+ tiles; nothing touches a chain but
    its own tiles (a loose tile next to a chain would have joined it), except the
    tile being resolved."""
    for c in range(7):
        size = g.sizes[c]
        if size == 1:
            raise ValueError(f"chain {CHAINS[c]} has 1 tile; a chain has at least 2")
        if size:
            start = g.cells.index(c)
            seen = {start}
            todo = [start]
            while todo:
                for nb in NEIGHBOURS[todo.pop()]:
                    if nb not in seen and g.cells[nb] == c:
                        seen.add(nb)
                        todo.append(nb)
            if len(seen) != size:
                raise ValueError(f"chain {CHAINS[c]} is split in parts; a chain is one connected group")
    for sq in range(SQUARES):
        cell = g.cells[sq]
        if cell == EMPTY or sq == g.placed:
            continue
        for nb in NEIGHBOURS[sq]:
            other = g.cells[nb]
            if nb != g.placed and other not in (EMPTY, cell):
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


def _load_progress(g: Game, data: dict) -> None:
    """A full save: the phase and everything in flight within the turn."""
    try:
        g.phase = Phase(data["phase"])
    except ValueError:
        raise ValueError(f"phase: unknown phase {data['phase']!r}") from None
    g.current = _seat(data.get("acting", g.turn), g, "acting")
    pending = data.get("pending")
    if pending is not None:
        g.placed = _square(pending, "pending")
        if g.cells[g.placed] != LOOSE:
            raise ValueError(f"pending: {pending} must be on the board as '#'")
    merger = data.get("merger") or {}
    if not isinstance(merger, dict):
        raise ValueError("merger: expected an object")
    g.survivor = _chain_or_none(merger.get("survivor"), "merger.survivor")
    g.survivor_choices = _chain_list(merger.get("survivor_choices", []), "merger.survivor_choices")
    g.defunct_left = _chain_list(merger.get("defunct_left", []), "merger.defunct_left")
    g.defunct = _chain_or_none(merger.get("defunct"), "merger.defunct")
    disposers = merger.get("disposers", [])
    if not isinstance(disposers, list):
        raise ValueError("merger.disposers: expected a list of seats")
    g.disposers = [_seat(s, g, "merger.disposers") for s in disposers]
    declared = data.get("declared", False)
    if not isinstance(declared, bool):
        raise ValueError("declared: expected true or false")
    g.declared = declared
    g.stuck = _count(data.get("stuck", 0), "stuck", 6)
    if "hand_sizes" in data:
        sizes = data["hand_sizes"]
        if not isinstance(sizes, list) or len(sizes) != g.players:
            raise ValueError("hand_sizes: expected one count per player")
        g.hand_sizes = [_count(n, "hand_sizes", HAND_SIZE) for n in sizes]
    _check_board(g)
    _check_phase(g)


def _check_phase(g: Game) -> None:
    """The in-flight fields agree with the phase."""
    needs_tile = g.phase in (Phase.FOUND, Phase.SURVIVOR, Phase.DEFUNCT, Phase.DISPOSE)
    if needs_tile != (g.placed >= 0):
        raise ValueError(f"pending: the {g.phase} phase {'needs' if needs_tile else 'has no'} pending tile")
    if g.phase == Phase.FOUND and all(g.sizes):
        raise ValueError("phase: a chain cannot be founded while all seven are on the board")
    if g.phase == Phase.SURVIVOR and len(g.survivor_choices) < 2:
        raise ValueError("merger.survivor_choices: the survivor phase needs 2+ tied chains")
    if g.phase in (Phase.DEFUNCT, Phase.DISPOSE) and g.survivor < 0:
        raise ValueError(f"merger.survivor: the {g.phase} phase needs a survivor")
    if g.phase == Phase.DEFUNCT and (not g.defunct_left or len(g._defunct_choices()) < 2):
        raise ValueError("merger.defunct_left: the defunct phase needs 2+ equal chains to order")
    if g.phase == Phase.DISPOSE:
        if g.defunct < 0:
            raise ValueError("merger.defunct: the dispose phase needs a defunct chain")
        if not g.stock[g.current][g.defunct]:
            raise ValueError(f"acting: seat {g.current} holds no {CHAINS[g.defunct]} to dispose of")
    for c in [g.survivor, g.defunct, *g.defunct_left, *g.survivor_choices]:
        if c >= 0 and not g.sizes[c]:
            raise ValueError(f"merger: chain {CHAINS[c]} is not on the board")
