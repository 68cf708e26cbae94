"""What a decision depends on, in the numbers the rules core pays: previews of
a hand tile, the buy screen's standing, the recap of the other players' turns, the
holdings sheet and the end standing. Pure Python, no pyxel.

One subject per module, the numbers apart from the words:
- `whatif`: payouts and outcomes played out on copies (numbers only);
- `shares`: the holdings sheet's facts; `sheet`: its words and the chains page's;
- `previews`: what a hand tile would do, in words;
- `buying`: the buy screen's standing; `ending`: the end standing;
- `turns`: the recap of the other players' turns since yours.

Every amount comes from the rules core: the move is applied to a `Game.copy()` and the
amounts are read from the events it returns (or from public readers such as
`bonus_payouts` and `net_worth`); no rule is worked out here a second time. With two
players the stock market's draw is random, so a bonus it takes part in is shown as the
range the rules core pays over every holding the market may draw (`Game.market_draws`;
one amount when the draw cannot change it), never as a guess. With hidden holdings
nothing here tells one player's share counts (or what follows from them, like who gets
a bonus) to another. Each call plays moves on copies (a few milliseconds at most):
compute once per decision screen, not every frame.
"""

from __future__ import annotations

from acquire8.app.control.insight.buying import buy_standing
from acquire8.app.control.insight.ending import end_standing
from acquire8.app.control.insight.previews import preview, survivor_line, survivor_outcome, tile_preview
from acquire8.app.control.insight.shares import Holdings, Lead, holdings
from acquire8.app.control.insight.sheet import bonus_line, level_label, team_line
from acquire8.app.control.insight.turns import RECAP_CHARS, recap, tiles_since
from acquire8.app.control.insight.whatif import (
    Payout,
    is_hidden,
    merger_payouts,
    payouts,
    play_out,
    settle,
)

__all__ = [
    "RECAP_CHARS",
    "Holdings",
    "Lead",
    "Payout",
    "bonus_line",
    "buy_standing",
    "end_standing",
    "holdings",
    "is_hidden",
    "level_label",
    "merger_payouts",
    "payouts",
    "play_out",
    "preview",
    "recap",
    "settle",
    "survivor_line",
    "survivor_outcome",
    "team_line",
    "tile_preview",
    "tiles_since",
]
