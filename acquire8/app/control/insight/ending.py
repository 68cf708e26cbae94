"""Where declaring the end now would leave the seat deciding, in one line of the end panel."""

from __future__ import annotations

from acquire8.app.control.insight.whatif import declared_end, end_margins, is_hidden
from acquire8.app.text import LINE_CHARS, money
from acquire8.rules import Game
from acquire8.rules import events as ev

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def end_standing(game: Game, purchase: tuple[str, ...] = ()) -> str:
    """Where ending the game now would leave the seat deciding (phase "buy"): the end is
    declared and `purchase` bought on a copy, and the final scores read, e.g. "You'd
    be 2nd, $4,200 behind Ana". With two players the market's draws are random and
    with hidden holdings the others' scores would tell their counts: then only what is
    certain, the seat's own cash and shares at today's prices."""
    seat = game.current
    g, out = declared_end(game, purchase)
    if is_hidden(game):  # the others' scores would tell their counts
        return f"You'd have {money(game.net_worth(seat))} + bonuses"
    if any(isinstance(e, ev.MarketHolds) and e.count for e in out):
        return _end_by_draw(*end_margins(game, purchase))
    scores = g.scores()
    mine = scores[seat]
    if g.players == 1:  # solo: the score is all there is
        return f"You'd score {money(mine)}"
    if g.has_teams:
        return _team_end(g, seat)
    rank = sum(1 for s in scores if s > mine)
    best_other = max((s for s in range(g.players) if s != seat), key=lambda s: scores[s])
    tied = [g.names[s] for s in range(g.players) if s != seat and scores[s] == mine]
    if rank == 0 and tied:
        return _shortest(f"You'd tie for 1st with {' & '.join(tied)}", f"Tie for 1st: you+{'+'.join(tied)}")
    if rank == 0:
        return f"You'd win by {money(mine - scores[best_other])} over {g.names[best_other]}"
    behind = f"{money(scores[best_other] - mine)} behind {g.names[best_other]}"
    return _shortest(f"You'd be {ORDINALS[rank]}, {behind}", f"{ORDINALS[rank]} place, {behind}")


def _team_end(g: Game, seat: int) -> str:
    """A team game's end line: the person's team against the best other team."""
    sums, team = g.team_scores(), g.team_of(seat)
    rank = sum(1 for total in sums if total > sums[team])
    rival = max((t for t in range(len(sums)) if t != team), key=lambda t: sums[t])
    gap = sums[team] - sums[rival]
    if gap > 0:
        return _shortest(f"Your team would win by {money(gap)}", f"Your team: 1st by {money(gap)}")
    if gap == 0 and rank == 0:
        return "Your team would tie for 1st"
    behind = f"{ORDINALS[rank]}, {money(-gap)} behind"
    return _shortest(f"Your team would be {behind}", f"Your team: {behind}")


def _shortest(text: str, short: str) -> str:
    """`text` if it fits the end panel's line (31 characters), else its shorter form."""
    return text if len(text) <= LINE_CHARS else short


def _end_by_draw(low: int, high: int) -> str:
    """Two players: whether ending now wins over every holding the market may draw (the
    margin from `low` to `high`), loses over every one, or depends on the draw."""
    if low > 0:
        return f"You'd win by {_spread(low, high)}"
    if high < 0:
        return f"You'd lose by {_spread(-high, -low)}"
    if low == high == 0:
        return "You'd tie for 1st"
    if low == 0 or high == 0:
        return f"You'd {'win' if high else 'lose'} or tie, by the draw"
    return "Win or lose: the market decides"


def _spread(low: int, high: int) -> str:
    return money(low) if low == high else f"{money(low)}-{money(high)}"
