"""The game review measured: games of four where each seat is another level (easy, normal,
hard, expert; the levels rotated through the seats from game to game), every seat reviewed.
Prints each level's mean accuracy with its 95% interval, the classes of each level's
decisions, the share of the expert's decisions classed mistake or worse (reviewed with
other deals than it played with), the share of games whose winner has the highest accuracy,
and the time a whole game's review takes.

    python -m bench.review --games 40 --jobs 2

Not part of `make bench`: a game's review takes tens of seconds.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from acquire8.ai import LEVELS, make_bot
from acquire8.ai.match import record_game
from acquire8.ai.review import BLUNDER, CLASSES, DEFAULT_ITERATIONS, MISTAKE, Review

EXPERT_ITERATIONS = 8  # the expert's deals a decision in play: a small fixed budget


def _game(task: tuple[int, int, int]) -> dict:
    """Play game `i` and review every seat: the figures of that game."""
    i, seed, iterations = task
    game_seed = seed + i
    levels = [LEVELS[(s + i) % len(LEVELS)] for s in range(len(LEVELS))]
    bots = [
        make_bot(lv, game_seed * 10 + s, iterations=EXPERT_ITERATIONS, table=levels)  # as in the game
        if lv == "expert"
        else make_bot(lv, game_seed * 10 + s)
        for s, lv in enumerate(levels)
    ]
    record = record_game(bots, game_seed, levels)
    wall, cpu = time.perf_counter(), time.process_time()
    review = Review(record, iterations=iterations, seed=game_seed + 7919)  # not the expert's deals
    review.run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    final = record.final()
    acc = [review.accuracy(s) for s in range(len(levels))]
    return {
        "levels": levels,
        "accuracy": acc,
        "counts": [review.counts(s) for s in range(len(levels))],
        "costs": [[d.sure_cost for d in review.of(s) if not d.forced] for s in range(len(levels))],
        "winner_best": any(acc[w] == max(acc) for w in final.winners()),
        "wall_s": wall,
        "cpu_s": cpu,
    }


def _mean_ci(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, half


def run(games: int, seed: int, iterations: int, jobs: int) -> list[dict]:
    """Every game's figures, a line printed as each is done."""
    tasks = [(i, seed, iterations) for i in range(games)]
    if jobs <= 1:
        return [_progress(_game(t)) for t in tasks]
    import multiprocessing

    with multiprocessing.Pool(jobs) as pool:
        return [_progress(r) for r in pool.imap(_game, tasks, chunksize=1)]


def _progress(r: dict) -> dict:
    acc = ", ".join(f"{lv} {a:.0f}" for lv, a in zip(r["levels"], r["accuracy"], strict=True))
    print(f"accuracy {acc}; review {r['wall_s']:.0f} s", flush=True)
    return r


def report(results: list[dict]) -> None:
    n = len(results)
    print(f"{n} games of four (easy, normal, hard, expert at {EXPERT_ITERATIONS} deals a decision)")
    print(
        "level   accuracy (95%)      " + "  ".join(f"{c:>10}" for c in CLASSES) + "   sure cost p50/p90/p99"
    )
    for level in LEVELS:
        acc, counts, costs = [], dict.fromkeys(CLASSES, 0), []
        for r in results:
            s = r["levels"].index(level)
            acc.append(r["accuracy"][s])
            costs += r["costs"][s]
            for c in CLASSES:
                counts[c] += r["counts"][s][c]
        mean, half = _mean_ci(acc)
        total = sum(counts.values())
        shares = "  ".join(f"{100 * counts[c] / total:9.1f}%" for c in CLASSES)
        q = statistics.quantiles(costs, n=100) if len(costs) > 1 else [0.0] * 99
        print(
            f"{level:<7} {mean:5.1f} ± {half:4.1f} ({mean - half:4.1f} to {mean + half:4.1f})  {shares}"
            f"   {q[49]:,.0f} / {q[89]:,.0f} / {q[98]:,.0f} ({total} decisions)"
        )
    bad = sum(r["counts"][r["levels"].index("expert")][c] for r in results for c in (MISTAKE, BLUNDER))
    all_ = sum(sum(r["counts"][r["levels"].index("expert")].values()) for r in results)
    share = bad / all_
    half = 1.96 * math.sqrt(share * (1 - share) / all_)
    print(
        f"expert decisions classed mistake or worse: {bad} of {all_}, {100 * share:.1f}% ± {100 * half:.1f}"
    )
    best = sum(r["winner_best"] for r in results)
    print(f"games whose winner has the highest accuracy: {best} of {n}, {100 * best / n:.1f}%")
    walls = [r["wall_s"] for r in results]
    cpus = [r["cpu_s"] for r in results]
    print(
        f"a whole game's review (4 seats): wall median {statistics.median(walls):.1f} s, "
        f"max {max(walls):.1f} s; CPU median {statistics.median(cpus):.1f} s"
    )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.review", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--iterations", type=int, default=DEFAULT_ITERATIONS, help="the review's deals a decision"
    )
    ap.add_argument("--jobs", type=int, default=1, help="processes (the machine may be shared)")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    results = run(args.games, args.seed, args.iterations, args.jobs)
    report(results)
    print(
        f"({time.perf_counter() - start:.0f} s; review {args.iterations} deals a decision; seed {args.seed})"
    )


if __name__ == "__main__":
    main()
