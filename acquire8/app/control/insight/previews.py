"""What a hand tile would do, in words: the place screen's one-word label (`preview`) and its
lines of detail (`tile_preview`), from the what-ifs played out on copies (whatif.py)."""

from __future__ import annotations

from itertools import product

from acquire8.app.control.insight.whatif import (
    Payout,
    check_place,
    foundings,
    growth,
    is_hidden,
    merger_payouts,
    survivor_choices,
)
from acquire8.app.text import KIND_SHORT, LINE_CHARS, fit, money, pack
from acquire8.rules import Game
from acquire8.rules.tables import CHAIN_COUNT, SAFE_SIZE


def preview(game: Game, tile: str) -> str:
    """What a hand tile would do: LONE, FOUND, GROW L, MERGE T+L, DEAD, NO 8TH CHAIN."""
    effect = game.tile_effect(tile)
    if effect == "grow":
        return f"GROW {game.merge_chains(tile)[0]}"
    if effect == "merge":
        return "MERGE " + "+".join(game.merge_chains(tile))
    return effect.upper()


def payout_words(p: Payout, short: bool = False) -> str:
    """ "+$4,000 maj" / "no bonus for you" / "$0-$4,500 by draw"; `short` for several on a line."""
    if not p.certain:
        spread = f"{money(p.amount)}-{money(p.high)}"
        return spread if short else f"{spread} by draw"
    if not p.amount:
        return "none" if short else "no bonus for you"
    paid = f"{money(p.amount)} {KIND_SHORT[p.kind]}"
    return paid if short else f"+{paid}"


def tile_preview(game: Game, tile: str, hidden: bool | None = None) -> list[str]:
    """What placing `tile` (in the hand of the seat deciding, phase "place") would do, in
    one or two lines of at most 32 characters (a merger of four chains may take three)."""
    check_place(game, tile)
    seat = game.current
    effect = game.tile_effect(tile)
    chains = game.merge_chains(tile)
    if effect == "lone":
        return ["LONE: touches no tile yet"]
    if effect == "dead":
        safe = [c for c in chains if game.is_safe(c)]
        return [fit(f"DEAD: would merge safe {'+'.join(safe)}"), "it is swapped at your turn's end"]
    if effect == "no 8th chain":
        return [f"NO 8TH CHAIN: all {CHAIN_COUNT} are on board", "playable once a merger frees one"]
    if effect == "grow":
        return _grow_preview(game, tile, chains[0], seat)
    if effect == "found":
        return _found_preview(game, tile)
    return _merge_preview(game, tile, chains, seat, is_hidden(game, hidden))


def _grow_preview(game: Game, tile: str, chain: str, seat: int) -> list[str]:
    grew = growth(game, tile)
    lines = [fit(f"GROW {chain} to {grew.size}: {money(grew.price)}/share")]
    # The second line, whole: the longest wording that fits a line (the gain and the end in a
    # short form if need be, the safe note left out first: the table frames a safe chain).
    safe = [f"{chain} safe at {SAFE_SIZE}+", ""] if grew.made_safe else [""]
    mine = f"your {game.shares(seat, chain)} {chain} +{money(grew.gain)}"
    gain = [mine, f"you +{money(grew.gain)}"] if grew.gain else [""]
    end = ["the end may be declared", "then you may end it", "may end it"] if grew.ends else [""]
    wordings = ["; ".join(n for n in notes if n) for notes in product(safe, gain, end)]
    line = max((w for w in wordings if len(w) <= LINE_CHARS), key=len, default=wordings[-1])
    if line:
        lines.append(fit(line))
    return lines


def _found_preview(game: Game, tile: str) -> list[str]:
    founded = foundings(game, tile)
    size = founded[0].size
    low, high = min(f.price for f in founded), max(f.price for f in founded)
    prices = money(low) if low == high else f"{money(low)}-{money(high)}"
    none_left = [f.chain for f in founded if not f.free_share]
    if not none_left:
        free = "you get a free share"
    elif len(none_left) == len(founded):
        free = "no free share left in the bank"
    else:
        free = f"free share, but none left of {''.join(none_left)}"
    return [fit(f"FOUND a chain of {size}: {prices}"), fit(free)]


def _merge_preview(game: Game, tile: str, chains: list[str], seat: int, hidden: bool) -> list[str]:
    outcome = merger_payouts(game, tile)
    if outcome is None:  # a tie of the largest chains: the merging player picks
        choices = survivor_choices(game, tile)
        head = fit(f"MERGE {'+'.join(chains)}: you choose survivor")
        if hidden:
            return [head, fit(f"{'/'.join(choices)} tie at {game.chain_size(choices[0])} tiles")]
        parts = []
        for c in choices:
            result = merger_payouts(game, tile, c)
            assert result is not None
            pays = result[2]
            total = sum(p.amount for p in pays)
            if not all(p.certain for p in pays):
                low, high = sum(p.amount for p in pays), sum(p.high for p in pays)
                parts.append(f"if {c} {money(low)}-{money(high)}")
            else:
                parts.append(f"if {c} +{money(total)}" if total else f"if {c} none")
        return [head, *pack(parts, ", ")]
    survivor, size, pays = outcome
    head = fit(f"MERGE: {survivor} survives, grows to {size}")
    if hidden:  # your own count only: who gets a bonus would tell the others' counts
        parts = [f"{p.chain} {money(p.price)}, you hold {game.shares(seat, p.chain)}" for p in pays]
    elif len(pays) == 1:
        p = pays[0]
        line = f"{p.chain} {money(p.price)}/share: {payout_words(p)}"
        parts = [line if len(line) <= LINE_CHARS else f"{p.chain} {money(p.price)}: {payout_words(p)}"]
    else:
        parts = [f"{p.chain} {money(p.price)}: {payout_words(p, short=True)}" for p in pays]
    return [head, *pack(parts)]
