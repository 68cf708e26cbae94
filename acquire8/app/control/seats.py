"""The players' names by seat: the one place a seat's name is made."""

from __future__ import annotations

from acquire8.app.text import YOU
from acquire8.storage.settings import PERSON

NAMES = (YOU, "Ana", "Bob", "Cy", "Dot", "Eve")


def seat_names(seats: list[str]) -> list[str]:
    """Players' names: "You" and the computers' names when one person plays; in pass-and-play
    every person is P1..P6 by seat."""
    people = [s for s, kind in enumerate(seats) if kind == PERSON]
    if people == [0]:
        return list(NAMES[: len(seats)])
    return [f"P{s + 1}" if kind == PERSON else NAMES[s] for s, kind in enumerate(seats)]
