"""Memory: peak resident size of a whole game (budget: 80 MB).

Two fresh processes, each reporting its own peak (VmHWM, else resource.getrusage ru_maxrss;
see tools/headless.py peak_rss_mb):
- app: the real front end headless (tools/headless.py) from the title to the game-over
  screen, a person who only presses X against the default computer players; Pyxel's
  screencast buffer is off there (a window at 30 fps keeps about 5 MB more for it);
- rules+ai: a complete 4-player game of computer players, every level seated, no Pyxel.
Where xvfb-run is installed, also the same game in a real window on a virtual display, and a
bare Pyxel window for comparison: with Mesa's software OpenGL the driver alone is ~110 MB.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RULES_AI = """
import json, sys
sys.path.insert(0, "tools")
from headless import peak_rss_mb
import acquire8.ai as ai
from acquire8.ai.match import play_game
levels = list(getattr(ai, "LEVELS", None) or ai.BASELINES)[-4:]
result = play_game([ai.make_bot(lv, s) for s, lv in enumerate(levels)], seed=3)
print(json.dumps({"levels": levels, "actions": result.actions,
                  "maxrss_mb": peak_rss_mb()}))
"""


BARE_WINDOW = """
import json, sys
sys.path.insert(0, "tools")
from headless import peak_rss_mb
import pyxel
pyxel.init(128, 128)
pyxel.cls(1)
pyxel.flip()
print(json.dumps({"maxrss_mb": peak_rss_mb()}))
"""


def _last_json(args: list[str]) -> dict:
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run(args, capture_output=True, text=True, check=True, cwd=ROOT, env=env).stdout
    return json.loads(out.strip().splitlines()[-1])


def report() -> dict:
    headless = [sys.executable, str(ROOT / "tools" / "headless.py")]
    app = _last_json([*headless, "--frames", "30000", "--press-every", "35", "--until-over"])
    core = _last_json([sys.executable, "-c", RULES_AI])
    figures = {"app": app, "rules_ai": core}
    xvfb = shutil.which("xvfb-run")
    if xvfb:
        on_display = [xvfb, "-a", "-s", "-screen 0 640x480x24"]
        window = _last_json(
            [*on_display, *headless, "--window", "--frames", "30000", "--press-every", "35", "--until-over"]
        )
        bare = _last_json([*on_display, sys.executable, "-c", BARE_WINDOW])
        figures["window"] = {"app": window, "bare_pyxel": bare}
    over = "to game over" if app["game_over"] else "(no game-over screen reached)"
    print(
        f"peak memory: app {app['maxrss_mb']:.1f} MB ({app['frames']} frames {over}); "
        f"rules+ai {core['maxrss_mb']:.1f} MB ({'/'.join(core['levels'])}, {core['actions']} actions); "
        "budget 80 MB"
    )
    if xvfb:
        print(
            f"  in a window (Xvfb, software OpenGL): app {window['maxrss_mb']:.1f} MB, "
            f"a bare Pyxel window {bare['maxrss_mb']:.1f} MB"
        )
    return figures


if __name__ == "__main__":
    report()
