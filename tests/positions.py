"""Build test positions in the minimal position format of docs/DESIGN.md.

A position is plain data (what `Game.from_json` reads), so each test states its
whole starting situation: board, cash, shares, hands, pool and whose turn it is.
"""

from __future__ import annotations

import json
from typing import Any

from acquire8.rules import CHAINS, EndOption, Game, HoldingsOption, Options, minimal_position

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
) -> dict[str, Any]:
    """A minimal position (a dict; json.dumps it or pass it to `load`), built by the rules'
    builder (`minimal_position`).

    Three players by default: with two, RULES §12's stock market joins every bonus.
    Players are named P1, P2, ... unless a player dict names itself. A seed is
    included so the two-player market's reshuffle is reproducible.
    """
    players = players if players is not None else [player(), player(), player()]
    named = [{"name": f"P{i + 1}", **p} for i, p in enumerate(players)]
    options = Options(end=end, holdings=holdings)
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
