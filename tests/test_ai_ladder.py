"""The rating ladder: pairwise finishes, the Bradley-Terry fit, its intervals and schedule."""

from __future__ import annotations

import math
import random

import pytest

from acquire8.ai import SPECS, ladder
from acquire8.ai.ladder import Finish


def test_pairwise_finishes_count_ties_as_halves_and_skip_a_level_against_itself():
    games = [Finish(("hard", "easy", "easy", "normal"), (50, 40, 40, 60))]
    wins = ladder.pairwise(games)
    assert wins[("hard", "easy")] == 2 and wins[("easy", "hard")] == 0
    assert wins[("normal", "hard")] == 1 and wins[("easy", "normal")] == 0
    assert ("easy", "easy") not in wins
    tied = ladder.pairwise([Finish(("a", "b"), (7, 7))])
    assert tied == {("a", "b"): 0.5, ("b", "a"): 0.5}


def test_the_fit_recovers_known_strengths_from_simulated_games():
    true = {"random": 350.0, "greedy": 500.0, "hard": 850.0}
    rng = random.Random(3)
    games = []
    for _ in range(1500):  # two-player games drawn from the model itself
        for a, b in (("random", "greedy"), ("random", "hard"), ("greedy", "hard")):
            p = ladder.expected(true[a], true[b])
            games.append(Finish((a, b), (1, 0) if rng.random() < p else (0, 1)))
    got = ladder.fit(ladder.pairwise(games))
    assert got["greedy"] == 500
    for lv in true:
        assert got[lv] == pytest.approx(true[lv], abs=35)


def test_a_level_that_never_lost_still_gets_a_finite_rating():
    games = [Finish(("hard", "random"), (2, 1))] * 20
    got = ladder.fit(ladder.pairwise(games))
    assert math.isfinite(got["hard"]) and got["hard"] - got["random"] > 300


def test_bootstrap_intervals_hold_the_estimate_and_order_the_gaps():
    rng = random.Random(5)
    games = []
    for _ in range(300):
        p = ladder.expected(700, 500)
        games.append(Finish(("hard", "greedy"), (1, 0) if rng.random() < p else (0, 1)))
    lad = ladder.rate(games, boot=100, seed=2)
    assert lad.low["hard"] <= lad.ratings["hard"] <= lad.high["hard"]
    assert 600 < lad.ratings["hard"] < 800 and lad.high["hard"] - lad.low["hard"] < 200
    [(lo_level, hi_level, gap, glo, ghi)] = lad.gaps
    assert (lo_level, hi_level) == ("greedy", "hard") and glo <= gap <= ghi
    text = "\n".join(lad.lines())
    assert "hard" in text and "[" in text


def searchers_and_cheap() -> tuple[list[str], list[str]]:
    """The levels that search and those that do not, weakest first, from their records."""
    searching = {s.name for s in SPECS if s.searches}
    return [lv for lv in ladder.ORDER if lv in searching], [lv for lv in ladder.ORDER if lv not in searching]


def test_the_schedule_rotates_every_deal_through_every_seat():
    games = ladder.schedule(deals=2, expert_deals=1, seed=1)
    searchers, cheap = searchers_and_cheap()
    cheap_games = [g for g in games if not set(searchers) & set(g[0])]
    assert len(cheap_games) == math.comb(len(cheap), 4) * 2 * 4  # each set of four, two deals, four seats
    by_tile: dict[int, list[tuple[str, ...]]] = {}
    for levels, tile in games:
        by_tile.setdefault(tile, []).append(levels)
    for seatings in by_tile.values():
        assert len(seatings) == 4
        for lv in seatings[0]:
            assert sorted(s.index(lv) for s in seatings) == [0, 1, 2, 3] or seatings[0].count(lv) > 1
    # Each searcher with the strongest cheap level and every two others, and with three of it.
    with_searcher = len(searchers) * (math.comb(len(cheap) - 1, 2) + 1) * 4
    assert sum(bool(set(searchers) & set(g[0])) for g in games) == with_searcher


def test_a_yardstick_level_joins_the_ladder_as_the_expert_does_and_leaves_the_rest_as_it_was():
    plain = ladder.schedule(deals=1, expert_deals=1, seed=3)
    games = ladder.schedule(deals=1, expert_deals=1, seed=3, yardstick=["ismcts-intern"], yardstick_deals=2)
    assert games[: len(plain)] == plain  # the same games and deals before it
    added = games[len(plain) :]
    _, cheap = searchers_and_cheap()
    assert all("ismcts-intern" in levels for levels, _ in added)
    assert len(added) == (math.comb(len(cheap) - 1, 2) + 1) * 2 * 4  # its sets, two deals, four seats
    assert ("ismcts-intern", "hard", "hard", "hard") in [levels for levels, _ in added]
    assert len({tile for _, tile in games}) == len(games) // 4  # every deal a new tile seed


def test_the_ladder_plays_and_rates_a_yardstick_level(capsys, monkeypatch):
    from bench import ismcts

    monkeypatch.setitem(ismcts.LEVELS, "intern", 4)  # a few iterations a decision: fast
    finish, _ = ladder.play(("ismcts-intern", "hard", "greedy", "random"), 7)
    assert finish.levels[0] == "ismcts-intern" and len(finish.scores) == 4
    monkeypatch.setattr(ladder, "schedule", lambda *a: [(("ismcts-intern", "greedy", "random", "easy"), 9)])
    ladder.main(["--yardstick", "intern", "--boot", "5"])
    assert "\nismcts-intern" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        ladder.main(["--yardstick", "nobody"])


def test_a_short_ladder_orders_the_cheap_levels():
    plan = ladder.schedule(deals=3, expert_deals=0, seed=2)
    games = [ladder.play(levels, tile)[0] for levels, tile in plan]
    got = ladder.fit(ladder.pairwise(games))
    assert got["hard"] > got["normal"] > got["easy"]


def test_the_command_line_prints_the_ladder_with_intervals_and_gaps(capsys):
    ladder.main(["--deals", "1", "--expert-deals", "0", "--boot", "20"])
    out = capsys.readouterr().out
    cheap = [s.name for s in SPECS if not s.searches]
    games = math.comb(len(cheap), 4) * 4  # each set of four cheap levels, one deal, four seats
    assert f"{games} games of 4" in out
    for level in cheap:
        assert f"\n{level}" in out
    assert "greedy     500  [  500,   500]" in out and "->" in out and "95% interval" in out


def test_two_processes_play_the_same_games_in_the_same_order(capsys):
    def ladder_lines(jobs: str) -> list[str]:
        ladder.main(["--deals", "1", "--expert-deals", "0", "--boot", "20", "--jobs", jobs])
        return capsys.readouterr().out.splitlines()[1:]  # the first line tells the time taken

    assert ladder_lines("2") == ladder_lines("1")


def test_a_kept_run_resumes_with_only_the_missing_games_and_rates_them_all_in_order(tmp_path, monkeypatch):
    keep = tmp_path / "ladder.jsonl"
    tasks = [(levels, tile, {}) for levels, tile in ladder.schedule(deals=1, expert_deals=0, seed=5)][:8]
    whole, read = ladder.play_all(tasks)
    assert read == 0
    ladder.play_all(tasks[:3], keep=keep)  # a run stopped after three games
    played = []
    real = ladder._play_task
    monkeypatch.setattr(ladder, "_play_task", lambda task: played.append(task) or real(task))
    assert ladder.play_all(tasks, keep=keep) == (whole, 3)
    assert played == tasks[3:]  # only the games it did not have
    assert len(keep.read_text().splitlines()) == len(tasks)
    played.clear()
    assert ladder.play_all(tasks, keep=keep) == (whole, len(tasks)) and played == []


def test_a_file_that_is_not_a_ladder_run_is_named_and_left_as_it_was(tmp_path, capsys):
    keep = tmp_path / "notes.txt"
    keep.write_text("my notes\n")
    with pytest.raises(SystemExit):
        ladder.main(["--deals", "1", "--expert-deals", "0", "--boot", "5", "--keep", str(keep)])
    assert "line 1 is not a ladder game" in capsys.readouterr().err
    assert keep.read_text() == "my notes\n"
    with pytest.raises(SystemExit):  # a folder, not a file
        ladder.main(["--deals", "1", "--expert-deals", "0", "--boot", "5", "--keep", str(tmp_path)])
    assert "cannot be read as a ladder run" in capsys.readouterr().err


def test_the_command_line_says_how_many_games_it_read_from_its_file(tmp_path, capsys):
    keep = tmp_path / "ladder.jsonl"
    argv = ["--deals", "1", "--expert-deals", "0", "--boot", "5", "--keep", str(keep)]
    ladder.main(argv)
    first = capsys.readouterr().out
    ladder.main(argv)
    again = capsys.readouterr().out
    assert "read from" not in first
    games = math.comb(len([s for s in SPECS if not s.searches]), 4) * 4
    assert f"{games} games of 4, seed 1, seat-rotated (" in again
    assert f"; {games} of them read from {keep})" in again
    assert again.splitlines()[1:] == first.splitlines()[1:]  # the same ladder


def test_kept_runs_are_rated_together_and_a_missing_file_is_named(tmp_path, capsys, monkeypatch):
    first, second = tmp_path / "seed1.jsonl", tmp_path / "seed2.jsonl"
    for keep, seed in ((first, "1"), (second, "2")):
        argv = ["--deals", "1", "--expert-deals", "0", "--boot", "5", "--seed", seed, "--keep", str(keep)]
        ladder.main(argv)
    capsys.readouterr()
    monkeypatch.setattr(ladder, "_play_task", lambda task: pytest.fail(f"played {task}"))
    ladder.main(["--boot", "5", "--rate", str(first), str(second)])
    out = capsys.readouterr().out.splitlines()
    games = math.comb(len([s for s in SPECS if not s.searches]), 4) * 4
    assert out[0] == f"{2 * games} games read from {first}, {second}"
    pooled = [ladder.read_kept(f) for f in (first, second)]
    finishes = [finish for kept in pooled for finish, _ in kept.values()]
    assert out[1:-1] == ladder.rate(finishes, boot=5, seed=1).lines()  # both runs' games, one fit
    with pytest.raises(SystemExit):
        ladder.main(["--rate", str(first), str(tmp_path / "gone.jsonl")])
    assert "gone.jsonl: no such file of kept games" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        ladder.main(["--rate", str(first), str(first)])
    assert f"{first}: {games} of its games were read already" in capsys.readouterr().err
