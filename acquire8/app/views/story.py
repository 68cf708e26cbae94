"""The story chart of a game, the list of kept games and the replay, drawn from control/story.py."""

from __future__ import annotations

from itertools import pairwise

import pyxel

from acquire8.app import constants as k
from acquire8.app.control.story import IMPORT, LIST_ROWS, LOG_ROWS, Replay, Replays, StoryScene, ordinal
from acquire8.app.text import fit, wrap
from acquire8.app.views.common import ctext, footer, panel, rtext, short_money, square, text
from acquire8.rules import Game
from acquire8.rules.actions import PlaceTile
from acquire8.rules.tables import ROW_LETTERS

# A colour and a mark per seat, so that a line is told by either. None of these colour slots
# is one high contrast remaps (constants.HC_RGB), and the marks alone tell the seats apart
# whatever colours a player sees.
PLAYER_COLORS = (k.YELLOW, k.SKY, k.RED, k.MINT, k.WHITE, k.GREY)
MARKS = ("square", "plus", "cross", "box", "triangle", "ring")
CHART_X0, CHART_X1, CHART_Y0, CHART_Y1 = 18, 125, 10, 74  # the plot area (y1: worth 0)
MARK_EVERY = 10  # about this many pixels between two marks of a line
MERGER_COLOR = k.PURPLE


def mark(x: int, y: int, shape: str, col: int) -> None:
    """A seat's mark (5x5 at most) centred on (x, y)."""
    if shape == "square":
        pyxel.rect(x - 1, y - 1, 3, 3, col)
    elif shape == "plus":
        pyxel.line(x - 2, y, x + 2, y, col)
        pyxel.line(x, y - 2, x, y + 2, col)
    elif shape == "cross":
        pyxel.line(x - 2, y - 2, x + 2, y + 2, col)
        pyxel.line(x - 2, y + 2, x + 2, y - 2, col)
    elif shape == "box":
        pyxel.rectb(x - 2, y - 2, 5, 5, col)
    elif shape == "triangle":
        pyxel.tri(x, y - 2, x - 2, y + 2, x + 2, y + 2, col)
    else:
        pyxel.circb(x, y, 2, col)


def chart_x(turn: int, turns: int) -> int:
    return CHART_X0 + round(turn * (CHART_X1 - CHART_X0) / max(1, turns))


def chart_y(worth: int, top: int) -> int:
    return CHART_Y1 - round(max(0, worth) * (CHART_Y1 - CHART_Y0) / top)


def draw_story(s: StoryScene) -> None:
    story = s.story
    ctext(1, "THE STORY OF THE GAME", k.ACCENT)
    turns, top = story.turns, story.top
    # Axes, worth labels and the mergers (a dotted line at each merger's turn).
    pyxel.line(CHART_X0 - 1, CHART_Y0, CHART_X0 - 1, CHART_Y1, k.FRAME)
    pyxel.line(CHART_X0 - 1, CHART_Y1 + 1, CHART_X1, CHART_Y1 + 1, k.FRAME)
    for value in (top, top // 2):
        y = chart_y(value, top)
        rtext(CHART_X0 - 2, y - 2, f"${value // 1000}K", k.DIM)
    rtext(CHART_X0 - 2, CHART_Y1 - 4, "0", k.DIM)
    for turn in story.mergers:
        x = chart_x(turn, turns)
        for y in range(CHART_Y0, CHART_Y1 + 1, 3):
            pyxel.pset(x, y, MERGER_COLOR)
        pyxel.tri(x, CHART_Y1 + 2, x - 2, CHART_Y1 + 4, x + 2, CHART_Y1 + 4, MERGER_COLOR)
    # Every line, then its marks: every MARK_EVERY pixels, shifted per seat so they meet less.
    every = max(1, round(MARK_EVERY * turns / (CHART_X1 - CHART_X0)))
    for seat, line in enumerate(story.series):
        col, shape = PLAYER_COLORS[seat % 6], MARKS[seat % 6]
        points = [(chart_x(t, turns), chart_y(w, top)) for t, w in enumerate(line)]
        for (x0, y0), (x1, y1) in pairwise(points):
            pyxel.line(x0, y0, x1, y1, col)
        for t, (x, y) in enumerate(points):
            if (t + seat * every // max(1, len(story.series))) % every == 0 or t == len(points) - 1:
                mark(x, y, shape, col)
    # The key: mark and name per seat, four to a row; the mergers' mark.
    y = 79
    for seat, name in enumerate(story.names):
        x = 2 + (seat % 4) * 32
        ly = y + (seat // 4) * 7
        col = PLAYER_COLORS[seat % 6]
        mark(x + 2, ly + 2, MARKS[seat % 6], col)
        text(x + 6, ly, name[:6], col)
    y += 7 * ((len(story.names) + 3) // 4)
    pyxel.tri(4, y, 2, y + 2, 6, y + 2, MERGER_COLOR)
    text(9, y - 1, "a merger", k.DIM)
    for i, moment in enumerate(story.moments):
        text(0, y + 7 + 7 * i, fit(moment), k.TEXT)
    footer(f"X {s.back}")


def draw_replays(s: Replays) -> None:
    ctext(2, "KEPT GAMES", k.ACCENT)
    if s.rows:
        rtext(128, 2, f"{len(s.rows)}", k.DIM)
        text(4, 11, "played", k.DIM)
        text(56, 11, "vs", k.DIM)
        rtext(124, 11, "you", k.DIM)
    else:
        ctext(40, "No finished games kept yet", k.DIM)
    for i, row in enumerate(s.rows[s.top : s.top + LIST_ROWS]):
        y = 19 + 8 * i
        sel = s.top + i == s.menu.index
        col = k.ACCENT if sel else k.TEXT
        if sel:
            text(0, y, ">", k.ACCENT)
        text(4, y, fit(row.when, 11, cut_ok=True), col)
        text(52, y, f"{row.players}p {row.against}", col if sel else k.SKY)
        rtext(124, y, ordinal(row.place), col)
    sel = s.menu.item == IMPORT
    text(4, 101, IMPORT, k.ACCENT if sel else k.TEXT)
    if sel:
        text(0, 101, ">", k.ACCENT)
    if s.message:
        text(0, 108, fit(s.message), k.SKY)
    if sel and s.where:
        where = s.where if len(s.where) <= 32 else ".." + s.where[-30:]  # the file's name shows
        text(0, 114, where, k.DIM)
    footer("X IMPORT  Z BACK" if sel else "X REPLAY  > STORY  Z BACK")


def draw_replay(s: Replay) -> None:
    g = s.position
    step = s.step
    who = f"Turn {s.turn}: {g.names[step.seat]}" if step is not None else "As dealt"
    text(1, k.TOP_Y, fit(who, 20, cut_ok=True), k.ACCENT)
    rtext(97, k.TOP_Y, f"{s.index + 1}/{s.total}", k.DIM)
    placed = step.action.tile if step is not None and isinstance(step.action, PlaceTile) else None
    draw_small_board(g, placed)
    for seat in range(g.players):
        y = k.BOARD_Y + seat * 12
        turn = seat == g.turn and not g.is_over
        col = k.ACCENT if turn else k.TEXT
        text(k.SIDE_X, y, (">" if turn else " ") + g.names[seat][:6], col)
        text(k.SIDE_X, y + 6, short_money(g.cash(seat)), k.DIM)
    if s.message:  # what X or an export did, over the log
        panel(0, k.BOARD_Y + k.BOARD_H + 1, 128, 38)
        text(3, 84, fit(s.message, 31), k.ACCENT)
        if s.where:
            for i, line in enumerate(wrap(s.where, 31)[:3]):
                text(3, 92 + 7 * i, line, k.TEXT)
    else:
        for i, (line, last) in enumerate(_log_rows(s.log())):
            text(0, 82 + 7 * i, line, k.TEXT if last else k.DIM)
    footer("<>STEP X MERGER ^STORY vEXPORT")


def _log_rows(lines: list[str]) -> list[tuple[str, bool]]:
    """The log's newest lines, each whole (wrapped, never cut), as many as its rows hold:
    (row, whether it is of the newest line)."""
    rows: list[tuple[str, bool]] = []
    for i, line in enumerate(reversed(lines)):
        wrapped = [(part, i == 0) for part in wrap(line)]
        if rows and len(rows) + len(wrapped) > LOG_ROWS:
            break
        rows = wrapped + rows
    return rows[-LOG_ROWS:]


def draw_small_board(g: Game, placed: str | None) -> None:
    """The board as the play screen lays it out, without the hand: the tile just placed framed."""
    for r, row in enumerate(ROW_LETTERS):
        y = k.BOARD_Y + r * k.CELL
        for c in range(12):
            x = k.BOARD_X + c * k.CELL
            name = f"{c + 1}{row}"
            square(x, y, g.board.get(name))
            if name == placed:
                pyxel.rectb(x - 1, y - 1, 9, 9, k.WHITE)
