"""Settings, the autosaved game, stats and the last finished games: JSON files on desktop,
localStorage in the browser.

One subject per module:

    backends   where records live: FileBackend, LocalStorageBackend (MemoryStorage to test)
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
one-line message (at most 32 characters, one line of the 128 px screen), and the game starts
cleanly. The full reason goes to the `acquire8.storage` logger.

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

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the type checker sees the names; at run time __getattr__ loads them
    from acquire8.storage.backends import (
        APP as APP,
    )
    from acquire8.storage.backends import (
        DATA_DIR_ENV as DATA_DIR_ENV,
    )
    from acquire8.storage.backends import (
        VENDOR as VENDOR,
    )
    from acquire8.storage.backends import (
        Backend as Backend,
    )
    from acquire8.storage.backends import (
        FileBackend as FileBackend,
    )
    from acquire8.storage.backends import (
        LocalStorageBackend as LocalStorageBackend,
    )
    from acquire8.storage.backends import (
        MemoryStorage as MemoryStorage,
    )
    from acquire8.storage.backends import (
        default_backend as default_backend,
    )
    from acquire8.storage.backends import (
        set_file_aside as set_file_aside,
    )
    from acquire8.storage.backends import (
        write_file as write_file,
    )
    from acquire8.storage.messages import (
        MSG_EXPORT_FAILED as MSG_EXPORT_FAILED,
    )
    from acquire8.storage.messages import (
        MSG_GAMES_DAMAGED as MSG_GAMES_DAMAGED,
    )
    from acquire8.storage.messages import (
        MSG_GAMES_FAILED as MSG_GAMES_FAILED,
    )
    from acquire8.storage.messages import (
        MSG_GAMES_NEWER as MSG_GAMES_NEWER,
    )
    from acquire8.storage.messages import (
        MSG_IMPORT_DAMAGED as MSG_IMPORT_DAMAGED,
    )
    from acquire8.storage.messages import (
        MSG_IMPORT_FOREIGN as MSG_IMPORT_FOREIGN,
    )
    from acquire8.storage.messages import (
        MSG_IMPORT_KEPT as MSG_IMPORT_KEPT,
    )
    from acquire8.storage.messages import (
        MSG_IMPORT_NEWER as MSG_IMPORT_NEWER,
    )
    from acquire8.storage.messages import (
        MSG_IMPORT_NONE as MSG_IMPORT_NONE,
    )
    from acquire8.storage.messages import (
        MSG_SAVE_DAMAGED as MSG_SAVE_DAMAGED,
    )
    from acquire8.storage.messages import (
        MSG_SAVE_FAILED as MSG_SAVE_FAILED,
    )
    from acquire8.storage.messages import (
        MSG_SAVE_NEWER as MSG_SAVE_NEWER,
    )
    from acquire8.storage.messages import (
        MSG_SETTINGS_DAMAGED as MSG_SETTINGS_DAMAGED,
    )
    from acquire8.storage.messages import (
        MSG_SETTINGS_FAILED as MSG_SETTINGS_FAILED,
    )
    from acquire8.storage.messages import (
        MSG_SETTINGS_NEWER as MSG_SETTINGS_NEWER,
    )
    from acquire8.storage.messages import (
        MSG_SETTINGS_RESET as MSG_SETTINGS_RESET,
    )
    from acquire8.storage.messages import (
        MSG_STATS_DAMAGED as MSG_STATS_DAMAGED,
    )
    from acquire8.storage.messages import (
        MSG_STATS_FAILED as MSG_STATS_FAILED,
    )
    from acquire8.storage.messages import (
        MSG_STATS_NEWER as MSG_STATS_NEWER,
    )
    from acquire8.storage.records import (
        GAMES_FORMAT as GAMES_FORMAT,
    )
    from acquire8.storage.records import (
        KEPT_GAMES as KEPT_GAMES,
    )
    from acquire8.storage.records import (
        export_record as export_record,
    )
    from acquire8.storage.records import (
        game_lines as game_lines,
    )
    from acquire8.storage.records import (
        games_text as games_text,
    )
    from acquire8.storage.records import (
        import_record as import_record,
    )
    from acquire8.storage.settings import (
        LEVELS as LEVELS,
    )
    from acquire8.storage.settings import (
        MAX_OPPONENTS as MAX_OPPONENTS,
    )
    from acquire8.storage.settings import (
        MAX_PLAYERS as MAX_PLAYERS,
    )
    from acquire8.storage.settings import (
        PACES as PACES,
    )
    from acquire8.storage.settings import (
        PERSON as PERSON,
    )
    from acquire8.storage.settings import (
        SETTINGS_FORMAT as SETTINGS_FORMAT,
    )
    from acquire8.storage.settings import (
        Pace as Pace,
    )
    from acquire8.storage.settings import (
        Settings as Settings,
    )
    from acquire8.storage.stats import (
        PEOPLE as PEOPLE,
    )
    from acquire8.storage.stats import (
        STATS_FORMAT as STATS_FORMAT,
    )
    from acquire8.storage.stats import (
        GameResult as GameResult,
    )
    from acquire8.storage.stats import (
        LevelStats as LevelStats,
    )
    from acquire8.storage.stats import (
        Stats as Stats,
    )
    from acquire8.storage.stats import (
        rank_of as rank_of,
    )
    from acquire8.storage.stats import (
        rating_from as rating_from,
    )
    from acquire8.storage.store import (
        EXCHANGE as EXCHANGE,
    )
    from acquire8.storage.store import (
        GAMES as GAMES,
    )
    from acquire8.storage.store import (
        SAVE as SAVE,
    )
    from acquire8.storage.store import (
        SAVE_FORMAT as SAVE_FORMAT,
    )
    from acquire8.storage.store import (
        SETTINGS as SETTINGS,
    )
    from acquire8.storage.store import (
        STATS as STATS,
    )
    from acquire8.storage.store import (
        SavedGame as SavedGame,
    )
    from acquire8.storage.store import (
        Storage as Storage,
    )

# each public name -> the module that defines it
_HOMES = {
    "APP": "backends",
    "DATA_DIR_ENV": "backends",
    "VENDOR": "backends",
    "Backend": "backends",
    "FileBackend": "backends",
    "LocalStorageBackend": "backends",
    "MemoryStorage": "backends",
    "default_backend": "backends",
    "set_file_aside": "backends",
    "write_file": "backends",
    "MSG_SAVE_DAMAGED": "messages",
    "MSG_SAVE_NEWER": "messages",
    "MSG_SAVE_FAILED": "messages",
    "MSG_SETTINGS_DAMAGED": "messages",
    "MSG_SETTINGS_NEWER": "messages",
    "MSG_SETTINGS_RESET": "messages",
    "MSG_SETTINGS_FAILED": "messages",
    "MSG_STATS_DAMAGED": "messages",
    "MSG_STATS_NEWER": "messages",
    "MSG_STATS_FAILED": "messages",
    "MSG_GAMES_DAMAGED": "messages",
    "MSG_GAMES_NEWER": "messages",
    "MSG_GAMES_FAILED": "messages",
    "MSG_IMPORT_NONE": "messages",
    "MSG_IMPORT_DAMAGED": "messages",
    "MSG_IMPORT_FOREIGN": "messages",
    "MSG_IMPORT_NEWER": "messages",
    "MSG_IMPORT_KEPT": "messages",
    "MSG_EXPORT_FAILED": "messages",
    "GAMES_FORMAT": "records",
    "KEPT_GAMES": "records",
    "export_record": "records",
    "game_lines": "records",
    "games_text": "records",
    "import_record": "records",
    "LEVELS": "settings",
    "MAX_OPPONENTS": "settings",
    "MAX_PLAYERS": "settings",
    "PACES": "settings",
    "PERSON": "settings",
    "SETTINGS_FORMAT": "settings",
    "Pace": "settings",
    "Settings": "settings",
    "PEOPLE": "stats",
    "STATS_FORMAT": "stats",
    "GameResult": "stats",
    "LevelStats": "stats",
    "Stats": "stats",
    "rank_of": "stats",
    "rating_from": "stats",
    "EXCHANGE": "store",
    "GAMES": "store",
    "SAVE": "store",
    "SAVE_FORMAT": "store",
    "SETTINGS": "store",
    "STATS": "store",
    "SavedGame": "store",
    "Storage": "store",
}
__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    """A re-exported name, its module imported on first use (PEP 562)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # asked once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})
