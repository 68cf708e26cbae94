"""docs/RULES.md is prose for players and keeps its numbers as words and figures; every one that
is a rule agrees with the constant the rules core plays by (acquire8/rules/tables.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from acquire8.rules import (
    CHAIN_COUNT,
    CHAINS,
    END_SIZE,
    GAME_MODES,
    MAX_BUY,
    MODE_PLAYERS,
    PRICES,
    SAFE_SIZE,
    SQUARES,
    TEAM_COUNT,
    TIER_OF,
    Game,
    Options,
    bonuses,
)
from acquire8.rules.tables import COLS, HAND_SIZE, ROW_LETTERS, SHARES_PER_CHAIN, START_CASH

RULES = (Path(__file__).resolve().parent.parent / "docs" / "RULES.md").read_text(encoding="utf-8")
PROSE = " ".join(RULES.split())  # the lines' breaks and indents as single spaces
WORDS = {2: "two", 3: "three", 5: "five", 6: "six", 7: "seven", 10: "ten"}


@pytest.mark.parametrize(
    "phrase",
    [
        f"A board of {SQUARES} squares: columns 1 to {COLS}, rows {ROW_LETTERS[0]} to {ROW_LETTERS[-1]}.",
        f"All {SQUARES} tiles start face down",
        f"{WORDS[CHAIN_COUNT].capitalize()} hotel chains",
        f"The bank holds {SHARES_PER_CHAIN} shares of each chain",
        f"Every player begins with ${START_CASH:,}.",
        f"everyone draws a hand of {WORDS[HAND_SIZE]} tiles",
        f"Buy up to {WORDS[MAX_BUY]} shares (section 9)",
        f"you may buy up to {WORDS[MAX_BUY]} shares",
        f"draw back up to {WORDS[HAND_SIZE]} tiles",
        f"No more than {WORDS[CHAIN_COUNT]} chains can be on the board",
        f"A chain of {SAFE_SIZE} tiles or more is **safe**",
        f"**one chain has {END_SIZE} tiles or more**",
        f"its column (1 to {COLS}) is how many shares",
    ],
)
def test_the_rules_say_the_numbers_the_game_plays_by(phrase):
    assert phrase in PROSE


def test_the_price_chart_and_the_bonuses_are_the_games():
    row = r"^\| (\d+)(?: to (\d+))?( or more)? \| \$([\d,]+) \| \$([\d,]+) \| \$([\d,]+) \|$"
    rows = re.findall(row, RULES, re.M)
    assert len(rows) == 9
    sizes: list[int] = []
    for low, high, more, *prices in rows:
        span = range(int(low), (SQUARES if more else int(high or low)) + 1)
        for tier, amount in enumerate(prices):
            chains = [c for c in range(CHAIN_COUNT) if TIER_OF[c] == tier]
            assert {PRICES[c][s] for c in chains for s in span} == {int(amount.replace(",", ""))}, span
        sizes.extend(span)
    assert sizes == list(range(2, SQUARES + 1))  # every size a chain can have, once
    price = PRICES[CHAINS.index("T")][2]
    assert bonuses("T", 2) == (10 * price, 5 * price)
    assert (
        f"bonus of a chain is {WORDS[10]} times its share price, the minority bonus {WORDS[5]} times" in PROSE
    )


def test_the_ways_to_play_have_the_games_player_counts_and_teams():
    """§14's table: a row per mode, in the order of GAME_MODES, with its players and teams."""
    rows = re.findall(r"^\| ([a-z0-9 ]+) \| ([\d to]+) \| ([^|]+) \|$", RULES, re.M)
    assert len(rows) == len(GAME_MODES)
    for mode, (_, players, teams) in zip(GAME_MODES, rows, strict=True):
        counts = [int(n) for n in players.split(" to ")]
        allowed = MODE_PLAYERS[mode]
        assert counts == ([allowed[0], allowed[-1]] if len(allowed) > 1 else [allowed[0]]), mode
        game = Game.new(allowed[0], seed=1, options=Options(mode=mode))
        if not TEAM_COUNT[mode]:
            assert teams.startswith("none"), mode
            continue
        seats = [
            tuple(int(s) - 1 for s in re.findall(r"\d", part)) for part in re.split(r" against |; ", teams)
        ]
        assert seats == game.teams, mode
