"""Helpers for tests that start the built game: tools/headless.py in a child process, and
the build id the .pyxapp's startup script carries."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_headless(*args: str, env_extra: dict[str, str] | None = None) -> dict:
    """tools/headless.py's report. No ACQUIRE8_DATA_DIR: the runner then uses a fresh scratch
    folder, so settings other tests saved cannot change this game."""
    env = {k: v for k, v in os.environ.items() if k != "ACQUIRE8_DATA_DIR"}
    env.update({"SDL_AUDIODRIVER": "dummy", **(env_extra or {})})
    proc = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "headless.py"), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "FIRST_FRAME" in proc.stdout.splitlines()
    return json.loads(proc.stdout.strip().splitlines()[-1])


def build_id_in(pyxapp: Path) -> str:
    """The BUILD the .pyxapp's startup script names its kept copy after."""
    with zipfile.ZipFile(pyxapp) as zf:
        startup = zf.read("acquire8/main.py").decode()
    [build_id] = re.findall(r"^BUILD = '([0-9a-f]{16})'$", startup, re.MULTILINE)
    return build_id
