"""Animations (acquire8/app/anim.py): driven by the rules events and a frame counter, finished
at once by X, a hurried computer turn or the instant pace, never holding up input; the
high-contrast chain palette. Controllers headless; a few checks of the drawn pixels."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from test_app_text import ONE_OF_EACH

from acquire8 import storage as storage_mod
from acquire8.ai import make_bot
from acquire8.app import anim
from acquire8.app import buttons as bt
from acquire8.app import constants as k
from acquire8.app.control import app as capp
from acquire8.app.control import decisions as dec
from acquire8.app.control import menus as menus
from acquire8.app.control import play as cplay
from acquire8.app.control.standings import GameOver, Summary
from acquire8.app.demo import my_decision, position, run_until, select_tile, start, where
from acquire8.rules import CHAINS, Game
from acquire8.rules import events as ev

NOTHING: frozenset[str] = frozenset()
X, RIGHT, CHART = frozenset({bt.X}), frozenset({bt.RIGHT}), frozenset({bt.O})


def app_at(pace: str = "normal", seed: int = 3) -> tuple[capp.App, cplay.Play]:
    """The demo position, the person to place a tile, nothing animating."""
    app = capp.App(settings=storage_mod.Settings(pace=pace), seed=seed)
    play = start(app, Game.from_json(position()))
    run_until(app, my_decision(play))
    app.anim.finish()
    return app, play


def place(app: capp.App, play: cplay.Play, tile: str) -> None:
    """The person places `tile`: the X frame, then the frame that shows its events."""
    select_tile(app, play, tile)
    app.update(X)
    app.update(NOTHING)


def frames_until_still(app: capp.App, limit: int = 500) -> int:
    for n in range(limit):
        if not app.anim.active:
            return n
        app.update(NOTHING)
    raise AssertionError("the animations never ended")


# A computer (seat 1) merges Tower and Luxor with 5A; seat 2 holds Luxor, so it gets the bonus
# and disposes (a computer too) before the merger ends. The person (seat 0) has lone tiles.
MERGER = {
    "format": 1,
    "board": ["TTTT.LL.....", *["............"] * 7, "...........#"],
    "players": [
        {"name": "You", "cash": 6000, "hand": ["1E", "3E", "5E", "7E", "9E", "11E"]},
        {"name": "Ana", "cash": 6000, "hand": ["5A", "1G", "3G", "5G", "7G", "9G"]},
        {"name": "Bob", "cash": 6000, "shares": {"L": 2}, "hand": ["1C", "3C", "5C", "7C", "9C", "11C"]},
    ],
    "pool": ["2I", "4I", "6I", "8I", "10I", "1I", "3I", "5I", "7I", "9I"],
    "current": 1,
}


def merger_app(pace: str = "normal") -> tuple[capp.App, cplay.Play]:
    app = capp.App(settings=storage_mod.Settings(pace=pace), seed=1)
    game = Game.from_json(json.dumps(MERGER))
    bots = {1: make_bot("greedy", 1), 2: make_bot("greedy", 2)}
    play = cplay.Play(app, game, bots, people={0})
    app.goto(play)
    return app, play


def shown_kinds(play: cplay.Play) -> list[str]:
    return [type(e).__name__ for e in play.shown]


# ------------------------------------------------------------------ frames and finishing


def test_a_placed_tile_drops_lands_lit_and_settles():
    app, play = app_at()
    place(app, play, "9I")  # a lone tile
    heights, lit = [], 0
    while "9I" in app.anim.looks:
        assert len(heights) < anim.DROP, "the tile never settled"
        look = app.anim.looks["9I"]
        assert look.letter == "#"
        heights.append(look.dy)
        lit += look.lit
        app.update(NOTHING)
    assert heights[0] >= anim.DROP_HEIGHT // 2 and heights[-1] == 0
    assert heights == sorted(heights, reverse=True)  # it only falls
    assert lit == anim.LANDED
    assert len(heights) == anim.DROP
    assert not app.anim.active and play.game.board["9I"] == "#"


def test_a_founded_chain_flashes_into_its_colour():
    app, play = app_at()
    place(app, play, "10B")
    run_until(app, my_decision(play))
    assert play.screen.kind == "found"
    chain = play.screen.option.chain
    app.update(X)
    app.update(NOTHING)  # ChainFounded shown
    assert "ChainFounded" in shown_kinds(play)
    seen: dict[str, list] = {"10B": [], "9B": []}
    for _ in range(40):
        for name in seen:
            if name in app.anim.looks:
                seen[name].append(app.anim.looks[name])
        app.update(NOTHING)
    for name, looks in seen.items():
        assert any(lk.lit for lk in looks), name
        assert looks[-1].letter == chain and play.game.board[name] == chain
    assert not app.anim.active


# On a board the event does not change, only a placed tile drops and a change of cash counts.
MOVES = (ev.TilePlaced, ev.BonusPaid, ev.SharesSold, ev.SharesBought)


@pytest.mark.parametrize("event", ONE_OF_EACH, ids=lambda e: type(e).__name__)
def test_every_event_reaches_the_animator_and_only_a_tile_or_cash_moves(event):
    """An event the animator's dispatch forgot would fail there."""
    app, play = app_at()
    money = list(app.anim.money or [])
    app.anim.event(event, play)
    assert (app.anim.active or app.anim.money != money) == isinstance(event, MOVES)


def test_x_finishes_every_animation_at_once():
    app, play = app_at()
    place(app, play, "9I")
    assert app.anim.active and app.anim.looks
    app.update(X)
    assert not app.anim.active and not app.anim.looks and not app.anim.pops


def test_input_during_an_animation_is_handled_not_held_up():
    app, play = app_at()
    place(app, play, "6G")  # grows Worldwide: a drop then a flash
    assert app.anim.active and isinstance(play.screen, dec.BuyScreen)  # the purchase is already offered
    index = play.screen.index
    app.update(RIGHT)
    assert play.screen.index == (index + 1) % len(play.screen.options)  # moved during the animation
    assert app.anim.active  # which goes on: only X skips
    app.update(NOTHING)
    while play.screen.option not in CHAINS or not play.screen.can_add(play.screen.option):
        app.update(RIGHT)
    assert app.anim.active  # still flashing Worldwide
    app.update(X)  # X adds a share to the cart and finishes the animations
    assert play.screen.cart and not app.anim.active


def test_a_new_game_keeps_nothing_of_the_last_ones_animations():
    app, play = app_at()
    place(app, play, "6G")  # Worldwide grows: cells animating
    assert app.anim.cells
    new = app.new_game(seed=5)
    app.update(NOTHING)
    assert app.anim.play is new
    board = new.game.board
    assert set(app.anim.seen) <= set(board)  # no cell of the last game
    for name, letter in board.items():
        assert name in app.anim.cells or app.anim.seen.get(name) == letter


def test_a_computer_merger_holds_old_colours_then_floods_from_the_placed_tile():
    app, play = merger_app()
    run_until(app, lambda: "TilePlaced" in shown_kinds(play))
    g = play.game
    assert g.board["5A"] == "#"  # the merger waits for Bob's disposal
    assert app.anim.looks["5A"].dy > 0
    run_until(app, lambda: "ChainDefunct" in shown_kinds(play))
    assert g.board["6A"] == g.board["7A"] == "T"
    assert app.anim.looks["6A"].letter == "L"  # still shown as Luxor: the summary covers the board
    assert isinstance(app.scene, Summary)
    now = app.anim.now
    for _ in range(10):  # frozen under the summary
        app.update(NOTHING)
    assert app.anim.now == now and app.anim.looks["7A"].letter == "L"
    app.update(CHART)  # closes the summary (O: not a skip)
    turned: dict[str, int] = {}
    for f in range(60):
        for name in ("5A", "6A", "7A"):
            look = app.anim.looks.get(name)
            if name not in turned and (look is None or look.letter == "T"):
                turned[name] = f
        app.update(NOTHING)
    assert turned["5A"] <= turned["6A"] < turned["7A"]  # by distance from the placed tile
    assert not any(name in app.anim.looks for name in ("5A", "6A", "7A"))


def test_the_x_that_closes_a_merger_summary_does_not_skip_the_flood():
    app, play = merger_app()
    run_until(app, lambda: isinstance(app.scene, Summary))
    assert app.anim.looks["6A"].letter == "L"
    app.update(X)  # closes the summary: X went to it, not to the board
    assert app.scene is play and app.anim.active
    run_until(app, lambda: app.anim.looks.get("7A", anim.Look("T")).letter == "T")
    app.update(X)  # X on the board skips what is left
    assert not app.anim.active


def test_bonus_pops_over_the_chain_and_cash_counts_to_the_real_amount():
    app, play = merger_app()
    g = play.game
    run_until(app, lambda: "BonusPaid" in shown_kinds(play))
    bonus = next(e for e in play.shown if type(e).__name__ == "BonusPaid")
    pop = app.anim.pops[-1]
    assert pop.label == f"+${bonus.amount:,}" and pop.chain == "L"
    assert 4 <= pop.col <= 6 and pop.row == 3  # under Luxor (6A-7A): the turn bar is above
    values = [app.anim.cash(play, 2, g.cash(2))]
    while app.anim.trend(play, 2) > 0 and len(values) < 60:
        app.update(NOTHING)
        values.append(app.anim.cash(play, 2, g.cash(2)))
    assert values[0] == 6000 and len(values) >= anim.CASH  # counting, not jumping
    assert values == sorted(values) and values[-1] >= 6000 + bonus.amount
    run_until(app, lambda: isinstance(app.scene, Summary))
    assert app.anim.pops  # waiting under the summary
    app.update(CHART)  # closes it
    run_until(app, lambda: not app.anim.pops, limit=anim.POP + 1)


def test_hurried_computer_turns_show_no_animation():
    app, play = merger_app()
    run_until(app, lambda: "TilePlaced" in shown_kinds(play))
    assert app.anim.active
    app.update(X)  # hurry
    assert play.hurrying and not app.anim.active
    while play.hurrying and play.game.current != 0:
        assert app.frame < 5000, f"the person's turn never came: {where(app)}"
        app.update(NOTHING)
        if isinstance(app.scene, Summary) and app.scene.armed:
            app.update(CHART)
        assert not app.anim.cells or not play.hurrying


def test_instant_pace_has_no_animation_and_no_fade():
    app, play = app_at(pace="instant")
    place(app, play, "6G")
    assert not app.anim.active and not app.anim.looks
    app.update(CHART)  # the chart: a new screen
    assert app.anim.fade_alpha() == 0


@pytest.mark.parametrize("tile", ["9I", "6G"])
def test_the_pace_scales_every_animation(tile):
    lengths = {}
    for pace in menus.PACES:
        app, play = app_at(pace=pace)
        place(app, play, tile)
        lengths[pace] = frames_until_still(app)
    assert lengths["slow"] > lengths["normal"] > lengths["fast"] > lengths["instant"] == 0


def test_a_new_screen_fades_in_and_input_goes_on_meanwhile():
    app = capp.App(seed=1)
    app.update(NOTHING)
    assert app.anim.fade_alpha() == 0  # the first screen just appears
    app.update(X)  # New game: the setup screen
    setup = app.scene
    assert isinstance(setup, menus.Setup)
    alphas = [app.anim.fade_alpha()]
    row = setup.row
    app.update(frozenset({bt.UP}))  # handled during the fade
    assert setup.row != row
    while app.anim.fade_alpha():
        assert len(alphas) <= anim.FADE, "the fade never ended"
        alphas.append(app.anim.fade_alpha())
        app.update(NOTHING)
    assert 0 < alphas[-1] < alphas[0] < 1 and alphas == sorted(alphas, reverse=True)
    assert len(alphas) <= anim.FADE + 1


def test_no_change_is_left_untold_over_a_whole_game():
    """Computer-only game at the fast pace: whenever a turn starts every board change has been
    told (no cell held in its old look), and each animated cell ends as the rules' board."""
    app = capp.App(settings=storage_mod.Settings(pace="fast"), seed=9)
    game = Game.new(players=4, seed=9, names=list(capp.NAMES[:4]))
    bots = {s: make_bot("random", s) for s in range(4)}
    play = cplay.Play(app, game, bots, people=set())
    app.goto(play)
    rng = random.Random(9)
    shown = turns = 0
    for _ in range(40_000):
        if isinstance(app.scene, GameOver):
            break
        app.update(X if rng.random() < 0.002 else NOTHING)  # now and then hurried
        new = play.shown[shown:]
        shown = len(play.shown)
        if any(type(e).__name__ == "TurnStarted" for e in new):
            turns += 1
            board = play.game.board
            for name, fxs in app.anim.cells.items():
                assert all(fx.kind != "hold" for fx in fxs), name
                assert fxs[-1].new == board[name], name
    assert isinstance(app.scene, GameOver) and turns > 40


# ------------------------------------------------------------------ drawn


def test_a_falling_tile_is_drawn_above_its_empty_cell(pyxel_headless):
    from acquire8.app import views

    px = pyxel_headless
    app, play = app_at()
    place(app, play, "9I")
    look = app.anim.looks["9I"]
    assert look.dy > 0
    views.draw(app)
    x, y = k.BOARD_X + 8 * k.CELL, k.BOARD_Y + 8 * k.CELL
    assert px.screen.pget(x + 3, y + 6) == k.PANEL  # the cell waits, empty
    assert px.screen.pget(x + 3, y + 3 - look.dy) == k.LOOSE_COLOR  # the tile on its way


# ------------------------------------------------------------------ high contrast


def _lightness(rgb: int) -> float:
    """CIE L* (0 black .. 100 white) of a 0xRRGGBB colour."""
    return 116 * _luminance(rgb) ** (1 / 3) - 16


def _luminance(rgb: int) -> float:
    def lin(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(rgb >> 16 & 255) + 0.7152 * lin(rgb >> 8 & 255) + 0.0722 * lin(rgb & 255)


def _contrast(a: int, b: int) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)))
    return (lb + 0.05) / (la + 0.05)


HC_STATES = {
    "board": [
        "TTT.LLL.AAA.",
        "............",
        "WWW.FFF.III.",
        "............",
        "CCC.........",
        "............",
        "............",
        "............",
        "...........#",
    ],
    "players": [
        {"name": "You", "cash": 6000, "hand": ["1G", "3G", "5G", "7G", "9G", "11G"]},
        {"name": "Ana", "cash": 6000, "hand": ["1I", "3I", "5I", "7I", "9I", "2H"]},
    ],
    "pool": ["4H", "6H", "8H"],
    "current": 0,
    "format": 1,
}


def test_high_contrast_chains_differ_in_lightness_on_the_drawn_screen(pyxel_headless):
    """Render the play screen with high contrast on, read each chain's tile colour back from
    the screen: every two chains at least 8 L* apart, letters at a 4.5 contrast ratio."""
    from acquire8.app import views

    px = pyxel_headless
    app = capp.App(settings=storage_mod.Settings(high_contrast=True), seed=1)
    play = start(app, Game.from_json(json.dumps(HC_STATES)))
    run_until(app, my_decision(play))
    app.anim.finish()
    try:
        views.draw(app)
        tiles = {"T": (0, 0), "L": (4, 0), "A": (8, 0), "W": (0, 2), "F": (4, 2), "I": (8, 2), "C": (0, 4)}
        shade, ink = {}, {}
        for chain, (c, r) in tiles.items():
            x, y = k.BOARD_X + c * k.CELL, k.BOARD_Y + r * k.CELL
            shade[chain] = px.colors[px.screen.pget(x, y)]
            letter = {px.screen.pget(x + dx, y + dy) for dx in range(2, 5) for dy in range(1, 6)}
            letter.discard(px.screen.pget(x, y))
            assert len(letter) == 1, chain  # the letter drawn on the tile, in one colour
            ink[chain] = px.colors[letter.pop()]
        light = sorted((_lightness(rgb), chain) for chain, rgb in shade.items())
        gaps = [b[0] - a[0] for a, b in itertools.pairwise(light)]
        assert min(gaps) >= 8, light
        for chain in CHAINS:
            assert _contrast(shade[chain], ink[chain]) >= 4.5, chain
        empty = px.colors[px.screen.pget(k.BOARD_X + 3 * k.CELL, k.BOARD_Y)]
        assert light[0][0] - _lightness(empty) >= 5  # the darkest chain still stands off the board
    finally:
        app.settings.high_contrast = False
        views.use_palette(False)
    views.draw(app)  # back to the normal palette: the default colours again
    assert px.screen.pget(k.BOARD_X + 4 * k.CELL, k.BOARD_Y) == k.RED
    assert px.colors[k.BROWN] == 0x8B4852


def test_normal_palette_is_left_as_the_goldens_know_it():
    assert k.CHAIN_COLOR["W"] == k.BROWN and k.CHAIN_TEXT == k.CHAIN_COLOR
    k.use_chain_colors(True)
    try:
        assert k.CHAIN_COLOR == k.HC_CHAIN_COLOR and k.CHAIN_INK == k.HC_CHAIN_INK
    finally:
        k.use_chain_colors(False)
    assert k.CHAIN_COLOR["W"] == k.BROWN and k.CHAIN_INK["L"] == k.WHITE


def test_the_board_layer_is_drawn_again_exactly_when_a_square_changes(pyxel_headless, monkeypatch):
    """The play screen copies its squares from an image made when the board last changed."""
    from acquire8.app.views import common

    px = pyxel_headless
    layer = common.BoardLayer()
    drawn: list[str | None] = []
    real_square = common.square
    monkeypatch.setattr(
        common, "square", lambda x, y, letter, **kw: drawn.append(letter) or real_square(x, y, letter, **kw)
    )

    def at(name: str) -> int:
        c, r = int(name[:-1]) - 1, "ABCDEFGHI".index(name[-1])
        return px.screen.pget(k.BOARD_X + c * k.CELL + 1, k.BOARD_Y + r * k.CELL + 1)

    px.cls(k.BG)
    layer.draw(k.BOARD_X, k.BOARD_Y, {"1A": "T", "2A": "#"})
    assert len(drawn) == 108 and (at("1A"), at("2A"), at("3A")) == (
        k.CHAIN_COLOR["T"],
        k.LOOSE_COLOR,
        k.PANEL,
    )
    layer.draw(k.BOARD_X, k.BOARD_Y, {"1A": "T", "2A": "#"})
    assert len(drawn) == 108  # the same board: copied, not drawn
    layer.draw(k.BOARD_X, k.BOARD_Y, {"1A": "T", "2A": "T"})  # 2A joins Tower
    assert len(drawn) == 216 and at("2A") == k.CHAIN_COLOR["T"]
    k.use_chain_colors(True)
    try:
        layer.draw(k.BOARD_X, k.BOARD_Y, {"1A": "T", "2A": "T"})  # the same board in other colours
        assert len(drawn) == 324 and at("1A") == k.HC_CHAIN_COLOR["T"]
    finally:
        k.use_chain_colors(False)
