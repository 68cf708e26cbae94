"""Command line: `acquire8` plays; `acquire8 simulate` runs computer-only games; `replay`
prints a game file's log and `review` the expert's review of its decisions; `games`, `export`
and `import` list, write and read the finished games the game keeps. Playing itself starts in
acquire8/launch.py, all the .pyxapp ships of the command line."""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import TYPE_CHECKING, NoReturn

from acquire8 import __version__
from acquire8.ai import BASELINES, LEVELS, level_of, make_bot
from acquire8.ai.match import play_game
from acquire8.ai.review import DEFAULT_ITERATIONS
from acquire8.launch import add_play_options, play

if TYPE_CHECKING:  # the rules' record is imported lazily, as the commands need it
    from acquire8.rules.record import GameRecord


def simulate(games: int, seed: int, players: int, bots: list[str]) -> None:
    levels = [level_of(bots[s % len(bots)]) for s in range(players)]
    wins = [0.0] * players
    totals = [0] * players
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        seated = [make_bot(lv, game_seed * 10 + s, table=tuple(levels)) for s, lv in enumerate(levels)]
        result = play_game(seated, game_seed)
        for w in result.winners:
            wins[w] += 1 / len(result.winners)
        for s, score in enumerate(result.scores):
            totals[s] += score
        names = " & ".join(f"P{w + 1}" for w in result.winners)
        cash = " ".join(f"{c:>7,}" for c in result.scores)
        print(f"game {i + 1:>4} seed {game_seed:>6}: {cash}  winner {names} ({result.actions} actions)")
    seconds = time.perf_counter() - start
    print(f"\n{games} games of {players} players in {seconds:.2f} s ({games / seconds:.1f} games/s)")
    for s in range(players):
        share = 100 * wins[s] / games
        mean = totals[s] // games
        print(f"P{s + 1} {levels[s]:>8}: won {wins[s]:7.1f} ({share:5.1f}%)  mean cash {mean:>7,}")


def _fail(command: str, problem: str) -> NoReturn:
    """One line on stderr and exit status 1: a file the command cannot use."""
    print(f"acquire8 {command}: {problem}", file=sys.stderr)
    raise SystemExit(1)


def replay(path: str) -> None:
    """Print the log of the finished game recorded in the file at `path`."""
    from acquire8.app.text import log_lines
    from acquire8.storage.records import import_record

    try:
        record = import_record(path)
    except ValueError as e:
        _fail("replay", f"{path}: {e}")
    seats = ", ".join(f"{name} ({kind})" for name, kind in zip(record.names, record.seats, strict=True))
    played = f", played {record.played}" if record.played else ""
    mode = "" if record.options.mode == "singles" else f" ({record.options.mode})"  # RULES §14
    print(f"Game of seed {record.seed}{mode}{played}: {seats}")
    for line in log_lines(record):
        print(line)
    print(f"Final cash: {_cash(record)}")
    if record.start().has_teams:
        print(f"Teams: {_team_cash(record)}")


def review(
    which: str, seat: int | None, iterations: int, seed: int, as_json: bool, directory: str | None = None
) -> None:
    """Print the expert's review of a finished game: the game file at `which`, or kept game
    number `which` (as `games` lists them); every decision (of seat `seat`, 1 the first, or of
    every seat) with its class and cost, then each seat's accuracy; with `as_json`, one JSON
    object."""
    import json

    from acquire8.ai.review import CLASSES, Review
    from acquire8.app.text import money, move_words
    from acquire8.rules.record import action_to_dict

    record = _game_of("review", which, directory)
    if seat is not None and not 1 <= seat <= record.players:
        _fail("review", f"no seat {seat}: the game had {record.players} players")
    seats = list(range(record.players)) if seat is None else [seat - 1]
    done = Review(record, seats, iterations, seed)
    shown = sys.stderr.isatty()  # a person waits at a terminal: the progress, as the game's review shows it
    while not done.done:
        done.step()
        if shown:
            print(f"\r{progress_bar(*done.progress)}", end="", file=sys.stderr, flush=True)
    if shown:
        print(file=sys.stderr)
    if as_json:
        out = {
            "seed": record.seed,
            "iterations": iterations,
            "review_seed": seed,
            "seats": [
                {
                    "seat": s + 1,
                    "name": record.names[s],
                    "kind": record.seats[s],
                    "accuracy": round(done.accuracy(s), 1),
                }
                | done.counts(s)
                for s in seats
            ],
            "decisions": [
                {
                    "seat": d.seat + 1,
                    "turn": d.turn,
                    "action": d.index + 1,
                    "played": action_to_dict(d.played),
                    "best": action_to_dict(d.best),
                    "cost": round(d.cost),
                    "se": round(d.se),
                    "class": d.kind,
                    "forced": d.forced,
                }
                for d in done.decisions
            ],
        }
        print(json.dumps(out, indent=1))
        return
    names = ", ".join(f"{name} ({kind})" for name, kind in zip(record.names, record.seats, strict=True))
    print(f"Review of the game of seed {record.seed}: {names}; {iterations} deals a decision")
    width = max(len(record.names[s]) for s in seats)
    for d in done.decisions:
        who = record.names[d.seat].ljust(width)
        kind = "forced" if d.forced else d.kind
        line = f"turn {d.turn:>3}  {who}  {kind:<10}  {move_words(d.played)}"
        if d.best != d.played:
            line += f"; better {move_words(d.best)}, {money(round(d.cost))} ± {round(d.se):,} more"
        print(line)
    for s in seats:
        counts = done.counts(s)
        forced = sum(d.forced for d in done.of(s))  # not reviewed: named, so that the counts add up
        what = ", ".join([*(f"{counts[c]} {c}" for c in CLASSES), f"{forced} forced"])
        print(f"{record.names[s]} ({record.seats[s]}): accuracy {done.accuracy(s):.1f} ({what})")


BAR_WIDTH = 30  # the review's progress bar, in characters


def progress_bar(done: int, total: int) -> str:
    """ "[#########.....] 12/40 decisions": the review's progress on a terminal."""
    filled = BAR_WIDTH * done // total if total else BAR_WIDTH
    return f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total} decisions"


def _cash(record: GameRecord) -> str:
    """ "You $41,200, Ana $38,100": every player's final cash."""
    from acquire8.app.text import money

    final = record.final()
    return ", ".join(f"{n} {money(c)}" for n, c in zip(final.names, final.scores(), strict=True))


def _team_cash(record: GameRecord) -> str:
    """ "You & Bo $80,100, Ana & Cy $79,900": each team's summed final cash (RULES §14)."""
    from acquire8.app.text import money

    final = record.final()
    return ", ".join(
        f"{' & '.join(final.names[s] for s in team)} {money(c)}"
        for team, c in zip(final.teams, final.team_scores(), strict=True)
    )


def _storage(directory: str | None):  # -> Storage; imported lazily like the rest of the commands
    """The game's data: --data, else $ACQUIRE8_DATA_DIR, else Pyxel's user data directory."""
    from acquire8.storage.backends import APP, DATA_DIR_ENV, VENDOR
    from acquire8.storage.store import Storage

    directory = directory or os.environ.get(DATA_DIR_ENV)
    if not directory:
        import pyxel

        pyxel.init(128, 128, headless=True, capture_sec=0)  # user_data_dir needs an initialised Pyxel
        directory = pyxel.user_data_dir(VENDOR, APP)
    return Storage.in_directory(directory)


def _game_of(command: str, which: str, directory: str | None):  # -> GameRecord, imported lazily
    """The game named on the command line: a game file's path, or the number of a kept game
    (1 the newest, as `games` lists them) when no file has that name. One line and exit status
    1 when there is no such game."""
    from acquire8.storage.records import import_record

    if which.isdigit() and not os.path.exists(which):
        records, message = _storage(directory).load_records()
        if message:
            print(message, file=sys.stderr)
        number = int(which)
        if not 1 <= number <= len(records):
            _fail(command, f"no game {number}: {len(records)} kept (see 'acquire8 games')")
        return records[number - 1]
    try:
        return import_record(which)
    except ValueError as e:
        _fail(command, f"{which}: {e}")


def games(directory: str | None) -> None:
    """List the kept finished games, newest first, numbered for `export --game N`."""
    records, message = _storage(directory).load_records()
    if message:
        print(message, file=sys.stderr)
    if not records:
        print("No finished games kept yet")
    for i, record in enumerate(records, 1):
        print(f"{i:>2}  {record.played or '-':<16}  {_cash(record)}")


def export(path: str, number: int, directory: str | None) -> None:
    """Write kept game `number` (1 the newest) to the file at `path`."""
    from acquire8.storage.records import export_record

    records, message = _storage(directory).load_records()
    if message:
        print(message, file=sys.stderr)
    if not 1 <= number <= len(records):
        _fail("export", f"no game {number}: {len(records)} kept")
    try:
        export_record(records[number - 1], path)
    except OSError as e:
        _fail("export", f"{path}: {e.strerror or e}")
    print(f"Game {number} written to {path}")


def import_(path: str, directory: str | None) -> None:
    """Check the game file at `path` and keep its game among the finished ones."""
    from acquire8.storage.records import import_record

    try:
        record = import_record(path)
    except ValueError as e:
        _fail("import", f"{path}: {e}")
    storage = _storage(directory)
    if storage.has_record(record):  # importing it again adds nothing
        print(f"Game of seed {record.seed} is kept already")
        return
    message = storage.keep_record(record)
    if message:
        _fail("import", message)
    print(f"Game of seed {record.seed} kept")


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def main(argv: list[str] | None = None) -> None:
    try:
        _main(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (`acquire8 games | head`): stop quietly. Python flushes stdout
        # again on exit and would print a second error, so stdout goes to /dev/null first.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)


def _main(argv: list[str] | None) -> None:
    parser = argparse.ArgumentParser(prog="acquire8", description="Acquire, PICO-8 style.")
    parser.add_argument("--version", action="version", version=f"acquire8 {__version__}")
    sub = parser.add_subparsers(dest="command")
    add_play_options(sub.add_parser("play", help="play the game in a window (the default)"))
    sim = sub.add_parser("simulate", help="play computer-only games without a window")
    sim.add_argument("--games", type=_positive, default=10)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--players", type=int, default=4, choices=range(2, 7))
    sim.add_argument("--bots", default="greedy", help="comma-separated levels, one per seat, repeating")
    rep = sub.add_parser("replay", help="print the log of a game file")
    rep.add_argument("file")
    rev = sub.add_parser("review", help="the expert reviews the decisions of a game file or kept game")
    rev.add_argument("file", help="a game file, or the number of a kept game (see 'games')")
    rev.add_argument("--seat", type=_positive, help="review this seat only (1 = the first)")
    rev.add_argument(
        "--iterations",
        type=_positive,
        default=DEFAULT_ITERATIONS,
        help="deals a decision (more: surer, slower)",
    )
    rev.add_argument("--seed", type=int, default=0, help="the review's own deals")
    rev.add_argument("--json", action="store_true", help="print one JSON object")
    data_help = "the game's data directory (default: $ACQUIRE8_DATA_DIR or the game's own)"
    rev.add_argument("--data", help=data_help)
    lst = sub.add_parser("games", help="list the finished games kept for replays")
    lst.add_argument("--data", help=data_help)
    exp = sub.add_parser("export", help="write a kept game to a game file")
    exp.add_argument("file")
    exp.add_argument("--game", type=_positive, default=1, help="which game (1 = the newest; see 'games')")
    exp.add_argument("--data", help=data_help)
    imp = sub.add_parser("import", help="keep the game of a game file for replays")
    imp.add_argument("file")
    imp.add_argument("--data", help=data_help)
    args = parser.parse_args(argv)
    if args.command == "replay":
        replay(args.file)
        return
    if args.command == "review":
        if args.iterations < 2:
            parser.error("--iterations must be 2 or more")
        review(args.file, args.seat, args.iterations, args.seed, args.json, args.data)
        return
    if args.command == "games":
        games(args.data)
        return
    if args.command == "export":
        export(args.file, args.game, args.data)
        return
    if args.command == "import":
        import_(args.file, args.data)
        return
    if args.command == "simulate":
        bots = args.bots.split(",")
        unknown = [b for b in bots if b not in (*BASELINES, *LEVELS)]
        if unknown:
            parser.error(
                f"unknown computer player {unknown[0]!r}; choose from {', '.join((*LEVELS, *BASELINES))}"
            )
        simulate(args.games, args.seed, args.players, bots)
        return
    play(getattr(args, "fullscreen", False), getattr(args, "scale", 0))
