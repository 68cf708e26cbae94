"""How the game starts playing: `play [--fullscreen] [--scale N]`, for the command line's `play`
(acquire8/cli.py) and for the .pyxapp's start, which ships this and not the rest of the
command line."""

from __future__ import annotations

import argparse


def add_play_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fullscreen", action="store_true", help="start full screen")
    parser.add_argument("--scale", type=int, default=0, help="window scale (0 fits the screen)")


def parse(argv: list[str]) -> argparse.Namespace:
    """`play` and its options (the .pyxapp adds those of $ACQUIRE8_ARGS)."""
    parser = argparse.ArgumentParser(prog="acquire8")
    sub = parser.add_subparsers(dest="command", required=True)
    add_play_options(sub.add_parser("play", help="play the game in a window"))
    return parser.parse_args(argv)


def play(fullscreen: bool = False, scale: int = 0) -> None:
    from acquire8.app import run  # only playing needs Pyxel

    run(fullscreen=fullscreen, scale=scale)


def main(argv: list[str]) -> None:
    args = parse(argv)
    play(args.fullscreen, args.scale)
