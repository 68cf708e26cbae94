import os

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pytest


@pytest.fixture(scope="session")
def pyxel_headless():
    """The one headless Pyxel of this test process (a second pyxel.init panics)."""
    import pyxel

    pyxel.init(128, 128, headless=True, fps=10000)
    return pyxel
