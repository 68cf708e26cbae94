"""The story chart of a game, the list of kept games and the replay, drawn from control/story.py."""

from __future__ import annotations

from itertools import pairwise

import pyxel

from acquire8.app import constants as k
from acquire8.app.control.story import IMPORT, LIST_ROWS, LOG_ROWS, Replay, Replays, StoryScene, ordinal
from acquire8.app.text import WORDS_CHARS, fit, money, move_words, wrap
from acquire8.app.views.common import PANEL_CHARS, ctext, footer, panel, rtext, short_money, square, text
from acquire8.rules import Game
from acquire8.rules.actions import Action, PlaceTile
from acquire8.rules.tables import ROW_LETTERS

# A colour and a mark per seat, so that a line is told by either. None of these colour slots
# is one high contrast remaps (constants.HC_RGB), and the marks alone tell the seats apart
# whatever colours a player sees.
PLAYER_COLORS = (k.YELLOW, k.SKY, k.RED, k.MINT, k.WHITE, k.GREY)
MARKS = ("square", "plus", "cross", "box", "triangle", "ring")
CHART_X0, CHART_X1, CHART_Y0, CHART_Y1 = k.STORY_X0, k.STORY_X1, k.STORY_Y0, k.STORY_Y1  # the plot area
MARK_EVERY = 10  # about this many pixels between two marks of a line
MERGER_COLOR = k.PURPLE
MISTAKE_COLOR = k.PINK  # no seat's colour, pink in high contrast too
BEST_COLOR = k.GOOD  # the expert's move in a reviewed decision


def mark(x: int, y: int, shape: str, col: int) -> None:
    """A seat's mark (5x5 at most) centred on (x, y)."""
    r = k.MARK // 2
    if shape == "square":
        pyxel.rect(x - r + 1, y - r + 1, k.MARK - 2, k.MARK - 2, col)
    elif shape == "plus":
        pyxel.line(x - r, y, x + r, y, col)
        pyxel.line(x, y - r, x, y + r, col)
    elif shape == "cross":
        pyxel.line(x - r, y - r, x + r, y + r, col)
        pyxel.line(x - r, y + r, x + r, y - r, col)
    elif shape == "box":
        pyxel.rectb(x - r, y - r, k.MARK, k.MARK, col)
    elif shape == "triangle":
        pyxel.tri(x, y - r, x - r, y + r, x + r, y + r, col)
    else:
        pyxel.circb(x, y, r, col)


def merger_mark(x: int, y: int) -> None:
    """The mergers' triangle, its tip at (x, y)."""
    pyxel.tri(x, y, x - k.TICK, y + k.TICK, x + k.TICK, y + k.TICK, MERGER_COLOR)


def mistake_mark(x: int, y: int) -> None:
    """A mistake's ring (the expert's review), centred on (x, y)."""
    pyxel.circb(x, y, k.MARK // 2, MISTAKE_COLOR)


def chart_x(turn: int, turns: int) -> int:
    return CHART_X0 + round(turn * (CHART_X1 - CHART_X0) / max(1, turns))


def chart_y(worth: int, top: int) -> int:
    return CHART_Y1 - round(max(0, worth) * (CHART_Y1 - CHART_Y0) / top)


def draw_story(s: StoryScene) -> None:
    story = s.story
    ctext(k.TOP_Y, "THE STORY OF THE GAME", k.ACCENT)
    turns, top = story.turns, story.top
    # Axes, worth labels and the mergers (a dotted line at each merger's turn).
    pyxel.line(CHART_X0 - 1, CHART_Y0, CHART_X0 - 1, CHART_Y1, k.FRAME)
    pyxel.line(CHART_X0 - 1, CHART_Y1 + 1, CHART_X1, CHART_Y1 + 1, k.FRAME)
    for value in (top, top // 2):
        y = chart_y(value, top)
        rtext(CHART_X0 - 2, y - k.GLYPH_H // 2, f"${value // 1000}K", k.DIM)
    rtext(CHART_X0 - 2, CHART_Y1 - k.GLYPH_H + 1, "0", k.DIM)  # its foot on the axis
    for turn in story.mergers:
        x = chart_x(turn, turns)
        for y in range(CHART_Y0, CHART_Y1 + 1, k.DOTS):
            pyxel.pset(x, y, MERGER_COLOR)
        merger_mark(x, CHART_Y1 + k.TICK)
    # Every line, then its marks: every MARK_EVERY pixels, shifted per seat so they meet less.
    every = max(1, round(MARK_EVERY * turns / (CHART_X1 - CHART_X0)))
    for seat, line in enumerate(story.series):
        col, shape = PLAYER_COLORS[seat % len(PLAYER_COLORS)], MARKS[seat % len(MARKS)]
        points = [(chart_x(t, turns), chart_y(w, top)) for t, w in enumerate(line)]
        for (x0, y0), (x1, y1) in pairwise(points):
            pyxel.line(x0, y0, x1, y1, col)
        for t, (x, y) in enumerate(points):
            if (t + seat * every // max(1, len(story.series))) % every == 0 or t == len(points) - 1:
                mark(x, y, shape, col)
    # The story's seat's mistakes and blunders (once reviewed): a ring on its line at the turn.
    line = story.series[story.seat]
    for turn in story.mistakes:
        if turn < len(line):
            mistake_mark(chart_x(turn, turns), chart_y(line[turn], top))
    # The key: mark and name per seat, four to a row; the mergers' mark.
    y, per_row, r = k.STORY_KEY_Y, k.KEY_PER_ROW, k.MARK // 2
    for seat, name in enumerate(story.names):
        x = k.STORY_KEY_X + (seat % per_row) * k.KEY_PITCH
        ly = y + (seat // per_row) * k.LINE
        col = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
        mark(x + r, ly + r, MARKS[seat % len(MARKS)], col)
        text(x + k.MARK + k.KEY_GAP, ly, name[: k.KEY_NAME_CHARS], col)
    y += k.LINE * -(-len(story.names) // per_row)  # the key's rows
    x = k.STORY_KEY_X + k.TICK
    merger_mark(x, y)
    text(x + k.MARK, y - 1, "a merger", k.DIM)
    if story.mistakes:
        x = k.MID + k.TICK
        mistake_mark(x, y + k.TICK)
        text(x + k.MARK, y - 1, "your mistake", k.DIM)
    for i, moment in enumerate(story.moments):
        text(k.EDGE, y + k.LINE * (i + 1), fit(moment, WORDS_CHARS), k.TEXT)
    footer(f"X {s.back}  v REVIEW" if s.record is not None else f"X {s.back}")


def draw_replays(s: Replays) -> None:
    ctext(k.HEAD_Y, "KEPT GAMES", k.ACCENT)
    if s.rows:
        rtext(k.RIGHT_X, k.HEAD_Y, f"{len(s.rows)}", k.DIM)
        text(k.LIST_X, k.LIST_HEAD_Y, "played", k.DIM)
        text(k.LIST_VS_X, k.LIST_HEAD_Y, "vs", k.DIM)
        rtext(k.LIST_ACC_RIGHT, k.LIST_HEAD_Y, "acc", k.DIM)
        rtext(k.LIST_RIGHT, k.LIST_HEAD_Y, "you", k.DIM)
    else:
        ctext(k.LIST_EMPTY_Y, "No finished games kept yet", k.DIM)
    for i, row in enumerate(s.rows[s.top : s.top + LIST_ROWS]):
        y = k.LIST_Y + k.LIST_PITCH * i
        sel = s.top + i == s.menu.index
        col = k.ACCENT if sel else k.TEXT
        if sel:
            text(k.EDGE, y, ">", k.ACCENT)
        text(k.LIST_X, y, fit(row.when, k.LIST_WHEN_CHARS, cut_ok=True), col)
        text(k.LIST_VS_X, y, f"{row.players}p {row.against}", col if sel else k.SKY)
        if row.accuracy is not None:
            rtext(k.LIST_ACC_RIGHT, y, f"{row.accuracy:.0f}%", col if sel else k.DIM)
        rtext(k.LIST_RIGHT, y, ordinal(row.place), col)
    sel = s.menu.item == IMPORT
    y = k.LIST_IMPORT_Y
    text(k.LIST_X, y, IMPORT, k.ACCENT if sel else k.TEXT)
    if sel:
        text(k.EDGE, y, ">", k.ACCENT)
    if s.message:
        text(k.EDGE, y + k.LINE, fit(s.message, WORDS_CHARS), k.SKY)
    if sel and s.where:
        # Its end, where the file's name shows, when the whole path is too long.
        where = s.where if len(s.where) <= WORDS_CHARS else ".." + s.where[2 - WORDS_CHARS :]
        text(k.EDGE, y + k.LINE + k.CHAR_H, where, k.DIM)
    footer("X IMPORT  Z BACK" if sel else "X REPLAY >STORY <REVIEW Z BACK")


def draw_replay(s: Replay) -> None:
    g = s.position
    step, deciding = s.step, s.deciding
    if deciding is not None:  # the turn and the seat of the decision, not of the step before
        who = f"Turn {deciding.turn}: {g.names[deciding.seat]}"
    else:
        who = f"Turn {s.turn}: {g.names[step.seat]}" if step is not None else "As dealt"
    text(k.EDGE, k.TOP_Y, fit(who, k.REPLAY_WHO_CHARS, cut_ok=True), k.ACCENT)
    rtext(k.BOARD_RIGHT, k.TOP_Y, f"{s.index + 1}/{s.total}", k.DIM)
    if deciding is not None:  # the position of a reviewed decision: its two moves
        played, best = _tile(deciding.played), _tile(deciding.best)
        draw_small_board(g, played, best if best != played else None)
    else:
        draw_small_board(g, _tile(step.action) if step is not None else None)
    for seat in range(g.players):
        y = k.BOARD_Y + seat * k.PLAYER_PITCH
        turn = seat == g.turn and not g.is_over
        col = k.ACCENT if turn else k.TEXT
        text(k.SIDE_X, y, (">" if turn else " ") + g.names[seat][: k.SIDE_CHARS - 1], col)
        text(k.SIDE_X, y + k.CHAR_H, short_money(g.cash(seat)), k.DIM)
    if deciding is not None and not s.message:  # the two moves, over the log
        panel(0, k.REPLAY_PANEL_Y, k.WIDTH, k.REPLAY_PANEL_H)
        y = k.REPLAY_PANEL_Y + k.PAD
        who = g.names[deciding.seat]
        text(k.PAD, y, fit(f"{who}: {move_words(deciding.played)}", PANEL_CHARS), k.WHITE)
        text(k.PAD, y + k.LINE, fit(f"Expert: {move_words(deciding.best)}", PANEL_CHARS), BEST_COLOR)
        text(k.PAD, y + 2 * k.LINE, fit(f"{deciding.kind}, {money(deciding.cost)} lost", PANEL_CHARS), k.DIM)
    elif s.message:  # what X or an export did, over the log
        panel(0, k.REPLAY_PANEL_Y, k.WIDTH, k.REPLAY_PANEL_H)
        y = k.REPLAY_PANEL_Y + k.PAD
        text(k.PAD, y, fit(s.message, PANEL_CHARS), k.ACCENT)
        if s.where:
            for i, line in enumerate(wrap(s.where, PANEL_CHARS)[: k.REPLAY_WHERE_ROWS]):
                text(k.PAD, y + k.LINE + 1 + k.LINE * i, line, k.TEXT)
    else:
        for i, (line, last) in enumerate(_log_rows(s.log())):
            text(k.EDGE, k.TABLE_Y + k.LINE * i, line, k.TEXT if last else k.DIM)
    footer("<>STEP X MERGER ^STORY vEXPORT")


def _log_rows(lines: list[str]) -> list[tuple[str, bool]]:
    """The log's newest lines, each whole (wrapped, never cut), as many as its rows hold:
    (row, whether it is of the newest line)."""
    rows: list[tuple[str, bool]] = []
    for i, line in enumerate(reversed(lines)):
        wrapped = [(part, i == 0) for part in wrap(line, WORDS_CHARS)]
        if rows and len(rows) + len(wrapped) > LOG_ROWS:
            break
        rows = wrapped + rows
    return rows[-LOG_ROWS:]


def _tile(action: Action) -> str | None:
    return action.tile if isinstance(action, PlaceTile) else None


def draw_small_board(g: Game, placed: str | None, best: str | None = None) -> None:
    """The board as the play screen lays it out, without the hand: the tile just placed framed
    (white), and the expert's tile (`best`, of a reviewed decision) in its own colour."""
    for r, row in enumerate(ROW_LETTERS):
        y = k.BOARD_Y + r * k.CELL
        for c in range(k.COLS):
            x = k.BOARD_X + c * k.CELL
            name = f"{c + 1}{row}"
            square(x, y, g.board.get(name))
            if name in (placed, best):
                pyxel.rectb(x - 1, y - 1, k.RING, k.RING, k.WHITE if name == placed else BEST_COLOR)
