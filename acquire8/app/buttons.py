"""The abstract buttons every controller reads; input.py maps keys and pad buttons onto them."""

from __future__ import annotations

from enum import StrEnum


class Button(StrEnum):
    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"
    O = "o"  # noqa: E741 - PICO-8's name for the second face button
    X = "x"
    MENU = "menu"
    UNDO = "undo"  # takes back your last decision this turn (also in the pause menu)


LEFT, RIGHT, UP, DOWN, O, X, MENU, UNDO = Button  # noqa: E741
BUTTONS = tuple(Button)
