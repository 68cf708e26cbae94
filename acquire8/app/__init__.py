"""The Pyxel front end: title, setup, play, chart, mergers, log, pause, help, game over.

Layout: scenes.py (controllers, pure Python), views.py (drawing), input.py (keys and pad to
abstract buttons), constants.py (palette and layout), shell.py (the per-frame glue), audio.py.
"""

from __future__ import annotations

import sys


def run(fullscreen: bool = False, scale: int = 0) -> None:
    """Open the window and play until the player quits."""
    import pyxel

    from acquire8.app.constants import FPS, HEIGHT, WIDTH
    from acquire8.app.scenes import App
    from acquire8.app.shell import Shell

    pyxel.init(WIDTH, HEIGHT, title="acquire8", fps=FPS, quit_key=pyxel.KEY_NONE, display_scale=scale or None)
    if fullscreen:
        pyxel.fullscreen(True)
    shell = Shell(App(can_quit=sys.platform != "emscripten"))  # no Quit in the browser
    pyxel.run(shell.update, shell.draw)
