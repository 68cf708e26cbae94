"""What every view uses: text placement, chain boxes, panels, the palette and blinking.

Blinks and other clocked looks go through `blink`/`phase`, which note the periods the last
drawing read: the shell redraws an idle screen exactly when one of those changes.
"""

from __future__ import annotations

import pyxel

from acquire8.app import constants as k
from acquire8.app.control.app import App
from acquire8.app.text import money

# The clocks the last drawn frame read: (period, count) -> the phase it showed.
clocks_read: set[tuple[int, int]] = set()


def phase(frame: int, period: int, count: int) -> int:
    """Which of `count` steps of `period` frames each the clock is in (noted for redraws)."""
    clocks_read.add((period, count))
    return (frame // period) % count


def blink(app: App, period: int = 16) -> bool:
    """On for the first half of every `period` frames."""
    return phase(app.frame, period // 2, 2) == 0


def text(x: int, y: int, s: str, col: int = k.TEXT) -> None:
    pyxel.text(x, y, s, col)


def rtext(right: int, y: int, s: str, col: int = k.TEXT) -> None:
    """Text whose last character ends at x = right - 1."""
    pyxel.text(right - len(s) * k.CHAR_W + 1, y, s, col)


def ctext(y: int, s: str, col: int = k.TEXT, cx: int = k.WIDTH // 2) -> None:
    pyxel.text(cx - (len(s) * k.CHAR_W - 1) // 2, y, s, col)


def short_money(amount: int) -> str:
    """Cash in at most 7 characters ($123,400 becomes $123K)."""
    s = money(amount)
    return s if len(s) <= 7 else f"${amount // 1000}K"


def chain_box(x: int, y: int, chain: str, size: int = 7, on: bool = True, bg: int = k.BG) -> None:
    """A chain's letter on its colour; off the board (or not on offer) the letter alone, in
    its colour readable on the background `bg` (black or the navy panel): no dark box."""
    if on:
        pyxel.rect(x, y, size, size, k.CHAIN_COLOR[chain])
        text(x + (size - 3) // 2, y + (size - 5) // 2, chain, k.CHAIN_INK[chain])
    else:
        pyxel.rect(x, y, size, size, bg)
        text(x + (size - 3) // 2, y + (size - 5) // 2, chain, chain_text(chain, bg))


def square(x: int, y: int, letter: str | None, size: int = 7) -> None:
    """A board square as the rules' board has it: empty, a loose tile, or a chain's tile."""
    if letter is None:
        pyxel.rect(x, y, size, size, k.PANEL)
    elif letter == "#":
        pyxel.rect(x, y, size, size, k.LOOSE_COLOR)
    else:
        chain_box(x, y, letter, size)


def chain_text(chain: str, bg: int = k.BG) -> int:
    """A chain's name or letter colour readable on `bg` (black or the navy panel)."""
    return (k.CHAIN_TEXT_PANEL if bg == k.PANEL else k.CHAIN_TEXT)[chain]


def panel(x: int, y: int, w: int, h: int) -> None:
    pyxel.rect(x, y, w, h, k.PANEL)
    pyxel.rectb(x, y, w, h, k.FRAME)


def footer(s: str) -> None:
    ctext(k.HEIGHT - 7, s, k.DIM)


_palette: dict[int, int] = {}  # the default colours of the slots high contrast remaps


def use_palette(high_contrast: bool) -> None:
    """The normal or the high-contrast chain colours (constants.HC_*), switched on a change."""
    if bool(_palette) == high_contrast:
        return
    if high_contrast:
        _palette.update({slot: pyxel.colors[slot] for slot in k.HC_RGB})
        for slot, rgb in k.HC_RGB.items():
            pyxel.colors[slot] = rgb
    else:
        for slot, rgb in _palette.items():
            pyxel.colors[slot] = rgb
        _palette.clear()
    k.use_chain_colors(high_contrast)
