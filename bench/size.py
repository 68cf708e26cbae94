"""Size: the .pyxapp the web and handheld builds ship (budget: BUDGET_KB)."""

from __future__ import annotations

import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# A player never sees these kilobytes: the web page downloads megabytes of Pyxel's runtime
# around them. The budget only catches a file shipped by mistake; it must not shape the code.
BUDGET_KB = 256


def report() -> dict:
    sys.path.insert(0, str(ROOT / "tools"))
    from build import build_web

    with tempfile.TemporaryDirectory() as tmp:
        pyxapp, html = build_web(Path(tmp) / "dist", Path(tmp) / "staging")
        with zipfile.ZipFile(pyxapp) as zf:
            infos = zf.infolist()
        largest = sorted(infos, key=lambda i: -i.compress_size)[:3]
        figures = {
            "pyxapp_kb": pyxapp.stat().st_size / 1024,
            "html_kb": html.stat().st_size / 1024,
            "files": len(infos),
            "largest": {i.filename: round(i.compress_size / 1024, 1) for i in largest},
        }
    big = ", ".join(f"{Path(n).name} {kb} KB" for n, kb in figures["largest"].items())
    print(
        f"size: acquire8.pyxapp {figures['pyxapp_kb']:.1f} KB ({figures['files']} files; largest {big}), "
        f"acquire8.html {figures['html_kb']:.1f} KB; budget {BUDGET_KB} KB"
    )
    return figures


if __name__ == "__main__":
    report()
