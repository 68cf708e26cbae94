"""The fitted bonus model (`Params.fitted`): shares every seat adds before a chain pays out."""

from __future__ import annotations

import gc
from dataclasses import replace
from itertools import product

import pytest

from acquire8.ai.base import finish
from acquire8.ai.evaluate import (
    ADDED,
    ADDED_ATOMS,
    DEFAULT,
    EXPERT,
    HAND_SET,
    Evaluator,
    Params,
    _split,
    bonus_with_added,
    expected_bonus,
    merge_threats,
    own_merges,
    stage,
)
from acquire8.ai.hard import HardBot
from acquire8.rules import PRICES, BuyShares, Game, Options, Phase, PlaceTile

from positions import chain, fill, load, player


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
    assert Evaluator().outlook(merging).soon == frozenset({0})


def test_a_tile_that_merges_away_a_chain_the_mover_holds_adds_merge_tile_to_its_worth():
    # 4A merges Tower (1A-3A) into American (5A-9A); 11I touches nothing
    cells = {**fill("T", "1A-3A"), **fill("A", "5A-9A")}
    holder = load(cells=cells, players=[player(shares={"T": 2}, hand=["4A", "11I"]), player(), player()])
    assert own_merges(holder) == 1
    # holding the survivor only, or the tile in another's hand, counts nothing
    survivor = load(cells=cells, players=[player(shares={"A": 2}, hand=["4A"]), player(), player()])
    theirs = load(cells=cells, players=[player(shares={"T": 2}), player(hand=["4A"]), player()])
    assert own_merges(survivor) == own_merges(theirs) == 0
    plain, valued = Evaluator(replace(EXPERT, merge_tile=0.0)), Evaluator(EXPERT)
    assert valued.evaluate(holder, 0) == pytest.approx(plain.evaluate(holder, 0) + 1000)
    assert valued.evaluate(holder, 1) == pytest.approx(plain.evaluate(holder, 1) - 1000)  # its rival's
    assert valued.evaluate(survivor, 0) == plain.evaluate(survivor, 0)
    # two chains of one size: the mover picks the survivor, so holding either counts
    tied = {**fill("T", "1A-3A"), **fill("A", "5A-7A")}
    either = load(cells=tied, players=[player(shares={"A": 1}, hand=["4A"]), player(), player()])
    assert own_merges(either) == 1
    # only at a turn's start, when the merger is the mover's to make
    holder.play(PlaceTile("11I"))
    assert holder.phase == Phase.BUY and holder.current == 0 and own_merges(holder) == 1
    assert valued.evaluate(holder, 0) == plain.evaluate(holder, 0)
    assert DEFAULT.merge_tile == 0 and EXPERT.merge_tile == 1000  # the expert's, not hard's


def test_a_chain_a_square_would_merge_away_counts_more_with_threat_weight():
    # 4A and 4B lie between Tower (1A-3B) and American (5A-9A, 5B), the larger: two squares
    # would merge Tower away, none American; Luxor (1E-2E) touches nothing
    cells = {**fill("T", "1A-3A", "3B-3B"), **fill("A", "5A-9A", "5B-5B"), **fill("L", "1E-2E")}
    both = load(cells=cells, players=[player(hand=["11I"]), player(), player()])
    assert merge_threats(both)[:3] == [2, 0, 0]
    weighted, plain = Evaluator(Params(threat_weight=1.0)), Evaluator(EXPERT)
    assert weighted.outlook(both).threatened == frozenset({0})
    assert plain.outlook(both).threatened == frozenset()  # not looked for when it counts nothing
    weighted.setup(both)
    plain.setup(both)
    factor = 1 + (1 - stage(both))
    tower, american = ((0, 4, (2, 1, 0), 20), (2, 6, (0, 1, 3), 20))
    assert factor > 1.5  # early in the game
    assert weighted.chain_term(*tower) == pytest.approx([factor * t for t in plain.chain_term(*tower)])
    assert weighted.chain_term(*american) == plain.chain_term(*american)
    assert DEFAULT.threat_weight > 0 and EXPERT.threat_weight == 0  # hard's, not the expert's
    # two chains of one size merge either way: a square between them threatens both
    tied = {**fill("T", "1A-3A"), **fill("A", "5A-7A")}
    assert merge_threats(load(cells=tied))[:3] == [1, 0, 1]


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


@pytest.mark.parametrize(("players", "mode"), [(4, "singles"), (4, "2v2"), (2, "singles")])
def test_hards_values_are_the_same_from_warm_memos_as_from_fresh_ones(players, mode):
    # a player that has valued a whole game's positions for every seat, as the expert's model of
    # the other seats does (its purchases, chains' purchase rows, chain terms and the boards'
    # threats remembered), values each the same as a new one
    g = Game.new(players=players, seed=41, options=Options(mode=mode))
    warm = HardBot(1)
    compared = 0
    while not g.is_over:
        view = g.view(g.current)
        if g.phase in (Phase.PLACE, Phase.BUY):
            me = view.current
            fresh = HardBot(1)
            if g.phase == Phase.PLACE:
                assert finish(warm.place_value_steps(view)) == finish(fresh.place_value_steps(view))
            else:
                assert warm.best_buy(view, me) == fresh.best_buy(view, me)
            compared += 1
        g.play(warm.choose(view))
    assert compared > 40


def test_hards_memos_give_the_cyclic_collector_nothing_to_walk():
    # a frame's start runs the full collections (app/shell.py): what the memos hold must not be
    # walked one object at a time, or a collection outlasts the frame on a slow machine
    g = Game.new(players=4, seed=43)
    bot = HardBot(1)
    while not g.is_over:
        g.play(bot.choose(g.view(g.current)))
    for _ in range(3):  # a pass stops tracking a tuple once what it holds is not: a level a pass
        gc.collect()
    assert len(bot._memo) > 50 and len(bot._rows) > 50
    held = [*bot._memo.items(), *bot._rows.items()]
    assert not [item for item in held if gc.is_tracked(item[0]) or gc.is_tracked(item[1])]


def test_cash_earns_a_premium_early_that_is_gone_by_mid_game():
    ev = Evaluator()
    g = Game.new(players=4, seed=5)
    ev.setup(g)  # the start tiles down: nearly the whole premium, and a reserve of nearly 4,000
    st = stage(g)
    premium = DEFAULT.cash_premium * (1 - st / DEFAULT.premium_until)
    assert st < 0.1 and premium > 0.8 * DEFAULT.cash_premium
    assert ev.cash_cost(6000) == pytest.approx(-premium * 6000)
    short = DEFAULT.reserve * (1 - st) - 1000
    assert ev.cash_cost(1000) == pytest.approx(short * DEFAULT.reserve_weight - premium * 1000)
    late = load(cells={**fill("T", "1A-12A"), **fill("A", "1C-12C"), **fill("L", "1E-12E")})
    ev.setup(late)  # a third of the board down: past `premium_until`
    assert ev.premium == 0 and ev.cash_cost(6000) == 0
    hand_set = Evaluator(HAND_SET)
    hand_set.setup(g)
    assert hand_set.cash_cost(6000) == 0  # no premium, and 6,000 is above its reserve


def test_with_the_premium_hard_spends_no_more_early_and_sometimes_less():
    # the premium alone makes the difference (the weights without threat_weight)
    plain = replace(EXPERT, cash_premium=0.0)
    g = Game.new(players=4, seed=12)
    bots = [HardBot(120 + s, plain) for s in range(4)]
    spent_with = spent_without = 0
    less = 0
    while not g.is_over and g.tiles_on_board() < 30:
        view = g.view(g.current)
        act = bots[g.current].choose(view)
        if g.current == 0 and isinstance(act, BuyShares):
            mine = HardBot(7, EXPERT).choose(view)
            assert isinstance(mine, BuyShares)
            cost = sum(g.price(c) for c in mine.chains)
            theirs = sum(g.price(c) for c in act.chains)
            assert cost <= theirs  # a dearer dollar never buys more
            less += cost < theirs
            spent_with += cost
            spent_without += theirs
        g.apply(act)
    assert less >= 1 and spent_with < spent_without


def test_the_rival_is_the_best_opponent_unless_best_early_mixes_in_their_mean_early():
    g = Game.new(players=4, seed=5)
    late = load(cells={**fill("T", "1A-12A"), **fill("A", "1C-12C"), **fill("L", "1E-12E")})
    shipped, mixed = Evaluator(), Evaluator(Params(best_early=0.0))
    for ev in (shipped, mixed):
        ev.setup(g)
    worths = [9000.0, 3000.0, 3000.0]
    assert shipped.rival(worths) == 9000 and shipped.rival([]) == 0
    st = stage(g)  # early: nearly the mean of the three
    assert mixed.rival(worths) == pytest.approx(st * 9000 + (1 - st) * 5000)
    assert mixed.rival([]) == 0  # the solo game: nobody to play against
    mixed.setup(late)
    assert stage(late) > 0.3 and mixed.rival(worths) == pytest.approx(5000 + stage(late) * 4000)
    # margins follow: mine less the rival's, the same cash cost
    w = [4000.0, 9000.0, 3000.0, 3000.0]
    shipped.setup(g)
    mixed.setup(g)
    assert shipped.margin(w, 0, 0) - mixed.margin(w, 0, 0) == pytest.approx(mixed.rival(w[1:]) - 9000)


def test_a_safe_chain_is_priced_at_the_size_safe_growth_says_it_reaches():
    # American at 12 tiles is safe, Tower at 4 is not
    cells = {**chain("A", 12, "1A"), **fill("T", "1I-4I")}
    g = load(cells=cells, players=[player(shares={"A": 3, "T": 2}), player(shares={"A": 1}), player()])
    plain, grown = Evaluator(replace(EXPERT, safe_growth=0.0)), Evaluator(replace(EXPERT, safe_growth=45.0))
    plain.setup(g)
    grown.setup(g)
    ahead = round(45 * (1 - stage(g)))
    assert ahead >= 20  # early in the game: far ahead
    american = ((3, 1, 0), 21)  # holdings, bank
    assert grown.chain_term(2, 12, *american) == plain.chain_term(2, 12 + ahead, *american)
    assert grown.chain_term(2, 12, *american) > plain.chain_term(2, 12, *american)
    assert grown.chain_term(0, 4, (2, 0, 0), 23) == plain.chain_term(0, 4, (2, 0, 0), 23)  # not safe


def test_price_rise_prices_every_chain_at_its_price_at_payout_unless_it_pays_next_turn():
    # Tower (1A-3A, 3B) and American (5A-9A, 5B): the 4A in hand merges Tower away; Luxor at 12
    # is safe
    cells = {**fill("T", "1A-3A", "3B-3B"), **fill("A", "5A-9A", "5B-5B"), **chain("L", 12, "1E")}
    g = load(cells=cells, players=[player(hand=["4A"]), player(), player()])
    today = replace(EXPERT, growth=0, safe_growth=0.0)
    plain, risen = Evaluator(today), Evaluator(replace(today, price_rise=400.0))
    plain.setup(g)
    risen.setup(g)
    rise = round(400 * (1 - stage(g)), -1)
    assert rise >= 200 and risen.soon == frozenset({0})  # before mid-game; Tower pays next turn
    for c, size in ((2, 6), (1, 12)):  # American, Luxor: paid later, at a higher price
        price = PRICES[c][size]
        holdings = (3, 1, 0)
        assert risen.chain_term(c, size, holdings, 21) == pytest.approx(
            [t * (price + rise) / price for t in plain.chain_term(c, size, holdings, 21)]
        )
    assert risen.chain_term(0, 4, (2, 1, 0), 22) == plain.chain_term(0, 4, (2, 1, 0), 22)
