"""What every view uses: text placement, chain boxes, panels, the palette and blinking.

Blinks and other clocked looks go through `blink`/`phase`, which note the periods the last
drawing read: the shell redraws an idle screen exactly when one of those changes.
"""

from __future__ import annotations

from typing import Protocol

import pyxel

from acquire8.app import constants as k
from acquire8.app.control.scene import Host
from acquire8.app.text import LINE_CHARS, money
from acquire8.rules.tables import ROW_LETTERS


class Canvas(Protocol):
    """What squares are drawn on: the screen (the pyxel module) or a pyxel.Image."""

    def rect(self, x: float, y: float, w: float, h: float, col: int, /) -> None: ...

    def text(self, x: float, y: float, s: str, col: int, /) -> None: ...


PANEL_CHARS = LINE_CHARS  # a line of text inset from the screen's edge (in a panel's frame)

# The clocks the last drawn frame read: (period, count) -> the phase it showed.
clocks_read: set[tuple[int, int]] = set()


def phase(frame: int, period: int, count: int) -> int:
    """Which of `count` steps of `period` frames each the clock is in (noted for redraws)."""
    clocks_read.add((period, count))
    return (frame // period) % count


def blink(app: Host, period: int = k.BLINK) -> bool:
    """On for the first half of every `period` frames."""
    return phase(app.frame, period // 2, 2) == 0


def text(x: int, y: int, s: str, col: int = k.TEXT) -> None:
    pyxel.text(x, y, s, col)
    if "s" in s or "$" in s:
        _redraw_glyphs(x, y, s, col)


def rtext(right: int, y: int, s: str, col: int = k.TEXT) -> None:
    """Text whose last character ends at x = right - 1."""
    text(right - len(s) * k.CHAR_W + 1, y, s, col)


def ctext(y: int, s: str, col: int = k.TEXT, cx: int = k.MID) -> None:
    text(cx - (len(s) * k.CHAR_W - 1) // 2, y, s, col)


# Glyphs of the built-in font drawn anew: its "s" and its "$" have a stem down the middle and
# read as "f" ("f7,800"). Rows 0-4 are the character's cell; row 5, below the baseline, holds
# the dollar's lower stroke.
REDRAWN: dict[str, tuple[str, ...]] = {
    "s": ("...", ".##", "#..", "..#", "##."),
    "$": (".#.", "###", "#..", "..#", "###", ".#."),
}


def _redraw_glyphs(x: int, y: int, s: str, col: int) -> None:
    """The REDRAWN characters of `s` over the built-in ones. The background is read where
    neither glyph has ink (the cell's left, first row for "$", second for "s")."""
    for i, ch in enumerate(s):
        rows = REDRAWN.get(ch)
        if rows is None:
            continue
        gx = x + i * k.CHAR_W
        bg = pyxel.pget(gx, y + (1 if ch == "s" else 0))
        for r, row in enumerate(rows):
            for c, ink in enumerate(row):
                if ink == "#":
                    pyxel.pset(gx + c, y + r, col)
                elif r < k.GLYPH_H:
                    pyxel.pset(gx + c, y + r, bg)


def short_money(amount: int) -> str:
    """Cash in at most 7 characters, the players' column ($123,400 becomes $123K)."""
    s = money(amount)
    return s if len(s) <= k.SIDE_CHARS else f"${amount // 1000}K"


def chain_box(
    x: int, y: int, chain: str, size: int = k.TILE, on: bool = True, bg: int = k.BG, to: Canvas = pyxel
) -> None:
    """A chain's letter on its colour; off the board (or not on offer) the letter alone, in
    its colour readable on the background `bg` (black or the navy panel): no dark box.
    Drawn on the screen, or on the image `to`."""
    to.rect(x, y, size, size, k.CHAIN_COLOR[chain] if on else bg)
    ink = k.CHAIN_INK[chain] if on else chain_text(chain, bg)
    to.text(x + (size - k.GLYPH_W) // 2, y + (size - k.GLYPH_H) // 2, chain, ink)


def square(x: int, y: int, letter: str | None, size: int = k.TILE, to: Canvas = pyxel) -> None:
    """A board square as the rules' board has it: empty, a loose tile, or a chain's tile."""
    if letter is None:
        to.rect(x, y, size, size, k.PANEL)
    elif letter == "#":
        to.rect(x, y, size, size, k.LOOSE_COLOR)
    else:
        chain_box(x, y, letter, size, to=to)


class BoardLayer:
    """The play screen's 108 squares, drawn into an image only when a tile changes and copied
    onto the screen each frame: square by square they were half of every frame's drawing."""

    def __init__(self) -> None:
        self.image: pyxel.Image | None = None  # made at the first draw, after pyxel.init
        self.shows: tuple | None = None  # the board in the image, and its colours

    def draw(self, x: int, y: int, board: dict[str, str]) -> None:
        shows = (tuple(board.items()), tuple(k.CHAIN_COLOR.values()), tuple(k.CHAIN_INK.values()))
        if self.image is None:
            self.image = pyxel.Image(k.BOARD_W, k.BOARD_H)
        if shows != self.shows:
            self.image.cls(k.BG)
            for r, row in enumerate(ROW_LETTERS):
                for c in range(k.COLS):
                    square(c * k.CELL, r * k.CELL, board.get(f"{c + 1}{row}"), to=self.image)
            self.shows = shows
        pyxel.blt(x, y, self.image, 0, 0, k.BOARD_W, k.BOARD_H)


def chain_text(chain: str, bg: int = k.BG) -> int:
    """A chain's name or letter colour readable on `bg` (black or the navy panel)."""
    return (k.CHAIN_TEXT_PANEL if bg == k.PANEL else k.CHAIN_TEXT)[chain]


def panel(x: int, y: int, w: int, h: int) -> None:
    pyxel.rect(x, y, w, h, k.PANEL)
    pyxel.rectb(x, y, w, h, k.FRAME)


def footer(s: str) -> None:
    ctext(k.FOOTER_Y, s, k.DIM)


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
