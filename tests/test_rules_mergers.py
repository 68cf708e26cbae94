"""RULES §7 mergers: survivor, order, bonuses, disposal; and the traps around them."""

import pytest

from acquire8.rules import (
    SAFE_SIZE,
    BuyShares,
    ChooseDefunct,
    ChooseSurvivor,
    Dispose,
    Game,
    IllegalAction,
    Phase,
    PlaceTile,
    events,
)

from positions import bank_after, fill, load, play, player, safe_chain, state

# Tower 1A-6A (6 tiles) and Luxor 8A-12A (5 tiles); 7A merges them. Tower survives.
# Luxor's pre-merger price is $500 (bonuses $5,000/$2,500); counting the placed tile it
# would be 6 tiles and $600, so every amount below also checks that it counts for neither.
TL = {**fill("T", "1A-6A"), **fill("L", "8A-12A")}


def _merge_tl(luxor: list[int], merger: int = 0, **kw) -> Game:
    """Four players holding `luxor` Luxor shares; seat `merger` places 7A."""
    players = [
        player(shares={"L": n} if n else {}, hand=["7A"] if s == merger else []) for s, n in enumerate(luxor)
    ]
    g = load(cells=TL, players=players, pool=["12I", "11I", "10I"], current=merger, **kw)
    g.apply(PlaceTile("7A"))
    return g


def _keep_all(g: Game) -> None:
    while g.phase == Phase.DISPOSE:
        g.apply(Dispose(0, 0))


@pytest.mark.parametrize(
    "luxor, paid",
    [
        # The seed text's three examples.
        ([10, 8, 6, 0], [5000, 2500, 0, 0]),  # majority to 10, minority to 8
        ([8, 8, 7, 0], [3800, 3800, 0, 0]),  # 8s split 7,500 -> 3,750 -> up to 3,800; 7 gets nothing
        ([10, 7, 7, 0], [5000, 1300, 1300, 0]),  # 7s split 2,500 -> 1,250 -> up to 1,300
        # Sole holder gets both.
        ([0, 0, 4, 0], [0, 0, 7500, 0]),
        ([0, 1, 0, 0], [0, 7500, 0, 0]),
        # Three- and four-way ties for first: majority + minority split, rounded up.
        ([3, 3, 3, 0], [2500, 2500, 2500, 0]),
        ([2, 2, 2, 2], [1900, 1900, 1900, 1900]),  # 7,500 / 4 = 1,875 -> 1,900
        # Three-way tie for second.
        ([1, 1, 5, 1], [900, 900, 5000, 900]),  # 2,500 / 3 = 833 -> 900
        # Majority is about counts, not seats; nobody holds: no bonus.
        ([1, 2, 0, 0], [2500, 5000, 0, 0]),
        ([0, 0, 0, 0], [0, 0, 0, 0]),
    ],
)
def test_7_1_bonuses(luxor, paid):
    g = _merge_tl(luxor)
    # Bonuses are paid before anyone disposes of shares.
    assert [g.cash(s) for s in range(4)] == [6000 + p for p in paid]
    _keep_all(g)
    s = state(g)
    assert s["phase"] == "buy" and s["current"] == 0
    assert s["cash"] == [6000 + p for p in paid]
    assert s["board"] == fill("T", "1A-12A")
    assert s["sizes"] == {"T": 12}
    assert s["shares"] == [{"L": n} if n else {} for n in luxor]  # all kept
    assert s["bank"] == bank_after({"L": sum(luxor)})


def test_7_1_bonus_events_name_who_gets_what():
    g = load(
        cells=TL,
        players=[
            player(name="You", shares={"L": 3}, hand=["7A"]),
            player(name="Ana", shares={"L": 5}),
            player(name="Bo", shares={"L": 3}),
        ],
        pool=["12I"],
    )
    evs = g.apply(PlaceTile("7A"))
    assert [(e.survivor, e.defunct) for e in evs if isinstance(e, events.MergerStarted)] == [("T", ("L",))]
    paid = [(e.name, e.amount, e.kind, e.chain) for e in evs if isinstance(e, events.BonusPaid)]
    assert sorted(paid) == [
        ("Ana", 5000, "majority", "L"),
        ("Bo", 1300, "minority", "L"),
        ("You", 1300, "minority", "L"),
    ]
    assert g.current == 0 and g.phase == Phase.DISPOSE


def test_7_sale_price_and_bonuses_use_the_defunct_chain_size_before_the_merger():
    g = _merge_tl([3, 0, 0, 0])
    assert g.cash(0) == 6000 + 7500
    g.apply(Dispose(sell=3))
    assert g.cash(0) == 6000 + 7500 + 3 * 500
    assert g.shares(0, "L") == 0 and g.bank_shares("L") == 25
    # §9: the merging player then buys at the prices after the merger: Tower is 12 tiles.
    assert g.phase == Phase.BUY and g.chain_size("T") == 12
    evs = g.apply(BuyShares(("T", "T")))
    assert g.cash(0) == 6000 + 7500 + 1500 - 2 * 700
    assert any(isinstance(e, events.SharesBought) and e.cost == 1400 for e in evs)


def test_7_placed_tile_counts_for_neither_when_comparing_sizes():
    # Tower 5, Luxor 5: the tile joins both but the chains tie, so the merger chooses.
    cells = {**fill("T", "1A-5A"), **fill("L", "7A-11A")}
    g = load(cells=cells, players=[player(hand=["6A"]), player(), player()])
    g.apply(PlaceTile("6A"))
    assert g.phase == Phase.SURVIVOR and g.current == 0
    assert set(g.legal_actions()) == {ChooseSurvivor("T"), ChooseSurvivor("L")}


def test_7_merging_player_breaks_a_survivor_tie():
    cells = {**fill("T", "1A-5A"), **fill("L", "7A-11A")}
    g = load(cells=cells, players=[player(shares={"T": 2}, hand=["6A"]), player(shares={"L": 1}), player()])
    play(g, PlaceTile("6A"), ChooseSurvivor("L"))
    # Tower (5 tiles, $500) is defunct: P1 sole holder, gets $7,500.
    assert g.cash(0) == 13500 and g.phase == Phase.DISPOSE
    g.apply(Dispose(trade=2))
    assert g.board == fill("L", "1A-11A")
    assert g.shares(0, "L") == 1 and g.shares(0, "T") == 0
    assert g.bank_shares("L") == 23 and g.bank_shares("T") == 25
    assert g.phase == Phase.BUY


def test_7_survivor_takes_the_placed_tile_and_connected_unincorporated_tiles():
    cells = {**TL, "7B": "#", "7C": "#", "8C": "#", "10E": "#"}
    g = load(cells=cells, players=[player(hand=["7A"]), player(), player()])
    g.apply(PlaceTile("7A"))
    assert g.phase == Phase.BUY  # nobody holds Luxor: no bonus, no disposal
    assert g.board == {**fill("T", "1A-12A", "7B-7C", "8C"), "10E": "#"}
    assert g.chain_size("T") == 15 and g.chain_size("L") == 0
    assert [g.cash(s) for s in range(3)] == [6000] * 3


# A cross around 6E: American west 1E-5E (5), Tower north 6A-6D (4), Luxor south 6F-6I (4),
# Imperial east 7E-9E (3). American survives; Tower and Luxor tie; Imperial is last.
CROSS = {**fill("A", "1E-5E"), **fill("T", "6A-6D"), **fill("L", "6F-6I"), **fill("I", "7E-9E")}
CROSS_PLAYERS = [
    player(shares={"T": 2, "L": 3, "I": 1}),
    player(shares={"T": 1, "I": 4}, hand=["6E"]),
    player(shares={"L": 3, "I": 4}),
    player(shares={"T": 2}),
]


def _cross() -> Game:
    return load(cells=CROSS, players=CROSS_PLAYERS, pool=["12I", "11I"], current=1)


def test_7_multi_chain_merger_order_bonuses_and_disposal_rounds():
    g = _cross()
    g.apply(PlaceTile("6E"))
    # Largest defunct first; Tower and Luxor tie, so the merging player (seat 1) orders them.
    assert g.phase == Phase.DEFUNCT and g.current == 1
    assert set(g.legal_actions()) == {ChooseDefunct("T"), ChooseDefunct("L")}
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply(ChooseDefunct("I"))  # smaller: must wait
    assert g.to_json() == before
    assert [g.cash(s) for s in range(4)] == [6000] * 4  # nothing paid yet

    disposers = []

    def dispose(action):
        disposers.append(g.current)
        return g.apply(action)

    g.apply(ChooseDefunct("L"))
    # Luxor, 4 tiles, $400: seats 0 and 2 tie with 3 -> split $6,000.
    assert [g.cash(s) for s in range(4)] == [9000, 6000, 9000, 6000]
    # Disposal starts with the merging player (seat 1, no Luxor) and goes round in seat order.
    dispose(Dispose(sell=3))  # seat 2 sells 3 x $400
    dispose(Dispose(trade=2))  # seat 0 trades 2 for 1 American, keeps 1
    # Tower (4 tiles, $400) next, automatically: seats 0 and 3 tie with 2 -> $3,000 each.
    assert [g.cash(s) for s in range(4)] == [12000, 6000, 10200, 9000]
    dispose(Dispose(sell=1))  # seat 1 sells 1 x $400
    dispose(Dispose(trade=2))  # seat 3
    dispose(Dispose())  # seat 0 keeps 2
    # Imperial (3 tiles, $500; $5,000/$2,500): seats 1 and 2 tie with 4 -> $3,750 -> $3,800 each.
    assert [g.cash(s) for s in range(4)] == [12000, 6400 + 3800, 10200 + 3800, 9000]
    dispose(Dispose(trade=4))  # seat 1
    dispose(Dispose(sell=4))  # seat 2 sells 4 x $500
    dispose(Dispose(sell=1))  # seat 0 sells 1 x $500
    assert disposers == [2, 0, 1, 3, 0, 1, 2, 0]

    s = state(g)
    assert s["phase"] == "buy" and s["current"] == 1
    assert s["cash"] == [12500, 10200, 16000, 9000]
    assert s["shares"] == [{"T": 2, "L": 1, "A": 1}, {"A": 2}, {}, {"A": 1}]
    assert s["bank"] == bank_after({"A": 4, "T": 2, "L": 1})
    assert s["board"] == fill("A", "1E-9E", "6A-6I")
    assert s["sizes"] == {"A": 17}
    assert g.merger_state() is None


def test_7_multi_chain_merger_events_in_order():
    g = _cross()
    evs = play(g, PlaceTile("6E"), ChooseDefunct("T"))
    # Tower chosen first this time: its bonus, then its disposal round from seat 1.
    paid = [(e.chain, e.seat, e.amount) for e in evs if isinstance(e, events.BonusPaid)]
    assert paid == [("T", 0, 3000), ("T", 3, 3000)]
    assert g.phase == Phase.DISPOSE and g.current == 1
    assert g.merger_state() == {
        "survivor": "A",
        "survivor_choices": [],
        "defunct": "T",
        "defunct_left": ["L", "I"],
    }
    evs = play(g, Dispose(), Dispose(), Dispose())  # seats 1, 3, 0 keep Tower
    # Luxor follows at once: seats 0 and 2 split.
    paid = [(e.chain, e.seat, e.amount) for e in evs if isinstance(e, events.BonusPaid)]
    assert paid == [("L", 0, 3000), ("L", 2, 3000)]
    assert g.current == 2  # first Luxor holder from seat 1 on


def test_7_survivor_tie_among_three_then_defunct_tie():
    # Three chains of 4 around 6E: the merging player picks the survivor, then the order.
    cells = {**fill("W", "2E-5E"), **fill("T", "6A-6D"), **fill("L", "6F-6I")}
    g = load(cells=cells, players=[player(hand=["6E"]), player(), player()])
    g.apply(PlaceTile("6E"))
    assert g.phase == Phase.SURVIVOR
    assert set(g.legal_actions()) == {ChooseSurvivor(c) for c in "WTL"}
    g.apply(ChooseSurvivor("T"))
    assert g.phase == Phase.DEFUNCT
    assert set(g.legal_actions()) == {ChooseDefunct("W"), ChooseDefunct("L")}
    g.apply(ChooseDefunct("W"))
    assert g.phase == Phase.BUY  # nobody held anything: the rest runs by itself
    assert g.board == fill("T", "2E-6E", "6A-6I")
    assert g.chain_size("T") == 13


def test_7_survivor_tie_then_largest_defunct_first():
    # American 5 west and Imperial 5 east tie; Tower 4 north. Choose Imperial: American goes first.
    cells = {**fill("A", "1E-5E"), **fill("I", "7E-11E"), **fill("T", "6A-6D")}
    g = load(
        cells=cells,
        players=[player(shares={"A": 1, "T": 1}, hand=["6E"]), player(), player()],
    )
    g.apply(PlaceTile("6E"))
    before = g.to_json()
    with pytest.raises(IllegalAction, match="survivor"):
        g.apply(ChooseSurvivor("T"))
    assert g.to_json() == before
    evs = g.apply(ChooseSurvivor("I"))
    assert g.merger_state()["defunct"] == "A"
    assert [e.chain for e in evs if isinstance(e, events.BonusPaid)] == ["A"]
    assert g.cash(0) == 6000 + 9000  # American 5 tiles: $600 -> $6,000 + $3,000
    evs = g.apply(Dispose(sell=1))
    assert g.cash(0) == 15000 + 600 + 6000  # then Tower 4 tiles: $400 -> $4,000 + $2,000
    g.apply(Dispose(sell=1))
    assert g.cash(0) == 21600 + 400
    assert g.board == fill("I", "1E-11E", "6A-6D")


def test_7_trades_are_capped_by_the_survivors_shares_in_the_bank():
    # Seat 3 holds 24 Tower, so the bank has one Tower left for 2-for-1 trades.
    players = [
        player(shares={"L": 4}, hand=["7A"]),
        player(shares={"L": 6}),
        player(),
        player(shares={"T": 24}),
    ]
    g = load(cells=TL, players=players, pool=["12I"])
    g.apply(PlaceTile("7A"))
    assert g.current == 0 and g.phase == Phase.DISPOSE
    # Exactly: trade 0 or 2 (one Tower), sell any of the rest.
    expected = {Dispose(s, 0) for s in range(5)} | {Dispose(s, 2) for s in range(3)}
    assert set(g.legal_actions()) == expected and len(g.legal_actions()) == len(expected)
    before = g.to_json()
    for bad in (
        Dispose(trade=4),
        Dispose(trade=1),
        Dispose(sell=5),
        Dispose(sell=3, trade=2),
        Dispose(-1, 0),
        Dispose(sell=True),  # a bool is not a count
        Dispose(sell=1.0),
    ):
        with pytest.raises(IllegalAction):
            g.apply(bad)
        assert g.to_json() == before
    g.apply(Dispose(sell=1, trade=2))
    assert g.bank_shares("T") == 0 and g.shares(0, "T") == 1 and g.shares(0, "L") == 1
    # The earlier player took the last Tower: seat 1 may only sell or keep.
    assert g.current == 1
    assert set(g.legal_actions()) == {Dispose(s, 0) for s in range(7)}
    with pytest.raises(IllegalAction, match="bank"):
        g.apply(Dispose(trade=2))
    g.apply(Dispose(sell=6))
    s = state(g)
    assert s["cash"] == [6000 + 2500 + 500, 6000 + 5000 + 3000, 6000, 6000]
    assert s["shares"] == [{"T": 1, "L": 1}, {}, {}, {"T": 24}]
    assert s["bank"] == bank_after({"T": 25, "L": 1})


def test_7_dispose_options_when_the_bank_is_full():
    g = _merge_tl([3, 0, 0, 0])
    expected = {Dispose(s, 0) for s in range(4)} | {Dispose(s, 2) for s in range(2)}
    assert set(g.legal_actions()) == expected and len(g.legal_actions()) == 6


def test_7_disposal_round_starts_with_the_merging_player_in_seat_order():
    g = _merge_tl([2, 3, 1, 4], merger=2)
    order = []
    while g.phase == Phase.DISPOSE:
        order.append(g.current)
        g.apply(Dispose())
    assert order == [2, 3, 0, 1]
    assert g.current == 2 and g.phase == Phase.BUY


def test_7_disposal_skips_players_without_shares():
    g = _merge_tl([0, 3, 0, 4], merger=2)
    order = []
    while g.phase == Phase.DISPOSE:
        order.append(g.current)
        g.apply(Dispose())
    assert order == [3, 1]


def test_7_kept_shares_are_worthless_until_refounded():
    g = _merge_tl([3, 0, 0, 0])
    g.apply(Dispose())
    assert g.shares(0, "L") == 3 and g.chain_size("L") == 0
    assert g.net_worth(0) == 13500
    assert BuyShares(("L",)) not in g.legal_actions()


def test_7_a_safe_chain_survives_a_smaller_one():
    cells = {**fill("T", "1A-11A"), **fill("L", "1C-3C")}
    g = load(cells=cells, players=[player(shares={"L": 1}, hand=["2B"]), player(), player()])
    assert g.tile_effect("2B") == "merge"
    play(g, PlaceTile("2B"), Dispose(sell=1))
    assert g.chain_size("T") == 15 and g.chain_size("L") == 0
    assert g.cash(0) == 6000 + 4500 + 300


# Tower 15 (row A and 6B-6D) and Luxor (safe: five columns wide from 1E) are safe; American
# 7E-8E is not. 6E touches all three.
TWO_SAFE = {**fill("T", "1A-12A", "6B-6D"), **safe_chain("L", "1E", width=5), **fill("A", "7E-8E")}


def test_7_8_tile_touching_two_safe_chains_is_dead_even_with_a_small_chain_too():
    g = load(cells=TWO_SAFE, players=[player(hand=["6E", "6F"]), player(), player()], pool=["12I"])
    assert g.chain_size("T") == 15 >= SAFE_SIZE and g.chain_size("L") == SAFE_SIZE and g.chain_size("A") == 2
    assert g.tile_effect("6E") == "dead"
    assert g.legal_actions() == [PlaceTile("6F")]
    before = g.to_json()
    with pytest.raises(IllegalAction, match="6E"):
        g.apply(PlaceTile("6E"))
    assert g.to_json() == before


def test_7_two_safe_chains_alone_make_a_dead_tile():
    cells = {**safe_chain("T"), **safe_chain("L", "1C")}
    g = load(cells=cells, players=[player(hand=["5B", "5D"]), player(), player()])
    assert g.tile_effect("5B") == "dead"
    assert g.tile_effect("5D") == "grow"  # next to one safe chain only
    assert g.legal_actions() == [PlaceTile("5D")]
