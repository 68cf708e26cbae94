"""Game files of the ways to play (RULES §14): a one-player score game and a team game save,
load and replay (`acquire8 replay`, `acquire8 review`); a file of a mode this version does
not know, or of a mode with the wrong player count, is one line and a failure."""

from __future__ import annotations

import json

import pytest

from acquire8.ai import make_bot
from acquire8.ai.evaluate import Evaluator
from acquire8.ai.match import record_game
from acquire8.app.control.story import story_of
from acquire8.rules import MODE_PLAYERS, Options
from acquire8.rules.record import PERSON, GameRecord, key_turns, merger_turns, turns
from acquire8.storage import export_record, import_record
from tests.cli import run

FAST = ["--iterations", "2"]


def play(mode: str, seed: int, names: list[str]) -> GameRecord:
    """A game of `mode` played to its end by greedy computer players, as a record."""
    bots = [make_bot("greedy", seed + s) for s in range(len(names))]
    seats = [PERSON] + ["greedy"] * (len(names) - 1)
    return record_game(bots, seed, seats, names, Options(mode=mode))


@pytest.fixture(scope="module")
def solo() -> GameRecord:
    return play("solo", 4, ["You"])


@pytest.fixture(scope="module")
def team() -> GameRecord:
    return play("2v2", 6, ["You", "Ana", "Bo", "Cy"])


@pytest.mark.parametrize("which", ["solo", "team"])
def test_a_game_file_of_each_mode_saves_and_loads_unchanged(tmp_path, request, which):
    record = request.getfixturevalue(which)
    path = tmp_path / "game.json"
    export_record(record, path)
    assert json.loads(path.read_text())["options"]["mode"] == record.options.mode
    assert import_record(path) == record
    assert record.final().is_over


def test_replay_of_a_solo_game_shows_its_mode_and_its_score(tmp_path, capsys, solo):
    path = tmp_path / "solo.json"
    export_record(solo, path)
    code, out, err = run(["replay", str(path)], capsys)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"Game of seed {solo.seed} (solo): You (person)"
    assert lines[-1] == f"Final cash: You ${solo.final().scores()[0]:,}"  # the score: no Teams line


def test_replay_of_a_team_game_adds_each_teams_summed_cash(tmp_path, capsys, team):
    path = tmp_path / "team.json"
    export_record(team, path)
    code, out, err = run(["replay", str(path)], capsys)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith(f"Game of seed {team.seed} (2v2): You (person), Ana (greedy)")
    final = team.final()
    a, b = final.team_scores()
    assert final.teams == [(0, 2), (1, 3)]
    assert lines[-1] == f"Teams: You & Bo ${a:,}, Ana & Cy ${b:,}"


@pytest.mark.parametrize("which", ["solo", "team"])
def test_review_of_a_game_of_each_mode_classes_the_first_seats_decisions(tmp_path, capsys, request, which):
    record = request.getfixturevalue(which)
    path = tmp_path / "game.json"
    export_record(record, path)
    code, out, err = run(["review", str(path), "--seat", "1", "--json", *FAST], capsys)
    assert (code, err) == (0, "")
    data = json.loads(out)
    [seat] = data["seats"]
    assert 0 <= seat["accuracy"] <= 100 and seat["name"] == "You"
    assert data["decisions"] and all(d["seat"] == 1 for d in data["decisions"])


def test_alone_the_evaluation_is_the_players_own_worth(solo):
    """The review scores moves with hard's evaluation: alone there is no opponent to subtract."""
    ev = Evaluator()
    g = solo.start()
    ev.setup(g)
    worth = ev.worths(g)
    assert worth == [g.cash(0)]  # no shares yet
    assert ev.margin(worth, 0, g.cash(0)) == worth[0] - ev.cash_cost(g.cash(0))


def biggest_changes(record: GameRecord, margin) -> list[tuple[int, int]]:
    """The three ended turns that moved `margin` (of every seat's worth) most, in turn order."""
    start = record.start()
    before = margin([start.net_worth(s) for s in range(start.players)])
    changes = {}
    for t in turns(record):
        if t.ended:
            changes[t.number], before = margin(t.worth) - before, margin(t.worth)
    top = sorted((n for n, c in changes.items() if c), key=lambda n: (-abs(changes[n]), n))[:3]
    return [(n, changes[n]) for n in sorted(top)]


def test_key_turns_alone_follow_the_players_worth_and_in_teams_the_teams(solo, team):
    assert [(t.number, c) for t, c in key_turns(solo, 0)] == biggest_changes(solo, lambda w: w[0])
    partners = biggest_changes(team, lambda w: w[0] + w[2] - (w[1] + w[3]))  # You & Bo against Ana & Cy
    assert [(t.number, c) for t, c in key_turns(team, 2)] == partners


@pytest.mark.parametrize("command", ["replay", "review"])
def test_a_file_of_an_unknown_mode_is_one_line_and_a_failure(tmp_path, capsys, solo, command):
    path = tmp_path / "game.json"
    content = json.dumps({**solo.to_dict(), "options": {**solo.options.to_dict(), "mode": "4v4"}})
    path.write_text(content)
    code, out, err = run([command, str(path)], capsys)
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"acquire8 {command}: {path}: ")
    assert "options.mode" in err and "'4v4'" in err
    assert path.read_text() == content  # the player's file is left alone


@pytest.mark.parametrize("mode", [m for m in MODE_PLAYERS if m != "solo"])
def test_a_file_whose_seats_do_not_fit_its_mode_is_refused(tmp_path, capsys, solo, mode):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**solo.to_dict(), "options": {**solo.options.to_dict(), "mode": mode}}))
    code, _, err = run(["replay", str(path)], capsys)
    assert code == 1 and err.count("\n") == 1
    assert f"a {mode} game has" in err and "not 1" in err


def test_the_story_of_a_solo_game_charts_the_one_player(solo):
    story = story_of(solo)
    assert story.names == ("You",) and story.seat == 0
    assert len(story.series) == 1 and story.series[0][-1] == solo.final().scores()[0]
    assert 0 < len(story.moments) <= 3 and story.mergers == tuple(merger_turns(solo))
