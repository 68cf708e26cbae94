"""The game never freezes in Pyxel's audio, and a game that hangs all the same still ends.

From Pyxel 2.9.8 `pyxel.playm` takes Pyxel's channel lock and then SDL's audio lock, while
SDL's audio thread takes them the other way round: switching tunes could freeze the game for
good (docs/HANDHELD.md). These run the game's own Audio in a subprocess with SDL's real audio
thread (the dummy driver), killed with SIGKILL if it does not finish in time, on the current
Pyxel and on the oldest the game supports.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from build import OLDEST_PYXEL  # noqa: E402  (tools/ is not a package)

# Switches tunes as fast as it can for SECONDS: each switch stops a tune and starts the next.
SWITCHER = """
import sys, time
import pyxel
pyxel.init(128, 128, headless=True, capture_sec=0)
from acquire8.app.audio import MUSICS, Audio
audio = Audio()
assert audio.ready, "the sounds did not load"
end = time.monotonic() + float(sys.argv[1])
switches = 0
while time.monotonic() < end:
    for name in (*MUSICS, None):
        audio.music(name)
        switches += 1
print(pyxel.VERSION, switches)
"""
SECONDS = 3  # today's main hung in 10 of 10 such runs on Pyxel 2.9.9


@pytest.fixture(scope="module")
def oldest_pyxel() -> Path:
    """Pyxel OLDEST_PYXEL in a folder of its own (the Makefile's rule makes it once)."""
    folder = ROOT / "build" / f"pyxel-{OLDEST_PYXEL}"
    subprocess.run(["make", "-s", "-C", str(ROOT), f"build/pyxel-{OLDEST_PYXEL}/.ready"], check=True)
    return folder


def switch_tunes(pythonpath: str) -> tuple[str, int]:
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": pythonpath}
    try:
        proc = subprocess.run(
            [sys.executable, "-c", SWITCHER, str(SECONDS)],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=SECONDS + 30,  # then SIGKILL: a deadlocked Pyxel ignores everything else
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"switching tunes froze the game (killed after {SECONDS + 30} s)")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    version, switches = proc.stdout.split()
    return version, int(switches)


def test_switching_tunes_never_freezes_on_the_current_pyxel():
    import pyxel

    version, switches = switch_tunes(str(ROOT))
    assert version == pyxel.VERSION
    assert switches > 1000  # it really switched, many times over


def test_switching_tunes_never_freezes_on_the_oldest_pyxel(oldest_pyxel):
    version, switches = switch_tunes(os.pathsep.join((str(oldest_pyxel), str(ROOT))))
    assert version == OLDEST_PYXEL
    assert switches > 1000


# The real start-up (acquire8.app.run, headless), then a main thread that never comes back to
# the frame loop, as a deadlocked one would not.
STUCK = """
import threading
import pyxel
real_init = pyxel.init
def init(*args, **kwargs):
    kwargs.update(headless=True, capture_sec=0)
    real_init(*args, **kwargs)
def run(update, draw):
    update()
    draw()
    print("STUCK", flush=True)
    threading.Event().wait()
pyxel.init, pyxel.run = init, run
from acquire8.app import run as play
play()
"""


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_stuck_game_still_ends_on_sigterm_and_sigint(sig, tmp_path):
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy", "ACQUIRE8_DATA_DIR": str(tmp_path)}
    game = subprocess.Popen(
        [sys.executable, "-c", STUCK],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert game.stdout is not None
        assert game.stdout.readline().strip() == "STUCK", game.stderr.read() if game.stderr else ""
        game.send_signal(sig)
        assert game.wait(timeout=20) == -sig
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
            pytest.fail(f"the stuck game ignored signal {sig.name}: only SIGKILL ended it")
