"""The repository stands alone: its documents link only to files inside it (the README within
its length), and `make run` leaves the player's sound setting alone (only the tests and checks
force the dummy driver)."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|^\s*\[[^\]]+\]:\s*(\S+)", re.M)
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)  # https:, mailto: ...


def links(text: str) -> list[str]:
    return [m.group(1) or m.group(2) for m in LINK.finditer(text)]


def anchors(markdown: str) -> set[str]:
    """The heading anchors GitHub makes: lower case, punctuation dropped, spaces to hyphens."""
    out = set()
    for heading in re.findall(r"^#+\s+(.*)$", markdown, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        out.add(slug)
    return out


def problems(document: Path, root: Path = ROOT) -> list[str]:
    """Each relative link of `document` that leaves `root` or names nothing there."""
    found = []
    text = document.read_text(encoding="utf-8")
    for target in links(text):
        if EXTERNAL.match(target):
            continue
        path_part, _, anchor = target.partition("#")
        if path_part.startswith("/"):
            found.append(f"{document.name}: {target} is an absolute path")
            continue
        resolved = (document.parent / path_part).resolve() if path_part else document.resolve()
        if not resolved.is_relative_to(root.resolve()):
            found.append(f"{document.name}: {target} points outside the repository")
        elif not resolved.exists():
            found.append(f"{document.name}: {target} does not exist")
        elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved.read_text("utf-8")):
            found.append(f"{document.name}: {target} has no heading #{anchor}")
    # A path written as code (`../x/y.md`) points outside just the same.
    found += [f"{document.name}: mentions {m}" for m in re.findall(r"\.\./[\w./-]+", text)]
    return found


def test_every_document_link_resolves_inside_the_repository():
    assert {"RULES.md", "DESIGN.md"} <= {d.name for d in DOCUMENTS}  # the scan reads the docs folder
    assert [p for doc in DOCUMENTS for p in problems(doc)] == []


def test_the_readme_links_the_rules():
    assert "docs/RULES.md" in links((ROOT / "README.md").read_text(encoding="utf-8"))


README_LINES = 220  # the front page stays short: the details are in docs/


def test_the_readme_stays_within_its_length():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert 0 < len(lines) <= README_LINES, f"README.md has {len(lines)} lines, at most {README_LINES}"


def test_the_link_check_finds_bad_links(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "B.md").write_text("# Title here\n## 8. Tiles you cannot play\n")
    doc = tmp_path / "README.md"
    outside = "../" + "shared"  # a folder beside the repository (spelt so: the repository names none)
    doc.write_text(
        "[ok](docs/B.md) [ok](docs/B.md#8-tiles-you-cannot-play) [web](https://example.org/x) "
        f"![gone](docs/missing.png) [out]({outside}/RULES.md) [abs](/etc/passwd) "
        f"[anchor](docs/B.md#nowhere)\n[ref]: docs/nothing.md\nsee `{outside}/DESIGN.md`\n"
    )
    assert problems(doc, tmp_path) == [
        "README.md: docs/missing.png does not exist",
        f"README.md: {outside}/RULES.md points outside the repository",
        "README.md: /etc/passwd is an absolute path",
        "README.md: docs/B.md#nowhere has no heading #nowhere",
        "README.md: docs/nothing.md does not exist",
        f"README.md: mentions {outside}/RULES.md",
        f"README.md: mentions {outside}/DESIGN.md",
    ]


@pytest.fixture()
def stand_in(tmp_path) -> list[str]:
    """make's arguments that swap the venv's python for a script printing the sound driver."""
    fake = tmp_path / "python"
    fake.write_text('#!/bin/sh\necho "SDL_AUDIODRIVER=${SDL_AUDIODRIVER-unset}"\n')
    fake.chmod(0o755)
    ready = tmp_path / "ready"  # newer than pyproject.toml: make builds no venv
    ready.touch()
    return [f"PY={fake}", f"READY={ready}"]


def make(target: str, args: list[str], **env: str) -> str:
    base = {k: v for k, v in os.environ.items() if k not in ("SDL_AUDIODRIVER", "MAKEFLAGS", "MAKELEVEL")}
    proc = subprocess.run(
        ["make", "-s", "-C", str(ROOT), target, *args],
        capture_output=True,
        text=True,
        env={**base, **env},
        timeout=60,
        check=True,
    )
    return proc.stdout.strip()


def test_make_run_keeps_the_players_sound_driver(stand_in):
    assert make("run", stand_in, SDL_AUDIODRIVER="pulseaudio") == "SDL_AUDIODRIVER=pulseaudio"
    assert make("run", stand_in) == "SDL_AUDIODRIVER=unset"


def test_make_test_is_silent_whatever_the_player_set(stand_in):
    assert make("test", stand_in, SDL_AUDIODRIVER="pulseaudio") == "SDL_AUDIODRIVER=dummy"


def test_every_design_citation_names_the_repositorys_design_document():
    """Code and tests cite docs/DESIGN.md, which exists and names every reader the rules list."""
    sources = sorted((ROOT / "acquire8").rglob("*.py")) + sorted((ROOT / "tests").glob("*.py"))
    citing = [p for p in sources if "DESIGN.md" in p.read_text(encoding="utf-8")]
    assert len(citing) >= 10  # the scan found the citations it checks
    bare = [
        f"{p.relative_to(ROOT)}:{n}"
        for p in citing
        if p.name != "test_standalone.py"
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"(?<!docs/)DESIGN\.md", line)
    ]
    assert bare == []
    design = (ROOT / "docs" / "DESIGN.md").read_text(encoding="utf-8")
    from acquire8.rules import Game

    reading = (Game.__doc__ or "").split("Reading (docs/DESIGN.md):")[1].split("\n\n")[0]
    readers = re.findall(r"`(\w+)`", reading)
    assert len(readers) > 20
    # Whole identifiers inside code (fenced blocks and `spans`), not substrings of the prose:
    # a reader must not pass because a longer word of the prose holds it.
    blocks = re.findall(r"^```.*?^```", design, flags=re.M | re.S)
    spans = re.findall(r"`([^`\n]+)`", re.sub(r"^```.*?^```", "", design, flags=re.M | re.S))
    named = {word for code in blocks + spans for word in re.findall(r"\w+", code)}
    assert "minimal_position" in named and "flows" not in named  # "Data flows one way"
    assert [r for r in readers if r not in named] == []
    import acquire8.rules as rules

    assert [name for name in rules.__all__ if name not in named] == []  # the public API, all of it
