"""Tune the evaluation's weights (acquire8/ai/evaluate.py Params) by self-play.

    python tools/tune_eval.py --deals 250 --seed 7 --rounds 2 > tools/tune_eval.txt

A hard player with the candidate weights plays three hard players with the default ones,
seat-rotated, on the same deals for every candidate (common random numbers make two
candidates' difference far less noisy than either share). Coordinate search: each weight
in turn is moved one step down and one step up; the best of the three is kept when it
beats the current weights by more than `--margin` (in win share). The kept weights are
then measured afresh on other deals (`--check-deals`, seeds after the search's), which
is the figure to trust: the search's own figures are biased upwards by the choice.

Every game is a seed away from being played again: the output lists the seeds, the steps
and every candidate's figures.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from acquire8.ai.evaluate import DEFAULT, Params
from acquire8.ai.hard import HardBot
from acquire8.rules import Game

# weight -> the steps tried from its current value
STEPS: dict[str, float] = {
    "certainty_early": 0.15,
    "contest": 1,
    "reserve": 500,
    "reserve_weight": 0.15,
    "keep_value": 75,
    "growth": 1,
}
BOUNDS: dict[str, tuple[float, float]] = {
    "certainty_early": (0.0, 1.0),
    "contest": (0, 3),  # one purchase is at most three shares
    "reserve": (0, 6000),
    "reserve_weight": (0.0, 1.0),
    "keep_value": (0, 600),
    "growth": (0, 8),
}


def shares(params: Params, seeds: range, players: int = 4) -> list[float]:
    """The candidate's win (ties split) in each game: every deal of `seeds`, from every seat."""
    out = []
    for seed in seeds:
        for seat in range(players):
            bots = [HardBot(seed * 10 + s, params if s == seat else DEFAULT) for s in range(players)]
            g = Game.new(players=players, seed=seed)
            while not g.is_over:
                g.play(bots[g.current].choose(g.view(g.current)))
            winners = g.winners()
            out.append(1 / len(winners) if seat in winners else 0.0)
    return out


def summary(wins: list[float]) -> str:
    half = 1.96 * statistics.stdev(wins) / math.sqrt(len(wins))
    return f"{100 * statistics.mean(wins):5.1f}% ± {100 * half:4.1f} ({len(wins)} games)"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=250, help="deals per candidate (x4 seats)")
    ap.add_argument("--seed", type=int, default=7, help="first tile seed of the search")
    ap.add_argument("--rounds", type=int, default=2, help="passes over every weight")
    ap.add_argument("--margin", type=float, default=0.01, help="least gain in win share to move")
    ap.add_argument("--check-deals", type=int, default=250, help="fresh deals to measure the result")
    args = ap.parse_args(argv)
    seeds = range(args.seed * 1000, args.seed * 1000 + args.deals)
    start = time.perf_counter()
    print(f"search deals: tile seeds {seeds.start}..{seeds.stop - 1}, 4 seats each; margin {args.margin}")
    current = DEFAULT
    best = statistics.mean(shares(current, seeds))
    print(f"start {current}: {100 * best:.1f}%", flush=True)
    for rnd in range(args.rounds):
        moved = False
        for name, step in STEPS.items():
            lo, hi = BOUNDS[name]
            value = getattr(current, name)
            tried = []
            for v in (value - step, value + step):
                v = round(v, 3) if isinstance(step, float) else int(v)
                if lo <= v <= hi:
                    cand = dataclasses.replace(current, **{name: v})
                    share = statistics.mean(shares(cand, seeds))
                    tried.append((share, v, cand))
                    print(f"  round {rnd + 1} {name} = {v}: {100 * share:.1f}%", flush=True)
            top = max(tried, default=None, key=lambda t: t[0])
            if top and top[0] > best + args.margin:
                best, current = top[0], top[2]
                moved = True
                print(f"  -> {name} = {top[1]} ({100 * best:.1f}%)", flush=True)
        if not moved:
            break
    print(f"kept {current}")
    check = range(seeds.stop, seeds.stop + args.check_deals)
    print(f"check deals: tile seeds {check.start}..{check.stop - 1}")
    print(f"  tuned   vs 3 default hard: {summary(shares(current, check))}")
    print(f"  default vs 3 default hard: {summary(shares(DEFAULT, check))}  (25% by symmetry, up to noise)")
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
