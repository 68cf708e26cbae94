"""Every level on one rating scale, from mixed multi-player games.

    python -m acquire8.ai.ladder --deals 40 --expert-deals 4 --seed 1   # as `make arena`
    python -m acquire8.ai.ladder --deals 40 --expert-deals 0 --yardstick intern --seed 4
    python -m acquire8.ai.ladder --deals 10 --expert-deals 0 --yardstick ceo --keep FILE
    python -m acquire8.ai.ladder --rate FILE FILE   # the games of two kept runs, rated together

A long run goes in slices: `--keep FILE` writes each finished game to FILE as one line and
plays only the games missing from it, so a stopped run resumes where it stopped. `--rate`
plays nothing: it rates the games kept by earlier runs, pooled (more games, narrower
intervals, and more than one run's schedule of seats and deals).

A game of n players is read as its n(n-1)/2 pairwise finishes (the higher final cash
beats the lower, a tie is half a win each; two seats of one level tell nothing about
it). A Bradley-Terry model, P(i beats j) = g_i / (g_i + g_j), is fitted to them by
minorize-maximize iterations (Hunter 2004), with one virtual win and one virtual loss
of each level against a fixed middle player, so that a level that never lost still has
a finite rating. Ratings are Elo-equivalent points, 400 log10(g), with the frozen greedy
baseline at 500: 200 points apart, the stronger wins three pairwise finishes in four.

The pairwise finishes of one game are not independent, so the intervals come from the
bootstrap over whole games (resampled games, refitted), not from the model's own
information. The shipped game carries the result as numbers (acquire8/rating.py);
the fit runs only here.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from acquire8.ai.arena import YARDSTICK, make_player
from acquire8.ai.levels import SPEC_OF, SPECS
from acquire8.rules import Game

ORDER: tuple[str, ...] = tuple(s.name for s in sorted(SPECS, key=lambda s: s.rating))  # weakest first
ANCHOR, ANCHOR_RATING = "greedy", 500.0  # the frozen baseline: the scale does not drift
ELO = 400 / math.log(10)  # Elo points per natural-log unit of strength
PRIOR = 1.0  # virtual wins and losses of each level against a player of strength 1


@dataclass(frozen=True)
class Finish:
    """One finished game: each seat's level and final cash."""

    levels: tuple[str, ...]
    scores: tuple[int, ...]


def pairwise(games: Iterable[Finish]) -> dict[tuple[str, str], float]:
    """wins[(a, b)]: pairwise finishes level a took from level b (ties half each)."""
    wins: dict[tuple[str, str], float] = {}
    for g in games:
        for i, j in itertools.combinations(range(len(g.levels)), 2):
            a, b = g.levels[i], g.levels[j]
            if a == b:
                continue
            si, sj = g.scores[i], g.scores[j]
            wa = 1.0 if si > sj else 0.5 if si == sj else 0.0
            wins[(a, b)] = wins.get((a, b), 0.0) + wa
            wins[(b, a)] = wins.get((b, a), 0.0) + 1 - wa
    return wins


def fit(wins: dict[tuple[str, str], float], iterations: int = 2000, tol: float = 1e-10) -> dict[str, float]:
    """Bradley-Terry ratings (Elo-equivalent, the anchor at ANCHOR_RATING when present, else the mean)
    of the levels in `wins`, by MM iterations: g_i <- W_i / sum_j n_ij / (g_i + g_j), the
    prior counting as games against a fixed player of strength 1."""
    levels = sorted({a for a, _ in wins})
    if not levels:
        return {}
    g = dict.fromkeys(levels, 1.0)
    n = {(a, b): wins.get((a, b), 0.0) + wins.get((b, a), 0.0) for a in levels for b in levels if a != b}
    won = {a: PRIOR + sum(wins.get((a, b), 0.0) for b in levels if b != a) for a in levels}
    for _ in range(iterations):
        change = 0.0
        for a in levels:
            denom = 2 * PRIOR / (g[a] + 1.0)
            for b in levels:
                if b != a and n[(a, b)]:
                    denom += n[(a, b)] / (g[a] + g[b])
            new = won[a] / denom
            change = max(change, abs(math.log(new / g[a])))
            g[a] = new
        if change < tol:
            break
    base = math.log(g[ANCHOR]) if ANCHOR in g else sum(math.log(v) for v in g.values()) / len(g)
    return {a: ANCHOR_RATING + ELO * (math.log(v) - base) for a, v in g.items()}


def expected(ra: float, rb: float) -> float:
    """The model's chance that a player rated `ra` finishes above one rated `rb`."""
    return 1 / (1 + 10 ** ((rb - ra) / 400))


@dataclass
class Ladder:
    ratings: dict[str, float]
    low: dict[str, float]  # 2.5th percentile over the bootstrap
    high: dict[str, float]  # 97.5th
    gaps: list[tuple[str, str, float, float, float]]  # (lower, upper, gap, its low, its high)
    games: int
    pairs: dict[tuple[str, str], float]

    def lines(self) -> list[str]:
        out = [f"{'level':<7} {'rating':>6}  95% interval  (Elo-equivalent, {ANCHOR} = {ANCHOR_RATING:.0f})"]
        for lv in sorted(self.ratings, key=lambda a: self.ratings[a]):
            n = sum(self.pairs.get((lv, b), 0) + self.pairs.get((b, lv), 0) for b in self.ratings if b != lv)
            out.append(
                f"{lv:<7} {self.ratings[lv]:>6.0f}  [{self.low[lv]:>5.0f}, {self.high[lv]:>5.0f}]"
                f"  {n:>6.0f} pairwise finishes"
            )
        out.append("neighbours: gap, 95% interval (a person tells levels apart from about 150)")
        for a, b, gap, lo, hi in self.gaps:
            flag = "" if lo >= 150 else "  < 150 at its lower end" if gap >= 150 else "  < 150"
            out.append(f"  {a:>6} -> {b:<6} {gap:>5.0f}  [{lo:>4.0f}, {hi:>4.0f}]{flag}")
        return out


def percentile(values: Sequence[float], q: float) -> float:
    s = sorted(values)
    k = min(len(s) - 1, max(0, round(q * (len(s) - 1))))
    return s[k]


def rate(games: list[Finish], boot: int = 200, seed: int = 1) -> Ladder:
    """The fitted ladder of `games` with bootstrap intervals (`boot` resamples of whole games)."""
    pairs = pairwise(games)
    ratings = fit(pairs)
    order = sorted(ratings, key=lambda a: ratings[a])
    rng = random.Random(seed)
    samples: list[dict[str, float]] = []
    for _ in range(boot):
        sample = [games[rng.randrange(len(games))] for _ in games]
        r = fit(pairwise(sample))
        if set(r) == set(ratings):
            samples.append(r)
    low = {a: percentile([s[a] for s in samples], 0.025) for a in ratings}
    high = {a: percentile([s[a] for s in samples], 0.975) for a in ratings}
    gaps = []
    for a, b in itertools.pairwise(order):
        diffs = [s[b] - s[a] for s in samples]
        gaps.append((a, b, ratings[b] - ratings[a], percentile(diffs, 0.025), percentile(diffs, 0.975)))
    return Ladder(ratings, low, high, gaps, len(games), pairs)


def play(levels: Sequence[str], tile_seed: int, options: dict | None = None) -> tuple[Finish, list[float]]:
    """One game of the given seats' levels (or the yardstick's, `ismcts-*`); its finish and the
    searching levels' decision times (ms). `options` go to the searching levels (`budget_ms`)."""
    searching = [lv in SPEC_OF and SPEC_OF[lv].searches for lv in levels]
    told = {**(options or {}), "table": tuple(levels)}  # a searching level knows whom it plays
    bots = [make_player(lv, tile_seed * 100 + s, True, told) for s, lv in enumerate(levels)]
    g = Game.new(players=len(levels), seed=tile_seed)
    times: list[float] = []
    while not g.is_over:
        who = g.current
        t0 = time.perf_counter()
        act = bots[who].choose(g.view(who))
        if searching[who]:
            times.append(1000 * (time.perf_counter() - t0))
        g.play(act)
    return Finish(tuple(levels), tuple(g.scores())), times


Task = tuple[tuple[str, ...], int, dict]  # seat levels, tile seed, searching levels' options


def _play_task(task: Task) -> tuple[Finish, list[float]]:
    return play(*task)


def _task_key(task: Task) -> str:
    """What a kept game's line names its game by: its seats, deal and options."""
    return json.dumps([list(task[0]), task[1], task[2]], sort_keys=True)


def read_kept(keep: Path) -> dict[str, tuple[Finish, list[float]]]:
    """The games `--keep` wrote to `keep`, by their key (ValueError naming a line that is not
    one: the file is someone else's, or was cut short mid-line)."""
    out: dict[str, tuple[Finish, list[float]]] = {}
    if not keep.exists():
        return out
    try:
        text = keep.read_text()
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"{keep} cannot be read as a ladder run ({e})") from None
    for n, line in enumerate(text.splitlines(), 1):
        try:
            row = json.loads(line)
            task = (tuple(row["levels"]), int(row["tile"]), dict(row["options"]))
            finish = Finish(task[0], tuple(int(x) for x in row["scores"]))
            times = [float(t) for t in row["times"]]
        except (ValueError, KeyError, TypeError) as e:
            raise ValueError(f"{keep} line {n} is not a ladder game ({e})") from None
        out[_task_key(task)] = (finish, times)
    return out


def play_all(
    tasks: list[Task], jobs: int = 1, keep: Path | None = None
) -> tuple[list[tuple[Finish, list[float]]], int]:
    """Every task's game, in the tasks' order (so the bootstrap is the same however it was
    played), and how many of them were read from `keep`: the games kept there are read, not
    played, and each new one is written there as it ends."""
    kept = read_kept(keep) if keep is not None else {}
    todo = [t for t in tasks if _task_key(t) not in kept]
    earlier = len(tasks) - len(todo)

    def note(task: Task, result: tuple[Finish, list[float]]) -> None:
        kept[_task_key(task)] = result
        if keep is not None:
            row = {"levels": list(task[0]), "tile": task[1], "options": task[2]}
            row |= {"scores": list(result[0].scores), "times": [round(t, 1) for t in result[1]]}
            with keep.open("a") as f:
                f.write(json.dumps(row) + "\n")

    if jobs > 1 and todo:
        import multiprocessing  # only the ladder and the arena use processes; never the game

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:  # as the arena's
            for task, result in zip(todo, pool.imap(_play_task, todo, chunksize=1), strict=True):
                note(task, result)
    else:
        for task in todo:
            note(task, _play_task(task))
    return [kept[_task_key(t)] for t in tasks], earlier


def schedule(
    deals: int,
    expert_deals: int,
    seed: int = 1,
    players: int = 4,
    yardstick: Sequence[str] = (),
    yardstick_deals: int = 0,
) -> list[tuple[tuple[str, ...], int]]:
    """(seat levels, tile seed) for every game: each set of `players` distinct cheap levels
    (those that do not search) on `deals` deals, each deal seat-rotated; each searching level
    (the expert) joins the strongest cheap one and two others (every such set) on
    `expert_deals` deals, and plays `players - 1` of the strongest cheap one on as many; each
    of the `yardstick`'s levels (`ismcts-*`) joins them as the expert does, on
    `yardstick_deals` deals."""
    cheap = [lv for lv in ORDER if not SPEC_OF[lv].searches]
    top = cheap[-1]  # the strongest that does not search: hard
    out: list[tuple[tuple[str, ...], int]] = []
    tile = seed * 10000

    def add(combos: Iterable[tuple[str, ...]], count: int) -> None:
        nonlocal tile
        for combo in combos:
            for _ in range(count):
                tile += 1
                out.extend((combo[k:] + combo[:k], tile) for k in range(players))

    def joining(level: str) -> list[tuple[str, ...]]:
        """The sets `level` plays in: with the strongest cheap level and every two others, and
        with `players - 1` of the strongest."""
        others = itertools.combinations([c for c in cheap if c != top], players - 2)
        return [(level, top, *rest) for rest in others] + [(level,) + (top,) * (players - 1)]

    add(itertools.combinations(cheap, players), deals)
    if expert_deals:
        for searcher in (lv for lv in ORDER if SPEC_OF[lv].searches):
            add(joining(searcher), expert_deals)
    for level in yardstick:
        add(joining(level), yardstick_deals)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m acquire8.ai.ladder", description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=40, help="deals per set of cheap levels (each seat-rotated)")
    ap.add_argument(
        "--expert-deals", type=int, default=4, help="deals per set with the expert (0: no expert)"
    )
    ap.add_argument(
        "--yardstick",
        default="",
        help="the yardstick's levels to rate too, comma-separated: intern ... ceo (bench/ismcts.py)",
    )
    ap.add_argument("--yardstick-deals", type=int, default=2, help="deals per set with a yardstick level")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4, choices=range(3, 6))
    ap.add_argument("--boot", type=int, default=200, help="bootstrap resamples")
    ap.add_argument("--budget-ms", type=float, default=None, help="searching levels: time per decision")
    ap.add_argument("--jobs", type=int, default=1, help="processes (the machine may be shared)")
    ap.add_argument("--keep", type=Path, help="a file: write each finished game there, play only the rest")
    ap.add_argument(
        "--rate", type=Path, nargs="+", metavar="FILE", help="rate the games --keep kept in FILEs; play none"
    )
    args = ap.parse_args(argv)
    if args.rate:
        _rate_kept(ap, args.rate, args.boot, args.seed)
        return
    opts = {} if args.budget_ms is None else {"budget_ms": args.budget_ms}
    games: list[Finish] = []
    times: list[float] = []
    start = time.perf_counter()
    yardstick = [YARDSTICK + name.strip() for name in args.yardstick.split(",") if name.strip()]
    for name in yardstick:  # an unknown level or a missing bench/: said now, not mid-run
        try:
            make_player(name, 0, True, {})
        except ValueError as e:
            ap.error(str(e))
    tasks: list[Task] = [
        (levels, tile, opts)
        for levels, tile in schedule(
            args.deals, args.expert_deals, args.seed, args.players, yardstick, args.yardstick_deals
        )
    ]
    try:
        played, earlier = play_all(tasks, args.jobs, args.keep)
    except ValueError as e:
        ap.error(str(e))
    for finish, t in played:
        games.append(finish)
        times += t
    ladder = rate(games, args.boot, args.seed)
    took = time.perf_counter() - start
    read = f"; {earlier} of them read from {args.keep}" if earlier else ""
    print(f"{len(games)} games of {args.players}, seed {args.seed}, seat-rotated ({took:.0f} s{read})")
    _print(ladder, times)


def _rate_kept(ap: argparse.ArgumentParser, files: list[Path], boot: int, seed: int) -> None:
    """Print the ladder of the games kept in `files`, pooled (`--rate`)."""
    played: dict[str, tuple[Finish, list[float]]] = {}
    for f in files:
        if not f.is_file():
            ap.error(f"{f}: no such file of kept games")
        try:
            kept = read_kept(f)
        except ValueError as e:
            ap.error(str(e))
        # a game kept twice (a file named twice, or one run's seed again) would count twice
        if twice := played.keys() & kept.keys():
            ap.error(f"{f}: {len(twice)} of its games were read already; rate each game once")
        played |= kept
    names = ", ".join(map(str, files))
    if not played:
        ap.error(f"no games in {names}")
    print(f"{len(played)} games read from {names}")
    games = played.values()
    _print(rate([finish for finish, _ in games], boot, seed), [t for _, ts in games for t in ts])


def _print(ladder: Ladder, times: list[float]) -> None:
    """The ladder's lines, the searching levels' decision times, and the ratings to ship."""
    for line in ladder.lines():
        print(line)
    if times:
        times = sorted(times)
        med, p95 = times[len(times) // 2], times[int(0.95 * len(times))]
        print(f"searching: decision ms median {med:.0f}, p95 {p95:.0f}, max {times[-1]:.0f} ({len(times)})")
    print(
        "to ship (acquire8/ai/levels.py, each level's rating):",
        {a: round(r) for a, r in sorted(ladder.ratings.items(), key=lambda x: x[1])},
    )


if __name__ == "__main__":
    main()
