from acquire8.ai import make_bot
from acquire8.ai.match import play_game
from acquire8.rules import Game, Phase


def test_new_game_starts_in_place_phase_with_six_tiles_each():
    g = Game.new(players=4, seed=7)
    assert g.phase == Phase.PLACE
    assert all(len(g.hand(s)) == 6 for s in range(4))
    assert len(g.board) == 4  # the four start tiles


def test_greedy_games_finish():
    result = play_game([make_bot("greedy", s) for s in range(4)], seed=3)
    assert len(result.scores) == 4 and result.winners


def test_bonus_payouts_preview_the_split_of_rules_7_1():
    g = Game.new(players=3, seed=1)
    g.stock[0][0], g.stock[1][0], g.stock[2][0] = 5, 5, 2  # a tie for first in Tower
    g.sizes[0] = 2  # Tower at 2 tiles: $200 a share, bonuses $2,000 and $1,000
    assert g.bonus_payouts("T") == [1500, 1500, 0]


def test_a_views_market_draw_is_not_always_the_highest_tile():
    # A view's pool is sorted; a simulated market draw must not just read its top tile.
    view = Game.new(players=2, seed=5).view(0)
    top_column = view.pool[-1] % 12 + 1
    assert view.copy()._market_draw(0, []) != top_column


def test_simulate_refuses_bad_arguments_with_a_usage_error(capsys):
    import pytest

    from acquire8.cli import main

    for argv in (["simulate", "--games", "0"], ["simulate", "--bots", "foo"]):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2
    assert "unknown computer player 'foo'" in capsys.readouterr().err
