"""Decision times of the computer players: hard p95 <= 5 ms; the expert's search in slices of
a desktop frame's thinking (what 60% of the 33.3 ms period leaves after the frame's own work):
how far a step runs past its slice."""

from __future__ import annotations

import time

from acquire8.ai import make_bot
from acquire8.ai.expert import DEFAULT_BUDGET_MS, ExpertBot
from acquire8.rules import Game


def _pct(times: list[float], q: float) -> float:
    t = sorted(times)
    return t[min(len(t) - 1, int(q * len(t)))]


def decision_times(level: str = "hard", games: int = 4, players: int = 4) -> dict:
    """Every decision of `level` in games where it plays every seat, in milliseconds."""
    times: list[float] = []
    cpu: list[float] = []  # CPU time: a busy shared machine inflates wall-clock times
    for seed in range(games):
        g = Game.new(players=players, seed=seed)
        bots = [make_bot(level, seed * 10 + s) for s in range(players)]
        while not g.is_over:
            view = g.view(g.current)
            t0, c0 = time.perf_counter(), time.process_time()
            act = bots[g.current].choose(view)
            times.append(1000 * (time.perf_counter() - t0))
            cpu.append(1000 * (time.process_time() - c0))
            g.play(act)
    return {
        "decisions": len(times),
        "median_ms": _pct(times, 0.5),
        "p95_ms": _pct(times, 0.95),
        "max_ms": max(times),
        "cpu_p95_ms": _pct(cpu, 0.95),
        "cpu_max_ms": max(cpu),
    }


def expert_slices(decisions: int = 12, slice_ms: float = 19.0, budget_ms: float = DEFAULT_BUDGET_MS) -> dict:
    """The expert thinking in `slice_ms` steps, as the front end drives it: the longest
    single step and the frames a decision takes."""
    g = Game.new(players=4, seed=1)
    field = [make_bot("hard", s) for s in range(4)]
    steps: list[float] = []
    over: list[float] = []  # ms a step ran past its slice
    cpu: list[float] = []
    frames: list[int] = []
    while not g.is_over and len(frames) < decisions:
        view = g.view(g.current)
        if g.current == 0:
            bot = ExpertBot(1, budget_ms=budget_ms)
            bot.start(view)
            n = 0
            while True:
                t0, c0 = time.perf_counter(), time.process_time()
                act = bot.step(slice_ms)
                steps.append(1000 * (time.perf_counter() - t0))
                over.append(steps[-1] - slice_ms)
                cpu.append(1000 * (time.process_time() - c0))
                n += 1
                if act is not None:
                    break
            if n > 1:
                frames.append(n)
        else:
            act = field[g.current].choose(view)
        g.play(act)
    return {
        "budget_ms": budget_ms,
        "slice_ms": slice_ms,
        "step_p95_ms": _pct(steps, 0.95),
        "overrun_max_ms": max(over),
        "step_max_ms": max(steps),
        "step_cpu_p95_ms": _pct(cpu, 0.95),
        "step_cpu_max_ms": max(cpu),
        "frames_per_decision_median": _pct(frames, 0.5) if frames else 0,
    }


def expert_playouts(seconds: float = 3.0, seed: int = 1) -> dict:
    """The expert's playouts a second (a candidate played out on one deal to the start of its
    next turn), from the decisions of seat 0 in a 4-player game of hard players, searched with
    no budget until `seconds` of CPU are spent."""
    g = Game.new(players=4, seed=seed)
    field = [make_bot("hard", s) for s in range(4)]
    expert = ExpertBot(seed, iterations=10**6)
    playouts, spent = 0, 0.0
    while not g.is_over and spent < seconds:
        view = g.view(g.current)
        if g.current == 0:
            cands = expert.candidate_moves(view)
            if len(cands) > 1:
                search = expert.search(view, cands)
                c0 = time.process_time()
                while not search.done() and time.process_time() - c0 < 0.25:
                    search.iterate()
                spent += time.process_time() - c0
                playouts += sum(len(r) for r in search.results)
        g.play(field[g.current].choose(view))
    return {"playouts_per_s": playouts / spent if spent else 0.0, "cpu_s": spent}
