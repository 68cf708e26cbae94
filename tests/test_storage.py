"""Storage: settings, the autosave and stats survive restarts; bad records are set aside, never lost."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import types

import pytest

from acquire8 import storage
from acquire8.ai import make_bot
from acquire8.app.text import LINE_CHARS
from acquire8.rules import Game, Options
from acquire8.storage import (
    MAX_OPPONENTS,
    FileBackend,
    GameResult,
    LevelStats,
    LocalStorageBackend,
    MemoryStorage,
    Settings,
    Storage,
    backends,
)
from acquire8.storage import messages as messages_module

META = {
    "names": ["You", "Ana", "Bo", "Cy"],
    "humans": [0],
    "bots": [
        None,
        {"level": "hard", "seed": 11},
        {"level": "easy", "seed": 2},
        {"level": "normal", "seed": 3},
    ],
    "settings": Options().to_dict(),
}


def play(game: Game, actions: int, seed: int = 3) -> Game:
    """Advance `game` by computer moves (deterministic for a seed)."""
    bots = [make_bot("greedy", seed + s) for s in range(game.players)]
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(bots[game.current].choose(game.view(game.current)))
    return game


@pytest.fixture
def mid_game() -> Game:
    return play(Game.new(players=4, seed=7), 40)


@pytest.fixture
def store(tmp_path) -> Storage:
    return Storage.in_directory(tmp_path)


def files(directory) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


def aside(directory, stem: str) -> list[str]:
    return [n for n in files(directory) if n.startswith(f"{stem}.json.")]


# --- the autosave ---------------------------------------------------------------------------


def test_missing_save_means_no_continue_and_no_message(store, tmp_path):
    assert store.load_game() == (None, None)
    assert files(tmp_path) == []


def test_save_and_continue_gives_the_identical_game(store, mid_game):
    assert store.save_game(mid_game, META) is None
    saved, message = store.load_game()
    assert message is None
    assert saved.meta == META
    assert saved.game.to_json() == mid_game.to_json()
    # Same hands and pool order: both copies play on identically, random draws included.
    play(saved.game, 60, seed=5)
    play(mid_game, 60, seed=5)
    assert saved.game.to_json() == mid_game.to_json()


def test_save_accepts_the_json_text_too(store, mid_game):
    assert store.save_game(mid_game.to_json(), {"x": 1}) is None
    saved, _ = store.load_game()
    assert saved.game.to_json() == mid_game.to_json()
    envelope = json.loads((store.backend.path("save")).read_text())
    assert envelope["format"] == storage.SAVE_FORMAT
    assert envelope["meta"] == {"x": 1}


def test_a_save_is_written_in_todays_format(store, mid_game):
    """The save file as this build writes it (its game: the position format, pinned by the
    rules' tests): a change here is a change of the format, which older saves must survive."""
    store.save_game(mid_game, META)
    written = json.loads(store.backend.path("save").read_text())
    assert written == {"format": 1, "meta": META, "game": json.loads(mid_game.to_json())}


def test_later_save_replaces_the_earlier(store, mid_game):
    store.save_game(Game.new(players=3, seed=1), META)
    store.save_game(mid_game, META)
    saved, _ = store.load_game()
    assert saved.game.to_json() == mid_game.to_json()


@pytest.mark.parametrize("crash_in", ["replace", "fsync"])
def test_crash_mid_write_keeps_the_old_save(store, mid_game, tmp_path, monkeypatch, crash_in):
    old = Game.new(players=3, seed=1)
    store.save_game(old, META)
    before = files(tmp_path)

    def crash(*args, **kwargs):
        raise OSError("power cut")

    monkeypatch.setattr(os, crash_in, crash)
    assert store.save_game(mid_game, META) == storage.MSG_SAVE_FAILED
    monkeypatch.undo()
    assert files(tmp_path) == before  # no temp file left behind
    saved, message = store.load_game()
    assert message is None
    assert saved.game.to_json() == old.to_json()


def test_delete_save_after_the_game_ends(store, mid_game, tmp_path):
    store.save_game(mid_game, META)
    store.delete_save()
    assert store.load_game() == (None, None)
    assert files(tmp_path) == []
    store.delete_save()  # nothing to delete: still fine


def envelope(game: Game, fmt: int = storage.SAVE_FORMAT) -> dict:
    return {"format": fmt, "meta": META, "game": json.loads(game.to_json())}


def broken_game(game: Game) -> str:
    data = envelope(game)
    data["game"]["board"][0] = "TTTT"  # a row of 4 squares: Game.from_json raises ValueError
    return json.dumps(data)


def newer_game(game: Game) -> str:
    data = envelope(game)
    data["game"]["format"] = 99  # the rules core's own position format is newer
    return json.dumps(data)


BAD_SAVES = {
    "truncated": (lambda g: json.dumps(envelope(g))[:200], storage.MSG_SAVE_DAMAGED, "bad"),
    "corrupt json": (lambda g: '{"format": 1, "meta": {}, "game": {"boa', storage.MSG_SAVE_DAMAGED, "bad"),
    "binary junk": (lambda g: "\x00\xff\xfe garbage", storage.MSG_SAVE_DAMAGED, "bad"),
    "empty file": (lambda g: "", storage.MSG_SAVE_DAMAGED, "bad"),
    "not an object": (lambda g: "[1, 2, 3]", storage.MSG_SAVE_DAMAGED, "bad"),
    "no format": (lambda g: json.dumps({"meta": {}, "game": {}}), storage.MSG_SAVE_DAMAGED, "bad"),
    "no meta": (lambda g: json.dumps({"format": 1, "game": {}}), storage.MSG_SAVE_DAMAGED, "bad"),
    "invalid game": (broken_game, storage.MSG_SAVE_DAMAGED, "bad"),
    "newer version": (lambda g: json.dumps(envelope(g, fmt=2)), storage.MSG_SAVE_NEWER, "newer"),
    "newer game format": (newer_game, storage.MSG_SAVE_NEWER, "newer"),
}


@pytest.mark.parametrize("case", list(BAD_SAVES))
def test_bad_save_is_set_aside_with_a_message_and_the_game_starts_cleanly(store, mid_game, tmp_path, case):
    make_text, expected_message, reason = BAD_SAVES[case]
    text = make_text(mid_game)
    (tmp_path / "save.json").write_text(text, encoding="utf-8")

    saved, message = store.load_game()

    assert saved is None
    assert message == expected_message
    kept = aside(tmp_path, "save")
    assert len(kept) == 1 and kept[0].startswith(f"save.json.{reason}-")
    assert (tmp_path / kept[0]).read_text(encoding="utf-8") == text  # kept byte for byte
    assert not (tmp_path / "save.json").exists()
    # Starting cleanly: the next load finds nothing, and a new save works.
    assert store.load_game() == (None, None)
    assert store.save_game(mid_game, META) is None
    assert store.load_game()[0].game.to_json() == mid_game.to_json()


def test_undecodable_bytes_are_kept_aside_unchanged(store, tmp_path):
    raw = b'{"format": 1, \xff\xfe\x00'
    (tmp_path / "save.json").write_bytes(raw)
    assert store.load_game() == (None, storage.MSG_SAVE_DAMAGED)
    [kept] = aside(tmp_path, "save")
    assert (tmp_path / kept).read_bytes() == raw


def test_two_bad_saves_in_the_same_second_are_both_kept(store, tmp_path, monkeypatch):
    monkeypatch.setattr(backends, "_stamp", lambda: "20260101-000000")
    for text in ("first {", "second {"):
        (tmp_path / "save.json").write_text(text)
        assert store.load_game() == (None, storage.MSG_SAVE_DAMAGED)
    kept = aside(tmp_path, "save")
    assert kept == ["save.json.bad-20260101-000000", "save.json.bad-20260101-000000-2"]
    assert sorted((tmp_path / k).read_text() for k in kept) == ["first {", "second {"]


def test_unreadable_save_is_reported_not_raised(store, tmp_path):
    (tmp_path / "save.json").mkdir()  # reading a directory fails with an OSError
    assert store.load_game() == (None, storage.MSG_SAVE_DAMAGED)
    assert aside(tmp_path, "save")[0].startswith("save.json.unreadable-")


def test_set_aside_failure_still_starts_cleanly(store, tmp_path, monkeypatch):
    (tmp_path / "save.json").write_text("{oops")

    def refuse(*args, **kwargs):
        raise OSError("read-only")

    monkeypatch.setattr(store.backend, "set_aside", refuse)
    assert store.load_game() == (None, storage.MSG_SAVE_DAMAGED)
    assert (tmp_path / "save.json").read_text() == "{oops"  # still there, untouched


def test_messages_fit_one_line_of_the_screen():
    messages = [v for k, v in vars(messages_module).items() if k.startswith("MSG_")]
    assert len(messages) >= 8
    assert all(len(m) <= LINE_CHARS for m in messages), messages


# --- settings -------------------------------------------------------------------------------


def test_settings_default_when_missing(store):
    assert store.load_settings() == (Settings(), None)
    s = Settings()
    assert (s.music, s.effects, s.pace, s.opponents, s.options.end, s.options.holdings, s.high_contrast) == (
        True,
        True,
        "normal",
        3,
        "declare",
        "open",
        False,
    )
    assert s.opponent_levels() == ["normal"] * 3


def test_settings_persist_across_restarts(tmp_path):
    chosen = Settings(
        music=False,
        effects=False,
        pace="instant",
        opponents=2,
        levels=["expert", "easy", "hard", "normal", "hard"],
        options=Options(end="auto", holdings="hidden"),
        high_contrast=True,
    )
    assert Storage.in_directory(tmp_path).save_settings(chosen) is None
    loaded, message = Storage.in_directory(tmp_path).load_settings()  # a new process, as it were
    assert message is None
    assert loaded == chosen
    assert loaded.opponent_levels() == ["expert", "easy"]
    assert (loaded.options.end, loaded.options.holdings) == ("auto", "hidden")


def test_out_of_range_settings_are_replaced_by_defaults_with_a_message(store, tmp_path):
    data = Settings(music=False, pace="fast").to_dict()
    data.update(opponents=9, holdings="secret", effects="yes", levels=["hard", "godlike"], colour="red")
    (tmp_path / "settings.json").write_text(json.dumps(data))
    loaded, message = store.load_settings()
    assert message == storage.MSG_SETTINGS_RESET
    assert loaded.music is False and loaded.pace == "fast"  # good values are kept
    assert loaded.opponents == 3 and loaded.options.holdings == "open" and loaded.effects is True
    assert loaded.levels == ["hard", "normal"] + ["normal"] * (MAX_OPPONENTS - 2)


def test_settings_missing_a_key_take_its_default_silently(store, tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"format": 1, "pace": "slow"}))
    assert store.load_settings() == (Settings(pace="slow"), None)


@pytest.mark.parametrize(
    ("text", "message", "reason"),
    [
        ('{"format": 1, "music": fal', storage.MSG_SETTINGS_DAMAGED, "bad"),
        ('"just a string"', storage.MSG_SETTINGS_DAMAGED, "bad"),
        ('{"format": 7, "music": false}', storage.MSG_SETTINGS_NEWER, "newer"),
    ],
)
def test_corrupt_settings_are_set_aside(store, tmp_path, text, message, reason):
    (tmp_path / "settings.json").write_text(text)
    assert store.load_settings() == (Settings(), message)
    [kept] = aside(tmp_path, "settings")
    assert kept.startswith(f"settings.json.{reason}-")
    assert (tmp_path / kept).read_text() == text
    assert store.save_settings(Settings(music=False)) is None
    assert store.load_settings() == (Settings(music=False), None)


# --- stats ----------------------------------------------------------------------------------


def test_stats_start_empty(store):
    stats, message = store.load_stats()
    assert message is None
    assert stats.by_level == {}
    assert stats.total() == LevelStats(0, 0, 0)


def test_stats_accumulate_per_level_and_persist(tmp_path):
    store = Storage.in_directory(tmp_path)
    store.record_game(GameResult(won=True, cash=41000, level="hard"))
    store.record_game(GameResult(won=False, cash=52000, level="hard"))
    stats, message = store.record_game(GameResult(won=True, cash=30000, level="easy"))
    assert message is None
    counts = {lv: (r.played, r.won, r.best_cash, r.average_cash) for lv, r in stats.by_level.items()}
    assert counts == {"hard": (2, 1, 52000, 46500), "easy": (1, 1, 30000, 30000)}
    reloaded, _ = Storage.in_directory(tmp_path).load_stats()
    assert reloaded == stats
    total = reloaded.total()
    assert (total.played, total.won, total.best_cash, total.average_cash) == (3, 2, 52000, 41000)
    assert (total.streak, total.best_streak) == (1, 1)  # won, lost, won


def test_game_result_from_a_finished_game():
    game = play(Game.new(players=3, seed=21), 10_000)
    assert game.is_over
    for seat in range(3):
        result = GameResult.from_game(game, seat, ["easy", "expert"])
        assert result.cash == game.scores()[seat]
        assert result.won == (seat in game.winners())
        assert result.level == "expert"  # the strongest opponent names the bucket
    assert GameResult.from_game(game, 0, []).level == "people"  # pass-and-play


STATS_DAMAGED = storage.MSG_STATS_DAMAGED


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format": 1, "levels": {"hard": {"played": 2', storage.MSG_STATS_DAMAGED),
        ('{"format": 1, "levels": {"hard": {"played": 1, "won": 3, "best_cash": 0}}}', STATS_DAMAGED),
        ('{"format": 1, "levels": {"hard": {"played": -1, "won": 0, "best_cash": 0}}}', STATS_DAMAGED),
        ('{"format": 1, "levels": []}', storage.MSG_STATS_DAMAGED),
        ('{"format": 2, "levels": {}}', storage.MSG_STATS_DAMAGED),  # format 2 has "all"
        ('{"format": 3, "levels": {}}', storage.MSG_STATS_DAMAGED),  # format 3 has a rating
        ('{"format": 4, "levels": {}}', storage.MSG_STATS_DAMAGED),
        ('{"format": 5, "levels": {}}', storage.MSG_STATS_DAMAGED),
        ('{"format": 6, "levels": {}}', storage.MSG_STATS_NEWER),
    ],
)
def test_corrupt_stats_are_set_aside_and_recording_starts_afresh(store, tmp_path, text, message):
    (tmp_path / "stats.json").write_text(text)
    stats, got = store.record_game(GameResult(won=True, cash=9000, level="normal"))
    assert got == message
    assert stats.by_level == {"normal": LevelStats(1, 1, 9000, 1, 9000, streak=1, best_streak=1)}
    [kept] = aside(tmp_path, "stats")
    assert (tmp_path / kept).read_text() == text
    assert store.load_stats() == (stats, None)


def test_stats_write_failure_is_reported(store, monkeypatch):
    def full(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(store.backend, "write", full)
    _, message = store.record_game(GameResult(won=False, cash=1, level="easy"))
    assert message == storage.MSG_STATS_FAILED


# --- the browser: localStorage --------------------------------------------------------------


def test_local_storage_round_trips_under_a_prefix(mid_game):
    local = MemoryStorage()
    store = Storage(LocalStorageBackend(local))
    assert store.save_game(mid_game, META) is None
    store.save_settings(Settings(pace="slow"))
    store.record_game(GameResult(won=True, cash=7000, level="hard"))
    assert sorted(local.items) == ["acquire8.save", "acquire8.settings", "acquire8.stats"]
    saved, message = store.load_game()
    assert message is None and saved.meta == META
    assert saved.game.to_json() == mid_game.to_json()
    assert store.load_settings() == (Settings(pace="slow"), None)
    store.delete_save()
    assert store.load_game() == (None, None)
    assert "acquire8.save" not in local.items


def test_local_storage_bad_save_is_copied_to_another_key(monkeypatch):
    monkeypatch.setattr(backends, "_stamp", lambda: "20260101-000000")
    local = MemoryStorage({"acquire8.save": '{"format": 1, "game"', "other.app": "theirs"})
    store = Storage(LocalStorageBackend(local))
    assert store.load_game() == (None, storage.MSG_SAVE_DAMAGED)
    assert local.items == {
        "acquire8.save.bad-20260101-000000": '{"format": 1, "game"',
        "other.app": "theirs",
    }
    local.items["acquire8.save"] = '{"format": 3}'
    assert store.load_game() == (None, storage.MSG_SAVE_NEWER)
    assert local.items["acquire8.save.newer-20260101-000000"] == '{"format": 3}'


def test_local_storage_quota_error_is_a_message_not_a_crash(mid_game):
    class Full(MemoryStorage):
        def setItem(self, key, value):
            raise RuntimeError("QuotaExceededError")  # what a JsException looks like to Python

    store = Storage(LocalStorageBackend(Full()))
    assert store.save_game(mid_game, META) == storage.MSG_SAVE_FAILED
    assert store.save_settings(Settings()) == storage.MSG_SETTINGS_FAILED


def test_default_backend_in_the_browser_uses_js_local_storage(monkeypatch):
    local = MemoryStorage()
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(localStorage=local))
    store = Storage.default()
    store.save_settings(Settings(music=False))
    assert json.loads(local.items["acquire8.settings"])["music"] is False


def test_default_backend_on_desktop_honours_the_data_dir_variable(monkeypatch, tmp_path):
    monkeypatch.setenv(storage.DATA_DIR_ENV, str(tmp_path / "data"))
    backend = storage.default_backend()
    assert isinstance(backend, FileBackend)
    Storage(backend).save_settings(Settings())
    assert (tmp_path / "data" / "settings.json").exists()


def test_importing_storage_does_not_import_pyxel():
    code = "import sys, acquire8.storage.store, acquire8.storage.records; sys.exit('pyxel' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_settings_import_without_the_rest_of_storage():
    """What a controller or view reading a setting imports: no backend, stats or store."""
    code = (
        "import sys, acquire8.storage.settings\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('acquire8.storage'))\n"
        "sys.exit(loaded != ['acquire8.storage', 'acquire8.storage.settings'])"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_the_package_re_exports_each_modules_public_names():
    import ast
    import importlib

    assert len(storage.__all__) > 50
    for name in storage.__all__:
        home = importlib.import_module(f"acquire8.storage.{storage._HOMES[name]}")
        assert getattr(storage, name) is getattr(home, name), name
    folder = os.path.dirname(storage.__file__)
    modules = sorted(f for f in os.listdir(folder) if f.endswith(".py") and f != "__init__.py")
    assert modules == ["backends.py", "messages.py", "records.py", "settings.py", "stats.py", "store.py"]
    for module in modules:
        with open(os.path.join(folder, module), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        defined = set()  # what the module itself defines at its top level
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef):
                defined.add(node.name)
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                defined |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        public = {n for n in defined if not n.startswith("_") and n != "log"}
        assert public and public <= set(storage.__all__), (module, public - set(storage.__all__))
    with pytest.raises(AttributeError):
        _ = storage.no_such_name


def test_no_damaged_save_crashes_the_loader(store, mid_game, tmp_path):
    """Cut the save anywhere or change one character: load_game answers, and loses nothing."""
    good = json.dumps(envelope(mid_game))
    rng = random.Random(0)
    cases = [good[:cut] for cut in range(0, len(good), 37)]
    for _ in range(300):
        i = rng.randrange(len(good))
        cases.append(good[:i] + rng.choice('0123456789{}[]",:-.#TZ ') + good[i + 1 :])
    loaded = damaged = 0
    for text in cases:
        (tmp_path / "save.json").write_text(text)
        saved, message = store.load_game()
        if saved is None:
            assert message in (storage.MSG_SAVE_DAMAGED, storage.MSG_SAVE_NEWER)
            damaged += 1
            assert len(aside(tmp_path, "save")) == damaged  # each bad one kept, none overwritten
        else:
            assert message is None
            loaded += 1
            (tmp_path / "save.json").unlink()
    assert damaged > len(cases) // 2 and loaded > 0  # both outcomes really happened


class JsNull:
    """What Pyodide 0.28+ returns for JavaScript's null (pyodide.ffi.jsnull)."""


class PyodideLikeStorage(MemoryStorage):
    def getItem(self, key: str):  # the Web Storage API name
        return self.items.get(key, JsNull())


def test_local_storage_treats_pyodides_jsnull_as_missing():
    store = Storage(LocalStorageBackend(PyodideLikeStorage()))
    settings, message = store.load_settings()
    assert message is None and settings == Settings()
    saved, message = store.load_game()
    assert saved is None and message is None
    backend = LocalStorageBackend(PyodideLikeStorage({"acquire8.save": "{broken"}))
    target = backend.set_aside("save", "bad")  # must not loop forever on jsnull
    assert backend.read("save") is None and backend.storage.items[target] == "{broken"


def test_settings_written_by_the_previous_build_load_unchanged(store, tmp_path):
    """The settings file keeps its format: the rules options flat beside the preferences."""
    old = {
        "format": 1,
        "music": False,
        "effects": True,
        "pace": "fast",
        "opponents": 2,
        "levels": ["hard", "person", "normal", "normal", "normal"],
        "end": "auto",
        "holdings": "hidden",
        "high_contrast": False,
        "lesson_offered": True,
    }
    (tmp_path / "settings.json").write_text(json.dumps(old))
    loaded, message = store.load_settings()
    assert message is None
    assert loaded.options == Options(end="auto", holdings="hidden")
    assert (loaded.pace, loaded.opponent_levels()) == ("fast", ["hard", "person"])
    assert loaded.lesson_offered
    assert loaded.to_dict() == {**Options().to_dict(), **old}  # written back the same, new options too
