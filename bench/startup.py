"""Start-up: from process start to the first drawn title frame (issue 6 budget: 0.5 s).

Each run is a fresh interpreter running the real game through tools/headless.py (Pyxel
headless, no window), timed by this process from just before it starts the child to the
child's `FIRST_FRAME` line. Measured for the source tree (`python -m acquire8`) and for
`pyxel play acquire8.pyxapp` (which unzips the app first), as a handheld starts it.
A real window adds the display's own set-up, which a headless run cannot include.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADLESS = ROOT / "tools" / "headless.py"


def time_to_first_frame(extra: list[str]) -> float:
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy"}
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, str(HEADLESS), "--frames", "1", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.strip() == "FIRST_FRAME":
            elapsed = time.perf_counter() - start
            break
    else:
        raise RuntimeError(f"the game drew no frame (exit {proc.wait()})")
    proc.stdout.read()
    proc.wait()
    return elapsed


def report(runs: int = 5) -> dict:
    sys.path.insert(0, str(ROOT / "tools"))
    from build import build_pyxapp

    figures = {}
    with tempfile.TemporaryDirectory() as tmp:
        pyxapp = build_pyxapp(Path(tmp) / "dist", Path(tmp) / "staging")
        for name, extra in (("source", []), ("pyxapp", ["--pyxapp", str(pyxapp)])):
            time_to_first_frame(extra)  # warm the file cache, as a second launch would be
            seconds = [time_to_first_frame(extra) for _ in range(runs)]
            figures[name] = {"median_s": statistics.median(seconds), "max_s": max(seconds), "runs": runs}
    s, p = figures["source"], figures["pyxapp"]
    print(
        f"start-up to first title frame (headless): source {s['median_s']:.2f} s median "
        f"(max {s['max_s']:.2f}), pyxel play .pyxapp {p['median_s']:.2f} s (max {p['max_s']:.2f}); "
        "budget 0.5 s"
    )
    return figures


if __name__ == "__main__":
    report()
