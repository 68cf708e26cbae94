"""Packaging: `make web` (pyxapp + html) and `make handheld` (pyxapp + launcher + README).

    python tools/build.py web       # dist/acquire8.pyxapp, dist/acquire8.html
    python tools/build.py handheld  # dist/handheld/{acquire8.pyxapp, acquire8.sh, README.md}

Only the game's own files ship: the `acquire8` package (no caches, no dev-only tools) and the
resource files under `assets/`, laid out as in the repository so the same relative paths work
in a checkout and inside the .pyxapp. Pyxel's own commands do the packing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_NAME = "acquire8"  # the staging folder's name: `pyxel package` names the .pyxapp after it
STARTUP = "main.py"
# Developer tools inside the package that the game never runs: the arena (it uses processes)
# and the scripted screens for screenshots and tests.
NEVER_SHIP = ("acquire8/ai/arena.py", "acquire8/app/demo.py")
SKIP_PARTS = ("__pycache__",)
SKIP_SUFFIXES = (".pyc", ".pyo", ".orig", ".rej", ".swp")
ASSET_SUFFIXES = (".pyxres", ".pyxpal")

# The startup script inside the .pyxapp. `pyxel play` accepts no extra arguments, so options
# for the desktop or a handheld come through ACQUIRE8_ARGS (e.g. "--fullscreen --scale 3").
STARTUP_SCRIPT = """\
# title: acquire8
# author: the acquire8 team
# desc: Sid Sackson's Acquire, PICO-8 style, 128x128
# license: MIT
# version: {version}
import os
import shlex

from acquire8.cli import main

main(["play", *shlex.split(os.environ.get("ACQUIRE8_ARGS", ""))])
"""

HANDHELD_LAUNCHER = """\
#!/bin/sh
# Launches acquire8 the way Linux handheld front ends run Pyxel games.
# Options go to the game: ./acquire8.sh --fullscreen   or   ./acquire8.sh --scale 4
cd "$(dirname "$0")"
ACQUIRE8_ARGS="$*" exec pyxel play acquire8.pyxapp
"""

HANDHELD_README = """\
# acquire8 for Linux handhelds

Sid Sackson's *Acquire* as a 128x128 Pyxel game: you against computer players.

## Requirements
- Python 3.11 or newer
- Pyxel: `pip install pyxel`

## Start
    ./acquire8.sh                 # or: pyxel play acquire8.pyxapp
    ./acquire8.sh --fullscreen    # full screen
    ./acquire8.sh --scale 3       # window 3x the 128x128 screen

Copy this folder (acquire8.pyxapp and acquire8.sh) where your front end looks for Pyxel
games (e.g. a `ports` or `pyxel` folder) and start `acquire8.sh`.

## Controls (no mouse or keyboard needed)
| button | does |
|---|---|
| D-pad left/right | choose (tiles, options, amounts) |
| D-pad up/down | adjust a quantity, scroll |
| A | confirm |
| B | price chart on/off |
| START | pause menu (resume, log, help, new game, quit to title) |
| SELECT | price chart on/off |

Every decision can be made with left/right and A alone. Settings and the saved game are kept
in Pyxel's user data folder, so Continue on the title screen resumes your last game.
"""


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
        shutil.copyfile(ROOT / rel, app_dir / rel)
    (app_dir / STARTUP).write_text(STARTUP_SCRIPT.format(version=version()), encoding="utf-8")
    return app_dir


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


def build_handheld(dist: Path, staging: Path) -> list[Path]:
    out = dist / "handheld"
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    pyxapp = build_pyxapp(out, staging)
    launcher = out / f"{APP_NAME}.sh"
    launcher.write_text(HANDHELD_LAUNCHER, encoding="utf-8")
    launcher.chmod(0o755)
    readme = out / "README.md"
    readme.write_text(HANDHELD_README, encoding="utf-8")
    return [pyxapp, launcher, readme]


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
        print(describe(path) if path.suffix == ".pyxapp" else f"{path} ({path.stat().st_size / 1024:.1f} KB)")


if __name__ == "__main__":
    main()
