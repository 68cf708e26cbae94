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
