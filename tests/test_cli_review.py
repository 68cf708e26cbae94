"""`acquire8 review FILE`: the expert's review of a game file, as text and as JSON."""

from __future__ import annotations

import io
import json
import re
import sys

import pytest

from acquire8.ai import make_bot
from acquire8.ai.match import record_game
from acquire8.ai.review import CLASSES, Review
from acquire8.cli import BAR_WIDTH, main
from acquire8.rules.record import action_to_dict
from acquire8.storage import export_record
from tests.cli import run

FAST = ["--iterations", "3"]


@pytest.fixture(scope="module")
def game_file(tmp_path_factory):
    levels = ["easy", "greedy"]
    record = record_game([make_bot(lv, 8 + s) for s, lv in enumerate(levels)], 21, levels, ["Ann", "Bo"])
    path = tmp_path_factory.mktemp("review") / "game.json"
    export_record(record, path)
    return record, path


@pytest.fixture(scope="module")
def as_json(game_file):
    """The JSON review of the first seat, printed twice (pytest's capsys is per test)."""
    import contextlib
    import io

    outs = []
    for _ in range(2):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            main(["review", str(game_file[1]), "--seat", "1", "--json", *FAST])
        outs.append(buf.getvalue())
    return outs


def test_json_has_the_seats_and_every_decision_and_agrees_with_the_review(game_file, as_json):
    record, _ = game_file
    data = json.loads(as_json[0])
    review = Review(record, seats=[0], iterations=3)
    review.run()
    [seat] = data["seats"]
    assert seat["name"] == "Ann" and seat["seat"] == 1
    assert seat["accuracy"] == round(review.accuracy(0), 1)
    assert {c: seat[c] for c in CLASSES} == review.counts(0)
    assert len(data["decisions"]) == len(review.decisions) > 0
    for got, d in zip(data["decisions"], review.decisions, strict=True):
        assert got["seat"] == 1 and got["turn"] == d.turn
        assert got["played"] == action_to_dict(d.played) and got["best"] == action_to_dict(d.best)
        assert got["cost"] == round(d.cost) and got["class"] == d.kind


def test_the_same_review_twice(as_json):
    assert as_json[0] == as_json[1]


def test_text_lists_decisions_then_the_accuracy_of_every_seat(game_file, capsys):
    record, path = game_file
    code, out, err = run(["review", str(path), "--iterations", "2"], capsys)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Review of the game of seed 21: Ann (easy), Bo (greedy); 2 deals a decision"
    assert lines[-2].startswith("Ann (easy): accuracy ") and lines[-1].startswith("Bo (greedy): accuracy ")
    moves = lines[1:-2]
    review = Review(record, iterations=2)
    review.run()
    assert len(moves) == len(review.decisions)
    for line, d in zip(moves, review.decisions, strict=True):
        assert line.startswith(f"turn {d.turn:>3}  {record.names[d.seat]}")
        assert ("forced" if d.forced else d.kind) in line
        assert ("better" in line) == (d.best != d.played)
    for seat, line in enumerate(lines[-2:]):  # the counts add up to every decision of the seat
        counts = [int(n) for n in re.findall(r"(\d+) (?:good|inaccuracy|mistake|blunder|forced)", line)]
        assert len(counts) == len(CLASSES) + 1 and sum(counts) == len(review.of(seat)), line


class Terminal(io.StringIO):
    """A stderr that is a terminal."""

    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_review_shows_its_progress_on_stderr_and_only_there(game_file, capsys, monkeypatch):
    record, path = game_file
    code, quiet_out, err = run(["review", str(path), "--seat", "1", *FAST], capsys)
    assert (code, err) == (0, "")  # not a terminal: nothing on stderr
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code, out, _ = run(["review", str(path), "--seat", "1", *FAST], capsys)
    total = sum(1 for d in Review(record, seats=[0], iterations=3).run())
    shown = terminal.getvalue().split("\r")[1:]
    assert code == 0 and out == quiet_out  # stdout as without a terminal
    assert len(shown) == total and shown[0].endswith(f" 1/{total} decisions")
    assert shown[-1] == f"[{'#' * BAR_WIDTH}] {total}/{total} decisions\n"


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{", "invalid JSON"),
        ('{"format": 1, "levels": {}}', "not an acquire8 game record"),
        (None, "cannot read"),
    ],
)
def test_a_damaged_or_foreign_file_is_one_line_and_a_failure(tmp_path, capsys, content, problem):
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content)
    code, out, err = run(["review", str(path), *FAST], capsys)
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"acquire8 review: {path}: ") and problem in err


def test_a_seat_the_game_did_not_have_is_refused(game_file, capsys):
    code, out, err = run(["review", str(game_file[1]), "--seat", "3", *FAST], capsys)
    assert (code, out) == (1, "") and err == "acquire8 review: no seat 3: the game had 2 players\n"


def test_a_kept_game_is_reviewed_by_its_number_and_a_bad_number_fails(game_file, tmp_path, capsys):
    from acquire8.storage import Storage

    record, path = game_file
    store = Storage.in_directory(tmp_path)
    assert store.keep_record(record) is None
    by_number = run(["review", "1", "--data", str(tmp_path), "--seat", "1", "--json", *FAST], capsys)
    by_file = run(["review", str(path), "--seat", "1", "--json", *FAST], capsys)
    assert by_number[0] == by_file[0] == 0 and json.loads(by_number[1]) == json.loads(by_file[1])
    for bad in ("2", "0"):
        code, out, err = run(["review", bad, "--data", str(tmp_path)], capsys)
        assert code == 1 and out == ""
        assert err == f"acquire8 review: no game {bad}: 1 kept (see 'acquire8 games')\n"
