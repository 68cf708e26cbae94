"""Every computer level is one record (acquire8/ai/levels.py) that the rest reads."""

from __future__ import annotations

import ast
import math
from dataclasses import replace
from pathlib import Path
from typing import get_args

import pytest

from acquire8 import ai, rating
from acquire8.ai import ladder
from acquire8.ai.levels import NAME_CHARS, Level, LevelSpec, picked_levels

PACKAGE = Path(__file__).resolve().parent.parent / "acquire8"


def test_the_names_and_tables_come_from_the_records():
    assert tuple(s.name for s in ai.SPECS) == get_args(Level)
    assert tuple(s.name for s in ai.SPECS if s.picked) == ai.LEVELS
    assert set(ai.BASELINES) == {s.name for s in ai.SPECS if not s.picked}
    assert {s.name: (s.rating, s.interval) for s in ai.SPECS} == rating.LADDER
    assert all(s.words for s in ai.SPECS if s.picked)
    assert [s.name for s in ai.SPECS if s.searches] == ["expert"]
    assert tuple(ai.PLAYERS) == tuple(s.name for s in ai.SPECS)  # each record has its player
    for s in ai.SPECS:
        assert isinstance(ai.make_bot(s.name, 1), ai.Bot)


def test_a_name_that_would_not_fit_the_screen_is_refused_where_levels_are_defined():
    with pytest.raises(ValueError, match="lowercase"):
        LevelSpec("grandmaster", True, False, "", 0.0, 0.0)  # type: ignore[arg-type]
    LevelSpec("abcdef"[:NAME_CHARS], True, False, "", 0.0, 0.0)  # type: ignore[arg-type]


def test_levels_a_person_picks_out_of_rating_order_are_refused_where_levels_are_defined():
    assert picked_levels(ai.SPECS) == ai.LEVELS
    weakest, next_up = (ai.SPEC_OF[level] for level in ai.LEVELS[:2])
    swapped = tuple({weakest: next_up, next_up: weakest}.get(s, s) for s in ai.SPECS)
    said = f"{next_up.name} {next_up.rating:g}, {weakest.name} {weakest.rating:g}"
    with pytest.raises(ValueError, match=f"from the weakest up, not {said}"):
        picked_levels(swapped)
    unpicked = tuple(replace(s, picked=False) if s is weakest else s for s in ai.SPECS)
    assert picked_levels(unpicked) == ai.LEVELS[1:]


def test_the_ladder_schedules_a_searching_level_by_its_record_not_its_name():
    plan = ladder.schedule(deals=1, expert_deals=1, seed=1)
    searching = [levels for levels, _ in plan if any(ai.SPEC_OF[lv].searches for lv in levels)]
    searchers = sum(s.searches for s in ai.SPECS)
    cheap = len(ai.SPECS) - searchers
    # each with the strongest cheap level and every two others, and with three of it; four seats
    assert len(searching) == searchers * (math.comb(cheap - 1, 2) + 1) * 4
    ratings = [ai.SPEC_OF[level].rating for level in ladder.ORDER]
    assert ratings == sorted(ratings)  # the ladder's order: the weakest first


def test_no_module_names_a_level_to_decide_how_it_plays():
    """Outside the records, no comparison with a level's name (`level == "expert"`, `in
    ("hard", ...)`) decides anything; defaults and the hint (hard's choice) may name one."""
    names = set(get_args(Level))
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "levels.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                for side in (node.left, *node.comparators):
                    if isinstance(side, ast.Constant) and side.value in names:
                        found.append(f"{path.name}:{node.lineno}")
    assert found == []
