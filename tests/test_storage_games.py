"""Storage of finished games (replays, the game file) and stats of format 2, migrated from 1."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from acquire8 import storage
from acquire8.ai import make_bot
from acquire8.ai.review import KeptReview, Review, Verdict
from acquire8.rules import BuyShares, Game
from acquire8.rules.record import PERSON, GameRecord, action_to_dict
from acquire8.storage import (
    KEPT_GAMES,
    GameResult,
    LevelStats,
    LocalStorageBackend,
    MemoryStorage,
    Stats,
    Storage,
    export_record,
    import_record,
    rank_of,
)
from acquire8.storage import store as store_module


def finished(seed: int, seats: tuple[str, ...] = (PERSON, "hard", "easy")) -> GameRecord:
    """A finished game of computer moves, recorded with the given seats."""
    names = ["You", "Ana", "Bob", "Cy", "Dot", "Eve"][: len(seats)]
    game = Game.new(players=len(seats), seed=seed, names=names)
    bots = [make_bot("greedy", seed + s) for s in range(len(seats))]
    actions = []
    while not game.is_over:
        action = bots[game.current].choose(game.view(game.current))
        game.apply(action)
        actions.append(action)
    return GameRecord(seed=seed, names=names, seats=seats, actions=actions)


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return finished(4)


@pytest.fixture(scope="module")
def other() -> GameRecord:
    return finished(9)


@pytest.fixture
def store(tmp_path) -> Storage:
    return Storage.in_directory(tmp_path)


def aside(directory, name: str) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.startswith(f"{name}."))


# --- the end of a game: kept and counted ------------------------------------------------------


def test_game_over_keeps_the_record_and_counts_the_stats(store, tmp_path, record):
    final = record.final()
    stats, message = store.game_over(record)
    assert message is None
    [kept], message = store.load_records()
    assert message is None
    assert replace(kept, played="") == record
    assert len(kept.played) == len("2026-12-01 09:30")  # stamped when kept
    assert kept.final() == final
    row = stats.by_level["hard"]  # the strongest opponent names the bucket
    scores = final.scores()
    assert (row.played, row.won, row.best_cash, row.average_cash) == (
        1,
        int(0 in final.winners()),
        scores[0],
        scores[0],
    )
    assert row.average_rank == rank_of(scores, 0)
    assert Storage.in_directory(tmp_path).load_stats() == (stats, None)  # stored


def test_the_last_twenty_games_are_kept_newest_first(store):
    for i in range(KEPT_GAMES + 2):
        assert store.game_over(replace(finished(100 + i), played=f"game {i}"))[1] is None
    records, message = store.load_records()
    assert message is None
    assert [r.played for r in records] == [f"game {i}" for i in range(KEPT_GAMES + 1, 1, -1)]
    assert store.load_stats()[0].total().played == KEPT_GAMES + 2  # the stats count every game


def test_a_finished_game_is_counted_once_however_often_it_ends(store, record, other):
    """The same game (seed and actions) reported over again, at another time, adds nothing:
    stats, rating and kept games count it once; another game still counts."""
    store.game_over(replace(record, played="first"))
    stats = store.load_stats()[0]
    records = store.load_records()[0]
    assert stats.total().played == 1 and len(records) == 1
    assert store.game_over(replace(record, played="again")) == (stats, None)
    assert store.load_stats()[0] == stats and store.load_records()[0] == records
    store.game_over(other)
    assert store.load_stats()[0].total().played == 2 and len(store.load_records()[0]) == 2


def test_a_game_kept_twice_is_kept_once(store, record, other):
    store.keep_record(record)
    store.keep_record(other)
    store.keep_record(record)
    assert store.load_records()[0] == [record, other]


def test_game_over_refuses_an_unfinished_game(store, record):
    with pytest.raises(ValueError, match="not finished"):
        store.game_over(replace(record, actions=record.actions[:30]))
    assert store.load_records() == ([], None)


def test_a_game_without_a_person_is_neither_kept_nor_counted(store, record):
    stats, message = store.game_over(replace(record, seats=("hard", "hard", "easy")))
    assert message is None and stats.total().played == 0
    assert store.load_records() == ([], None)


def test_pass_and_play_counts_under_people():
    record = finished(6, (PERSON, "normal", PERSON))
    final = record.final()
    result = GameResult.for_seats(final, record.seats)
    scores, winners = final.scores(), final.winners()
    assert result.level == storage.PEOPLE
    assert result.won == (0 in winners or 2 in winners)
    assert result.cash == max(scores[0], scores[2])
    assert result.rank == min(rank_of(scores, 0), rank_of(scores, 2))


def test_failing_to_keep_the_game_still_counts_it(store, record, monkeypatch):
    write = store.backend.write

    def refuse_games(key, text):
        if key == storage.GAMES:
            raise OSError("disk full")
        write(key, text)

    monkeypatch.setattr(store.backend, "write", refuse_games)
    stats, message = store.game_over(record)
    assert message == storage.MSG_GAMES_FAILED
    assert stats.total().played == 1 and store.load_stats()[0] == stats


# --- bad kept games: set aside, nothing lost ---------------------------------------------------


def games_file(*records: GameRecord, fmt: int = storage.GAMES_FORMAT) -> dict:
    return {"format": fmt, "games": [r.to_dict() for r in records]}


@pytest.mark.parametrize(
    ("make", "message", "reason"),
    [
        (lambda r: json.dumps(games_file(r))[:500], storage.MSG_GAMES_DAMAGED, "bad"),  # truncated
        (lambda r: "\x00 not json", storage.MSG_GAMES_DAMAGED, "bad"),
        (lambda r: json.dumps({"format": 1, "games": {}}), storage.MSG_GAMES_DAMAGED, "bad"),
        (lambda r: json.dumps(games_file(r, fmt=storage.GAMES_FORMAT + 1)), storage.MSG_GAMES_NEWER, "newer"),
    ],
)
def test_a_damaged_games_file_is_set_aside(store, tmp_path, record, make, message, reason):
    text = make(record)
    (tmp_path / "games.json").write_text(text, encoding="utf-8")
    assert store.load_records() == ([], message)
    [kept] = aside(tmp_path, "games.json")
    assert kept.startswith(f"games.json.{reason}-")
    assert (tmp_path / kept).read_text(encoding="utf-8") == text  # byte for byte
    assert store.game_over(record)[1] is None  # and keeping games goes on
    assert len(store.load_records()[0]) == 1


def test_one_bad_game_is_set_aside_with_the_file_and_the_good_ones_stay(store, tmp_path, record, other):
    data = games_file(record, other)
    data["games"].insert(1, {**record.to_dict(), "actions": record.to_dict()["actions"][:-5]})  # unfinished
    text = json.dumps(data)
    (tmp_path / "games.json").write_text(text)
    records, message = store.load_records()
    assert records == [record, other]
    assert message == storage.MSG_GAMES_DAMAGED
    [kept] = aside(tmp_path, "games.json")
    assert (tmp_path / kept).read_text() == text  # the bad game is in there, untouched
    assert store.load_records() == ([record, other], None)  # the good ones were written back


def test_a_bad_game_stays_in_place_when_it_cannot_be_set_aside(store, tmp_path, record, monkeypatch):
    text = json.dumps({"format": 1, "games": [record.to_dict(), {"type": "x"}]})
    (tmp_path / "games.json").write_text(text)

    def refuse(*args):
        raise OSError("read-only")

    monkeypatch.setattr(store.backend, "set_aside", refuse)
    assert store.load_records() == ([record], storage.MSG_GAMES_DAMAGED)
    assert (tmp_path / "games.json").read_text() == text  # not overwritten: nothing lost


# --- export and import ----------------------------------------------------------------------


def test_export_import_round_trip(tmp_path, record):
    path = tmp_path / "game.json"
    export_record(record, path)
    assert import_record(path) == record
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temp file left


def test_import_of_a_bad_file_names_the_problem_and_leaves_the_file(tmp_path, record):
    path = tmp_path / "game.json"
    path.write_text(record.to_json()[:-40])
    with pytest.raises(ValueError, match="invalid JSON"):
        import_record(path)
    assert path.read_text() == record.to_json()[:-40]
    with pytest.raises(ValueError, match="cannot read"):
        import_record(tmp_path / "missing.json")


def test_the_game_file_round_trip_keeps_the_game(store, tmp_path, record, other):
    assert store.exchange_location() == str(tmp_path / "acquire8-game.json")
    assert store.import_game() == (None, storage.MSG_IMPORT_NONE)
    assert store.export_game(record) is None
    fresh = Storage.in_directory(tmp_path)
    fresh.keep_record(other)
    assert fresh.import_game() == (record, None)
    assert fresh.load_records() == ([record, other], None)  # the imported one is replayable
    assert (tmp_path / "acquire8-game.json").exists()  # importing does not use the file up


BAD_FILES = {
    "damaged": (
        lambda r: '{"type": "acquire8 game record", "format": 1, "se',
        storage.MSG_IMPORT_DAMAGED,
        "bad",
    ),
    "truncated": (lambda r: r.to_json()[: len(r.to_json()) // 2], storage.MSG_IMPORT_DAMAGED, "bad"),
    "illegal move": (
        lambda r: json.dumps({**r.to_dict(), "actions": [{"type": "PlaceTile", "tile": "12I"}] * 2}),
        storage.MSG_IMPORT_DAMAGED,
        "bad",
    ),
    "foreign": (lambda r: r.final().to_json(), storage.MSG_IMPORT_FOREIGN, "foreign"),  # a position
    "newer": (lambda r: json.dumps({**r.to_dict(), "format": 2}), storage.MSG_IMPORT_NEWER, "newer"),
    "unknown way to play": (
        lambda r: json.dumps({**r.to_dict(), "options": {**r.options.to_dict(), "mode": "4v4"}}),
        storage.MSG_IMPORT_MODE,
        "newer",
    ),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_a_bad_game_file_is_set_aside_with_a_message_and_nothing_lost(store, tmp_path, record, other, case):
    make, message, reason = BAD_FILES[case]
    store.keep_record(other)
    text = make(record)
    (tmp_path / "acquire8-game.json").write_text(text, encoding="utf-8")
    assert store.import_game() == (None, message)
    assert len(message) <= 32
    [kept] = aside(tmp_path, "acquire8-game.json")
    assert kept.startswith(f"acquire8-game.json.{reason}-")
    assert (tmp_path / kept).read_text(encoding="utf-8") == text
    assert not (tmp_path / "acquire8-game.json").exists()
    assert store.load_records() == ([other], None)  # the kept games are untouched
    assert store.import_game() == (None, storage.MSG_IMPORT_NONE)


def test_games_and_the_game_file_in_local_storage(record, other):
    local = MemoryStorage()
    store = Storage(LocalStorageBackend(local))
    assert store.game_over(record)[1] is None
    assert store.export_game(other) is None
    assert store.import_game() == (other, None)
    assert [r.seed for r in store.load_records()[0]] == [other.seed, record.seed]
    assert sorted(local.items) == ["acquire8.acquire8-game", "acquire8.games", "acquire8.stats"]
    assert store.exchange_location() == "localStorage acquire8.acquire8-game"
    local.items["acquire8.acquire8-game"] = "{oops"
    assert store.import_game() == (None, storage.MSG_IMPORT_DAMAGED)
    assert [k for k in local.items if k.startswith("acquire8.acquire8-game.bad-")]


# --- stats: format 2, and format 1 migrated ------------------------------------------------------

TODAYS_STATS = {  # the stats file as the game wrote it before format 2
    "format": 1,
    "levels": {
        "hard": {"played": 7, "won": 3, "best_cash": 61200},
        "easy": {"played": 2, "won": 0, "best_cash": 30100},
        "people": {"played": 1, "won": 1, "best_cash": 45000},
    },
}


def test_stats_of_format_1_migrate_without_losing_counts(store, tmp_path):
    (tmp_path / "stats.json").write_text(json.dumps(TODAYS_STATS))
    stats, message = store.load_stats()
    assert message is None
    for level, row in TODAYS_STATS["levels"].items():
        got = stats.by_level[level]
        assert (got.played, got.won, got.best_cash) == (row["played"], row["won"], row["best_cash"])
        assert got.average_cash is None and got.average_rank is None  # unknown for old games
        assert got.streak == 0 and got.best_streak == min(row["won"], 1)
    assert stats.by_level["hard"].win_share == 3 / 7
    total = stats.total()  # the person's own games: the pass-and-play one stays in its bucket
    assert (total.played, total.won, total.best_cash) == (9, 3, 61200)
    # The next game is counted on top and stored in the new format.
    stats, message = store.record_game(GameResult(won=True, cash=50000, level="hard", rank=1.0))
    assert message is None
    hard = stats.by_level["hard"]
    assert (hard.played, hard.won, hard.best_cash, hard.average_cash, hard.average_rank) == (
        8,
        4,
        61200,
        50000,
        1.0,
    )
    assert json.loads((tmp_path / "stats.json").read_text())["format"] == storage.STATS_FORMAT == 5
    assert Storage.in_directory(tmp_path).load_stats() == (stats, None)
    assert aside(tmp_path, "stats.json") == []  # a migration is not a set-aside


def test_stats_are_written_in_todays_format(store, tmp_path):
    """The stats file as this build writes it: a change here is a change of the format, which
    older stats must survive (migrated as above)."""
    store.record_game(GameResult(won=True, cash=50000, level="hard", rank=1.0))
    row = {"played": 1, "won": 1, "best_cash": 50000, "cash_games": 1, "cash_total": 50000}
    row |= {"rank_games": 1, "rank_total": 1.0, "streak": 1, "best_streak": 1}
    store.record_game(
        GameResult(won=True, cash=61000, level="hard", rank=1.0, mode="solo", seed=7, played="x")
    )
    solo = row | {"best_cash": 61000, "cash_total": 61000}
    assert json.loads((tmp_path / "stats.json").read_text()) == {
        "format": 5,
        "levels": {"hard": row},
        "all": row,
        "rating": {"value": 300.0, "rd": 350.0, "games": 0, "history": []},
        "modes": {"solo": solo},
        "high_scores": [{"score": 61000, "played": "x", "seed": 7}],
    }


def test_stats_of_format_4_load_unchanged_with_no_other_ways_to_play(store, tmp_path):
    """Format 4 as it was written before the ways to play: its counts and rating as they were."""
    row = {"played": 1, "won": 1, "best_cash": 50000, "cash_games": 1, "cash_total": 50000}
    row |= {"rank_games": 1, "rank_total": 1.0, "streak": 1, "best_streak": 1}
    rating = {"value": 300.0, "rd": 350.0, "games": 0, "history": []}
    (tmp_path / "stats.json").write_text(
        json.dumps({"format": 4, "levels": {"hard": row}, "all": row, "rating": rating})
    )
    stats, message = store.load_stats()
    assert message is None and stats.modes == {} and stats.high_scores == []
    assert stats.by_level["hard"] == stats.total() and stats.total().best_cash == 50000
    assert stats.rating.to_dict() == rating
    assert aside(tmp_path, "stats.json") == []


def test_stats_of_format_3_leave_pass_and_play_out_of_all(store, tmp_path):
    stats = Stats()
    for won, cash, level in ((True, 40000, "hard"), (False, 20000, "hard"), (True, 30000, "people")):
        stats.record(GameResult(won=won, cash=cash, level=level, rank=1.0 if won else 3.0))
    older = stats.to_dict()
    people = stats.by_level["people"]
    for f in ("played", "won", "cash_games", "cash_total", "rank_games", "rank_total"):
        older["all"][f] += getattr(people, f)  # format 3 counted them in "all" too
    older["all"]["streak"] = older["all"]["best_streak"] = 1
    older["format"] = 3
    (tmp_path / "stats.json").write_text(json.dumps(older))
    got, message = store.load_stats()
    assert message is None and got.by_level == stats.by_level
    total = got.total()
    assert (total.played, total.won, total.average_cash) == (2, 1, 30000)
    assert aside(tmp_path, "stats.json") == []


def test_streaks_win_share_and_rank_on_hand_made_results():
    results = [
        (True, 40000, 1.0),
        (True, 52000, 1.5),  # a shared win
        (False, 20000, 3.0),
        (True, 41000, 1.0),
        (True, 38000, 1.0),
        (True, 60000, 1.0),
        (False, 9000, 4.0),
        (True, 30000, 1.0),
    ]
    stats = Stats()
    for won, cash, rank in results:
        stats.record(GameResult(won=won, cash=cash, level="normal", rank=rank))
    row = stats.by_level["normal"]
    assert (row.played, row.won, row.streak, row.best_streak) == (8, 6, 1, 3)
    assert row.win_share == 6 / 8
    assert row.best_cash == 60000
    assert row.average_cash == round(290000 / 8)
    assert row.average_rank == 13.5 / 8
    assert stats.total() == row  # one level: the overall row is the same
    stats.record(GameResult(won=True, cash=1000, level="hard"))  # no rank given: not in the average
    assert stats.total().average_rank == 13.5 / 8 and stats.total().streak == 2
    assert stats.by_level["hard"].average_rank is None and stats.by_level["hard"].average_cash == 1000


@pytest.mark.parametrize(
    ("scores", "seat", "rank"),
    [
        ([100, 200, 300], 2, 1.0),
        ([100, 200, 300], 0, 3.0),
        ([100, 200, 200, 50], 1, 1.5),
        ([100, 200, 200, 50], 0, 3.0),
        ([100, 200, 200, 50], 3, 4.0),
        ([7, 7, 7, 7], 2, 2.5),
    ],
)
def test_rank_shares_tied_places(scores, seat, rank):
    assert rank_of(scores, seat) == rank


def stats_v2(**changes) -> str:
    stats = Stats()
    stats.record(GameResult(won=True, cash=9000, level="hard", rank=1.0))
    data = stats.to_dict()
    data["levels"]["hard"].update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (stats_v2(streak=5), storage.MSG_STATS_DAMAGED),  # a streak longer than the wins
        (stats_v2(rank_total=0.5), storage.MSG_STATS_DAMAGED),  # better than first
        (stats_v2(cash_games=2), storage.MSG_STATS_DAMAGED),  # more than played
        (stats_v2(played=4), storage.MSG_STATS_DAMAGED),  # the levels no longer add up to all
        (stats_v2(colour=1), storage.MSG_STATS_DAMAGED),
        (json.dumps({"format": 6, "levels": {}, "all": {}}), storage.MSG_STATS_NEWER),
    ],
)
def test_bad_or_newer_stats_of_format_2_are_set_aside(store, tmp_path, text, message):
    (tmp_path / "stats.json").write_text(text)
    assert store.load_stats() == (Stats(), message)
    [kept] = aside(tmp_path, "stats.json")
    assert (tmp_path / kept).read_text() == text


def test_good_stats_of_format_2_load_as_stored(store, tmp_path):
    (tmp_path / "stats.json").write_text(stats_v2())
    stats, message = store.load_stats()
    assert message is None
    assert stats.by_level["hard"] == LevelStats(1, 1, 9000, 1, 9000, 1, 1.0, 1, 1)


def test_kept_games_changed_behind_the_stores_back_are_checked_again(store, tmp_path, record):
    store.game_over(record)
    assert store.load_records() == ([replace(record, played=store.load_records()[0][0].played)], None)
    data = json.loads((tmp_path / "games.json").read_text())
    data["games"][0]["actions"] = data["games"][0]["actions"][:10]  # no longer a finished game
    (tmp_path / "games.json").write_text(json.dumps(data))
    assert store.load_records() == ([], storage.MSG_GAMES_DAMAGED)  # the same store, not fooled
    assert len(aside(tmp_path, "games.json")) == 1


# --- the file's layout: a game's end adds its game by lines -----------------------------------


def test_kept_games_are_written_one_to_a_line_as_json(store, tmp_path, record, other):
    store.keep_record(record)
    store.keep_record(other)
    text = (tmp_path / "games.json").read_text()
    lines = text.split("\n")
    assert len(lines) == 4  # the envelope's head, two games, its tail
    assert json.loads(text) == games_file(other, record)
    assert [json.loads(line.removesuffix(",")) for line in lines[1:3]] == [other.to_dict(), record.to_dict()]


def test_keeping_a_game_reads_no_kept_game(store, tmp_path, record, other, monkeypatch):
    """The end of a game on a handheld: twenty kept games are neither parsed nor replayed."""
    for i in range(KEPT_GAMES):
        store.keep_record(replace(record, played=f"game {i}"))

    def refuse(*args, **kwargs):
        raise AssertionError("a kept game was read")

    monkeypatch.setattr(store_module.json, "loads", refuse)
    monkeypatch.setattr(GameRecord, "from_dict", refuse)
    assert store.keep_record(other) is None
    monkeypatch.undo()
    records, message = store.load_records()
    assert message is None
    assert records == [other, *(replace(record, played=f"game {i}") for i in range(KEPT_GAMES - 1, 0, -1))]


def test_a_games_file_in_another_layout_is_checked_and_rewritten(store, tmp_path, record, other):
    """A file written compactly (an earlier version) or by hand: read through once, then lines."""
    (tmp_path / "games.json").write_text(json.dumps(games_file(record), indent=1))
    assert store.keep_record(other) is None
    assert len((tmp_path / "games.json").read_text().split("\n")) == 4
    assert store.load_records() == ([other, record], None)


def test_a_bad_line_among_kept_games_is_caught_when_they_are_shown(store, tmp_path, record, other):
    store.keep_record(record)
    path = tmp_path / "games.json"
    head, game, tail = path.read_text().split("\n")
    path.write_text("\n".join([head, '{"type": "x"},', game, tail]))
    assert store.keep_record(other) is None  # the end of a game does not look into the others
    assert store.load_records() == ([other, record], storage.MSG_GAMES_DAMAGED)
    assert len(aside(tmp_path, "games.json")) == 1  # the file with the bad game, as it was


def test_an_unreadable_games_file_is_set_aside_not_overwritten(store, tmp_path, record, other, monkeypatch):
    store.keep_record(record)
    real_read = store.backend.read

    def unreadable(key):
        if key == storage.GAMES:
            raise OSError("I/O error")
        return real_read(key)

    monkeypatch.setattr(store.backend, "read", unreadable)
    store.keep_record(other)
    monkeypatch.undo()
    [kept] = aside(tmp_path, "games.json")
    assert json.loads((tmp_path / kept).read_text()) == games_file(record)  # nothing lost


# --- the expert's reviews, kept with their games (format 2) ---------------------------------


def a_review(record: GameRecord) -> KeptReview:
    """A review of the person's seat by hand: one costly purchase, one good one."""
    buys = [i for i, a in enumerate(record.actions) if isinstance(a, BuyShares)]
    costly = Verdict(buys[0], 1, 0, record.actions[buys[0]], BuyShares(("T",)), 2100, "mistake")
    fine = Verdict(buys[1], 2, 0, record.actions[buys[1]], record.actions[buys[1]], 0, "good")
    return KeptReview(16, 0, ((0, 87.5),), (costly, fine))


def test_a_review_is_kept_with_its_game_in_the_format_written_today(store, tmp_path, record, other):
    store.keep_record(record)
    store.keep_record(other)
    review = a_review(record)
    assert store.keep_review(record, review) is None
    lines = (tmp_path / "games.json").read_text().split("\n")
    assert lines[0] == '{"format":2,"games":['
    assert lines[1] == other.to_json() + ","  # the other game's line as it was
    kept = json.loads(lines[2])
    assert kept.pop("review") == {
        "format": 1,
        "iterations": 16,
        "seed": 0,
        "seats": [{"seat": 0, "accuracy": 87.5}],
        "decisions": [
            {
                "action": review.verdicts[0].index,
                "turn": 1,
                "seat": 0,
                "class": "mistake",
                "cost": 2100,
                "best": {"type": "BuyShares", "chains": ["T"]},
            },
            {
                "action": review.verdicts[1].index,
                "turn": 2,
                "seat": 0,
                "class": "good",
                "cost": 0,
                "best": json.loads(record.to_json())["actions"][review.verdicts[1].index],
            },
        ],
    }
    assert kept == record.to_dict()  # the record itself unchanged
    again = Storage.in_directory(tmp_path)  # loaded back by another store
    assert again.load_records() == ([other, record], None)
    assert again.load_review(record) == review and again.load_review(other) is None
    assert again.load_review(replace(record, played="another day")) == review  # the same game
    assert again.keep_record(record) is None  # kept again: still once, with its review
    assert again.load_records()[0] == [record, other] and again.load_review(record) == review


def test_kept_games_of_format_1_load_unchanged_and_take_reviews(store, tmp_path, record, other):
    text = "\n".join(['{"format":1,"games":[', record.to_json() + ",", other.to_json(), "]}"])
    (tmp_path / "games.json").write_text(text)
    assert store.load_records() == ([record, other], None)
    assert store.load_review(record) is None
    assert store.keep_record(other) is None  # kept again: one line each, the file format 2
    assert store.keep_review(record, a_review(record)) is None
    fresh = Storage.in_directory(tmp_path)
    assert fresh.load_records() == ([other, record], None)
    assert fresh.load_review(record) == a_review(record)
    assert (tmp_path / "games.json").read_text().startswith('{"format":2,')


@pytest.mark.parametrize(
    "damage",
    [
        {"class": "awful"},
        {"action": 10_000},
        {"cost": -5},
        {"best": {"type": "Fly"}},
    ],
)
def test_a_damaged_review_is_set_aside_and_its_game_stays(store, tmp_path, record, other, damage):
    store.keep_record(record)
    store.keep_record(other)
    store.keep_review(other, a_review(other))
    store.keep_review(record, a_review(record))
    path = tmp_path / "games.json"
    data = json.loads(path.read_text())
    data["games"][1]["review"]["decisions"][0].update(damage)
    text = json.dumps(data)
    path.write_text(text)
    fresh = Storage.in_directory(tmp_path)
    assert fresh.load_records() == ([other, record], storage.MSG_REVIEW_DAMAGED)
    assert fresh.load_review(record) is None and fresh.load_review(other) == a_review(other)
    [kept] = aside(tmp_path, "games.json")
    assert (tmp_path / kept).read_text() == text  # the damaged review is in there, untouched
    assert Storage.in_directory(tmp_path).load_records() == ([other, record], None)  # written back
    assert Storage.in_directory(tmp_path).load_review(other) == a_review(other)


def test_a_review_of_a_game_no_longer_kept_is_not_kept(store, record, other):
    store.keep_record(other)
    assert store.keep_review(record, a_review(record)) is None
    assert store.load_review(record) is None and store.load_records() == ([other], None)


# --- the review left half done (reviewing.json) ------------------------------------------------


def half_done(record: GameRecord) -> Review:
    review = Review(record, seats=[0], iterations=2, seed=5)
    while review.progress[0] < 3:
        review.step(1.0)
    return review


def test_a_review_left_half_done_is_written_in_todays_format_and_taken_up(store, tmp_path, record, other):
    review = half_done(record)
    assert store.save_reviewing(record, review.to_dict()) is None
    data = json.loads((tmp_path / "reviewing.json").read_text())
    first = review.decisions[0]
    assert data["format"] == 1 and data["game"] == record.to_dict()
    assert data["review"] == {
        "format": 1,
        "iterations": 2,
        "seed": 5,
        "seats": [0],
        "decisions": [
            {
                "action": first.index,
                "best": json.loads(json.dumps(action_to_dict(first.best))),
                "cost": first.cost,
                "se": first.se,
                "deals": first.deals,
                "options": first.options,
            },
            *data["review"]["decisions"][1:],
        ],
    }
    assert [d["action"] for d in data["review"]["decisions"]] == [d.index for d in review.decisions]
    taken, message = Storage.in_directory(tmp_path).load_reviewing(
        replace(record, played="later"), Review.resumed
    )
    assert message is None and taken is not None
    assert taken.decisions == review.decisions and taken.progress == review.progress
    assert store.load_reviewing(other, Review.resumed) == (None, None)  # another game's: not taken up
    store.drop_reviewing(other)
    assert (tmp_path / "reviewing.json").exists()
    store.drop_reviewing(record)  # its review finished
    assert (
        store.load_reviewing(record, Review.resumed) == (None, None)
        and not (tmp_path / "reviewing.json").exists()
    )


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d["review"]["decisions"][1].update(action=-1),  # not this game's decision
        lambda d: d["review"].update(iterations="many"),
        lambda d: d.update(review=[]),
        lambda d: d.update(format=2),  # newer
    ],
)
def test_a_damaged_review_under_way_is_set_aside_and_started_again(store, tmp_path, record, damage):
    store.save_reviewing(record, half_done(record).to_dict())
    path = tmp_path / "reviewing.json"
    data = json.loads(path.read_text())
    damage(data)
    text = json.dumps(data)
    path.write_text(text)
    assert store.load_reviewing(record, Review.resumed) == (None, storage.MSG_REVIEWING_DAMAGED)
    [kept] = aside(tmp_path, "reviewing.json")
    assert (tmp_path / kept).read_text() == text
