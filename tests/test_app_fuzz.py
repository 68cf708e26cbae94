"""Fuzz: thousands of seeded random button sequences, over 200,000 frames in all, raise nothing,
and games always reach the game-over screen when X is pressed often enough (with the short
pauses that let a new turn's X act)."""

from __future__ import annotations

import random

import pytest

from acquire8 import storage as storage_mod
from acquire8.ai import make_bot
from acquire8.app import buttons as bt
from acquire8.app import views
from acquire8.app.control import app as capp
from acquire8.app.control import decisions as dec
from acquire8.app.control import menus as menus
from acquire8.app.control import play as cplay
from acquire8.app.control import scene as cscene
from acquire8.app.control.scene import TURN_QUIET_FRAMES
from acquire8.app.control.standings import GameOver
from acquire8.app.demo import start
from acquire8.rules import Game

SEQUENCES, FRAMES = 2000, 100  # 200,000 frames
DRAW_EVERY = 16  # drawing every frame would only repeat the same calls; every 16th covers the views


@pytest.fixture()
def fast_levels(monkeypatch):
    """Computer players of the fast levels only, so the fuzz spends its time on the front end."""
    monkeypatch.setattr(menus.rows, "LEVELS", ("greedy", "random"))


def presses(rng: random.Random, x_chance: float, menu: bool = True) -> frozenset[str]:
    out = set()
    if rng.random() < x_chance:
        out.add(bt.X)
    if rng.random() < 0.35:
        others = (bt.LEFT, bt.RIGHT, bt.UP, bt.DOWN, bt.LEFT, bt.RIGHT, bt.O, bt.MENU)
        out.add(rng.choice(others if menu else others[:-1]))
    return frozenset(out)


def starting_point(seq: int, rng: random.Random) -> capp.App:
    """The title, a fresh game, or a game some way in (any phase, possibly over)."""
    settings = storage_mod.Settings(
        pace=rng.choice(menus.PACES), levels=["greedy"] * 5, opponents=rng.randint(1, 5)
    )
    app = capp.App(settings=settings, seed=seq, can_quit=rng.random() < 0.5)
    if seq % 3 == 0:
        return app
    n = rng.randint(2, 6)
    game = Game.new(players=n, seed=seq, names=list(capp.NAMES[:n]))
    if seq % 3 == 2:
        bots = [make_bot("random", seq * 7 + s) for s in range(n)]
        for _ in range(rng.randint(0, 400)):
            if game.is_over:
                break
            game.apply(bots[game.current].choose(game.view(game.current)))
    start(app, game, level=rng.choice(("greedy", "random")))
    return app


def check(app: capp.App) -> None:
    assert app.scenes and all(isinstance(s, cscene.Scene) for s in app.scenes)
    for scene in app.scenes:
        if isinstance(scene, cplay.Play):
            assert len(scene.message) <= 40
            ui = scene.screen
            if isinstance(ui, dec.BuyScreen):
                assert len(ui.cart) <= 3 and ui.cash - ui.cost >= 0
            if isinstance(ui, dec.DisposeScreen):
                assert ui.keep >= 0 and (ui.sell, ui.trade) in ui.legal


@pytest.mark.slow
def test_random_button_sequences_raise_nothing(pyxel_headless, fast_levels, text_bounds):
    total = 0
    reached = set()
    for seq in range(SEQUENCES):
        rng = random.Random(seq)
        app = starting_point(seq, rng)
        x_chance = rng.choice((0.05, 0.2, 0.5))
        for f in range(FRAMES):
            app.update(presses(rng, x_chance))
            total += 1
            if f % DRAW_EVERY == seq % DRAW_EVERY:
                views.draw(app)
            if app.quit:  # the person chose Quit: they start the game again
                reached.add("Quit")
                app = capp.App(settings=app.settings, seed=seq + f)
            reached.add(type(app.scene).__name__)
        check(app)
        app.effects.clear()
        app.heard.clear()
    assert total == SEQUENCES * FRAMES >= 200_000
    assert not text_bounds, f"text off the screen: {sorted(set(text_bounds))[:5]}"
    # The random presses found their way onto every screen. Quitting takes deliberate presses
    # (the title's menu stops at its ends, then a question): its question is what they reach.
    assert reached >= {
        "Title",
        "Setup",
        "Play",
        "Chart",
        "Pause",
        "Log",
        "Help",
        "Summary",
        "GameOver",
        "Confirm",
    }


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8))
def test_pressing_x_often_always_reaches_game_over(pyxel_headless, fast_levels, seed):
    rng = random.Random(1000 + seed)
    app = capp.App(settings=storage_mod.Settings(levels=["greedy"] * 5), seed=seed, can_quit=False)
    burst = 0
    for f in range(40_000):
        if isinstance(app.scene, GameOver):
            break
        if burst <= 0:  # a mashed X decides nothing: now and then the player lets go for 1.1 s
            for _ in range(TURN_QUIET_FRAMES):
                app.update(frozenset())
            burst = rng.randint(1, 40)
        burst -= 1
        app.update(presses(rng, 0.5, menu=False))  # the pause menu could start over, not stick
        if f % 64 == 0:
            views.draw(app)
    else:
        pytest.fail(f"no game over after 40,000 frames on {type(app.scene).__name__}")
    over = app.scene
    assert over.play.game.is_over
