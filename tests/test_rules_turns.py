"""RULES §8 (unplayable tiles), §9 (buying) and §10 (drawing)."""

import itertools

import pytest

from acquire8.rules import CHAINS, BuyShares, FoundChain, IllegalAction, Phase, PlaceTile, events

from positions import fill, load, play, player, position, safe_chain, state

# Two safe chains, Tower from 1A and Luxor from 1C: the tiles of row B between them are dead.
SAFE2 = {**safe_chain("T"), **safe_chain("L", "1C")}
LONE6 = ["12H", "12E", "12G", "12I", "10E", "10G"]  # lone tiles on SAFE2

# Seven chains of two on rows A and C, loose tiles 2G, 6G, 10G, 4I: a tile next to a loose
# tile would found an eighth chain.
SEVEN = {
    **fill("T", "1A-2A"),
    **fill("L", "4A-5A"),
    **fill("A", "7A-8A"),
    **fill("W", "10A-11A"),
    **fill("F", "1C-2C"),
    **fill("I", "4C-5C"),
    **fill("C", "7C-8C"),
    **{t: "#" for t in ("2G", "6G", "10G", "4I")},
}
SEVEN_LONE = ["12I", "12F", "12D", "8I", "10D", "1H"]  # six lone tiles on SEVEN
NO_EIGHTH = ["1G", "3G", "2F", "2H", "5G", "7G", "6F", "6H", "9G", "11G", "10F", "10H", "3I", "5I", "4H"]


# ------------------------------------------------------------------ §8 dead tiles


def test_8_dead_tiles_are_replaced_at_the_end_of_the_turn_repeatedly():
    g = load(
        cells=SAFE2,
        players=[player(hand=["12H", "1B", "2B", "12E", "12G", "12I"]), player(hand=["10E"]), player()],
        pool=["3B", "4B", "9G", "5B", "10I", "7G", "3I"],
    )
    assert g.tile_effect("1B") == "dead"
    assert g.legal_actions() == [PlaceTile(t) for t in ("12H", "12E", "12G", "12I")]
    g.apply(PlaceTile("12H"))
    assert sorted(g.hand(0)) == sorted(["1B", "2B", "12E", "12G", "12I"])  # not before the end of turn
    evs = g.apply(BuyShares(()))
    dead = [e.tiles for e in evs if isinstance(e, events.DeadTilesReplaced)]
    assert dead == [("1B", "2B"), ("3B", "4B"), ("5B",)]
    assert sorted(g.hand(0)) == sorted(["12E", "12G", "12I", "9G", "10I", "7G"])
    assert g.pool_size() == 1
    assert evs[0] == events.SharesBought(seat=0, name="P1", chains=(), cost=0)
    assert events.DeadTilesReplaced(seat=0, name="P1", tiles=("1B", "2B")) in evs
    # The discarded tiles have left the game: in no hand, not on the board, not in the pool.
    data = g.to_json()
    for t in ("1B", "2B", "3B", "4B", "5B"):
        assert f'"{t}"' not in data
    assert g.current == 1 and g.phase == Phase.PLACE


def test_8_dead_tiles_are_discarded_even_when_the_pool_is_empty():
    g = load(
        cells=SAFE2,
        players=[player(hand=["12H", "1B", "2B", "12E"]), player(hand=["10E"]), player()],
    )
    evs = play(g, PlaceTile("12H"), BuyShares(()))
    assert [e.tiles for e in evs if isinstance(e, events.DeadTilesReplaced)] == [("1B", "2B")]
    assert g.hand(0) == ["12E"]
    assert '"1B"' not in g.to_json()


def test_8_dead_tiles_in_another_players_hand_wait_for_their_turn():
    g = load(
        cells=SAFE2,
        players=[player(hand=["12H"]), player(hand=["1B", "12E"]), player(hand=["12G"])],
        pool=["12I", "10I", "8I", "6I", "4I", "2I"],
    )
    play(g, PlaceTile("12H"), BuyShares(()))
    assert sorted(g.hand(1)) == ["12E", "1B"]


def test_8_hand_without_a_playable_tile_is_replaced():
    new_hand = ["1E", "3E", "5E", "7E", "9E", "11E"]
    g = load(
        cells=SAFE2,
        players=[player(hand=LONE6), player(hand=[f"{c}B" for c in range(1, 7)]), player(hand=["12D"])],
        pool=["8G", *new_hand, "1G"],
    )
    evs = play(g, PlaceTile("12H"), BuyShares(()))
    replaced = [e for e in evs if isinstance(e, events.HandReplaced)]
    assert len(replaced) == 1 and replaced[0].seat == 1
    assert replaced[0].tiles == ("1B", "2B", "3B", "4B", "5B", "6B")  # revealed
    assert replaced[0].name == "P2"
    assert g.hand(1) == new_hand
    assert g.current == 1 and g.phase == Phase.PLACE
    assert g.pool_size() == 1
    assert not any(isinstance(e, events.NoPlayableTile) for e in evs)


def test_8_temporarily_unplayable_hand_is_replaced_too():
    g = load(
        cells=SEVEN,
        players=[player(hand=SEVEN_LONE), player(hand=NO_EIGHTH[:6]), player(hand=["12E"])],
        pool=["12G", "1E", "3E", "5E", "7E", "9E", "11E"],
    )
    play(g, PlaceTile("12I"), BuyShares(()))
    assert g.hand(1) == ["1E", "3E", "5E", "7E", "9E", "11E"]
    assert g.phase == Phase.PLACE and g.current == 1


def test_8_still_no_playable_tile_skips_placing_but_may_buy():
    g = load(
        cells=SEVEN,
        players=[player(hand=SEVEN_LONE), player(hand=NO_EIGHTH[:6]), player(hand=["12E"])],
        pool=["12G", *NO_EIGHTH[6:12], "1E"],
    )
    evs = play(g, PlaceTile("12I"), BuyShares(()))
    assert [type(e) for e in evs if isinstance(e, events.HandReplaced | events.NoPlayableTile)] == [
        events.HandReplaced,
        events.NoPlayableTile,
    ]
    assert events.NoPlayableTile(seat=1, name="P2") in evs
    assert sorted(g.hand(1)) == sorted(NO_EIGHTH[6:12])
    assert g.phase == Phase.BUY and g.current == 1
    assert not any(isinstance(a, PlaceTile) for a in g.legal_actions())
    board = dict(g.board)
    g.apply(BuyShares(("T", "C")))
    assert g.cash(1) == 6000 - 200 - 400
    assert g.shares(1, "T") == 1 and g.shares(1, "C") == 1
    assert g.board == board
    assert g.current == 2 and g.phase == Phase.PLACE


def test_8_empty_pool_keeps_an_unplayable_hand_and_skips_to_buying():
    g = load(cells=SEVEN, players=[player(hand=["12I"]), player(hand=NO_EIGHTH[:3]), player(hand=["12E"])])
    play(g, PlaceTile("12I"), BuyShares(()))
    assert sorted(g.hand(1)) == sorted(NO_EIGHTH[:3])
    assert g.phase == Phase.BUY and g.current == 1
    assert not g.is_over


# ------------------------------------------------------------------ §9 buying

# Tower 2 tiles ($200) and American 2 tiles ($300) on the board.
TA = {**fill("T", "1A-2A"), **fill("A", "1I-2I")}


def _bundles():
    for n in range(4):
        yield from itertools.combinations_with_replacement(CHAINS, n)


def test_9_buy_options_are_exactly_those_within_cash_bank_and_board():
    # 700 in cash; the bank has one Tower left.
    g = load(
        cells=TA,
        players=[player(cash=700, hand=["6F"]), player(shares={"T": 24}), player()],
        pool=["12I"],
    )
    g.apply(PlaceTile("6F"))
    expected = {(), ("T",), ("A",), ("T", "A"), ("A", "A")}
    legal = g.legal_actions()
    assert len(legal) == len(expected)
    assert {a.chains for a in legal} == expected
    before = g.to_json()
    for bundle in _bundles():
        if bundle in expected:
            continue
        with pytest.raises(IllegalAction):
            g.apply(BuyShares(bundle))
        assert g.to_json() == before, bundle
    for bundle in expected:  # each legal one works, at the right price
        h = g.copy()
        h.apply(BuyShares(bundle))
        cost = sum(200 if c == "T" else 300 for c in bundle)
        assert h.cash(0) == 700 - cost
        assert h.shares(0, "A") == bundle.count("A") and h.bank_shares("A") == 25 - bundle.count("A")


def test_9_buy_up_to_three_in_any_mix():
    g = load(cells=TA, players=[player(hand=["6F"]), player(), player()], pool=["12I"])
    g.apply(PlaceTile("6F"))
    assert len(g.legal_actions()) == 10  # (), T, A, TT, TA, AA, TTT, TTA, TAA, AAA
    with pytest.raises(IllegalAction):
        g.apply(BuyShares(("T", "T", "A", "A")))
    g.apply(BuyShares(("T", "A", "A")))
    assert state(g)["shares"][0] == {"T": 1, "A": 2}
    assert g.cash(0) == 6000 - 800


def test_9_no_cash_buys_nothing_and_exact_cash_is_enough():
    g = load(cells=TA, players=[player(cash=0, hand=["6F"]), player(), player()], pool=["12I"])
    g.apply(PlaceTile("6F"))
    assert g.legal_actions() == [BuyShares(())]
    g2 = load(cells=TA, players=[player(cash=600, hand=["6F"]), player(), player()], pool=["12I"])
    g2.apply(PlaceTile("6F"))
    g2.apply(BuyShares(("A", "A")))
    assert g2.cash(0) == 0


def test_9_no_chain_on_the_board_means_nothing_to_buy():
    g = load(players=[player(hand=["6F"]), player(), player()], pool=["12I"])
    g.apply(PlaceTile("6F"))
    assert g.legal_actions() == [BuyShares(())]
    with pytest.raises(IllegalAction, match="not on the board"):
        g.apply(BuyShares(("T",)))


def test_9_a_chain_founded_this_turn_can_be_bought():
    g = load(cells={"6E": "#"}, players=[player(hand=["6F"]), player(), player()], pool=["12I"])
    play(g, PlaceTile("6F"), FoundChain("C"))
    assert BuyShares(("C", "C", "C")) in g.legal_actions()
    g.apply(BuyShares(("C", "C", "C")))
    assert g.shares(0, "C") == 4 and g.bank_shares("C") == 21 and g.cash(0) == 6000 - 1200


def test_9_bank_with_no_shares_of_a_chain():
    g = load(
        cells=TA,
        players=[player(hand=["6F"]), player(shares={"T": 20}), player(shares={"T": 5})],
        pool=["12I"],
    )
    g.apply(PlaceTile("6F"))
    assert {a.chains for a in g.legal_actions()} == {(), ("A",), ("A", "A"), ("A", "A", "A")}
    with pytest.raises(IllegalAction, match="bank"):
        g.apply(BuyShares(("T",)))


# ------------------------------------------------------------------ §10 drawing


def test_10_draw_up_to_six_and_an_empty_pool_does_not_end_the_game():
    g = load(
        players=[player(hand=["1A", "3A", "5A"]), player(hand=["12I"]), player(hand=["10I"])],
        pool=["7A", "9A"],
    )
    evs = play(g, PlaceTile("1A"), BuyShares(()))
    drawn = [e for e in evs if isinstance(e, events.TilesDrawn)]
    assert len(drawn) == 1 and drawn[0].tiles == ("7A", "9A")
    assert drawn[0] == events.TilesDrawn(seat=0, name="P1", tiles=("7A", "9A"))
    assert sorted(g.hand(0)) == ["3A", "5A", "7A", "9A"]
    assert g.pool_size() == 0
    play(g, PlaceTile("12I"), BuyShares(()))
    assert g.hand(1) == []  # nothing left to draw
    assert g.phase == Phase.PLACE and g.current == 2 and not g.is_over


def test_10_full_hand_draws_nothing():
    data = position(players=[player(hand=["1A", "3A", "5A", "7A", "9A", "11A"]), player(), player()])
    data["pool"] = ["1I", "3I"]
    g = load(data)
    play(g, PlaceTile("1A"), BuyShares(()))
    assert sorted(g.hand(0)) == sorted(["3A", "5A", "7A", "9A", "11A", "1I"])
    # P2 starts the next turn with an empty hand, so it draws the last tile (RULES §8)
    assert g.hand(1) == ["3I"] and g.pool_size() == 0


def test_8_empty_hand_with_tiles_in_the_pool_draws_a_new_hand():
    # Positions may give a player no tiles (docs/DESIGN.md's own example does): at the start of
    # the turn no tile in hand can be placed, so the player draws a new hand of up to six.
    g = load(
        cells=fill("T", "1A-2A"),
        players=[player(hand=[]), player(), player()],
        pool=["5E", "7G", "9I"],
    )
    assert sorted(g.hand(0)) == ["5E", "7G", "9I"]
    assert g.phase == Phase.PLACE and g.pool_size() == 0


def test_9_apply_accepts_only_listed_buys():
    # $500: two Tower ($200 each) or Tower and American ($300) are affordable, two American not.
    g = load(cells=TA, players=[player(cash=500, hand=["6F"]), player(), player()], pool=["12I"])
    g.apply(PlaceTile("6F"))
    assert g.phase == Phase.BUY
    legal = g.legal_actions()
    assert BuyShares(("A", "T")) in legal and BuyShares(("T", "T")) in legal  # one spelling each
    # a chain not on the board, four shares, more than the cash
    for unlisted in (BuyShares(("L",)), BuyShares(("T",) * 4), BuyShares(("A", "A"))):
        assert unlisted not in legal
        before = g.to_json()
        with pytest.raises(IllegalAction):
            g.apply(unlisted)
        assert g.to_json() == before
    g.apply(BuyShares(("A", "T")))  # a listed one is taken
    assert g.shares(0, "A") == g.shares(0, "T") == 1 and g.cash(0) == 0
