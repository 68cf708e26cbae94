"""Reach a menu row, a menu item or a reference page by its name, by the presses a person
would make: the tests, the demo and the device driver (tools/device_drive.py, from inside the
shipped game) select what they want by name, so one row or page more never shifts them.

`next_press(scene, name)` is the press that moves the scene's selection one step toward
`name` (None once it is selected), and with `value` then cycles the row to that value.
`NotReached` names the screen, what was looked for and what was there."""

from __future__ import annotations

from acquire8.app.buttons import DOWN, LEFT, RIGHT, UP, Button
from acquire8.app.control.menus.chart import Chart
from acquire8.app.control.menus.settings import SettingsScene
from acquire8.app.control.menus.setup import Setup
from acquire8.app.control.menus.stats import StatsScene
from acquire8.app.control.scene import Menu, Scene

MOST_PRESSES = 60  # more than any row, page or value needs: past it, something is wrong


class NotReached(LookupError):
    """The screen has no such row, item, page or value, or it never came."""


def choices(scene: Scene) -> tuple[list[str], int, Button, Button]:
    """The names the scene selects among, the selected one's index, and the presses that
    move the selection back and forward. Menus go up and down, pages left and right."""
    if isinstance(scene, Setup):
        return scene.rows, scene.row, UP, DOWN
    if isinstance(scene, Chart):  # on the board page RIGHT moves its cursor: pages come first
        return list(Chart.PAGES), scene.page, LEFT, RIGHT
    if isinstance(scene, StatsScene):
        return [page for page, _ in StatsScene.PAGES], scene.page, LEFT, RIGHT
    menu = getattr(scene, "menu", None)
    if isinstance(menu, Menu):
        return menu.items, menu.index, UP, DOWN
    raise NotReached(f"on {type(scene).__name__}: nothing to select by name there")


def next_press(scene: Scene, name: str, value: str | None = None) -> Button | None:
    """The press that brings `scene` one step closer to `name` selected (and, with `value`,
    a row of the setup or the settings holding that value, as written or as shown: its first
    word, so a level's "hard" matches "hard 801" and a sum's "6000" its "$6,000"); None when
    it is there."""
    names, index, back, forward = choices(scene)
    if name not in names:
        raise NotReached(f"on {type(scene).__name__}: looked for {name!r} among {names}")
    target = names.index(name)
    if index != target:
        return forward if index < target else back
    if value is None:
        return None
    return None if value in _values(scene, name) else RIGHT


def _values(scene: Scene, name: str) -> tuple[str, str]:
    """The selected row's value as written and the first word of it as shown."""
    if isinstance(scene, Setup | SettingsScene) and scene.selected is not None:
        row, settings = scene.selected, scene.app.settings
        return str(row.value(settings)), row.shown(settings).split(" ")[0]
    raise NotReached(f"on {type(scene).__name__}: {name!r} has no value to set")


def describe(scene: Scene, name: str, value: str | None = None) -> str:
    """What a failed search looked for, and where: for the message of whoever searched."""
    wanted = f"{name!r}" + (f" set to {value!r}" if value is not None else "")
    return f"on {type(scene).__name__}: {wanted} not reached in {MOST_PRESSES} presses"
