"""The guided first game: the play as always, the square the lesson points at ringed, and the
lesson's prompt in a small panel over the board rows away from that square; each part's card
over the new board's bottom rows; the lesson-complete page."""

from __future__ import annotations

import pyxel

from acquire8.app import constants as k
from acquire8.app.control.lesson import CUE, LessonDone, LessonPlay, PartCard
from acquire8.app.text import wrap
from acquire8.app.views.common import blink, ctext, footer, rtext, text
from acquire8.app.views.play import draw_play
from acquire8.rules import CHAINS
from acquire8.rules.tables import ROW_LETTERS

CARD_CHARS = 30  # a card line inside its border
CARD_ROWS = 6  # the card's lines under its heading, above "X GO ON"
CARD_Y = k.BOARD_Y + 6 * k.CELL - 1  # from the board's row G (empty in every part) down


def panel_box(p: LessonPlay) -> tuple[int, int, int, int]:
    """(x, y, w, h) of the prompt panel now (h 0: no panel)."""
    cue = p.cue_line
    n = max(len(p.lines), cue + 1 if cue is not None else 0)
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
    cue = p.cue_line
    if cue is not None:  # the answer to your choice stands: X reads on to the next prompt
        rtext(w - 3, y + 2 + cue * k.LINE, CUE, k.ACCENT if blink(p.app, 16) else k.SKY)


def card_lines(s: PartCard) -> list[tuple[str, int]]:
    """(line, colour) of a part's card under its heading: what is new, a gap, why the board
    is a new one."""
    new = [(line, k.TEXT) for line in wrap(s.part.new, CARD_CHARS)]
    board = [(line, k.SKY) for line in wrap(s.part.board, CARD_CHARS)]
    return [*new, ("", k.TEXT), *board]


def draw_card(s: PartCard) -> None:
    """The card over the new board's empty bottom rows, the chain table and the hand: the
    board's top rows stay in view."""
    h = k.MESSAGE_Y - CARD_Y  # down to the message line: nothing under it shows through
    pyxel.rect(0, CARD_Y, k.WIDTH, h, k.PANEL)
    pyxel.rectb(0, CARD_Y, k.WIDTH, h, k.ACCENT)
    text(3, CARD_Y + 3, s.heading, k.ACCENT)
    for i, (line, col) in enumerate(card_lines(s)):
        text(3, CARD_Y + 12 + i * k.LINE, line, col)
    if s.armed:
        rtext(k.WIDTH - 3, CARD_Y + h - 8, "X GO ON", k.ACCENT if blink(s.app, 16) else k.TEXT)


def draw_done(s: LessonDone) -> None:
    ctext(4, "LESSON COMPLETE", k.ACCENT)
    ctext(13, "You learned:", k.DIM)
    for i, line in enumerate(s.LEARNED):
        y = 21 + i * k.LINE
        pyxel.rect(4, y + 1, 3, 3, k.CHAIN_COLOR[CHAINS[i % len(CHAINS)]])
        text(10, y, line, k.TEXT)
    ctext(74, "WHAT NEXT", k.ACCENT)
    for i, line in enumerate(s.NEXT):
        ctext(83 + i * k.LINE, line, k.TEXT if i < 3 else k.SKY)
    if s.armed:
        footer("X TO THE TITLE")
