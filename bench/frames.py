"""Front-end frame cost: `update` + `draw` per frame over a whole computer-only game, rendered
headless at the normal computer pace (thinking included: the app slices stepping bots)."""

from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _pyxel():
    import pyxel

    if not getattr(_pyxel, "ready", False):  # one init per process
        cwd = os.getcwd()
        pyxel.init(128, 128, headless=True, fps=10000)
        os.chdir(cwd)  # init moves to the script's directory; bench.json belongs where make runs
        _pyxel.ready = True
    return pyxel


def frame_costs(seed: int = 1, players: int = 4, level: str | None = None, pace: str = "normal") -> dict:
    """Mean, 99th percentile and maximum ms per frame over one game (and the idle game-over screen)."""
    _pyxel()
    from acquire8.ai import make_bot
    from acquire8.app import scenes as sc
    from acquire8.app import views
    from acquire8.rules import Game

    level = level or sc.DEFAULT_LEVEL
    app = sc.App(settings=sc.Settings(pace=pace), seed=seed)
    game = Game.new(players=players, seed=seed, names=list(sc.NAMES[:players]))
    bots = {s: make_bot(level, seed * 10 + s) for s in range(players)}
    app.goto(sc.Play(app, game, bots, human=None, seed=seed))
    nothing: frozenset[str] = frozenset()
    clock, cpu_clock = time.perf_counter, time.thread_time
    costs, cpu = [], []
    while not isinstance(app.scene, sc.GameOver):
        t0, c0 = clock(), cpu_clock()
        app.update(nothing)
        views.draw(app)
        costs.append((clock() - t0) * 1000)
        cpu.append((cpu_clock() - c0) * 1000)
        app.heard.clear()
        app.effects.clear()
        if len(costs) > 200_000:
            raise RuntimeError("the game did not end")
    idle = []
    for _ in range(60):  # a screen where nothing changes
        t0 = clock()
        app.update(nothing)
        views.draw(app)
        idle.append((clock() - t0) * 1000)
    costs.sort()
    cpu.sort()
    return {
        "level": level,
        "pace": pace,
        "frames": len(costs),
        "mean_ms": statistics.fmean(costs),
        "p99_ms": costs[int(0.99 * (len(costs) - 1))],
        "max_ms": costs[-1],
        "idle_mean_ms": statistics.fmean(idle),
        # CPU time of this thread: the same frames without the other processes' preemption
        "cpu_mean_ms": statistics.fmean(cpu),
        "cpu_p99_ms": cpu[int(0.99 * (len(cpu) - 1))],
        "cpu_max_ms": cpu[-1],
    }


def report(levels: tuple[str, ...] | None = None) -> dict:
    from acquire8.app import scenes as sc

    levels = levels or tuple(dict.fromkeys((sc.DEFAULT_LEVEL, sc.LEVELS[-1])))
    out = {}
    for level in levels:
        r = frame_costs(level=level)
        out[level] = r
        print(
            f"frames ({level} computers, {r['pace']} pace): {r['frames']} frames, update+draw "
            f"mean {r['mean_ms']:.3f} ms, p99 {r['p99_ms']:.3f} ms, max {r['max_ms']:.3f} ms; "
            f"idle {r['idle_mean_ms']:.3f} ms\n"
            f"  thread CPU time: mean {r['cpu_mean_ms']:.3f} ms, p99 {r['cpu_p99_ms']:.3f} ms, "
            f"max {r['cpu_max_ms']:.3f} ms"
        )
    return out


if __name__ == "__main__":
    report()
