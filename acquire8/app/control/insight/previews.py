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
    play_out,
    survivor_choices,
)
from acquire8.app.text import KIND_SHORT, LINE_CHARS, fit, money, pack
from acquire8.rules import ChooseSurvivor, Game
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
        return [fit(f"DEAD: would merge safe {'+'.join(safe)}"), "swapped at the end of your turn"]
    if effect == "no 8th chain":
        return [f"NO 8TH CHAIN: all {CHAIN_COUNT} on board", "playable once a chain is merged"]
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
        merged = "+".join(chains)
        heads = [f"MERGE {merged}: {pick}" for pick in ("you pick the survivor", "pick the survivor")]
        head = next((h for h in heads if len(h) <= LINE_CHARS), f"MERGE {merged}: pick survivor")
        if hidden:
            return [head, fit(f"{'/'.join(choices)} tie at {game.chain_size(choices[0])} tiles")]
        outcomes = {c: survivor_outcome(game, c, tile) for c in choices}
        if len(set(outcomes.values())) == 1:
            return [head, fit(f"{outcomes[choices[0]]} either way")]
        # the longest wording on one line: "T survives: ...", "T: ...", then without "for you"
        # and "by draw" (the head says whose choice it is); else on lines of their own
        short = {c: o.removesuffix(" for you").removesuffix(" by draw") for c, o in outcomes.items()}
        for parts in (
            [survivor_line(c, o) for c, o in outcomes.items()],
            [f"{c}: {o}" for c, o in outcomes.items()],
            [f"{c}: {o}" for c, o in short.items()],
        ):
            if len("; ".join(parts)) <= LINE_CHARS:
                return [head, "; ".join(parts)]
        return [head, *pack([f"{c}: {o}" for c, o in short.items()], "; ")]
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


def survivor_outcome(game: Game, survivor: str, tile: str | None = None) -> str:
    """What choosing `survivor` in a tie gives the seat deciding: "+$4,000 maj", "no bonus
    for you", "$0-$4,500 by draw" (several defunct chains: their bonuses summed); with hidden
    holdings only its own shares, "you hold 3 C". `tile`: the merging tile, still in the hand
    (the place screen's preview); without it the tie is on the board (the survivor question)."""
    seat = game.current
    if tile is None:
        pays = play_out(game, [ChooseSurvivor(survivor)])[1]
    else:
        result = merger_payouts(game, tile, survivor)
        assert result is not None
        pays = result[2]
    if is_hidden(game):
        return "you hold " + ", ".join(f"{game.shares(seat, p.chain)} {p.chain}" for p in pays)
    if len(pays) == 1:
        return payout_words(pays[0])
    low, high = sum(p.amount for p in pays), sum(p.high for p in pays)
    if not all(p.certain for p in pays):
        return f"{money(low)}-{money(high)} by draw"
    return f"+{money(low)} bonuses" if low else "no bonus for you"


def survivor_line(survivor: str, outcome: str) -> str:
    """ "F survives: +$4,000 maj": a survivor choice and what it gives, the one phrasing of
    the place screen's preview and the survivor question; "F: $2,500-$5,000 by draw" when
    the whole does not fit a line (the question already asks which survives)."""
    line = f"{survivor} survives: {outcome}"
    return line if len(line) <= LINE_CHARS else f"{survivor}: {outcome}"
