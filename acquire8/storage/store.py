"""The `Storage` facade: settings, the autosaved game, stats and the kept games on one
backend, each record JSON with a "format". Every load is forgiving: a damaged, truncated or
newer-version record is set aside (renamed or copied, never deleted), the player gets a
one-line message (storage.messages) and the game starts cleanly. The full reason goes to the
`acquire8.storage` logger."""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from acquire8.ai.kept import GameKey, KeptReview, game_key
from acquire8.rating import PersonRating
from acquire8.rules import GAME_MODES, Game
from acquire8.rules.record import GameRecord, NewerRecord, NotARecord
from acquire8.storage.backends import Backend, BadRecord, FileBackend, Records, default_backend
from acquire8.storage.messages import (
    MSG_EXPORT_FAILED,
    MSG_GAMES_DAMAGED,
    MSG_GAMES_FAILED,
    MSG_GAMES_NEWER,
    MSG_IMPORT_DAMAGED,
    MSG_IMPORT_FOREIGN,
    MSG_IMPORT_KEPT,
    MSG_IMPORT_MODE,
    MSG_IMPORT_NEWER,
    MSG_IMPORT_NONE,
    MSG_REVIEW_DAMAGED,
    MSG_REVIEWING_DAMAGED,
    MSG_REVIEWING_FAILED,
    MSG_SAVE_DAMAGED,
    MSG_SAVE_FAILED,
    MSG_SAVE_NEWER,
    MSG_SETTINGS_DAMAGED,
    MSG_SETTINGS_FAILED,
    MSG_SETTINGS_NEWER,
    MSG_SETTINGS_RESET,
    MSG_STATS_DAMAGED,
    MSG_STATS_FAILED,
    MSG_STATS_NEWER,
)
from acquire8.storage.records import (
    GAMES_FORMAT,
    KEPT_GAMES,
    REVIEW_FIELD,
    bare_line,
    game_lines,
    games_text,
    reviewed_line,
)
from acquire8.storage.settings import SETTINGS_FORMAT, Settings
from acquire8.storage.stats import STATS_FORMAT, GameResult, Stats, rating_from

log = logging.getLogger("acquire8.storage")
_R = TypeVar("_R")  # what a review kept under way is taken up as (load_reviewing's `resume`)

SAVE_FORMAT = 1  # version of the save envelope {"format", "meta", "game"}
SAVE, SETTINGS, STATS, GAMES = "save", "settings", "stats", "games"  # backend keys
# The expert's review left half done, to take up in another session: one, the last left.
REVIEWING, REVIEWING_FORMAT = "reviewing", 1
# The one game file a player exports to and imports from (a handheld has no file picker):
# acquire8-game.json in the data directory, or that localStorage key in the browser.
EXCHANGE = "acquire8-game"


@dataclass
class SavedGame:
    game: Game
    meta: dict[str, Any]  # whatever the front end stored to resume exactly (names, seats, bots, ...)


# --- the store ------------------------------------------------------------------------------


class Storage(Records):
    """Settings, the autosave, stats and the kept games on one backend. No method raises on bad
    stored data."""

    def __init__(self, backend: Backend) -> None:
        super().__init__(backend)
        # The kept games as last read or written, by their exact text: checking them replays
        # every game, so a game's end does not check again what this store has just checked.
        self._games: tuple[str, list[GameRecord]] | None = None
        self._reviews: dict[GameKey, KeptReview] = {}  # of those games, by game_key

    @classmethod
    def default(cls) -> Storage:
        return cls(default_backend())

    @classmethod
    def in_directory(cls, directory: str | os.PathLike[str]) -> Storage:
        return cls(FileBackend(directory))

    # Settings

    def load_settings(self) -> tuple[Settings, str | None]:
        """The stored settings (defaults when none), and a message when some were replaced."""
        try:
            data = self._read(SETTINGS, SETTINGS_FORMAT)
        except BadRecord as bad:
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
                raise BadRecord("bad", "save: expected 'meta' and 'game' objects")
            try:
                game = Game.from_json(json.dumps(data["game"]))
            except ValueError as e:  # the rules core names the problem
                # A game newer than this rules core is a newer save, not a damaged one.
                raise BadRecord("newer" if "newer" in str(e) else "bad", f"save: {e}") from None
            except Exception as e:  # the rules core should only raise ValueError; never crash anyway
                raise BadRecord("bad", f"save: {type(e).__name__}: {e}") from None
        except BadRecord as bad:
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
                raise BadRecord("bad", str(e)) from None
        except BadRecord as bad:
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
        records, _ = self.load_records()
        return rating_from(reversed(records))

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
                self._reviews = {}
                return [], None
            if self._games is not None and text == self._games[0]:
                return list(self._games[1]), None
            data = self._read(GAMES, GAMES_FORMAT, text)
            assert data is not None  # read from the text given
            games = data.get("games")
            if not isinstance(games, list):
                raise BadRecord("bad", "games: 'games' must be a list")
        except BadRecord as bad:
            self._set_aside(GAMES, bad)
            return [], MSG_GAMES_NEWER if bad.reason == "newer" else MSG_GAMES_DAMAGED
        kept: list[GameRecord] = []
        problems: list[str] = []
        newer = False
        reviews: dict[GameKey, KeptReview] = {}
        bad_reviews = 0
        for i, item in enumerate(games):
            review = item.pop(REVIEW_FIELD, None) if isinstance(item, dict) else None
            try:
                record = GameRecord.from_dict(item, finished=True)
            except ValueError as e:  # NewerRecord and NotARecord are ValueErrors too
                newer = newer or isinstance(e, NewerRecord)
                problems.append(f"game {i + 1}: {e}")
                continue
            kept.append(record)
            if review is None:
                continue
            try:
                reviews[game_key(record)] = KeptReview.from_dict(record, review)
            except ValueError as e:  # the game stays; only its review is set aside with the file
                bad_reviews += 1
                problems.append(f"game {i + 1}: {e}")
        self._reviews = reviews
        if not problems:
            self._games = (text, list(kept))
            return kept, None
        reason = "newer" if newer and len(problems) == 1 else "bad"
        if self._set_aside(GAMES, BadRecord(reason, "games: " + "; ".join(problems))):
            self._write_records(kept)
        if bad_reviews == len(problems):
            return kept, MSG_REVIEW_DAMAGED
        return kept, MSG_GAMES_NEWER if reason == "newer" else MSG_GAMES_DAMAGED

    def _line(self, record: GameRecord) -> str:
        """A kept game's line: its record, with its review when it has one."""
        review = self._reviews.get(game_key(record))
        return record.to_json() if review is None else reviewed_line(record.to_json(), review.to_dict())

    def _write_records(self, records: list[GameRecord]) -> str | None:
        text = games_text([self._line(r) for r in records[:KEPT_GAMES]])
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
            games = [] if text is None else game_lines(text)
        except BadRecord:  # unreadable
            games = None
        if games is None:  # not as this store writes it: checked through, the bad set aside
            records, message = self.load_records()
            return self._write_records([record, *(r for r in records if r != record)]) or message
        new = record.to_json()
        new = next((g for g in games if bare_line(g) == new), new)  # kept already: with its review
        lines = [new, *(g for g in games if g != new)][:KEPT_GAMES]
        failed = self._write_text(GAMES, games_text(lines), MSG_GAMES_FAILED)
        self._games = None  # checked afresh when next shown
        return failed

    # The expert's reviews of kept games

    def load_review(self, record: GameRecord) -> KeptReview | None:
        """The review kept with this game (the same seed and actions), None when it has none. The
        kept games are read again only when this store has not just read or written them."""
        if self._games is None:
            self.load_records()
        return self._reviews.get(game_key(record))

    def keep_review(self, record: GameRecord, review: KeptReview) -> str | None:
        """Keep `review` with its game among the kept games (a game no longer kept: nothing
        to keep it with); None on success, else a message."""
        records, message = self.load_records()
        kept = next((r for r in records if game_key(r) == game_key(record)), None)
        if kept is None:
            return message
        self._reviews[game_key(kept)] = review
        lines = game_lines(self._games[0]) if self._games is not None else None
        if lines is None:  # not as this store writes it: written whole
            return self._write_records(records) or message
        # Its line alone changes (the others are neither parsed nor written again).
        old = kept.to_json()
        new = reviewed_line(old, review.to_dict())
        text = games_text([new if bare_line(g) == old else g for g in lines])
        failed = self._write_text(GAMES, text, MSG_GAMES_FAILED)
        self._games = None if failed else (text, records)
        return failed or message

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
        if result is None or self.kept_game(record.seed, record.to_dict()["actions"]):
            return self.load_stats()  # no one's game, or this very game counted already: once only
        if not record.played:
            record = replace(record, played=time.strftime("%Y-%m-%d %H:%M"))
        result = replace(result, seed=record.seed, played=record.played)  # for solo's high scores
        # counted first: stats that rebuild their rating from the kept games (old or damaged
        # ones) must not find this game among them and then count it again
        stats, message = self.record_game(result)
        kept = self.keep_record(record)
        return stats, kept or message

    # The review left half done

    def save_reviewing(self, record: GameRecord, review: Mapping[str, object]) -> str | None:
        """Keep the review of `record`'s game under way, as its `to_dict` wrote it, to take up
        later (it replaces the one kept before); None on success, else a message."""
        data = {"format": REVIEWING_FORMAT, "game": record.to_dict(), "review": dict(review)}
        return self._write(REVIEWING, data, MSG_REVIEWING_FAILED)

    def load_reviewing(
        self, record: GameRecord, resume: Callable[[GameRecord, dict[str, Any]], _R]
    ) -> tuple[_R | None, str | None]:
        """The review of this game (the same seed and actions) kept under way, taken up where
        it was left by `resume(record, saved)` (`ai.review.Review.resumed`, which raises
        ValueError or TypeError on a damaged one); None when none is kept of it. A damaged one
        is set aside with a message. Storage knows the review's file, not its search."""
        try:
            data = self._read(REVIEWING, REVIEWING_FORMAT)
            if data is None:
                return None, None
            game, saved = data.get("game"), data.get("review")
            if not isinstance(game, dict) or not isinstance(saved, dict):
                raise BadRecord("bad", "reviewing: expected 'game' and 'review' objects")
            if not _same_game(game, record):
                return None, None  # another game's
            try:
                review = resume(record, saved)
            except (ValueError, TypeError) as e:
                raise BadRecord("bad", f"reviewing: {e}") from None
        except BadRecord as bad:
            self._set_aside(REVIEWING, bad)
            return None, MSG_REVIEWING_DAMAGED
        return review, None

    def drop_reviewing(self, record: GameRecord) -> None:
        """Forget the review kept under way if it is of this game (it is finished)."""
        try:
            data = self._read(REVIEWING, REVIEWING_FORMAT)
        except BadRecord:
            return  # set aside when next loaded
        game = data.get("game") if data is not None else None
        if isinstance(game, dict) and _same_game(game, record):
            try:
                self.backend.delete(REVIEWING)
            except Exception as e:
                log.error("could not delete the review under way: %s", e)

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
            self._set_aside(EXCHANGE, BadRecord("unreadable", f"{EXCHANGE}: cannot read ({e})"))
            return None, MSG_IMPORT_DAMAGED
        if text is None:
            return None, MSG_IMPORT_NONE
        mode = _unknown_mode(text)
        if mode is not None:  # most likely a newer version's way to play: set aside, kept
            self._set_aside(EXCHANGE, BadRecord("newer", f"{EXCHANGE}: unknown way to play {mode!r}"))
            return None, MSG_IMPORT_MODE
        try:
            record = GameRecord.from_json(text, finished=True)
        except NewerRecord as e:
            self._set_aside(EXCHANGE, BadRecord("newer", f"{EXCHANGE}: {e}"))
            return None, MSG_IMPORT_NEWER
        except NotARecord as e:
            self._set_aside(EXCHANGE, BadRecord("foreign", f"{EXCHANGE}: {e}"))
            return None, MSG_IMPORT_FOREIGN
        except ValueError as e:
            self._set_aside(EXCHANGE, BadRecord("bad", f"{EXCHANGE}: {e}"))
            return None, MSG_IMPORT_DAMAGED
        if self.has_record(record):  # nothing to add: say so rather than "imported"
            return record, MSG_IMPORT_KEPT
        return record, self.keep_record(record)

    def kept_game(self, seed: int, actions: list[dict[str, Any]]) -> bool:
        """Whether a kept finished game has this seed and begins with these actions (given as
        JSON objects): the same game, when and however it was kept. Read from the file's lines,
        not replayed, as it is asked at a game's end."""
        try:
            text = self._read_text(GAMES)
            lines = [] if text is None else game_lines(text) or []
            games = [json.loads(line) for line in lines]
        except (BadRecord, ValueError):
            return False
        return any(
            isinstance(g, dict) and g.get("seed") == seed and g.get("actions", [])[: len(actions)] == actions
            for g in games
        )

    def has_record(self, record: GameRecord) -> bool:
        """Whether this very game (record) is among the kept games."""
        return record in self.load_records()[0]


def _unknown_mode(text: str) -> str | None:
    """The way to play (rules options' mode) a game record's text names when this version does
    not know it; None when it is known, absent (singles) or the text is no record at all."""
    try:
        mode = json.loads(text)["options"]["mode"]
    except (ValueError, KeyError, TypeError):
        return None
    return None if mode in GAME_MODES else str(mode)


def _same_game(data: dict, record: GameRecord) -> bool:
    """Whether a record as its file keeps it is of `record`'s game: the same seed and actions
    (as `ai.review.game_key` tells games apart), read without replaying it."""
    return data.get("seed") == record.seed and data.get("actions") == record.to_dict()["actions"]
