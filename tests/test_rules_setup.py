"""RULES §1 components, §2 price chart, §3 setup, and Game.new determinism."""

import random

import pytest

from acquire8.rules import CHAINS, Game, Options, Phase, bonuses, price

from positions import ALL_TILES, load, player, split

# ------------------------------------------------------------------ §1 components


def test_1_chains_codes_and_order():
    assert CHAINS == "TLAWFIC"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_1_new_game_components(players):
    g = Game.new(players=players, seed=11)
    # 108 tiles, each once: start tiles on the board, six in each hand, the rest in the pool.
    hands = [t for s in range(players) for t in g.hand(s)]
    assert len(g.board) == players
    assert all(len(g.hand(s)) == 6 for s in range(players))
    assert g.pool_size() == 108 - 7 * players
    assert len(set(hands) | set(g.board)) == 7 * players
    assert set(hands) | set(g.board) <= set(ALL_TILES)
    assert all(g.cash(s) == 6000 for s in range(players))
    assert all(g.bank_shares(c) == 25 for c in CHAINS)
    assert all(g.shares(s, c) == 0 for s in range(players) for c in CHAINS)
    assert g.chains_on_board() == []


def test_1_tile_names_are_column_then_row():
    assert len(ALL_TILES) == 108
    g = load(players=[player(hand=["1A", "12I", "5E"]), player()])
    assert g.hand(0) == ["1A", "12I", "5E"]


# ------------------------------------------------------------------ §2 price chart

CHART = [  # (lowest size, highest size, cheap, medium, expensive)
    (2, 2, 200, 300, 400),
    (3, 3, 300, 400, 500),
    (4, 4, 400, 500, 600),
    (5, 5, 500, 600, 700),
    (6, 10, 600, 700, 800),
    (11, 20, 700, 800, 900),
    (21, 30, 800, 900, 1000),
    (31, 40, 900, 1000, 1100),
    (41, 108, 1000, 1100, 1200),
]
TIER = {"T": 0, "L": 0, "A": 1, "W": 1, "F": 1, "I": 2, "C": 2}


@pytest.mark.parametrize("chain", list(CHAINS))
def test_2_price_chart_every_size(chain):
    for low, high, *prices in CHART:
        for size in range(low, high + 1):
            expect = prices[TIER[chain]]
            assert price(chain, size) == expect, (chain, size)
            assert bonuses(chain, size) == (10 * expect, 5 * expect)
    assert price(chain, 0) == 0 and price(chain, 1) == 0
    assert bonuses(chain, 0) == (0, 0)


def test_2_design_examples():
    assert price("T", 5) == 500
    assert bonuses("C", 41) == (12000, 6000)


# ------------------------------------------------------------------ §3 setup


def _deal(seed: int, players: int) -> tuple[list[str], list[str]]:
    """The draws of Game.new replayed: docs/DESIGN.md says every random draw comes from one
    random.Random(seed), the pool shuffled once and drawn from its end. Returns the
    start tiles per seat and the rest of the pool in drawing order."""
    pool = list(range(108))
    random.Random(seed).shuffle(pool)
    order = [ALL_TILES[sq] for sq in reversed(pool)]
    return order[:players], order[players:]


def _nearest_1a(tiles: list[str]) -> int:
    # Highest row (nearest A) first, then the lowest column.
    return min(range(len(tiles)), key=lambda s: (split(tiles[s])[1], split(tiles[s])[0]))


@pytest.mark.parametrize("seed", range(40))
def test_3_1_first_player_is_nearest_1a_and_hands_dealt_from_there(seed):
    players = 2 + seed % 5
    g = Game.new(players=players, seed=seed)
    starts, rest = _deal(seed, players)
    assert sorted(g.board) == sorted(starts)  # guards the replay of the draws above
    first = _nearest_1a(starts)
    assert g.current == first and g.phase == Phase.PLACE
    # §3.2: starting with the first player, each draws six.
    for i in range(players):
        seat = (first + i) % players
        assert sorted(g.hand(seat)) == sorted(rest[6 * i : 6 * i + 6])


def test_3_1_row_beats_column_when_choosing_the_first_player():
    # Seeds where "nearest row first" and "nearest column first" pick different seats.
    differ = []
    for seed in range(400):
        starts, _ = _deal(seed, 3)
        by_column = min(range(3), key=lambda s: split(starts[s]))
        if by_column != _nearest_1a(starts):
            differ.append(seed)
    assert len(differ) >= 5
    for seed in differ[:20]:
        assert Game.new(players=3, seed=seed).current == _nearest_1a(_deal(seed, 3)[0])


@pytest.mark.parametrize("seed", range(30))
def test_3_1_start_tiles_never_form_a_chain(seed):
    g = Game.new(players=6, seed=seed)
    assert set(g.board.values()) == {"#"}
    assert g.chains_on_board() == []


def test_3_1_adjacent_start_tiles_stay_unincorporated_until_a_tile_founds_with_them():
    g = load(cells={"1A": "#", "2A": "#"}, players=[player(hand=["3A"]), player()], pool=["12I"])
    assert g.board == {"1A": "#", "2A": "#"} and g.chains_on_board() == []
    g.apply(g.legal_actions()[0])
    assert g.phase == Phase.FOUND


def test_3_3_holdings_option():
    assert Options().holdings == "open"
    assert Options(holdings="hidden").holdings == "hidden"
    with pytest.raises(ValueError, match="holdings"):
        Options(holdings="secret")
    with pytest.raises(ValueError, match="end"):
        Options(end="never")


def test_3_3_view_hides_other_hands():
    g = Game.new(players=4, seed=5)
    v = g.view(1)
    assert v.hand(1) == g.hand(1)
    assert all(v.hand(s) == [] for s in (0, 2, 3))
    assert [v.hand_size(s) for s in range(4)] == [6, 6, 6, 6]


# ------------------------------------------------------------------ Game.new determinism


@pytest.mark.parametrize("players", [2, 4, 6])
def test_new_is_deterministic(players):
    a = Game.new(players=players, seed=123)
    b = Game.new(players=players, seed=123)
    assert a == b and a.to_json() == b.to_json()
    c = Game.new(players=players, seed=124)
    assert c != a


def test_new_rejects_bad_player_counts():
    for n in (0, 1, 7):
        with pytest.raises(ValueError):
            Game.new(players=n, seed=1)


def test_new_names():
    g = Game.new(players=3, seed=1, names=["You", "Ana", "Bo"])
    assert g.names == ["You", "Ana", "Bo"]
    with pytest.raises(ValueError):
        Game.new(players=3, seed=1, names=["You"])
