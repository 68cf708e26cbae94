"""Run the real game headless in this process and report on it (for benchmarks and build tests).

    python tools/headless.py [--pyxapp dist/acquire8.pyxapp] [--frames N] [--press-every K]

Starts the game exactly as a player does (`acquire8.cli.main(["play"])`, or `pyxel play` on a
.pyxapp) with two Pyxel calls swapped: `init` forces `headless=True`, and `run` drives
update/draw/flip for a fixed number of frames instead of opening a window, tapping X (confirm)
every K frames, so the game moves on from the title as a person pressing X would.
Prints `FIRST_FRAME` as soon as the first frame is drawn (the parent times it), then one JSON
line: frames run, whether the game quit or reached game over, the options pyxel.init and
pyxel.fullscreen got, the folder the game was imported from, peak resident size.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent


def peak_rss_mb() -> float:
    """This process's peak resident size in MB.

    Linux's VmHWM starts afresh at exec; getrusage's ru_maxrss does not (a child started by a
    40 MB parent reports at least 40 MB), so it is only the fallback elsewhere.
    """
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kb / (1024 * 1024 if sys.platform == "darwin" else 1024)  # bytes on macOS, KB elsewhere


class _Quit(Exception):
    """The game called pyxel.quit(): stop driving it, but still report."""


TO_NEW_GAME = 16  # frames of Up taps first: enough for every item of the title


def drive(frames: int, press_every: int, start, until_over: bool = False, window: bool = False) -> dict:
    import pyxel

    stats: dict = {"frames": 0, "quit": False, "game_over": False, "first_frame_s": None}
    real_init = pyxel.init
    t0 = time.perf_counter()

    def init(*args, **kwargs) -> None:
        # No window, and no waiting between frames: flip() paces itself to fps. No screencast
        # buffer either: Pyxel keeps fps * capture_sec frames for it, 1.6 GB at fps 10000.
        stats["init"] = {k: v for k, v in kwargs.items() if k in ("title", "fps", "display_scale")}
        kwargs.update(headless=not window, fps=10000, capture_sec=0)
        real_init(*args, **kwargs)

    def fullscreen(enabled: bool) -> None:
        stats["fullscreen"] = enabled

    def quit_() -> None:
        raise _Quit

    def run(update, draw) -> None:
        # The front end's controller, if update is a method of an object holding one (shell.app).
        app = getattr(getattr(update, "__self__", None), "app", None)
        for frame in range(frames):
            if press_every:
                # A first start selects Learn to play: taps of Up reach New game (the title's
                # first item; it does not wrap), then taps of X: down on one frame, up on the
                # next, so btnp fires once per tap.
                pyxel.set_btn(pyxel.KEY_UP, frame < TO_NEW_GAME and frame % 2 == 0)
                pyxel.set_btn(pyxel.KEY_X, frame >= TO_NEW_GAME and frame % press_every == 0)
            update()
            draw()
            pyxel.flip()
            stats["frames"] = frame + 1
            if frame == 0:
                stats["first_frame_s"] = time.perf_counter() - t0
                # Where the game's code came from (a .pyxapp runs a kept copy after its first start).
                stats["game_dir"] = str(Path(sys.modules["acquire8"].__file__).parents[1])
                stats["pid"] = os.getpid()
                print("FIRST_FRAME", flush=True)
            if until_over and type(getattr(app, "scene", None)).__name__ == "GameOver":
                stats["game_over"] = True
                break

    pyxel.init, pyxel.run, pyxel.quit, pyxel.fullscreen = init, run, quit_, fullscreen
    try:
        start()
    except _Quit:
        stats["quit"] = True
    return stats


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pyxapp", type=Path, help="play this .pyxapp instead of the source tree")
    parser.add_argument("--frames", type=int, default=1)
    parser.add_argument("--press-every", type=int, default=0, help="tap X every K frames (0: never)")
    parser.add_argument("--until-over", action="store_true", help="stop at the game-over screen")
    parser.add_argument("--window", action="store_true", help="open the real window (needs a display)")
    args = parser.parse_args(argv)
    if args.pyxapp:
        import pyxel.cli

        def start() -> None:
            pyxel.cli.play_pyxel_app(str(args.pyxapp))
    else:
        sys.path.insert(0, str(ROOT))

        def start() -> None:
            from acquire8.cli import main as game_main

            game_main(["play"])

    with tempfile.TemporaryDirectory(prefix="acquire8-headless-") as scratch:
        # Settings, autosave and stats go to a scratch folder unless the caller chose one:
        # a benchmark must neither read nor overwrite the player's own saved game.
        os.environ.setdefault("ACQUIRE8_DATA_DIR", scratch)
        stats = drive(args.frames, args.press_every, start, args.until_over, args.window)
    stats["maxrss_mb"] = peak_rss_mb()
    print(json.dumps(stats), flush=True)


if __name__ == "__main__":
    main()
