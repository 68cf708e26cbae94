"""The package's modules import one another without a cycle, at module level or inside
functions (docs/DESIGN.md: data flows one way)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "acquire8"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """Every project module `path` imports, wherever the import statement stands."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            # `from pkg import mod` imports the module pkg.mod; `from pkg import name`, pkg itself.
            subs = [f"{base}.{alias.name}" for alias in node.names]
            targets = [t if t in modules else base for t in subs]
        else:
            continue
        found |= {t for t in targets if t in modules and t != name}
    return found


def graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return {module_name(p): imports_of(p, modules) for p in paths}


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_graph_holds_the_whole_package():
    edges = graph()
    assert len(edges) > 40  # every module, not an empty scan that would pass every check below
    some = {"acquire8.rules.game", "acquire8.ai.hard", "acquire8.app.control.play", "acquire8.cli"}
    assert some <= set(edges)


def test_no_import_cycle_anywhere_in_the_package():
    cycle = find_cycle(graph())
    assert cycle is None, " -> ".join(cycle or [])


def test_the_cycle_finder_finds_cycles():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_graph_sees_imports_inside_functions_and_relative_ones():
    edges = graph()
    assert "acquire8.rules.tables" in edges["acquire8.rules.game"]  # from .tables import ...
    assert "acquire8.app.control.play" in edges["acquire8.app.control.app"]
    assert edges["acquire8.rules.game"] <= {m for m in edges if m.startswith("acquire8.rules")}


DESIGN = PACKAGE.parent / "docs/DESIGN.md"


def layer(module: str) -> str:
    """The row of docs/DESIGN.md's import table a module is in: "rules", "app.control", "cli"..."""
    parts = module.split(".")[1:]  # relative to acquire8
    if not parts:
        return "acquire8"
    if parts[0] == "app" and len(parts) > 1:
        return f"app.{parts[1]}"
    return parts[0]


def imported_names(path: Path, modules: set[str]) -> dict[str, set[str]]:
    """For each project module `path` imports, the names it takes of it ("*": the module)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: dict[str, set[str]] = {}
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.setdefault(alias.name, set()).add("*")
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in modules:
                    found.setdefault(sub, set()).add("*")
                else:
                    found.setdefault(base, set()).add(alias.name)
    return {m: names for m, names in found.items() if m in modules and m != name}


def actual_layers() -> dict[str, dict[str, set[str]]]:
    """layer -> the other layers its modules import -> the names taken of each."""
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    out: dict[str, dict[str, set[str]]] = {}
    for p in paths:
        row = out.setdefault(layer(module_name(p)), {})
        for target, names in imported_names(p, modules).items():
            if layer(target) != layer(module_name(p)):
                row.setdefault(layer(target), set()).update(names)
    return out


def design_table(layers: set[str]) -> dict[str, dict[str, set[str] | None]]:
    """docs/DESIGN.md's import table: layer -> the layers it imports -> the names listed in
    brackets after one (None: no list, anything of it)."""
    text = DESIGN.read_text(encoding="utf-8")
    table = text.split("| module | imports of the project |")[1].split("\n\n")[0]
    rows: dict[str, dict[str, set[str] | None]] = {}
    for line in table.splitlines()[2:]:
        first, second = line.strip("|").split("|")
        imports: dict[str, set[str] | None] = {}
        for m in re.finditer(r"`([\w.]+)`(?:\s*\(([^()]*)\))?", second):
            listed = set(re.findall(r"`(\w+)`", m.group(2) or ""))
            imports[m.group(1)] = listed or None
        for module in re.findall(r"`([\w.]+)`", first):
            if module in layers:
                rows[module] = imports
    return rows


def test_the_design_tables_rows_are_the_imports():
    actual = actual_layers()
    assert {"rules", "ai", "storage", "app.control", "app.views", "cli", "acquire8"} <= set(actual)
    rows = design_table(set(actual))
    assert set(rows) == set(actual)  # a row for every layer, none for a layer that is not there
    for module, imports in rows.items():
        # the layers each row lists, exactly: no import the table does not tell, none it invents
        assert set(imports) == set(actual[module]), module
        for target, names in imports.items():
            if names is not None:  # a bracketed list is all that is taken of that layer
                assert actual[module][target] == names, (module, target)


def test_the_table_reader_sees_names_and_empty_rows():
    rows = design_table(set(actual_layers()))
    assert rows["rules"] == {} and rows["acquire8"] == {}
    assert rows["app.anim"] == {"rules": None, "storage": {"Pace"}}
    assert rows["app.text"] == rows["app.constants"] == {"rules": None}
    assert rows["launch"]["app"] == {"run"}


def test_layers_hold():
    edges = graph()
    for module, targets in edges.items():
        if module.startswith("acquire8.rules"):
            assert all(t.startswith("acquire8.rules") for t in targets), module
        if module.startswith("acquire8.ai"):  # and the leaf that loads a package's names lazily
            assert all(t.startswith(("acquire8.ai", "acquire8.rules", "acquire8.lazy")) for t in targets), (
                module
            )
        if module == "acquire8.lazy":
            assert not targets, module
        if module.startswith("acquire8.app.control"):  # controllers: pure Python, never the views
            drawing = ("acquire8.app.views", "acquire8.app.shell")
            assert not any(t.startswith(drawing) for t in targets), module
        if not module.startswith(("acquire8.app", "acquire8.cli", "acquire8.launch")):
            assert not any(t.startswith("acquire8.app") for t in targets), module


# The computer players that search, and what they are made of: storage and the ratings never
# load them (they know the levels and a kept review from plain records).
SEARCH = ("acquire8.ai.players", "acquire8.ai.expert", "acquire8.ai.hard", "acquire8.ai.review")
PLAIN_AI = {"acquire8.ai.levels", "acquire8.ai.kept"}  # what storage and rating may import of ai


def reached(edges: dict[str, set[str]], start: set[str]) -> set[str]:
    """Every module `start` imports, directly or through others."""
    seen: set[str] = set()
    todo = list(start)
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(edges.get(module, ()))
    return seen


def test_storage_and_the_ratings_import_no_computer_player():
    edges = graph()
    outside = [m for m in edges if m.startswith("acquire8.storage") or m == "acquire8.rating"]
    taken = {t for m in outside for t in edges[m] if t.startswith("acquire8.ai")}
    assert taken == PLAIN_AI  # by their modules, not the package that re-exports everything
    loaded = reached(edges, set(outside))
    assert not any(m.startswith(SEARCH) for m in loaded), sorted(loaded)


def test_loading_storage_runs_no_computer_player():
    """What the static graph cannot see: a package's __init__ runs before its module, so the
    `acquire8.ai` package must load its players only when one is asked for."""
    code = (
        "import sys, acquire8.storage.store, acquire8.storage.stats, acquire8.rating\n"
        "print(sorted(m for m in sys.modules if m.startswith('acquire8.ai')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert set(ast.literal_eval(out)) == {"acquire8.ai", *PLAIN_AI}
