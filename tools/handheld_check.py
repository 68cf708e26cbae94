"""`make handheld-check`: the PortMaster port on emulated handhelds, against this machine.

    python tools/handheld_check.py [--port dist/port] [--cache DIR] [--bench bench.json] [--slowdown K]

Builds once (then reuses) an arm64 and an armhf Debian 12 root outside the repository, under
~/.cache/acquire8-arm64 and ~/.cache/acquire8-armhf (or $ACQUIRE8_ROOTS_CACHE/...): debootstrap
with qemu-user-static and binfmt running their programs, Python 3.11 without ensurepip (as
ROCKNIX and AmberELEC build it). Then, each time on freshly unzipped ports:

- aarch64 with PortMaster: acquire8.zip in /roms/ports with a stand-in PortMaster
  (tools/standin_portmaster.py) whose Pyxel runtime holds Pyxel 2.9.5, the runtime's;
- aarch64 without PortMaster: acquire8-standalone.zip in /sd/ports, the device's python3;
- armv7l without PortMaster: the same on the armhf root under qemu-arm.

For each, Acquire8.sh starts the game (tools/device_drive.py rides in its Python and plays a
whole game, title to final standings, with pad presses), and start-up to the first title frame
is timed for a start without the compiled copy, a first start (the port as shipped) and later
ones. With PortMaster it also checks what the launcher did: the calls to PortMaster in order,
the pad mapping in the game's process, that killing the processes of the name given to
gptokeyb ends the game and pm_finish runs, and that nothing was written outside the port's
folder but the runtime's mount point. The .pyxapp is also played natively, for the ratios.
Prints the figures, checks the budgets for each (no late frame: update+draw CPU <= 33.3 ms,
natively too; an expert's decision in at most 29 frames; start-up <= 3 s emulated) beside the
longest unit of the computers' thinking (the longest piece between two looks at the clock),
writes the "handheld" section of bench.json and exits 1 when a budget or a check fails.
`--slowdown K` makes every unit of thinking in the whole games cost K times its CPU (a machine
K times slower at thinking). It needs root (debootstrap, mount, chroot) and binfmt_misc;
without them it says so in one line and exits 2.
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DRIVER = ROOT / "tools" / "device_drive.py"
sys.path.insert(0, str(ROOT / "tools"))
from device_drive import REPORT_PREFIX as REPORT  # noqa: E402

import build  # noqa: E402  (tools/ is not a package)
import standin_portmaster as pm  # noqa: E402

SUITE = "bookworm"  # Debian 12: Python 3.11, as the handheld firmwares' recent images
HOST_PACKAGES = {"qemu-aarch64-static": "qemu-user-static", "update-binfmts": "binfmt-support"}
HOST_PACKAGES["debootstrap"] = "debootstrap"
BINFMT = Path("/proc/sys/fs/binfmt_misc")
ARCHES = {"arm64": ("qemu-aarch64", "aarch64"), "armhf": ("qemu-arm", "armv7l")}  # Debian's: binfmt, uname -m
DRIVE_DIR = "/opt/acquire8-drive"  # the driver and its sitecustomize, inside a root
RUNTIME_PYXEL = "/opt/acquire8-runtime-pyxel"  # Pyxel 2.9.5 unpacked, the stand-in runtime's
HOME = "/root"
# Start-up: the median of the starts that find the game compiled (the port's first one and
# the later ones run the same code; one start varies by half a second here).
# No late frame (update+draw CPU past the 33.3 ms period): the computers think in what the frame
# leaves over (app/control/frames.py), so the frames' p99 is no budget of its own any more.
# An expert's decision ends in at most DECISION_FRAMES steps after the frame it starts in.
BUDGET = {"late": 0, "startup_s": 3.0, "decision_frames": 29}
STARTUP_RUNS = 3
STARTUP_TIMEOUT_S, GAME_TIMEOUT_S = 90, 500  # an emulated game takes about a minute
CHROOT = shutil.which("chroot") or "/usr/sbin/chroot"  # the environment below has no sbin
ROOT_ENV = {"PATH": "/usr/bin:/bin", "HOME": HOME, "LANG": "C.UTF-8", "SDL_AUDIODRIVER": "dummy"}


class CannotRun(Exception):
    """This machine cannot run the check (no root, no binfmt, no packages): one line says why."""


def log(text: str) -> None:
    print(f"handheld-check: {text}", flush=True)


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, check=True, **kwargs)


def host_tools() -> None:
    """qemu-user-static, binfmt-support and debootstrap on the host (apt-get when missing)."""
    missing = sorted({pkg for tool, pkg in HOST_PACKAGES.items() if shutil.which(tool) is None})
    if not missing:
        return
    if shutil.which("apt-get") is None:
        raise CannotRun(f"needs the Debian packages {' '.join(missing)} and there is no apt-get")
    log(f"installing {' '.join(missing)}")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    try:
        run(["apt-get", "update", "-qq"], env=env, stdout=subprocess.DEVNULL)
        run(["apt-get", "install", "-y", "-qq", *missing], env=env, stdout=subprocess.DEVNULL)
    except subprocess.CalledProcessError as err:
        raise CannotRun(f"apt-get could not install {' '.join(missing)} ({err})") from err


def enable_binfmt() -> None:
    """Arm64 and armhf programs run through qemu: binfmt_misc mounted, its entries enabled."""
    if not (BINFMT / "status").exists():
        proc = subprocess.run(["mount", "-t", "binfmt_misc", "binfmt_misc", str(BINFMT)], capture_output=True)
        if proc.returncode != 0:
            raise CannotRun(f"cannot mount binfmt_misc: {proc.stderr.decode().strip() or 'no permission'}")
    for name, _ in ARCHES.values():
        subprocess.run(["update-binfmts", "--enable", name], capture_output=True, check=False)
        entry = BINFMT / name
        if not entry.exists() or not entry.read_text().startswith("enabled"):
            raise CannotRun(f"binfmt_misc has no enabled {name} entry (update-binfmts --enable failed)")


def debian_mirror() -> str:
    """The Debian mirror the host's apt uses ($ACQUIRE8_DEBIAN_MIRROR overrides it)."""
    if os.environ.get("ACQUIRE8_DEBIAN_MIRROR"):
        return os.environ["ACQUIRE8_DEBIAN_MIRROR"]
    for name in sorted(glob.glob("/etc/apt/sources.list.d/*.sources")):
        for line in Path(name).read_text().splitlines():
            if line.startswith("URIs:") and "security" not in line:
                return line.split()[1]
    for name in ["/etc/apt/sources.list", *sorted(glob.glob("/etc/apt/sources.list.d/*.list"))]:
        if os.path.exists(name):
            for line in Path(name).read_text().splitlines():
                parts = line.split()
                if len(parts) >= 3 and parts[0] == "deb" and "security" not in parts[-3]:
                    return next(p for p in parts[1:] if "://" in p)
    raise CannotRun("no Debian mirror found in /etc/apt (set ACQUIRE8_DEBIAN_MIRROR)")


def build_root(cache: Path, arch: str) -> tuple[Path, bool]:
    """The Debian root of `arch` with python3 (no venv, no ensurepip); (its path, whether it
    was built just now)."""
    root = cache / f"acquire8-{arch}" / f"root-{SUITE}"
    ready = root / ".acquire8-ready"
    if ready.exists():
        return root, False
    if root.exists():  # a build that stopped half-way (debootstrap may have left /proc mounted)
        unmount_under(root)
        shutil.rmtree(root)
    mirror = debian_mirror()
    log(f"building the {arch} {SUITE} root in {root} (a few minutes, once)")
    root.parent.mkdir(parents=True, exist_ok=True)
    cmd = [
        "debootstrap",
        f"--arch={arch}",
        "--variant=minbase",
        "--include=python3",
        SUITE,
        str(root),
        mirror,
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        tail = (proc.stdout + proc.stderr).strip().splitlines()[-5:]
        raise CannotRun(f"debootstrap ({arch}) failed: " + " | ".join(tail))
    ready.write_text(f"{SUITE} from {mirror}\n")
    return root, True


def unmount_under(root: Path) -> None:
    """Unmount whatever is mounted inside `root`, deepest first, so removing it stays inside it."""
    inside = [line.split()[1] for line in Path("/proc/mounts").read_text().splitlines()]
    prefix = str(root.resolve()) + "/"
    for point in sorted((p for p in inside if p.startswith(prefix)), key=len, reverse=True):
        run(["umount", "-l", point])


def inside(root: Path, path: str) -> Path:
    return root / path.lstrip("/")


def fresh(path: Path) -> Path:
    if path.exists() or path.is_symlink():
        shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()
    return path


def unzip(archive: Path, into: Path) -> None:
    """As PortMaster unzips a port: with the modes the zip gives."""
    with zipfile.ZipFile(archive) as zf:
        for info in zf.infolist():
            zf.extract(info, into)
            if info.external_attr >> 16:
                (into / info.filename).chmod((info.external_attr >> 16) & 0o777)


def no_ensurepip(root: Path) -> None:
    """The root's python3 is one without ensurepip (so no venv), as ROCKNIX's and AmberELEC's."""
    probe = [CHROOT, str(root), "python3", "-c", "import ensurepip"]
    if subprocess.run(probe, env=ROOT_ENV, capture_output=True).returncode == 0:
        raise RuntimeError(f"{root}: python3 has ensurepip; the check wants one without")


def portmaster_device(root: Path, port: Path) -> dict:
    """/roms/ports with acquire8.zip unzipped and the stand-in PortMaster, whose runtime is
    this root's Python 3.11 with Pyxel 2.9.5 (the runtime's version) beside it."""
    roms = fresh(inside(root, "/roms"))
    unzip(port / "acquire8.zip", roms / "ports")
    control = roms / "ports" / "PortMaster"  # the launcher's last place to look
    runtime = pm.make_portmaster(control, "/roms/ports/PortMaster", "roms", "aarch64", runtime_ready=False)
    wheel = build.pyxel_wheel("aarch64", build.OLDEST_PYXEL)
    unzip(wheel, fresh(inside(root, RUNTIME_PYXEL)))
    pm.make_runtime(
        runtime,
        Path("/usr/bin/python3.11"),
        Path("/usr/lib/python3.11"),
        Path(RUNTIME_PYXEL) / "pyxel",
        ["lib/python3/dist-packages"],  # where Debian's site module looks under a prefix
        f"{HOME}/{pm.RUNTIME}",
        "aarch64",
        root=root,
    )
    return {
        "root": root,
        "script": "/roms/ports/Acquire8.sh",
        "game": roms / "ports" / "acquire8",
        "control": control,
    }


def bare_device(root: Path, port: Path) -> dict:
    """/sd/ports with acquire8-standalone.zip unzipped, and no PortMaster anywhere."""
    fresh(inside(root, "/roms"))
    sd = fresh(inside(root, "/sd"))
    unzip(port / "acquire8-standalone.zip", sd / "ports")
    return {
        "root": root,
        "script": "/sd/ports/Acquire8.sh",
        "game": sd / "ports" / "acquire8",
        "control": None,
    }


def launcher_run(device: dict, slowdown: float = 1.0):
    """A function that starts the launcher in the root (bash, as the front end does) with the
    driver riding in the game: (first_only) -> (seconds to the first frame, the report).
    `slowdown`: the whole game's thinking made that many times dearer (device_drive.py)."""
    pm.make_driver(fresh(inside(device["root"], DRIVE_DIR)))
    cmd = [CHROOT, str(device["root"]), "/bin/bash", device["script"]]

    def start(first_only: bool, timeout: float) -> tuple[float, dict]:
        options = {"first_frame_only": first_only, "slowdown": slowdown}
        env = {**ROOT_ENV, **pm.drive_env(DRIVE_DIR, **options)}
        return drive(cmd, env, timeout)

    return start


def driver_run(pyxapp: Path, env: dict[str, str], slowdown: float = 1.0):
    """The same for the .pyxapp played by the driver directly (natively)."""

    def start(first_only: bool, timeout: float) -> tuple[float, dict]:
        cmd = [sys.executable, str(DRIVER), str(pyxapp), "--slowdown", str(slowdown)]
        return drive(cmd + ["--first-frame-only"] * first_only, env, timeout)

    return start


class Proc:
    """/proc mounted inside the root while the game runs there (peak memory, Pyxel's paths)."""

    def __init__(self, root: Path):
        self.path = root / "proc"

    def __enter__(self) -> Proc:
        if not (self.path / "self").exists():
            run(["mount", "-t", "proc", "proc", str(self.path)])
            self.mounted = True
        else:
            self.mounted = False
        return self

    def __exit__(self, *exc) -> None:
        if self.mounted:
            subprocess.run(["umount", str(self.path)], check=False)


class Hung(RuntimeError):
    """The driver neither finished nor failed in time: a failure, never tried again (a hang
    once came from Pyxel's audio locks, docs/HANDHELD.md; it must not hide behind a retry)."""


def drive(cmd: list[str], env: dict[str, str], timeout: float) -> tuple[float, dict]:
    """Run the driver; (seconds from start to its first drawn frame, its JSON report)."""
    with tempfile.TemporaryFile("w+") as errors:  # a file: a full stderr pipe would block it
        start = time.perf_counter()
        proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=errors, text=True, env=env, start_new_session=True
        )
        # SIGKILL to the whole session (a launcher's game too): a deadlocked process ignores the rest.
        watchdog = threading.Timer(timeout, kill_session, (proc,))
        watchdog.start()
        first, lines = None, []
        try:
            assert proc.stdout is not None
            for line in proc.stdout:
                if first is None and line.strip() == "FIRST_FRAME":
                    first = time.perf_counter() - start
                lines.append(line)
            proc.wait()
        finally:
            watchdog.cancel()
        errors.seek(0)
        err = errors.read()
    if killed(proc):
        raise Hung(f"{' '.join(cmd)} did not finish in {timeout:g} s")
    if proc.returncode != 0 or first is None:
        raise RuntimeError(f"{' '.join(cmd)} failed (exit {proc.returncode}):\n{err[-3000:]}")
    reports = [line for line in lines if line.startswith(REPORT)] or lines[-1:]
    return first, json.loads(reports[-1].removeprefix(REPORT))


def kill_session(proc: subprocess.Popen) -> None:
    proc.hung = True  # type: ignore[attr-defined]
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)


def killed(proc: subprocess.Popen) -> bool:
    return getattr(proc, "hung", False) or proc.returncode == -signal.SIGKILL


def measure(
    start,
    code_cache: Path,
    shipped_cache: Path,
    data: Path | None,
    label: str,
    later_starts: int = STARTUP_RUNS,
) -> dict:
    """Start-up and a whole game. The game keeps a copy of itself in `code_cache`. Three kinds
    of start: with that folder empty (the first `pyxel play` of a build: every module
    compiled), with the compiled copy the port ships in `shipped_cache` (a device's first
    start; without PortMaster it also unpacks the wheel) and later ones. `data` (the saves) is
    emptied before the game, whose presses assume fresh settings.

    Start-up is timed, as frames are, in CPU time (the game's process's, from its beginning to
    the first title frame; on a shared machine the wall clock also counts other processes'
    turns) and judged by the median of the starts that find the game compiled. Every start
    counts (report["starts"]): one that hangs fails the check at once."""
    log(f"{label}: start-up, first starts with and without the shipped copy, {later_starts} later ones")
    fresh(code_cache)
    compiling = start(True, STARTUP_TIMEOUT_S)
    fresh(code_cache)
    shutil.copytree(shipped_cache, code_cache)
    shipped = start(True, STARTUP_TIMEOUT_S)
    later = [start(True, STARTUP_TIMEOUT_S) for _ in range(later_starts)]
    log(f"{label}: a whole game")
    if data is not None:
        fresh(data).mkdir()
    t0 = time.perf_counter()
    _, report = start(False, GAME_TIMEOUT_S)
    report["game_s"] = time.perf_counter() - t0
    if not report["game_over"]:
        raise RuntimeError(f"{label}: no final standings after {report['frames']} frames")
    cpu = [r["first_frame_cpu_s"] for _, r in [shipped, *later]]
    walls = [w for w, _ in [shipped, *later]]
    report["startup_s"] = {"median": statistics.median(cpu), "max": max(cpu), "runs": cpu}
    report["startup_wall_s"] = {"median": statistics.median(walls), "runs": walls}
    report["starts"] = 3 + later_starts  # compiling, shipped, the later ones and the game's, none hung
    for key, (wall, r) in (("first_start_s", shipped), ("compiling_start_s", compiling)):
        report[key] = {"cpu": r["first_frame_cpu_s"], "wall": wall}
    return report


def snapshot(root: Path, *skip: str) -> dict[str, tuple | None]:
    """Every file and folder in `root` (but /proc, /dev, /sys and `skip`): a file's size and
    time (a folder's time changes with what is made in it: that is seen there)."""
    out = {}
    skipped = {"proc", "dev", "sys", *(s.strip("/") for s in skip)}
    for folder, dirs, files in os.walk(root):
        rel = Path(folder).relative_to(root).as_posix()
        dirs[:] = [d for d in dirs if (f"{rel}/{d}" if rel != "." else d) not in skipped]
        for name in [*dirs, *files]:
            path = Path(folder) / name
            st = path.lstat()
            changed = None if name in dirs else (st.st_size, st.st_mtime_ns)
            out[path.relative_to(root).as_posix()] = changed
    return out


def portmaster_checks(device: dict, report: dict) -> list[str]:
    """What the launcher did with PortMaster, from the stand-in's calls and the game's report,
    and the hotkey: the problems found (none: [])."""
    problems = []
    calls = (device["control"] / "calls.log").read_text().splitlines()
    runtime = f"{HOME}/{pm.RUNTIME}"
    wanted = [
        "control.txt",
        "mod_standin.txt",
        "get_controls",
        f"sudo mount /roms/ports/PortMaster/libs/{pm.RUNTIME}.squashfs {runtime}",
        f"pm_platform_helper {runtime}/bin/python3.11",
        f"sudo umount {runtime}",
        "pm_finish",
    ]
    at = -1
    for call in wanted:
        if call not in calls[at + 1 :]:
            problems.append(f"no call {call!r} in order: {calls}")
            break
        at = calls.index(call, at + 1)
    if report["env"].get("SDL_GAMECONTROLLERCONFIG") != pm.MAPPING:
        problems.append("the game had no SDL_GAMECONTROLLERCONFIG from get_controls")
    if not report.get("fullscreen"):
        problems.append("the game was not asked for full screen")
    if not any((device["game"] / "conf").iterdir()):
        problems.append("no saves in the port's conf/")
    if "DRIVE_REPORT" not in (device["game"] / "log.txt").read_text():
        problems.append("the game's output is not in log.txt")
    return problems


def hotkey_check(device: dict) -> tuple[list[str], dict]:
    """Start the game, kill the processes of the name the launcher gave gptokeyb (those in the
    launcher's tree), and see the launcher end with pm_finish. (problems, facts)."""
    root, calls_log = device["root"], device["control"] / "calls.log"
    fresh(calls_log)
    pm.make_driver(fresh(inside(root, DRIVE_DIR)))
    env = {**ROOT_ENV, **pm.drive_env(DRIVE_DIR, hold=True)}
    cmd = [CHROOT, str(root), "/bin/bash", device["script"]]
    problems, facts = [], {}
    launcher = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env, start_new_session=True)
    watchdog = threading.Timer(STARTUP_TIMEOUT_S, kill_session, (launcher,))
    watchdog.start()
    assert launcher.stdout is not None
    shown = any(line.strip() == "FIRST_FRAME" for line in launcher.stdout)
    watchdog.cancel()
    if not shown:
        launcher.wait()
        return [f"the game did not show its first frame in {STARTUP_TIMEOUT_S} s: killed"], facts
    try:
        name = pm.gptokeyb_name(calls_log.read_text().splitlines())
        game = pm.named(pm.descendants(launcher.pid), name)
        facts = {"gptokeyb_name": name, "processes": len(game)}
        if len(game) != 1:
            problems.append(f"{len(game)} processes named {name!r} run the game, not one")
        for pid in game:
            environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
            if f"SDL_GAMECONTROLLERCONFIG={pm.MAPPING}".encode() not in environ:
                problems.append(f"process {pid} ({name}) has no pad mapping")
            os.kill(pid, signal.SIGKILL)
        launcher.stdout.read()
        launcher.wait(timeout=60)
    finally:
        if launcher.poll() is None:
            kill_session(launcher)
            problems.append("the launcher did not end when the game was killed")
    calls = calls_log.read_text().splitlines()
    if not calls or calls[-1] != "pm_finish":
        problems.append(f"pm_finish did not run last: {calls[-3:]}")
    return problems, facts


def describe(label: str, r: dict) -> str:
    c, w, s = r["cpu"], r["wall"], r["startup_s"]
    return (
        f"{label}: {r['frames']} frames, {r['actions']} actions, Pyxel {r['pyxel']}, Python {r['python']}: "
        f"update+draw CPU mean {c['mean_ms']:.2f} ms, p99 {c['p99_ms']:.2f} ms, max {c['max_ms']:.2f} ms, "
        f"(wall {w['mean_ms']:.2f} / {w['p99_ms']:.2f} / {w['max_ms']:.2f}); "
        f"late frames {r.get('late', 0)}, longest unit of thinking {r.get('longest_unit_ms') or 0:.2f} ms "
        f"(CPU, {r.get('units') or 0} units; in one call {r.get('longest_call_ms') or 0:.2f} ms), "
        f"expert decisions in {r.get('decision_frames_max', 0)} frames "
        "at most; "
        f"start-up CPU {s['median']:.2f} s (max {s['max']:.2f}, wall {r['startup_wall_s']['median']:.2f}; "
        f"first start {r['first_start_s']['cpu']:.2f}, wall {r['first_start_s']['wall']:.2f}; "
        f"compiling {r['compiling_start_s']['cpu']:.2f}); peak memory {r['maxrss_mb']:.0f} MB" + decisions(r)
    )


def decisions(r: dict) -> str:
    """The expert's decisions that took several frames: how many frames and how much time."""
    d = r.get("decisions", {}).get("expert")
    if not d:
        return ""
    return (
        f"; expert decisions ({d['n']} over several frames): {d['frames_mean']:.0f} frames "
        f"({d['frames_mean'] / 30:.2f} s at 30 fps), "
        f"wall {d['wall_ms_mean']:.0f} ms (max {d['wall_ms_max']:.0f}), "
        f"thinking CPU {d['cpu_ms_mean']:.0f} ms"
    )


def slowest(r: dict) -> str:
    rows = []
    for f in r["slowest"][:5]:
        what = [f["scene"] + (f"/{f['ui']}" if f["ui"] else "")]
        what += ["drawn"] * f["drawn"] + ["thinking"] * f["thinking"] + ["decided"] * f["decided"]
        if f["events_shown"]:
            what.append(f"{f['events_shown']} events shown")
        what += [f"gc gen{g} {t:.1f} ms" for g, t in f["gc"]]
        if f.get("level"):
            what.append(f"{f['level']}'s turn")
        rows.append(f"    {f['ms']:7.2f} ms (CPU {f['cpu_ms']:.2f}) frame {f['frame']}: {', '.join(what)}")
    return "\n".join(rows)


def write_bench(path: Path, section: dict) -> None:
    figures: dict = {}
    if path.exists():
        try:
            figures = json.loads(path.read_text())
        except ValueError:
            figures = {}  # a damaged file: rewritten with this section
    figures["handheld"] = section
    path.write_text(json.dumps(figures, indent=2) + "\n")


def check(
    port: Path, cache: Path, bench: Path, later_starts: int = STARTUP_RUNS, slowdown: float = 1.0
) -> int:
    """`port` is dist/port: acquire8.zip and acquire8-standalone.zip. `slowdown`: every unit of
    the computers' thinking in the whole games costs that many times its CPU."""
    t0 = time.perf_counter()
    if os.geteuid() != 0:
        raise CannotRun("needs root (debootstrap, mount and chroot make and enter the arm64 and armhf roots)")
    for name in ("acquire8.zip", "acquire8-standalone.zip"):
        if not (port / name).is_file():
            raise CannotRun(f"no {port / name}: run make port first")
    host_tools()
    enable_binfmt()
    roots = {arch: build_root(cache, arch) for arch in ARCHES}
    built = any(b for _, b in roots.values())
    results: dict[str, dict] = {}
    problems: dict[str, list[str]] = {}

    with tempfile.TemporaryDirectory(prefix="acquire8-native-") as scratch:
        unzip(port / "acquire8.zip", Path(scratch))
        game = Path(scratch) / "acquire8"
        env = {k: v for k, v in os.environ.items() if k != "ACQUIRE8_DATA_DIR"}
        env.update(SDL_AUDIODRIVER="dummy", ACQUIRE8_CACHE_DIR=str(Path(scratch) / "code"))
        start = driver_run(game / "acquire8.pyxapp", env, slowdown)
        results["native"] = measure(
            start, Path(scratch) / "code", game / "cache", None, "native", later_starts
        )

    configs = [
        ("aarch64 PortMaster", "arm64", portmaster_device),
        ("aarch64 no PortMaster", "arm64", bare_device),
        ("armv7l no PortMaster", "armhf", bare_device),
    ]
    for label, arch, make in configs:
        root = roots[arch][0]
        no_ensurepip(root)
        device = make(root, port)
        shipped = Path(tempfile.mkdtemp(prefix="acquire8-shipped-"))
        try:
            shutil.copytree(device["game"] / "cache", shipped / "cache")
            skip = ("roms/ports/acquire8", "sd/ports/acquire8", "roms/ports/PortMaster", DRIVE_DIR)
            skip += ("usr/lib/python3.11", RUNTIME_PYXEL)  # the runtime's files: read-only in its image
            before = snapshot(root, *skip)
            with Proc(root):
                report = measure(
                    launcher_run(device, slowdown),
                    device["game"] / "cache",
                    shipped / "cache",
                    device["game"] / "conf",
                    label,
                    later_starts,
                )
                found = []
                if device["control"] is not None:
                    found += portmaster_checks(device, report)
                    hotkey, report["hotkey"] = hotkey_check(device)
                    found += hotkey
            written = sorted(set(snapshot(root, *skip).items()) - set(before.items()))
            allowed = {HOME.strip("/") + f"/{pm.RUNTIME}"} if device["control"] is not None else set()
            outside = [path for path, _ in written if path not in allowed]
            if outside:
                found.append(f"written outside the port's folder: {outside[:8]}")
            machine = ARCHES[arch][1]
            if report["machine"] != machine:
                found.append(f"the game ran as {report['machine']}, not {machine}")
        finally:
            shutil.rmtree(shipped, ignore_errors=True)
        results[label], problems[label] = report, found

    native = results["native"]
    seconds = time.perf_counter() - t0
    over: dict[str, list[str]] = {}
    for label, r in results.items():
        got = {"late": r.get("late", 0), "decision_frames": r.get("decision_frames_max", 0)}
        if label != "native":  # native start-up is no handheld's
            got["startup_s"] = r["startup_s"]["median"]
            r["ratio"] = {k: r["cpu"][k] / native["cpu"][k] for k in ("mean_ms", "p99_ms", "max_ms")}
        over[label] = [f"{k} {got[k]:.2f} > {BUDGET[k]:g}" for k in got if got[k] > BUDGET[k]]
    for label, r in results.items():
        print(describe(label, r))
        if label != "native":
            ratio = r["ratio"]
            ratios = ", ".join(
                f"{k.removesuffix('_ms')} {ratio[k]:.1f}x" for k in ("mean_ms", "p99_ms", "max_ms")
            )
            print(f"    / native (CPU): {ratios}")
            print("    slowest frames:\n" + slowest(r))
            for problem in problems[label]:
                print(f"    PROBLEM: {problem}")
            if "hotkey" in r:
                hotkey = r["hotkey"]
                print(
                    f"    hotkey: killed {hotkey.get('processes')} process(es) named "
                    f"{hotkey.get('gptokeyb_name')!r}"
                )
    failed = [label for label in over if over[label] or problems.get(label)]
    print(
        f"budgets{f' (thinking {slowdown:g}x dearer)' if slowdown != 1 else ''}: late frames "
        f"(update+draw CPU > 33.3 ms) <= {BUDGET['late']:g}, an expert decision in <= "
        f"{BUDGET['decision_frames']} frames (native and emulated), "
        f"start-up with the game compiled <= {BUDGET['startup_s']:g} s (emulated): "
        + ("; ".join(f"{label} OVER: {', '.join(o)}" for label, o in over.items() if o) or "ok")
    )
    print(f"launcher checks: {'ok' if not any(problems.values()) else 'FAILED'}")
    starts = {label: r["starts"] for label, r in results.items()}
    print(f"starts, none hung: {sum(starts.values())} ({', '.join(f'{k} {v}' for k, v in starts.items())})")
    print(f"handheld-check took {seconds:.0f} s ({'roots built now' if built else 'roots reused'})")
    section = {
        "results": results,
        "problems": problems,
        "over": over,
        "budget": BUDGET,
        "slowdown": slowdown,
        "check_s": seconds,
    }
    write_bench(bench, section)
    print(f"figures written to {bench} (handheld)")
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=Path, default=ROOT / "dist" / "port")
    default_cache = os.environ.get("ACQUIRE8_ROOTS_CACHE") or Path.home() / ".cache"
    parser.add_argument("--cache", type=Path, default=Path(default_cache))
    parser.add_argument("--bench", type=Path, default=Path("bench.json"))
    parser.add_argument(
        "--starts",
        type=int,
        default=STARTUP_RUNS,
        help="later starts in each run (besides two first ones and the game's)",
    )
    parser.add_argument(
        "--slowdown",
        type=float,
        default=1.0,
        help="every unit of the computers' thinking costs K times its CPU in the whole games",
    )
    args = parser.parse_args(argv)
    try:
        sys.exit(check(args.port, args.cache, args.bench, args.starts, args.slowdown))
    except CannotRun as why:
        print(f"handheld-check cannot run here: {why}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
