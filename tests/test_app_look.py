"""The look, checked on drawn pixels (headless Pyxel): highlights and chain colours stay
distinct and readable in both palettes."""

from __future__ import annotations

import pytest

from acquire8.app import constants as k
from acquire8.app import scenes as sc
from acquire8.app import views
from acquire8.app.demo import my_decision, position, run_until, select_tile, start
from acquire8.rules import Game


@pytest.fixture()
def px(pyxel_headless):
    yield pyxel_headless
    views.use_palette(False)  # the next test starts in the normal palette


def demo_play(high_contrast: bool = False) -> tuple[sc.App, sc.Play]:
    app = sc.App(seed=2)
    app.settings.high_contrast = high_contrast
    play = start(app, Game.from_json(position()))
    run_until(app, my_decision(play))
    app.anim.finish()
    return app, play


def cell_colors(px, x: int, y: int, w: int = 7, h: int = 7) -> set[int]:
    return {px.screen.pget(x + i, y + j) for i in range(w) for j in range(h)}


@pytest.mark.parametrize("high_contrast", [False, True])
def test_the_selected_empty_square_uses_no_chain_colour(px, high_contrast):
    app, play = demo_play(high_contrast)
    select_tile(app, play, "5A")  # an empty square (demo.BOARD)
    chain_colors = set(k.CHAIN_COLOR.values()) | set(k.HC_CHAIN_COLOR.values())
    x, y = k.BOARD_X + 4 * k.CELL, k.BOARD_Y
    for frame in (0, 8):  # both blink phases
        app.frame = frame
        views.draw(app)
        seen = cell_colors(px, x, y)
        assert k.SELECT in seen and not seen & chain_colors, (frame, seen)
