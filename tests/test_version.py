"""The version is written once (acquire8.__version__): the command line, the package's
metadata, the shipped .pyxapp's header and module, and the changelog all say the same."""

from __future__ import annotations

import importlib.metadata
import re
import sys
from pathlib import Path

import pytest

import acquire8
from acquire8.cli import main

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402  (tools/ is not a package)


def test_the_version_is_a_release_number():
    assert re.fullmatch(r"\d+\.\d+\.\d+", acquire8.__version__)


def test_acquire8_version_prints_it_and_exits_cleanly(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"acquire8 {acquire8.__version__}"


def test_the_installed_metadata_reads_the_same_version():
    assert importlib.metadata.version("acquire8") == acquire8.__version__


def test_the_shipped_game_keeps_its_version():
    """The .pyxapp has no package metadata: its header and its compacted package say it."""
    assert build.version() == acquire8.__version__
    shipped = build.compact((ROOT / "acquire8" / "__init__.py").read_text(encoding="utf-8"))
    namespace: dict[str, object] = {}
    exec(shipped, namespace)
    assert namespace["__version__"] == acquire8.__version__


def test_the_changelog_has_a_section_for_this_version():
    headings = re.findall(r"^## (\S+)", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.M)
    assert headings[:2] == ["Unreleased", acquire8.__version__]
