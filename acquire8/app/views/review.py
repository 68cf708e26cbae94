"""The expert's review, drawn from control/review.py: its progress bar while it works, then the
accuracy, the classes' counts and the costly decisions."""

from __future__ import annotations

import pyxel

from acquire8.app import constants as k
from acquire8.app.control.review import (
    BLUNDER,
    CLASSES,
    COSTLY_ROWS,
    INACCURACY,
    MISTAKE,
    ReviewScene,
    time_left,
)
from acquire8.app.text import fit, money, move_words
from acquire8.app.views.common import PANEL_CHARS, ctext, footer, panel, rtext, text

# Colours that keep their hue in high contrast (constants.HC_RGB leaves them or keeps pink pink).
KIND_COLOR = {INACCURACY: k.SKY, MISTAKE: k.PINK, BLUNDER: k.BAD}
PLURAL = {INACCURACY: "inaccuracies"}


def counted(n: int, kind: str) -> str:
    """ "1 mistake", "4 inaccuracies"."""
    return f"{n} {kind if n == 1 else PLURAL.get(kind, kind + 's')}"


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
    ctext(k.REVIEW_ACC_Y, f"Your accuracy: {accuracy:.0f}%", k.TEXT)
    counts = s.counts
    good, *rest = CLASSES
    ctext(k.REVIEW_COUNTS_Y, f"{counts[good]} good, {counted(counts[rest[0]], rest[0])},", k.DIM)
    ctext(k.REVIEW_COUNTS_Y + k.LINE, ", ".join(counted(counts[c], c) for c in rest[1:]), k.DIM)
    if not s.costly:
        ctext(k.REVIEW_LIST_Y + k.LINE, "No costly decision: well played!", k.GOOD)
        if s.message:
            ctext(k.REVIEW_PANEL_Y, fit(s.message), k.SKY)
        footer("Z BACK")
        return
    text(k.REVIEW_X, k.REVIEW_COLS_Y, "turn", k.DIM)
    text(k.REVIEW_KIND_X, k.REVIEW_COLS_Y, "costly decisions", k.DIM)
    rtext(k.REVIEW_COST_RIGHT, k.REVIEW_COLS_Y, "cost", k.DIM)
    for i, v in enumerate(s.costly[s.top : s.top + COSTLY_ROWS]):
        y = k.REVIEW_LIST_Y + k.LINE * i
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
    text(k.PAD, y, fit(f"You:    {move_words(chosen.played)}", PANEL_CHARS), k.TEXT)
    text(k.PAD, y + k.LINE, fit(f"Expert: {move_words(chosen.best)}", PANEL_CHARS), k.GOOD)
    if s.message:
        text(k.PAD, y + 2 * k.LINE, fit(s.message, PANEL_CHARS), k.SKY)
    footer("X SEE IT ON THE BOARD  Z BACK")
