"""The game full screen on handheld displays, under Xvfb: integer-scaled and centred, every pixel whole.

    python tools/screen_check.py [--out DIR] [--sizes 320x240,480x320,...]

For each display size an Xvfb server of that size, and on it the game as a handheld starts it
(`acquire8 play --fullscreen`, a real window and OpenGL), with `pyxel.run` wrapped: after the
title has played a few frames the game stops drawing, the frame's 128x128 colours are written
out, and an ImageMagick `import` takes a screenshot of the whole display. The check: the
picture is the frame scaled by the largest integer k with 128k fitting the display, centred
(to the pixel), each game pixel a whole k x k block of its own colour, nothing cut off, and the
rest of the display one border colour. `--integer-scale` calls pyxel.integer_scale(True)
after the game's pyxel.init, as a stand-in for the game doing it. Screenshots go to DIR (PNG)
for a person to look at.
Needs Xvfb, matchbox-window-manager and ImageMagick's `import`; tests/test_screens.py runs it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = ((320, 240), (480, 320), (640, 480), (720, 720), (1280, 720))  # common handheld screens
GAME = 128
SETTLE_FRAMES = 20  # title frames before the picture is frozen
SETTLE_S = 8.0  # how long the display may take to show the frozen frame
INSTALL = "apt-get install xvfb matchbox-window-manager imagemagick"
TOOLS = ("Xvfb", "matchbox-window-manager", "import")  # Debian: xvfb, matchbox-window-manager, imagemagick

# Runs in the game's process: the real start-up, with pyxel.run wrapped to freeze the picture.
FREEZE = f"""
import json, sys
import pyxel

out, force_integer = sys.argv[1], sys.argv[2] == "1"
real_run, real_init = pyxel.run, pyxel.init

def init(*args, **kwargs):
    real_init(*args, **kwargs)
    if force_integer:  # what app.run should do itself (see --integer-scale)
        pyxel.integer_scale(True)

def run(update, draw):
    frame = [0]

    def u():
        if frame[0] < {SETTLE_FRAMES}:
            update()

    def d():
        frame[0] += 1
        if frame[0] <= {SETTLE_FRAMES}:
            draw()
        elif frame[0] == {SETTLE_FRAMES} + 1:
            rgb = [pyxel.colors[pyxel.screen.pget(x, y)] for y in range({GAME}) for x in range({GAME})]
            with open(out, "w") as f:
                json.dump(rgb, f)
            print("FROZEN", flush=True)

    real_run(u, d)

pyxel.run, pyxel.init = run, init
from acquire8.cli import main
main(["play", "--fullscreen"])
"""


class ScreenError(AssertionError):
    """The picture on a display is not the integer-scaled, centred frame."""


@contextlib.contextmanager
def xvfb(width: int, height: int):
    """An Xvfb server of this size on a free display number; yields DISPLAY."""
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    wm = None
    try:
        with os.fdopen(read_fd) as pipe:
            display = ":" + pipe.readline().strip()
        # Full screen on X11 is the window manager's job (a handheld's KMS display has none):
        # matchbox, a window manager made for small screens, does it as a handheld's would.
        wm = subprocess.Popen(
            ["matchbox-window-manager", "-use_titlebar", "no", "-display", display],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(0.5)
        yield display
    finally:
        if wm is not None:
            wm.terminate()
            wm.wait()
        server.terminate()
        server.wait()


def read_ppm(data: bytes) -> tuple[int, int, bytes]:
    """(width, height, RGB bytes) of a binary PPM (P6, maxval 255)."""
    fields: list[bytes] = []
    pos = 0
    while len(fields) < 4:
        while data[pos : pos + 1].isspace():
            pos += 1
        if data[pos : pos + 1] == b"#":
            pos = data.index(b"\n", pos)
            continue
        end = pos
        while not data[end : end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError(f"not an 8-bit binary PPM: {fields[0]!r} maxval {fields[3]!r}")
    width, height = int(fields[1]), int(fields[2])
    return width, height, data[pos + 1 : pos + 1 + 3 * width * height]


def write_png(path: Path, width: int, height: int, rgb: bytes) -> None:
    rows = b"".join(b"\0" + rgb[3 * width * y : 3 * width * (y + 1)] for y in range(height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + body)


def check_picture(width: int, height: int, rgb: bytes, frame: list[int]) -> dict:
    """Raise ScreenError unless `rgb` (the display) shows `frame` (128x128 0xRRGGBB colours)
    integer-scaled by the largest fitting k, centred, in a border of one colour (Pyxel's, seen in
    the display's top left corner); return the geometry."""
    k = min(width, height) // GAME
    left, top = (width - GAME * k) // 2, (height - GAME * k) // 2
    colour = [((c >> 16) & 255, (c >> 8) & 255, c & 255) for c in frame]
    border = tuple(rgb[0:3])
    if left == 0 and top == 0:  # a display of exactly 128k x 128k has no border
        border = None
    wrong = 0
    first: str | None = None
    for y in range(height):
        row = rgb[3 * width * y : 3 * width * (y + 1)]
        gy = (y - top) // k if top <= y < top + GAME * k else None
        for x in range(width):
            got = tuple(row[3 * x : 3 * x + 3])
            if gy is not None and left <= x < left + GAME * k:
                want = colour[gy * GAME + (x - left) // k]
            else:
                want = border
            if got != want:
                wrong += 1
                if first is None:
                    first = f"display pixel ({x}, {y}) is {got}, expected {want}"
    if wrong:
        raise ScreenError(
            f"{width}x{height}: {wrong} pixels differ from the frame scaled x{k} at ({left}, {top}); "
            f"first: {first}"
        )
    return {"scale": k, "left": left, "top": top}


def shoot(
    width: int, height: int, out_dir: Path | None = None, integer_scale: bool = False, timeout: float = 60
) -> dict:
    """Run the game full screen on a width x height Xvfb, screenshot and check it."""
    with tempfile.TemporaryDirectory(prefix="acquire8-screen-") as tmp, xvfb(width, height) as display:
        frame_file = Path(tmp) / "frame.json"
        env = {**os.environ, "DISPLAY": display, "SDL_AUDIODRIVER": "dummy", "ACQUIRE8_DATA_DIR": tmp}
        env["PYTHONPATH"] = str(ROOT)
        game = subprocess.Popen(
            [sys.executable, "-c", FREEZE, str(frame_file), "1" if integer_scale else "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=tmp,
        )
        watchdog = threading.Timer(timeout, game.kill)  # a game that never draws must not hang
        watchdog.start()
        try:
            assert game.stdout is not None
            if game.stdout.readline().strip() != "FROZEN":
                game.kill()
                why = game.communicate()[1][-2000:]
                raise ScreenError(f"{width}x{height}: the game drew no frame within {timeout:g} s: {why}")
            # The frozen frame reaches the display a few frames later, later still on a busy
            # machine: the screen is read again until it shows it (a wrong picture never will).
            deadline = time.monotonic() + SETTLE_S
            while True:
                time.sleep(0.5)
                w, h, rgb = read_ppm(
                    subprocess.run(
                        ["import", "-display", display, "-window", "root", "-depth", "8", "ppm:-"],
                        capture_output=True,
                        check=True,
                        timeout=timeout,
                    ).stdout
                )
                if (w, h) != (width, height):
                    raise ScreenError(f"the screenshot is {w}x{h}, not {width}x{height}")
                if out_dir is not None:  # the last one taken, right or wrong
                    out_dir.mkdir(parents=True, exist_ok=True)
                    suffix = "-integer" if integer_scale else ""
                    write_png(out_dir / f"fullscreen-{width}x{height}{suffix}.png", w, h, rgb)
                try:
                    found = check_picture(w, h, rgb, json.loads(frame_file.read_text()))
                    break
                except ScreenError:
                    if time.monotonic() > deadline:
                        raise
        finally:
            watchdog.cancel()
            if game.poll() is None:
                game.terminate()
                try:
                    game.wait(10)
                except subprocess.TimeoutExpired:
                    game.kill()
                    game.wait()
        return found


def missing_tools() -> list[str]:
    return [tool for tool in TOOLS if shutil.which(tool) is None]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "screens")
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    parser.add_argument("--integer-scale", action="store_true", help="force pyxel.integer_scale(True)")
    args = parser.parse_args(argv)
    if missing_tools():
        sys.exit(f"screen check needs {', '.join(missing_tools())} ({INSTALL})")
    failed = 0
    for size in args.sizes.split(","):
        width, height = (int(v) for v in size.split("x"))
        try:
            g = shoot(width, height, args.out, args.integer_scale)
            print(f"{width}x{height}: x{g['scale']} at ({g['left']}, {g['top']}), every pixel whole: ok")
        except ScreenError as err:
            failed += 1
            print(f"{width}x{height}: FAILED: {err}")
    print(f"screenshots in {args.out}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
