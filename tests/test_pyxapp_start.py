"""The .pyxapp's startup script (tools/pyxapp_main.py): the copy of the game it keeps so that
later starts import compiled modules instead of compiling the game again."""

from __future__ import annotations

import os
import runpy
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
START = runpy.run_path(str(ROOT / "tools" / "pyxapp_main.py"), run_name="pyxapp_main")
kept_copy, unpacked_by_pyxel = START["kept_copy"], START["unpacked_by_pyxel"]


@pytest.fixture
def unpacked(tmp_path) -> Path:
    """A folder as `pyxel play` unpacks the game: the package, the assets, the script."""
    here = tmp_path / "play" / f"{os.getpid()}_x" / "acquire8"
    (here / "acquire8").mkdir(parents=True)
    (here / "acquire8" / "__init__.py").write_text("VERSION = 1\n")
    (here / "assets").mkdir()
    (here / "assets" / "acquire8.pyxres").write_bytes(b"res")
    (here / "main.py").write_text("")
    return here


def test_the_first_start_keeps_a_copy_and_later_starts_use_it(unpacked, tmp_path):
    root = tmp_path / "cache"
    kept = kept_copy(unpacked, root, "b1")
    assert kept == root / "b1"
    assert (kept / "acquire8" / "__init__.py").read_text() == "VERSION = 1\n"
    assert (kept / "assets" / "acquire8.pyxres").read_bytes() == b"res"
    (kept / "acquire8" / "__pycache__").mkdir()  # what Python writes beside the copy
    (unpacked / "acquire8" / "__init__.py").write_text("VERSION = 2\n")  # not copied again
    assert kept_copy(unpacked, root, "b1") == kept
    assert (kept / "acquire8" / "__init__.py").read_text() == "VERSION = 1\n"
    assert (kept / "acquire8" / "__pycache__").is_dir()


def test_a_new_build_replaces_the_old_copy_and_leftovers(unpacked, tmp_path):
    root = tmp_path / "cache"
    kept_copy(unpacked, root, "b1")
    (root / ".new-cut-off").mkdir()  # a first start that was cut off mid-copy
    assert kept_copy(unpacked, root, "b2") == root / "b2"
    assert sorted(p.name for p in root.iterdir()) == ["b2"]


def test_a_damaged_copy_is_made_again(unpacked, tmp_path):
    root = tmp_path / "cache"
    kept = kept_copy(unpacked, root, "b1")
    (kept / "assets" / "acquire8.pyxres").unlink()
    (kept / "assets").rmdir()
    assert kept_copy(unpacked, root, "b1") == kept
    assert (kept / "assets" / "acquire8.pyxres").read_bytes() == b"res"


def test_without_a_writable_cache_the_game_runs_where_it_was_unpacked(unpacked, tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    assert kept_copy(unpacked, blocked / "cache", "b1") == unpacked
    assert blocked.read_text() == "not a folder"


def test_only_the_folder_pyxel_made_for_this_process_counts_as_unpacked(unpacked, tmp_path):
    assert unpacked_by_pyxel(unpacked)
    other = tmp_path / "play" / "1_x" / "acquire8"  # another process's folder
    assert not unpacked_by_pyxel(other)
    assert not unpacked_by_pyxel(tmp_path / "build" / "pyxapp" / "acquire8")  # a staging folder
