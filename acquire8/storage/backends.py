"""Where records live: one text per key, in files on desktop or in the browser's localStorage;
and `Records`, reading them forgivingly and writing them without raising, for the store.

Nothing here imports Pyxel at import time (the web check runs storage under Pyodide without
it); `default_backend` asks Pyxel for the desktop data directory only when it is called.
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
from pathlib import Path
from typing import Any, Protocol

VENDOR, APP = "acquire8-team", "acquire8"  # pyxel.user_data_dir(VENDOR, APP)
DATA_DIR_ENV = "ACQUIRE8_DATA_DIR"  # overrides the desktop data directory (tests, portable installs)

log = logging.getLogger("acquire8.storage")


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


# --- records on a backend, read forgivingly ---------------------------------------------------


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))  # a TypeError here is a bug in the caller


class BadRecord(Exception):
    """A record that cannot be used: set it aside with this reason."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


class Records:
    """The records on one backend: each a JSON object with a "format", read forgivingly (what
    cannot be used raises BadRecord, to be set aside) and written without raising. The plumbing
    of the Storage facade."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend

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
            raise BadRecord("bad", f"{key}: invalid JSON ({e})") from None
        if not isinstance(data, dict):
            raise BadRecord("bad", f"{key}: expected a JSON object")
        fmt = data.get("format")
        if type(fmt) is not int:
            raise BadRecord("bad", f"{key}: no format version")
        if fmt > version:
            raise BadRecord("newer", f"{key}: format {fmt} is newer than this game's {version}")
        if fmt < 1:
            raise BadRecord("bad", f"{key}: unknown format {fmt}")
        return data

    def _read_text(self, key: str) -> str | None:
        try:
            return self.backend.read(key)
        except Exception as e:  # permissions, an I/O error: move it aside like a damaged one
            raise BadRecord("unreadable", f"{key}: cannot read ({e})") from None

    def _set_aside(self, key: str, bad: BadRecord) -> bool:
        """Move the record under key aside; False (and the record left in place) if that failed."""
        try:
            where = self.backend.set_aside(key, bad.reason)
            log.warning("%s; kept as %s", bad, where)
            return True
        except Exception as e:  # even if renaming fails the game goes on; say so in the log
            log.error("%s; could not set it aside: %s", bad, e)
            return False

    def _write(self, key: str, data: dict[str, Any], failure: str) -> str | None:
        return self._write_text(key, dumps(data), failure)

    def _write_text(self, key: str, text: str, failure: str) -> str | None:
        try:
            self.backend.write(key, text)
        except Exception as e:  # disk full, read-only, quota exceeded (a JS error on the web)
            log.error("could not write %s: %s", key, e)
            return failure
        return None
