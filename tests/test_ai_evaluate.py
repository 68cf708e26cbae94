"""The fitted bonus model (`Params.fitted`): shares every seat adds before a chain pays out."""

from __future__ import annotations

from itertools import product

import pytest

from acquire8.ai.evaluate import (
    ADDED,
    ADDED_ATOMS,
    DEFAULT,
    HAND_SET,
    Evaluator,
    _split,
    bonus_with_added,
    expected_bonus,
)
from acquire8.ai.hard import HardBot
from acquire8.rules import Game

from positions import fill, load, player


def enumerated(holdings: tuple[int, ...], bank: int, fifth: int, market: bool) -> list[float]:
    """The same expectation by brute force: every seat's every addition (and market holding)."""
    n = len(holdings)
    out = [0.0] * n
    market_holdings = range(1, 13) if market else [None]
    for adds in product(range(len(ADDED_ATOMS)), repeat=n):
        chance = 1.0
        final = []
        for h, a in zip(holdings, adds, strict=True):
            chance *= ADDED[fifth][a]
            final.append(h + min(ADDED_ATOMS[a], bank))
        for m in market_holdings:
            pays = _split((*final, m)) if m is not None else _split(tuple(final))
            for i in range(n):
                out[i] += chance * pays[i] / len(market_holdings)
    return out


@pytest.mark.parametrize(
    ("holdings", "bank", "fifth", "market"),
    [
        ((0, 0, 0, 0), 25, 0, False),
        ((1, 0, 0, 0), 24, 0, False),
        ((3, 1, 0, 2), 19, 2, False),
        ((5, 3, 1, 0), 16, 4, False),
        ((2, 2, 2, 0), 3, 1, False),  # a bank short of the larger additions
        ((4, 0, 0, 0, 0, 1), 20, 1, False),
        ((22, 9, 0, 1), 5, 1, False),  # gaps wider than any addition
        ((0, 12, 0, 25), 13, 3, False),
        ((3, 1), 21, 0, True),  # two players: the stock market holds 1-12
    ],
)
def test_added_shares_bonus_is_the_enumerated_expectation(holdings, bank, fifth, market):
    got = bonus_with_added(holdings, bank, fifth, market)
    assert got == pytest.approx(enumerated(holdings, bank, fifth, market), abs=1e-9)


def test_a_lone_first_share_is_worth_little_and_a_lead_of_several_much_more():
    # Early in the game: the first share of a chain nobody holds against four of it.
    none = bonus_with_added((0, 0, 0, 0), 25, 0, False)[0]
    one = bonus_with_added((1, 0, 0, 0), 24, 0, False)[0] - none
    four = bonus_with_added((4, 0, 0, 0), 21, 0, False)[0] - none
    assert one < 2.0  # price units: today it would be the whole 15 of a lone holder
    assert four > 2.5 * one
    # today's bonus is the rules' split
    assert expected_bonus((1, 0, 0, 0), 24, 10, False) == (15.0, 0.0, 0.0, 0.0)


def test_a_chain_a_tile_in_hand_merges_away_pays_soon():
    # Tower (3 tiles, 1A-3A) and American (5 tiles, 5A-9A): 4A joins them, Tower is the
    # smaller; 11I touches nothing.
    cells = {**fill("T", "1A-3A"), **fill("A", "5A-9A")}
    merging = load(cells=cells, players=[player(hand=["4A", "11I"]), player(), player()])
    assert Evaluator.merged_soon(merging) == frozenset({0})
    quiet = load(cells=cells, players=[player(hand=["11I", "12I"]), player(), player()])
    assert Evaluator.merged_soon(quiet) == frozenset()
    # only the hand of the seat to move counts
    theirs = load(cells=cells, players=[player(hand=["11I"]), player(hand=["4A"]), player()])
    assert Evaluator.merged_soon(theirs) == frozenset()


def test_hard_on_both_models_plays_whole_games_and_is_a_seed_away_from_repeating():
    def game(seed: int) -> list:
        g = Game.new(players=4, seed=seed)
        bots = [HardBot(seed * 10 + s, DEFAULT if s == 0 else HAND_SET) for s in range(4)]
        done = []
        while not g.is_over:  # apply refuses any illegal action
            act = bots[g.current].choose(g.view(g.current))
            done.append(act)
            g.apply(act)
        return done

    first = game(31)
    assert first == game(31)
    assert first != game(32)
