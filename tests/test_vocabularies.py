"""The closed vocabularies are defined once (a Literal type and the tuple of its values) and
everything that lists or keys on them agrees with that one definition; the strings saves and
records keep are unchanged."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from acquire8 import ai, storage
from acquire8.app import anim, text
from acquire8.app.control import hint, menus, play
from acquire8.rules import (
    BONUS_KINDS,
    END_OPTIONS,
    HOLDINGS_OPTIONS,
    TILE_EFFECTS,
    Game,
    Options,
)
from acquire8.rules import events as ev

PACKAGE = Path(__file__).resolve().parent.parent / "acquire8"


def test_the_values_are_the_saved_strings():
    # Saves, records and settings keep these strings: a value may be added, none renamed.
    assert {"declare", "auto"} <= set(END_OPTIONS) and {"open", "hidden"} <= set(HOLDINGS_OPTIONS)
    assert TILE_EFFECTS == ("lone", "found", "grow", "merge", "no 8th chain", "dead")
    assert BONUS_KINDS == ("majority", "minority", "both", "shared")
    assert {"slow", "normal", "fast", "instant"} <= set(storage.PACES)
    assert {"easy", "normal", "hard", "expert"} <= set(ai.LEVELS)


def test_paces_and_levels_have_one_definition():
    assert menus.PACES is storage.PACES
    assert set(play.PACE_FRAMES) == set(anim.PACE_SCALE) == set(storage.PACES)
    assert storage.LEVELS is ai.LEVELS and menus.LEVELS is ai.LEVELS
    sources = {p: p.read_text(encoding="utf-8") for p in sorted(PACKAGE.rglob("*.py"))}
    assert len(sources) > 40  # the scan reads the package
    # the tuples themselves are spelt nowhere else
    paces, levels = (re.compile(r",\s*".join(f'"{v}"' for v in vs)) for vs in (storage.PACES, ai.LEVELS))
    assert [p.name for p, s in sources.items() if paces.search(s)] == ["settings.py"]
    assert [p.name for p, s in sources.items() if levels.search(s)] == ["levels.py"]


def test_bonus_words_cover_every_kind():
    assert set(text.KIND_WORDS) == set(text.KIND_SHORT) == set(BONUS_KINDS)
    assert all(len(words) == 3 and all(words) for words in text.KIND_WORDS.values())
    assert hint.KIND_WORDS is text.KIND_WORDS
    # one table of the kinds' words: no module but app/text.py spells one
    spelt = [p.name for p in sorted(PACKAGE.rglob("*.py")) if '"maj+min"' in p.read_text(encoding="utf-8")]
    assert spelt == ["text.py"]


@pytest.mark.parametrize("seed", [1, 2])
def test_games_only_use_the_vocabularies(seed):
    g = Game.new(players=3, seed=seed)
    rng = random.Random(seed)
    kinds, effects = set(), set()
    while not g.is_over:
        effects |= {g.tile_effect(t) for t in g.hand(g.current)}
        for e in g.apply(rng.choice(g.legal_actions())):
            if isinstance(e, ev.BonusPaid | ev.MarketBonus):
                kinds.add(e.kind)
            if isinstance(e, ev.TilePlaced):
                effects.add(e.kind)
    assert kinds and kinds <= set(BONUS_KINDS)
    assert effects and effects <= set(TILE_EFFECTS)


def test_options_outside_the_vocabulary_are_refused():
    for end in END_OPTIONS:
        for holdings in HOLDINGS_OPTIONS:
            assert Options(end=end, holdings=holdings).end == end
    with pytest.raises(ValueError, match=r"options\.end"):
        Options(end="sudden")  # type: ignore[arg-type]
    settings, fixed = storage.Settings.from_dict({"end": "sudden", "pace": "glacial", "holdings": "open"})
    assert (settings.options.end, settings.pace, settings.options.holdings) == ("declare", "normal", "open")
    assert set(fixed) == {"end", "pace"}
