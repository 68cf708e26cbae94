"""`make handheld-check` (tools/handheld_check.py) says in one line why it cannot run, and exits
non-zero; its own run (minutes, Debian roots under emulation) is a make target, not a test (the
launcher's stand-in PortMaster run natively is: tests/test_port.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import handheld_check as hc  # noqa: E402  (tools/ is not a package)


def run_main(monkeypatch, capsys, *args: str) -> tuple[int, str]:
    with pytest.raises(SystemExit) as stop:
        hc.main(list(args))
    return stop.value.code, capsys.readouterr().err


def test_without_root_it_says_so_in_one_line(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(hc.os, "geteuid", lambda: 1000)
    code, err = run_main(monkeypatch, capsys, "--cache", str(tmp_path))
    assert code == 2
    why = "needs root (debootstrap, mount and chroot make and enter the arm64 and armhf roots)"
    assert err.strip().splitlines() == [f"handheld-check cannot run here: {why}"]
    assert list(tmp_path.iterdir()) == []  # nothing built


def test_without_the_port_it_says_to_build_it(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(hc.os, "geteuid", lambda: 0)
    code, err = run_main(monkeypatch, capsys, "--port", str(tmp_path / "none"), "--cache", str(tmp_path))
    assert code == 2 and "run make port first" in err and len(err.strip().splitlines()) == 1


def test_the_mirror_comes_from_apt_or_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("ACQUIRE8_DEBIAN_MIRROR", "http://mirror.invalid/debian")
    assert hc.debian_mirror() == "http://mirror.invalid/debian"


def test_figures_go_into_the_handheld_section_of_bench_json(tmp_path):
    bench = tmp_path / "bench.json"
    bench.write_text(json.dumps({"rules": {"games_per_s": 500}}))
    hc.write_bench(bench, {"ratio": {"mean_ms": 7.0}})
    assert json.loads(bench.read_text()) == {
        "rules": {"games_per_s": 500},
        "handheld": {"ratio": {"mean_ms": 7.0}},
    }
    bench.write_text("{damaged")
    hc.write_bench(bench, {"over": []})
    assert json.loads(bench.read_text()) == {"handheld": {"over": []}}


def test_a_hung_run_is_killed_and_fails_at_once():
    hang = [sys.executable, "-c", "import time; time.sleep(60)"]
    with pytest.raises(hc.Hung, match=r"did not finish in 0\.5 s"):
        hc.drive(hang, {}, timeout=0.5)
    done = [sys.executable, "-c", "print('FIRST_FRAME'); print('{\"frames\": 1}')"]
    assert hc.drive(done, {}, timeout=30)[1] == {"frames": 1}


def test_a_launched_games_report_is_found_among_the_launchers_lines():
    script = (
        "import json; print('FIRST_FRAME', flush=True); "
        "print('DRIVE_REPORT ' + json.dumps({'frames': 9})); print('after the game')"
    )
    _, report = hc.drive([sys.executable, "-c", script], {}, timeout=30)
    assert report == {"frames": 9}


def test_a_run_reports_its_first_frame_and_json():
    script = "import json; print('FIRST_FRAME', flush=True); print(json.dumps({'frames': 3}))"
    first, report = hc.drive([sys.executable, "-c", script], {}, timeout=30)
    assert report == {"frames": 3} and 0 < first < 30
    with pytest.raises(RuntimeError, match="exit 3"):
        hc.drive([sys.executable, "-c", "import sys; sys.exit(3)"], {}, timeout=30)
