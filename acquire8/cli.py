"""Command line: `acquire8` plays; `acquire8 simulate` runs computer-only games."""

from __future__ import annotations

import argparse
import time

from acquire8.ai import BASELINES, LEVELS, make_bot
from acquire8.ai.match import play_game


def simulate(games: int, seed: int, players: int, bots: list[str]) -> None:
    levels = [bots[s % len(bots)] for s in range(players)]
    wins = [0.0] * players
    totals = [0] * players
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        result = play_game([make_bot(lv, game_seed * 10 + s) for s, lv in enumerate(levels)], game_seed)
        for w in result.winners:
            wins[w] += 1 / len(result.winners)
        for s, score in enumerate(result.scores):
            totals[s] += score
        names = " & ".join(f"P{w + 1}" for w in result.winners)
        cash = " ".join(f"{c:>7,}" for c in result.scores)
        print(f"game {i + 1:>4} seed {game_seed:>6}: {cash}  winner {names} ({result.actions} actions)")
    seconds = time.perf_counter() - start
    print(f"\n{games} games of {players} players in {seconds:.2f} s ({games / seconds:.1f} games/s)")
    for s in range(players):
        share = 100 * wins[s] / games
        mean = totals[s] // games
        print(f"P{s + 1} {levels[s]:>8}: won {wins[s]:7.1f} ({share:5.1f}%)  mean cash {mean:>7,}")


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="acquire8", description="Acquire, PICO-8 style.")
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser("play", help="play the game in a window (the default)")
    play.add_argument("--fullscreen", action="store_true", help="start full screen")
    play.add_argument("--scale", type=int, default=0, help="window scale (0 fits the screen)")
    sim = sub.add_parser("simulate", help="play computer-only games without a window")
    sim.add_argument("--games", type=_positive, default=10)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--players", type=int, default=4, choices=range(2, 7))
    sim.add_argument("--bots", default="greedy", help="comma-separated levels, one per seat, repeating")
    args = parser.parse_args(argv)
    if args.command == "simulate":
        bots = args.bots.split(",")
        unknown = [b for b in bots if b not in (*BASELINES, *LEVELS)]
        if unknown:
            parser.error(
                f"unknown computer player {unknown[0]!r}; choose from {', '.join((*LEVELS, *BASELINES))}"
            )
        simulate(args.games, args.seed, args.players, bots)
        return
    from acquire8.app import run  # only playing needs Pyxel

    run(fullscreen=getattr(args, "fullscreen", False), scale=getattr(args, "scale", 0))
