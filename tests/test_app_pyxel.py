"""The front end with Pyxel (headless): input mapping, whole games from injected key presses,
and golden screenshots of the key screens.

Golden images: tests/golden/*.png (128x128, scale 1). After an intended change of the look,
regenerate them with `python tools/screenshots.py --out tests/golden --scale 1` and check the
new images by eye before committing them; then `make screenshots` (docs/screenshots, scale 4,
which the same test holds to the screens drawn, so the README's never fall behind).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from acquire8 import storage as storage_mod
from acquire8.app import buttons as bt
from acquire8.app.control import app as capp
from acquire8.app.control import play as cplay
from acquire8.app.control.scene import TURN_QUIET_FRAMES
from acquire8.app.control.standings import GameOver
from acquire8.rules import Game

GOLDEN = Path(__file__).parent / "golden"
SCREENSHOTS = Path(__file__).parent.parent / "docs" / "screenshots"  # the README's, at SCALE
SCALE = 4


@pytest.fixture()
def px(pyxel_headless):
    return pyxel_headless


def tap(px, shell, key: int | None, draw: bool = False) -> None:
    """One frame: the key goes down, the game updates, the key comes up."""
    if key is not None:
        px.set_btn(key, True)
    shell.update()
    if key is not None:
        px.set_btn(key, False)
    if draw:
        shell.draw()
    px.flip()


def test_every_key_and_pad_button_maps_to_its_abstract_button(px):
    from acquire8.app import input as inp

    expected = {
        bt.LEFT: ("KEY_LEFT", "GAMEPAD1_BUTTON_DPAD_LEFT"),
        bt.RIGHT: ("KEY_RIGHT", "GAMEPAD1_BUTTON_DPAD_RIGHT"),
        bt.UP: ("KEY_UP", "GAMEPAD1_BUTTON_DPAD_UP"),
        bt.DOWN: ("KEY_DOWN", "GAMEPAD1_BUTTON_DPAD_DOWN"),
        bt.O: ("KEY_Z", "KEY_C", "KEY_N", "GAMEPAD1_BUTTON_B", "GAMEPAD1_BUTTON_BACK"),
        bt.X: ("KEY_X", "KEY_V", "KEY_M", "GAMEPAD1_BUTTON_A"),
        bt.MENU: ("KEY_RETURN", "KEY_ESCAPE", "KEY_P", "GAMEPAD1_BUTTON_START"),
    }
    for button, names in expected.items():
        for name in names:
            key = getattr(px, name)
            px.set_btn(key, True)
            assert inp.poll() == {button}, name
            px.set_btn(key, False)
            px.flip()
            assert inp.poll() == frozenset()


def test_held_directions_repeat_but_confirm_does_not(px):
    from acquire8.app import input as inp

    def held(key: int, frames: int) -> int:
        px.set_btn(key, True)
        count = 0
        for _ in range(frames):
            count += bool(inp.poll())
            px.flip()
        px.set_btn(key, False)
        px.flip()
        return count

    frames = inp.HOLD + 3 * inp.REPEAT + 1  # repeats at HOLD, then every REPEAT frames
    assert held(px.KEY_RIGHT, frames) == 5  # the press, then four repeats
    assert held(px.KEY_X, frames) == 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_game_from_title_to_game_over_by_key_presses(px, seed):
    from acquire8.app.shell import Shell

    app = capp.App(seed=seed)
    shell = Shell(app, audio=seed == 1)  # one game with the sound layer too
    rng = random.Random(seed)
    keys = [
        px.KEY_X,
        px.GAMEPAD1_BUTTON_A,
        px.KEY_RIGHT,
        px.KEY_Z,
        *[None] * 16,
    ]  # pauses: a turn, and the board under its recap again, wait for X let go 1.1 s
    tap(px, shell, px.KEY_X)  # New game
    tap(px, shell, px.KEY_X)  # Start with the defaults
    play = app.scene
    assert isinstance(play, cplay.Play)
    for f in range(60_000):
        if isinstance(app.scene, GameOver):
            break
        tap(px, shell, rng.choice(keys), draw=f % 10 == 0)
    else:
        pytest.fail("the game never ended")
    over = app.scene
    shell.draw()
    # The rules core, replaying the same actions from the same seed, agrees with the screen.
    g = play.game
    replay = Game.new(players=g.players, seed=play.seed, options=g.options, names=g.names)
    for action in play.actions:
        replay.apply(action)
    assert replay.is_over and replay.scores() == g.scores()
    assert [cash for cash, seat, *_ in sorted(over.rows, key=lambda r: r[1])] == replay.scores()
    assert over.winners == replay.winners()
    # Final bonuses and share sales add up to what the last action paid out.
    assert all(bonus >= 0 and sold >= 0 for _, _, _, bonus, sold in over.rows)


def _screens():
    from acquire8.app.demo import key_screens

    return key_screens()


def test_golden_screens_match_pixel_for_pixel(px, text_bounds):
    from acquire8.app import views

    names = []
    for name, app in _screens():
        names.append(name)
        app.frame = 0
        views.draw(app)
        path = GOLDEN / f"{name}.png"
        assert path.exists(), f"missing {path}: see this module's docstring to regenerate"
        golden = px.Image(128, 128)
        golden.load(0, 0, str(path))
        diff = [(x, y) for y in range(128) for x in range(128) if px.screen.pget(x, y) != golden.pget(x, y)]
        assert not diff, f"{name}: {len(diff)} pixels differ, first at {diff[0]}"
        # The README's copy (`make screenshots`, scale 4): a pixel of each 4x4 block agrees
        shot = SCREENSHOTS / f"{name}.png"
        assert shot.exists(), f"missing {shot}: run `make screenshots` and show it in the README"
        readme = px.Image(128 * SCALE, 128 * SCALE)
        readme.load(0, 0, str(shot))
        stale = [
            (x, y)
            for y in range(128)
            for x in range(128)
            if px.screen.pget(x, y) != readme.pget(SCALE * x, SCALE * y)
        ]
        assert not stale, f"{shot.name}: {len(stale)} pixels out of date: run `make screenshots`"
    for key in ("title", "play", "found", "merger", "buy", "gameover"):
        assert key in names
    from acquire8.app.control.menus import Chart

    assert set(Chart.PAGES) <= set(names)  # every page Z opens has its golden, by its name
    readme = (SCREENSHOTS.parent.parent / "README.md").read_text()
    assert not [n for n in names if f"(docs/screenshots/{n}.png)" not in readme], (
        "screens the README leaves out"
    )
    assert not text_bounds, f"text off the screen: {text_bounds[:5]}"


def test_the_shell_passes_effects_music_events_and_settings_to_the_audio(px):
    from acquire8.app.shell import Shell

    class FakeAudio:
        def __init__(self):
            self.calls: list[tuple] = []

        def __getattr__(self, name):
            return lambda *args: self.calls.append((name, *args))

    app = capp.App(settings=storage_mod.Settings(levels=["greedy"] * 5), seed=3)
    shell = Shell(app, audio=False)
    fake = shell.audio = FakeAudio()
    shell.update(frozenset())
    assert ("music", "title") in fake.calls
    shell.update(frozenset({bt.X}))  # New game: the confirm effect
    assert ("effect", "confirm") in fake.calls
    shell.update(frozenset({bt.X}))  # Start: the play music
    assert ("music", "play") in fake.calls
    for i in range(400):
        shell.update(frozenset({bt.X}) if i % (TURN_QUIET_FRAMES + 1) == 0 else frozenset())
    events = [c[1] for c in fake.calls if c[0] == "events"]
    assert events and all(isinstance(batch, list) and batch for batch in events)
    assert not app.effects and not app.heard  # drained every frame
    app.settings.music = False
    shell.update(frozenset())
    assert ("set_music", False) in fake.calls
    fake.calls.clear()
    shell.update(frozenset())
    assert not any(c[0] == "set_music" for c in fake.calls)  # told once, not every frame


def test_the_chart_view_draws_every_page_the_controller_lists():
    from acquire8.app.control.menus import Chart
    from acquire8.app.views.chart import CHART_PAGES

    assert list(CHART_PAGES) == list(Chart.PAGES)
