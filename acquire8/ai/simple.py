"""The two gentle levels: easy (plausible but naive) and normal (sound basic play)."""

from __future__ import annotations

from typing import Any

from acquire8.ai.base import GreedyBot, SeededBot
from acquire8.rules import (
    Action,
    BuyShares,
    DeclareEnd,
    Game,
    Phase,
    price,
)


class EasyBot(SeededBot):
    """A newcomer: plays any tile (liking to found chains), founds the cheapest chain,
    sells everything in mergers, buys two or three shares of a random chain (or nothing) and
    may end the game whenever it is allowed to."""

    def choose(self, view: Game) -> Action:
        rng = self.rng
        legal: list[Any] = view.legal_actions()  # the actions' type follows the phase
        phase = view.phase
        seat = view.current
        if phase == Phase.PLACE:
            founding = [a for a in legal if view.tile_effect(a.tile) == "found"]
            if founding and rng.random() < 0.3:
                return rng.choice(founding)
            return rng.choice(legal)
        if phase == Phase.FOUND:
            return min(legal, key=lambda a: (price(a.chain, 2), a.chain))
        if phase == Phase.SURVIVOR:
            return max(legal, key=lambda a: view.shares(seat, a.chain))
        if phase == Phase.DEFUNCT:
            return legal[0]
        if phase == Phase.DISPOSE:
            return max(legal, key=lambda a: (a.sell, -a.trade))
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

    def choose(self, view: Game) -> Action:
        seat = view.current
        phase = view.phase
        legal: list[Any] = view.legal_actions()  # the actions' type follows the phase
        if phase == Phase.PLACE:
            scored = [(self._after_placing(view, seat, a), a) for a in legal]
            best = max(v for v, _ in scored)
            return self.rng.choice([a for v, a in scored if v == best])
        return super().choose(view)


__all__ = ["EasyBot", "NormalBot"]
