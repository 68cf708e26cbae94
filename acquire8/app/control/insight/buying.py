"""The buy screen's standing: how buying one more share leaves the buyer against the other
holders of that chain, in one line."""

from __future__ import annotations

from collections.abc import Sequence

from acquire8.app.control.insight.whatif import bonus_after_buying, is_hidden
from acquire8.app.text import fit
from acquire8.rules import BuyShares, Game, Phase


def buy_standing(game: Game, chain: str, cart: Sequence[str] = (), hidden: bool | None = None) -> str:
    """How buying `cart` (the chains added so far) plus one more `chain` leaves the buyer's
    standing in `chain`, in one plain line that says it counts that one more share: "+1 I:
    you'd hold 5, Ana 4", "+1 I: you'd tie Ana at 3", "+1 I: 2nd: you 2, Ana 5", "+1 I: no
    bonus: you'd hold 1". With hidden holdings only the buyer's and the bank's counts."""
    if game.phase != Phase.BUY:
        raise ValueError(f"shares are bought in the buy phase, not in {game.phase}")
    bundle = BuyShares((*cart, chain))
    if bundle not in game.legal_actions():
        raise ValueError(f"cannot buy {'+'.join(bundle.chains) or 'nothing'} now")
    seat = game.current
    mine = game.shares(seat, chain) + bundle.chains.count(chain)
    more = f"+1 {chain}:"  # the count includes the share X would add now, besides the cart
    if is_hidden(game, hidden):
        bank = game.bank_shares(chain) - bundle.chains.count(chain)
        return fit(f"{more} you'd hold {mine}, bank {bank}")
    others = [s for s in range(game.players) if s != seat]
    top = max((game.shares(s, chain) for s in others), default=0)  # solo: no one else
    if not top:
        return fit(f"{more} sole holder with {mine}")
    leaders = [game.names[s] for s in others if game.shares(s, chain) == top]
    # Two tied leaders by name ("Ana+Bob"); three or more are "others", so the line fits.
    who = "+".join(leaders) if len(leaders) <= 2 else "others"
    if mine > top:
        return fit(f"{more} you'd hold {mine}, {who} {top}")
    if mine == top:
        return fit(f"{more} you'd tie {who} at {mine}")
    if bonus_after_buying(game, bundle, chain) == 0:  # tied leaders share both bonuses, too
        return fit(f"{more} no bonus: you'd hold {mine}")
    tied = any(game.shares(s, chain) == mine for s in others)  # one leader above you here
    return fit(f"{more} {'tie 2nd' if tied else '2nd'}: you {mine}, {who} {top}")
