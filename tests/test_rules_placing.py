"""RULES §4 (a turn), §5 (placing a tile), §6 (founding)."""

import pytest

from acquire8.rules import (
    BuyShares,
    ChooseSurvivor,
    Dispose,
    FoundChain,
    IllegalAction,
    Phase,
    PlaceTile,
    events,
)

from positions import fill, load, play, player, state

# Seven chains of two tiles on rows A and C, and two unincorporated tiles on row G.
SEVEN = {
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

# ------------------------------------------------------------------ §4 a turn


def test_4_turn_is_place_then_buy_then_draw_then_next_player():
    cells = fill("T", "1A-2A")
    g = load(
        cells=cells,
        players=[player(hand=["6F", "9I"]), player(hand=["12A"])],
        pool=["3I", "5I", "7I"],
    )
    assert g.phase == Phase.PLACE and g.current == 0
    ev1 = g.apply(PlaceTile("6F"))
    assert g.phase == Phase.BUY and g.current == 0
    assert g.board == {**cells, "6F": "#"}
    assert ev1 == [events.TilePlaced(seat=0, name="P1", tile="6F", kind="lone")]
    ev2 = g.apply(BuyShares(("T",)))
    s = state(g)
    assert s["cash"] == [5800, 6000]
    assert s["shares"] == [{"T": 1}, {}]
    assert s["bank"]["T"] == 24
    # §10: P1 draws back up to six, from the front of the pool, until it is empty.
    assert sorted(g.hand(0)) == sorted(["9I", "3I", "5I", "7I"])
    assert g.pool_size() == 0
    assert g.phase == Phase.PLACE and g.current == 1
    kinds = [type(e) for e in ev2]
    assert kinds == [events.SharesBought, events.TilesDrawn, events.TurnStarted]
    assert ev2[0] == events.SharesBought(seat=0, name="P1", chains=("T",), cost=200)


def test_4_seat_order_wraps_around():
    g = load(
        players=[player(hand=["1A"]), player(hand=["3C"]), player(hand=["5E"])],
        pool=["12I", "10I", "8I"],
        current=2,
    )
    play(g, PlaceTile("5E"), BuyShares(()))
    assert g.current == 0 and g.phase == Phase.PLACE


# ------------------------------------------------------------------ §5 placing


@pytest.mark.parametrize(
    "neighbour, effect",
    [
        ("4F", "found"),  # left
        ("6F", "found"),  # right
        ("5E", "found"),  # above
        ("5G", "found"),  # below
        ("4E", "lone"),  # diagonals are not adjacent
        ("6G", "lone"),
        ("7F", "lone"),
    ],
)
def test_5_adjacency_is_edge_sharing(neighbour, effect):
    g = load(cells={neighbour: "#"}, players=[player(hand=["5F"]), player()])
    assert g.tile_effect("5F") == effect


def test_5_rows_do_not_wrap_around():
    # 12A and 1B follow each other in row-major order but are not adjacent.
    g = load(cells={"12A": "#", "1C": "#", "12I": "#"}, players=[player(hand=["1B", "1I"]), player()])
    assert g.tile_effect("1B") == "found"  # touches 1C only
    g2 = load(cells={"12A": "#"}, players=[player(hand=["1B"]), player()])
    assert g2.tile_effect("1B") == "lone"
    g3 = load(cells={"12H": "#"}, players=[player(hand=["1I"]), player()])
    assert g3.tile_effect("1I") == "lone"


def test_5_lone_tile_just_sits_there():
    g = load(cells=fill("T", "1A-2A"), players=[player(hand=["5F"]), player()])
    before = state(g)
    evs = g.apply(PlaceTile("5F"))
    after = state(g)
    assert after["board"] == {**before["board"], "5F": "#"}
    assert after["sizes"] == {"T": 2}
    assert after["cash"] == before["cash"] and after["bank"] == before["bank"]
    assert g.phase == Phase.BUY
    assert [e.kind for e in evs if isinstance(e, events.TilePlaced)] == ["lone"]


def test_5_6_found_takes_every_connected_unincorporated_tile():
    # An L-shaped loose group 3E-4E-4D-4C touches 5E only through 4E; 9I is not connected.
    cells = {"3E": "#", "4E": "#", "4D": "#", "4C": "#", "7E": "#", "9I": "#"}
    g = load(cells=cells, players=[player(hand=["5E"]), player()])
    assert g.tile_effect("5E") == "found"
    g.apply(PlaceTile("5E"))
    assert g.phase == Phase.FOUND and g.current == 0
    # The new chain may be any chain not on the board.
    assert set(g.legal_actions()) == {FoundChain(c) for c in "TLAWFIC"}
    evs = g.apply(FoundChain("W"))
    # 6E is empty, so 7E is not connected and stays loose.
    assert g.board == {**fill("W", "3E-5E", "4C-4D"), "7E": "#", "9I": "#"}
    assert g.chain_size("W") == 5
    assert g.shares(0, "W") == 1 and g.bank_shares("W") == 24  # §6 founder's share
    assert g.cash(0) == 6000
    assert g.phase == Phase.BUY and g.current == 0
    assert [(e.seat, e.chain) for e in evs if isinstance(e, events.ChainFounded)] == [(0, "W")]


def test_5_found_joins_two_separate_loose_groups_through_the_placed_tile():
    cells = {"4E": "#", "3E": "#", "6E": "#", "6F": "#", "5D": "#"}
    g = load(cells=cells, players=[player(hand=["5E"]), player()])
    play(g, PlaceTile("5E"), FoundChain("T"))
    assert g.board == fill("T", "3E-6E", "6F", "5D")
    assert g.chain_size("T") == 6


def test_5_grow_takes_the_tile_and_connected_unincorporated_tiles():
    cells = {**fill("A", "1A-3A"), "5A": "#", "6A": "#", "6B": "#", "4C": "#"}
    g = load(cells=cells, players=[player(shares={"A": 2}, hand=["4A"]), player()])
    assert g.tile_effect("4A") == "grow"
    evs = g.apply(PlaceTile("4A"))
    assert g.board == {**fill("A", "1A-6A", "6B"), "4C": "#"}  # 4C touches 4B, empty: not connected
    assert g.chain_size("A") == 7
    assert g.phase == Phase.BUY
    assert ("A", 7) in [(e.chain, e.size) for e in evs if isinstance(e, events.ChainGrew)]
    assert g.shares(0, "A") == 2 and g.bank_shares("A") == 23  # growing gives no share


def test_5_tile_touching_one_chain_twice_grows_it():
    # A U-shaped chain around 2B: 1B and 3B and 2A are all T.
    cells = fill("T", "1A-3A", "1B", "3B")
    g = load(cells=cells, players=[player(hand=["2B"]), player()])
    assert g.tile_effect("2B") == "grow"
    g.apply(PlaceTile("2B"))
    assert g.chain_size("T") == 6 and g.phase == Phase.BUY


def test_5_tile_touching_two_chains_merges():
    cells = {**fill("T", "1A-3A"), **fill("L", "5A-6A")}
    g = load(cells=cells, players=[player(hand=["4A"]), player()])
    assert g.tile_effect("4A") == "merge"
    assert sorted(g.merge_chains("4A")) == ["L", "T"]


# ------------------------------------------------------------------ §6 founding


def test_6_no_eighth_chain():
    g = load(cells=SEVEN, players=[player(hand=["3G", "12I"]), player()], pool=["10I"])
    assert sorted(g.chains_on_board()) == sorted("TLAWFIC")
    assert g.tile_effect("3G") == "no 8th chain"
    assert g.legal_actions() == [PlaceTile("12I")]
    before = g.to_json()
    with pytest.raises(IllegalAction, match="3G"):
        g.apply(PlaceTile("3G"))
    assert g.to_json() == before


def test_6_temporarily_unplayable_tile_becomes_playable_when_a_chain_leaves():
    # 3A merges T and L (2 each); the placed tile then frees a chain for 3G.
    g = load(cells=SEVEN, players=[player(shares={"L": 1}, hand=["3G", "3A"]), player()], pool=["10I"])
    assert g.tile_effect("3G") == "no 8th chain"
    play(g, PlaceTile("3A"), ChooseSurvivor("T"), Dispose(sell=1))
    assert g.chain_size("L") == 0 and g.chain_size("T") == 5
    assert g.tile_effect("3G") == "found"


def test_6_founder_gets_no_share_when_the_bank_has_none():
    # Luxor is off the board but players keep all 25 of its shares from an old merger.
    g = load(
        cells={"5E": "#"},
        players=[player(shares={"L": 5}, hand=["5F"]), player(shares={"L": 20})],
    )
    assert g.bank_shares("L") == 0
    g.apply(PlaceTile("5F"))
    assert FoundChain("L") in g.legal_actions()
    evs = g.apply(FoundChain("L"))
    assert g.chain_size("L") == 2
    assert g.shares(0, "L") == 5 and g.shares(1, "L") == 20 and g.bank_shares("L") == 0
    founded = [e for e in evs if isinstance(e, events.ChainFounded)]
    assert len(founded) == 1 and founded[0].free_share is False
    # Kept shares of a re-founded chain are worth its price again.
    assert g.net_worth(1) == 6000 + 20 * 200


def test_6_founder_gets_the_last_share():
    g = load(cells={"5E": "#"}, players=[player(shares={"I": 4}, hand=["5F"]), player(shares={"I": 20})])
    play(g, PlaceTile("5F"), FoundChain("I"))
    assert g.shares(0, "I") == 5 and g.bank_shares("I") == 0


def test_6_found_only_a_chain_not_on_the_board():
    cells = {**fill("T", "1A-2A"), **fill("C", "1I-2I"), "6E": "#"}
    g = load(cells=cells, players=[player(hand=["6F"]), player()])
    g.apply(PlaceTile("6F"))
    assert set(g.legal_actions()) == {FoundChain(c) for c in "LAWFI"}
    before = g.to_json()
    for bad in (FoundChain("T"), FoundChain("C"), FoundChain("X"), BuyShares(())):
        with pytest.raises(IllegalAction):
            g.apply(bad)
        assert g.to_json() == before


def test_6_a_defunct_chain_can_be_founded_again():
    cells = {**fill("T", "1A-3A"), **fill("L", "5A-6A"), "9E": "#"}
    g = load(
        cells=cells,
        players=[player(shares={"L": 2}, hand=["4A", "9F"]), player(hand=["12G"]), player(hand=["12E"])],
        pool=["12I", "10I"],
    )
    # P1 merges Luxor into Tower and keeps both Luxor shares (sole holder: $3,000 bonus).
    play(g, PlaceTile("4A"), Dispose(sell=0, trade=0), BuyShares(()))
    assert g.chain_size("L") == 0 and g.shares(0, "L") == 2
    assert g.cash(0) == 9000
    assert g.net_worth(0) == 9000  # kept shares of a chain off the board are worth nothing
    # P2 and P3 place lone tiles.
    play(g, PlaceTile("12G"), BuyShares(()), PlaceTile("12E"), BuyShares(()))
    assert g.current == 0
    g.apply(PlaceTile("9F"))
    assert FoundChain("L") in g.legal_actions()
    g.apply(FoundChain("L"))
    assert g.board["9E"] == g.board["9F"] == "L"
    assert g.chain_size("L") == 2 and g.shares(0, "L") == 3 and g.bank_shares("L") == 22
    assert g.net_worth(0) == 9000 + 3 * 200


def test_6_with_seven_chains_a_tile_next_to_a_chain_and_loose_tiles_still_grows():
    # All seven chains are on the board: 3G (next to the loose 2G) cannot found an eighth, but
    # 2B (Tower above, Festival below) merges and 1D grows Festival, taking the loose 1E along.
    g = load(cells=SEVEN, players=[player(hand=["3G", "2B"]), player(), player()], pool=["10I"])
    assert g.tile_effect("3G") == "no 8th chain"
    assert g.tile_effect("2B") == "merge"
    g2 = load(cells={**SEVEN, "1E": "#"}, players=[player(hand=["1D"]), player(), player()], pool=["10I"])
    assert g2.tile_effect("1D") == "grow"  # Festival at 1C, and the loose 1E joins it
    play(g2, PlaceTile("1D"))
    assert g2.board["1E"] == g2.board["1D"] == "F" and g2.chain_size("F") == 4


def test_events_name_the_player_and_the_chain():
    g = load(
        cells={"6E": "#"},
        players=[player(), player(hand=["6F"]), player()],
        pool=["12I"],
        current=1,
    )
    evs = play(g, PlaceTile("6F"), FoundChain("T"))
    assert [type(e) for e in evs] == [events.TilePlaced, events.ChainFounded]
    assert [e.name for e in evs] == ["P2", "P2"] and (evs[0].tile, evs[1].chain) == ("6F", "T")
