"""Computer players in team games (RULES §14): they weigh their team's worth against the best
other team's at every level, play legal games in every mode, and play singles exactly as
before teams existed (the recorded games in golden/singles_actions.json).

    python tests/test_ai_teams.py   # re-record the singles games (only after an intended change)
"""

import json
from pathlib import Path

import pytest

from acquire8.ai import LEVELS, PLAYERS, SPEC_OF, arena, make_bot
from acquire8.ai.evaluate import Evaluator
from acquire8.rules import (
    GAME_MODES,
    MODE_PLAYERS,
    TEAM_COUNT,
    ChooseSurvivor,
    DeclareEnd,
    Game,
    Options,
    PlaceTile,
)
from acquire8.rules.record import action_to_dict

from positions import end_chain, fill, load, player

GOLDEN = Path(__file__).parent / "golden" / "singles_actions.json"
# Fixed-seed singles games: (tile seed, each seat's level); the expert plays a fixed number of
# deals, so that its decisions do not depend on the clock.
SINGLES = [
    (11, ["hard", "expert", "normal", "hard"]),
    (3, ["expert", "hard"]),
    (5, ["easy", "hard", "expert"]),
]
EXPERT = {"iterations": 10}
FAST = {"iterations": 2, "candidates": 3}  # the expert in the other tests: two deals of three


def singles_actions() -> list[list[dict]]:
    """The actions of every game of SINGLES, as a record keeps them."""
    games = []
    for seed, levels in SINGLES:
        bots = [
            make_bot(lv, seed * 10 + s, **(EXPERT if lv == "expert" else {})) for s, lv in enumerate(levels)
        ]
        g = Game.new(players=len(bots), seed=seed)
        actions = []
        while not g.is_over:
            act = bots[g.current].choose(g.view(g.current))
            g.apply(act)
            actions.append(action_to_dict(act))
        games.append(actions)
    return games


def test_singles_decisions_are_unchanged():
    """Hard and the expert (and normal, easy) play the recorded singles games action for action."""
    recorded = json.loads(GOLDEN.read_text())
    assert singles_actions() == recorded


# Every way to play but singles: the teams, and the solo game (no one to play against).
OTHER_MODES = tuple(m for m in GAME_MODES if m != "singles")
TEAM_MODES = tuple(m for m in GAME_MODES if TEAM_COUNT[m])


def level_bot(level: str, seed: int, team_play: bool = True):
    """A computer player of `level`, the expert on fast settings; `team_play` off: for itself."""
    return PLAYERS[level](seed, team_play=team_play, **(FAST if SPEC_OF[level].searches else {}))


@pytest.mark.parametrize("mode", OTHER_MODES)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_games_in_every_mode(mode, level):
    """The level in every seat (in team games the first team playing for itself, so both kinds
    meet), to the end, every action legal; the winners are a whole team."""
    players = MODE_PLAYERS[mode][0]
    for seed in range(2):
        g = Game.new(players=players, seed=seed, options=Options(mode=mode))
        bots = [level_bot(level, seed * 10 + s, team_play=g.team_of(s) != 0) for s in range(players)]
        while not g.is_over:
            act = bots[g.current].choose(g.view(g.current))
            assert act in g.legal_actions(), f"{level} chose illegal {act} in {g.phase}"
            g.apply(act)
        won = {g.team_of(s) for s in g.winners()}
        assert [s for t in won for s in g.teams[t]] == sorted(g.winners())


def _two_v_two(partner_cash: int, opponent_cash: int) -> Game:
    """2 vs 2 (seats 0 and 2 against 1 and 3), Tower on the board; seat 0 to act."""
    cells = fill("T", "1A-4A")
    players = [
        player(shares={"T": 2}, hand=["12I"]),
        player(cash=opponent_cash, shares={"T": 2}),
        player(cash=partner_cash, shares={"T": 2}),
        player(shares={"T": 2}),
    ]
    return load(cells=cells, players=players, pool=["1I", "3I", "5I"], mode="2v2")


def test_a_partners_gain_is_no_loss():
    """The same $5,000 more: in the partner's hands it is worth more to the team-aware
    evaluation than in an opponent's; for a player for itself the two are alike (both a rival
    richer than it)."""
    partner_gains, opponent_gains = _two_v_two(11_000, 6_000), _two_v_two(6_000, 11_000)
    team = Evaluator()
    assert team.evaluate(partner_gains, 0) > team.evaluate(opponent_gains, 0)
    assert team.sides(0) == ((0, 2), [(1, 3)])
    selfish = Evaluator(team_play=False)
    assert selfish.evaluate(partner_gains, 0) == selfish.evaluate(opponent_gains, 0)
    assert selfish.sides(0) == ((0,), [(1,), (2,), (3,)])


def _end_in_2v2(my_cash: int, partner_cash: int, opponents_cash: int) -> Game:
    """Tower at the end size (rows A to D): after 12I the end may be declared."""
    cells = end_chain("T")
    players = [
        player(cash=my_cash, shares={"T": 5}, hand=["12I"]),
        player(cash=opponents_cash, shares={"T": 5}),
        player(cash=partner_cash, shares={"T": 4}),
        player(cash=opponents_cash, shares={"T": 4}),
    ]
    g = load(cells=cells, players=players, pool=["1I", "3I", "5I"], mode="2v2")
    g.apply(PlaceTile("12I"))
    assert DeclareEnd() in g.legal_actions()
    return g


@pytest.mark.parametrize("level", [lv for lv in LEVELS if lv in ("hard", "expert")])
def test_strong_levels_end_the_game_when_their_team_leads(level):
    """The poorest at the table, with a rich partner: the team wins, so it ends the game; a
    player for itself, behind its partner, plays on."""
    g = _end_in_2v2(my_cash=5_000, partner_cash=40_000, opponents_cash=15_000)
    assert level_bot(level, 1).choose(g.view(0)) == DeclareEnd()
    assert level_bot(level, 1, team_play=False).choose(g.view(0)) != DeclareEnd()


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_gentle_levels_keep_the_chain_their_team_holds_most_of(level):
    """Tower and Luxor tie at 4A: it holds two Luxor, its partner five Tower."""
    cells = {**fill("T", "1A-3A"), **fill("L", "5A-7A")}
    players = [
        player(shares={"L": 2}, hand=["4A"]),
        player(shares={"L": 1}),
        player(shares={"T": 5}),
        player(shares={"L": 1}),
    ]
    g = load(cells=cells, players=players, pool=["1I", "3I", "5I"], mode="2v2")
    g.apply(PlaceTile("4A"))
    assert level_bot(level, 1).choose(g.view(0)) == ChooseSurvivor("T")
    assert level_bot(level, 1, team_play=False).choose(g.view(0)) == ChooseSurvivor("L")


@pytest.mark.parametrize("mode", TEAM_MODES)
def test_the_arena_plays_each_deal_with_the_heros_team_in_every_teams_seats(mode):
    teams = TEAM_COUNT[mode]
    st = arena.run("normal", "normal", games=2 * teams, seed=3, mode=mode, selfish=True)
    assert st.games == 2 * teams and st.players == MODE_PLAYERS[mode][0]
    for w, r, m in zip(st.wins, st.ranks, st.margins, strict=True):
        assert (w > 0) == (m >= 0) and 1 <= r <= teams
        if w == 1:
            assert r == 1 and m > 0
    # the team's decisions only: its members' turns are timed
    assert st.times_ms


def test_the_arena_command_line_plays_a_team_mode(capsys):
    arena.main(["--mode", "2v2", "--hero", "normal", "--field", "greedy", "--selfish-field", "--games", "4"])
    out = capsys.readouterr().out
    for words in ("2v2", "normal", "greedy (selfish)", "4 games", "win", "±"):
        assert words in out


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(singles_actions(), separators=(",", ":")) + "\n")
