"""The reference pages' words about the table: who would take a chain's bonuses now (the chains
page) and what plays each seat (the holdings page), from the facts of `holdings`."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from acquire8.app.control.insight.shares import Holdings
from acquire8.app.text import money


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
