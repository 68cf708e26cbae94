"""The recap of the other players' turns since the viewer's last one: a line per turn and per
defunct chain's bonuses, and the tiles those turns placed (marked on the board)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import assert_never

from acquire8.app.text import KIND_SHORT, LINE_CHARS, money, pack
from acquire8.rules import events as ev

RECAP_CHARS = LINE_CHARS - 1  # the recap's lines, inside its panel's frame with a margin each side


def _turn_seat(turn: list[ev.Event]) -> int | None:
    for e in turn:
        if isinstance(e, ev.TurnStarted | ev.TilePlaced | ev.SharesBought | ev.NoPlayableTile):
            return e.seat
    return None


def _turns_since(events: Iterable[ev.Event], viewer: int) -> list[list[ev.Event]]:
    """The other players' turns after the viewer's last one, each as its list of events.
    The viewer's turn under way at the end of `events` (if any) is left out."""
    turns: list[list[ev.Event]] = [[]]
    for e in events:
        if isinstance(e, ev.TurnStarted):
            turns.append([])
        turns[-1].append(e)
    turns = [t for t in turns if t]
    while turns and _turn_seat(turns[-1]) == viewer:
        turns.pop()
    out: list[list[ev.Event]] = []
    for turn in reversed(turns):
        if _turn_seat(turn) == viewer:
            break
        out.append(turn)
    return out[::-1]


def _bought(chains: tuple[str, ...]) -> str:
    if not chains:
        return "no buy"
    return "buys " + " ".join(f"{chains.count(c)} {c}" for c in dict.fromkeys(chains))


def recap(events: Iterable[ev.Event], viewer: int, names: Sequence[str]) -> list[str]:
    """What the other players did since `viewer`'s last turn: a line per turn ("Ana 7C:
    grows I to 5, buys 3 I") and per defunct chain who got which bonus; lines of at most
    RECAP_CHARS (the recap panel's width), broken between whole words."""
    lines: list[str] = []
    for turn in _turns_since(events, viewer):
        seat = _turn_seat(turn)
        tile = ""
        parts: list[str] = []
        bonuses: dict[str, list[tuple[int, str, str]]] = {}  # defunct chain -> (amount, who, kind)
        bought = False
        for e in turn:
            match e:
                case ev.TilePlaced():
                    tile = e.tile
                    if e.kind == "lone":
                        parts.append("no chain")
                case ev.ChainFounded():
                    parts.append(f"founds {e.chain}")
                case ev.ChainGrew():
                    parts.append(f"grows {e.chain} to {e.size}")
                case ev.MergerStarted():
                    parts.append(f"merges {'+'.join(e.defunct)} into {e.survivor}")
                case ev.HandReplaced():
                    parts.append("new hand")
                case ev.NoPlayableTile():
                    parts.append("no tile to play")
                case ev.EndDeclared():
                    parts.append("declares the end")
                case ev.SharesBought():
                    parts.append(_bought(e.chains))
                    bought = True
                case ev.BonusPaid() | ev.MarketBonus():
                    if not bought:  # after the buy they are the final scoring, not a merger
                        who = "Market" if isinstance(e, ev.MarketBonus) else names[e.seat]
                        bonuses.setdefault(e.chain, []).append((e.amount, who, e.kind))
                case (
                    ev.TurnStarted()
                    | ev.StartTiles()
                    | ev.MarketHolds()
                    | ev.SharesSold()
                    | ev.SharesTraded()
                    | ev.SharesKept()
                    | ev.ChainDefunct()
                    | ev.DeadTilesReplaced()
                    | ev.TilesDrawn()
                    | ev.Stalemate()
                    | ev.GameOver()
                ):
                    pass  # too small for the recap, or told on a screen of their own
                case _:
                    assert_never(e)
        if seat is None or not (tile or parts):  # a turn only just started tells nothing yet
            continue
        head = f"{names[seat]} {tile}:" if tile else f"{names[seat]}:"
        first = f"{head} {parts[0]}" if parts else head
        lines += pack([first, *parts[1:]], ", ", "  ", RECAP_CHARS)
        for chain, paid in bonuses.items():
            paid.sort(key=lambda x: -x[0])  # the majority first
            said = [f"{who} {money(n)} {KIND_SHORT[kind]}" for n, who, kind in paid]
            lines += pack([f"{chain} bonus: {said[0]}", *said[1:]], ", ", "  ", RECAP_CHARS)
    return lines


def tiles_since(events: Iterable[ev.Event], viewer: int) -> list[str]:
    """The tiles the other players placed since `viewer`'s last turn, oldest first."""
    return [e.tile for turn in _turns_since(events, viewer) for e in turn if isinstance(e, ev.TilePlaced)]
