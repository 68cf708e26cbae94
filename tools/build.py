"""Packaging: `make web` (pyxapp + html) and `make port` (PortMaster's zip, and a standalone one).

    python tools/build.py web       # dist/acquire8.pyxapp, dist/acquire8.html
    python tools/build.py port      # dist/port/acquire8.zip (PortMaster), acquire8-standalone.zip

Only the game's own files ship: the `acquire8` package (no caches, no dev-only tools) and the
resource files under `assets/`, laid out as in the repository so the same relative paths work
in a checkout and inside the .pyxapp. Pyxel's own commands do the packing.
"""

from __future__ import annotations

import argparse
import ast
import compileall
import hashlib
import json
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
# ladder's fit (the game carries its figures), the scripted screens for screenshots and tests, and
# command line's tools besides playing and `python -m acquire8` (acquire8/launch.py starts the game).
NEVER_SHIP = (
    "acquire8/ai/arena.py",
    "acquire8/ai/ladder.py",
    "acquire8/app/demo.py",
    "acquire8/cli.py",
    "acquire8/__main__.py",
)
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

PORT = ROOT / "tools" / "port"  # the launcher, the port's notes and a licence the wheels need
PORT_NAME = "acquire8"  # PortMaster's name for the port: its folder, its zip, GAMEDIR
PORT_SCRIPT = "Acquire8.sh"
OLDEST_PYXEL = "2.9.5"  # PortMaster's newest Pyxel runtime; pyproject.toml declares the same
RUNTIME = f"pyxel_{OLDEST_PYXEL}_python_3.11.squashfs"
# The CPUs of the standalone zip's wheels (`uname -m`) and Pyxel's wheel platform for each.
WHEEL_PLATFORMS = {"aarch64": "manylinux_2_28_aarch64", "armv7l": "manylinux_2_28_armv7l"}
WHEEL_CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "acquire8" / "wheels"
SCREENSHOT_SIZE, SCREENSHOT_SCALE = (640, 480), 3  # the play screen as a 640x480 handheld shows it
COVER_SCALE = 4

PORT_DESC = (
    "Sid Sackson's Acquire as a PICO-8-style 128x128 game: place tiles, found and merge hotel "
    "chains and trade their shares against one to five computer players."
)


def version() -> str:
    """The game's version, from the one place it is written (`acquire8.__version__`)."""
    for line in (ROOT / "acquire8" / "__init__.py").read_text(encoding="utf-8").splitlines():
        if line.startswith("__version__"):
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
    """The same module without its docstrings, comments and the annotations nothing reads at
    run time (ast.unparse keeps the code as it is): a first start compiles less, and the
    browser downloads less."""
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
    return ast.unparse(_Unannotated().visit(tree)) + "\n"


class _Unannotated(ast.NodeTransformer):
    """Drops the annotations nothing reads at run time: a function's, and a variable's outside
    a class body (there dataclasses, NamedTuples and Protocols read them): about 4 KB less
    of the .pyxapp, and a first start compiles a little less. The type checker reads the
    source, never the shipped copy."""

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        args = node.args
        for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
            if arg is not None:
                arg.annotation = None
        node.returns = None
        self.generic_visit(node)
        return node

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        node.body = [
            stmt if isinstance(stmt, ast.AnnAssign) else self.visit(stmt)  # a field keeps its own
            for stmt in node.body
        ]
        return node

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        if node.value is None:  # a bare declaration may be a block's only statement: kept
            return node
        return ast.copy_location(ast.Assign(targets=[node.target], value=node.value), node)


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
    recompress(staging / f"{APP_NAME}.pyxapp", target)
    return target


def recompress(source: Path, target: Path) -> None:
    """`pyxel package`'s zip written again at deflate's best level (the same entries, in the
    same order): half a kilobyte less to download, nothing more to unpack."""
    with (
        zipfile.ZipFile(source) as old,
        zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as new,
    ):
        for info in old.infolist():
            new.writestr(info, old.read(info), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    source.unlink()


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


def pyxel_wheel(arch: str, version: str | None = None, cache: Path = WHEEL_CACHE) -> Path:
    """Pyxel's wheel for `arch` (a key of WHEEL_PLATFORMS), of `version` (else the one the
    project runs), downloaded once into `cache`."""
    version = version or pyxel_version()
    platform = WHEEL_PLATFORMS[arch]
    pattern = f"pyxel-{version}-*{platform}.whl"
    found = sorted(cache.glob(pattern))
    if not found:
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:"]
        cmd += ["--platform", platform, "--python-version", "3.11", "-d", str(cache), f"pyxel=={version}"]
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
        found = sorted(cache.glob(pattern))
        if proc.returncode != 0 or not found:
            sys.exit(f"could not download Pyxel {version}'s {arch} wheel:\n{proc.stdout}{proc.stderr}")
    return found[-1]


def port_json() -> dict:
    """PortMaster's port.json (version 4) for the port."""
    return {
        "version": 4,
        "name": f"{PORT_NAME}.zip",
        "items": [PORT_SCRIPT, PORT_NAME],
        "items_opt": [],
        "attr": {
            "title": "acquire8",
            "desc": PORT_DESC,
            "inst": "Ready to run.",
            "porter": ["the acquire8 team"],
            "genres": ["strategy"],
            "image": None,
            "rtr": True,
            "exp": False,
            "runtime": [RUNTIME],
            "arch": ["aarch64", "x86_64"],  # the CPUs PortMaster has Pyxel runtimes for
            "reqs": [],
            "min_glibc": "",
        },
    }


def gameinfo_xml() -> str:
    """The front end's (EmulationStation's) entry for the port."""
    from xml.sax.saxutils import escape

    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<gameList>\n  <game>\n'
        f"    <path>./{PORT_SCRIPT}</path>\n    <name>acquire8</name>\n"
        f"    <desc>{escape(PORT_DESC)}</desc>\n"
        "    <developer>the acquire8 team</developer>\n    <publisher>the acquire8 team</publisher>\n"
        "    <genre>Strategy</genre>\n"
        f"    <image>./{PORT_NAME}/cover.png</image>\n"
        "  </game>\n</gameList>\n"
    )


def png(width: int, height: int, rows: list[bytes]) -> bytes:
    """An RGB PNG of `rows` (width * 3 bytes each)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"".join(b"\0" + row for row in rows), 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def draw_port_images(folder: str) -> None:
    """screenshot.png (the play screen scaled 3x, centred on a black 640x480 display, as the
    game shows it full screen there) and cover.png (the title, 4x) into `folder`. Runs in a
    Python of its own (`port_images`): Pyxel is initialised once per process."""
    sys.path.insert(0, str(ROOT))
    import pyxel

    from acquire8.app import views
    from acquire8.app.demo import key_screens

    pyxel.init(128, 128, headless=True, fps=10000)
    rgb = [c.to_bytes(3, "big") for c in list(pyxel.colors)]

    def picture(scale: int, size: tuple[int, int]) -> bytes:
        left, top = (size[0] - 128 * scale) // 2, (size[1] - 128 * scale) // 2
        rows = []
        for y in range(size[1]):
            if not 0 <= y - top < 128 * scale:
                rows.append(bytes(3 * size[0]))
                continue
            line = b"".join(rgb[pyxel.screen.pget(x, (y - top) // scale)] * scale for x in range(128))
            rows.append(bytes(3 * left) + line + bytes(3 * (size[0] - left - 128 * scale)))
        return png(size[0], size[1], rows)

    wanted = {
        "play": ("screenshot.png", SCREENSHOT_SCALE, SCREENSHOT_SIZE),
        "title": ("cover.png", COVER_SCALE, (128 * COVER_SCALE, 128 * COVER_SCALE)),
    }
    for name, app in key_screens():  # each screen as it is yielded: later presses change it
        if name in wanted:
            file, scale, size = wanted.pop(name)
            app.frame = 0  # blinking highlights drawn lit
            views.draw(app)
            (Path(folder) / file).write_bytes(picture(scale, size))
    if wanted:
        sys.exit(f"no key screens {sorted(wanted)}")


def port_images(folder: Path) -> None:
    script = "import sys; sys.path.insert(0, sys.argv[1]); import build; build.draw_port_images(sys.argv[2])"
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy"}
    subprocess.run([sys.executable, "-c", script, str(ROOT / "tools"), str(folder)], check=True, env=env)


def port_tree(out: Path, staging: Path, wheels: dict[str, Path] | None = None) -> Path:
    """The port as PortMaster unpacks it, in `out`: Acquire8.sh and acquire8/ with port.json,
    gameinfo.xml, screenshot.png, cover.png, acquire8.md, licenses/, the .pyxapp and the game
    compiled (cache/). With `wheels` ({arch: wheel}) it is the standalone port: acquire8/wheels/
    holds them, and licenses/ Pyxel's and SDL's licences too. Returns the game's folder."""
    if out.exists():
        shutil.rmtree(out)
    game = out / PORT_NAME
    game.mkdir(parents=True)
    launcher = out / PORT_SCRIPT
    shutil.copyfile(PORT / PORT_SCRIPT, launcher)
    launcher.chmod(0o755)
    build_pyxapp(game, staging)
    precompiled_copy(staging / APP_NAME, game / "cache")
    (game / "port.json").write_text(json.dumps(port_json(), indent=4) + "\n", encoding="utf-8")
    (game / "gameinfo.xml").write_text(gameinfo_xml(), encoding="utf-8")
    shutil.copyfile(PORT / f"{PORT_NAME}.md", game / f"{PORT_NAME}.md")
    port_images(game)
    licenses = game / "licenses"
    licenses.mkdir()
    shutil.copyfile(ROOT / "LICENSE", licenses / f"LICENSE.{PORT_NAME}.txt")
    if wheels:
        (game / "wheels").mkdir()
        for wheel in wheels.values():
            shutil.copyfile(wheel, game / "wheels" / wheel.name)
        with zipfile.ZipFile(next(iter(wheels.values()))) as zf:
            (licenses / "LICENSE.pyxel.txt").write_bytes(zf.read("pyxel/LICENSE"))
        shutil.copyfile(PORT / "LICENSE.SDL2.txt", licenses / "LICENSE.SDL2.txt")
    return game


def zip_tree(tree: Path, target: Path) -> Path:
    """`tree`'s files in a zip, sorted, the launcher executable (PortMaster unzips with modes)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sorted(p for p in tree.rglob("*") if p.is_file()):
            info = zipfile.ZipInfo.from_file(path, path.relative_to(tree).as_posix())
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (0o100755 if os.access(path, os.X_OK) else 0o100644) << 16
            zf.writestr(info, path.read_bytes())
    return target


def build_port(dist: Path, staging: Path, wheels: dict[str, Path] | None = None) -> list[Path]:
    """dist/port/acquire8.zip for PortMaster (no Pyxel in it: PortMaster's runtime runs it) and
    dist/port/acquire8-standalone.zip, the same with Pyxel's wheels for aarch64 and armv7l
    (`wheels`, else downloaded once into WHEEL_CACHE) for devices without PortMaster: the
    wheels carry SDL, which PortMaster's ports may not."""
    out = dist / "port"
    out.mkdir(parents=True, exist_ok=True)
    wheels = wheels or {arch: pyxel_wheel(arch) for arch in WHEEL_PLATFORMS}
    trees = staging.parent / "port"
    port_tree(trees / "portmaster", staging)
    portmaster = zip_tree(trees / "portmaster", out / f"{PORT_NAME}.zip")
    port_tree(trees / "standalone", staging, wheels)
    standalone = zip_tree(trees / "standalone", out / f"{PORT_NAME}-standalone.zip")
    return [portmaster, standalone]


def precompiled_copy(app_dir: Path, cache: Path) -> Path:
    """The copy of the game that the .pyxapp's first start would keep (tools/pyxapp_main.py),
    made now in the port's cache/ and compiled by this Python, the dataclasses'
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
    parser.add_argument("target", choices=("web", "port"))
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--staging", type=Path, default=ROOT / "build" / "pyxapp")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    built = (build_web if args.target == "web" else build_port)(args.dist, args.staging)
    for path in built:
        size = sum(p.stat().st_size for p in path.rglob("*")) if path.is_dir() else path.stat().st_size
        print(describe(path) if path.suffix == ".pyxapp" else f"{path} ({size / 1024:.1f} KB)")


if __name__ == "__main__":
    main()
