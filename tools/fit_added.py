"""Fit the evaluation's table of shares added before a payout (acquire8/ai/evaluate.py ADDED).

    python tools/fit_added.py --field ismcts-intern --iterations 200 --seed 95101 --deals 6

Plays seat-rotated games of hard against three of `--field` (the yardstick needs the
repository's bench/). At every turn's start it notes each chain on the board and every
seat's shares of it; when the chain pays out (a merger that ends it, or the game's end) each
note gives, per seat, the shares added since. The added counts are grouped by the game's
stage in fifths (`evaluate.stage`) and into none, a few (1-3), several (4-6) and many (7+),
and printed as the table's rows, with the mean of each group (the table's atoms).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from acquire8.ai.arena import make_player
from acquire8.ai.evaluate import ADDED, stage
from acquire8.rules import CHAIN_COUNT, CHAINS, Game, Phase

GROUPS = ((0, 0), (1, 3), (4, 6), (7, 99))


def added_in_game(g: Game, names: list[str], seed: int, opts: dict) -> list[tuple[int, int]]:
    """(stage fifth, shares added) for every seat and note of one game played to its end."""
    bots = [
        make_player(n, seed * 100 + s, True, opts if n.startswith("ismcts-") else {})
        for s, n in enumerate(names)
    ]
    notes: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(CHAIN_COUNT)]
    out: list[tuple[int, int]] = []
    last_turn = None

    def paid(c: int, table: tuple[tuple[int, ...], ...]) -> None:
        final = [row[c] for row in table]
        out.extend((fifth, f - h) for fifth, held in notes[c] for h, f in zip(held, final, strict=True))
        notes[c] = []

    table = g.share_table()
    while not g.is_over:
        if g.phase == Phase.PLACE and last_turn != (g.current, g.tiles_on_board()):
            last_turn = (g.current, g.tiles_on_board())
            fifth = min(len(ADDED) - 1, int(len(ADDED) * stage(g)))
            for c, size in enumerate(g.chain_sizes()):
                if size:
                    notes[c].append((fifth, tuple(row[c] for row in g.share_table())))
        merger = g.merger_state()
        if merger is not None and merger["defunct"]:
            paid(CHAINS.index(merger["defunct"]), g.share_table())
        table = g.share_table()  # the holdings the end pays on, before the final sale
        g.apply(bots[g.current].choose(g.view(g.current)))
    for c in range(CHAIN_COUNT):
        paid(c, table)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--field", default="ismcts-intern")
    ap.add_argument("--iterations", type=int, default=200, help="the yardstick's iterations a decision")
    ap.add_argument("--seed", type=int, default=95101)
    ap.add_argument("--deals", type=int, default=6, help="deals, each played from every seat")
    args = ap.parse_args(argv)
    counts = [Counter[int]() for _ in ADDED]
    for seed in range(args.seed, args.seed + args.deals):
        for seat in range(4):
            names = [("hard" if s == seat else args.field) for s in range(4)]
            for fifth, added in added_in_game(
                Game.new(players=4, seed=seed), names, seed, {"iterations": args.iterations}
            ):
                counts[fifth][added] += 1
    sums = [0] * len(GROUPS)
    ns = [0] * len(GROUPS)
    for fifth, c in enumerate(counts):
        n = sum(c.values()) or 1
        row = []
        for i, (lo, hi) in enumerate(GROUPS):
            k = sum(v for a, v in c.items() if lo <= a <= hi)
            row.append(f"{k / n:.2f}")
            sums[i] += sum(a * v for a, v in c.items() if lo <= a <= hi)
            ns[i] += k
        print(f"    ({', '.join(row)}),  # stage {fifth / 5:.1f}-{(fifth + 1) / 5:.1f}: {n} notes")
    print("atoms", tuple(round(s / n, 2) if n else 0 for s, n in zip(sums, ns, strict=True)))


if __name__ == "__main__":
    main()
