"""RULES §11 (end of the game, final scoring, stalemate) and §12 (two players: the stock market)."""

import json

import pytest

from acquire8.rules import BuyShares, DeclareEnd, Dispose, IllegalAction, Phase, PlaceTile, events
from acquire8.rules.tables import END_SIZE, SAFE_SIZE

from positions import end_chain, fill, load, play, player, safe_chain, square_after

T_END = end_chain("T")  # a chain at the end size, rows A to D
T_SHORT = end_chain("T", short=True)  # one tile short of it
L2 = fill("L", "1F-2F")
T_SAFE = safe_chain("T")  # the least safe chains (priced $700 while 11 to 20 tiles)
L_SAFE = safe_chain("L", "1C")
T_UNSAFE = safe_chain("T", short=True)  # one tile short of safe
FULL_POOL = ("12I", "12H", "10I", "10H", "8I", "8H", "6I")  # more than a hand draws


def _at_buy(cells, players=None, end="declare", pool=("12I",)):
    """Seat 0 places the lone tile 12G and is in its buy phase."""
    players = players or [player(), player(), player()]
    players[0] = {**players[0], "hand": ["12G"]}
    g = load(cells=cells, players=players, pool=list(pool), end=end)
    g.apply(PlaceTile("12G"))
    assert g.phase == Phase.BUY
    return g


@pytest.mark.parametrize(
    "cells, may_end",
    [
        ({}, False),  # no chain on the board
        (T_END, True),  # a chain of END_SIZE+
        ({**T_END, **L2}, True),  # ... even with an unsafe chain beside it
        ({**T_SHORT, **L2}, False),
        (T_SHORT, True),  # every chain on the board (one) is safe
        (T_SAFE, True),
        ({**T_SAFE, **L_SAFE}, True),
        ({**T_SAFE, **L2}, False),
        (T_UNSAFE, False),
    ],
)
def test_11_end_conditions(cells, may_end):
    g = _at_buy(cells)
    assert g.can_end() == may_end
    assert (DeclareEnd() in g.legal_actions()) == may_end
    if not may_end:
        before = g.to_json()
        with pytest.raises(IllegalAction):
            g.apply(DeclareEnd())
        assert g.to_json() == before


def test_11_declaring_is_optional():
    g = _at_buy({**T_SAFE, **L_SAFE}, [player(), player(hand=["12E"]), player()])
    g.apply(BuyShares(()))
    assert not g.is_over and g.current == 1 and g.phase == Phase.PLACE


def test_11_declarer_still_buys_then_final_scoring_with_a_shared_win():
    # Tower at the end size ($1,000; bonuses $10,000/$5,000), Luxor 2 ($200; $2,000/$1,000).
    players = [
        player(shares={"T": 5}),
        player(cash=5800, shares={"T": 5, "L": 1}),
        player(shares={"T": 2, "A": 3}),  # American is not on the board: worthless
    ]
    g = _at_buy({**T_END, **L2}, players)
    evs = g.apply(DeclareEnd())
    assert evs == [events.EndDeclared(seat=0, name="P1")]
    assert g.phase == Phase.BUY and not g.is_over
    assert DeclareEnd() not in g.legal_actions()
    with pytest.raises(IllegalAction, match="already"):
        g.apply(DeclareEnd())
    evs = g.apply(BuyShares(("L",)))  # the purchase still happens, then the game ends
    assert g.is_over and g.phase == Phase.OVER
    assert g.legal_actions() == []
    # Tower: P1 and P2 tie with 5 -> $7,500 each. Luxor: P1 (bought) and P2 tie -> $1,500 each.
    # Then every share of a chain on the board is sold: Tower $1,000, Luxor $200.
    p1 = 6000 - 200 + 7500 + 1500 + 5 * 1000 + 200
    p2 = 5800 + 7500 + 1500 + 5 * 1000 + 200
    p3 = 6000 + 2 * 1000
    assert p1 == p2 == 20000
    assert g.scores() == [p1, p2, p3]
    assert [g.cash(s) for s in range(3)] == [p1, p2, p3]
    assert g.winners() == [0, 1]
    assert g.shares(2, "A") == 3 and g.shares(0, "T") == 0 and g.shares(1, "L") == 0
    assert g.bank_shares("T") == 25 and g.bank_shares("L") == 25 and g.bank_shares("A") == 22
    over = [e for e in evs if isinstance(e, events.GameOver)]
    assert len(over) == 1 and over[0].scores == (p1, p2, p3) and over[0].winners == (0, 1)
    assert over[0].names == ("P1", "P2", "P3")
    assert over[0].ending == g.ending() == events.Ending("end size", 0, "T", END_SIZE)  # P1 declared
    assert events.SharesSold(seat=2, name="P3", chain="T", count=2, amount=2000) in evs
    with pytest.raises(IllegalAction):
        g.apply(BuyShares(()))


def test_11_single_winner_and_sole_holder_final_bonus():
    players = [player(name="You"), player(name="Ana", shares={"T": 1}), player(name="Bo")]
    g = _at_buy(T_SAFE, players)
    evs = play(g, DeclareEnd(), BuyShares(()))
    # Ana alone holds Tower (safe, $700): both bonuses, $10,500, and sells 1 for $700.
    assert g.scores() == [6000, 6000 + 10500 + 700, 6000]
    assert g.winners() == [1]
    assert events.BonusPaid(seat=1, name="Ana", chain="T", amount=10500, kind="both") in evs
    assert isinstance(evs[-1], events.GameOver) and evs[-1].winners == (1,)
    assert evs[-1].ending == g.ending() == events.Ending("all safe", 0) and g.ending().declared


def test_11_auto_end_ends_the_turn_a_condition_holds_without_declaring():
    g = _at_buy({**T_SAFE, **L_SAFE}, end="auto", pool=FULL_POOL)
    assert g.can_end()
    assert DeclareEnd() not in g.legal_actions()
    with pytest.raises(IllegalAction, match="auto"):
        g.apply(DeclareEnd())
    assert g.ending() is None  # not over yet
    g.apply(BuyShares(("T",)))
    assert g.is_over and g.ending() == events.Ending("all safe") and not g.ending().declared
    assert g.scores() == [6000 - 700 + 10500 + 700, 6000, 6000 - 0]


def test_11_auto_end_the_turn_a_chain_becomes_safe():
    grow = square_after(SAFE_SIZE - 1)  # the tile that makes Tower safe
    players = [player(hand=[grow]), player(), player()]
    g = load(cells=T_UNSAFE, players=players, pool=list(FULL_POOL), end="auto")
    g.apply(PlaceTile(grow))
    assert g.chain_size("T") == SAFE_SIZE and not g.is_over
    g.apply(BuyShares(()))
    assert g.is_over


def test_11_auto_end_does_not_end_before_a_condition_holds():
    # the closing draw leaves a tile in the pool (emptying it would end the game)
    g = _at_buy({**T_SAFE, **L2}, end="auto", pool=FULL_POOL)
    g.apply(BuyShares(()))
    assert not g.is_over


NO_TILE_HANDS = {  # SEVEN-chain board, only eighth-chain tiles in hand, empty pool
    **fill("T", "1A-2A"),
    **fill("L", "4A-5A"),
    **fill("A", "7A-8A"),
    **fill("W", "10A-11A"),
    **fill("F", "1C-2C"),
    **fill("I", "4C-5C"),
    **fill("C", "7C-8C"),
    "2G": "#",
    "6G": "#",
}


def test_11_stalemate_guard_ends_the_game_after_a_full_round_without_a_tile():
    players = [
        player(shares={"T": 1}, hand=["1G"]),
        player(hand=["3G"]),
        player(hand=["5G"]),
    ]
    g = load(cells=NO_TILE_HANDS, players=players)
    assert g.phase == Phase.BUY  # seat 0 cannot place; the pool is empty
    g.apply(BuyShares(()))
    assert not g.is_over and g.current == 1 and g.phase == Phase.BUY
    g.apply(BuyShares(()))
    assert not g.is_over and g.current == 2
    evs = g.apply(BuyShares(()))
    assert g.is_over
    assert any(isinstance(e, events.Stalemate) for e in evs)
    assert isinstance(evs[-1], events.GameOver) and evs[-1].ending == g.ending() == events.Ending("no tile")
    assert g.scores() == [6000 + 3000 + 200, 6000, 6000]


def test_11_stalemate_guard_waits_while_someone_can_place():
    players = [player(hand=["1G"]), player(hand=["12I"]), player(hand=["5G"])]
    g = load(cells=NO_TILE_HANDS, players=players)
    # Seat 1 places a tile, so the round without one is seats 2, 0 and 1.
    play(g, BuyShares(()), PlaceTile("12I"), BuyShares(()), BuyShares(()), BuyShares(()))
    assert not g.is_over and g.current == 1 and g.phase == Phase.BUY
    g.apply(BuyShares(()))
    assert g.is_over


# ------------------------------------------------------------------ §12 the stock market

TL = {**fill("T", "1A-6A"), **fill("L", "8A-12A")}  # Luxor 5 tiles: $5,000 / $2,500


@pytest.mark.parametrize(
    "drawn, mine, theirs, paid",
    [
        ("3I", 5, 2, [5000, 0]),  # market 3: minority; P2 gets nothing
        ("12B", 5, 2, [2500, 0]),  # market 12: majority
        ("5I", 5, 2, [3800, 0]),  # market ties P1 for first: split 7,500, no minority
        ("3I", 5, 3, [5000, 1300]),  # market ties P2 for second: split 2,500
        ("1I", 5, 0, [5000, 0]),  # market 1: minority even over nobody
        ("12I", 0, 0, [0, 0]),  # the market alone: its money leaves the game
    ],
)
def test_12_the_market_holds_the_drawn_tiles_column(drawn, mine, theirs, paid):
    others = ["9I", "7G", "10F"]
    g = load(
        cells=TL,
        players=[
            player(shares={"L": mine} if mine else {}, hand=["7A"]),
            player(shares={"L": theirs} if theirs else {}),
        ],
        pool=[drawn, *others],
    )
    evs = g.apply(PlaceTile("7A"))
    column = int(drawn[:-1])
    assert ("L", column) in [(e.chain, e.count) for e in evs if isinstance(e, events.MarketHolds)]
    assert [g.cash(0), g.cash(1)] == [6000 + paid[0], 6000 + paid[1]]
    # The drawn tile went back into the pool, which was reshuffled.
    assert g.pool_size() == 4
    pool = json.loads(g.to_json())["pool"]
    assert sorted(pool) == sorted([drawn, *others])


def test_12_empty_pool_market_holds_none():
    g = load(cells=TL, players=[player(shares={"L": 5}, hand=["7A"]), player(shares={"L": 2})])
    evs = g.apply(PlaceTile("7A"))
    assert not any(isinstance(e, events.MarketHolds) for e in evs)
    assert [g.cash(0), g.cash(1)] == [11000, 8500]


def test_12_market_at_the_end_of_the_game():
    # Tower, safe ($700: $7,000/$3,500), is the only chain; the market draws 4I -> 4.
    g = load(
        cells=T_SAFE,
        players=[player(hand=["12G"]), player(shares={"T": 3})],
        pool=["4I", "1I"],
    )
    g.apply(PlaceTile("12G"))
    evs = play(g, DeclareEnd(), BuyShares(()))
    assert ("T", 4) in [(e.chain, e.count) for e in evs if isinstance(e, events.MarketHolds)]
    # P2 (3) is second to the market (4): $3,500 + 3 x $700.
    assert g.scores() == [6000, 6000 + 3500 + 2100]
    # The market's own majority is told too, though its money leaves the game.
    market = [e for e in evs if isinstance(e, events.MarketBonus)]
    assert [(m.chain, m.amount, m.kind) for m in market] == [("T", 7000, "majority")]


def test_12_market_draws_for_each_defunct_chain():
    # American 5 survives; Tower 4 ($400: $4,000/$2,000) then Imperial 2 ($400 too).
    cross = {**fill("A", "1E-5E"), **fill("T", "6A-6D"), **fill("I", "7E-8E")}
    g = load(
        cells=cross,
        players=[player(shares={"T": 2, "I": 2}, hand=["6E"]), player()],
        pool=["1I", "3I"],
        seed=5,
    )
    evs = g.apply(PlaceTile("6E"))
    assert [(e.chain, e.count) for e in evs if isinstance(e, events.MarketHolds)] == [("T", 1)]
    assert g.cash(0) == 6000 + 4000  # 2 beats the market's 1
    evs = g.apply(Dispose())
    held = [(e.chain, e.count) for e in evs if isinstance(e, events.MarketHolds)]
    assert len(held) == 1 and held[0][0] == "I" and held[0][1] in (1, 3)  # 1I or 3I, reshuffled
    assert g.cash(0) == 10000 + (4000 if held[0][1] < 2 else 2000)
    g.apply(Dispose())
    assert g.phase == Phase.BUY and g.chain_size("A") == 12


def test_12_market_draws_give_a_copy_for_every_holding_the_market_may_draw():
    # Tower 4 merges into American 5 with 6E; the pool and the other hand hold columns 1, 3 and 9.
    cross = {**fill("A", "1E-5E"), **fill("T", "6A-6D")}
    g = load(
        cells=cross,
        players=[player(shares={"T": 2}, hand=["6E"]), player(hand=["9A", "1B"])],
        pool=["1I", "3I"],
        seed=5,
    )
    before = g.to_json()
    draws = g.market_draws()
    assert [n for n, _ in draws] == [1, 3, 9] and g.to_json() == before  # the game itself unchanged
    for n, copy in draws:
        assert copy.hand(0) == ["6E"] and copy.hand(1) == []  # what seat 0 cannot see is left out
        held = [e.count for e in copy.apply(PlaceTile("6E")) if isinstance(e, events.MarketHolds)]
        assert held == [n]
        assert copy.cash(0) == 6000 + (4000 if n < 2 else 2000 if n > 2 else 3000)  # 2 vs the market's n
    three = load(cells=cross, players=[player(hand=["6E"]), player(), player()], pool=["1I"])
    assert three.market_draws() == []  # no stock market with more players
