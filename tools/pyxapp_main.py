"""The .pyxapp's startup script: `tools/build.py` puts Pyxel's metadata lines above it and
fills in BUILD.

`pyxel play` unpacks the game into a new folder at every start, so Python would compile every
module again each time (about a quarter of the start-up on a slow handheld). The first start
keeps a copy of the game in a cache folder named after the build; later starts import that
copy, whose compiled modules Python keeps beside it. Where no cache can be written (or in the
browser, which starts from memory anyway) the game runs from where Pyxel unpacked it.

`pyxel play` takes no extra arguments, so options for the desktop or a handheld come through
ACQUIRE8_ARGS (e.g. "--fullscreen --scale 3"); ACQUIRE8_CACHE_DIR picks the cache folder.
"""

import os
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

BUILD = "unbuilt"  # the build's content hash, filled in by tools/build.py
KEPT = ("acquire8", "assets")  # what the game reads beside this script
CACHE_ENV = "ACQUIRE8_CACHE_DIR"


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


def unpacked_by_pyxel(here: Path) -> bool:
    """Whether `here` is in the folder `pyxel play` made for this process: play/<pid>_<id>/."""
    return here.parent.parent.name == "play" and here.parent.name.startswith(f"{os.getpid()}_")


def start() -> None:
    here = Path(__file__).resolve().parent
    code = here if sys.platform == "emscripten" else kept_copy(here, cache_root(), BUILD)
    sys.path.insert(0, str(code))
    if code != here and unpacked_by_pyxel(here):
        # Pyxel leaves each start's unpacked folder behind and checks every one of them at the
        # next start (slow on a handheld); this one is not needed any more.
        shutil.rmtree(here.parent, ignore_errors=True)
    from acquire8.cli import main

    main(["play", *shlex.split(os.environ.get("ACQUIRE8_ARGS", ""))])


if __name__ == "__main__":
    start()
