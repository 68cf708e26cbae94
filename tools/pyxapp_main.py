"""The .pyxapp's startup script: `tools/build.py` puts Pyxel's metadata lines above it and
fills in BUILD.

`pyxel play` unpacks the game into a new folder at every start, so Python would compile every
module again each time (about a quarter of the start-up on a slow handheld). The first start
keeps a copy of the game in a cache folder named after the build; later starts import that
copy, whose compiled modules Python keeps beside it. Where no cache can be written (or in the
browser, which starts from memory anyway) the game runs from where Pyxel unpacked it. The
copy also keeps the compiled methods of the game's dataclasses (KeptMethods).

`pyxel play` takes no extra arguments, so options for the desktop or a handheld come through
ACQUIRE8_ARGS (e.g. "--fullscreen --scale 3"); ACQUIRE8_CACHE_DIR picks the cache folder.
"""

import builtins
import contextlib
import dataclasses
import marshal
import os
import shlex
import shutil
import sys
import tempfile
import types
from pathlib import Path

BUILD = "unbuilt"  # the build's content hash, filled in by tools/build.py
KEPT = ("acquire8", "assets")  # what the game reads beside this script
CACHE_ENV = "ACQUIRE8_CACHE_DIR"
METHODS = f"dataclass-methods.{sys.implementation.cache_tag}"  # compiled code is per Python version


def cache_root() -> Path:
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "acquire8" / "code"


def kept_copy(unpacked: Path, root: Path, build: str) -> Path:
    """The folder to import the game from: `root/build`, copied there from `unpacked` when it is
    not there yet (other builds' copies are removed), or `unpacked` when that cannot be done."""
    kept = root / build
    if all((kept / name).exists() for name in KEPT):
        return kept
    fresh = None
    try:
        root.mkdir(parents=True, exist_ok=True)
        fresh = Path(tempfile.mkdtemp(prefix=".new-", dir=root))
        for name in KEPT:
            shutil.copytree(unpacked / name, fresh / name)
        shutil.rmtree(kept, ignore_errors=True)  # a damaged copy
        fresh.rename(kept)  # whole or not at all: a start that is cut off leaves no half copy
    except OSError:  # no room, no rights, or another start renamed its copy first
        if fresh is not None:
            shutil.rmtree(fresh, ignore_errors=True)
        return unpacked
    for old in root.iterdir():  # older builds, and copies that starts cut off left
        if old.name != build:
            shutil.rmtree(old, ignore_errors=True)
    return kept


class KeptMethods:
    """The compiled methods of the game's dataclasses, kept in a file between starts.

    `dataclasses` makes each class's __init__, __eq__, __repr__ ... by compiling generated
    source as the module is imported: 0.65 of the game's 1.1 s of imports on an emulated
    handheld. The same source always compiles to the same code, so each text is compiled once
    and kept; the game's own modules are compiled once by Python's .pyc files already."""

    def __init__(self, path: Path):
        self.path = path
        self.codes: dict[str, types.CodeType] = {}
        self.compiled = 0
        try:
            codes = marshal.loads(path.read_bytes())
        except (OSError, EOFError, ValueError, TypeError):  # none yet, or damaged: compile again
            return
        if isinstance(codes, dict):
            self.codes = {k: v for k, v in codes.items() if isinstance(v, types.CodeType)}

    def exec(self, source, scope=None, local_scope=None, /):
        """builtins.exec, with the code for a text compiled once."""
        if isinstance(source, str):
            code = self.codes.get(source)
            if code is None:
                code = self.codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
                self.compiled += 1
            source = code
        return builtins.exec(source, scope, local_scope)

    def save(self) -> None:
        if not self.compiled:
            return
        fresh = self.path.with_name(f".new-{os.getpid()}-{self.path.name}")
        try:
            fresh.write_bytes(marshal.dumps(self.codes))
            fresh.replace(self.path)  # whole or not at all
        except OSError:  # the game runs anyway; the next start compiles them again
            with contextlib.suppress(OSError):
                fresh.unlink(missing_ok=True)


def import_game(code: Path, methods: Path | None):
    """Import the game from `code` (its modules, and so its dataclasses, all at once), with
    the dataclasses' compiled methods kept in `methods` when it is given; its `main`."""
    sys.path.insert(0, str(code))
    kept = KeptMethods(methods) if methods is not None else None
    if kept is not None:
        dataclasses.exec = kept.exec  # a module's global comes before the builtin of that name
    try:
        # What playing imports (acquire8.app.run's modules: the rules, the computer players, the
        # controllers, Pyxel and the views), so that their dataclasses' methods are kept too.
        import acquire8.app.session
        import acquire8.app.shell  # noqa: F401
        from acquire8.launch import main
    finally:
        if kept is not None:
            del dataclasses.exec
            kept.save()
    return main


def unpacked_by_pyxel(here: Path) -> bool:
    """Whether `here` is in the folder `pyxel play` made for this process: play/<pid>_<id>/."""
    return here.parent.parent.name == "play" and here.parent.name.startswith(f"{os.getpid()}_")


def start() -> None:
    here = Path(__file__).resolve().parent
    code = here if sys.platform == "emscripten" else kept_copy(here, cache_root(), BUILD)
    if code != here and unpacked_by_pyxel(here):
        # Pyxel leaves each start's unpacked folder behind and checks every one of them at the
        # next start (slow on a handheld); this one is not needed any more.
        shutil.rmtree(here.parent, ignore_errors=True)
    main = import_game(code, code / METHODS if code != here else None)
    main(["play", *shlex.split(os.environ.get("ACQUIRE8_ARGS", ""))])


if __name__ == "__main__":
    start()
