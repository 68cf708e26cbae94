"""RULES §14: the one-player score game ("solo"), its rules for one player: the start tile,
both bonuses to the lone holder, no stock market, the end when nothing can be placed, the score
as the final net worth. (Its recorded real game is replayed in test_recorded_games.py.)"""

from __future__ import annotations

import random

import pytest

from acquire8.rules import BuyShares, Game, Options, Phase, PlaceTile
from acquire8.rules import events as ev
from acquire8.rules.tables import HAND_SIZE
from tests.positions import ALL_TILES, fill, player, safe_chain

SOLO = Options(mode="solo")


def test_a_solo_game_deals_one_start_tile_and_one_hand():
    g = Game.new(1, seed=5, options=SOLO)
    (start,) = g.start_tiles()
    assert g.board == {start: "#"} and g.turn == g.current == 0
    assert len(g.hand(0)) == HAND_SIZE and start not in g.hand(0)
    assert g.pool_size() == len(ALL_TILES) - 1 - HAND_SIZE


def test_the_lone_player_takes_both_bonuses_and_no_market_draws():
    cells = {**fill("T", "1A-3A"), **fill("L", "5A-6A")}  # 4A merges L (2 tiles) into T (3)
    g = Game.from_position(cells, [player(cash=1000, hand=["4A"], shares={"L": 2})], ["9I"], options=SOLO)
    price = g.price("L")
    events = g.apply(PlaceTile("4A"))
    paid = [(e.chain, e.amount, e.kind) for e in events if isinstance(e, ev.BonusPaid)]
    assert paid == [("L", 15 * price, "both")] and g.cash(0) == 1000 + 15 * price
    assert not any(isinstance(e, ev.MarketHolds | ev.MarketBonus) for e in events)


def test_with_nothing_to_place_and_nothing_to_draw_the_game_ends_after_one_turn():
    cells = {**safe_chain("T"), **safe_chain("L", "1C")}  # two safe chains: 1B would join both
    g = Game.from_position(cells, [player(cash=100, hand=["1B"], shares={"T": 1})], [], options=SOLO)
    assert g.phase == Phase.BUY  # no tile to place: straight to buying
    price = g.price("T")
    events = g.apply(BuyShares(()))
    assert any(isinstance(e, ev.Stalemate) for e in events)
    assert g.is_over and g.scores() == [100 + 15 * price + price]  # both bonuses, then the share sold


@pytest.mark.parametrize("end", ["declare", "auto"])
def test_the_score_is_the_final_net_worth(end):
    rng = random.Random(3)
    g = Game.new(1, seed=3, options=Options(mode="solo", end=end))
    while not g.is_over:
        before = g.copy()
        events = g.apply(rng.choice(g.legal_actions()))
    over = next(e for e in events if isinstance(e, ev.GameOver))
    bonuses = sum(before.bonus_payouts(c)[0] for c in before.chains_on_board())
    assert over.scores == (g.scores()[0],) and over.winners == (0,)
    assert g.scores() == g.team_scores() == [before.net_worth(0) + bonuses]
