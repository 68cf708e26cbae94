"""Settings, the autosaved game, stats and the last finished games: JSON files on desktop,
localStorage in the browser.

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
    stats, msg = store.game_over(record)  # a finished game's GameRecord: kept, and counted in the stats
    records, msg = store.load_records()   # the kept games, newest first, for replays
    msg = store.export_game(record)       # to the fixed file exchange_location() names
    record, msg = store.import_game()     # from that file, checked; kept among the games
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
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Literal, Protocol, get_args

from acquire8.ai import LEVELS  # the computer levels, as make_bot knows them
from acquire8.rating import PersonRating, versus
from acquire8.rules import END_OPTIONS, HOLDINGS_OPTIONS, EndOption, Game, HoldingsOption, Options
from acquire8.rules.record import PERSON, GameRecord, NewerRecord, NotARecord

log = logging.getLogger("acquire8.storage")

SAVE_FORMAT = 1  # version of the save envelope {"format", "meta", "game"}
SETTINGS_FORMAT = 1
STATS_FORMAT = 3  # 2 added average cash and rank and the winning streaks, 3 the rating; older migrate
GAMES_FORMAT = 1  # version of the kept games' envelope {"format", "games": [record, ...]}

VENDOR, APP = "acquire8-team", "acquire8"  # pyxel.user_data_dir(VENDOR, APP)
DATA_DIR_ENV = "ACQUIRE8_DATA_DIR"  # overrides the desktop data directory (tests, portable installs)
SAVE, SETTINGS, STATS, GAMES = "save", "settings", "stats", "games"  # backend keys
# The one game file a player exports to and imports from (a handheld has no file picker):
# acquire8-game.json in the data directory, or that localStorage key in the browser.
EXCHANGE = "acquire8-game"
KEPT_GAMES = 20  # finished games kept for replays, newest first

Pace = Literal["slow", "normal", "fast", "instant"]  # how fast the computers' turns are shown
PACES: tuple[Pace, ...] = get_args(Pace)
# PERSON ("person", from the rules' records): a seat played by a person, stored among the levels
PEOPLE = "people"  # the stats bucket of pass-and-play games
MAX_OPPONENTS = 5
MAX_PLAYERS = MAX_OPPONENTS + 1

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
MSG_GAMES_DAMAGED = "Kept games damaged; set aside"
MSG_GAMES_NEWER = "Kept games from a newer version"
MSG_GAMES_FAILED = "Could not keep the game"
MSG_IMPORT_NONE = "No game file to import"
MSG_IMPORT_DAMAGED = "Game file damaged; set aside"
MSG_IMPORT_FOREIGN = "Not a game file; set aside"
MSG_IMPORT_NEWER = "Game file from a newer version"
MSG_IMPORT_KEPT = "That game is kept already"
MSG_EXPORT_FAILED = "Could not write the game file"


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

    def where(self, key: str) -> str:
        """Where the record under key lives, to tell the player (a path, or a localStorage key)."""


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
        write_file(self.path(key), text)

    def set_aside(self, key: str, reason: str) -> str:
        return set_file_aside(self.path(key), reason).name

    def delete(self, key: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path(key).unlink()

    def where(self, key: str) -> str:
        return str(self.path(key))


def write_file(target: Path, text: str) -> None:
    """Write `text` to `target` all or nothing (temp file + os.replace); OSError on failure."""
    directory = target.parent
    directory.mkdir(parents=True, exist_ok=True)
    # The temp file is in the same directory so os.replace is a rename on one file system:
    # a crash leaves either the old file or the new one, never half of either.
    fd, tmp = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=".tmp", dir=directory)
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
    _sync_directory(directory)


def _sync_directory(directory: Path) -> None:
    # Make the rename itself durable; not possible on every system (Windows), and not essential.
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def set_file_aside(source: Path, reason: str) -> Path:
    """Rename `source` to `<name>.<reason>-<time>` beside it, never deleting it; the new path."""
    base = f"{source.name}.{_slug(reason)}-{_stamp()}"
    target, n = source.with_name(base), 1
    while target.exists():  # two in the same second: add a counter
        n += 1
        target = source.with_name(f"{base}-{n}")
    os.replace(source, target)
    return target


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
            import js  # type: ignore[import-not-found]  # Pyodide's module: no stubs, and only there

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

    def where(self, key: str) -> str:
        return f"localStorage {self.prefix}{key}"


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
    pace: Pace = "normal"  # computer-turn pace
    opponents: int = 3  # default number of computer opponents, 1..MAX_OPPONENTS
    # One per opponent seat: a computer level, or PERSON for a pass-and-play seat.
    levels: list[str] = field(default_factory=lambda: ["normal"] * MAX_OPPONENTS)
    end: EndOption = "declare"  # as rules Options.end
    holdings: HoldingsOption = "open"  # as rules Options.holdings
    high_contrast: bool = False
    # Bookkeeping, not a preference: the title offered the guided first game (the first start).
    # Left out of ==, which compares what the player chose; session.Keeper stores it too.
    lesson_offered: bool = field(default=False, compare=False)

    def opponent_levels(self) -> list[str]:
        """The levels of the default opponents, one per opponent."""
        return self.levels[: self.opponents]

    def game_options(self) -> Options:
        """The rules options a new game takes from these settings."""
        return Options(end=self.end, holdings=self.holdings)

    def remember(self, seats: list[str], options: Options) -> None:
        """A game played (a continued one too) becomes the next setup's default: its opponents,
        their levels (or PERSON) and its rules options. Seats this build cannot offer change
        nothing."""
        opponents = seats[1:]
        kinds = (*LEVELS, PERSON)
        if seats[:1] != [PERSON] or not 1 <= len(opponents) <= MAX_OPPONENTS:
            return
        if not all(kind in kinds for kind in opponents):
            return
        self.opponents = len(opponents)
        self.levels[: len(opponents)] = opponents
        self.end, self.holdings = options.end, options.holdings

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
            "lesson_offered": lambda v: isinstance(v, bool),
            "pace": lambda v: v in PACES,
            "opponents": lambda v: type(v) is int and 1 <= v <= MAX_OPPONENTS,
            "end": lambda v: v in END_OPTIONS,
            "holdings": lambda v: v in HOLDINGS_OPTIONS,
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
    """One stats bucket: the games against one opponent level (or all of them, or "people").

    Stats of format 1 counted only games, wins and the best cash: games migrated from them
    count in `played`, `won` and `best_cash` but not in the averages (`cash_games` and
    `rank_games` count the games those include), and their streaks are unknown (a best
    streak of 1 when any was won, the least it can have been).
    """

    played: int = 0
    won: int = 0
    best_cash: int = 0
    cash_games: int = 0  # games counted in cash_total
    cash_total: int = 0
    rank_games: int = 0  # games counted in rank_total
    rank_total: float = 0  # sum of ranks: 1 first, ties share (two first: 1.5 each)
    streak: int = 0  # games won in a row, up to the last one
    best_streak: int = 0

    @property
    def win_share(self) -> float | None:
        """Games won per game played, 0..1; None before the first game."""
        return self.won / self.played if self.played else None

    @property
    def average_cash(self) -> int | None:
        """Average final cash, to the dollar; None when no game counts towards it."""
        return round(self.cash_total / self.cash_games) if self.cash_games else None

    @property
    def average_rank(self) -> float | None:
        """Average finishing place (1 is first); None when no game counts towards it."""
        return self.rank_total / self.rank_games if self.rank_games else None

    def record(self, result: GameResult) -> None:
        self.played += 1
        self.won += int(result.won)
        self.best_cash = max(self.best_cash, result.cash)
        self.cash_games += 1
        self.cash_total += result.cash
        if result.rank is not None:
            self.rank_games += 1
            self.rank_total += result.rank
        self.streak = self.streak + 1 if result.won else 0
        self.best_streak = max(self.best_streak, self.streak)

    @classmethod
    def from_dict(cls, row: Any, where: str) -> LevelStats:
        """A bucket of format-2 stats; ValueError naming what is off."""
        names = [f.name for f in fields(cls)]
        if not isinstance(row, dict) or set(row) != set(names):
            raise ValueError(f"stats {where}: expected {', '.join(names)}")
        if not all(type(row[k]) is int and row[k] >= 0 for k in names if k != "rank_total"):
            raise ValueError(f"stats {where}: counts must be whole numbers, 0 or more")
        st = cls(**row)
        ranks = st.rank_total
        if type(ranks) not in (int, float) or not st.rank_games <= ranks <= MAX_PLAYERS * st.rank_games:
            raise ValueError(f"stats {where}: rank_total must lie between 1 and 6 per ranked game")
        if not max(st.won, st.cash_games, st.rank_games) <= st.played:
            raise ValueError(f"stats {where}: more wins or counted games than games played")
        if not st.streak <= st.best_streak <= st.won:
            raise ValueError(f"stats {where}: streaks must satisfy streak <= best streak <= won")
        return st

    @classmethod
    def from_v1(cls, row: Any, where: str) -> LevelStats:
        """A bucket of format-1 stats (played, won, best_cash), migrated."""
        if not isinstance(row, dict) or set(row) != {"played", "won", "best_cash"}:
            raise ValueError(f"stats {where}: expected played, won, best_cash")
        if not all(type(v) is int and v >= 0 for v in row.values()) or row["won"] > row["played"]:
            raise ValueError(f"stats {where}: counts must be whole numbers, won <= played")
        return cls(**row, best_streak=min(row["won"], 1))


def rank_of(scores: list[int], seat: int) -> float:
    """`seat`'s finishing place: 1 + those ahead, seats tied sharing their places (as the arena)."""
    mine = scores[seat]
    above = sum(1 for s in scores if s > mine)
    tied = sum(1 for s in scores if s == mine)  # the seat itself included
    return above + (tied + 1) / 2


@dataclass(frozen=True)
class GameResult:
    """How a finished game went for the player whose stats these are."""

    won: bool  # shared first place counts as a win
    cash: int  # the player's final cash
    level: str  # stats bucket: the strongest opponent level, or PEOPLE for pass-and-play games
    rank: float | None = None  # the finishing place (rank_of); None: not counted in average rank
    # (computer level, 1 / 0.5 / 0: finished above, level with, below it) per computer seat:
    # what the rating learns from; empty for pass-and-play, which is not rated
    versus: tuple[tuple[str, float], ...] = ()

    @classmethod
    def from_game(cls, game: Game, seat: int, levels: list[str]) -> GameResult:
        """The result for `seat` of a finished game against computer players of `levels`."""
        known = [lv for lv in levels if lv in LEVELS]
        level = max(known, key=LEVELS.index) if known else (levels[0] if levels else PEOPLE)
        scores = game.scores()
        others = [s for s in range(len(scores)) if s != seat]
        by_seat = [PERSON] * len(scores)
        if len(levels) == len(others):  # the levels in seat order: each opponent rated apart
            for s, lv in zip(others, levels, strict=True):
                by_seat[s] = lv
        vs = tuple(versus(by_seat, scores, seat))
        return cls(
            won=seat in game.winners(), cash=scores[seat], level=level, rank=rank_of(scores, seat), versus=vs
        )

    @classmethod
    def for_seats(cls, game: Game, seats: list[str] | tuple[str, ...]) -> GameResult | None:
        """The result of a finished game whose seats are PERSON or computer levels; None
        when no person played. Pass-and-play is no one player's game: it counts under
        PEOPLE, won when any person won, with the best cash and place a person reached."""
        people = [s for s, kind in enumerate(seats) if kind == PERSON]
        if not people:
            return None
        if len(people) == 1:
            return cls.from_game(game, people[0], [k for k in seats if k != PERSON])
        scores, winners = game.scores(), game.winners()
        return cls(
            won=any(s in winners for s in people),
            cash=max(scores[s] for s in people),
            level=PEOPLE,
            rank=min(rank_of(scores, s) for s in people),
        )


@dataclass
class Stats:
    """Per opponent level (a GameResult.level) and over all games: see LevelStats; and the
    person's rating from the games against computers (acquire8.rating)."""

    by_level: dict[str, LevelStats] = field(default_factory=dict)
    overall: LevelStats = field(default_factory=LevelStats)  # every game: its streak spans levels
    rating: PersonRating = field(default_factory=PersonRating)
    migrated: bool = field(default=False, compare=False)  # read from an older format: no rating yet

    def total(self) -> LevelStats:
        return self.overall

    def solo(self) -> LevelStats:
        """The games of the one person against computers: every game but pass-and-play."""
        people = self.by_level.get(PEOPLE)
        if people is None:
            return self.overall
        return LevelStats(played=self.overall.played - people.played, won=self.overall.won - people.won)

    def record(self, result: GameResult) -> None:
        self.by_level.setdefault(result.level, LevelStats()).record(result)
        self.overall.record(result)
        if result.level != PEOPLE:
            self.rating.record(result.versus)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": STATS_FORMAT,
            "levels": {k: asdict(v) for k, v in self.by_level.items()},
            "all": asdict(self.overall),
            "rating": self.rating.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Stats:
        """Stats of this format or migrated from format 1. Raises ValueError when anything
        is off: stats are all kept aside or all trusted."""
        fmt = data.get("format", STATS_FORMAT)
        levels = data.get("levels")
        if not isinstance(levels, dict):
            raise ValueError("stats: 'levels' must be an object")
        if fmt == 1:
            by_level = {lv: LevelStats.from_v1(row, repr(lv)) for lv, row in levels.items()}
            rows = by_level.values()
            overall = LevelStats(
                played=sum(r.played for r in rows),
                won=sum(r.won for r in rows),
                best_cash=max((r.best_cash for r in rows), default=0),
                best_streak=min(sum(r.won for r in rows), 1),
            )
            return cls(by_level, overall, migrated=True)
        if fmt not in (2, STATS_FORMAT):
            raise ValueError(f"stats: unknown format {fmt!r}")
        by_level = {lv: LevelStats.from_dict(row, repr(lv)) for lv, row in levels.items()}
        overall = LevelStats.from_dict(data.get("all"), "'all'")
        if overall.played != sum(r.played for r in by_level.values()):
            raise ValueError("stats: the games of all levels do not add up")
        if fmt == 2:
            return cls(by_level, overall, migrated=True)
        # (its games may outnumber the counted ones: a rating rebuilt from the kept games
        # outlives counts that were damaged)
        return cls(by_level, overall, PersonRating.from_dict(data.get("rating")))


@dataclass
class SavedGame:
    game: Game
    meta: dict[str, Any]  # whatever the front end stored to resume exactly (names, seats, bots, ...)


# --- the store ------------------------------------------------------------------------------


def _dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))  # a TypeError here is a bug in the caller


# The kept games' file is JSON with one game to a line, so that a game's end adds its game by
# lines of text: parsing and writing back twenty games in that frame stalls a handheld.
_GAMES_HEAD, _GAMES_TAIL = f'{{"format":{GAMES_FORMAT},"games":[', "]}"


def _games_text(games: list[str]) -> str:
    """The kept games' file for these games' JSON texts (each on one line), newest first."""
    return "\n".join([_GAMES_HEAD, ",\n".join(games), _GAMES_TAIL]) if games else _GAMES_HEAD + _GAMES_TAIL


def _game_lines(text: str) -> list[str] | None:
    """The games' JSON texts of a file _games_text wrote, else None (another layout or format)."""
    if text == _GAMES_HEAD + _GAMES_TAIL:
        return []
    lines = text.split("\n")
    if len(lines) < 3 or lines[0] != _GAMES_HEAD or lines[-1] != _GAMES_TAIL:
        return None
    games = lines[1:-1]
    if not all(g.endswith(",") for g in games[:-1]) or games[-1].endswith(","):
        return None
    return [g.removesuffix(",") for g in games]


class _Bad(Exception):
    """A record that cannot be used: set it aside with this reason."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


class Storage:
    """Settings, the autosave, stats and the kept games on one backend. No method raises on bad
    stored data."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        # The kept games as last read or written, by their exact text: checking them replays
        # every game, so a game's end does not check again what this store has just checked.
        self._games: tuple[str, list[GameRecord]] | None = None

    @classmethod
    def default(cls) -> Storage:
        return cls(default_backend())

    @classmethod
    def in_directory(cls, directory: str | os.PathLike[str]) -> Storage:
        return cls(FileBackend(directory))

    # Reading: a record that cannot be used is set aside and reported, never deleted.

    def _read(self, key: str, version: int, text: str | None = None) -> dict[str, Any] | None:
        """The JSON object stored under key (or given as `text`, read from there), or None."""
        if text is None:
            text = self._read_text(key)
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

    def _read_text(self, key: str) -> str | None:
        try:
            return self.backend.read(key)
        except Exception as e:  # permissions, an I/O error: move it aside like a damaged one
            raise _Bad("unreadable", f"{key}: cannot read ({e})") from None

    def _set_aside(self, key: str, bad: _Bad) -> bool:
        """Move the record under key aside; False (and the record left in place) if that failed."""
        try:
            where = self.backend.set_aside(key, bad.reason)
            log.warning("%s; kept as %s", bad, where)
            return True
        except Exception as e:  # even if renaming fails the game goes on; say so in the log
            log.error("%s; could not set it aside: %s", bad, e)
            return False

    def _write(self, key: str, data: dict[str, Any], failure: str) -> str | None:
        return self._write_text(key, _dumps(data), failure)

    def _write_text(self, key: str, text: str, failure: str) -> str | None:
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

    def save_game(self, game: Game | str, meta: dict[str, Any] | str) -> str | None:
        """Autosave `game` (a Game or its to_json() text) with `meta` (or its JSON text); None on
        success, else a message.

        A failed write leaves the previous save as it was.
        """
        text = game if isinstance(game, str) else game.to_json()
        # The game's own JSON goes in as it is (no parse and dump again: this runs after every
        # decision, and on a handheld each millisecond of a frame counts).
        meta_text = meta if isinstance(meta, str) else json.dumps(meta)
        envelope = f'{{"format": {SAVE_FORMAT}, "meta": {meta_text}, "game": {text}}}'
        return self._write_text(SAVE, envelope, MSG_SAVE_FAILED)

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
        """The stored stats (empty when none), and a message when damaged ones were set aside.
        Stats without a rating (an older format, or damaged ones set aside) get it rebuilt
        from the kept games, so the rating survives what the counts do not."""
        try:
            data = self._read(STATS, STATS_FORMAT)
            if data is None:
                return Stats(), None
            try:
                stats = Stats.from_dict(data)
            except ValueError as e:
                raise _Bad("bad", str(e)) from None
        except _Bad as bad:
            self._set_aside(STATS, bad)
            message = MSG_STATS_NEWER if bad.reason == "newer" else MSG_STATS_DAMAGED
            stats = Stats(rating=self.rating_from_records())
            return stats, (
                self._write(STATS, stats.to_dict(), MSG_STATS_FAILED) if stats.rating.games else None
            ) or message
        if stats.migrated:  # rebuilt once, then stored in this format
            stats.rating = self.rating_from_records()
            stats.migrated = False
            return stats, self._write(STATS, stats.to_dict(), MSG_STATS_FAILED)
        return stats, None

    def rating_from_records(self) -> PersonRating:
        """The person's rating over the kept games (oldest first) against computers."""
        rating = PersonRating()
        records, _ = self.load_records()
        for record in reversed(records):
            try:
                result = GameResult.for_seats(record.final(), record.seats)
            except ValueError:  # load_records checked them; never lose the stats over one anyway
                continue
            if result is not None and result.level != PEOPLE:
                rating.record(result.versus)
        return rating

    def record_game(self, result: GameResult) -> tuple[Stats, str | None]:
        """Add a finished game to the stats and store them; the updated stats and any message."""
        stats, message = self.load_stats()
        stats.record(result)
        return stats, self._write(STATS, stats.to_dict(), MSG_STATS_FAILED) or message

    # The finished games kept for replays

    def load_records(self) -> tuple[list[GameRecord], str | None]:
        """The kept finished games, newest first, and a message when some were set aside.

        One bad game among good ones: the whole file is set aside as it was and the good
        games are written back, so nothing is lost and the rest stay replayable.
        """
        try:
            text = self._read_text(GAMES)
            if text is None:
                return [], None
            if self._games is not None and text == self._games[0]:
                return list(self._games[1]), None
            data = self._read(GAMES, GAMES_FORMAT, text)
            assert data is not None  # read from the text given
            games = data.get("games")
            if not isinstance(games, list):
                raise _Bad("bad", "games: 'games' must be a list")
        except _Bad as bad:
            self._set_aside(GAMES, bad)
            return [], MSG_GAMES_NEWER if bad.reason == "newer" else MSG_GAMES_DAMAGED
        kept: list[GameRecord] = []
        problems: list[str] = []
        newer = False
        for i, item in enumerate(games):
            try:
                kept.append(GameRecord.from_dict(item, finished=True))
            except ValueError as e:  # NewerRecord and NotARecord are ValueErrors too
                newer = newer or isinstance(e, NewerRecord)
                problems.append(f"game {i + 1}: {e}")
        if not problems:
            self._games = (text, list(kept))
            return kept, None
        reason = "newer" if newer and len(problems) == 1 else "bad"
        if self._set_aside(GAMES, _Bad(reason, "games: " + "; ".join(problems))):
            self._write_records(kept)
        return kept, MSG_GAMES_NEWER if reason == "newer" else MSG_GAMES_DAMAGED

    def _write_records(self, records: list[GameRecord]) -> str | None:
        text = _games_text([r.to_json() for r in records[:KEPT_GAMES]])
        failed = self._write_text(GAMES, text, MSG_GAMES_FAILED)
        self._games = None if failed else (text, records[:KEPT_GAMES])
        return failed

    def keep_record(self, record: GameRecord) -> str | None:
        """Add a finished game to the kept ones (the oldest beyond KEPT_GAMES dropped);
        None on success, else a message. An identical game already kept is not kept twice.

        The kept games are not replayed for this (that is for when they are shown: at the end
        of a game it would stall the frame on a handheld), unless the file is not a games file."""
        try:
            text = self._read_text(GAMES)
            games = [] if text is None else _game_lines(text)
        except _Bad:  # unreadable
            games = None
        if games is None:  # not as this store writes it: checked through, the bad set aside
            records, message = self.load_records()
            return self._write_records([record, *(r for r in records if r != record)]) or message
        new = record.to_json()
        failed = self._write_text(
            GAMES, _games_text([new, *(g for g in games if g != new)][:KEPT_GAMES]), MSG_GAMES_FAILED
        )
        self._games = None  # checked afresh when next shown
        return failed

    def game_over(self, record: GameRecord, final: Game | None = None) -> tuple[Stats, str | None]:
        """What the front end calls once a game is over: keeps its record for replays and
        adds it to the stats. Returns the updated stats and a message when something failed.

        The record must replay to a finished game (ValueError otherwise: a bug of the caller,
        not bad stored data). A game with no person in it is no one's: neither kept nor counted.
        """
        final = final if final is not None else record.final()  # the caller's game spares a replay
        if not final.is_over:
            raise ValueError("game_over: the record's game is not finished")
        result = GameResult.for_seats(final, record.seats)
        if result is None:
            return self.load_stats()
        if not record.played:
            record = replace(record, played=time.strftime("%Y-%m-%d %H:%M"))
        # counted first: stats that rebuild their rating from the kept games (old or damaged
        # ones) must not find this game among them and then count it again
        stats, message = self.record_game(result)
        kept = self.keep_record(record)
        return stats, kept or message

    # The game file a player exports and imports

    def exchange_location(self) -> str:
        """Where export_game writes and import_game reads, to show the player."""
        return self.backend.where(EXCHANGE)

    def export_game(self, record: GameRecord) -> str | None:
        """Write a game record to the game file; None on success, else a message."""
        return self._write(EXCHANGE, record.to_dict(), MSG_EXPORT_FAILED)

    def import_game(self) -> tuple[GameRecord | None, str | None]:
        """The finished game in the game file, checked like a save and then kept among the
        games; a damaged, foreign or newer file is set aside with a message, never deleted."""
        try:
            text = self.backend.read(EXCHANGE)
        except Exception as e:
            self._set_aside(EXCHANGE, _Bad("unreadable", f"{EXCHANGE}: cannot read ({e})"))
            return None, MSG_IMPORT_DAMAGED
        if text is None:
            return None, MSG_IMPORT_NONE
        try:
            record = GameRecord.from_json(text, finished=True)
        except NewerRecord as e:
            self._set_aside(EXCHANGE, _Bad("newer", f"{EXCHANGE}: {e}"))
            return None, MSG_IMPORT_NEWER
        except NotARecord as e:
            self._set_aside(EXCHANGE, _Bad("foreign", f"{EXCHANGE}: {e}"))
            return None, MSG_IMPORT_FOREIGN
        except ValueError as e:
            self._set_aside(EXCHANGE, _Bad("bad", f"{EXCHANGE}: {e}"))
            return None, MSG_IMPORT_DAMAGED
        if self.has_record(record):  # nothing to add: say so rather than "imported"
            return record, MSG_IMPORT_KEPT
        return record, self.keep_record(record)

    def has_record(self, record: GameRecord) -> bool:
        """Whether this very game (record) is among the kept games."""
        return record in self.load_records()[0]


# --- game files anywhere (the command line) --------------------------------------------------


def export_record(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write a game record to `path` all or nothing; OSError when that fails."""
    write_file(Path(path), record.to_json())


def import_record(path: str | os.PathLike[str]) -> GameRecord:
    """The finished game recorded in the file at `path`, checked through and replayed;
    ValueError naming the problem (the file is left as it is)."""
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError as e:
        raise ValueError(f"cannot read: {e.strerror or e}") from None
    return GameRecord.from_json(text, finished=True)
