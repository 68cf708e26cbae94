"""Settings, the autosaved game, stats and the last finished games: JSON files on desktop,
localStorage in the browser.

One subject per module:

    backends   where records live: FileBackend, LocalStorageBackend (MemoryStorage to test)
               and Records, read forgivingly and written without raising
    settings   the player's preferences, the paces and seat kinds: Settings, Pace, PACES
    stats      the stats and the person's rating: Stats, LevelStats, GameResult
    records    the kept games' file, game files anywhere: export_record, import_record
    messages   the one-line messages for the player (MSG_...)
    store      the Storage facade over a backend

This package re-exports their public names (`from acquire8.storage import Storage`), each
module loaded only when one of its names is first asked for: `acquire8.storage.settings`
imports without the backends, the stats or the store.

Nothing here imports Pyxel at import time: the web check runs storage under Pyodide without
Pyxel, and tests run it without a window. Every load is forgiving: a damaged, truncated or
newer-version record is set aside (renamed or copied, never deleted), the player gets a
one-line message (at most 31 characters, one line of the 128 px screen), and the game starts
cleanly. The full reason goes to the `acquire8.storage` logger.

Typical use by the front end (after `pyxel.init`, which `pyxel.user_data_dir` needs):

    store = Storage.default()
    settings, msg = store.load_settings()
    saved, msg = store.load_game()        # saved is None: no Continue on the title
    store.save_game(game, meta)           # after every turn; returns a message or None
    store.delete_save()                   # when the game is over
    stats, msg = store.game_over(record)  # a finished game's GameRecord: kept, and counted in the stats
    records, msg = store.load_records()   # the kept games, newest first, for replays
    store.keep_review(record, kept)       # the expert's review kept with its game; load_review(record)
    msg = store.export_game(record)       # to the fixed file exchange_location() names
    record, msg = store.import_game()     # from that file, checked; kept among the games
"""

from __future__ import annotations

from acquire8.lazy import lazy_exports

# The public names of each module, re-exported here. (The type checker sees them as Any through
# the package: the package's own code imports each name from its module.)
_NAMES = {
    "backends": (
        "APP DATA_DIR_ENV VENDOR Backend FileBackend LocalStorageBackend MemoryStorage "
        "default_backend set_file_aside write_file BadRecord Records dumps"
    ),
    "messages": (
        "MSG_SAVE_DAMAGED MSG_SAVE_NEWER MSG_SAVE_FAILED MSG_SETTINGS_DAMAGED MSG_SETTINGS_NEWER "
        "MSG_SETTINGS_RESET MSG_SETTINGS_FAILED MSG_STATS_DAMAGED MSG_STATS_NEWER "
        "MSG_STATS_FAILED MSG_GAMES_DAMAGED MSG_GAMES_NEWER MSG_GAMES_FAILED MSG_IMPORT_NONE "
        "MSG_IMPORT_DAMAGED MSG_IMPORT_FOREIGN MSG_IMPORT_NEWER MSG_IMPORT_MODE MSG_IMPORT_KEPT "
        "MSG_EXPORT_FAILED "
        "MSG_REVIEW_DAMAGED MSG_REVIEWING_DAMAGED MSG_REVIEWING_FAILED"
    ),
    "records": (
        "GAMES_FORMAT KEPT_GAMES REVIEW_FIELD bare_line export_record game_lines games_text "
        "import_record reviewed_line"
    ),
    "settings": "LEVELS MAX_OPPONENTS MAX_PLAYERS PACES PERSON SETTINGS_FORMAT Pace Settings",
    "stats": (
        "HIGH_SCORES PEOPLE SINGLES STATS_FORMAT GameResult HighScore LevelStats Stats rank_of rating_from"
    ),
    "store": "EXCHANGE GAMES REVIEWING REVIEWING_FORMAT SAVE SAVE_FORMAT SETTINGS STATS SavedGame Storage",
}
_HOMES, __getattr__, __dir__ = lazy_exports(__name__, _NAMES, globals())
__all__ = sorted(_HOMES)
