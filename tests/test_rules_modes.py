"""RULES §14: the ways to play. Each mode's player counts, its teams (partners sit apart, so
the teams take turns) and the winners by team; a game of every mode played to its end."""

from __future__ import annotations

import random

import pytest

from acquire8.rules import GAME_MODES, MODE_PLAYERS, MODES, TEAM_COUNT, Game, Options
from tests.positions import player


def test_every_mode_has_its_player_counts_and_refuses_others():
    for mode in GAME_MODES:
        for n in range(1, 8):
            if n in MODE_PLAYERS[mode]:
                assert Game.new(n, seed=1, options=Options(mode=mode)).players == n
            else:
                with pytest.raises(ValueError, match=f"a {mode} game has .* players?, not {n}"):
                    Game.new(n, seed=1, options=Options(mode=mode))


@pytest.mark.parametrize(
    ("mode", "teams"),
    [
        ("2v2", [(0, 2), (1, 3)]),
        ("2v2v2", [(0, 3), (1, 4), (2, 5)]),
        ("3v3", [(0, 2, 4), (1, 3, 5)]),
    ],
)
def test_partners_sit_apart_so_the_teams_take_turns(mode, teams):
    g = Game.new(MODE_PLAYERS[mode][0], seed=1, options=Options(mode=mode))
    assert g.has_teams and g.teams == teams and len(teams) == (TEAM_COUNT[mode] or g.players)
    assert all(g.team_of(seat) == t for t, team in enumerate(teams) for seat in team)
    order = [g.team_of((g.turn + i) % g.players) for i in range(g.players)]
    assert all(a != b for a, b in zip(order, order[1:] + order[:1], strict=True))  # never twice in a row


@pytest.mark.parametrize("spec", MODES, ids=[m.name for m in MODES])
def test_every_mode_record_makes_even_teams_that_take_turns(spec):
    """What a new mode's record must give (RULES §14): at every player count it allows, teams
    of one size, as many as it says, and never a team twice in a row round the table."""
    assert list(spec.players) == sorted(set(spec.players)) and spec.players[0] >= 1
    for n in spec.players:
        g = Game.new(n, seed=1, options=Options(mode=spec.name))
        assert len(g.teams) == (spec.teams or n) and len({len(team) for team in g.teams}) == 1
        assert g.has_teams == (spec.teams > 0)
        if len(g.teams) > 1:
            order = [g.team_of(s) for s in range(n)]
            assert all(a != b for a, b in zip(order, order[1:] + order[:1], strict=True))


@pytest.mark.parametrize("mode", [m for m in GAME_MODES if not TEAM_COUNT[m]])
def test_without_teams_each_seat_is_a_team_of_one(mode):
    g = Game.new(MODE_PLAYERS[mode][-1], seed=1, options=Options(mode=mode))
    assert not g.has_teams and g.teams == [(s,) for s in range(g.players)]
    assert g.team_scores() == [g.cash(s) for s in range(g.players)]


def test_the_richest_team_wins_even_without_the_richest_player():
    cash = [9000, 4000, 1000, 7000]  # seat 0 is the richest player; team (1, 3) has 11,000 to 10,000
    players = [player(cash=c, hand=[]) for c in cash]
    g = Game.from_position({}, players, [], options=Options(mode="2v2"))
    assert g.team_scores() == [10000, 11000] and g.winners() == [1, 3]
    tie = Game.from_position(
        {}, [player(cash=c, hand=[]) for c in (5000, 6000, 5000, 4000)], [], options=Options(mode="2v2")
    )
    assert tie.winners() == [0, 1, 2, 3]  # 10,000 each: the teams share the win


@pytest.mark.parametrize("mode", GAME_MODES)
def test_a_game_of_every_mode_plays_to_its_end(mode):
    rng = random.Random(7)
    g = Game.new(MODE_PLAYERS[mode][-1], seed=7, options=Options(mode=mode, end="auto"))
    for _ in range(3000):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    assert g.is_over and g.winners()
    assert sum(g.team_scores()) == sum(g.scores())
