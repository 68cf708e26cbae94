"""The one place keys and pad buttons become abstract buttons, once per frame (docs/DESIGN.md)."""

from __future__ import annotations

import pyxel

from acquire8.app.buttons import DOWN, LEFT, MENU, RIGHT, UNDO, UP, Button, O, X

# Abstract button -> the keys and pad buttons that press it.
MAPPING: dict[Button, tuple[int, ...]] = {
    LEFT: (pyxel.KEY_LEFT, pyxel.GAMEPAD1_BUTTON_DPAD_LEFT),
    RIGHT: (pyxel.KEY_RIGHT, pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT),
    UP: (pyxel.KEY_UP, pyxel.GAMEPAD1_BUTTON_DPAD_UP),
    DOWN: (pyxel.KEY_DOWN, pyxel.GAMEPAD1_BUTTON_DPAD_DOWN),
    # SELECT (BACK) toggles the chart like O, for handhelds.
    O: (
        pyxel.KEY_Z,
        pyxel.KEY_C,
        pyxel.KEY_N,
        pyxel.GAMEPAD1_BUTTON_B,
        pyxel.GAMEPAD1_BUTTON_X,
        pyxel.GAMEPAD1_BUTTON_BACK,
    ),
    X: (pyxel.KEY_X, pyxel.KEY_V, pyxel.KEY_M, pyxel.GAMEPAD1_BUTTON_A),
    MENU: (pyxel.KEY_RETURN, pyxel.KEY_ESCAPE, pyxel.KEY_P, pyxel.GAMEPAD1_BUTTON_START),
    # Far from X (keyboard X, pad A), so hurrying the computers never takes a move back.
    UNDO: (pyxel.KEY_BACKSPACE, pyxel.KEY_U, pyxel.GAMEPAD1_BUTTON_Y, pyxel.GAMEPAD1_BUTTON_LEFTSHOULDER),
}
REPEATING = (LEFT, RIGHT, UP, DOWN)  # held directions repeat
HOLD, REPEAT = 9, 3  # frames before the first repeat, then between repeats (at 30 fps)


def poll() -> frozenset[Button]:
    """The abstract buttons newly pressed (or repeating) this frame."""
    pressed = set()
    for button, keys in MAPPING.items():
        if button in REPEATING:
            hit = any(pyxel.btnp(k, hold=HOLD, repeat=REPEAT) for k in keys)
        else:
            hit = any(pyxel.btnp(k) for k in keys)
        if hit:
            pressed.add(button)
    return frozenset(pressed)


def held() -> frozenset[Button]:
    """The abstract buttons down now (a held X must not decide: see control/play.py)."""
    return frozenset(button for button, keys in MAPPING.items() if any(pyxel.btn(k) for k in keys))
