"""Would the expert change its mind if it thought longer? Its decisions in kept arena games.

    python tools/search_depth.py --keep DIR --decisions 60 --seed 7
    python tools/search_depth.py --keep DIR --short '{"iterations": 40}' \
        --long '{"iterations": 240, "prune_after": 241}'

From the games an arena run kept (`python -m acquire8.ai.arena ... --keep DIR`), it takes
`--decisions` of the hero's decisions at random (those where the expert compares two moves or
more) and searches each twice from the same seed, as the expert options `--short` and
`--long` say: by default the deals the expert plays at its 500 ms (about 40, pruning as
shipped) and six times as many with no candidate dropped. Both deal alike, so the long
search's first deals are the short one's. It prints how often the long search picks the same
move and what the short one's move costs in the long one's eyes (its mean score, in dollars,
below the long search's best), by kind of decision. A small cost says that more deals would
hardly change the expert's play: what it lacks is in its model (the evaluation, the other
seats' play in its playouts, its candidates), not in its sampling.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from acquire8.ai.arena import kept_games
from acquire8.ai.expert import ExpertBot, Search
from acquire8.rules import Action, Game
from acquire8.rules.record import replay


def hero_views(keep: Path) -> list[Game]:
    """The hero's views at each of its decisions with more than one legal action, game by
    game (ValueError when a game's hero is not the expert)."""
    views = []
    for kept in kept_games(keep):
        if kept.run["hero"] != "expert":
            raise ValueError(f"{kept.seed}_{kept.seat}: the hero is {kept.run['hero']}, not the expert")
        before = kept.record.start()
        for step in replay(kept.record):
            if step.seat == kept.seat and len(before.legal_actions()) > 1:
                views.append(before.view(step.seat))
            before = step.game
    return views


def searched(view: Game, seed: int, options: dict[str, Any]) -> tuple[list[Action], Search] | None:
    """The expert's candidates and its finished search (None when it has one candidate)."""
    bot = ExpertBot(seed, **options)
    cands = bot.candidate_moves(view)
    if len(cands) < 2:
        return None
    search = bot.search(view, cands)
    while not search.done():
        search.iterate()
    return cands, search


def compare(
    view: Game, seed: int, short: dict[str, Any], long: dict[str, Any]
) -> tuple[str, bool, float] | None:
    """(kind, the same move, cost) of the short search's move in the long search's eyes."""
    first = searched(view, seed, short)
    if first is None:
        return None
    cands, quick = first
    second = searched(view, seed, long)
    assert second is not None and second[0] == cands  # the same candidates: the same seed
    means = [statistics.fmean(r) if r else float("-inf") for r in second[1].results]
    best = max(range(len(cands)), key=lambda i: means[i])
    pick = cands.index(quick.best())
    return type(quick.best()).__name__, pick == best, means[best] - means[pick]


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--keep", type=Path, required=True, help="an arena run's kept games, the expert the hero")
    ap.add_argument("--decisions", type=int, default=60)
    ap.add_argument("--short", type=json.loads, default={"iterations": 40}, help="expert options, JSON")
    ap.add_argument("--long", type=json.loads, default={"iterations": 240, "prune_after": 241})
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    views = hero_views(args.keep)
    random.Random(args.seed).shuffle(views)
    found: list[tuple[str, bool, float]] = []
    for i, view in enumerate(views):
        if len(found) == args.decisions:
            break
        result = compare(view, args.seed * 100_000 + i, args.short, args.long)
        if result is not None:
            found.append(result)
    if not found:
        raise SystemExit("no decision of the expert with two candidates or more in those games")
    same = sum(s for _, s, _ in found)
    costs = [c for _, _, c in found]
    print(
        f"{len(found)} decisions: the long search picks the same move in {same} "
        f"({100 * same / len(found):.0f}%); the short one's move costs {statistics.fmean(costs):,.0f} "
        f"a decision in its eyes (sd {statistics.pstdev(costs):,.0f})"
    )
    kinds = sorted({k for k, _, _ in found})
    for kind in kinds:
        mine = [c for k, _, c in found if k == kind]
        mean, over = statistics.fmean(mine), sum(c > 500 for c in mine)
        print(f"  {kind:<12} {len(mine):3d} decisions, mean cost {mean:7,.0f}, over $500: {over}")
    return {"decisions": len(found), "same": same, "costs": costs}


if __name__ == "__main__":
    main()
