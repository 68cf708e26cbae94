"""Inside Pyodide (run by check.mjs): acquire8 without Pyxel, from the shipped .pyxapp.

    webcheck.py PYXAPP [SECONDS [quick]]

Parts, each reported as ran / missing / failed:
  rules        random 4-player games per second
  ai           complete computer-only games, every level seated in turn, for about SECONDS
               (at least one whole game); decision times per level
  review       the expert's review of one seat of a hard 4-player game (as the game reviews
               the person's), its time and its time a decision
  cli          `simulate` for one game, as `python -m acquire8 simulate` does
  controllers  every acquire8.app module that imports without Pyxel
  storage      settings, autosave, stats and a damaged save through localStorage (the stand-in)
  game         the shipped startup script itself (main.py -> cli -> app.run) with a stand-in
               `pyxel` module that draws nothing: views, input, audio calls and storage all run,
               from the title to game over, a person pressing X; update+draw time per frame
Also runs under CPython (Pyxel blocked as in Pyodide; storage gets an in-memory localStorage or
a scratch folder) for the project's tests.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import runpy
import statistics
import sys
import tempfile
import time
import traceback
import zipfile
from pathlib import Path

results: dict[str, str] = {}
QUICK = len(sys.argv) > 3 and sys.argv[3] == "quick"  # the project's test: no expert game via the app


class PartTimeout(BaseException):
    """A part ran past its deadline: most likely an endless loop, shown by the traceback.
    Not an Exception, so the game's own `except Exception` cannot swallow it."""


def deadline(seconds: float | None):
    """A trace function that raises PartTimeout inside the running code once time is up.

    Pyodide runs on one thread, so nothing else could interrupt a loop that never ends.
    Not used for timed parts: tracing slows Python down.
    """
    if seconds is None:
        return None
    end = time.perf_counter() + seconds

    def tracer(frame, event, arg):
        if time.perf_counter() > end:
            raise PartTimeout(f"still running after {seconds:.0f} s (an endless loop?)")
        return tracer

    return tracer


def part(name: str, limit: float | None = 20.0):
    """Run one part; a missing module is reported, any other error fails the check."""

    def wrap(fn):
        print(f"[{name}] ...", flush=True)
        try:
            sys.settrace(deadline(limit))
            try:
                outcome = fn()
            finally:
                sys.settrace(None)
            results[name] = "ran: " + (outcome or "ok")
        except ModuleNotFoundError as error:
            if error.name and error.name.startswith("acquire8"):
                results[name] = f"missing: {error.name}"
            else:
                results[name] = f"FAILED: {error!r}"
                traceback.print_exc()
        except (Exception, PartTimeout) as error:
            results[name] = f"FAILED: {error!r}"
            traceback.print_exc()
        print(f"[{name}] {results[name]}", flush=True)
        return fn

    return wrap


def unpack(pyxapp: str) -> Path:
    """Extract the .pyxapp as `pyxel play` does and put its folder first on sys.path."""
    target = Path(tempfile.mkdtemp(prefix="acquire8-"))
    with zipfile.ZipFile(pyxapp) as zf:
        zf.extractall(target)
    (marker,) = target.glob("*/.pyxapp_startup_script")
    app_dir = marker.parent
    sys.path.insert(0, str(app_dir))
    return app_dir


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def play_through_controllers(games: int, level: str | None = None, max_frames: int = 60_000) -> str:
    """Whole games through the front end's controllers (control.app.App), as on the web (no
    Quit): a person who only ever presses X, whenever it is live again after the turn guard,
    against computer players (the default level, or `level`). Times App.update per frame: the
    logic half of a browser frame, computer players' sliced thinking included."""
    from acquire8.app.buttons import X
    from acquire8.app.control.app import App
    from acquire8.app.control.scene import TURN_QUIET_FRAMES
    from acquire8.app.control.standings import GameOver
    from acquire8.storage import Settings

    settings = Settings(levels=[level] * 5) if level else None
    times: list[float] = []
    decisions: list[int] = []  # frames of each computer decision over several frames
    thought = work = 0.0
    for n in range(games):
        app = App(settings=settings, seed=n, can_quit=False)
        assert "Quit" not in app.scene.menu.items, "Quit is hidden on the web"
        frames = getattr(app, "frames", None)  # as the shell marks them: thinking in what is left
        job, since = None, 0
        for frame in range(max_frames):
            pressed = frozenset({X}) if frame % (TURN_QUIET_FRAMES + 1) == 0 else frozenset()
            t = time.perf_counter()
            if frames is not None:
                frames.begin()
            app.update(pressed)
            if frames is not None:
                frames.end()
            times.append(time.perf_counter() - t)
            now = getattr(getattr(app.scene, "stage", None), "job", None)
            if now is not job:
                if job is not None and frame - since > 1:
                    decisions.append(frame - since)
                job, since = now, frame
            if isinstance(app.scene, GameOver):
                break
        else:
            raise AssertionError(f"game {n} not over after {max_frames} frames of pressing X")
        g = app.scene.play.game
        assert g.is_over and app.scene.winners == g.winners()
        if frames is not None:
            thought, work = thought + frames.thinking_total_ms, work + frames.work_total_ms
    ms = [1000 * t for t in times]
    late = sum(1 for m in ms if m > 1000 / 30)
    share = f", thinking {100 * thought / work:.0f}% of it" if work else ""
    slow = ""
    if decisions:
        decisions.sort()
        mid = decisions[len(decisions) // 2]
        slow = (
            f"; {len(decisions)} decisions over several frames: {mid} frames (median, "
            f"{mid / 30:.2f} s at 30 fps), {decisions[-1]} at most"
        )
    return (
        f"    {games} game(s) vs {level or 'default'} computers, title to game over pressing X: "
        f"{len(ms)} frames; App.update ms mean {statistics.fmean(ms):.3f}  "
        f"p99 {percentile(ms, 0.99):.2f}  max {max(ms):.2f}, late (> 33.3 ms) {late}{share}{slow}"
    )


class _GameOver(Exception):
    """Raised by the stand-in pyxel.run once the front end shows its game-over screen."""


def stand_in_pyxel(max_frames: int, stats: dict):
    """A `pyxel` module that draws nothing: constants and calls the front end uses, and a
    run() that steps update/draw, tapping X once X is live again (the turn guard lets a new
    turn's X act 1.1 s after the last press), until the game is over."""
    import types

    px = types.ModuleType("pyxel")
    px.__file__ = "<stand-in>"
    codes: dict[str, int] = {}
    used: set[str] = set()
    held: set[int] = set()

    def constant_or_call(name: str):
        if name.isupper():  # KEY_X, GAMEPAD1_BUTTON_A, ...: distinct numbers
            return codes.setdefault(name, len(codes) + 1)
        if name.startswith("__"):
            raise AttributeError(name)
        used.add(name)
        return lambda *args, **kwargs: None  # rect, text, dither, play, load, ...

    px.__getattr__ = constant_or_call

    class Image:  # an image the views draw into (the board's squares): draws nothing either
        def __init__(self, width: int, height: int) -> None:
            self.width, self.height = width, height

        def __getattr__(self, name: str):
            return lambda *args, **kwargs: None

    px.Image = Image
    px.colors = [0x000000] * 16
    px.frame_count = 0
    px.btnp = lambda key, hold=0, repeat=0: key in held
    px.btn = lambda key: key in held
    px.user_data_dir = lambda vendor, app: tempfile.mkdtemp(prefix="pyxel-data-")

    def init(width: int, height: int, **kwargs) -> None:
        stats["init"] = {"size": (width, height), **kwargs}

    def quit_() -> None:
        raise AssertionError("the game quit by itself")

    def run(update, draw) -> None:
        app = getattr(getattr(update, "__self__", None), "app", None)
        times = stats["frame_ms"] = []
        for frame in range(max_frames):
            held.clear()
            if frame < 16:  # a first start selects Learn to play: Up reaches New game (no wrap)
                if frame % 2 == 0:
                    held.add(px.KEY_UP)
            elif frame % 35 == 0:  # the front end's TURN_QUIET_FRAMES (33) and a frame of slack
                held.add(px.KEY_X)
            t = time.perf_counter()
            update()
            draw()
            times.append(1000 * (time.perf_counter() - t))
            px.frame_count += 1
            if type(getattr(app, "scene", None)).__name__ == "GameOver":
                raise _GameOver
        raise AssertionError(f"no game over after {max_frames} frames of pressing X")

    px.init, px.run, px.quit = init, run, quit_
    stats["used"] = used
    return px


def main() -> int:
    pyxapp = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 15.0
    app_dir = unpack(pyxapp)
    print(f"{sys.platform}: Python {sys.version.split()[0]}; app from {app_dir}", flush=True)
    if sys.platform != "emscripten":
        sys.modules["pyxel"] = None  # as in Pyodide without Pyxel: importing it fails

    @part("rules", limit=None)
    def rules() -> str:
        from acquire8.ai import RandomBot
        from acquire8.ai.match import play_game

        games = actions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < 2.0:
            actions += play_game([RandomBot(games * 10 + s) for s in range(4)], seed=games).actions
            games += 1
        rate = games / (time.perf_counter() - start)
        return f"{rate:.0f} random 4-player games/s ({games} games, {actions / games:.0f} actions each)"

    @part("ai", limit=None)
    def ai() -> str:
        import acquire8.ai as bots
        from acquire8.rules import Game

        levels = list(getattr(bots, "LEVELS", None) or bots.BASELINES)
        times: dict[str, list[float]] = {lv: [] for lv in levels}
        games, start = 0, time.perf_counter()
        while games == 0 or time.perf_counter() - start < seconds:
            # Seats rotate so every level plays every seat; seat count follows the level count.
            seated = [levels[(games + s) % len(levels)] for s in range(max(2, min(4, len(levels))))]
            players = [bots.make_bot(lv, games * 10 + s) for s, lv in enumerate(seated)]
            g = Game.new(players=len(players), seed=1000 + games)
            while not g.is_over:
                seat = g.current
                t = time.perf_counter()
                action = players[seat].choose(g.view(seat))
                times[seated[seat]].append(time.perf_counter() - t)
                g.apply(action)  # raises on an illegal choice
            assert g.winners(), "a finished game has a winner"
            games += 1
        lines = [f"{games} complete games in {time.perf_counter() - start:.1f} s; decision times (ms):"]
        for lv in levels:
            ms = [1000 * t for t in times[lv]]
            if ms:
                lines.append(
                    f"    {lv:>8}: {len(ms):5d} decisions  mean {statistics.fmean(ms):7.2f}  "
                    f"p99 {percentile(ms, 0.99):7.2f}  max {max(ms):7.2f}"
                )
        return "\n".join(lines)

    @part("review", limit=None)
    def review() -> str:
        from acquire8.ai import make_bot
        from acquire8.ai.match import record_game
        from acquire8.ai.review import DEFAULT_ITERATIONS, Review

        # A hard 4-player game, its first seat reviewed as the game reviews the person's (the
        # game's own deals a decision: the in-game bar's estimate is for this work).
        levels = ["hard"] * 4
        record = record_game([make_bot(lv, s) for s, lv in enumerate(levels)], seed=7, seats=levels)
        iterations = 2 if QUICK else DEFAULT_ITERATIONS
        review = Review(record, seats=[0], iterations=iterations)
        start = time.perf_counter()
        while not review.done:
            review.step(30.0)  # a frame's slice, as the game gives it
        spent = time.perf_counter() - start
        decisions = review.progress[1]
        return (
            f"a seat's review of a 4-player game: {decisions} decisions at {iterations} deals in "
            f"{spent:.1f} s ({1000 * spent / max(1, decisions):.0f} ms a decision), accuracy "
            f"{review.accuracy(0):.1f}"
        )

    @part("launch")
    def launch() -> str:
        from acquire8.launch import parse

        args = parse(["play", "--scale", "2"])  # as the .pyxapp's start reads its options
        return f"play options read: scale {args.scale}, fullscreen {args.fullscreen}"

    @part("controllers", limit=None)
    def controllers() -> str:
        import acquire8.app as app_pkg

        pure, need_pyxel = [], []
        for info in pkgutil.walk_packages(app_pkg.__path__, "acquire8.app."):
            try:
                importlib.import_module(info.name)
                pure.append(info.name.removeprefix("acquire8.app."))
            except ModuleNotFoundError as error:
                if error.name != "pyxel":
                    raise
                need_pyxel.append(info.name.removeprefix("acquire8.app."))
        pure_s, pyxel_s = ", ".join(pure) or "none", ", ".join(need_pyxel) or "none"
        lines = [f"imported without Pyxel: {pure_s}; need Pyxel: {pyxel_s}"]
        if "control.app" in pure:
            from acquire8.app.control.menus import LEVELS

            lines.append(play_through_controllers(1 if QUICK else 2))
            if "expert" in LEVELS and not QUICK:
                lines.append(play_through_controllers(1, "expert"))
        return "\n".join(lines)

    @part("storage")
    def storage() -> str:
        import acquire8.storage as st
        from acquire8.rules import Game
        from acquire8.rules.record import GameRecord

        if sys.platform == "emscripten":
            store = st.Storage.default()  # the browser path: js.localStorage
            assert isinstance(store.backend, st.LocalStorageBackend), type(store.backend)
        else:
            store = st.Storage(st.LocalStorageBackend(st.MemoryStorage()))
        missing = store.backend.read("webcheck-absent")
        assert missing is None, (
            f"read() of a missing key gave {missing!r}, not None: under Pyodide a JS null "
            "(localStorage.getItem of a missing key) arrives as pyodide.ffi.jsnull"
        )
        settings, msg = store.load_settings()
        assert msg is None, msg
        assert store.save_settings(settings) is None
        assert store.load_settings() == (settings, None)

        assert store.load_game() == (None, None)
        g = Game.new(players=4, seed=5)
        actions = []
        for _ in range(12):
            actions.append(g.legal_actions()[0])
            g.apply(actions[-1])
        assert store.save_game(g, {"levels": ["normal"] * 3}) is None
        saved, msg = store.load_game()
        assert msg is None and saved is not None, msg
        assert saved.game.to_json() == g.to_json(), "the saved game resumes exactly"

        store.backend.write(st.SAVE, '{"format": 1, "game": {"trunc')  # a truncated save
        saved, msg = store.load_game()
        assert saved is None and msg == st.MSG_SAVE_DAMAGED, msg

        while not g.is_over:
            actions.append(g.legal_actions()[-1])
            g.apply(actions[-1])
        seats = ("person", "normal", "normal", "normal")
        record = GameRecord(seed=5, names=tuple(g.names), seats=seats, actions=tuple(actions))
        stats, msg = store.game_over(record)  # the game's record kept and its stats counted
        assert msg is None and store.load_stats()[0] == stats, msg
        records, msg = store.load_records()
        assert msg is None and records[0].final() == g, msg
        if sys.platform == "emscripten":  # the records are in the page's localStorage itself
            import js

            for key in (st.SETTINGS, st.STATS, st.GAMES):
                assert isinstance(js.localStorage.getItem(f"acquire8.{key}"), str), key
        return "settings, save/load, damaged save set aside, stats, kept games"

    # The game part starts with storage: after a storage failure it may loop for ever, so it
    # then runs under the deadline tracer (and its frame times are only indicative).
    storage_ok = not results.get("storage", "").startswith("FAILED")

    @part("game", limit=None if storage_ok else 30.0)
    def game() -> str:
        stats: dict = {}
        for name in [m for m in sys.modules if m.startswith("acquire8.app")]:
            del sys.modules[name]  # import the front end afresh, against the stand-in
        sys.modules["pyxel"] = stand_in_pyxel(60_000, stats)
        os.environ["ACQUIRE8_ARGS"] = ""
        try:
            runpy.run_path(str(app_dir / "main.py"), run_name="__main__")
        except _GameOver:
            pass
        else:
            raise AssertionError("pyxel.run returned without a game over")
        finally:
            sys.modules["pyxel"] = None
        ms = stats["frame_ms"]
        traced = "" if storage_ok else ", traced"
        return (
            f"title to game over in {len(ms)} frames; update+draw (drawing stubbed{traced}) ms: mean "
            f"{statistics.fmean(ms):.3f}  p99 {percentile(ms, 0.99):.2f}  max {max(ms):.2f}; "
            f"pyxel calls: {', '.join(sorted(stats['used']))}"
        )

    print("\nweb-check summary (Pyodide, no Pyxel):")
    for name, outcome in results.items():
        print(f"  {name:<12} {outcome.splitlines()[0]}")
    return 1 if any(v.startswith("FAILED") for v in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
