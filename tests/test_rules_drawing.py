"""Drawing tiles: RULES §8 (dead tiles, no playable tile) and §11's auto end on an empty pool,
what loading a minimal position does to a hand, and the order of the drawing events."""

import json

from acquire8.rules import BuyShares, DeclareEnd, Game, Phase, PlaceTile, events

from positions import fill, load, play, player, position, safe_chain

# Two safe chains, Tower from 1A and Luxor from 1C: the tiles of row B between them are dead.
SAFE2 = {**safe_chain("T"), **safe_chain("L", "1C")}
DEAD6 = [f"{c}B" for c in range(1, 7)]
LONE = ["12E", "12G", "12I", "10E", "10G", "10I", "8E", "8G", "8I"]  # lone tiles on SAFE2


def kinds(evs: list) -> list[str]:
    return [type(e).__name__ for e in evs]


# ------------------------------------------------------- §8 and the events' order


def test_8_dead_tiles_replaced_at_the_end_of_the_turn_read_in_the_order_they_happen():
    g = load(
        cells=SAFE2,
        players=[player(hand=["12H", "1B", "12E", "12G", "12I", "10E"]), player(hand=["10G"]), player()],
        pool=["2B", "3B", "8I", "8G"],  # the first two drawn are dead too
    )
    evs = play(g, PlaceTile("12H"), BuyShares(()))
    drawing = [e for e in evs if isinstance(e, events.DeadTilesReplaced | events.TilesDrawn)]
    assert [(type(e).__name__, e.tiles) for e in drawing] == [
        ("DeadTilesReplaced", ("1B",)),  # the dead tile in hand goes first
        ("TilesDrawn", ("2B", "3B")),  # two drawn to refill the hand: both dead
        ("DeadTilesReplaced", ("2B", "3B")),
        ("TilesDrawn", ("8I", "8G")),
    ]
    assert {e.name for e in drawing} == {"P1"}
    assert sorted(g.hand(0)) == sorted(["12E", "12G", "12I", "10E", "8I", "8G"])


def test_8_dead_tiles_in_a_new_hand_are_replaced_at_once_and_read_in_order():
    # P2 holds only dead tiles: at the start of its turn the hand is revealed and replaced;
    # the new hand's dead tiles are replaced at once, before it chooses a tile.
    g = load(
        cells=SAFE2,
        players=[
            player(hand=["12E", "4E", "4G", "4I", "6E", "6G"]),
            player(hand=DEAD6),
            player(hand=["10E"]),
        ],
        pool=["12G", "7B", "12I", "10G", "10I", "8B", "8E", "8G", "8I"],
    )
    evs = play(g, PlaceTile("12E"), BuyShares(()))
    assert kinds(evs) == [
        "TilePlaced",
        "SharesBought",
        "TilesDrawn",  # P1 draws one tile
        "TurnStarted",
        "HandReplaced",
        "TilesDrawn",  # six new tiles, two of them dead
        "DeadTilesReplaced",
        "TilesDrawn",  # their two replacements
    ]
    replaced, drawn, dead, again = evs[4:]
    assert replaced.seat == drawn.seat == dead.seat == again.seat == 1
    assert replaced.tiles == tuple(DEAD6)
    assert drawn.tiles == ("7B", "12I", "10G", "10I", "8B", "8E") and dead.tiles == ("7B", "8B")
    assert again.tiles == ("8G", "8I")
    assert sorted(g.hand(1)) == sorted(["12I", "10G", "10I", "8E", "8G", "8I"])
    assert g.phase == Phase.PLACE and g.current == 1


def test_8_no_playable_tile_with_an_empty_pool_keeps_the_hand():
    g = load(cells=SAFE2, players=[player(hand=["12E"]), player(hand=DEAD6[:3]), player(hand=["10E"])])
    evs = play(g, PlaceTile("12E"), BuyShares(()))
    assert "HandReplaced" not in kinds(evs) and kinds(evs)[-1] == "NoPlayableTile"
    assert g.hand(1) == DEAD6[:3] and g.phase == Phase.BUY and g.current == 1


# ------------------------------------------------------- loading a minimal position


def test_a_minimal_position_keeps_the_hand_it_was_given():
    # Nothing in P1's hand can be placed and there are tiles to draw: the position is a turn
    # under way, so the hand stays as given and the turn goes on to buying.
    g = load(cells=SAFE2, players=[player(hand=DEAD6[:4]), player(), player()], pool=LONE[:6])
    assert g.hand(0) == DEAD6[:4]
    assert g.phase == Phase.BUY and g.current == 0 and g.pool_size() == 6
    # Its dead tiles are replaced when the turn ends, as RULES §8 says.
    evs = g.apply(BuyShares(()))
    assert [e.tiles for e in evs if isinstance(e, events.DeadTilesReplaced)] == [tuple(DEAD6[:4])]
    assert g.hand(0) == LONE[:6]


def test_a_minimal_position_with_an_empty_hand_draws_one():
    g = load(cells=SAFE2, players=[player(hand=[]), player(), player()], pool=LONE[:8])
    assert g.hand(0) == LONE[:6] and g.phase == Phase.PLACE and g.pool_size() == 2


def test_the_replacement_itself_from_the_previous_seats_buy_phase():
    # To test §8's replacement from a position: the previous seat's turn, in phase "buy".
    full = ["4E", "4G", "4I", "6E", "6G", "6I"]  # P1 draws nothing
    data = position(cells=SAFE2, players=[player(hand=full), player(hand=DEAD6), player()], pool=LONE)
    data["phase"] = "buy"
    g = Game.from_json(json.dumps(data))
    assert g.hand(1) == DEAD6
    evs = g.apply(BuyShares(()))
    replaced = [e for e in evs if isinstance(e, events.HandReplaced)]
    assert len(replaced) == 1 and replaced[0].tiles == tuple(DEAD6)
    assert g.hand(1) == LONE[:6] and g.phase == Phase.PLACE and g.current == 1


# ------------------------------------------------------- §11 auto end on an empty pool

TOWER5 = fill("T", "1A-5A")  # no end condition: Tower, the only chain, is not safe


def test_11_auto_end_the_turn_that_draws_the_pools_last_tile_ends_the_game():
    g = load(
        cells=TOWER5,
        players=[player(shares={"T": 4}, hand=["12E", "12G"]), player(shares={"T": 2}), player()],
        pool=["12I"],
        end="auto",
    )
    assert not g.can_end()
    g.apply(PlaceTile("12E"))
    assert g.ends_this_turn()  # the closing draw will take the last tile
    evs = g.apply(BuyShares(("T",)))
    assert g.is_over and g.pool_size() == 0
    assert kinds(evs)[:2] == ["SharesBought", "TilesDrawn"] and kinds(evs)[-1] == "GameOver"
    assert g.ending() == events.Ending("pool empty") == Game.from_json(g.to_json()).ending()  # kept in a save
    # final scoring: Tower at 5 tiles ($500), P1 majority $5,000, P2 minority $2,500; all sold
    assert events.BonusPaid(seat=0, name="P1", chain="T", amount=5000, kind="majority") in evs
    assert g.scores() == [6000 - 500 + 5000 + 5 * 500, 6000 + 2500 + 2 * 500, 6000]


def test_11_declare_does_not_end_when_the_pool_empties():
    g = load(
        cells=TOWER5,
        players=[
            player(shares={"T": 4}, hand=["12E", "12G"]),
            player(shares={"T": 2}, hand=["8E"]),
            player(),
        ],
        pool=["12I"],
    )
    g.apply(PlaceTile("12E"))
    assert not g.ends_this_turn()
    g.apply(BuyShares(()))
    assert not g.is_over and g.pool_size() == 0
    assert g.current == 1 and g.phase == Phase.PLACE
    assert not g.ends_this_turn() and DeclareEnd() not in g.legal_actions()  # no end condition


def test_11_auto_end_after_a_new_hand_takes_the_last_tiles_at_the_start_of_a_turn():
    # P2's dead hand is replaced by the last tiles of the pool: its turn ends the game.
    g = load(
        cells={**SAFE2, **fill("A", "1G-2G")},
        players=[
            player(hand=["12E", "8I", "8E", "8G", "10E", "10I"]),
            player(hand=DEAD6),
            player(hand=["6E"]),
        ],
        pool=["12G", "12I", "10G"],
        end="auto",
    )
    assert not g.can_end()  # American is not safe
    play(g, PlaceTile("12E"), BuyShares(()))  # P1 draws one tile
    assert g.current == 1 and g.phase == Phase.PLACE and g.pool_size() == 0
    assert sorted(g.hand(1)) == ["10G", "12I"] and g.ends_this_turn()
    saved = Game.from_json(g.to_json())  # the save remembers that the pool ran out this turn
    for game in (g, saved):
        game.apply(PlaceTile("12I"))
        evs = game.apply(BuyShares(()))
        assert game.is_over and kinds(evs)[-1] == "GameOver"


def test_11_auto_end_waits_while_the_pool_has_tiles_and_for_a_pool_empty_from_the_start():
    g = load(
        cells=TOWER5,
        players=[player(hand=["12E", "12G"]), player(hand=["8E"]), player()],
        pool=["12I", "10I", "10G", "10E", "8I", "8G"],
        end="auto",
    )
    g.apply(PlaceTile("12E"))
    assert not g.ends_this_turn()  # five drawn, one left
    g.apply(BuyShares(()))
    assert not g.is_over and g.pool_size() == 1
    # No tile is drawn in a turn that starts with an empty pool, so it does not end the game.
    g = load(cells=TOWER5, players=[player(hand=["12E", "12G"]), player(hand=["8E"]), player()], end="auto")
    g.apply(PlaceTile("12E"))
    assert not g.ends_this_turn()
    g.apply(BuyShares(()))
    assert not g.is_over and g.current == 1
