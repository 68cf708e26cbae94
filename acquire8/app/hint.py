"""The pause menu's hint: what the hard computer player would do now, and why, in one line.

The decision is the hard player's (acquire8.ai), made from the deciding seat's view only.
The hard player gives no reasons, so the "why" is a short reading of the action against
that same view: who holds what, what a tile does. It never decides anything itself.
"""

from __future__ import annotations

from acquire8.ai import make_bot
from acquire8.app.control.decisions import preview
from acquire8.app.text import LINE_CHARS, fit
from acquire8.rules import (
    Action,
    BuyShares,
    ChooseDefunct,
    ChooseSurvivor,
    DeclareEnd,
    Dispose,
    FoundChain,
    Game,
    PlaceTile,
)
from acquire8.rules.tables import CHAINS, TIER_OF

HINT_SEED = 8  # a fixed seed: the same position always gets the same hint


def hint(game: Game) -> tuple[Action, str]:
    """The hard player's action for the seat deciding now and a line of at most 32 characters."""
    seat = game.current
    view = game.view(seat)
    action = make_bot("hard", HINT_SEED).choose(view)
    line = f"{what(view, action)}: {why(view, seat, action)}"
    return action, fit(line, LINE_CHARS)  # whole words only


def what(g: Game, action: Action) -> str:
    """The action in a few capital words: "5A MERGE T+L", "BUY 2T 1A", "SELL 3 TRADE 2"."""
    if isinstance(action, PlaceTile):
        return f"{action.tile} {preview(g, action.tile)}"
    if isinstance(action, FoundChain):
        return f"FOUND {action.chain}"
    if isinstance(action, ChooseSurvivor):
        return f"{action.chain} SURVIVES"
    if isinstance(action, ChooseDefunct):
        return f"{action.chain} FIRST"
    if isinstance(action, Dispose):
        parts = [
            f"SELL {action.sell}" if action.sell else "",
            f"TRADE {action.trade}" if action.trade else "",
        ]
        return " ".join(p for p in parts if p) or "KEEP ALL"
    if isinstance(action, DeclareEnd):
        return "END THE GAME"
    assert isinstance(action, BuyShares)
    if not action.chains:
        return "BUY NOTHING"
    counts = {c: action.chains.count(c) for c in dict.fromkeys(action.chains)}
    return "BUY " + " ".join(f"{n}{c}" for c, n in counts.items())


def _rank(g: Game, seat: int, chain: str) -> str:
    """Whether `seat` would get the "majority" or "minority" bonus of `chain` now ("" for neither)."""
    pay = g.bonus_payouts(chain)
    if not pay[seat]:
        return ""
    return "majority" if pay[seat] == max(pay) else "minority"


def why(g: Game, seat: int, action: Action) -> str:
    """A short reason read from the view; never names other players' holdings when hidden."""
    hidden = g.options.holdings == "hidden"
    if isinstance(action, PlaceTile):
        effect = g.tile_effect(action.tile)
        chains = g.merge_chains(action.tile)
        if effect == "merge":
            biggest = max(g.chain_size(c) for c in chains)
            tied = [c for c in chains if g.chain_size(c) == biggest]
            if len(tied) > 1:  # the merging player picks the survivor among these
                return f"you pick survivor {'/'.join(tied)}"
            survivor = tied[0]
            for c in chains:
                if c != survivor and g.shares(seat, c):
                    if hidden:  # others' holdings are not shown, so no rank
                        return f"bonus for your {g.shares(seat, c)} {c}"
                    rank = _rank(g, seat, c)
                    return f"you hold {rank}" if rank else f"sell your {c}"
            return f"your {survivor} grows" if g.shares(seat, survivor) else "ends a rival chain"
        if effect == "found":
            return "a free share"
        if effect == "grow":
            return f"your {chains[0]} gains" if g.shares(seat, chains[0]) else "a quiet tile"
        return "keeps options open"
    if isinstance(action, FoundChain):
        tier = TIER_OF[CHAINS.index(action.chain)]
        return ("cheap shares", "mid price", "priciest shares")[tier]
    if isinstance(action, ChooseSurvivor):
        mine = g.shares(seat, action.chain)
        return f"you hold {mine} {action.chain}" if mine else "bonus from the other"
    if isinstance(action, ChooseDefunct):
        return f"you hold {g.shares(seat, action.chain)}"
    if isinstance(action, Dispose):
        if action.trade:
            return "survivor shares pay"
        if action.sell:
            return "cash to buy with"
        return "it may come back"
    if isinstance(action, DeclareEnd):
        return "you come out ahead"
    assert isinstance(action, BuyShares)
    if not action.chains:
        return "keep your cash"
    if hidden:
        return f"{max(action.chains, key=action.chains.count)} is worth it"

    def standing(chain: str) -> int:  # 2: majority after buying, 1: a tie for it, 0: behind
        after = g.shares(seat, chain) + action.chains.count(chain)
        top = max((g.shares(s, chain) for s in range(g.players) if s != seat), default=0)
        return 2 if after > top else 1 if after == top else 0

    chain = max(dict.fromkeys(action.chains), key=lambda c: (standing(c), action.chains.count(c)))
    return (f"{chain} minority", f"tie {chain} majority", f"take {chain} majority")[standing(chain)]
