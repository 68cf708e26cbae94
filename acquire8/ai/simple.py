"""The two gentle levels: easy (plausible but naive) and normal (sound basic play)."""

from __future__ import annotations

from typing import Any

from acquire8.ai.base import GreedyBot, PhaseBot
from acquire8.rules import Action, BuyShares, DeclareEnd, Game, price


class EasyBot(PhaseBot):
    """A newcomer: plays any tile (liking to found chains), founds the cheapest chain,
    sells everything in mergers, buys two or three shares of a random chain (or nothing) and
    may end the game whenever it is allowed to."""

    def place(self, view: Game, seat: int, legal: list[Any]) -> Action:
        founding = [a for a in legal if view.tile_effect(a.tile) == "found"]
        if founding and self.rng.random() < 0.3:
            return self.rng.choice(founding)
        return self.rng.choice(legal)

    def found(self, view: Game, seat: int, legal: list[Any]) -> Action:
        return min(legal, key=lambda a: (price(a.chain, 2), a.chain))

    def buy(self, view: Game, seat: int, legal: list[Any]) -> Action:
        rng = self.rng
        if DeclareEnd() in legal and rng.random() < 0.5:
            return DeclareEnd()
        buys = [a for a in legal if isinstance(a, BuyShares)]
        chains = [c for c in view.chains_on_board() if view.bank_shares(c)]
        if not chains or rng.random() < 0.15:
            return BuyShares(())
        chain = rng.choice(chains)
        for n in range(rng.randint(2, 3), 0, -1):
            act = BuyShares((chain,) * n)
            if act in buys:
                return act
        return BuyShares(())


class NormalBot(GreedyBot):
    """Greedy's sound basic play (best tile now, dearest chain, buy where a bonus can
    be contested, sell in mergers, end when allowed), less predictable: it breaks
    ties between equally good tiles at random."""

    def place(self, view: Game, seat: int, legal: list[Any]) -> Action:
        side = self.side(view, seat)
        scored = [(self._after_placing(view, side, a), a) for a in legal]
        best = max(v for v, _ in scored)
        return self.rng.choice([a for v, a in scored if v == best])


__all__ = ["EasyBot", "NormalBot"]
