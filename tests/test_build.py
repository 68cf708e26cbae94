"""The shipping pipeline: what goes into the .pyxapp, the html, the handheld folder,
and that the shipped code can run in Pyxel's web runtime (Pyodide: one thread, no processes,
no sleeping, no blocking console input)."""

from __future__ import annotations

import ast
import base64
import os
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402  (tools/ is not a package)
from pyxapp_runs import build_id_in, run_headless  # noqa: E402

# Modules and calls the web runtime cannot run: Pyodide has no threads or processes, and a
# sleeping or console-reading frame freezes the browser tab.
FORBIDDEN_MODULES = ("threading", "_thread", "subprocess", "multiprocessing", "concurrent", "socket")
FORBIDDEN_CALLS = ("time.sleep", "os.system", "os.fork", "os.popen", "pyxel.flip", "pyxel.show", "input")


def web_problems(source: str, filename: str = "<src>") -> list[str]:
    """Each forbidden import or call in `source`, as 'file:line: what'."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        for name in names:
            if name.split(".")[0] in FORBIDDEN_MODULES or name in FORBIDDEN_CALLS:
                found.append(f"{filename}:{node.lineno}: import {name}")
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                called = f"{func.value.id}.{func.attr}"
            elif isinstance(func, ast.Name):
                called = func.id
            else:
                continue
            if called in FORBIDDEN_CALLS:
                found.append(f"{filename}:{node.lineno}: {called}()")
    return found


@pytest.fixture(scope="module")
def web(tmp_path_factory) -> tuple[Path, Path]:
    tmp = tmp_path_factory.mktemp("web")
    pyxapp, html = build.build_web(tmp / "dist", tmp / "staging")
    return pyxapp, html


def shipped_python() -> list[Path]:
    found = [rel for rel in build.shipped_files() if rel.suffix == ".py"]
    # the scans below read these files: an empty list would pass every one of them
    assert {Path("acquire8/rules/game.py"), Path("acquire8/app/shell.py")} <= set(found)
    return found


def test_scanner_finds_what_the_web_cannot_run():
    bad = (
        "import threading\nfrom subprocess import run\nimport multiprocessing.pool\n"
        "from time import sleep\nimport time\ntime.sleep(1)\nname = input()\npyxel.flip()\n"
    )
    assert len(web_problems(bad)) == 8
    assert web_problems("import time\nt = time.perf_counter()\nimport pyxel\npyxel.run(u, d)\n") == []


def test_shipped_code_has_no_threads_processes_sleep_or_blocking_input():
    problems = []
    for rel in shipped_python():
        problems += web_problems((build.ROOT / rel).read_text(encoding="utf-8"), str(rel))
    assert problems == []


def test_nothing_shipped_imports_a_module_left_out():
    left_out = {p.removesuffix(".py").replace("/", ".") for p in build.NEVER_SHIP}
    for rel in shipped_python():
        tree = ast.parse((build.ROOT / rel).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = {node.module} | {f"{node.module}.{a.name}" for a in node.names}
            else:
                continue
            assert not names & left_out, f"{rel} imports {names & left_out}, which does not ship"


def test_pyxapp_holds_the_game_and_nothing_else(web):
    pyxapp, _ = web
    with zipfile.ZipFile(pyxapp) as zf:
        names = set(zf.namelist())
        marker = zf.read("acquire8/.pyxapp_startup_script").decode().strip()
        startup = zf.read(f"acquire8/{marker}").decode()
    expected = {f"acquire8/{rel.as_posix()}" for rel in build.shipped_files()}
    assert names == expected | {"acquire8/.pyxapp_startup_script", "acquire8/main.py"}
    assert "acquire8/acquire8/rules/game.py" in names and "acquire8/acquire8/launch.py" in names
    assert "acquire8/acquire8/app/__init__.py" in names
    if (ROOT / "assets" / "acquire8.pyxres").exists():  # audio.py loads it from <root>/assets
        assert "acquire8/assets/acquire8.pyxres" in names
    for name in names:
        assert "__pycache__" not in name and not name.endswith((".pyc", ".pyo"))
        assert not name.startswith(("acquire8/tests/", "acquire8/tools/", "acquire8/bench/")), name
    assert "acquire8/acquire8/ai/arena.py" not in names  # a developer tool that uses processes
    assert marker == "main.py" and "from acquire8.launch import main" in startup


def test_html_embeds_the_pyxapp_and_keeps_the_virtual_gamepad(web):
    pyxapp, html = web
    text = html.read_text(encoding="utf-8")
    assert 'gamepad: "enabled"' in text
    assert 'command: "play"' in text and 'name: "acquire8.pyxapp"' in text
    embedded = re.search(r'base64: "([A-Za-z0-9+/=]+)"', text)
    assert embedded and base64.b64decode(embedded.group(1)) == pyxapp.read_bytes()


def test_pyxapp_plays_headless_from_title_to_game_over(web):
    """`pyxel play acquire8.pyxapp` as a handheld runs it, with X tapped every
    35 frames (a new turn takes X after 33 quiet frames)."""
    pyxapp, _ = web
    stats = run_headless("--pyxapp", str(pyxapp), "--frames", "40000", "--press-every", "35", "--until-over")
    assert stats["game_over"] and not stats["quit"], stats
    assert stats["init"]["display_scale"] is None and "fullscreen" not in stats


def test_pyxapp_passes_fullscreen_and_scale_to_pyxel(web):
    pyxapp, _ = web
    stats = run_headless(
        "--pyxapp", str(pyxapp), "--frames", "2", env_extra={"ACQUIRE8_ARGS": "--fullscreen --scale 3"}
    )
    assert stats["init"]["display_scale"] == 3 and stats["fullscreen"] is True


def test_later_starts_of_the_pyxapp_import_the_kept_copy(web, tmp_path):
    """The first start keeps a copy of the game under ACQUIRE8_CACHE_DIR/<build> and Python
    compiles it there; later starts import it from there (tools/pyxapp_main.py). Pyxel's
    unpacked folder is removed, so they do not pile up in the temp folder."""
    pyxapp, _ = web
    build_id = build_id_in(pyxapp)
    cache = tmp_path / "code"
    env = {"ACQUIRE8_CACHE_DIR": str(cache), "PYTHONDONTWRITEBYTECODE": ""}
    first = run_headless("--pyxapp", str(pyxapp), "--frames", "2", env_extra=env)
    kept = cache / build_id
    assert Path(first["game_dir"]) == kept
    compiled = sorted(p.name for p in (kept / "acquire8" / "rules" / "__pycache__").iterdir())
    assert any(name.startswith("game.") for name in compiled)
    [methods] = kept.glob("dataclass-methods.*")  # the dataclasses' compiled methods
    kept_methods = methods.read_bytes()
    second = run_headless("--pyxapp", str(pyxapp), "--frames", "2", env_extra=env)
    assert Path(second["game_dir"]) == kept
    assert sorted(p.name for p in (kept / "acquire8" / "rules" / "__pycache__").iterdir()) == compiled
    assert methods.read_bytes() == kept_methods  # all found there: none compiled anew
    assert sorted(p.name for p in cache.iterdir()) == [build_id]
    play = Path(tempfile.gettempdir()) / ".pyxel" / "play"
    left = [p.name for p in play.iterdir()] if play.is_dir() else []
    assert not [n for n in left if n.split("_")[0] in (str(first["pid"]), str(second["pid"]))]


def test_each_build_of_other_content_has_its_own_id(tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    for folder, text in ((one, "A = 1\n"), (two, "A = 2\n")):
        (folder / "acquire8").mkdir(parents=True)
        (folder / "acquire8" / "m.py").write_text(text)
    assert build.build_id(one) != build.build_id(two)
    assert build.build_id(one) == build.build_id(one)
    assert "BUILD = 'abc'" in build.startup_script("abc")


# The PortMaster port and its launcher: tests/test_port.py.


def test_web_check_script_runs_under_cpython(web, tmp_path):
    """The script `make web-check` runs in Pyodide, here under CPython, so it cannot rot unseen:
    every part runs on the shipped .pyxapp (storage against an in-memory localStorage)."""
    pyxapp, _ = web
    proc = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "web" / "webcheck.py"), str(pyxapp), "0", "quick"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "ACQUIRE8_DATA_DIR": str(tmp_path / "data")},  # the game part's saves
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    summary = proc.stdout.split("web-check summary")[1]
    for part in ("rules", "ai", "review", "launch", "controllers", "storage", "game"):
        assert re.search(rf"^  {part} +ran: ", summary, re.M), summary


def test_a_gamepad_alone_presses_every_button():
    """Handhelds have a D-pad, A, B, START and SELECT and nothing else (no mouse, no keys)."""
    import pyxel

    from acquire8.app import input as inp
    from acquire8.app.buttons import BUTTONS, UNDO, O
    from acquire8.app.control.menus import Pause

    pad = {
        pyxel.GAMEPAD1_BUTTON_DPAD_LEFT,
        pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT,
        pyxel.GAMEPAD1_BUTTON_DPAD_UP,
        pyxel.GAMEPAD1_BUTTON_DPAD_DOWN,
        pyxel.GAMEPAD1_BUTTON_A,
        pyxel.GAMEPAD1_BUTTON_B,
        pyxel.GAMEPAD1_BUTTON_START,
        pyxel.GAMEPAD1_BUTTON_BACK,
    }
    for button in BUTTONS:
        if button is UNDO:  # a shortcut (keys, a shoulder button): START's menu has Undo
            assert "Undo" in Pause.ITEMS
            continue
        assert set(inp.MAPPING[button]) & pad, f"no handheld button presses {button!r}"
    assert pyxel.GAMEPAD1_BUTTON_BACK in inp.MAPPING[O]  # SELECT toggles the chart
    texts = {rel: (ROOT / rel).read_text(encoding="utf-8").lower() for rel in shipped_python()}
    uses_mouse = [rel for rel, text in texts.items() if "mouse" in text]
    assert uses_mouse == []


def test_pyxapp_within_its_size_budget(web):
    """acquire8.pyxapp within bench.size's budget (it is also embedded, base64, in the html)."""
    from bench.size import BUDGET_KB

    pyxapp, _ = web
    assert pyxapp.stat().st_size <= BUDGET_KB * 1024, f"{pyxapp.stat().st_size / 1024:.1f} KB"


def test_the_shipped_modules_lose_only_their_docstrings_and_annotations():
    source = (
        'class P:\n    """Doc."""\n\n    def f(self) -> None:\n        """Doc."""\n\n'
        '    def g(self) -> int:\n        """Doc."""\n        n: int = 2\n        return n  # two\n'
    )
    namespace: dict = {}
    exec(build.compact(source), namespace)
    assert namespace["P"]().f() is None and namespace["P"]().g() == 2
    assert "Doc" not in build.compact(source) and "two" not in build.compact(source)
    assert "int" not in build.compact(source) and "None" not in build.compact(source)
    # A class body's annotations are fields (dataclasses, NamedTuples): they stay.
    fields = "from dataclasses import dataclass\n@dataclass\nclass Q:\n    a: int\n    b: str = 'b'\n"
    exec(build.compact(fields), namespace)
    assert namespace["Q"](1).b == "b" and list(namespace["Q"].__annotations__) == ["a", "b"]

    def shape(tree: ast.AST) -> list[str]:  # every statement but docstrings (and pass), in order
        return [
            "Assign" if isinstance(n, ast.AnnAssign) and n.value is not None else type(n).__name__
            for n in ast.walk(tree)
            if isinstance(n, ast.stmt)
            and not isinstance(n, ast.Pass)
            and not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))
        ]

    for rel in shipped_python():
        text = (build.ROOT / rel).read_text(encoding="utf-8")
        small = build.compact(text)
        assert len(small) <= max(1, len(text)) and shape(ast.parse(small)) == shape(ast.parse(text)), rel


def test_a_shipped_dataclass_keeps_a_docstring_so_none_is_made_from_its_signature(monkeypatch):
    """A dataclass without a docstring computes one from its signature at import: slow."""
    import inspect

    source = (
        "from dataclasses import dataclass\n\n@dataclass(frozen=True)\nclass E:\n"
        '    """Doc."""\n    seat: int\n\n@dataclass\nclass F:\n    seat: int\n'
    )
    signatures: list[object] = []
    real = inspect.signature
    monkeypatch.setattr(inspect, "signature", lambda obj, **kw: signatures.append(obj) or real(obj, **kw))
    namespace: dict = {}
    exec(build.compact(source), namespace)
    assert (namespace["E"].__doc__, namespace["F"].__doc__) == ("E", "F")
    assert namespace["E"](1) == namespace["E"](1) and namespace["F"](2).seat == 2
    assert signatures == []
