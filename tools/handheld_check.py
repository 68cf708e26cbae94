"""`make handheld-check`: the shipped .pyxapp on an emulated aarch64 handheld, against this machine.

    python tools/handheld_check.py [--pyxapp dist/handheld/acquire8.pyxapp] [--cache DIR] [--bench bench.json]

Builds once (then reuses) an arm64 Debian root outside the repository, by default under
~/.cache/acquire8-arm64 (or $ACQUIRE8_ARM64_CACHE): debootstrap with qemu-user-static and binfmt
running arm64 programs, then a venv in it with Pyxel's aarch64 wheel. Then runs
tools/device_drive.py (a whole game, title to final standings, pad presses, one opponent of
each computer level) on the .pyxapp natively and in the root under emulation, and times
start-up to the first title frame in both. Prints frame update+draw mean / p99 / max for each
and their ratio, checks the emulated budgets (p99 <= 16 ms, max <= 33 ms, start-up <= 3 s),
writes everything to the "handheld" section of bench.json and exits 1 when a budget is missed.
It needs root (debootstrap, mount, chroot) and binfmt_misc; without them it says so in one line
and exits 2.
"""

from __future__ import annotations

import argparse
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DRIVER = ROOT / "tools" / "device_drive.py"
sys.path.insert(0, str(ROOT / "tools"))
import build  # noqa: E402  (tools/ is not a package)

SUITE = "bookworm"  # Debian 12: Python 3.11, as the handheld firmwares' recent images
HOST_PACKAGES = {"qemu-aarch64-static": "qemu-user-static", "update-binfmts": "binfmt-support"}
HOST_PACKAGES["debootstrap"] = "debootstrap"
BINFMT = Path("/proc/sys/fs/binfmt_misc")
IN_ROOT = "/opt/acquire8"  # where the venv, the wheel, the driver and the game go inside the root
# Start-up: the median of the starts that find the game compiled (the handheld folder's first
# one and the later ones run the same code; one start varies by half a second here).
BUDGET = {"p99_ms": 16.0, "max_ms": 33.0, "startup_s": 3.0}
STARTUP_RUNS = 5
STARTUP_TIMEOUT_S, GAME_TIMEOUT_S = 60, 400  # an emulated game takes about a minute
CHROOT = shutil.which("chroot") or "/usr/sbin/chroot"  # the environment below has no sbin
ROOT_ENV = {"PATH": "/usr/bin:/bin", "HOME": "/root", "LANG": "C.UTF-8", "SDL_AUDIODRIVER": "dummy"}


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
    """Arm64 programs run through qemu: binfmt_misc mounted and its qemu-aarch64 entry enabled."""
    if not (BINFMT / "status").exists():
        proc = subprocess.run(["mount", "-t", "binfmt_misc", "binfmt_misc", str(BINFMT)], capture_output=True)
        if proc.returncode != 0:
            raise CannotRun(f"cannot mount binfmt_misc: {proc.stderr.decode().strip() or 'no permission'}")
    subprocess.run(["update-binfmts", "--enable", "qemu-aarch64"], capture_output=True, check=False)
    entry = BINFMT / "qemu-aarch64"
    if not entry.exists() or not entry.read_text().startswith("enabled"):
        raise CannotRun("binfmt_misc has no enabled qemu-aarch64 entry (update-binfmts --enable failed)")


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


def build_root(cache: Path) -> tuple[Path, bool]:
    """The arm64 root with python3 and venv; (its path, whether it was built just now)."""
    root = cache / f"root-{SUITE}"
    ready = root / ".acquire8-ready"
    if ready.exists():
        return root, False
    if root.exists():  # a build that stopped half-way (debootstrap may have left /proc mounted)
        unmount_under(root)
        shutil.rmtree(root)
    mirror = debian_mirror()
    log(f"building the arm64 {SUITE} root in {root} (a few minutes, once)")
    cache.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(
        [
            "debootstrap",
            "--arch=arm64",
            "--variant=minbase",
            "--include=python3,python3-venv",
            SUITE,
            str(root),
            mirror,
        ],
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        tail = (proc.stdout + proc.stderr).strip().splitlines()[-5:]
        raise CannotRun("debootstrap failed: " + " | ".join(tail))
    ready.write_text(f"{SUITE} from {mirror}\n")
    return root, True


def unmount_under(root: Path) -> None:
    """Unmount whatever is mounted inside `root`, deepest first, so removing it stays inside it."""
    inside = [line.split()[1] for line in Path("/proc/mounts").read_text().splitlines()]
    prefix = str(root.resolve()) + "/"
    for point in sorted((p for p in inside if p.startswith(prefix)), key=len, reverse=True):
        run(["umount", "-l", point])


def install_pyxel(root: Path, wheel: Path) -> None:
    """A venv in the root with the bundled wheel, offline (as the handheld launcher does)."""
    marker = root / IN_ROOT.lstrip("/") / "venv" / f".{wheel.name}"
    if marker.exists():
        return
    target = root / IN_ROOT.lstrip("/")
    shutil.rmtree(target / "venv", ignore_errors=True)
    (target / "wheels").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(wheel, target / "wheels" / wheel.name)
    log(f"installing {wheel.name} in the root")
    in_root(root, ["python3", "-m", "venv", f"{IN_ROOT}/venv"])
    in_root(
        root,
        [f"{IN_ROOT}/venv/bin/pip", "install", "--quiet", "--no-index", f"{IN_ROOT}/wheels/{wheel.name}"],
    )
    marker.touch()


def in_root(root: Path, cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    return run([CHROOT, str(root), *cmd], env=ROOT_ENV, **kwargs)


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
    """The driver neither finished nor failed in time (qemu-user can deadlock, rarely)."""


def drive(cmd: list[str], env: dict[str, str], timeout: float) -> tuple[float, dict]:
    """Run the driver; (seconds from start to its first drawn frame, its JSON report)."""
    with tempfile.TemporaryFile("w+") as errors:  # a file: a full stderr pipe would block it
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=errors, text=True, env=env)
        watchdog = threading.Timer(timeout, proc.kill)  # SIGKILL: a deadlocked qemu ignores the rest
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
    if proc.returncode == -signal.SIGKILL:
        raise Hung(f"{' '.join(cmd)} did not finish in {timeout:g} s")
    if proc.returncode != 0 or first is None:
        raise RuntimeError(f"{' '.join(cmd)} failed (exit {proc.returncode}):\n{err[-3000:]}")
    return first, json.loads(lines[-1])


def drive_again_if_hung(cmd: list[str], env: dict[str, str], timeout: float) -> tuple[float, dict]:
    """drive, once more if the emulator hung (a rare qemu-user futex deadlock seen once in a
    game's run here; a second hang is a failure)."""
    try:
        return drive(cmd, env, timeout)
    except Hung as hung:
        log(f"{hung}: killed, trying once more")
        return drive(cmd, env, timeout)


def measure(cmd: list[str], env: dict[str, str], code_cache: Path, shipped_cache: Path, label: str) -> dict:
    """Start-up and a whole game. The game keeps a copy of itself in `code_cache` (the
    driver's ACQUIRE8_CACHE_DIR, seen from outside a chroot). Three kinds of start: with that
    folder empty (the first `pyxel play` of a build: every module compiled), with the copy the
    handheld folder ships in `shipped_cache` (a device's first start), and later ones.

    Start-up is timed, as frames are, in CPU time (the process's, from its beginning to the
    first title frame; on a shared machine the wall clock also counts other processes' turns)
    and judged by the median of the starts that find the game compiled."""
    log(f"{label}: start-up, first starts with and without the shipped copy, {STARTUP_RUNS} later ones")
    first_only = [*cmd, "--first-frame-only"]
    shutil.rmtree(code_cache, ignore_errors=True)
    compiling = drive_again_if_hung(first_only, env, STARTUP_TIMEOUT_S)
    shutil.rmtree(code_cache)
    shutil.copytree(shipped_cache, code_cache)
    shipped = drive_again_if_hung(first_only, env, STARTUP_TIMEOUT_S)
    later = [drive_again_if_hung(first_only, env, STARTUP_TIMEOUT_S) for _ in range(STARTUP_RUNS)]
    log(f"{label}: a whole game")
    t0 = time.perf_counter()
    _, report = drive_again_if_hung(cmd, env, GAME_TIMEOUT_S)
    report["game_s"] = time.perf_counter() - t0
    if not report["game_over"]:
        raise RuntimeError(f"{label}: no final standings after {report['frames']} frames")
    cpu = [r["first_frame_cpu_s"] for _, r in [shipped, *later]]
    walls = [w for w, _ in [shipped, *later]]
    report["startup_s"] = {"median": statistics.median(cpu), "max": max(cpu), "runs": cpu}
    report["startup_wall_s"] = {"median": statistics.median(walls), "runs": walls}
    for key, (wall, r) in (("first_start_s", shipped), ("compiling_start_s", compiling)):
        report[key] = {"cpu": r["first_frame_cpu_s"], "wall": wall}
    return report


def describe(label: str, r: dict) -> str:
    c, w, s = r["cpu"], r["wall"], r["startup_s"]
    return (
        f"{label:9} {r['frames']:5} frames, {r['actions']} actions: update+draw CPU "
        f"mean {c['mean_ms']:.2f} ms, p99 {c['p99_ms']:.2f} ms, max {c['max_ms']:.2f} ms "
        f"(wall {w['mean_ms']:.2f} / {w['p99_ms']:.2f} / {w['max_ms']:.2f}); "
        f"start-up CPU {s['median']:.2f} s (max {s['max']:.2f}, wall {r['startup_wall_s']['median']:.2f}; "
        f"first start {r['first_start_s']['cpu']:.2f}, compiling {r['compiling_start_s']['cpu']:.2f}); "
        f"peak memory {r['maxrss_mb']:.0f} MB"
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


def check(pyxapp: Path, cache: Path, bench: Path) -> int:
    """`pyxapp` is the handheld folder's: its cache/ holds the copy of the game it ships."""
    t0 = time.perf_counter()
    if os.geteuid() != 0:
        raise CannotRun("needs root (debootstrap, mount and chroot make and enter the arm64 root)")
    if not pyxapp.is_file():
        raise CannotRun(f"no {pyxapp}: run make handheld first")
    shipped_cache = pyxapp.parent / "cache"
    host_tools()
    enable_binfmt()
    root, built = build_root(cache)
    install_pyxel(root, build.aarch64_wheel())  # the wheel `make handheld` bundles
    work = root / IN_ROOT.lstrip("/") / "run"
    work.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(pyxapp, work / "acquire8.pyxapp")
    shutil.copyfile(DRIVER, work / "device_drive.py")
    env = {k: v for k, v in os.environ.items() if k != "ACQUIRE8_DATA_DIR"}
    native_cache = Path(tempfile.mkdtemp(prefix="acquire8-code-"))
    env.update(SDL_AUDIODRIVER="dummy", ACQUIRE8_CACHE_DIR=str(native_cache))
    try:
        native_cmd = [sys.executable, str(DRIVER), str(pyxapp)]
        native = measure(native_cmd, env, native_cache, shipped_cache, "native")
    finally:
        shutil.rmtree(native_cache, ignore_errors=True)
    emu_cmd = [
        CHROOT,
        str(root),
        f"{IN_ROOT}/venv/bin/python",
        f"{IN_ROOT}/run/device_drive.py",
        f"{IN_ROOT}/run/acquire8.pyxapp",
    ]
    emu_env = {**ROOT_ENV, "ACQUIRE8_CACHE_DIR": f"{IN_ROOT}/run/code"}
    with Proc(root):
        emulated = measure(emu_cmd, emu_env, work / "code", shipped_cache, "emulated")
    if emulated["machine"] != "aarch64":
        raise RuntimeError(f"the root ran as {emulated['machine']}, not aarch64")
    # Frames are judged in thread CPU time: on a shared machine the wall clock also counts
    # other processes' turns (both are printed and kept).
    ratio = {k: emulated["cpu"][k] / native["cpu"][k] for k in ("mean_ms", "p99_ms", "max_ms")}
    got = {
        "p99_ms": emulated["cpu"]["p99_ms"],
        "max_ms": emulated["cpu"]["max_ms"],
        "startup_s": emulated["startup_s"]["median"],
    }
    over = [k for k, limit in BUDGET.items() if got[k] > limit]
    seconds = time.perf_counter() - t0
    print(describe("native", native))
    print(describe("emulated", emulated))
    print(
        f"emulated / native (CPU): mean {ratio['mean_ms']:.1f}x, p99 {ratio['p99_ms']:.1f}x, "
        f"max {ratio['max_ms']:.1f}x (peak memory under emulation includes qemu itself)"
    )
    print("slowest emulated frames:\n" + slowest(emulated))
    verdict = "ok" if not over else "OVER: " + ", ".join(f"{k} {got[k]:.2f} > {BUDGET[k]:g}" for k in over)
    print(
        f"budgets under emulation: frame CPU p99 <= {BUDGET['p99_ms']:g} ms, max <= {BUDGET['max_ms']:g} ms, "
        f"start-up with the game compiled <= {BUDGET['startup_s']:g} s: {verdict}"
    )
    print(f"handheld-check took {seconds:.0f} s ({'root built now' if built else 'root reused'})")
    section = {
        "native": native,
        "emulated": emulated,
        "ratio": ratio,
        "budget": BUDGET,
        "over": over,
        "check_s": seconds,
        "root_built": built,
    }
    write_bench(bench, section)
    print(f"figures written to {bench} (handheld)")
    return 1 if over else 0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pyxapp", type=Path, default=ROOT / "dist" / "handheld" / "acquire8.pyxapp")
    default_cache = os.environ.get("ACQUIRE8_ARM64_CACHE") or Path.home() / ".cache" / "acquire8-arm64"
    parser.add_argument("--cache", type=Path, default=Path(default_cache))
    parser.add_argument("--bench", type=Path, default=Path("bench.json"))
    args = parser.parse_args(argv)
    try:
        sys.exit(check(args.pyxapp, args.cache, args.bench))
    except CannotRun as why:
        print(f"handheld-check cannot run here: {why}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
