"""The picture on handheld screens (tools/screen_check.py): integer-scaled and centred on 320x240,
480x320, 640x480, 720x720 and 1280x720, every game pixel a whole square, nothing cut off.

The display tests start Xvfb themselves. CI installs it (.ci/run), so there a missing Xvfb is a
failure; on a developer's machine without it they are skipped, saying what to install. The
pixel check itself is tested on made-up pictures everywhere.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import screen_check as sc  # noqa: E402  (tools/ is not a package)

FRAME = [(x * 7 + y * 13) % 251 * 0x010101 + (x % 3) * 0x400000 for y in range(128) for x in range(128)]
GREY = (32, 34, 36)


def display(width: int, height: int, k: float, left: int, top: int) -> bytes:
    """A display showing FRAME scaled by `k` (integer or not) at (left, top) on a grey border."""
    out = bytearray()
    for y in range(height):
        for x in range(width):
            gx, gy = int((x - left) / k), int((y - top) / k)
            if x >= left and y >= top and gx < 128 and gy < 128:
                c = FRAME[gy * 128 + gx]
                out += bytes(((c >> 16) & 255, (c >> 8) & 255, c & 255))
            else:
                out += bytes(GREY)
    return bytes(out)


def test_the_check_accepts_the_integer_scaled_centred_frame():
    geometry = sc.check_picture(480, 320, display(480, 320, 2, 112, 32), FRAME)
    assert geometry == {"scale": 2, "left": 112, "top": 32}


@pytest.mark.parametrize(
    ("k", "left", "top", "why"),
    [
        (2.5, 80, 0, "stretched to fit the height"),
        (2, 113, 32, "one pixel off centre"),
        (2, 112, 100, "cut off"),
    ],
)
def test_the_check_refuses_stretched_shifted_or_cut_off_pictures(k, left, top, why):
    with pytest.raises(sc.ScreenError, match="pixels differ"):
        sc.check_picture(480, 320, display(480, 320, k, left, top), FRAME)


def test_ppm_and_png_round_trip(tmp_path):
    w, h, rgb = sc.read_ppm(b"P6\n# a comment\n2 1\n255\n" + bytes([1, 2, 3, 4, 5, 6]))
    assert (w, h, rgb) == (2, 1, bytes([1, 2, 3, 4, 5, 6]))
    with pytest.raises(ValueError, match="8-bit"):
        sc.read_ppm(b"P6 2 1 65535\n" + bytes(12))
    sc.write_png(tmp_path / "a.png", w, h, rgb)
    assert (tmp_path / "a.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


@pytest.fixture(scope="module")
def xvfb_ready() -> None:
    missing = sc.missing_tools()
    if missing and os.environ.get("CI"):
        pytest.fail(f"CI must have {', '.join(missing)} for the screen tests ({sc.INSTALL})")
    if missing:
        pytest.skip(f"no {', '.join(missing)} on this machine ({sc.INSTALL})")


@pytest.mark.parametrize(("width", "height"), sc.SIZES, ids=[f"{w}x{h}" for w, h in sc.SIZES])
def test_pyxel_integer_scaling_shows_whole_centred_pixels(xvfb_ready, width, height, tmp_path):
    geometry = sc.shoot(width, height, tmp_path, integer_scale=True)
    k = min(width, height) // 128
    assert geometry == {"scale": k, "left": (width - 128 * k) // 2, "top": (height - 128 * k) // 2}


@pytest.mark.parametrize(("width", "height"), sc.SIZES, ids=[f"{w}x{h}" for w, h in sc.SIZES])
def test_the_game_itself_integer_scales_full_screen(xvfb_ready, width, height, tmp_path):
    geometry = sc.shoot(width, height, tmp_path)  # acquire8.app.run as it ships
    k = min(width, height) // 128
    assert geometry == {"scale": k, "left": (width - 128 * k) // 2, "top": (height - 128 * k) // 2}
