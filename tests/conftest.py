import os
import shutil
import tempfile

import pytest

from acquire8.app import demo
from acquire8.app.control.app import App
from acquire8.app.control.standings import GameOver


def pytest_configure(config: pytest.Config) -> None:
    os.environ["SDL_AUDIODRIVER"] = "dummy"  # tests never make sound, whatever the player's setting
    # Saves, settings and stats of anything a test starts (also subprocesses) land in a scratch
    # directory, never in the player's real ~/.pyxel (acquire8/storage/backends.py honours the
    # first variable); likewise the copy of the game a started .pyxapp keeps
    # (tools/pyxapp_main.py). Removed when the run ends, unless the caller chose them.
    for variable, prefix in (
        ("ACQUIRE8_DATA_DIR", "acquire8-test-"),
        ("ACQUIRE8_CACHE_DIR", "acquire8-test-code-"),
    ):
        if variable not in os.environ:
            os.environ[variable] = path = tempfile.mkdtemp(prefix=prefix)
            config.add_cleanup(lambda path=path: shutil.rmtree(path, ignore_errors=True))


@pytest.fixture(scope="session")
def pyxel_headless():
    """The one headless Pyxel of this test process (a second pyxel.init panics)."""
    import pyxel

    pyxel.init(128, 128, headless=True, fps=10000, capture_sec=0)  # no frames kept for recording
    return pyxel


DESCENDERS = frozenset("gjpqy$")  # the characters with ink in the row below the baseline


@pytest.fixture()
def text_bounds(monkeypatch, pyxel_headless):
    """Every text drawn must lie wholly on the 128x128 screen, its descenders too: nothing
    clipped, anywhere."""
    real = pyxel_headless.text
    out: list[tuple[int, int, str]] = []

    def text(x: int, y: int, s: str, col: int) -> None:
        bottom = y + (5 if DESCENDERS.intersection(s) else 4)  # its lowest row of ink
        if x < 0 or y < 0 or x + 4 * len(s) - 1 > 128 or bottom > 127:
            out.append((x, y, s))
        real(x, y, s, col)

    monkeypatch.setattr(pyxel_headless, "text", text)
    return out


@pytest.fixture(scope="module")
def finished() -> tuple[App, GameOver]:
    """A whole default game from the title (the demo's game-over screen), left on its final
    standings: one a test module, which its tests may move on from."""
    app = App(seed=4)
    return app, demo.game_over(app)
