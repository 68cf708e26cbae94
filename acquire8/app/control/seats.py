"""The players' names by seat: the one place a seat's name is made, and the words of whose
side a seat is on in a team game."""

from __future__ import annotations

from acquire8.app.text import YOU, team_letter
from acquire8.rules import Game
from acquire8.storage.settings import PERSON

NAMES = (YOU, "Ana", "Bob", "Cy", "Dot", "Eve")


def seat_names(seats: list[str]) -> list[str]:
    """Players' names: "You" and the computers' names when one person plays; in pass-and-play
    every person is P1..P6 by seat."""
    people = [s for s, kind in enumerate(seats) if kind == PERSON]
    if people == [0]:
        return list(NAMES[: len(seats)])
    return [f"P{s + 1}" if kind == PERSON else NAMES[s] for s, kind in enumerate(seats)]


def team_note(game: Game, seat: int, viewer: int | None) -> str:
    """Whose side `seat` is on, after its level on the holdings page: ", partner" (the
    viewer's team), ", team B"; "" without teams."""
    if not game.has_teams:
        return ""
    if viewer is not None and seat != viewer and game.team_of(seat) == game.team_of(viewer):
        return ", partner"
    return f", team {team_letter(game.team_of(seat))}"
