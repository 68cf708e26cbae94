"""Settings, the autosaved game and stats: JSON files on desktop, localStorage in the browser.

Nothing here imports Pyxel at import time: the web check runs this module under Pyodide
without Pyxel, and tests run it without a window. Every load is forgiving: a damaged,
truncated or newer-version record is set aside (renamed or copied, never deleted), the
player gets a one-line message (at most 32 characters, one line of the 128 px screen),
and the game starts cleanly. The full reason goes to the `acquire8.storage` logger.

Typical use by the front end (after `pyxel.init`, which `pyxel.user_data_dir` needs):

    store = Storage.default()
    settings, msg = store.load_settings()
    saved, msg = store.load_game()        # saved is None: no Continue on the title
    store.save_game(game, meta)           # after every turn; returns a message or None
    store.delete_save()                   # when the game is over
    stats, msg = store.record_game(GameResult.from_game(game, seat=0, levels=["hard"]))
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Protocol

from acquire8.rules import Game, Options

log = logging.getLogger("acquire8.storage")

SAVE_FORMAT = 1  # version of the save envelope {"format", "meta", "game"}
SETTINGS_FORMAT = 1
STATS_FORMAT = 1

VENDOR, APP = "acquire8-team", "acquire8"  # pyxel.user_data_dir(VENDOR, APP)
DATA_DIR_ENV = "ACQUIRE8_DATA_DIR"  # overrides the desktop data directory (tests, portable installs)
SAVE, SETTINGS, STATS = "save", "settings", "stats"  # backend keys

PACES = ("slow", "normal", "fast", "instant")
LEVELS = ("easy", "normal", "hard", "expert")  # as acquire8.ai.LEVELS; storage imports no ai
PERSON = "person"  # a seat played by a person (pass-and-play), stored among the levels
MAX_OPPONENTS = 5

# One-line messages for the player (<= 32 characters each).
MSG_SAVE_DAMAGED = "Saved game damaged; set aside"
MSG_SAVE_NEWER = "Save is from a newer version"
MSG_SAVE_FAILED = "Could not save the game"
MSG_SETTINGS_DAMAGED = "Settings damaged; using defaults"
MSG_SETTINGS_NEWER = "Settings from a newer version"
MSG_SETTINGS_RESET = "Some settings reset to defaults"
MSG_SETTINGS_FAILED = "Could not save settings"
MSG_STATS_DAMAGED = "Stats damaged; starting afresh"
MSG_STATS_NEWER = "Stats from a newer version"
MSG_STATS_FAILED = "Could not save stats"


# --- backends -------------------------------------------------------------------------------


class Backend(Protocol):
    """Where records live: one text per key."""

    def read(self, key: str) -> str | None:
        """The text stored under key, or None when there is none."""

    def write(self, key: str, text: str) -> None:
        """Store text under key; all or nothing. Raises OSError (or a JS error) on failure."""

    def set_aside(self, key: str, reason: str) -> str:
        """Move the record under key out of the way, never deleting it; returns where it went."""

    def delete(self, key: str) -> None:
        """Remove the record under key, if any."""


def _stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S")


def _slug(reason: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", reason.lower()).strip("-") or "bad"


class FileBackend:
    """One `<key>.json` file per key in a directory; writes are atomic (temp file + os.replace)."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)

    def path(self, key: str) -> Path:
        return self.directory / f"{key}.json"

    def read(self, key: str) -> str | None:
        try:
            # errors="replace": undecodable bytes make the JSON invalid, so the record is set aside.
            return self.path(key).read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return None

    def write(self, key: str, text: str) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        target = self.path(key)
        # The temp file is in the same directory so os.replace is a rename on one file system:
        # a crash leaves either the old file or the new one, never half of either.
        fd, tmp = tempfile.mkstemp(prefix=f".{key}.", suffix=".tmp", dir=self.directory)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        self._sync_directory()

    def _sync_directory(self) -> None:
        # Make the rename itself durable; not possible on every system (Windows), and not essential.
        try:
            fd = os.open(self.directory, os.O_RDONLY)
        except OSError:
            return
        try:
            with contextlib.suppress(OSError):
                os.fsync(fd)
        finally:
            os.close(fd)

    def set_aside(self, key: str, reason: str) -> str:
        source = self.path(key)
        base = f"{source.name}.{_slug(reason)}-{_stamp()}"
        target, n = self.directory / base, 1
        while target.exists():  # two in the same second: add a counter
            n += 1
            target = self.directory / f"{base}-{n}"
        os.replace(source, target)
        return target.name

    def delete(self, key: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path(key).unlink()


class MemoryStorage:
    """A stand-in for the browser's `localStorage` (getItem/setItem/removeItem over a dict)."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items: dict[str, str] = {} if items is None else items

    def getItem(self, key: str) -> str | None:  # the Web Storage API's names
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


class LocalStorageBackend:
    """Records in the browser's localStorage under `acquire8.<key>`.

    Every Pyxel web app on one site shares a localStorage, hence the prefix. `storage` is
    `js.localStorage` by default (only importable under Pyodide); pass a MemoryStorage to test.
    """

    def __init__(self, storage: Any = None, prefix: str = "acquire8.") -> None:
        if storage is None:
            import js  # Pyodide only

            storage = js.localStorage
        self.storage = storage
        self.prefix = prefix

    def _get(self, name: str) -> str | None:
        value = self.storage.getItem(name)
        # Pyodide 0.28+ (Pyxel's web runtime) hands JavaScript's null over as jsnull, not None.
        return None if value is None or type(value).__name__ == "JsNull" else str(value)

    def read(self, key: str) -> str | None:
        return self._get(self.prefix + key)

    def write(self, key: str, text: str) -> None:
        self.storage.setItem(self.prefix + key, text)  # one setItem is all or nothing

    def set_aside(self, key: str, reason: str) -> str:
        base = f"{self.prefix}{key}.{_slug(reason)}-{_stamp()}"
        target, n = base, 1
        while self._get(target) is not None:
            n += 1
            target = f"{base}-{n}"
        value = self._get(self.prefix + key)
        if value is not None:
            self.storage.setItem(target, value)  # copy first: a failure here loses nothing
            self.storage.removeItem(self.prefix + key)
        return target

    def delete(self, key: str) -> None:
        self.storage.removeItem(self.prefix + key)


def default_backend() -> Backend:
    """localStorage in the browser; on desktop, $ACQUIRE8_DATA_DIR or pyxel.user_data_dir.

    On desktop call it after `pyxel.init` (Pyxel's user_data_dir needs an initialised Pyxel).
    """
    if sys.platform == "emscripten":
        return LocalStorageBackend()
    directory = os.environ.get(DATA_DIR_ENV)
    if not directory:
        import pyxel  # only here, never at import time

        directory = pyxel.user_data_dir(VENDOR, APP)
    return FileBackend(directory)


# --- records --------------------------------------------------------------------------------


@dataclass
class Settings:
    """The player's preferences; `levels` always has MAX_OPPONENTS entries, one per opponent seat."""

    music: bool = True
    effects: bool = True
    pace: str = "normal"  # PACES: computer-turn pace
    opponents: int = 3  # default number of computer opponents, 1..MAX_OPPONENTS
    # One per opponent seat: a computer level, or PERSON for a pass-and-play seat.
    levels: list[str] = field(default_factory=lambda: ["normal"] * MAX_OPPONENTS)
    end: str = "declare"  # "declare" or "auto", as rules Options.end
    holdings: str = "open"  # "open" or "hidden", as rules Options.holdings
    high_contrast: bool = False

    def opponent_levels(self) -> list[str]:
        """The levels of the default opponents, one per opponent."""
        return self.levels[: self.opponents]

    def game_options(self) -> Options:
        """The rules options a new game takes from these settings."""
        return Options(end=self.end, holdings=self.holdings)

    def to_dict(self) -> dict[str, Any]:
        return {"format": SETTINGS_FORMAT, **asdict(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from stored data, and the names of values replaced by their defaults."""
        default = cls()
        values: dict[str, Any] = {}
        fixed = sorted(set(data) - {f.name for f in fields(cls)} - {"format"})  # unknown keys
        checks = {
            "music": lambda v: isinstance(v, bool),
            "effects": lambda v: isinstance(v, bool),
            "high_contrast": lambda v: isinstance(v, bool),
            "pace": lambda v: v in PACES,
            "opponents": lambda v: type(v) is int and 1 <= v <= MAX_OPPONENTS,
            "end": lambda v: v in ("declare", "auto"),
            "holdings": lambda v: v in ("open", "hidden"),
        }
        for name, ok in checks.items():
            if name not in data:
                continue  # a setting added later: its default, nothing to report
            if ok(data[name]):
                values[name] = data[name]
            else:
                fixed.append(name)
        if "levels" in data:
            levels = data["levels"]
            if not isinstance(levels, list):
                levels, bad = [], True
            else:
                bad = len(levels) != MAX_OPPONENTS
            kept = [lv if isinstance(lv, str) and lv in (*LEVELS, PERSON) else "normal" for lv in levels]
            bad = bad or kept != levels
            values["levels"] = (kept + default.levels)[:MAX_OPPONENTS]
            if bad:
                fixed.append("levels")
        return cls(**values), fixed


@dataclass
class LevelStats:
    played: int = 0
    won: int = 0
    best_cash: int = 0


@dataclass(frozen=True)
class GameResult:
    """How a finished game went for the player whose stats these are."""

    won: bool  # shared first place counts as a win
    cash: int  # the player's final cash
    level: str  # stats bucket: the strongest opponent level, or "people" for pass-and-play games

    @classmethod
    def from_game(cls, game: Game, seat: int, levels: list[str]) -> GameResult:
        """The result for `seat` of a finished game against computer players of `levels`."""
        known = [lv for lv in levels if lv in LEVELS]
        level = max(known, key=LEVELS.index) if known else (levels[0] if levels else "people")
        return cls(won=seat in game.winners(), cash=game.scores()[seat], level=level)


@dataclass
class Stats:
    """Games played, won and best final cash, per opponent level (a GameResult.level)."""

    by_level: dict[str, LevelStats] = field(default_factory=dict)

    def total(self) -> LevelStats:
        rows = self.by_level.values()
        return LevelStats(
            played=sum(r.played for r in rows),
            won=sum(r.won for r in rows),
            best_cash=max((r.best_cash for r in rows), default=0),
        )

    def record(self, result: GameResult) -> None:
        row = self.by_level.setdefault(result.level, LevelStats())
        row.played += 1
        row.won += int(result.won)
        row.best_cash = max(row.best_cash, result.cash)

    def to_dict(self) -> dict[str, Any]:
        return {"format": STATS_FORMAT, "levels": {k: asdict(v) for k, v in self.by_level.items()}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Stats:
        """Raises ValueError when anything is off: stats are all kept aside or all trusted."""
        levels = data.get("levels")
        if not isinstance(levels, dict):
            raise ValueError("stats: 'levels' must be an object")
        stats = cls()
        for level, row in levels.items():
            if not isinstance(row, dict) or set(row) != {"played", "won", "best_cash"}:
                raise ValueError(f"stats {level!r}: expected played, won, best_cash")
            if not all(type(v) is int and v >= 0 for v in row.values()) or row["won"] > row["played"]:
                raise ValueError(f"stats {level!r}: counts must be whole numbers, won <= played")
            stats.by_level[level] = LevelStats(**row)
        return stats


@dataclass
class SavedGame:
    game: Game
    meta: dict[str, Any]  # whatever the front end stored to resume exactly (names, seats, bots, ...)


# --- the store ------------------------------------------------------------------------------


class _Bad(Exception):
    """A record that cannot be used: set it aside with this reason."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


class Storage:
    """Settings, the autosave and stats on one backend. No method raises on bad stored data."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    @classmethod
    def default(cls) -> Storage:
        return cls(default_backend())

    @classmethod
    def in_directory(cls, directory: str | os.PathLike[str]) -> Storage:
        return cls(FileBackend(directory))

    # Reading: a record that cannot be used is set aside and reported, never deleted.

    def _read(self, key: str, version: int) -> dict[str, Any] | None:
        try:
            text = self.backend.read(key)
        except Exception as e:  # permissions, an I/O error: move it aside like a damaged one
            raise _Bad("unreadable", f"{key}: cannot read ({e})") from None
        if text is None:
            return None
        try:
            data = json.loads(text)
        except ValueError as e:  # JSONDecodeError is a ValueError
            raise _Bad("bad", f"{key}: invalid JSON ({e})") from None
        if not isinstance(data, dict):
            raise _Bad("bad", f"{key}: expected a JSON object")
        fmt = data.get("format")
        if type(fmt) is not int:
            raise _Bad("bad", f"{key}: no format version")
        if fmt > version:
            raise _Bad("newer", f"{key}: format {fmt} is newer than this game's {version}")
        if fmt < 1:
            raise _Bad("bad", f"{key}: unknown format {fmt}")
        return data

    def _set_aside(self, key: str, bad: _Bad) -> None:
        try:
            where = self.backend.set_aside(key, bad.reason)
            log.warning("%s; kept as %s", bad, where)
        except Exception as e:  # even if renaming fails the game goes on; say so in the log
            log.error("%s; could not set it aside: %s", bad, e)

    def _write(self, key: str, data: dict[str, Any], failure: str) -> str | None:
        text = json.dumps(data, separators=(",", ":"))  # a TypeError here is a bug in the caller
        try:
            self.backend.write(key, text)
        except Exception as e:  # disk full, read-only, quota exceeded (a JS error on the web)
            log.error("could not write %s: %s", key, e)
            return failure
        return None

    # Settings

    def load_settings(self) -> tuple[Settings, str | None]:
        """The stored settings (defaults when none), and a message when some were replaced."""
        try:
            data = self._read(SETTINGS, SETTINGS_FORMAT)
        except _Bad as bad:
            self._set_aside(SETTINGS, bad)
            return Settings(), MSG_SETTINGS_NEWER if bad.reason == "newer" else MSG_SETTINGS_DAMAGED
        if data is None:
            return Settings(), None
        settings, fixed = Settings.from_dict(data)
        if fixed:
            log.warning("settings: replaced by defaults: %s", ", ".join(fixed))
            return settings, MSG_SETTINGS_RESET
        return settings, None

    def save_settings(self, settings: Settings) -> str | None:
        """Store settings; None on success, else a message for the player."""
        return self._write(SETTINGS, settings.to_dict(), MSG_SETTINGS_FAILED)

    # The autosaved game

    def save_game(self, game: Game | str, meta: dict[str, Any]) -> str | None:
        """Autosave `game` (a Game or its to_json() text) with `meta`; None on success, else a message.

        A failed write leaves the previous save as it was.
        """
        text = game if isinstance(game, str) else game.to_json()
        envelope = {"format": SAVE_FORMAT, "meta": meta, "game": json.loads(text)}
        return self._write(SAVE, envelope, MSG_SAVE_FAILED)

    def load_game(self) -> tuple[SavedGame | None, str | None]:
        """The saved game to continue, or None (then no Continue), and a message if one was set aside."""
        try:
            data = self._read(SAVE, SAVE_FORMAT)
            if data is None:
                return None, None
            if not isinstance(data.get("meta"), dict) or not isinstance(data.get("game"), dict):
                raise _Bad("bad", "save: expected 'meta' and 'game' objects")
            try:
                game = Game.from_json(json.dumps(data["game"]))
            except ValueError as e:  # the rules core names the problem
                # A game newer than this rules core is a newer save, not a damaged one.
                raise _Bad("newer" if "newer" in str(e) else "bad", f"save: {e}") from None
            except Exception as e:  # the rules core should only raise ValueError; never crash anyway
                raise _Bad("bad", f"save: {type(e).__name__}: {e}") from None
        except _Bad as bad:
            self._set_aside(SAVE, bad)
            return None, MSG_SAVE_NEWER if bad.reason == "newer" else MSG_SAVE_DAMAGED
        return SavedGame(game, data["meta"]), None

    def delete_save(self) -> None:
        """Forget the autosave: called when its game is over (a finished game is not continued)."""
        try:
            self.backend.delete(SAVE)
        except Exception as e:
            log.error("could not delete the save: %s", e)

    # Stats

    def load_stats(self) -> tuple[Stats, str | None]:
        """The stored stats (empty when none), and a message when damaged ones were set aside."""
        try:
            data = self._read(STATS, STATS_FORMAT)
            if data is None:
                return Stats(), None
            try:
                return Stats.from_dict(data), None
            except ValueError as e:
                raise _Bad("bad", str(e)) from None
        except _Bad as bad:
            self._set_aside(STATS, bad)
            return Stats(), MSG_STATS_NEWER if bad.reason == "newer" else MSG_STATS_DAMAGED

    def record_game(self, result: GameResult) -> tuple[Stats, str | None]:
        """Add a finished game to the stats and store them; the updated stats and any message."""
        stats, message = self.load_stats()
        stats.record(result)
        return stats, self._write(STATS, stats.to_dict(), MSG_STATS_FAILED) or message
