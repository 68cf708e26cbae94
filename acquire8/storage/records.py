"""The finished games kept for replays (the layout of their file) and game files anywhere
(the command line's export and import)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from acquire8.rules.record import GameRecord
from acquire8.storage.backends import write_file

# Version of the kept games' envelope {"format", "games": [record, ...]}. Format 2: a game the
# expert reviewed has its review (ai.review.KeptReview.to_dict) as the record's last field,
# "review"; a file of format 1 (no reviews) is one of format 2 as it is.
GAMES_FORMAT = 2
KEPT_GAMES = 20  # finished games kept for replays, newest first
REVIEW_FIELD = "review"

# The kept games' file is JSON with one game to a line, so that a game's end adds its game by
# lines of text: parsing and writing back twenty games in that frame stalls a handheld.
_GAMES_TAIL = "]}"
_GAMES_HEADS = tuple(f'{{"format":{fmt},"games":[' for fmt in range(1, GAMES_FORMAT + 1))
_GAMES_HEAD = _GAMES_HEADS[-1]
_REVIEW_CUT = f',"{REVIEW_FIELD}":'  # where a line's review starts (quotes in a string are escaped)


def games_text(games: list[str]) -> str:
    """The kept games' file for these games' JSON texts (each on one line), newest first."""
    return "\n".join([_GAMES_HEAD, ",\n".join(games), _GAMES_TAIL]) if games else _GAMES_HEAD + _GAMES_TAIL


def game_lines(text: str) -> list[str] | None:
    """The games' JSON texts of a file games_text wrote, else None (another layout or format)."""
    if text in (head + _GAMES_TAIL for head in _GAMES_HEADS):
        return []
    lines = text.split("\n")
    if len(lines) < 3 or lines[0] not in _GAMES_HEADS or lines[-1] != _GAMES_TAIL:
        return None
    games = lines[1:-1]
    if not all(g.endswith(",") for g in games[:-1]) or games[-1].endswith(","):
        return None
    return [g.removesuffix(",") for g in games]


def bare_line(line: str) -> str:
    """A kept game's line without its review: the record's JSON as `GameRecord.to_json` writes it."""
    cut = line.find(_REVIEW_CUT)
    return line if cut < 0 else line[:cut] + "}"


def reviewed_line(record_json: str, review: dict[str, object]) -> str:
    """A kept game's line: the record's JSON with its review as the last field."""
    return record_json[:-1] + _REVIEW_CUT + json.dumps(review, separators=(",", ":")) + "}"


# --- game files anywhere (the command line) --------------------------------------------------


def export_record(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write a game record to `path` all or nothing; OSError when that fails."""
    write_file(Path(path), record.to_json())


def import_record(path: str | os.PathLike[str]) -> GameRecord:
    """The finished game recorded in the file at `path`, checked through and replayed;
    ValueError naming the problem (the file is left as it is)."""
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError as e:
        raise ValueError(f"cannot read: {e.strerror or e}") from None
    return GameRecord.from_json(text, finished=True)
