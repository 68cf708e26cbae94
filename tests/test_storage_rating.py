"""The person's rating: Glicko-1 against the levels' fixed ratings, kept with the stats."""

from __future__ import annotations

import json
import math

import pytest

from acquire8 import rating, storage
from acquire8.ai import make_bot
from acquire8.rules import Game
from acquire8.rules.record import PERSON, GameRecord
from acquire8.storage import GameResult, Stats, Storage


def test_glicko_reproduces_glickmans_worked_example():
    # Glickman (1999), "Parameter estimation in large dynamic paired comparison experiments":
    # 1500 (RD 200) beats 1400 (RD 30), loses to 1550 (100) and 1700 (300): 1464, RD 151.5
    r, rd = rating.glicko(1500, 200, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert r == pytest.approx(1464.06, abs=0.1)
    assert rd == pytest.approx(151.5, abs=0.2)  # the paper rounds its steps


@pytest.fixture
def ladder(monkeypatch):
    """Round ratings known exactly (deviation 0), so an update can be worked by hand."""
    table = {"easy": (200.0, 0.0), "normal": (400.0, 0.0), "hard": (600.0, 0.0), "expert": (800.0, 0.0)}
    monkeypatch.setattr(rating, "LADDER", table)
    return table


def hand_update(r: float, rd: float, results: list[tuple[float, float]]) -> tuple[float, float]:
    """Glicko-1 by its formulas, for opponents rated exactly (g = 1)."""
    q = math.log(10) / 400
    es = [1 / (1 + 10 ** ((opp - r) / 400)) for opp, _ in results]
    d2_inv = q * q * sum(e * (1 - e) for e in es)
    prec = 1 / rd**2 + d2_inv
    return r + q / prec * sum(s - e for (_, s), e in zip(results, es, strict=True)), math.sqrt(1 / prec)


def test_the_first_game_moves_the_newcomer_as_worked_by_hand(ladder):
    p = rating.PersonRating()
    assert (p.value, p.rd) == (rating.NEWCOMER, rating.START_RD) == (300.0, 350.0)
    p.record([("hard", 0.0), ("easy", 1.0), ("easy", 1.0)])
    # E(hard) = 1 / (1 + 10^(300/400)) = 0.15098, E(easy) = 1 / (1 + 10^(-100/400)) = 0.64007
    # 1/d^2 = q^2 (0.15098 * 0.84902 + 2 * 0.64007 * 0.35993) = 1.95163e-5, 1/RD^2 = 8.16327e-6
    # r' = 300 + q / 2.76796e-5 * (-0.15098 + 2 * 0.35993) = 418.3, RD' = 2.76796e-5^-1/2 = 190.1
    assert (p.value, p.rd, p.games) == (418.3, 190.1, 1)
    assert p.history == [(418.3, 190.1)]


def test_recorded_games_give_the_hand_computed_ratings(ladder, tmp_path):
    """Three games against computers and one pass-and-play game, through the storage as the
    front end records them; the rating matches the formulas applied game by game."""
    store = Storage.in_directory(tmp_path)
    seats_of_games = [
        (PERSON, "hard", "easy", "easy"),
        (PERSON, "normal", "expert"),
        (PERSON, "hard", PERSON),  # pass-and-play: not rated
        ("hard", PERSON, "normal", "normal"),
    ]
    r, rd = 300.0, 350.0
    rated = 0
    for seed, seats in enumerate(seats_of_games, start=3):
        game, record = play(seats, seed)
        stats, message = store.game_over(record, final=game)
        assert message is None
        scores = game.scores()
        me = seats.index(PERSON)
        if seats.count(PERSON) == 1:
            results = [
                (ladder[lv][0], 1.0 if scores[me] > scores[s] else 0.5 if scores[me] == scores[s] else 0.0)
                for s, lv in enumerate(seats)
                if s != me
            ]
            if rated:  # the deviation grows between games
                rd = math.sqrt(rd**2 + rating.GROWTH**2)
            r, rd = hand_update(r, rd, results)
            r, rd = round(r, 1), round(max(rating.MIN_RD, rd), 1)
            rated += 1
        assert (stats.rating.value, stats.rating.rd, stats.rating.games) == (r, rd, rated)
    assert rated == 3 and len(stats.rating.history) == 3
    # "all" is the person's own games: the pass-and-play one counts in its bucket alone
    assert stats.total().played == 3 and stats.by_level["people"].played == 1
    again, message = Storage.in_directory(tmp_path).load_stats()
    assert message is None and again.rating == stats.rating  # stored as it was


def play(seats: tuple[str, ...], seed: int) -> tuple[Game, GameRecord]:
    """A whole game, the people's seats played by the normal player."""
    bots = [make_bot("normal" if kind == PERSON else kind, seed * 10 + s) for s, kind in enumerate(seats)]
    g = Game.new(players=len(seats), seed=seed)
    actions = []
    while not g.is_over:
        act = bots[g.current].choose(g.view(g.current))
        actions.append(act)
        g.apply(act)
    names = tuple(f"P{i}" for i in range(len(seats)))
    return g, GameRecord(seed=seed, names=names, seats=seats, actions=tuple(actions))


def test_old_or_damaged_stats_get_the_rating_rebuilt_from_the_kept_games(tmp_path):
    store = Storage.in_directory(tmp_path)
    for seed in (5, 6):
        game, record = play((PERSON, "hard", "normal", "easy"), seed)
        stats, _ = store.game_over(record, final=game)
    kept = stats.rating
    assert kept.games == 2
    # the same counts in format 2 (no rating): migrated, the rating replayed from the games
    old = stats.to_dict()
    old["format"] = 2
    del old["rating"]
    (tmp_path / "stats.json").write_text(json.dumps(old))
    migrated, message = Storage.in_directory(tmp_path).load_stats()
    assert message is None
    assert migrated.rating == kept and migrated.total() == stats.total()
    assert json.loads((tmp_path / "stats.json").read_text())["format"] == storage.STATS_FORMAT == 5
    # damaged stats: set aside (kept), the counts start afresh but the rating is rebuilt
    (tmp_path / "stats.json").write_text('{"format": 3, "levels": {"hard": ')
    fresh, message = Storage.in_directory(tmp_path).load_stats()
    assert message == storage.MSG_STATS_DAMAGED
    assert fresh.total().played == 0 and fresh.rating == kept
    assert list(tmp_path.glob("stats.json.bad-*"))


def test_a_game_ending_on_old_stats_is_rated_once(tmp_path):
    store = Storage.in_directory(tmp_path)
    game, record = play((PERSON, "hard", "normal"), 7)
    stats, _ = store.game_over(record, final=game)
    old = stats.to_dict()
    old["format"] = 2
    del old["rating"]
    (tmp_path / "stats.json").write_text(json.dumps(old))  # as an older version left them
    game, record = play((PERSON, "easy", "normal"), 8)
    stats, message = Storage.in_directory(tmp_path).game_over(record, final=game)
    assert message is None
    assert stats.rating.games == 2 and stats.total().played == 2  # the kept game, then this one


@pytest.mark.parametrize(
    "bad",
    [
        {"value": 100, "rd": 0, "games": 0, "history": []},
        {"value": 100, "rd": 90, "games": 1, "history": [[1, 2], [3, 4]]},  # more points than games
        {"value": "x", "rd": 90, "games": 1, "history": []},
        {"value": 100, "rd": 90, "games": 1},
    ],
)
def test_a_bad_rating_sets_the_stats_aside(tmp_path, bad):
    data = Stats().to_dict()
    data["rating"] = bad
    (tmp_path / "stats.json").write_text(json.dumps(data))
    stats, message = Storage.in_directory(tmp_path).load_stats()
    assert message == storage.MSG_STATS_DAMAGED and stats.rating == rating.PersonRating()


def test_results_name_each_computer_opponent_and_pass_and_play_names_none():
    game, _ = play((PERSON, "hard", "easy"), 4)
    scores = game.scores()
    result = GameResult.for_seats(game, (PERSON, "hard", "easy"))
    assert result is not None
    expect = [
        (lv, 1.0 if scores[0] > scores[s] else 0.5 if scores[0] == scores[s] else 0.0)
        for s, lv in ((1, "hard"), (2, "easy"))
    ]
    assert list(result.versus) == expect
    both = GameResult.for_seats(game, (PERSON, "hard", PERSON))
    assert both is not None and both.level == storage.PEOPLE and both.versus == ()


def test_nearest_level_and_advice_fit_a_line():
    weakest, strongest = rating.PICKED[0], rating.PICKED[-1]  # in rating order
    lo, hi = rating.LADDER[weakest][0], rating.LADDER[strongest][0]
    assert rating.nearest(lo - 500) == weakest and rating.nearest(hi + 500) == strongest
    for lv in rating.PICKED:
        assert rating.nearest(rating.LADDER[lv][0]) == lv
        first, second = rating.advice(rating.LADDER[lv][0])
        assert lv in first and len(first) <= 32 and len(second) <= 32


def test_one_rule_suggests_the_level_to_try_and_the_words_agree_with_it():
    """The weakest level rated above the person, or the nearest when they are within its
    interval; the stats' two lines and the setup's line say the same level."""
    ladder = [(lv, *rating.LADDER[lv]) for lv in rating.PICKED]  # weakest first
    for i, (lv, value, interval) in enumerate(ladder):
        up = ladder[i + 1][0] if i + 1 < len(ladder) else None
        cases = [
            (value, lv),  # at the level, and at either end of its interval: a match
            (value - interval, lv),
            (value + interval, lv),
            (value - interval - 1, lv),  # just under it: still the one to try
            (value + interval + 1, up or lv),  # just past it: the next one up (none: the top)
        ]
        for r, expected in cases:
            assert rating.suggested(r) == expected, (r, lv)
            first, second = rating.advice(r)
            assert len(first) <= 31 and len(second) <= 31
            assert expected in second or (up is None and r > value + interval), (r, second)
            matched = abs(r - rating.LADDER[expected][0]) <= rating.LADDER[expected][1]
            assert first.startswith("You're about as good as") == matched, (r, first)
            if not matched and r < rating.LADDER[expected][0]:
                assert first.endswith(f"and {expected}") or first == f"You're below {expected}"
    # The case reported: 674, between normal and hard, nearer hard but outside its interval.
    assert rating.advice(674) == ("You're between normal and hard", "Try the hard level next")
    top, top_value, top_interval = ladder[-1]
    assert rating.advice(top_value + top_interval + 1) == (
        f"You're above {top}",
        "The strongest level: keep at it",
    )
