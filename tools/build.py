"""Packaging: `make web` (pyxapp + html) and `make handheld` (pyxapp + launcher + README).

    python tools/build.py web       # dist/acquire8.pyxapp, dist/acquire8.html
    python tools/build.py handheld  # dist/handheld/{acquire8.pyxapp, acquire8.sh, README.md, wheels/}

Only the game's own files ship: the `acquire8` package (no caches, no dev-only tools) and the
resource files under `assets/`, laid out as in the repository so the same relative paths work
in a checkout and inside the .pyxapp. Pyxel's own commands do the packing.
"""

from __future__ import annotations

import argparse
import ast
import compileall
import hashlib
import os
import py_compile
import runpy
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_NAME = "acquire8"  # the staging folder's name: `pyxel package` names the .pyxapp after it
STARTUP = "main.py"
# Developer tools inside the package that the game never runs: the arena (it uses processes), the
# ladder's fit (the game carries its figures) and the scripted screens for screenshots and tests.
NEVER_SHIP = ("acquire8/ai/arena.py", "acquire8/ai/ladder.py", "acquire8/app/demo.py")
SKIP_PARTS = ("__pycache__",)
SKIP_SUFFIXES = (".pyc", ".pyo", ".orig", ".rej", ".swp")
ASSET_SUFFIXES = (".pyxres", ".pyxpal")

# The .pyxapp's startup script: Pyxel's metadata lines, then tools/pyxapp_main.py with the build's
# content hash, which names the copy of the game that later starts import (see that file).
STARTUP_HEADER = """\
# title: acquire8
# author: the acquire8 team
# desc: Sid Sackson's Acquire, PICO-8 style, 128x128
# license: MIT
# version: {version}
"""
STARTUP_BODY = ROOT / "tools" / "pyxapp_main.py"

HANDHELD_LAUNCHER = r"""#!/bin/sh
# acquire8 for Linux handhelds: start this script from the front end's ports (or any) menu.
# It runs the game full screen with the device's python3 and Pyxel; without Pyxel, the first
# start installs the bundled wheel (wheels/) into venv/ beside this script, offline.
# Everything it and the game print goes to acquire8.log beside it.
#   ./acquire8.sh [--scale N]     options go to the game; ACQUIRE8_PYTHON picks the python
HERE=$(cd "$(dirname "$0")" && pwd -P) || exit 1
LOG="$HERE/acquire8.log"
: >"$LOG"

say() {  # to the log and, when there is one, the terminal
    echo "acquire8: $*" >>"$LOG"
    echo "acquire8: $*" >&2
}

PYTHON=${ACQUIRE8_PYTHON:-python3}
if ! command -v "$PYTHON" >/dev/null 2>&1; then
    say "python3 was not found. Install Python 3.11 or newer (with its venv module) on the device."
    exit 1
fi
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' >>"$LOG" 2>&1; then
    say "$("$PYTHON" -V 2>&1) is too old: acquire8 needs Python 3.11 or newer."
    exit 1
fi

VENV="$HERE/venv"
if "$PYTHON" -c 'import pyxel' >>"$LOG" 2>&1; then
    PY=$PYTHON
elif [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c 'import pyxel' >>"$LOG" 2>&1; then
    PY=$VENV/bin/python
else
    say "first start: installing Pyxel from $HERE/wheels into $VENV (once, offline)"
    rm -rf "$VENV"
    if ! "$PYTHON" -m venv "$VENV" >>"$LOG" 2>&1; then
        rm -rf "$VENV"
        say "python3 cannot make a venv: install python3-venv (or pip install pyxel) and start again."
        exit 1
    fi
    if ! "$VENV/bin/python" -m pip install --no-index --find-links "$HERE/wheels" pyxel >>"$LOG" 2>&1; then
        rm -rf "$VENV"
        say "Pyxel did not install from $HERE/wheels (see $LOG): this device may not be aarch64 Linux."
        exit 1
    fi
    PY=$VENV/bin/python
fi

say "starting with $PY"
cd "$HERE" || exit 1
# The game keeps a copy of itself in cache/ so that later starts skip compiling it.
export ACQUIRE8_CACHE_DIR="$HERE/cache"
ACQUIRE8_ARGS="--fullscreen $*" exec "$PY" -m pyxel play acquire8.pyxapp >>"$LOG" 2>&1
"""

HANDHELD_README = """\
# acquire8 for Linux handhelds

Sid Sackson's *Acquire* as a 128x128 Pyxel game: you against computer players.

## Requirements
- an aarch64 (arm64) Linux handheld with Python 3.11 or newer and its venv module
  (python3-venv); Pyxel itself is bundled: `wheels/` holds Pyxel's aarch64 wheel
- or any computer with Python 3.11+ and `pip install pyxel`

## Install and start
Copy this whole folder (acquire8.sh, acquire8.pyxapp, wheels/) to the device where its front
end looks for ports or scripts (e.g. `ports/acquire8/`) and start `acquire8.sh`. It runs the
game full screen. On the first start without an installed Pyxel it makes `venv/` beside itself
and installs the bundled wheel into it, offline; that takes a minute once. What happens goes to
`acquire8.log` beside the script: look there when the game does not start. The first start
also keeps a copy of the game in `cache/` (about 0.5 MB), so later starts are quicker.

    ./acquire8.sh                 # full screen
    ./acquire8.sh --scale 3       # also a window scale, where the device has windows

On a desktop with Pyxel: `pyxel play acquire8.pyxapp` (a window; options through the
environment, e.g. `ACQUIRE8_ARGS="--fullscreen" pyxel play acquire8.pyxapp`).

## Controls (no mouse or keyboard needed)
| button | does |
|---|---|
| D-pad left/right | choose (tiles, options, amounts) |
| D-pad up/down | adjust a quantity, scroll |
| A | confirm |
| B, X | price chart and reference pages on/off |
| Y, L1 | undo your last decision this turn |
| START | pause menu (resume, undo, recap, log, help, hint, settings, new game, quit to title) |
| SELECT | price chart and reference pages on/off |

Every decision can be made with left/right and A alone. Settings and the saved game are kept
in Pyxel's user data folder, so Continue on the title screen resumes your last game.
"""

WHEEL_PLATFORM = "manylinux_2_28_aarch64"  # Pyxel's wheel for arm64 Linux handhelds
WHEEL_CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "acquire8" / "wheels"


def version() -> str:
    for line in (ROOT / "pyproject.toml").read_text(encoding="utf-8").splitlines():
        if line.startswith("version"):
            return line.split("=", 1)[1].strip().strip('"')
    return "0"


def shipped_files(root: Path = ROOT) -> list[Path]:
    """The repository files that go into the .pyxapp, relative to `root`, sorted."""
    files = []
    for path in sorted((root / "acquire8").rglob("*")):
        rel = path.relative_to(root)
        if not path.is_file() or any(p in SKIP_PARTS or p.startswith(".") for p in rel.parts):
            continue
        if rel.as_posix() in NEVER_SHIP or path.suffix in SKIP_SUFFIXES:
            continue
        files.append(rel)
    assets = root / "assets"
    if assets.is_dir():
        files += [p.relative_to(root) for p in sorted(assets.rglob("*")) if p.suffix in ASSET_SUFFIXES]
    return files


def stage(staging: Path) -> Path:
    """Copy the shipped files and the startup script into `staging/acquire8/`; return that folder."""
    app_dir = staging / APP_NAME
    if app_dir.exists():
        shutil.rmtree(app_dir)
    app_dir.mkdir(parents=True)
    for rel in shipped_files():
        (app_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        if rel.suffix == ".py":
            (app_dir / rel).write_text(compact((ROOT / rel).read_text(encoding="utf-8")), encoding="utf-8")
        else:
            shutil.copyfile(ROOT / rel, app_dir / rel)
    (app_dir / STARTUP).write_text(startup_script(build_id(app_dir)), encoding="utf-8")
    return app_dir


def build_id(app_dir: Path) -> str:
    """A hash of the staged game's files (not the startup script that names it): a new build
    gets a new kept copy on the device."""
    digest = hashlib.sha256()
    for path in sorted(p for p in app_dir.rglob("*") if p.is_file() and p != app_dir / STARTUP):
        digest.update(path.relative_to(app_dir).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def startup_script(build: str) -> str:
    body = STARTUP_BODY.read_text(encoding="utf-8")
    marker = 'BUILD = "unbuilt"'
    if body.count(marker) != 1:
        sys.exit(f"{STARTUP_BODY}: no single line {marker}")
    return STARTUP_HEADER.format(version=version()) + compact(body.replace(marker, f'BUILD = "{build}"'))


def compact(source: str) -> str:
    """The same module without its docstrings and comments (ast.unparse keeps the code as it
    is): the .pyxapp stays within its size budget, and the browser downloads less."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        first = node.body[0] if node.body else None
        if (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            node.body = node.body[1:] or ([] if isinstance(node, ast.Module) else [ast.Pass()])
        if isinstance(node, ast.ClassDef) and any(_is_dataclass(d) for d in node.decorator_list):
            # A dataclass without a docstring gets one made from its signature, which is slow
            # (a tenth of a second of start-up on a handheld, for the game's 60): its name will do.
            node.body.insert(0, ast.Expr(ast.Constant(node.name)))
    return ast.unparse(tree) + "\n"


def _is_dataclass(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return isinstance(target, ast.Name) and target.id == "dataclass"


def pyxel_command() -> list[str]:
    """Pyxel's command line from the interpreter running this script (the project's venv)."""
    return [sys.executable, "-c", "import sys; from pyxel.cli import cli; sys.argv[0] = 'pyxel'; cli()"]


def run_pyxel(args: list[str], cwd: Path) -> None:
    # Pyxel's CLI prints its errors and exits 1; quiet on success.
    proc = subprocess.run(pyxel_command() + args, cwd=cwd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        sys.exit(f"pyxel {' '.join(args)} failed:\n{proc.stdout}{proc.stderr}")


def build_pyxapp(dist: Path, staging: Path) -> Path:
    app_dir = stage(staging)
    run_pyxel(["package", str(app_dir), str(app_dir / STARTUP)], cwd=staging)
    dist.mkdir(parents=True, exist_ok=True)
    target = dist / f"{APP_NAME}.pyxapp"
    shutil.move(staging / f"{APP_NAME}.pyxapp", target)
    return target


def build_html(pyxapp: Path) -> Path:
    run_pyxel(["app2html", pyxapp.name], cwd=pyxapp.parent)
    html = pyxapp.with_suffix(".html")
    text = html.read_text(encoding="utf-8")
    # Touch screens play through Pyxel's virtual gamepad; app2html enables it, keep it so.
    if 'gamepad: "enabled"' not in text:
        sys.exit(f"{html}: the virtual gamepad is not enabled")
    return html


def build_web(dist: Path, staging: Path) -> list[Path]:
    pyxapp = build_pyxapp(dist, staging)
    return [pyxapp, build_html(pyxapp)]


def pyxel_version() -> str:
    """The Pyxel version of the interpreter running this script (the project's venv)."""
    proc = subprocess.run(
        [sys.executable, "-c", "import pyxel; print(pyxel.VERSION)"],
        capture_output=True,
        text=True,
        check=True,
    )
    return proc.stdout.strip()


def aarch64_wheel(cache: Path = WHEEL_CACHE) -> Path:
    """Pyxel's aarch64 wheel, of the version the project runs, downloaded once into `cache`."""
    version = pyxel_version()
    pattern = f"pyxel-{version}-*{WHEEL_PLATFORM}.whl"
    found = sorted(cache.glob(pattern))
    if not found:
        cmd = [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--only-binary=:all:",
            "--platform",
            WHEEL_PLATFORM,
            "--python-version",
            "3.11",
            "-d",
            str(cache),
            f"pyxel=={version}",
        ]
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
        found = sorted(cache.glob(pattern))
        if proc.returncode != 0 or not found:
            sys.exit(f"could not download Pyxel {version}'s aarch64 wheel:\n{proc.stdout}{proc.stderr}")
    return found[-1]


def build_handheld(dist: Path, staging: Path, wheel: Path | None = None) -> list[Path]:
    """dist/handheld/: the .pyxapp, the launcher, the README and wheels/ with Pyxel's aarch64
    wheel (`wheel`, else downloaded once into WHEEL_CACHE)."""
    wheel = wheel or aarch64_wheel()
    out = dist / "handheld"
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    pyxapp = build_pyxapp(out, staging)
    kept = precompiled_copy(staging / APP_NAME, out / "cache")
    launcher = out / f"{APP_NAME}.sh"
    launcher.write_text(HANDHELD_LAUNCHER, encoding="utf-8")
    launcher.chmod(0o755)
    readme = out / "README.md"
    readme.write_text(HANDHELD_README, encoding="utf-8")
    (out / "wheels").mkdir()
    bundled = out / "wheels" / wheel.name
    shutil.copyfile(wheel, bundled)
    return [pyxapp, launcher, readme, bundled, kept]


def precompiled_copy(app_dir: Path, cache: Path) -> Path:
    """The copy of the game that the .pyxapp's first start would keep (tools/pyxapp_main.py),
    made now in the handheld folder's cache/ and compiled by this Python, the dataclasses'
    methods included: on a device with the same Python version even the first start compiles
    nothing. The compiled files are checked against the source's hash, not its time, which
    copying to a device changes."""
    kept = cache / build_id(app_dir)
    startup = runpy.run_path(str(STARTUP_BODY), run_name="pyxapp_main")
    for name in startup["KEPT"]:
        shutil.copytree(app_dir / name, kept / name)
    checked = py_compile.PycInvalidationMode.CHECKED_HASH
    if not compileall.compile_dir(kept, quiet=1, invalidation_mode=checked):
        sys.exit(f"{kept}: the game did not compile")
    keep_methods = (  # a Python of its own: this one has imported the game from elsewhere
        "import runpy, sys; from pathlib import Path; kept = Path(sys.argv[1]); "
        "runpy.run_path(sys.argv[2])['import_game'](kept, kept / sys.argv[3])"
    )
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy"}
    args = [sys.executable, "-B", "-c", keep_methods, str(kept), str(STARTUP_BODY), startup["METHODS"]]
    subprocess.run(args, check=True, env=env)
    return kept


def describe(pyxapp: Path) -> str:
    with zipfile.ZipFile(pyxapp) as zf:
        names = zf.namelist()
    return f"{pyxapp} ({pyxapp.stat().st_size / 1024:.1f} KB, {len(names)} files)"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", choices=("web", "handheld"))
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--staging", type=Path, default=ROOT / "build" / "pyxapp")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    built = (build_web if args.target == "web" else build_handheld)(args.dist, args.staging)
    for path in built:
        size = sum(p.stat().st_size for p in path.rglob("*")) if path.is_dir() else path.stat().st_size
        print(describe(path) if path.suffix == ".pyxapp" else f"{path} ({size / 1024:.1f} KB)")


if __name__ == "__main__":
    main()
