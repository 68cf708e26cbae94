"""The .pyxapp's startup script (tools/pyxapp_main.py): the copy of the game it keeps so that
later starts import compiled modules instead of compiling the game again, and the compiled
methods of its dataclasses."""

from __future__ import annotations

import dataclasses
import marshal
import os
import runpy
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
START = runpy.run_path(str(ROOT / "tools" / "pyxapp_main.py"), run_name="pyxapp_main")
kept_copy, unpacked_by_pyxel = START["kept_copy"], START["unpacked_by_pyxel"]
KeptMethods = START["KeptMethods"]


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


def _dataclass_with(methods_file: Path):
    """A frozen dataclass made as the game's are, its methods kept in `methods_file`; and the
    KeptMethods that made it."""
    kept = KeptMethods(methods_file)
    dataclasses.exec = kept.exec
    try:

        @dataclasses.dataclass(frozen=True, slots=True)
        class Sold:
            seat: int
            chain: str
            count: int = 1
            names: list = dataclasses.field(default_factory=list)

    finally:
        del dataclasses.exec
    kept.save()
    return Sold, kept


def _behaves_as_a_frozen_dataclass(cls) -> None:
    one = cls(1, "T")
    assert (one.seat, one.chain, one.count, one.names) == (1, "T", 1, [])
    assert one == cls(1, "T", 1, []) and one != cls(1, "T", 2)
    assert hash(cls(2, "L", 3, ())) == hash(cls(2, "L", 3, ()))  # frozen: hashable
    assert repr(one).endswith("Sold(seat=1, chain='T', count=1, names=[])")
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.seat = 2
    assert dataclasses.replace(one, count=5).count == 5
    assert [f.name for f in dataclasses.fields(cls)] == ["seat", "chain", "count", "names"]


def test_a_dataclass_s_methods_are_compiled_once_and_kept(tmp_path):
    path = tmp_path / "methods"
    first, made = _dataclass_with(path)
    assert made.compiled > 0 and path.is_file()
    _behaves_as_a_frozen_dataclass(first)
    kept = path.read_bytes()
    again, remade = _dataclass_with(path)
    assert remade.compiled == 0  # every method came from the file
    assert path.read_bytes() == kept  # and nothing was written
    _behaves_as_a_frozen_dataclass(again)
    assert not hasattr(dataclasses, "exec")  # the builtin again once the game is imported


def test_a_damaged_or_foreign_methods_file_is_compiled_again(tmp_path):
    path = tmp_path / "methods"
    for damage in (b"\x00garbage", marshal.dumps(["not", "a", "dict"]), marshal.dumps({"x": "not code"})):
        path.write_bytes(damage)
        cls, made = _dataclass_with(path)
        assert made.compiled > 0
        _behaves_as_a_frozen_dataclass(cls)
        assert KeptMethods(path).codes.keys() == made.codes.keys()  # rewritten whole


def test_without_a_writable_place_the_methods_are_compiled_each_time(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    cls, made = _dataclass_with(blocked / "methods")
    assert made.compiled > 0
    _behaves_as_a_frozen_dataclass(cls)
    assert blocked.read_text() == "not a folder"
    assert [p.name for p in tmp_path.iterdir()] == ["file"]  # no half-written file left
