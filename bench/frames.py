"""Front-end frame cost, through the Shell as the game runs it (idle frames skip drawing):

- busy: `update` + `draw` per frame over a whole computer-only game at the normal pace, thinking
  included (a computer thinks in what each frame leaves over: app/control/frames.py): the late
  frames (update+draw past the 33.3 ms period) in this thread's CPU time (budget 0) and in wall
  time (which on a shared machine also counts the other processes), the longest unit of thinking
  (the longest piece between two looks at the clock, `ai.base.PACER`), the thinking's share of the
  frames' work, mean, 99th percentile and maximum in wall time and in this thread's CPU time, and per
  decision over several frames the frames it took (its wall time at 30 fps) and its thinking;
- idle: frames of a screen where nothing changes (the title between lifts of its tiles, your turn
  between blinks, the game-over screen), against a busy frame that draws: budget a tenth.

The frames here run back to back, as fast as they go; the game runs them at 30 a second, so a
decision's wall time is its frames over 30.
"""

from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

NOTHING: frozenset[str] = frozenset()
LATE_BUDGET, IDLE_BUDGET = 0, 0.1
PERIOD_MS = 1000 / 30


def _pyxel():
    import pyxel

    if not getattr(_pyxel, "ready", False):  # one init per process
        cwd = os.getcwd()
        pyxel.init(128, 128, headless=True, fps=10000, capture_sec=0)
        os.chdir(cwd)  # init moves to the script's directory; bench.json belongs where make runs
        _pyxel.ready = True
    return pyxel


def _pct(values: list[float], q: float) -> float:
    v = sorted(values)
    return v[int(q * (len(v) - 1))]


def _clocks():
    return time.perf_counter(), time.thread_time()


def _frame(shell, pressed: frozenset[str] = NOTHING) -> tuple[float, float, bool]:
    """One frame through the shell: (wall ms, CPU ms, whether it drew)."""
    drawn = shell.draws
    t0, c0 = _clocks()
    shell.update(pressed)
    shell.draw()
    t1, c1 = _clocks()
    return (t1 - t0) * 1000, (c1 - c0) * 1000, shell.draws > drawn


def _job(play) -> object:
    """The computer decision being worked out, if any (it may start while events show)."""
    return getattr(play.stage, "job", None)


def frame_costs(seed: int = 1, players: int = 4, level: str | None = None, pace: str = "normal") -> dict:
    """Mean, 99th percentile and maximum ms per frame over one computer-only game."""
    _pyxel()
    from acquire8 import storage as storage_mod
    from acquire8.ai import make_bot
    from acquire8.ai.base import PACER
    from acquire8.app.control import app as capp
    from acquire8.app.control import menus as menus
    from acquire8.app.control import play as cplay
    from acquire8.app.control import standings
    from acquire8.app.shell import Shell, settle_memory
    from acquire8.rules import Game

    level = level or menus.DEFAULT_LEVEL
    app = capp.App(settings=storage_mod.Settings(pace=pace), seed=seed)
    game = Game.new(players=players, seed=seed, names=list(capp.NAMES[:players]))
    bots = {s: make_bot(level, seed * 10 + s) for s in range(players)}
    play = cplay.Play(app, game, bots, people=set(), seed=seed)
    app.goto(play)
    shell = Shell(app, audio=False)
    settle_memory()  # as app.run does once the game is loaded
    PACER.longest_ms = PACER.reserve_ms = 0.0  # this game's units only
    PACER.units = 0
    wall, cpu, drawn = [], [], []
    per_decision: list[int] = []  # frames each sliced decision took, its start included
    think_per_decision: list[float] = []  # ms of thinking each got
    thinking_frames, thought = 0, 0.0
    fb = app.frames
    while not isinstance(app.scene, standings.GameOver):
        before = _job(play)
        on_top = app.scene is play  # a merger summary over the play: no thinking (the reader's time)
        total = fb.thinking_total_ms
        w, c, drew = _frame(shell)
        wall.append(w)
        cpu.append(c)
        if drew:
            drawn.append(w)
        after = _job(play)
        if before is None and after is not None:
            thinking_frames, thought = 1, fb.thinking_total_ms - total
        elif before is not None:
            thinking_frames += on_top
            thought += fb.thinking_total_ms - total
            if after is not before:
                if thinking_frames > 1:
                    per_decision.append(thinking_frames)
                    think_per_decision.append(thought)
                thinking_frames, thought = (1, 0.0) if after is not None else (0, 0.0)
        if len(wall) > 200_000:
            raise RuntimeError("the game did not end")
    return {
        "level": level,
        "pace": pace,
        "frames": len(wall),
        "drawn": len(drawn),
        "actions": len(play.actions),
        "mean_ms": statistics.fmean(wall),
        "p99_ms": _pct(wall, 0.99),
        "max_ms": max(wall),
        "cpu_mean_ms": statistics.fmean(cpu),
        "cpu_p99_ms": _pct(cpu, 0.99),
        "cpu_max_ms": max(cpu),
        "drawn_mean_ms": statistics.fmean(drawn),  # a busy frame: one that redraws the play screen
        "late": sum(1 for x in wall if x > PERIOD_MS),
        "late_cpu": sum(1 for x in cpu if x > PERIOD_MS),
        "longest_unit_ms": PACER.longest_ms,  # the longest piece of thinking between looks at the clock
        "units": PACER.units,
        "thinking_share": fb.thinking_share(),
        "sliced_decisions": len(per_decision),
        "frames_per_decision_median": _pct(per_decision, 0.5) if per_decision else 0,
        "frames_per_decision_max": max(per_decision, default=0),
        "thinking_per_decision_median_ms": _pct(think_per_decision, 0.5) if think_per_decision else 0.0,
        "thinking_per_decision_min_ms": min(think_per_decision, default=0.0),
    }


def idle_costs(frames: int = 600) -> dict:
    """Per idle screen: the mean cost of its frames that change nothing (skipped drawings), and
    the mean over all its frames, the periodic blink or lift redraws included."""
    _pyxel()
    from acquire8 import storage as storage_mod
    from acquire8.app import buttons as bt
    from acquire8.app.control import app as capp
    from acquire8.app.control import decisions as dec
    from acquire8.app.control import menus as menus
    from acquire8.app.control import standings
    from acquire8.app.shell import Shell

    app = capp.App(settings=storage_mod.Settings(pace="instant", levels=["normal"] * 5), seed=7)
    shell = Shell(app, audio=False)
    out: dict[str, dict] = {}

    def measure(name: str) -> None:
        for _ in range(30):  # fades and animations end
            _frame(shell)
        costs = [_frame(shell) for _ in range(frames)]
        still = [w for w, _, drew in costs if not drew]
        out[name] = {
            "still_mean_ms": statistics.fmean(still) if still else float("nan"),
            "still_cpu_mean_ms": statistics.fmean([c for _, c, drew in costs if not drew]) if still else 0.0,
            "drawn_share": 1 - len(still) / len(costs),
            "mean_ms": statistics.fmean(w for w, _, _ in costs),
        }

    measure("title")
    _frame(shell, frozenset({bt.X}))  # New game
    _frame(shell, frozenset({bt.X}))  # Start
    play = app.scene
    for _ in range(20_000):  # the computers play until it is your turn
        if isinstance(play.screen, dec.PlaceScreen) and not play.busy:
            break
        _frame(shell)
    measure("your turn")
    game = play.game
    while not game.is_over:  # straight to the end through the rules, then the game-over screen
        play.act(game.legal_actions()[0])
    for _ in range(20_000):
        if isinstance(app.scene, standings.GameOver):
            break
        _frame(
            shell, frozenset({bt.X}) if isinstance(app.scene, standings.Summary) else NOTHING
        )  # merger seen
    measure("game over")
    return out


def report(levels: tuple[str, ...] | None = None) -> dict:
    from acquire8.app.control import menus as menus
    from acquire8.app.control.frames import LOAD
    from acquire8.app.control.stages import DECISION_FRAMES

    levels = levels or tuple(dict.fromkeys((menus.DEFAULT_LEVEL, menus.LEVELS[-1])))
    out: dict = {"load": LOAD, "decision_frames": DECISION_FRAMES}
    for level in levels:
        r = frame_costs(level=level)
        out[level] = r
        ok = r["late_cpu"] <= LATE_BUDGET  # wall time also counts other processes on a shared machine
        print(
            f"frames ({level} computers, {r['pace']} pace, thinking in what each frame leaves over): "
            f"{r['frames']} frames ({r['drawn']} drawn), late (update+draw > {PERIOD_MS:.1f} ms): CPU "
            f"{r['late_cpu']} (budget {LATE_BUDGET}: {'ok' if ok else 'OVER'}), wall {r['late']}; "
            f"longest unit of thinking {r['longest_unit_ms']:.2f} ms CPU ({r['units']} units); "
            f"thinking {100 * r['thinking_share']:.0f}% of the frames' work\n"
            f"  update+draw mean {r['mean_ms']:.3f} ms, p99 {r['p99_ms']:.3f} ms, max {r['max_ms']:.3f} ms; "
            f"thread CPU mean {r['cpu_mean_ms']:.3f} ms, p99 {r['cpu_p99_ms']:.3f} ms, "
            f"max {r['cpu_max_ms']:.3f} ms"
            + (
                f"\n  {r['sliced_decisions']} decisions over several frames (no summary's): "
                f"{r['frames_per_decision_median']} frames each "
                f"(median; {r['frames_per_decision_median'] / 30:.2f} s at 30 fps), "
                f"{r['frames_per_decision_max']} at most (limit {DECISION_FRAMES}); thinking "
                f"{r['thinking_per_decision_median_ms']:.0f} ms a decision (median; least "
                f"{r['thinking_per_decision_min_ms']:.0f})"
                if r["sliced_decisions"]
                else ""
            )
        )
    busy = out[levels[0]]["drawn_mean_ms"]
    idle = idle_costs()
    out["idle"] = idle
    out["busy_drawn_mean_ms"] = busy
    for name, r in idle.items():
        ratio = r["still_mean_ms"] / busy
        r["ratio"] = ratio
        print(
            f"idle {name}: {r['still_mean_ms'] * 1000:.1f} us a frame that changes nothing vs "
            f"{busy:.3f} ms a busy frame that draws ({levels[0]} game): ratio {ratio:.3f} "
            f"(budget {IDLE_BUDGET:g}: {'ok' if ratio <= IDLE_BUDGET else 'OVER'}); "
            f"{100 * r['drawn_share']:.0f}% of its frames redraw (blinks), mean {r['mean_ms'] * 1000:.1f} us"
        )
    return out


if __name__ == "__main__":
    report()
