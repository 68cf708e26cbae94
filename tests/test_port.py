"""The PortMaster port (`make port`): the zips' layout and port.json against PortMaster's rules,
and the launcher run natively against a stand-in PortMaster (tools/standin_portmaster.py) with
a stand-in Pyxel runtime, and without PortMaster with the device's python3 and the wheel the
standalone zip carries. The game the launcher starts is driven headless by
tools/device_drive.py; `make handheld-check` runs the same under emulation."""

from __future__ import annotations

import importlib.util
import json
import marshal
import os
import re
import signal
import struct
import subprocess
import sys
import threading
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402  (tools/ is not a package)
import standin_portmaster as pm  # noqa: E402
from pyxapp_runs import build_id_in  # noqa: E402

MACHINE = os.uname().machine
# PortMaster's genres (tools/libs/util.py in its ports repository) and its names' characters.
GENRES = {
    "action", "adventure", "arcade", "casino/card", "fps", "platformer", "puzzle", "racing",
    "rhythm", "rpg", "simulation", "sports", "strategy", "visual novel", "other",
}  # fmt: skip
NAME = re.compile(r"^[a-z0-9._]+$")


def wheel_of(folder: Path, target: Path) -> Path:
    """A wheel (a zip) of the installed Pyxel package `folder`: what the device's wheel holds."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as zf:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                zf.write(path, (Path("pyxel") / path.relative_to(folder)).as_posix())
    return target


@pytest.fixture(scope="module")
def port(tmp_path_factory) -> Path:
    """dist/port/ built with this machine's Pyxel as the standalone zip's wheel for this CPU,
    and stand-ins (Pyxel's licence only) for the aarch64 and armv7l ones."""
    import pyxel

    tmp = tmp_path_factory.mktemp("port")
    wheels = {MACHINE: wheel_of(Path(pyxel.__file__).parent, tmp / f"pyxel-9-cp311-abi3-linux_{MACHINE}.whl")}
    for arch, platform in build.WHEEL_PLATFORMS.items():
        if arch != MACHINE:
            wheels[arch] = tmp / f"pyxel-9-cp311-abi3-{platform}.whl"
            with zipfile.ZipFile(wheels[arch], "w") as zf:
                zf.writestr("pyxel/LICENSE", "Pyxel's licence")
    build.build_port(tmp / "dist", tmp / "staging", wheels)
    return tmp / "dist" / "port"


def unzip(archive: Path, into: Path) -> None:
    """As PortMaster unzips a port: with the modes the zip gives."""
    with zipfile.ZipFile(archive) as zf:
        for info in zf.infolist():
            zf.extract(info, into)
            mode = info.external_attr >> 16
            if mode:
                (into / info.filename).chmod(mode & 0o777)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_the_zip_and_its_port_json_follow_portmasters_rules(port):
    with zipfile.ZipFile(port / "acquire8.zip") as zf:
        names = zf.namelist()
        info = json.loads(zf.read("acquire8/port.json"))
        screenshot = zf.read("acquire8/screenshot.png")
        cover = zf.read("acquire8/cover.png")
        gameinfo = ET.fromstring(zf.read("acquire8/gameinfo.xml"))
        launcher = zf.getinfo("Acquire8.sh")
        script = zf.read("Acquire8.sh")
    assert {n.split("/")[0] for n in names} == {"Acquire8.sh", "acquire8"}
    for needed in ("port.json", "gameinfo.xml", "screenshot.png", "cover.png", "acquire8.md"):
        assert f"acquire8/{needed}" in names, needed
    assert "acquire8/licenses/LICENSE.acquire8.txt" in names
    assert "acquire8/acquire8.pyxapp" in names
    assert any(n.startswith("acquire8/cache/") and n.endswith(".pyc") for n in names)  # compiled
    assert [n for n in names if n.startswith("acquire8/licenses/")] == [
        "acquire8/licenses/LICENSE.acquire8.txt"
    ]
    assert info["version"] == 4 and info["name"] == "acquire8.zip" and NAME.match("acquire8")
    assert info["items"] == ["Acquire8.sh", "acquire8"]
    attr = info["attr"]
    for key in ("title", "desc", "inst", "porter", "genres", "runtime", "rtr", "arch", "reqs"):
        assert key in attr, key
    assert attr["title"] and attr["desc"] and attr["inst"] and attr["porter"]
    assert attr["genres"] == ["strategy"] and set(attr["genres"]) <= GENRES
    assert attr["runtime"] == ["pyxel_2.9.5_python_3.11.squashfs"] and attr["rtr"] is True
    assert png_size(screenshot) == (640, 480)
    assert png_size(cover)[0] >= 256
    game = gameinfo.find("game")
    assert game.findtext("path") == "./Acquire8.sh" and game.findtext("name") == "acquire8"
    assert (launcher.external_attr >> 16) & 0o111  # executable once unzipped
    assert script.startswith(b"#!/bin/bash\n") and b"\r" not in script  # bash, LF line endings
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")


def test_the_portmaster_zip_carries_no_sdl_gl_or_libc_and_the_standalone_one_the_wheels(port):
    with zipfile.ZipFile(port / "acquire8.zip") as zf:
        shipped = zf.namelist()
    assert not [n for n in shipped if n.endswith((".so", ".whl")) or ".so." in n]
    with zipfile.ZipFile(port / "acquire8-standalone.zip") as zf:
        standalone = zf.namelist()
    wheels = [n for n in standalone if n.startswith("acquire8/wheels/")]
    for platform in build.WHEEL_PLATFORMS.values():
        assert any(n.endswith(f"-{platform}.whl") for n in wheels), platform
    for licence in ("LICENSE.acquire8.txt", "LICENSE.pyxel.txt", "LICENSE.SDL2.txt"):
        assert f"acquire8/licenses/{licence}" in standalone
    assert set(standalone) - set(wheels) - {n for n in standalone if "/licenses/" in n} == {
        n for n in shipped if "/licenses/" not in n
    }  # otherwise the same port


def test_the_port_ships_the_game_compiled_for_its_first_start(port, tmp_path):
    """cache/<build>/ is the copy the .pyxapp's first start would keep, with compiled modules
    this Python accepts whatever times unzipping gives the files (checked by source hash)."""
    unzip(port / "acquire8.zip", tmp_path)
    game = tmp_path / "acquire8"
    [kept] = (game / "cache").iterdir()
    assert kept.name == build_id_in(game / "acquire8.pyxapp")
    methods = kept / f"dataclass-methods.{sys.implementation.cache_tag}"
    assert len(marshal.loads(methods.read_bytes())) > 100  # the dataclasses' methods, compiled
    sources = list(kept.rglob("*.py"))
    assert len(sources) > 20
    for source in sources:
        data = Path(importlib.util.cache_from_source(str(source))).read_bytes()
        assert data[:4] == importlib.util.MAGIC_NUMBER and int.from_bytes(data[4:8], "little") == 0b11
        assert data[8:16] == importlib.util.source_hash(source.read_bytes()), source


# ---------------------------------------------------------------- the launcher, natively
def files_under(folder: Path, *skip: Path) -> set[str]:
    out = set()
    for path in folder.rglob("*"):
        if not any(path == s or s in path.parents for s in skip):
            out.add(path.relative_to(folder).as_posix() + ("/" if path.is_dir() else ""))
    return out


@pytest.fixture()
def device(port, tmp_path) -> dict:
    """A device with PortMaster: roms at <tmp>/roms, PortMaster in $XDG_DATA_HOME, its
    runtime made of this machine's Python and Pyxel; the port unzipped into roms/ports."""
    roms, home, share = tmp_path / "roms", tmp_path / "home", tmp_path / "share"
    home.mkdir()
    unzip(port / "acquire8.zip", roms / "ports")
    control = share / "PortMaster"
    runtime = pm.make_portmaster(control, str(control), str(roms).lstrip("/"), MACHINE, runtime_ready=False)
    pm.native_runtime(runtime, str(home / pm.RUNTIME))
    driver = pm.make_driver(tmp_path / "driver")
    env = {"PATH": os.environ["PATH"], "HOME": str(home), "XDG_DATA_HOME": str(share)}
    env.update(SDL_AUDIODRIVER="dummy", LANG="C.UTF-8")
    return {
        "tmp": tmp_path,
        "script": roms / "ports" / "Acquire8.sh",
        "game": roms / "ports" / "acquire8",
        "control": control,
        "home": home,
        "driver": str(driver),
        "env": env,
    }


class Hung(Exception):
    """A start that never got anywhere: a failure, never made again (a hang once came from
    Pyxel's audio locks, docs/HANDHELD.md; it must not hide behind a retry)."""


def start(device: dict, env: dict[str, str]) -> subprocess.Popen:
    """The launcher as the front end starts it (bash, from another folder), in a session of its
    own so that a hung start can be ended whole."""
    return subprocess.Popen(
        ["bash", str(device["script"])],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=device["tmp"],
        env=env,
        start_new_session=True,
    )


def launch(
    device: dict, timeout: float = 240, drives: bool = True, **options
) -> tuple[subprocess.CompletedProcess, dict]:
    """Run the launcher with the driver riding in the game; (the run, the drive's report). A
    start that hangs is ended whole and fails (class Hung) with what it printed. With `drives` (a
    game that should start), no report fails with what the game's process said, and a report
    with an error fails with that error."""
    env = {**device["env"], **pm.drive_env(device["driver"], **options)}
    launcher = start(device, env)
    try:
        out, err = launcher.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(launcher.pid, signal.SIGKILL)
        out, err = launcher.communicate()
        raise Hung(f"the launcher did not finish in {timeout} s:\n{out[-2000:]}{err[-2000:]}") from None
    proc = subprocess.CompletedProcess(launcher.args, launcher.returncode, out, err)
    reports = [line for line in out.splitlines() if line.startswith("DRIVE_REPORT ")]
    if not reports and not drives:
        return proc, {}
    if not reports:  # the drive died before its report: what the game's process said is why
        pytest.fail(f"no drive report (exit {proc.returncode}); the game said:\n{out[-3000:]}\n{err[-3000:]}")
    report = json.loads(reports[-1].removeprefix("DRIVE_REPORT "))
    assert "error" not in report, f"the drive failed: {report['error']}"
    return proc, report


def calls(device: dict) -> list[str]:
    path = device["control"] / "calls.log"
    return path.read_text().splitlines() if path.exists() else []


def test_with_portmaster_the_launcher_plays_a_whole_game_on_the_runtime(device):
    outside = (device["game"], device["control"], Path(device["driver"]))  # the port's, the stand-ins'
    before = files_under(device["tmp"], *outside)
    proc, report = launch(device)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert report["game_over"] and report["frames"] > 1000, report
    game, home = device["game"], device["home"]
    runtime = home / pm.RUNTIME
    assert report["env"]["SDL_GAMECONTROLLERCONFIG"] == pm.MAPPING  # the pad's mapping reached the game
    assert report["fullscreen"] is True
    assert report["env"]["ACQUIRE8_DATA_DIR"] == f"{game}/conf"
    assert report["env"]["ACQUIRE8_CACHE_DIR"] == f"{game}/cache"
    assert report["env"]["TMPDIR"] == f"{game}/tmp"
    assert any((game / "conf").iterdir())  # the saves are in the port's folder
    log = (game / "log.txt").read_text()
    assert "DRIVE_REPORT" in log and "FIRST_FRAME" in log  # all output went through the log
    done = calls(device)
    libs = device["control"] / "libs"
    order = [
        "control.txt",
        "mod_standin.txt",
        "get_controls",
        f"harbourmaster --quiet --no-check runtime_check {pm.RUNTIME}.squashfs",  # asked for it
        f"sudo mount {libs}/{pm.RUNTIME}.squashfs {runtime}",
        f"pm_platform_helper {runtime}/bin/python3.11",
        f"sudo umount {runtime}",
        "pm_finish",
    ]
    at = -1
    for call in order:  # each in turn, after the one before
        assert call in done[at + 1 :], (call, done)
        at = done.index(call, at + 1)
    assert pm.gptokeyb_name(done) == "python3.11"
    # Nothing written outside the port's folder but the runtime's mount point in the home.
    after = files_under(device["tmp"], *outside)
    assert after - before == {f"home/{pm.RUNTIME}/"}
    assert not any(runtime.iterdir()) and not runtime.is_symlink()  # unmounted

    # A second start finds the runtime and asks for nothing.
    (device["control"] / "calls.log").unlink()
    proc, report = launch(device, first_frame_only=True)
    assert proc.returncode == 0 and report["frames"] == 1, proc.stdout + proc.stderr
    assert not [c for c in calls(device) if c.startswith("harbourmaster")]
    assert "DRIVE_REPORT" in (game / "log.txt").read_text()


def test_the_hotkey_ends_the_game_by_the_name_given_to_gptokeyb_and_pm_finish_runs(device):
    """gptokeyb's kill switch kills the processes of the name it was given (as killall and
    pidof match them): here those among the launcher's children."""
    env = {**device["env"], **pm.drive_env(device["driver"], hold=True)}
    launcher = start(device, env)
    watchdog = threading.Timer(60, os.killpg, (launcher.pid, signal.SIGKILL))
    watchdog.start()
    assert launcher.stdout is not None
    shown = any(line.strip() == "FIRST_FRAME" for line in launcher.stdout)
    watchdog.cancel()
    if not shown:
        launcher.wait()
        raise Hung("the game did not show its first frame in 60 s: killed")
    try:
        name = pm.gptokeyb_name(calls(device))
        game = pm.named(pm.descendants(launcher.pid), name)
        assert len(game) == 1, (name, game)
        environ = Path(f"/proc/{game[0]}/environ").read_bytes().split(b"\0")
        assert f"SDL_GAMECONTROLLERCONFIG={pm.MAPPING}".encode() in environ
        assert "pm_finish" not in calls(device)
        os.kill(game[0], signal.SIGKILL)
        launcher.stdout.read()
        launcher.wait(timeout=60)
    finally:
        if launcher.poll() is None:
            os.killpg(launcher.pid, signal.SIGKILL)
    assert calls(device)[-1] == "pm_finish"
    assert f"sudo umount {device['home'] / pm.RUNTIME}" in calls(device)


@pytest.fixture()
def bare_device(port, tmp_path) -> dict:
    """A device without PortMaster: the standalone zip unzipped into some ports folder."""
    home, share = tmp_path / "home", tmp_path / "share"
    home.mkdir()
    share.mkdir()
    unzip(port / "acquire8-standalone.zip", tmp_path / "sd" / "ports")
    driver = pm.make_driver(tmp_path / "driver")
    env = {"PATH": os.environ["PATH"], "HOME": str(home), "XDG_DATA_HOME": str(share)}
    # A python3 without Pyxel: this Python's own interpreter, outside the project's venv.
    python = Path(getattr(sys, "_base_executable", sys.executable)).resolve()
    env.update(SDL_AUDIODRIVER="dummy", LANG="C.UTF-8", ACQUIRE8_PYTHON=str(python))
    game = tmp_path / "sd" / "ports" / "acquire8"
    return {
        "tmp": tmp_path,
        "script": game.parent / "Acquire8.sh",
        "game": game,
        "home": home,
        "driver": str(driver),
        "env": env,
    }


def test_without_portmaster_the_wheel_for_this_cpu_is_unpacked_once_and_plays(bare_device):
    dev = bare_device
    check = [dev["env"]["ACQUIRE8_PYTHON"], "-c", "import pyxel"]
    assert subprocess.run(check, capture_output=True, env=dev["env"], check=False).returncode != 0
    proc, report = launch(dev, first_frame_only=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert report["frames"] == 1 and report["fullscreen"] is True
    lib = dev["game"] / f"lib.{MACHINE}"
    assert (lib / "pyxel" / "__init__.py").is_file()
    assert report["env"]["ACQUIRE8_DATA_DIR"] == f"{dev['game']}/conf"
    log = (dev["game"] / "log.txt").read_text()
    assert "first start: unpacking" in log and "DRIVE_REPORT" in log
    assert list(dev["home"].iterdir()) == []  # nothing in the home folder
    proc, report = launch(dev, first_frame_only=True)
    assert proc.returncode == 0 and report["frames"] == 1, proc.stdout + proc.stderr
    assert "unpacking" not in (dev["game"] / "log.txt").read_text()  # once


def test_without_portmaster_a_missing_wheel_or_an_old_python_is_said_in_one_line(bare_device, tmp_path):
    dev = bare_device
    old = tmp_path / "python3.7"
    old.write_text('#!/bin/sh\ncase "$1" in -V) echo "Python 3.7.3";; *) exit 1;; esac\n')
    old.chmod(0o755)
    proc, _ = launch({**dev, "env": {**dev["env"], "ACQUIRE8_PYTHON": str(old)}}, drives=False)
    assert proc.returncode == 1
    lines = [line for line in proc.stdout.splitlines() if line.startswith("acquire8:")]
    assert lines == ["acquire8: Python 3.7.3 is too old: acquire8 needs Python 3.11 or newer, or PortMaster."]
    for wheel in (dev["game"] / "wheels").glob(f"*_{MACHINE}.whl"):
        wheel.unlink()
    proc, _ = launch(dev, drives=False)
    assert proc.returncode == 1
    lines = [line for line in proc.stdout.splitlines() if line.startswith("acquire8:")]
    assert len(lines) == 1 and f"no Pyxel for this CPU ({MACHINE})" in lines[0], proc.stdout
    assert not (dev["game"] / f"lib.{MACHINE}").exists()
