"""The expert's review, drawn from control/review.py: its progress bar while it works, then the
accuracy, the classes' counts and the costly decisions."""

from __future__ import annotations

import pyxel

from acquire8.app import constants as k
from acquire8.app.control.review import (
    BLUNDER,
    COUNT_LINES,
    INACCURACY,
    MISTAKE,
    ReviewScene,
    time_left,
)
from acquire8.app.text import fit, money, move_words, wrap
from acquire8.app.views.common import PANEL_CHARS, ctext, footer, panel, rtext, text

# Colours that keep their hue in high contrast (constants.HC_RGB leaves them or keeps pink pink).
KIND_COLOR = {INACCURACY: k.SKY, MISTAKE: k.PINK, BLUNDER: k.BAD}


def draw_review(s: ReviewScene) -> None:
    ctext(k.HEAD_Y, "THE EXPERT'S REVIEW", k.ACCENT)
    if s.kept is None:
        _draw_progress(s)
    else:
        _draw_result(s)


def _draw_progress(s: ReviewScene) -> None:
    ctext(k.REVIEW_INFO_Y, "The expert plays out each of", k.TEXT)
    ctext(k.REVIEW_INFO_Y + k.LINE, "your decisions against its own", k.TEXT)
    done, total = s.progress
    pyxel.rectb(k.REVIEW_BAR_X, k.REVIEW_BAR_Y, k.REVIEW_BAR_W, k.REVIEW_BAR_H, k.FRAME)
    inner = k.REVIEW_BAR_W - 2
    filled = inner * done // total if total else inner
    if filled:
        pyxel.rect(k.REVIEW_BAR_X + 1, k.REVIEW_BAR_Y + 1, filled, k.REVIEW_BAR_H - 2, k.ACCENT)
    ctext(k.REVIEW_COUNT_Y, f"{done} of {total} decisions", k.TEXT)
    ctext(k.REVIEW_COUNT_Y + k.LINE, time_left(s.seconds), k.DIM)
    footer("Z BACK: IT WAITS FOR YOU")


def _draw_result(s: ReviewScene) -> None:
    accuracy = s.accuracy
    # By what the decisions cost (docs/AI.md), not a share of the counts under it.
    ctext(k.REVIEW_ACC_Y, f"Your accuracy by cost: {accuracy:.0f}%", k.TEXT)
    lines = s.count_lines  # a line past COUNT_LINES moves the list down a row
    for i, line in enumerate(lines):
        ctext(k.REVIEW_COUNTS_Y + k.LINE * i, line, k.DIM)
    down = k.LINE * max(0, len(lines) - COUNT_LINES)
    if not s.costly:
        ctext(k.REVIEW_LIST_Y + k.LINE, "No costly decision: well played!", k.GOOD)
        if s.message:
            ctext(k.REVIEW_PANEL_Y, fit(s.message), k.SKY)
        footer("Z BACK")
        return
    text(k.REVIEW_X, k.REVIEW_COLS_Y + down, "turn", k.DIM)
    text(k.REVIEW_KIND_X, k.REVIEW_COLS_Y + down, "costly decisions", k.DIM)
    rtext(k.REVIEW_COST_RIGHT, k.REVIEW_COLS_Y + down, "cost", k.DIM)
    for i, v in enumerate(s.costly[s.top : s.top + s.rows]):
        y = k.REVIEW_LIST_Y + down + k.LINE * i
        sel = s.top + i == s.menu.index
        if sel:
            text(k.EDGE, y, ">", k.ACCENT)
        text(k.REVIEW_X, y, f"{v.turn}", k.ACCENT if sel else k.TEXT)
        text(k.REVIEW_KIND_X, y, v.kind, KIND_COLOR.get(v.kind, k.TEXT))
        rtext(k.REVIEW_COST_RIGHT, y, money(v.cost), k.ACCENT if sel else k.TEXT)
    chosen = s.verdict
    assert chosen is not None
    panel(0, k.REVIEW_PANEL_Y, k.WIDTH, k.REVIEW_PANEL_H)
    y = k.REVIEW_PANEL_Y + k.PAD
    room = PANEL_LINES - (1 if s.message else 0)
    you, expert = both_moves(move_words(chosen.played), move_words(chosen.best), room)
    for line, col in [*((line, k.TEXT) for line in you), *((line, k.GOOD) for line in expert)]:
        text(k.PAD, y, line, col)
        y += k.LINE
    if s.message:
        text(k.PAD, y, fit(s.message, PANEL_CHARS), k.SKY)
    footer("X SEE IT ON THE BOARD  Z BACK")


PANEL_LINES = (k.REVIEW_PANEL_H - k.PAD) // k.LINE  # the lines of text the panel holds
LABEL = len("Expert: ")  # the moves' words start after the longer label


def both_moves(played: str, best: str, room: int) -> tuple[list[str], list[str]]:
    """The person's move and the expert's, each wrapped under its label ("You:", "Expert:")
    in `room` lines between them: each gets the lines it needs while both fit, else the
    longer gives up lines (its last one then ends with ".."); each has one line at least."""
    words = [wrap(played, PANEL_CHARS - LABEL), wrap(best, PANEL_CHARS - LABEL)]
    mine = max(1, min(len(words[0]), room - min(len(words[1]), room // 2)))
    shares = (mine, max(1, min(len(words[1]), room - mine)))
    out = []
    for label, lines, share in zip(("You:", "Expert:"), words, shares, strict=True):
        if len(lines) > share:
            rest = fit(" ".join(lines[share - 1 :]), PANEL_CHARS - LABEL, cut_ok=True)
            lines = [*lines[: share - 1], rest]
        out.append([label.ljust(LABEL) + lines[0], *(" " * LABEL + line for line in lines[1:])])
    return out[0], out[1]
