"""The command line's game files: replay prints a log; games, export and import use the kept games."""

from __future__ import annotations

import json

import pytest

from acquire8.ai import make_bot
from acquire8.app.text import log_lines
from acquire8.rules import Game
from acquire8.rules.record import PERSON, GameRecord
from acquire8.storage import Storage, export_record
from tests.cli import run


@pytest.fixture(scope="module")
def record() -> GameRecord:
    names = ["You", "Ana", "Bob"]
    game = Game.new(players=3, seed=12, names=names)
    bots = [make_bot("greedy", s) for s in range(3)]
    actions = []
    while not game.is_over:
        action = bots[game.current].choose(game.view(game.current))
        game.apply(action)
        actions.append(action)
    return GameRecord(
        seed=12, names=names, seats=(PERSON, "hard", "easy"), actions=actions, played="2026-11-30 20:15"
    )


def test_replay_prints_the_log_with_turn_headers(tmp_path, capsys, record):
    path = tmp_path / "game.json"
    export_record(record, path)
    code, out, err = run(["replay", str(path)], capsys)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Game of seed 12, played 2026-11-30 20:15: You (person), Ana (hard), Bob (easy)"
    assert lines[1:-1] == log_lines(record)
    assert lines[1] == f"-- Turn 1: {record.names[record.start().turn]} --"
    scores = record.final().scores()
    assert lines[-1] == f"Final cash: You ${scores[0]:,}, Ana ${scores[1]:,}, Bob ${scores[2]:,}"


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (None, "cannot read"),
        ("{", "invalid JSON"),
        ('{"format": 1, "levels": {}}', "not an acquire8 game record"),
        ("newer", "format 9 is newer"),
        ("illegal", "action 1 (PlaceTile 12I) cannot be played"),
    ],
)
def test_replay_of_a_bad_file_is_one_line_and_a_failure(tmp_path, capsys, record, content, problem):
    path = tmp_path / "game.json"
    if content == "newer":
        content = json.dumps({**record.to_dict(), "format": 9})
    elif content == "illegal":
        content = json.dumps({**record.to_dict(), "actions": [{"type": "PlaceTile", "tile": "12I"}] * 2})
    if content is not None:
        path.write_text(content)
    code, out, err = run(["replay", str(path)], capsys)
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"acquire8 replay: {path}: ")
    assert problem in err
    if content is not None:
        assert path.read_text() == content  # the player's file is left alone


def test_import_games_and_export_through_the_data_directory(tmp_path, capsys, record):
    data = tmp_path / "data"
    source, target = tmp_path / "in.json", tmp_path / "out.json"
    export_record(record, source)
    assert run(["games", "--data", str(data)], capsys)[1] == "No finished games kept yet\n"
    code, out, _ = run(["import", str(source), "--data", str(data)], capsys)
    assert code == 0 and out == "Game of seed 12 kept\n"
    assert Storage.in_directory(data).load_records() == ([record], None)
    code, out, _ = run(["import", str(source), "--data", str(data)], capsys)  # again: nothing added
    assert code == 0 and out == "Game of seed 12 is kept already\n"
    assert Storage.in_directory(data).load_records() == ([record], None)
    code, out, _ = run(["games", "--data", str(data)], capsys)
    assert code == 0 and out.startswith(" 1  2026-11-30 20:15  You $")
    code, out, _ = run(["export", str(target), "--data", str(data)], capsys)
    assert code == 0 and GameRecord.from_json(target.read_text()) == record
    code, _, err = run(["export", str(target), "--game", "2", "--data", str(data)], capsys)
    assert code == 1 and err == "acquire8 export: no game 2: 1 kept\n"


def test_import_of_a_bad_file_keeps_nothing_and_fails(tmp_path, capsys):
    data, source = tmp_path / "data", tmp_path / "in.json"
    source.write_text("[]")
    code, _, err = run(["import", str(source), "--data", str(data)], capsys)
    assert code == 1 and "not an acquire8 game record" in err
    assert Storage.in_directory(data).load_records() == ([], None)
    assert source.read_text() == "[]"


@pytest.mark.parametrize("command", ["games", "replay"])
def test_output_cut_short_by_its_reader_ends_quietly(tmp_path, record, command):
    """`acquire8 games | head`: the reader goes before the output ends; no traceback follows."""
    import subprocess
    import sys
    from pathlib import Path

    path = tmp_path / "game.json"
    export_record(record, path)
    store = Storage.in_directory(tmp_path / "data")
    store.game_over(record)
    argv = ["games", "--data", str(tmp_path / "data")] if command == "games" else ["replay", str(path)]
    child = subprocess.Popen(
        [sys.executable, "-m", "acquire8", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=Path(__file__).resolve().parents[1],
    )
    child.stdout.close()  # gone before the first line is written
    err = child.stderr.read().decode()
    child.wait(timeout=60)
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert child.returncode == 1  # cut short: not a success either
