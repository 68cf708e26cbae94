"""The holdings sheet as facts: every player's and the bank's shares, cash, net worth and who
would take each chain's bonuses now, with what hidden holdings keep from the viewer left out."""

from __future__ import annotations

from dataclasses import dataclass

from acquire8.app.control.insight.whatif import is_hidden
from acquire8.rules import CHAINS, Game


@dataclass(frozen=True)
class Lead:
    """Who would be paid a chain's bonuses now (RULES §7.1), read from `bonus_payouts`
    (with two players the market's draw is left out)."""

    majority: tuple[int, ...]  # several seats: a tie, sharing both bonuses
    minority: tuple[int, ...]  # empty when one holder takes both or the lead is tied
    pay: tuple[int, ...]  # each seat's bonus now


@dataclass(frozen=True)
class Holdings:
    """The holdings sheet: every player's and the bank's shares in each chain of CHAINS,
    cash and net worth, and who leads each chain on the board. None marks what hidden
    holdings keep from the viewer (another player's counts, worth and lead)."""

    names: tuple[str, ...]
    viewer: int | None
    hidden: bool
    sizes: tuple[int, ...]  # per chain of CHAINS; 0 off the board
    prices: tuple[int, ...]  # per chain; 0 off the board
    safe: tuple[bool, ...]
    bank: tuple[int, ...]  # the bank's shares per chain
    shares: tuple[tuple[int | None, ...], ...]  # shares[seat][chain]
    cash: tuple[int, ...]  # cash is open in either setting, as on the play screen
    worth: tuple[int | None, ...]  # net worth: cash + shares at current prices
    leads: tuple[Lead | None, ...]  # per chain; None off the board or when hidden

    def held(self, seat: int, chain: str) -> int | None:
        return self.shares[seat][CHAINS.index(chain)]

    def lead(self, chain: str) -> Lead | None:
        return self.leads[CHAINS.index(chain)]


def holdings(game: Game, viewer: int | None, hidden: bool | None = None) -> Holdings:
    """The holdings sheet for `viewer` (None: nobody's own counts, as between pass-and-play
    turns). With hidden holdings only the viewer's and the bank's counts are given."""
    hide = is_hidden(game, hidden)
    if viewer is not None and not 0 <= viewer < game.players:
        raise ValueError(f"viewer must be a seat 0-{game.players - 1} or None, not {viewer}")

    def shown(seat: int) -> bool:
        return not hide or seat == viewer

    leads: list[Lead | None] = []
    for chain in CHAINS:
        if hide or not game.chain_size(chain):
            leads.append(None)
            continue
        pay = game.bonus_payouts(chain)
        top = max(pay)
        majority = tuple(s for s, p in enumerate(pay) if p and p == top)
        minority = tuple(s for s, p in enumerate(pay) if 0 < p < top)
        leads.append(Lead(majority, minority, tuple(pay)))
    return Holdings(
        names=tuple(game.names),
        viewer=viewer,
        hidden=hide,
        sizes=tuple(game.chain_size(c) for c in CHAINS),
        prices=tuple(game.price(c) for c in CHAINS),
        safe=tuple(game.is_safe(c) for c in CHAINS),
        bank=tuple(game.bank_shares(c) for c in CHAINS),
        shares=tuple(
            tuple(game.shares(s, c) if shown(s) else None for c in CHAINS) for s in range(game.players)
        ),
        cash=tuple(game.cash(s) for s in range(game.players)),
        worth=tuple(game.net_worth(s) if shown(s) else None for s in range(game.players)),
        leads=tuple(leads),
    )
