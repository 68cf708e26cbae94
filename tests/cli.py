"""The command line run as a test runs it: its exit code and what it printed."""

from __future__ import annotations

from acquire8.cli import main


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    """`python -m acquire8 ARGV` in this process: (exit code, stdout, stderr)."""
    try:
        main(argv)
        code = 0
    except SystemExit as stop:
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err
