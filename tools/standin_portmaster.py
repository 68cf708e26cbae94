"""A stand-in PortMaster for the port's launcher, natively (tests/test_port.py) and in the
emulated roots of `make handheld-check` (tools/handheld_check.py).

It is PortMaster as the launcher sees it: a control folder with a `control.txt` that sets
PortMaster's variables (`$directory`, `$ESUDO`, `$GPTOKEYB`, `$CFW_NAME`, `$DEVICE_ARCH`, ...)
and defines the functions the launcher calls (`get_controls`, which gives a pad mapping,
`pm_platform_helper`, `pm_finish`, `pm_message`), a `mod_<CFW_NAME>.txt`, a gptokeyb that
records its arguments, a `harbourmaster` that "downloads" the runtime, and Pyxel's runtime as
a folder in `libs/` that the stand-in `$ESUDO` "mounts" (a symbolic link where the runtime's
squashfs image would be mounted). Every call goes to `calls.log` in the control folder.

The runtime is a Python 3.11 prefix: `bin/python3.11`, its standard library under
`lib/python3.11`, Pyxel beside it, `bin/activate` and `libs.<arch>/`, as PortMaster's image.

A game started through the launcher is driven by tools/device_drive.py when the launcher is
given `drive_env(...)`: a sitecustomize module on PYTHONPATH hands the process to the driver.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DRIVER = ROOT / "tools" / "device_drive.py"
RUNTIME = "pyxel_2.9.5_python_3.11"
CFW_NAME = "standin"
# What get_controls gives: one line of SDL's game controller database for the device's pad.
MAPPING = (
    "19000000010000000100000000010000,Stand-in handheld pad,a:b0,b:b1,x:b2,y:b3,back:b8,start:b9,"
    "leftshoulder:b4,rightshoulder:b5,dpup:b12,dpdown:b13,dpleft:b14,dpright:b15,platform:Linux,"
)

CONTROL_TXT = """\
# Stand-in for PortMaster's control.txt: its variables, and its functions recording their calls.
controlfolder="{control}"
directory="{directory}"
CFW_NAME="{cfw}"
DEVICE_NAME="Stand-in 640x480"
DEVICE_ARCH="{arch}"
DISPLAY_WIDTH=640
DISPLAY_HEIGHT=480
ESUDO="$controlfolder/sudo"
GPTOKEYB="$ESUDO $controlfolder/gptokeyb -sudokill"
export PM_CAN_MOUNT=Y
pm_record() {{ printf '%s\\n' "$*" >> "$controlfolder/calls.log"; }}
get_controls() {{ pm_record get_controls; sdl_controllerconfig='{mapping}'; }}
pm_platform_helper() {{ pm_record "pm_platform_helper $*"; }}
pm_message() {{ pm_record "pm_message $*"; }}
pm_finish() {{ pm_record pm_finish; }}
bind_directories() {{ pm_record "bind_directories $*"; }}
pm_record control.txt
"""

# $ESUDO: runs its command, but "mounts" a runtime image as a link to the folder beside it.
SUDO = """\
#!/bin/sh
here=$(dirname "$0")
printf 'sudo %s\\n' "$*" >> "$here/calls.log"
case "$1" in
mount)
    [ -d "${2%.squashfs}" ] && [ -d "$3" ] || { echo "mount: $2 on $3 failed" >&2; exit 32; }
    rmdir "$3" && ln -s "${2%.squashfs}" "$3" ;;
umount)
    [ -L "$2" ] || { echo "umount: $2: not mounted" >&2; exit 32; }
    rm "$2" && mkdir "$2" ;;
*) exec "$@" ;;
esac
"""

GPTOKEYB = """\
#!/bin/sh
printf 'gptokeyb %s\\n' "$*" >> "$(dirname "$0")/calls.log"
"""

# The runtime is "downloaded" from libs/<runtime>/ to libs/<runtime>.squashfs.
HARBOURMASTER = """\
#!/bin/sh
libs="$(dirname "$0")/libs"
printf 'harbourmaster %s\\n' "$*" >> "$(dirname "$0")/calls.log"
[ "$3" = runtime_check ] && [ -d "$libs/${4%.squashfs}" ] && touch "$libs/$4"
"""

ACTIVATE = """\
# The runtime's bin/activate (sourced by the launcher): its bin/ first on PATH.
VIRTUAL_ENV="{prefix}"
export VIRTUAL_ENV
PATH="$VIRTUAL_ENV/bin:$PATH"
export PATH
"""

SITECUSTOMIZE = "import device_drive\n\ndevice_drive.hook()\n"


def write(path: Path, text: str, executable: bool = False) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    if executable:
        path.chmod(0o755)


def make_portmaster(control: Path, seen_as: str, directory: str, arch: str, runtime_ready: bool) -> Path:
    """The stand-in control folder at `control` (which the launcher sees at `seen_as`), for a
    device whose roms are at /`directory`, of CPU `arch`. Its runtime is libs/<RUNTIME>/ (made
    by `make_runtime`); with `runtime_ready` its image file is there too, else harbourmaster
    is asked for it. Returns the runtime's folder."""
    control.mkdir(parents=True, exist_ok=True)
    text = CONTROL_TXT.format(control=seen_as, directory=directory, cfw=CFW_NAME, arch=arch, mapping=MAPPING)
    write(control / "control.txt", text)
    write(control / f"mod_{CFW_NAME}.txt", "pm_record mod_standin.txt\n")
    write(control / "sudo", SUDO, executable=True)
    write(control / "gptokeyb", GPTOKEYB, executable=True)
    write(control / "harbourmaster", HARBOURMASTER, executable=True)
    write(control / "version", "stand-in\n")
    (control / "libs").mkdir(exist_ok=True)
    if runtime_ready:
        (control / "libs" / f"{RUNTIME}.squashfs").touch()
    return control / "libs" / RUNTIME


def make_runtime(
    runtime: Path,
    python: Path,
    stdlib: Path,
    pyxel: Path,
    sites: list[str],
    mounted_at: str,
    arch: str,
    root: Path = Path("/"),
) -> None:
    """Pyxel's runtime as a folder at `runtime`: links to `python` as bin/python3.11, to each
    entry of the standard library `stdlib` in lib/python3.11 and to the Pyxel package folder
    `pyxel` in each of `sites` (relative to the runtime: the folders this Python's site module
    reads under its prefix; Debian's differ), and bin/activate for `mounted_at`. The three
    paths are as the launcher sees them, inside `root` (a Debian root for the emulated runs)."""
    if runtime.exists():
        shutil.rmtree(runtime)
    (runtime / "bin").mkdir(parents=True)
    (runtime / f"libs.{arch}").mkdir()
    (runtime / "bin" / "python3.11").symlink_to(python)
    lib = runtime / "lib" / "python3.11"
    lib.mkdir(parents=True)
    for entry in (root / stdlib.relative_to("/")).iterdir():
        if entry.name not in ("site-packages", "dist-packages"):
            (lib / entry.name).symlink_to(stdlib / entry.name)
    for site in sites:
        (runtime / site).mkdir(parents=True, exist_ok=True)
        (runtime / site / "pyxel").symlink_to(pyxel)
    write(runtime / "bin" / "activate", ACTIVATE.format(prefix=mounted_at))


def make_driver(folder: Path) -> Path:
    """tools/device_drive.py and a sitecustomize that starts it, in `folder` (for PYTHONPATH)."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(DRIVER, folder / "device_drive.py")
    write(folder / "sitecustomize.py", SITECUSTOMIZE)
    return folder


def drive_env(driver_dir: str, **options) -> dict[str, str]:
    """The environment that makes a launched game's Python hand it to the driver."""
    return {"PYTHONPATH": driver_dir, "ACQUIRE8_DRIVE": json.dumps(options)}


def native_runtime(runtime: Path, mounted_at: str) -> None:
    """The runtime from the Python running this (its base interpreter) and its Pyxel."""
    import site
    import sysconfig

    import pyxel

    python = Path(getattr(sys, "_base_executable", sys.executable)).resolve()
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    sites = [Path(p).as_posix() for p in site.getsitepackages(["."])]  # under the runtime's prefix
    arch = os.uname().machine
    make_runtime(runtime, python, stdlib, Path(pyxel.__file__).parent, sites, mounted_at, arch)


def descendants(pid: int) -> list[int]:
    """The processes started by `pid`, its children's and so on (from /proc)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def named(pids: list[int], name: str) -> list[int]:
    """Those of `pids` whose process name is `name` (what killall and pidof match)."""
    out = []
    for pid in pids:
        try:
            if Path(f"/proc/{pid}/comm").read_text().strip() == name[:15]:
                out.append(pid)
        except OSError:
            continue
    return out


def gptokeyb_name(calls: list[str]) -> str:
    """The process name the launcher gave gptokeyb (its last argument)."""
    started = [c.split() for c in calls if c.startswith("gptokeyb ")]
    if not started:
        raise RuntimeError("the launcher did not start gptokeyb")
    return started[-1][-1].strip("\"'")
