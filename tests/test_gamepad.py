"""A handheld's pad drives the whole game: each of its buttons, pressed through Pyxel as SDL
reports it (`pyxel.set_btn`), becomes the abstract button the handheld README promises."""

from __future__ import annotations

import pytest

from acquire8.app.buttons import BUTTONS, DOWN, LEFT, MENU, RIGHT, UNDO, UP, O, X


@pytest.fixture()
def pad(pyxel_headless):
    """Pyxel with no button down, one frame on; yields pyxel, releases everything after."""
    pyxel = pyxel_headless
    from acquire8.app import input as inp

    every = {k for keys in inp.MAPPING.values() for k in keys} | {pyxel.GAMEPAD1_BUTTON_GUIDE}

    def release() -> None:
        for k in every:
            pyxel.set_btn(k, False)
        pyxel.flip()

    release()
    yield pyxel
    release()


def expected(pyxel) -> dict[int, str]:
    # The handheld README's table: D-pad chooses, A confirms, B, X and SELECT the chart, START
    # pauses, Y and L1 undo (far from A: hurrying with A cannot take a move back).
    return {
        pyxel.GAMEPAD1_BUTTON_X: O,
        pyxel.GAMEPAD1_BUTTON_Y: UNDO,
        pyxel.GAMEPAD1_BUTTON_LEFTSHOULDER: UNDO,
        pyxel.GAMEPAD1_BUTTON_DPAD_LEFT: LEFT,
        pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT: RIGHT,
        pyxel.GAMEPAD1_BUTTON_DPAD_UP: UP,
        pyxel.GAMEPAD1_BUTTON_DPAD_DOWN: DOWN,
        pyxel.GAMEPAD1_BUTTON_A: X,
        pyxel.GAMEPAD1_BUTTON_B: O,
        pyxel.GAMEPAD1_BUTTON_BACK: O,  # SELECT
        pyxel.GAMEPAD1_BUTTON_START: MENU,
    }


def press(pyxel, button: int) -> frozenset[str]:
    """Push `button` down this frame and read the abstract buttons; then release it."""
    from acquire8.app.input import poll

    pyxel.set_btn(button, True)
    got = poll()
    pyxel.set_btn(button, False)
    pyxel.flip()
    return got


def test_each_pad_button_presses_exactly_its_abstract_button(pad):
    for button, abstract in expected(pad).items():
        assert press(pad, button) == {abstract}, f"pad button {button}"


def test_every_abstract_button_is_on_the_pad(pad):
    assert set(expected(pad).values()) == set(BUTTONS)


def test_a_held_dpad_repeats_and_a_held_a_does_not(pad):
    from acquire8.app.input import HOLD, REPEAT, poll

    frames = HOLD + 2 * REPEAT + 1
    seen = {pad.GAMEPAD1_BUTTON_DPAD_RIGHT: [], pad.GAMEPAD1_BUTTON_A: []}
    for button, hits in seen.items():
        pad.set_btn(button, True)
        for _ in range(frames):
            hits.append(bool(poll()))
            pad.flip()
        pad.set_btn(button, False)
        pad.flip()
    right = [i for i, hit in enumerate(seen[pad.GAMEPAD1_BUTTON_DPAD_RIGHT]) if hit]
    assert right == [0, HOLD, HOLD + REPEAT, HOLD + 2 * REPEAT]
    assert [i for i, hit in enumerate(seen[pad.GAMEPAD1_BUTTON_A]) if hit] == [0]


def test_the_pad_and_the_keys_press_the_same_buttons(pad):
    keys = {LEFT: pad.KEY_LEFT, RIGHT: pad.KEY_RIGHT, UP: pad.KEY_UP, DOWN: pad.KEY_DOWN}
    keys |= {X: pad.KEY_X, O: pad.KEY_Z, MENU: pad.KEY_RETURN}
    for abstract, key in keys.items():
        assert press(pad, key) == {abstract}
    both = pad.GAMEPAD1_BUTTON_A, pad.KEY_X  # one confirm, whichever is pressed
    for b in both:
        pad.set_btn(b, True)
    from acquire8.app.input import poll

    assert poll() == {X}
