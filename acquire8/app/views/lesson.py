"""The guided first game: the play as always, the square the lesson points at ringed, and the
lesson's prompt in a small panel over the board rows away from that square."""

from __future__ import annotations

import pyxel

from acquire8.app import constants as k
from acquire8.app.control.lesson import LessonPlay
from acquire8.app.views.common import blink, text
from acquire8.app.views.play import draw_play
from acquire8.rules.tables import ROW_LETTERS


def panel_box(p: LessonPlay) -> tuple[int, int, int, int]:
    """(x, y, w, h) of the prompt panel now (h 0: no panel)."""
    n = len(p.lines)
    h = n * k.LINE + 3 if n else 0
    y = k.BOARD_Y - 1 if p.panel_top else k.BOARD_Y + k.BOARD_H + 1 - h
    return 0, y, k.WIDTH, h


def square_box(square: str) -> tuple[int, int, int, int]:
    """(x, y, w, h) of the ring around a board square."""
    col, row = int(square[:-1]) - 1, ROW_LETTERS.index(square[-1])
    return k.BOARD_X + col * k.CELL - 2, k.BOARD_Y + row * k.CELL - 2, k.CELL + 3, k.CELL + 3


def draw_lesson(p: LessonPlay) -> None:
    draw_play(p)
    square = p.square
    if square is not None:
        pyxel.rectb(*square_box(square), k.ACCENT if blink(p.app, 8) else k.WHITE)
    x, y, w, h = panel_box(p)
    if not h:
        return
    pyxel.rect(x, y, w, h, k.PANEL)
    pyxel.rectb(x, y, w, h, k.ACCENT)
    for i, line in enumerate(p.lines):
        text(x + 3, y + 2 + i * k.LINE, line, k.TEXT)
