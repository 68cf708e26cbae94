"""The handheld folder (`make handheld`) and its launcher, run with a stand-in python3 on PATH:
the device's Pyxel when it has one, else a first-start venv from the bundled wheel, and a clear
message when python3, its venv module or the wheel's install fails. Nothing is installed."""

from __future__ import annotations

import importlib.util
import marshal
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402  (tools/ is not a package)
from pyxapp_runs import build_id_in, run_headless  # noqa: E402

WHEEL_NAME = f"pyxel-2.9.9-cp311-abi3-{build.WHEEL_PLATFORM}.whl"

# Each call is logged to $CALLS; Pyxel counts as installed for a python whose folder holds a
# `pyxel-installed` file (pip install makes one); FAKE_OLD, FAKE_NO_VENV, FAKE_PIP_FAIL fail.
STAND_IN = r"""#!/bin/sh
echo "$0 $*" >>"$CALLS"
here=$(dirname "$0")
case "$*" in
"-c import sys; sys.exit(sys.version_info < (3, 11))") [ -z "$FAKE_OLD" ]; exit ;;
"-V") echo "Python 3.9.2"; exit 0 ;;
"-c import pyxel")
    [ -e "$here/pyxel-installed" ] && exit 0
    echo "ModuleNotFoundError: No module named 'pyxel'" >&2; exit 1 ;;
"-m venv "*)
    [ -n "$FAKE_NO_VENV" ] && { echo "No module named venv" >&2; exit 1; }
    mkdir -p "$3/bin" && cp "$0" "$3/bin/python"; exit ;;
"-m pip install "*)
    [ -n "$FAKE_PIP_FAIL" ] && { echo "ERROR: no matching distribution" >&2; exit 1; }
    touch "$here/pyxel-installed"; exit ;;
"-m pyxel play acquire8.pyxapp") echo "PLAYED in $(pwd) with ACQUIRE8_ARGS=$ACQUIRE8_ARGS"
    echo "CACHE $ACQUIRE8_CACHE_DIR"; exit 0 ;;
esac
echo "unexpected call: $*" >&2
exit 3
"""
TOOLS = ("dirname", "rm", "mkdir", "cp", "touch")  # what the launcher and the stand-in run


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("handheld")
    wheel = tmp / WHEEL_NAME
    wheel.write_bytes(b"a stand-in wheel")
    build.build_handheld(tmp / "dist", tmp / "staging", wheel=wheel)
    return tmp / "dist" / "handheld"


@pytest.fixture()
def device(built, tmp_path) -> dict:
    """A copy of the folder, a bin/ of basic tools (no python3 yet) and a calls log."""
    folder = tmp_path / "ports" / "acquire8"
    shutil.copytree(built, folder)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in TOOLS:
        (bin_dir / tool).symlink_to(shutil.which(tool))
    return {"folder": folder, "bin": bin_dir, "calls": tmp_path / "calls.txt", "cwd": tmp_path}


def give_python(device: dict, with_pyxel: bool) -> Path:
    python = device["bin"] / "python3"
    python.write_text(STAND_IN)
    python.chmod(0o755)
    if with_pyxel:
        (device["bin"] / "pyxel-installed").touch()
    return python


def launch(device: dict, *args: str, **env: str) -> subprocess.CompletedProcess:
    # Started from another folder, as a front end does: the launcher must find its own.
    full_env = {"PATH": str(device["bin"]), "CALLS": str(device["calls"]), "HOME": str(device["cwd"]), **env}
    return subprocess.run(
        [str(device["folder"] / "acquire8.sh"), *args],
        capture_output=True,
        text=True,
        cwd=device["cwd"],
        env=full_env,
        timeout=60,
        check=False,
    )


def calls(device: dict) -> list[str]:
    return device["calls"].read_text().splitlines() if device["calls"].exists() else []


def game_log(device: dict) -> str:
    return (device["folder"] / "acquire8.log").read_text()


def test_the_folder_holds_the_game_launcher_readme_and_wheel(built):
    names = sorted(p.relative_to(built).as_posix() for p in built.rglob("*"))
    names = [n for n in names if not n.startswith("cache/")]  # the game's copy: see below
    assert names == ["README.md", "acquire8.pyxapp", "acquire8.sh", "cache", "wheels", f"wheels/{WHEEL_NAME}"]
    assert zipfile.ZipFile(built / "acquire8.pyxapp").testzip() is None
    launcher = built / "acquire8.sh"
    assert os.access(launcher, os.X_OK) and launcher.read_text().startswith("#!/bin/sh")
    readme = (built / "README.md").read_text()
    for needed in (
        "Python 3.11",
        "python3-venv",
        "wheels/",
        "acquire8.log",
        "D-pad",
        "| A |",
        "START",
        "SELECT",
    ):
        assert needed in readme, needed


def test_with_pyxel_installed_it_plays_full_screen_with_the_devices_python(device):
    python = give_python(device, with_pyxel=True)
    proc = launch(device, "--scale", "2")
    assert proc.returncode == 0, proc.stderr
    folder = device["folder"]
    log = game_log(device)
    assert f"PLAYED in {folder} with ACQUIRE8_ARGS=--fullscreen --scale 2" in log
    assert f"CACHE {folder}/cache" in log  # the game's kept copy stays in its folder
    assert calls(device)[-1] == f"{python} -m pyxel play acquire8.pyxapp"
    assert not (folder / "venv").exists()


def test_without_pyxel_the_first_start_installs_the_bundled_wheel_offline(device):
    give_python(device, with_pyxel=False)
    folder = device["folder"]
    venv_python = folder / "venv" / "bin" / "python"
    proc = launch(device)
    assert proc.returncode == 0, proc.stderr
    assert f"{venv_python} -m pip install --no-index --find-links {folder}/wheels pyxel" in calls(device)
    assert calls(device)[-1] == f"{venv_python} -m pyxel play acquire8.pyxapp"
    assert "first start: installing Pyxel" in game_log(device)
    assert "PLAYED" in game_log(device)
    # The second start finds the venv's Pyxel and installs nothing.
    device["calls"].unlink()
    proc = launch(device)
    assert proc.returncode == 0, proc.stderr
    assert not [c for c in calls(device) if " venv " in c or "pip install" in c]
    assert calls(device)[-1] == f"{venv_python} -m pyxel play acquire8.pyxapp"


def test_without_python3_it_says_so_and_stops(device):
    proc = launch(device)
    assert proc.returncode == 1
    assert "python3 was not found" in proc.stderr and "python3 was not found" in game_log(device)
    assert calls(device) == []


def test_an_old_python_is_named(device):
    give_python(device, with_pyxel=True)
    proc = launch(device, FAKE_OLD="1")
    assert proc.returncode == 1
    assert "Python 3.9.2 is too old" in proc.stderr and "3.11" in proc.stderr
    assert not any("pyxel play" in c for c in calls(device))


def test_without_the_venv_module_it_asks_for_python3_venv(device):
    give_python(device, with_pyxel=False)
    proc = launch(device, FAKE_NO_VENV="1")
    assert proc.returncode == 1
    assert "install python3-venv" in proc.stderr and "No module named venv" in game_log(device)
    assert not (device["folder"] / "venv").exists()


def test_a_failed_install_leaves_no_half_made_venv(device):
    give_python(device, with_pyxel=False)
    proc = launch(device, FAKE_PIP_FAIL="1")
    assert proc.returncode == 1
    assert "Pyxel did not install" in proc.stderr and "no matching distribution" in game_log(device)
    assert not (device["folder"] / "venv").exists()
    assert not any("pyxel play" in c for c in calls(device))


def test_the_folder_ships_the_game_compiled_for_its_first_start(built):
    """cache/<build>/ is the copy the .pyxapp's first start would keep, with compiled modules
    this Python accepts whatever times copying gives the files (checked by source hash)."""
    with zipfile.ZipFile(built / "acquire8.pyxapp") as zf:
        shipped = {n.removeprefix("acquire8/") for n in zf.namelist() if not n.endswith("/")}
    [kept] = (built / "cache").iterdir()
    assert kept.name == build_id_in(built / "acquire8.pyxapp")
    sources = {p.relative_to(kept).as_posix() for p in kept.rglob("*") if "__pycache__" not in p.parts}
    methods = f"dataclass-methods.{sys.implementation.cache_tag}"
    assert {s for s in sources if (kept / s).is_file()} == shipped - {"main.py", ".pyxapp_startup_script"} | {
        methods
    }
    assert len(marshal.loads((kept / methods).read_bytes())) > 100  # the dataclasses' methods, compiled
    kept_sources = sorted(kept.rglob("*.py"))
    assert kept / "acquire8" / "rules" / "game.py" in kept_sources  # the check below sees the game
    for source in kept_sources:
        pyc = Path(importlib.util.cache_from_source(str(source)))
        data = pyc.read_bytes()
        assert data[:4] == importlib.util.MAGIC_NUMBER, pyc
        assert int.from_bytes(data[4:8], "little") == 0b11, pyc  # hash-based, checked
        assert data[8:16] == importlib.util.source_hash(source.read_bytes()), pyc


def test_a_start_with_the_shipped_copy_imports_it(built, tmp_path):
    cache = tmp_path / "cache"
    shutil.copytree(built / "cache", cache, copy_function=shutil.copyfile)  # new times, as on a device
    before = sorted(p.relative_to(cache) for p in cache.rglob("*"))
    stats = run_headless(
        "--pyxapp", str(built / "acquire8.pyxapp"), env_extra={"ACQUIRE8_CACHE_DIR": str(cache)}
    )
    [kept] = cache.iterdir()
    assert Path(stats["game_dir"]) == kept
    assert sorted(p.relative_to(cache) for p in cache.rglob("*")) == before  # nothing compiled anew
    assert [p.read_bytes() for p in cache.rglob("dataclass-methods.*")] == [
        p.read_bytes() for p in (built / "cache").rglob("dataclass-methods.*")
    ]  # nor any dataclass's methods
