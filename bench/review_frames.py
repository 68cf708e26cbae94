"""The expert's review in the game: a finished game's review of the person's seat worked out on
the review screen through the Shell, as the game runs it (app/control/review.py: in what each
frame leaves over). Prints per game the decisions reviewed, the frames it took (its time at
30 fps), the late frames (update+draw past the 33.3 ms period) in this thread's CPU time and
in wall time (which on a shared machine also counts the other processes), the slowest frame and
the longest unit of the review's thinking (the longest piece between two looks at the clock).

    python -m bench.review_frames --games 5

The games are the demo's (a person who takes every default, against normal players). The frames
run back to back; the game runs them at 30 a second, so a review's time is its frames over 30.
Not part of `make bench`: each game is played through first.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

PERIOD_MS = 1000 / 30


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=4, help="the first game's (the demo's game-over is 4)")
    args = parser.parse_args()

    import pyxel

    from acquire8.ai.base import PACER
    from acquire8.app import demo
    from acquire8.app.constants import FPS
    from acquire8.app.control.app import App
    from acquire8.app.control.frames import FrameBudget
    from acquire8.app.control.review import ReviewScene
    from acquire8.app.shell import Shell, settle_memory

    pyxel.init(128, 128, headless=True, fps=10000, capture_sec=0)
    totals = [0, 0, 0, 0]  # frames, late in CPU time, late in wall time, decisions
    for seed in range(args.seed, args.seed + args.games):
        app = App(seed=seed)
        over = demo.game_over(app)
        assert over.record is not None
        app.frames = FrameBudget(FPS)
        shell = Shell(app, audio=False)
        settle_memory()
        PACER.longest_ms = 0.0  # the review's units only
        app.open_review(over.record)
        scene = app.scene
        assert isinstance(scene, ReviewScene)
        frames = late_cpu = late_wall = 0
        worst = 0.0
        while scene.kept is None:
            t, c = time.perf_counter(), time.thread_time()
            shell.update(frozenset())
            shell.draw()
            wall, cpu = (time.perf_counter() - t) * 1000, (time.thread_time() - c) * 1000
            frames += 1
            late_cpu += cpu > PERIOD_MS
            late_wall += wall > PERIOD_MS
            worst = max(worst, wall)
        decisions = scene.progress[1]
        print(
            f"game {seed}: {decisions} decisions reviewed in {frames} frames ({frames / FPS:.1f} s), "
            f"late {late_cpu} (CPU) / {late_wall} (wall), slowest {worst:.1f} ms, "
            f"longest unit of thinking {PACER.longest_ms:.2f} ms (CPU), "
            f"accuracy {scene.accuracy:.1f}"
        )
        for i, n in enumerate((frames, late_cpu, late_wall, decisions)):
            totals[i] += n
    frames, late_cpu, late_wall, decisions = totals
    print(
        f"{args.games} reviews: {decisions} decisions in {frames} frames ({frames / FPS:.1f} s, "
        f"{frames / FPS / args.games:.1f} s a game), late {late_cpu} (CPU) / {late_wall} (wall)"
    )


if __name__ == "__main__":
    main()
