"""The reference pages' words about the table: who would take a chain's bonuses now (the chains
page) and what plays each seat (the holdings page), from the facts of `holdings`."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from acquire8.app.control.insight.shares import Holdings
from acquire8.app.text import LINE_CHARS, money, team_letter


def bonus_line(sheet: Holdings, chain: str) -> str:
    """Who would get `chain`'s bonuses now, and how much (the rules' own split, `Lead`): "Ana
    $3,000 Bob $1,500", "Ana+Bob $2,250 each"; with hidden holdings only the viewer's count."""
    if sheet.hidden:  # only your own count (none in pass-and-play between turns)
        if sheet.viewer is None:
            return "holdings hidden"
        return f"you hold {sheet.held(sheet.viewer, chain)}"
    lead = sheet.lead(chain)
    if lead is None or not lead.majority:
        return "no holders"
    names = "+".join(sheet.names[s] for s in lead.majority)
    first = money(lead.pay[lead.majority[0]])
    if not lead.minority:
        return f"{names} {first}" + (" each" if len(lead.majority) > 1 else " both")
    names2 = "+".join(sheet.names[s] for s in lead.minority)
    return f"{names} {first} {names2} {money(lead.pay[lead.minority[0]])}"


def level_label(levels: Mapping[int, str], seat: int, human: int | None, people: Collection[int]) -> str:
    """What plays `seat`, under its name on the holdings page: a computer's level ("computer"
    when it has none: the lesson's scripted players), "you" (the one person at the table) or
    "person" (pass-and-play)."""
    if seat not in people:
        return levels.get(seat) or "computer"
    return "you" if seat == human and len(people) == 1 else "person"


def team_line(sheet: Holdings, teams: Sequence[Sequence[int]], width: int = LINE_CHARS) -> str:
    """The teams' totals on one line, by their letters: "Team worth: A $12,000, B $9,500",
    shorter when that does not fit ("Team worth A ..", "Worth A $60K, B $58K, C $61K"):
    their net worth summed (cash and shares at today's prices), or their cash when hidden
    holdings keep a worth from the viewer; amounts in thousands when the full ones do not fit."""
    known = all(sheet.worth[s] is not None for team in teams for s in team)
    what, amounts = ("worth", sheet.worth) if known else ("cash", sheet.cash)
    totals = [sum(amounts[s] or 0 for s in team) for team in teams]
    lines = [
        head + ", ".join(f"{team_letter(t)} {say(n)}" for t, n in enumerate(totals))
        for say in (money, lambda n: f"${round(n / 1000)}K")
        for head in (f"Team {what}: ", f"Team {what} ", f"{what.capitalize()} ")
    ]
    return next((line for line in lines if len(line) <= width), lines[-1])
