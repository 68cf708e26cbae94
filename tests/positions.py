"""Build test positions in the minimal position format of docs/DESIGN.md.

A position is plain data (what `Game.from_json` reads), so each test states its
whole starting situation: board, cash, shares, hands, pool and whose turn it is.
"""

from __future__ import annotations

import json
from typing import Any

from acquire8.rules import (
    CHAINS,
    EndOption,
    Game,
    GameMode,
    HoldingsOption,
    Options,
    Phase,
    PlaceTile,
    minimal_position,
)
from acquire8.rules.tables import END_SIZE, SAFE_SIZE

COLS, ROWS = 12, 9
ROW_LETTERS = "ABCDEFGHI"
ALL_TILES = [f"{c}{r}" for r in ROW_LETTERS for c in range(1, COLS + 1)]


def split(tile: str) -> tuple[int, int]:
    """'5E' -> (column 5, row index 4)."""
    return int(tile[:-1]), ROW_LETTERS.index(tile[-1])


def name(col: int, row: int) -> str:
    return f"{col}{ROW_LETTERS[row]}"


def rect(first: str, last: str) -> list[str]:
    """Every tile of the rectangle with corners `first` and `last`, row by row: rect('1A', '3B')."""
    c1, r1 = split(first)
    c2, r2 = split(last)
    return [
        name(c, r) for r in range(min(r1, r2), max(r1, r2) + 1) for c in range(min(c1, c2), max(c1, c2) + 1)
    ]


def fill(letter: str, *spans: str) -> dict[str, str]:
    """Board cells: fill('T', '1A-4A', '6B') puts T on 1A..4A and on 6B."""
    out = {}
    for span in spans:
        first, _, last = span.partition("-")
        for t in rect(first, last or first):
            out[t] = letter
    return out


def chain(letter: str, size: int, corner: str = "1A", width: int = COLS) -> dict[str, str]:
    """Board cells: one chain of `size` tiles, laid row by row in a block `width` columns wide
    whose top left is `corner` (each row starts under the one above, so the tiles join up):
    chain('T', 14) is 1A-12A and 1B-2B. Tests size chains by the rules with `safe_chain` and
    `end_chain` rather than spelling the tiles out."""
    col, row = split(corner)
    if col + width - 1 > COLS or size > width * (ROWS - row):
        raise ValueError(f"{size} tiles do not fit {width} columns from {corner}")
    return {name(col + i % width, row + i // width): letter for i in range(size)}


def safe_chain(letter: str, corner: str = "1A", short: bool = False, width: int = COLS) -> dict[str, str]:
    """A chain of SAFE_SIZE tiles (one short of it with `short`), laid as `chain` lays it."""
    return chain(letter, SAFE_SIZE - short, corner, width)


def end_chain(letter: str, corner: str = "1A", short: bool = False, width: int = COLS) -> dict[str, str]:
    """A chain of END_SIZE tiles (one short of it with `short`), laid as `chain` lays it."""
    return chain(letter, END_SIZE - short, corner, width)


def chain_row(letter: str, size: int) -> str:
    """A board row in the position format holding a chain of `size` tiles from column 1:
    chain_row('T', 4) is "TTTT........" (at most a row's 12)."""
    if size > COLS:
        raise ValueError(f"a chain of {size} tiles does not fit one row")
    return letter * size + "." * (COLS - size)


def square_after(size: int, corner: str = "1A", width: int = COLS) -> str:
    """The square `chain` would lay a chain's next tile on: what grows a chain of `size` by one."""
    col, row = split(corner)
    return name(col + size % width, row + size // width)


def player(
    cash: int = 6000, shares: dict[str, int] | None = None, hand: list[str] | None = None, name: str = ""
) -> dict[str, Any]:
    p: dict[str, Any] = {"cash": cash, "shares": dict(shares or {}), "hand": list(hand or [])}
    if name:
        p["name"] = name
    return p


def position(
    cells: dict[str, str] | None = None,
    players: list[dict[str, Any]] | None = None,
    pool: list[str] | None = None,
    current: int = 0,
    end: EndOption = "declare",
    holdings: HoldingsOption = "open",
    seed: int | None = 1,
    mode: GameMode = "singles",
) -> dict[str, Any]:
    """A minimal position (a dict; json.dumps it or pass it to `load`), built by the rules'
    builder (`minimal_position`).

    Three players by default: with two, RULES §12's stock market joins every bonus.
    Players are named P1, P2, ... unless a player dict names itself. A seed is
    included so the two-player market's reshuffle is reproducible.
    """
    players = players if players is not None else [player(), player(), player()]
    named = [{"name": f"P{i + 1}", **p} for i, p in enumerate(players)]
    options = Options(mode=mode, end=end, holdings=holdings)
    return json.loads(minimal_position(cells or {}, named, pool or [], current, options, seed))


def load(data: dict[str, Any] | None = None, **kwargs: Any) -> Game:
    """Game.from_json of a position dict, or of `position(**kwargs)`."""
    return Game.from_json(json.dumps(data if data is not None else position(**kwargs)))


def state(g: Game) -> dict[str, Any]:
    """Everything open about a game, for exact before/after comparisons."""
    n = g.players
    return {
        "phase": str(g.phase),
        "current": g.current,
        "cash": [g.cash(s) for s in range(n)],
        "shares": [{c: g.shares(s, c) for c in CHAINS if g.shares(s, c)} for s in range(n)],
        "bank": {c: g.bank_shares(c) for c in CHAINS},
        "board": dict(g.board),
        "sizes": {c: g.chain_size(c) for c in CHAINS if g.chain_size(c)},
        "hands": [sorted(g.hand(s)) for s in range(n)],
    }


def bank_after(held: dict[str, int]) -> dict[str, int]:
    """The bank's shares when players hold `held` in total (25 of each chain otherwise)."""
    return {c: 25 - held.get(c, 0) for c in CHAINS}


def play(g: Game, *actions: Any) -> list:
    """Apply actions in order; all the events, flattened."""
    events = []
    for a in actions:
        events.extend(g.apply(a))
    return events


def disposal(cells: dict[str, str], players: list[dict[str, Any]], tile: str) -> Game:
    """P1 places `tile`, merges, and disposes first (a short pool: the game ends soon)."""
    g = load(cells=cells, players=players, pool=["12I", "10I", "8I"])
    g.apply(PlaceTile(tile))
    assert g.phase == Phase.DISPOSE and g.current == 0
    return g


def dear_survivor_disposal() -> Game:
    """Continental (21 tiles, $900 -> $1,000 after) absorbs Tower (3 tiles, $300) at 9C: P1's
    two Towers sell for $600 but trade for a $1,000 share that also contests the bonus."""
    cells = {**fill("C", "1A-12A", "1B", "1C-8C"), **fill("T", "10C-12C")}
    players = [player(shares={"T": 6}, hand=["9C"]), player(shares={"C": 5}), player(shares={"C": 4, "T": 2})]
    return disposal(cells, players, "9C")


def locked_survivor_disposal() -> Game:
    """Tower (6 tiles, $700 after) absorbs American (5 tiles, $600) at 7C, its bonuses locked
    by the others' 12 and 10 shares: P1's two Americans sell for $1,200."""
    cells = {**fill("T", "1C-6C"), **fill("A", "8C-12C")}
    players = [
        player(shares={"A": 6}, hand=["7C"]),
        player(shares={"T": 12}),
        player(shares={"T": 10, "A": 2}),
    ]
    return disposal(cells, players, "7C")
