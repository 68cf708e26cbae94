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
    from acquire8.app.shell import Shell, settle_memory

    pyxel.init(WIDTH, HEIGHT, title="acquire8", fps=FPS, quit_key=pyxel.KEY_NONE, display_scale=scale or None)
    if fullscreen:
        pyxel.fullscreen(True)
    from acquire8.storage import Storage

    # After pyxel.init: on desktop the records live under pyxel.user_data_dir, which needs it.
    app = App(can_quit=sys.platform != "emscripten", storage=Storage.default())  # no Quit on the web
    shell = Shell(app)
    settle_memory()  # what is loaded by now stays out of later full collections (frame max)
    pyxel.run(shell.update, shell.draw)
