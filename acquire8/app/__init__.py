"""The Pyxel front end: title, setup, play, chart, mergers, log, pause, help, game over.

Layout: control/ (controllers, pure Python), views/ (drawing), buttons.py and input.py (keys and
pad to abstract buttons), text.py (shared words), constants.py (palette and layout), anim.py,
audio.py, session.py (saves, settings, stats), shell.py (the per-frame glue).
"""

from __future__ import annotations

import signal
import sys


def end_on_signals() -> None:
    """Let SIGTERM and SIGINT end the process at once, whatever its main thread is doing.

    SDL turns them into a quit event, which only a running frame loop reads: a game stuck in a
    wait would ignore them, and only SIGKILL would end it. PortMaster's hotkey and a desktop's
    close send SIGTERM first. Nothing is lost: the game is saved after every decision. Called
    after `pyxel.init`, which installs SDL's handlers.
    """
    if sys.platform == "emscripten":  # the browser sends no signals
        return
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, signal.SIG_DFL)


def run(fullscreen: bool = False, scale: int = 0) -> None:
    """Open the window and play until the player quits."""
    import pyxel

    from acquire8.app.constants import FPS, HEIGHT, WIDTH
    from acquire8.app.session import open_app
    from acquire8.app.shell import Shell, settle_memory

    pyxel.init(WIDTH, HEIGHT, title="acquire8", fps=FPS, quit_key=pyxel.KEY_NONE, display_scale=scale or None)
    end_on_signals()
    pyxel.integer_scale(True)  # whole pixels, centred, on any screen (handhelds: 320x240 ... 1280x720)
    if fullscreen:
        pyxel.fullscreen(True)
    from acquire8.storage.store import Storage

    # After pyxel.init: on desktop the records live under pyxel.user_data_dir, which needs it.
    app = open_app(Storage.default(), can_quit=sys.platform != "emscripten")  # no Quit on the web
    shell = Shell(app)
    settle_memory()  # what is loaded by now stays out of later full collections (frame max)
    pyxel.run(shell.update, shell.draw)
