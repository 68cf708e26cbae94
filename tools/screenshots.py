"""Write the key screens as PNGs (scale 4): `make screenshots` -> docs/screenshots/.

python tools/screenshots.py [--out DIR] [--scale N]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--scale", type=int, default=4)
    args = parser.parse_args(argv)
    out = Path(args.out).resolve()  # before pyxel.init, which moves to the script's directory

    import pyxel

    from acquire8.app import views
    from acquire8.app.demo import key_screens

    pyxel.init(128, 128, headless=True, fps=10000)
    out.mkdir(parents=True, exist_ok=True)
    for name, app in key_screens():
        app.frame = 0  # blinking highlights drawn lit
        views.draw(app)
        pyxel.screen.save(str(out / f"{name}.png"), args.scale)
        print(out / f"{name}.png")


if __name__ == "__main__":
    main()
