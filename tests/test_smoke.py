from acquire8.ai import make_bot
from acquire8.ai.match import play_game
from acquire8.rules import Game, Phase, PlaceTile, events

from positions import fill, load, player


def test_new_game_starts_in_place_phase_with_six_tiles_each():
    g = Game.new(players=4, seed=7)
    assert g.phase == Phase.PLACE
    assert all(len(g.hand(s)) == 6 for s in range(4))
    assert len(g.board) == 4  # the four start tiles


def test_greedy_games_finish():
    result = play_game([make_bot("greedy", s) for s in range(4)], seed=3)
    assert len(result.scores) == 4 and result.winners


def test_bonus_payouts_preview_the_split_of_rules_7_1():
    # a tie for first in Tower, at 2 tiles: $200 a share, bonuses $2,000 and $1,000
    g = load(
        cells=fill("T", "1A-2A"),
        players=[player(shares={"T": 5}), player(shares={"T": 5}), player(shares={"T": 2})],
        pool=["12I"],
    )
    assert g.bonus_payouts("T") == [1500, 1500, 0]


def test_a_views_market_draw_is_not_always_the_highest_tile():
    # A view's pool is sorted; a simulated market draw must not just read its top tile.
    g = load(
        cells={**fill("T", "1A-3A"), **fill("L", "5A-6A")},
        players=[player(shares={"T": 1}, hand=["4A"]), player(shares={"L": 1}, hand=["1I"])],
        pool=["5E", "6F", "7G", "8H", "9I", "10I", "11I", "12I"],
    )
    view = g.view(0)  # its pile, sorted row by row, ends in 12I: the only tile of column 12
    held = [e.count for e in view.copy().apply(PlaceTile("4A")) if isinstance(e, events.MarketHolds)]
    assert held and held[0] != 12


def test_simulate_refuses_bad_arguments_with_a_usage_error(capsys):
    import pytest

    from acquire8.cli import main

    for argv in (["simulate", "--games", "0"], ["simulate", "--bots", "foo"]):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2
    assert "unknown computer player 'foo'" in capsys.readouterr().err
