"""Play the shipped .pyxapp headless from the title to the final standings with gamepad presses,
timing every frame (`make handheld-check` runs it natively and in an emulated arm64 root).

    python device_drive.py GAME.pyxapp [--tap-every K] [--max-frames N] [--first-frame-only]

Needs only Python and Pyxel (no checkout of the project: it runs inside the arm64 root). The
game starts as `pyxel play` starts it, with three Pyxel calls swapped: `init` forces headless
and no frame pacing, `run` drives update/draw/flip itself and `quit` ends the drive. Presses
go in through `pyxel.set_btn` on the first gamepad's buttons, as a person with a handheld
would press them: on the title up to New game and A; on the setup screen four opponents, one
of each computer level, each row reached by its name (the game's own control/reach.py says
which press brings it closer, so a row more never shifts the presses); then A every K frames
(14: a new screen's A acts after 0.4 s without it), holding off at the start of each of the
person's turns for as long as the game wants A up there (turn_quiet_frames), until the final
standings. The deal is fixed (--seed), so both runs play the same game as far as the expert's
time-bounded thinking allows.

Prints FIRST_FRAME when the title is first drawn (the caller times start-up from it), then one
JSON line: frames, update+draw mean / p99 / max in ms (wall and thread CPU time), the late
frames, the longest unit of the computers' thinking (the longest piece between two looks at the
clock, from the game's pacer), the slowest frames with what happened in them (scene, drawn or
not, a computer thinking, events shown, garbage collections), and the process's peak resident
size. `--slowdown K` makes every unit of thinking burn K times its CPU, as on a machine K times
slower at thinking.

This is the one module that knows the front end's insides; everything it reads of them is in
the FRONT END block below (`control.app.App` via `Shell.app`, scene and controller class
names, `Play.stage` / `Play.screen` / `Play.shown`, `Shell.draws`, `App.settings`, and
`control.reach.next_press` for the setup's rows by name). Adapt that block when the front end
changes; the presses themselves are what a person does. A drive that cannot go on says in its
report's "error" on what screen it was and what it looked for.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import tempfile
import time
from pathlib import Path

# Only what `pyxel play` imports anyway (the start-up is timed from this process's start):
# no statistics module, for one.
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

WANTED_LEVELS = ["easy", "normal", "hard", "expert"]  # the four opponents, one of each level
# The setup's rows by name and the value each is set to, in order; then Start.
SETUP_GOALS = [
    ("mode", "singles"),  # a stored team or solo game would fix the opponents
    ("opponents", str(len(WANTED_LEVELS))),
    *((f"level{i}", level) for i, level in enumerate(WANTED_LEVELS)),
    ("start", None),
]
# What the game's process was given, for the launcher's checks (tools/handheld_check.py).
REPORTED_ENV = ("SDL_GAMECONTROLLERCONFIG", "ACQUIRE8_DATA_DIR", "ACQUIRE8_CACHE_DIR", "TMPDIR", "HOME")
REPORT_PREFIX = "DRIVE_REPORT "  # the report's line when the driver rides in a launched game
HOOK_ENV = "ACQUIRE8_DRIVE"  # JSON options: the driver rides in the game `pyxel play` starts
SLOWEST_KEPT = 8


# ---------------------------------------------------------------- FRONT END (adapt here)
def shell_of(update) -> object:
    """The front end's per-frame object behind the `update` handed to pyxel.run."""
    return update.__self__


def app_of(shell) -> object:
    return shell.app


def scene_name(app) -> str:
    return type(app.scenes[-1]).__name__


def title_item(app) -> str:
    """The title menu's item under the cursor (the first start puts it on Learn to play)."""
    return app.scenes[-1].menu.item


def play_of(app) -> object | None:
    """The game scene, when one is on the stack."""
    return next((s for s in app.scenes if type(s).__name__ == "Play"), None)


def frame_facts(shell) -> tuple:
    """What a frame's description needs, read before and after it: drawings, the computer
    thinking (and its level), events shown so far, the person's decision screen."""
    app = app_of(shell)
    play = play_of(app)
    if play is None:
        return shell.draws, None, 0, None, None
    ui = type(play.screen).__name__ if play.screen is not None else None
    level = play.levels.get(play.game.current)
    thinking = getattr(play.stage, "job", None)  # only the showing and thinking stages have one
    return shell.draws, thinking, len(play.shown), ui, level


def opponent_levels(app) -> list[str]:
    return list(app.settings.opponent_levels())


def actions_taken(app) -> int:
    """The game's actions so far (tiles placed, chains founded, shares bought, ...)."""
    play = play_of(app)
    return len(play.actions) if play is not None else 0


def persons_turn(app) -> bool:
    """Whether it is the person's turn in the game on the stack."""
    play = play_of(app)
    return play is not None and play.is_person(play.game.current)


def turn_quiet_frames() -> int:
    """The frames A must stay up before the first decision of the person's turn takes it: the
    game's TURN_QUIET_FRAMES where it has one, else GUARD_FRAMES (every new screen's)."""
    scene = sys.modules.get("acquire8.app.control.scene")
    return int(getattr(scene, "TURN_QUIET_FRAMES", getattr(scene, "GUARD_FRAMES", 12)))


def reach_module():
    """The game's control/reach.py (loaded with the game): the press toward a row by name."""
    import importlib

    return importlib.import_module("acquire8.app.control.reach")


def setup_press(app, goals: list) -> str | None:
    """The abstract button ("UP", "RIGHT", ...) toward the first goal (row, value) not met on
    the setup screen, dropping those met; None when all are (Start selected)."""
    reach = reach_module()
    while goals:
        name, value = goals[0]
        button = reach.next_press(app.scenes[-1], name, value)
        if button is not None:
            return button.name
        goals.pop(0)
    return None


def fix_seed(app, seed: int) -> None:
    """The same deal natively and emulated: New game draws the game's seed from app.rng."""
    app.rng.seed(seed)


def pacer():
    """The game's pacer (acquire8.ai.base.PACER: it runs every unit of the computers' thinking and
    measures the longest), or None in a build without one."""
    base = sys.modules.get("acquire8.ai.base")
    return getattr(base, "PACER", None)


GAME_OVER, PLAY, SETUP, TITLE = "GameOver", "Play", "Setup", "Title"


# ---------------------------------------------------------------- presses
SETUP_PRESS_LIMIT = 200  # taps on the setup screen: far more than its rows and values need


def pad_buttons(pyxel) -> dict[str, int]:
    """The first gamepad's buttons by the game's abstract button names."""
    return {
        "UP": pyxel.GAMEPAD1_BUTTON_DPAD_UP,
        "DOWN": pyxel.GAMEPAD1_BUTTON_DPAD_DOWN,
        "LEFT": pyxel.GAMEPAD1_BUTTON_DPAD_LEFT,
        "RIGHT": pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT,
        "X": pyxel.GAMEPAD1_BUTTON_A,
    }


class DriveFailed(RuntimeError):
    """The drive could not go on: the message says on what screen and what it looked for."""


class _Quit(Exception):
    """The game called pyxel.quit()."""


def pct(values: list[float], q: float) -> float:
    v = sorted(values)
    return v[int(q * (len(v) - 1))]


def peak_rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def drive(
    pyxapp: Path,
    tap_every: int,
    max_frames: int,
    first_frame_only: bool,
    seed: int = 1,
    keep_all: bool = False,
    hold: bool = False,
    hooked: bool = False,
    slowdown: float = 1.0,
) -> dict:
    import pyxel
    import pyxel.cli

    out: dict = {"frames": 0, "game_over": False, "quit": False, "machine": os.uname().machine}
    out["python"] = sys.version.split()[0]
    out["pyxel"] = getattr(pyxel, "VERSION", "?")
    real_init = pyxel.init
    collections: list[tuple[int, float]] = []  # (generation, ms) of the collections this frame
    gc_start = [0.0]

    def on_gc(phase: str, info: dict) -> None:
        if phase == "start":
            gc_start[0] = time.perf_counter()
        else:
            collections.append((info["generation"], (time.perf_counter() - gc_start[0]) * 1000))

    out["env"] = {k: os.environ.get(k) for k in REPORTED_ENV}
    out["fullscreen"] = False

    def fullscreen(enabled: bool) -> None:
        out["fullscreen"] = bool(enabled)

    def init(*args, **kwargs) -> None:
        out["init"] = {k: v for k, v in kwargs.items() if k in ("title", "fps", "display_scale")}
        out["fullscreen"] = bool(kwargs.get("fullscreen"))
        kwargs.update(headless=True, fps=10000, capture_sec=0)  # no window, no pacing, no screencast
        real_init(*args, **kwargs)

    def quit_() -> None:
        if hooked:
            finish(out, quit=True)
        raise _Quit

    def run(update, draw) -> None:
        shell = shell_of(update)
        app = app_of(shell)
        wall: list[float] = []
        cpu: list[float] = []
        slowest: list[dict] = []
        every: list[dict] | None = [] if keep_all else None  # every frame's record (--every-frame)
        pad = pad_buttons(pyxel)
        goals: list = []  # the setup's rows still to set (SETUP_GOALS)
        setup_taps = 0
        stage = "title"
        tap_frame = 0
        # Each computer decision that took more than one frame: its level, frames (those it could
        # think in), wall time, thinking CPU.
        decisions: list[tuple[str, int, float, float]] = []
        job_since: tuple[object, int, float, float] | None = None  # the job, its frame, wall, CPU
        job_frames = 0  # the frames it could think in: its first, then those with the play on top
        fix_seed(app, seed)
        paced = pacer()
        if paced is not None:
            paced.slowdown = slowdown  # a machine that many times slower at thinking
        out["slowdown"] = slowdown
        gc.callbacks.append(on_gc)
        try:
            for frame in range(max_frames):
                button = None
                name = scene_name(app)
                if frame >= 2 and frame % 2 == 0:  # taps: down one frame, up the next
                    if stage == "title" and name == TITLE and title_item(app) != "New game":
                        button = pyxel.GAMEPAD1_BUTTON_DPAD_UP
                    elif stage == "title" and name == TITLE:
                        button, stage = pyxel.GAMEPAD1_BUTTON_A, "setup"
                    elif stage == "setup" and name == SETUP:
                        goals, stage = list(SETUP_GOALS), "levels"
                    if stage == "levels":
                        if name != SETUP:
                            raise DriveFailed(f"on {name}: looked for the setup's row {goals[0][0]!r}")
                        setup_taps += 1
                        try:
                            toward = setup_press(app, goals)
                        except LookupError as e:  # reach.NotReached: its message names the screen
                            raise DriveFailed(str(e)) from None
                        if toward is not None and setup_taps > SETUP_PRESS_LIMIT:
                            wanted = goals[0]
                            raise DriveFailed(f"on {name}: {wanted} not reached in {SETUP_PRESS_LIMIT} taps")
                        if toward is not None:
                            button = pad[toward]
                        elif opponent_levels(app) != WANTED_LEVELS:
                            raise DriveFailed(f"on {name}: the setup gave levels {opponent_levels(app)}")
                        else:
                            button, stage, tap_frame = pyxel.GAMEPAD1_BUTTON_A, "play", frame
                elif stage == "play" and not hold:
                    gap = tap_every
                    if persons_turn(app) or scene_name(app) == "Summary":
                        # A screen of the person's takes A only after A has been up as long as
                        # its guard wants (after the computers acted, the turn's quiet spell).
                        gap = max(tap_every, turn_quiet_frames() + 2)
                    if frame - tap_frame >= gap:
                        button, tap_frame = pyxel.GAMEPAD1_BUTTON_A, frame
                for b in pad.values():
                    pyxel.set_btn(b, b == button)
                before = frame_facts(shell)
                collections.clear()
                t0, c0 = time.perf_counter(), time.thread_time()
                update()
                draw()
                t1, c1 = time.perf_counter(), time.thread_time()
                pyxel.flip()
                ms = (t1 - t0) * 1000
                wall.append(ms)
                cpu.append((c1 - c0) * 1000)
                if frame == 0:
                    out["first_frame_s"] = time.perf_counter() - started
                    out["first_frame_cpu_s"] = time.process_time()  # since the process began, all threads
                    print("FIRST_FRAME", flush=True)
                    if first_frame_only:
                        break
                if hold:  # the title at 30 fps until something ends the process
                    time.sleep(1 / 30)
                    continue
                job_after = frame_facts(shell)[1]
                if job_since is None and job_after is not None:
                    job_since, job_frames = (job_after, frame, t0, cpu[-1]), 1
                elif job_since is not None:
                    job_frames += name == PLAY  # a screen over the play (a merger's summary) stops it
                    if job_after is not job_since[0]:
                        _, began, w0, spent = job_since
                        spent += sum(cpu[began + 1 :])
                        decisions.append((str(before[4]), job_frames, (t1 - w0) * 1000, spent))
                        job_since = (job_after, frame, t0, cpu[-1]) if job_after is not None else None
                        job_frames = 1
                slow = len(slowest) < SLOWEST_KEPT or cpu[-1] > slowest[-1]["cpu_ms"]  # by CPU time
                if every is not None or slow:
                    after = frame_facts(shell)
                    record = {
                        "ms": round(ms, 3),
                        "cpu_ms": round(cpu[-1], 3),
                        "frame": frame,
                        "scene": scene_name(app),
                        "ui": after[3],
                        "drawn": after[0] > before[0],
                        "thinking": before[1] is not None or after[1] is not None,
                        "decided": before[1] is not None and after[1] is None,
                        "level": before[4],  # the seat whose turn the frame began in
                        "events_shown": after[2] - before[2],
                        "gc": [[g, round(t, 2)] for g, t in collections],
                        "pressed": button is not None,
                    }
                    if every is not None:
                        every.append(record)
                    if slow:
                        slowest.append(record)
                        slowest.sort(key=lambda r: -r["cpu_ms"])
                        del slowest[SLOWEST_KEPT:]
                if scene_name(app) == GAME_OVER:
                    out["game_over"] = True
                    break
        except DriveFailed as e:  # said in the report, which the caller shows
            out["error"] = str(e)
        gc.callbacks.remove(on_gc)
        out["frames"] = len(wall)
        out["wall"] = {"mean_ms": sum(wall) / len(wall), "p99_ms": pct(wall, 0.99), "max_ms": max(wall)}
        out["cpu"] = {"mean_ms": sum(cpu) / len(cpu), "p99_ms": pct(cpu, 0.99), "max_ms": max(cpu)}
        out["late"] = sum(1 for c in cpu if c > 1000 / 30)  # update+draw past the frame period
        # the longest piece of thinking between two looks at the clock (CPU ms), and the units
        out["longest_unit_ms"] = paced.longest_ms if paced is not None else None
        out["units"] = paced.units if paced is not None else None
        # ... and of a decision made in one call (the easy and normal players', one concluded now)
        out["longest_call_ms"] = getattr(paced, "longest_call_ms", None)
        out["decision_frames_max"] = max((d[1] for d in decisions if d[0] == "expert"), default=0)
        out["slowest"] = slowest
        out["decisions"] = {
            level: {
                "n": len(ds),
                "frames_mean": sum(d[1] for d in ds) / len(ds),
                "wall_ms_mean": sum(d[2] for d in ds) / len(ds),
                "wall_ms_max": max(d[2] for d in ds),
                "cpu_ms_mean": sum(d[3] for d in ds) / len(ds),
            }
            for level in sorted({d[0] for d in decisions})
            for ds in [[d for d in decisions if d[0] == level]]
        }
        if every is not None:
            out["every_frame"] = every
        play = play_of(app)
        out["actions"] = len(play.actions) if play is not None else 0
        out["levels"] = opponent_levels(app)
        if hooked:
            finish(out)

    started = time.perf_counter()
    pyxel.init, pyxel.run, pyxel.quit = init, run, quit_
    pyxel.fullscreen = fullscreen
    if hooked:
        return out
    try:
        pyxel.cli.play_pyxel_app(str(pyxapp))
    except _Quit:
        out["quit"] = True
    out["maxrss_mb"] = peak_rss_mb()
    return out


def finish(out: dict, quit: bool = False) -> None:
    """The end of a drive inside a launched game: the report, on a line of its own (the
    launcher's log gets it too), and the process ends as the game's would."""
    out["quit"] = quit
    out["maxrss_mb"] = peak_rss_mb()
    print(REPORT_PREFIX + json.dumps(out), flush=True)
    raise SystemExit(0)


def hook() -> None:
    """Drive the game this process is about to play, when $ACQUIRE8_DRIVE asks for it (a
    sitecustomize module calls this): `pyxel play` started by a launcher, Pyxel's own command
    and all, with the presses and timing of `drive`. Options: tap_every, max_frames,
    first_frame_only, seed, hold (after the first frame, keep showing the title until the
    process is ended)."""
    if sys.argv[:1] == ["-c"]:  # the launcher's probes of the Python (its version, its CPU)
        return
    raw = os.environ.pop(HOOK_ENV, None)
    if not raw:
        return
    opts = json.loads(raw)
    drive(
        Path(),
        opts.get("tap_every", 14),
        opts.get("max_frames", 200_000),
        opts.get("first_frame_only", False),
        opts.get("seed", 1),
        hold=opts.get("hold", False),
        hooked=True,
        slowdown=opts.get("slowdown", 1.0),
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pyxapp", type=Path)
    parser.add_argument(
        "--tap-every",
        type=int,
        default=14,
        help="in the game, tap A every K frames (a new screen takes A after 12 quiet)",
    )
    parser.add_argument("--expect-pyxel", metavar="VERSION", help="fail unless Pyxel is this version")
    parser.add_argument(
        "--summary", action="store_true", help="one line instead of JSON; exit 1 without final standings"
    )
    parser.add_argument("--max-frames", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1, help="the game's deal")
    parser.add_argument("--every-frame", action="store_true", help="report every frame, not the slowest")
    parser.add_argument("--first-frame-only", action="store_true", help="stop after the first frame")
    parser.add_argument(
        "--slowdown",
        type=float,
        default=1.0,
        help="every unit of the computers' thinking burns this many times its CPU (a slower machine)",
    )
    args = parser.parse_args(argv)
    if not args.pyxapp.is_file():
        sys.exit(f"no such .pyxapp: {args.pyxapp}")
    with tempfile.TemporaryDirectory(prefix="acquire8-drive-") as scratch:
        os.environ["ACQUIRE8_DATA_DIR"] = scratch  # fresh settings: the presses assume defaults
        out = drive(
            args.pyxapp.resolve(),
            args.tap_every,
            args.max_frames,
            args.first_frame_only,
            args.seed,
            args.every_frame,
            slowdown=args.slowdown,
        )
    if args.expect_pyxel and out["pyxel"] != args.expect_pyxel:
        sys.exit(f"Pyxel {out['pyxel']} ran the game, not {args.expect_pyxel}")
    if not args.summary:
        print(json.dumps(out), flush=True)
        return
    ended = "final standings" if out["game_over"] else "NO final standings"
    print(
        f"{args.pyxapp.name} on Pyxel {out['pyxel']}, Python {out['python']}: title to {ended} in "
        f"{out['frames']} frames, {out['actions']} actions, opponents {', '.join(out['levels'])}; "
        f"late frames {out['late']}, longest unit of thinking {out['longest_unit_ms'] or 0:.2f} ms"
        + (f" (slowdown {args.slowdown:g})" if args.slowdown != 1 else "")
    )
    if not out["game_over"]:
        sys.exit(f"drive failed: {out.get('error', 'no final standings')}")


if __name__ == "__main__":
    main()
