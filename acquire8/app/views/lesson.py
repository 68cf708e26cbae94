"""The guided first game: the play as always, the square the lesson points at ringed, and the
lesson's prompt in a small panel over the board rows away from that square; each part's card
over the new board's bottom rows; the lesson-complete page."""

from __future__ import annotations

import pyxel

from acquire8.app import constants as k
from acquire8.app.control.lesson import CUE, Lesson, LessonDone, PartCard, lesson_of
from acquire8.app.control.play import Play
from acquire8.app.text import LINE_CHARS, wrap
from acquire8.app.views.common import blink, ctext, footer, rtext, text
from acquire8.app.views.play import draw_play, draw_players
from acquire8.rules import CHAINS
from acquire8.rules.tables import ROW_LETTERS

CARD_CHARS = LINE_CHARS - 1  # a card line inside its border
CARD_ROWS = k.CARD_LINES  # the card's lines under its heading, above "X GO ON"
CARD_Y = k.BOARD_Y + ROW_LETTERS.index("G") * k.CELL - 1  # from the board's row G (empty in every part) down


def panel_box(p: Lesson) -> tuple[int, int, int, int]:
    """(x, y, w, h) of the prompt panel now (h 0: no panel)."""
    cue = p.cue_line
    n = max(len(p.lines), cue + 1 if cue is not None else 0)
    h = n * k.LINE + k.PAD if n else 0
    y = k.BOARD_Y - 1 if p.panel_top else k.BOARD_Y + k.BOARD_H + 1 - h
    return 0, y, k.WIDTH, h


def square_box(square: str) -> tuple[int, int, int, int]:
    """(x, y, w, h) of the ring around a board square."""
    col, row = int(square[:-1]) - 1, ROW_LETTERS.index(square[-1])
    ring = k.LESSON_RING
    return k.BOARD_X + col * k.CELL - 2, k.BOARD_Y + row * k.CELL - 2, ring, ring


def draw_lesson(play: Play) -> None:
    """The lesson's play: the play, then the lesson's ring and panel over it."""
    draw_play(play)
    p = lesson_of(play)
    square = p.square
    if square is not None:
        pyxel.rectb(*square_box(square), k.ACCENT if blink(p.app, k.BLINK_FAST) else k.WHITE)
    x, y, w, h = panel_box(p)
    if not h:
        return
    pyxel.rect(x, y, w, h, k.PANEL)
    pyxel.rectb(x, y, w, h, k.ACCENT)
    if y < k.BOARD_Y + play.game.players * k.PLAYER_PITCH:  # over the players' column's top:
        # their names and cash move under the panel, which covers none of them then
        pyxel.rect(k.SIDE_X, y + h, k.WIDTH - k.SIDE_X, k.BOARD_Y + k.BOARD_H - y - h, k.BG)
        draw_players(play, top=y + h + 1)
    for i, line in enumerate(p.lines):
        text(x + k.PAD, y + 2 + i * k.LINE, line, k.TEXT)
    cue = p.cue_line
    if cue is not None:  # the answer to your choice stands: X reads on to the next prompt
        rtext(w - k.PAD, y + 2 + cue * k.LINE, CUE, k.ACCENT if blink(p.app) else k.SKY)


def card_lines(s: PartCard) -> list[tuple[str, int]]:
    """(line, colour) of a part's card under its heading: what is new, a gap, why the board
    is a new one."""
    new = [(line, k.TEXT) for line in wrap(s.part.new, CARD_CHARS)]
    board = [(line, k.SKY) for line in wrap(s.part.board, CARD_CHARS)]
    return [*new, ("", k.TEXT), *board]


def draw_card(s: PartCard) -> None:
    """The card over the new board's empty bottom rows, the chain table and the hand: the
    board's top rows stay in view."""
    h = k.MESSAGE_Y - 1 - CARD_Y  # down to a pixel above the message line: nothing under it shows through
    pyxel.rect(0, CARD_Y, k.WIDTH, h, k.PANEL)
    pyxel.rectb(0, CARD_Y, k.WIDTH, h, k.ACCENT)
    head_y = CARD_Y + k.PAD
    text(k.PAD, head_y, s.heading, k.ACCENT)
    for i, (line, col) in enumerate(card_lines(s)):
        text(k.PAD, head_y + k.LINE + 2 + i * k.LINE, line, col)
    if s.armed:
        rtext(k.WIDTH - k.PAD, CARD_Y + h - k.LINE - 1, "X GO ON", k.ACCENT if blink(s.app) else k.TEXT)


def draw_done(s: LessonDone) -> None:
    ctext(k.DONE_Y, "LESSON COMPLETE", k.ACCENT)
    ctext(k.DONE_SUB_Y, "You learned:", k.DIM)
    for i, line in enumerate(s.LEARNED):
        y = k.DONE_LIST_Y + i * k.LINE
        pyxel.rect(k.DONE_X, y + 1, k.DOT, k.DOT, k.CHAIN_COLOR[CHAINS[i % len(CHAINS)]])
        text(k.DONE_TEXT_X, y, line, k.TEXT)
    ctext(k.DONE_NEXT_Y, "WHAT NEXT", k.ACCENT)
    for i, line in enumerate(s.NEXT):  # the last line, where to read on, in sky blue
        ctext(k.DONE_NEXT_ROWS_Y + i * k.LINE, line, k.TEXT if i < len(s.NEXT) - 1 else k.SKY)
    if s.armed:
        footer("X TO THE TITLE")
