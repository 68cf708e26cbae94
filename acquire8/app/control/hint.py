"""The hint: what the hard computer player would do now, and why, with the rules core's numbers.

The decision is the hard player's (acquire8.ai), made from the deciding seat's view only,
by a player seeded the same way for every hint, so that following every hint plays
exactly as that computer player would. The hard player gives no reasons, so the "why"
reads the advised action against the game: the bonus a merger pays now, the standing a
purchase gives, what a sale brings, the standings ending would give, each computed by
applying the action to a copy. With hidden holdings the reason tells nothing about other
players' share counts.
"""

from __future__ import annotations

from acquire8.ai import make_bot
from acquire8.ai.base import sides
from acquire8.app.control.insight import (
    buy_standing,
    end_standing,
    is_hidden,
    merger_payouts,
    play_out,
    preview,
    settle,
)
from acquire8.app.text import KIND_WORDS, LINE_CHARS, fit, money, move_words
from acquire8.rules import (
    Action,
    BuyShares,
    ChooseDefunct,
    ChooseSurvivor,
    DeclareEnd,
    Dispose,
    FoundChain,
    Game,
    Phase,
    PlaceTile,
)
from acquire8.rules import events as ev
from acquire8.rules.tables import MAX_BUY, SAFE_SIZE

__all__ = ["HINT_SEED", "advice", "end_standing", "hint", "what", "why"]

HINT_SEED = 8  # a fixed seed: the same position always gets the same hint


def advice(game: Game) -> Action:
    """The hard computer player's action for the seat deciding now, from that seat's view."""
    return make_bot("hard", HINT_SEED).choose(game.view(game.current))


def hint(game: Game) -> tuple[Action, str]:
    """The advised action and its text: "WHAT: why" on one line of at most 32 characters,
    or "WHAT" and "why" on two such lines (joined by a newline) when that does not fit."""
    action = advice(game)
    head, reason = what(game, action), why(game, game.current, action)
    line = f"{head}: {reason}"
    return action, line if len(line) <= LINE_CHARS else f"{fit(head)}\n{fit(reason)}"


def what(g: Game, action: Action) -> str:
    """The action in a few capital words: "5A MERGE T+L", "BUY 2T 1A", "SELL 3 TRADE 2"."""
    if isinstance(action, PlaceTile):
        return f"{action.tile} {preview(g, action.tile)}"
    # at the end-declaration question, buying is also the advice not to end
    no_end = isinstance(action, BuyShares) and DeclareEnd() in g.legal_actions()
    return ("NO END, " if no_end else "") + move_words(action, short=True)


def why(g: Game, seat: int, action: Action) -> str:
    """A short reason with the rules core's numbers, for `seat` deciding `action` now."""
    hidden = is_hidden(g)
    if isinstance(action, PlaceTile):
        return _why_place(g, seat, action.tile, hidden)
    if isinstance(action, FoundChain):
        h = g.copy()
        founded = next(e for e in h.apply(action) if isinstance(e, ev.ChainFounded))
        p = money(h.price(action.chain))
        return (
            f"free {action.chain} share worth {p}" if founded.free_share else f"{action.chain} at {p} a share"
        )
    if isinstance(action, ChooseSurvivor):
        return _why_bonuses(g, seat, play_out(g, [action])[1], hidden, action.chain)
    if isinstance(action, ChooseDefunct):
        state = g.merger_state()
        assert state is not None
        pays = play_out(g, [action], state["defunct_left"])[1]
        return _why_bonuses(g, seat, pays, hidden, state["survivor"])
    if isinstance(action, Dispose):
        return _why_dispose(g, seat, action)
    if isinstance(action, DeclareEnd) or (g.phase == Phase.BUY and DeclareEnd() in g.legal_actions()):
        return end_standing(g)  # at the end-declaration question: what ending would give
    return _why_buy(g, seat, action, hidden)


def _why_place(g: Game, seat: int, tile: str, hidden: bool) -> str:
    effect = g.tile_effect(tile)
    chains = g.merge_chains(tile)
    if effect == "merge":
        outcome = merger_payouts(g, tile)
        if outcome is None:
            return "you pick the survivor"
        survivor, _, pays = outcome
        return _why_bonuses(g, seat, pays, hidden, survivor)
    if effect == "grow":
        h = g.copy()
        grew = next(e for e in h.apply(PlaceTile(tile)) if isinstance(e, ev.ChainGrew))
        gain = h.net_worth(seat) - g.net_worth(seat)
        if gain:
            return f"+{money(gain)} on your {chains[0]} shares"
        if h.is_safe(chains[0]) and not g.is_safe(chains[0]):
            return f"makes {chains[0]} safe at {grew.size}"
        held = g.shares(seat, chains[0])
        return _why_quiet(g, seat, tile, hidden) or (
            f"your {held} {chains[0]}: {grew.size} of {SAFE_SIZE} to safe"
            if held
            else f"{chains[0]} to {grew.size}, {SAFE_SIZE - grew.size} short of safe"
        )
    if effect == "found":
        h = g.copy()
        h.apply(PlaceTile(tile))
        founded = [e for a in h.legal_actions() for e in h.copy().apply(a) if isinstance(e, ev.ChainFounded)]
        free = any(e.free_share for e in founded)
        return "founds a chain: a free share" if free else "founds a chain"
    return _why_quiet(g, seat, tile, hidden) or "changes no price or bonus"


def _why_quiet(g: Game, seat: int, tile: str, hidden: bool) -> str:
    """Why a tile that pays you nothing is still the one: what it and the hand's other tiles
    would give a rival ("helps no rival (5D: Ana +$3,000)", "no tile of yours pays anyone").
    "" when that would tell hidden holdings, or the two-player market's draw decides it."""
    if hidden or g.players == 2:
        return ""
    others = [t for t in g.hand(seat) if t != tile and PlaceTile(t) in g.legal_actions()]
    rival, amount = _rival_gain(g, seat, tile)
    gains = {t: _rival_gain(g, seat, t) for t in others}
    worst = max(others, key=lambda t: gains[t][1], default=None)
    if worst is None or not gains[worst][1]:
        return "" if amount else "no tile of yours pays anyone"
    name, more = g.names[gains[worst][0]], money(gains[worst][1])
    if amount:
        least = min(gains.values(), key=lambda r: r[1])[1] >= amount
        return fit(f"helps rivals least: {g.names[rival]} +{money(amount)}") if least else ""
    for line in (f"helps no rival ({worst}: {name} +{more})", f"helps no rival, as {worst} would"):
        if len(line) <= LINE_CHARS:
            return line
    return "helps no rival; another tile would"


def _rival_gain(g: Game, seat: int, tile: str) -> tuple[int, int]:
    """The rival whose net worth placing `tile` raises most (a founding's first chain, a
    tie's first survivor, every holder keeping their shares), and by how much (0: none)."""
    h = g.copy()
    h.apply(PlaceTile(tile))
    if h.phase in (Phase.FOUND, Phase.SURVIVOR):
        h.apply(h.legal_actions()[0])
    settle(h)
    rivals = [s for side in sides(g, seat)[1] for s in side]
    # a bonus is cash; a price rise is worth: the larger (a defunct chain's kept shares lose
    # their price from the worth, not from what the bonus paid)
    gains = {s: max(h.cash(s) - g.cash(s), h.net_worth(s) - g.net_worth(s)) for s in rivals}
    best = max(gains, key=lambda s: gains[s], default=seat)
    return best, max(gains.get(best, 0), 0)


def _why_bonuses(g: Game, seat: int, pays: list, hidden: bool, survivor: str) -> str:
    """The bonuses a merger pays `seat` now (from a copy), or why there are none."""
    if hidden:  # who gets a bonus would tell the others' counts
        held = [p for p in pays if g.shares(seat, p.chain)]
        if held:
            return f"bonus for your {g.shares(seat, held[0].chain)} {held[0].chain}"
        return f"your {survivor} grows" if g.shares(seat, survivor) else "no bonus for you in it"
    unsure = [p for p in pays if not p.certain]
    if unsure:  # two players: the range over the market's draws
        low, high = sum(p.amount for p in pays), sum(p.high for p in pays)
        return fit(f"{money(low)}-{money(high)} in {'+'.join(p.chain for p in unsure)} by draw")
    paid = [p for p in pays if p.amount]
    if len(paid) == 1:
        p = paid[0]
        return f"+{money(p.amount)} {KIND_WORDS[p.kind][1]} in {p.chain} now"
    if paid:
        return f"+{money(sum(p.amount for p in paid))} bonuses in {'+'.join(p.chain for p in paid)}"
    kept = g.shares(seat, survivor)
    if kept:
        return f"{survivor} keeps your {kept} share{'s' if kept > 1 else ''}"
    return "no bonus for you in it"


def _why_dispose(g: Game, seat: int, action: Dispose) -> str:
    state = g.merger_state()
    assert state is not None
    chain, survivor = state["defunct"], state["survivor"]
    h = g.copy()
    out = h.apply(action)
    out += settle(h)  # the merger finished, so the survivor's price is its price after it
    parts = []
    sold = [e for e in out if isinstance(e, ev.SharesSold) and e.seat == seat and e.chain == chain]
    if sold:
        parts.append(f"+{money(sold[0].amount)} cash")
    if action.trade:
        got = action.trade // 2
        parts.append(f"{got} {survivor} worth {money(got * h.price(survivor))}")
    kept = g.shares(seat, chain) - action.sell - action.trade
    if kept and not parts:
        return f"keep {kept} {chain} for its return"
    return ", ".join(parts) if parts else "nothing to dispose of"


def _why_buy(g: Game, seat: int, action: Action, hidden: bool) -> str:
    assert isinstance(action, BuyShares)
    cash = g.cash(seat)
    if not action.chains:
        if g.legal_actions() == [action]:
            return "no share you can buy" if cash else "no cash to buy with"
        merging = [t for t in g.hand(seat) if g.tile_effect(t) == "merge"]
        if merging:  # a merger's bonus is paid before buying: cash to spend after it
            return fit(f"keeps {money(cash)} for a {merging[0]} merger")
        return f"keeps your {money(cash)} in hand"
    chains = list(dict.fromkeys(action.chains))
    if not hidden:
        for chain in chains:
            holds = _lead_holds(g, seat, chain, action.chains)
            if holds:
                return holds

    def standing(chain: str) -> tuple[int, int]:  # lead 2, tie for it 1, behind 0; then shares bought
        mine = g.shares(seat, chain) + action.chains.count(chain)
        top = max((g.shares(s, chain) for s in range(g.players) if s != seat), default=0)
        rank = 0 if hidden else 2 if mine > top else 1 if mine == top else 0
        return rank, action.chains.count(chain)

    chain = max(chains, key=standing)
    cart = list(action.chains)
    cart.remove(chain)
    return buy_standing(g, chain, tuple(cart), hidden)


def _lead_holds(g: Game, seat: int, chain: str, bought: tuple[str, ...]) -> str:
    """ "Ana can't top your W this round" when, after the purchase, no rival (a partner is
    none) can hold more of `chain` before `seat`'s next turn: each gets one turn to buy (at
    most three) and can otherwise gain it only by trading two shares of a merged chain for
    one; every share gained comes out of the bank."""
    mine = g.shares(seat, chain) + bought.count(chain)
    bank = g.bank_shares(chain) - bought.count(chain)
    rivals = [s for side in sides(g, seat)[1] for s in side]
    if not rivals:  # solo: no one to pass it
        return ""
    rival = max(rivals, key=lambda s: g.shares(s, chain))
    if not g.shares(rival, chain) or g.shares(rival, chain) >= mine:
        return ""
    for s in rivals:
        trades = sum(g.shares(s, c) // 2 for c in g.chains_on_board() if c != chain)
        if g.shares(s, chain) + min(bank, MAX_BUY + trades) > mine:
            return ""
    line = f"{g.names[rival]} can't top your {chain} this round"
    return line if len(line) <= LINE_CHARS else f"Your {chain} lead holds this round"
