"""Start-up: from process start to the first drawn title frame (budget: 0.5 s).

Each run is a fresh interpreter running the real game through tools/headless.py (Pyxel
headless, no window), timed by this process from just before it starts the child to the
child's `FIRST_FRAME` line. Measured for the source tree (`python -m acquire8`) and for
`pyxel play acquire8.pyxapp` (which unzips the app first), as a handheld starts it.
Where Xvfb is installed, also with a real window on a virtual display (Mesa's software
OpenGL there; a handheld's GPU driver will differ).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADLESS = ROOT / "tools" / "headless.py"


@contextlib.contextmanager
def virtual_display():
    """An Xvfb server on a free display number for the duration; yields DISPLAY."""
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "640x480x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    try:
        with os.fdopen(read_fd) as pipe:
            yield ":" + pipe.readline().strip()
    finally:
        server.terminate()
        server.wait()


def time_to_first_frame(extra: list[str], display: str | None = None) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        # A temp folder of its own: `pyxel play` unpacks there and, before that, checks every
        # app folder earlier runs left (about 18 ms each), which would grow run after run.
        env = {**os.environ, "SDL_AUDIODRIVER": "dummy", "TMPDIR": tmp}
        if display:
            env["DISPLAY"] = display
        return _time_child(extra, env)


def _time_child(extra: list[str], env: dict[str, str]) -> float:
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
        if shutil.which("Xvfb"):
            with virtual_display() as display:
                extra = ["--window", "--pyxapp", str(pyxapp)]
                time_to_first_frame(extra, display)
                seconds = [time_to_first_frame(extra, display) for _ in range(runs)]
            figures["pyxapp_window"] = {"median_s": statistics.median(seconds), "max_s": max(seconds)}
    s, p = figures["source"], figures["pyxapp"]
    print(
        f"start-up to first title frame (headless): source {s['median_s']:.2f} s median "
        f"(max {s['max_s']:.2f}), pyxel play .pyxapp {p['median_s']:.2f} s (max {p['max_s']:.2f}); "
        "budget 0.5 s"
    )
    if "pyxapp_window" in figures:
        w = figures["pyxapp_window"]
        print(f"  in a window (Xvfb, software OpenGL): {w['median_s']:.2f} s median (max {w['max_s']:.2f})")
    return figures


if __name__ == "__main__":
    report()
