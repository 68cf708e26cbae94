"""Measure a computer player against a field: seeded, seat-rotated games.

    python -m acquire8.ai.arena --hero hard --field greedy --games 2000 --seed 1
    python -m acquire8.ai.arena --table --games 200     # every level, as `make arena`
    python -m acquire8.ai.arena --mode 2v2 --hero hard --field hard --selfish-field --games 400
    python -m acquire8.ai.arena --hero hard --field ismcts-intern --games 8 --seed 90001
    python -m acquire8.ai.arena --hero expert --options '{"objective": "win"}' --field hard --games 40

Games are tile seeds x seats: each deal is played once with the hero in every seat
and the field in the others, so no level profits from a lucky deal or seat. Ties
split the win. Prints the hero's win share with a 95% interval, average rank (ties
share ranks), mean margin to the best opponent and the hero's decision times.

In a team mode (2v2, 2v2v2, 3v3) the hero is a team, every member the hero's level, and the
field the other teams: each deal is played once with the hero's team in every team's seats
(so in every place of the order of play), and the figures are the team's (its summed cash
against the best other team's). `--selfish-field`: the field plays each for itself, not for
its team (a yardstick only the arena offers).

The yardstick `ismcts-intern`, `-trader`, `-manager`, `-partner`, `-ceo` (bench/ismcts.py, a
re-implementation of a published information-set MCTS; it plays for its own seat) is loaded
only when named, from the repository's bench/, which the game does not ship. `--iterations`
overrides its iteration cap (and fixes a searching hero's playouts), `--field-ms` gives it a
time limit per decision; the line after the figures reports its iterations a decision, and
another the expert's deals a decision when it is the hero (its strength rides on them).
`--options JSON` gives the expert its other options (`ExpertBot`'s keywords): it makes one
decision with them before any game, and its kept games record them.

Long runs go in slices: `--keep DIR` writes each finished game to DIR (its figures and its
record) and plays only the games not there yet, so a slice that stops loses only the games in
play, several processes may share one directory (each its own seeds), and `--keep DIR
--report` prints the figures of every game kept there, with where the hero's money came from
against the field's (`money_sources`). A directory is one run's: the same settings and the
same code (the settings are checked, the code is not: keep a changed player's games elsewhere).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from dataclasses import field as default  # the name `field` is one of Stats' fields
from pathlib import Path
from typing import Any, Protocol, cast

from acquire8.ai.base import Bot
from acquire8.ai.expert import ExpertBot
from acquire8.ai.levels import SPEC_OF, SPECS
from acquire8.ai.players import PLAYERS
from acquire8.rules import (
    CHAINS,
    END_OPTIONS,
    GAME_MODES,
    MODE_PLAYERS,
    TEAM_COUNT,
    EndOption,
    Game,
    GameMode,
    Options,
)
from acquire8.rules import events as ev
from acquire8.rules.record import GameRecord


@dataclass
class Stats:
    hero: str
    field: str
    games: int = 0
    wins: list[float] = default(default_factory=list)  # per game: 1/k for a k-way tie, else 0
    ranks: list[float] = default(default_factory=list)
    margins: list[int] = default(default_factory=list)
    times_ms: list[float] = default(default_factory=list)  # wall clock per decision
    cpu_ms: list[float] = default(
        default_factory=list
    )  # CPU time per decision (a shared machine inflates wall)
    seconds: float = 0.0
    field_iterations: list[int] = default(default_factory=list)  # per searched decision (ismcts-*)
    field_forced: int = 0  # the yardstick's forced decisions (no search)
    field_ms: list[float] = default(default_factory=list)  # wall clock per searched decision
    hero_deals: list[int] = default(default_factory=list)  # the expert's, per searched decision
    players: int = 4
    mode: GameMode = "singles"

    def add(self, other: Stats) -> None:
        self.games += other.games
        self.wins += other.wins
        self.ranks += other.ranks
        self.margins += other.margins
        self.times_ms += other.times_ms
        self.cpu_ms += other.cpu_ms
        self.field_iterations += other.field_iterations
        self.field_forced += other.field_forced
        self.field_ms += other.field_ms
        self.hero_deals += other.hero_deals

    @property
    def share(self) -> float:
        return sum(self.wins) / len(self.wins)

    @property
    def interval(self) -> float:
        """Half-width of the 95% interval of the win share (normal approximation)."""
        if len(self.wins) < 2:
            return 1.0
        return 1.96 * statistics.stdev(self.wins) / math.sqrt(len(self.wins))

    def times(self, cpu: bool = False) -> tuple[float, float, float]:
        """Median, 95th percentile and maximum decision time in ms."""
        t = sorted(self.cpu_ms if cpu else self.times_ms) or [0.0]
        return statistics.median(t), t[min(len(t) - 1, int(0.95 * len(t)))], t[-1]

    def line(self) -> str:
        med, p95, mx = self.times()
        cpu95 = self.times(cpu=True)[1]
        teams = TEAM_COUNT[self.mode]
        if teams:
            who = f"{self.mode}: team of {self.hero} vs {self.field}"
        else:
            who = f"{self.hero:>6} vs {self.players - 1}x {self.field:<6}"
        return (
            f"{who} {self.games:>5} games  "
            f"win {100 * self.share:5.1f}% ± {100 * self.interval:4.1f}  "
            f"rank {statistics.mean(self.ranks):4.2f}  margin {statistics.mean(self.margins):>+8,.0f}  "
            f"decision ms median {med:6.2f} p95 {p95:6.2f} max {mx:7.2f} (cpu p95 {cpu95:6.2f})"
        )

    def work_lines(self) -> list[str]:
        """`field_line` and `hero_line`, those that say something."""
        return [x for x in (self.hero_line(), self.field_line()) if x]

    def hero_line(self) -> str:
        """The expert's work: deals per searched decision, its strength's measure on a machine
        of any speed ("" when the hero does not search that way)."""
        deals = sorted(self.hero_deals)
        if not deals:
            return ""
        return (
            f"hero {self.hero}: {len(deals)} decisions searched, deals a decision median "
            f"{statistics.median(deals):g}, lowest tenth {deals[len(deals) // 10]}, max {deals[-1]}"
        )

    def field_line(self) -> str:
        """The yardstick's work: iterations per searched decision, how many were forced, and
        the time a searched decision took ("" when the field does not search that way)."""
        its = self.field_iterations
        if not its:
            return ""
        return (
            f"field {self.field}: {len(its)} decisions searched, iterations a decision mean "
            f"{statistics.mean(its):,.0f} min {min(its):,} max {max(its):,}; {self.field_forced} forced "
            f"(no search); searched decision ms median {statistics.median(self.field_ms):,.0f}"
        )


class Counting(Protocol):
    """The yardstick: it tells how many iterations its last decision took (0: forced)."""

    last_iterations: int


YARDSTICK = "ismcts-"  # the names of the yardstick's levels: ismcts-intern ... ismcts-ceo


def make_player(name: str, seed: int, team_play: bool, opts: dict) -> Bot:
    """The player called `name`: a level or baseline (`make_bot`; `opts` go to a searching one),
    or the yardstick `ismcts-*`, imported only then from the repository's bench/ (not shipped):
    `opts`' "iterations" overrides its cap, "time_limit_ms" limits its time."""
    if name.startswith(YARDSTICK):
        try:
            from bench import ismcts  # the yardstick lives with the benchmarks
        except ImportError as e:
            raise SystemExit(f"{name}: run the arena from the repository (bench/ismcts.py): {e}") from e
        return ismcts.make(name, seed, opts.get("iterations"), opts.get("time_limit_ms"), team_play)
    if name not in PLAYERS:
        raise ValueError(f"unknown computer player {name!r}; choose from {', '.join(PLAYERS)} or ismcts-*")
    return PLAYERS[name](seed, team_play=team_play, **(opts if SPEC_OF[name].searches else {}))


def play_one(args: tuple) -> tuple[Stats, GameRecord]:
    """One game: the hero in `seat` (in a team mode: in every seat of team `seat`), the field
    elsewhere; returns the hero's figures and the game's record."""
    hero, field_level, tile_seed, seat, players, hero_opts, field_opts, end, make_hero, mode, selfish = args
    g = Game.new(players=players, seed=tile_seed, options=Options(mode=mode, end=end))
    mine = g.teams[seat]
    seats = tuple(hero if s in mine else field_level for s in range(players))
    bots = [
        (
            make_hero(tile_seed * 100 + s)
            if make_hero
            else make_player(hero, tile_seed * 100 + s, True, {**hero_opts, "table": seats})
        )
        if s in mine
        else make_player(field_level, tile_seed * 100 + s, not selfish, {**field_opts, "table": seats})
        for s in range(players)
    ]
    field = f"{field_level} (selfish)" if selfish else field_level
    st = Stats(hero, field, games=1, players=players, mode=mode)
    clock, cpu = time.perf_counter, time.process_time
    actions = []
    while not g.is_over:
        who = g.current
        view = g.view(who)
        if who in mine:
            t0, c0 = clock(), cpu()
            hero_bot = bots[who]
            act = hero_bot.choose(view)
            st.times_ms.append(1000 * (clock() - t0))
            st.cpu_ms.append(1000 * (cpu() - c0))
            if isinstance(hero_bot, ExpertBot) and hero_bot.last_deals:  # the expert counts its work
                st.hero_deals.append(hero_bot.last_deals)
        else:
            bot = bots[who]
            t0 = clock()
            act = bot.choose(view)
            # the yardstick counts its work
            searched = cast("Counting", bot).last_iterations if field_level.startswith(YARDSTICK) else None
            if searched == 0:
                st.field_forced += 1
            elif searched is not None:
                st.field_iterations.append(searched)
                st.field_ms.append(1000 * (clock() - t0))
        g.play(act)
        actions.append(act)
    scores = g.team_scores()  # without teams, each seat's cash
    first = [t for t, score in enumerate(scores) if score == max(scores)]
    st.wins.append(1 / len(first) if seat in first else 0.0)
    ours = scores[seat]
    above = sum(1 for score in scores if score > ours)
    tied = sum(1 for score in scores if score == ours)  # includes the hero
    st.ranks.append(above + (tied + 1) / 2)
    st.margins.append(ours - max(score for t, score in enumerate(scores) if t != seat))
    names = tuple(f"P{s + 1}" for s in range(players))
    return st, GameRecord(tile_seed, names, seats, tuple(actions), g.options)


def run(
    hero: str,
    field_level: str,
    games: int,
    seed: int = 1,
    players: int = 4,
    jobs: int = 1,
    hero_opts: dict | None = None,
    end: EndOption = "declare",
    make_hero: Callable[[int], Bot] | None = None,
    mode: GameMode = "singles",
    selfish: bool = False,
    field_opts: dict | None = None,
    keep: Path | None = None,
) -> Stats:
    """`games` rounded down to whole deals (tile seeds x seats; in a team `mode`, of `mode`'s
    players, tile seeds x teams). `make_hero` (a seed to a player; picklable for `jobs` > 1)
    plays the hero instead of the level `hero`, which then only names it: players outside
    acquire8.ai, such as the front end's hint. `selfish`: the field plays each for itself.
    `field_opts` go to the field (`make_player`). `keep`: a directory where each finished game
    is written and from which the games already there are read instead of played (ValueError
    if it holds another run's games)."""
    teams = TEAM_COUNT[mode]
    if teams:
        players = MODE_PLAYERS[mode][0]
    places = teams or players
    deals = max(1, games // places)
    tasks = [
        (
            hero,
            field_level,
            seed + i,
            s,
            players,
            hero_opts or {},
            field_opts or {},
            end,
            make_hero,
            mode,
            selfish,
        )
        for i in range(deals)
        for s in range(places)
    ]
    field = f"{field_level} (selfish)" if selfish else field_level
    total = Stats(hero, field, players=players, mode=mode)
    run_key = _normal(
        {"hero": hero, "field": field, "players": players, "mode": mode, "end": end,
         "hero_opts": hero_opts or {}, "field_opts": field_opts or {}}
    )  # fmt: skip
    done: dict[tuple[int, int], Stats] = {}
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
        for game in kept_games(keep):
            if game.run != run_key:
                raise ValueError(f"{keep} holds games of another run ({game.run}): keep this one elsewhere")
            done[game.seed, game.seat] = game.stats
    start = time.perf_counter()
    todo = []
    for t in tasks:
        if (t[2], t[3]) in done:
            total.add(done[t[2], t[3]])
        else:
            todo.append(t)

    def collect(results: Iterable[tuple[tuple, tuple[Stats, GameRecord]]]) -> None:
        for task, (st, record) in results:
            total.add(st)
            if keep is not None:
                _keep(keep, run_key, task[2], task[3], st, record)

    if jobs > 1:
        import multiprocessing  # only the arena uses processes; never the game

        # spawned, not forked: a fork of a process running threads (Pyxel's, in a test run)
        # can hang in the child
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            collect(pool.imap_unordered(_played, todo))
    else:
        collect(map(_played, todo))
    total.seconds = time.perf_counter() - start
    return total


def _played(task: tuple) -> tuple[tuple, tuple[Stats, GameRecord]]:
    """`play_one` for a pool of processes: the task comes back with its result."""
    return task, play_one(task)


# ------------------------------------------------------------------ kept games

KEPT_FORMAT = 1
_KEPT_TYPE = "acquire8 arena game"


@dataclass
class KeptGame:
    """One finished arena game as `--keep` wrote it: its run's settings, deal, hero's seat (a
    team's number in a team mode), figures and record."""

    run: dict[str, Any]
    seed: int
    seat: int
    stats: Stats
    record: GameRecord

    @property
    def hero_seats(self) -> tuple[int, ...]:
        return self.record.start().teams[self.seat]


def _normal(value: Any) -> Any:
    """`value` as it reads back from JSON (tuples as lists), so that settings compare alike."""
    return json.loads(json.dumps(value))


def _keep(keep: Path, run_key: dict, seed: int, seat: int, st: Stats, record: GameRecord) -> None:
    """Write one finished game; through a temporary file of this process's own, so a stopped
    run leaves no half and two processes never write the same one."""
    data = {
        "type": _KEPT_TYPE,
        "format": KEPT_FORMAT,
        "run": run_key,
        "seed": seed,
        "seat": seat,
        "stats": {
            "wins": st.wins,
            "ranks": st.ranks,
            "margins": st.margins,
            "times_ms": st.times_ms,
            "cpu_ms": st.cpu_ms,
            "field_iterations": st.field_iterations,
            "field_forced": st.field_forced,
            "field_ms": st.field_ms,
            "hero_deals": st.hero_deals,
        },
        "record": record.to_dict(),
    }
    path = keep / f"{seed}_{seat}.json"
    part = keep / f"{seed}_{seat}.{os.getpid()}.part"
    part.write_text(json.dumps(data, separators=(",", ":")))
    part.replace(path)


def _numbers(stats: dict, key: str, one: bool = False) -> list:
    """The list `stats[key]`, checked: numbers only, exactly one with `one`."""
    value = stats[key]
    if not isinstance(value, list) or not all(type(x) in (int, float) for x in value):
        raise ValueError(f"{key}: expected a list of numbers")
    if one and len(value) != 1:
        raise ValueError(f"{key}: expected one game's figure")
    return value


def _kept_game(path: Path) -> KeptGame:
    data = json.loads(path.read_text())
    if not isinstance(data, dict) or data.get("type") != _KEPT_TYPE or data.get("format") != KEPT_FORMAT:
        raise ValueError("not a kept arena game of this version")
    run_key, stats, seed, seat = data["run"], data["stats"], data["seed"], data["seat"]
    if type(seed) is not int or type(seat) is not int or path.name != f"{seed}_{seat}.json":
        raise ValueError("its deal and seat do not match its name")
    record = GameRecord.from_dict(data["record"], finished=True)
    if record.seed != seed or not 0 <= seat < len(record.start().teams):
        raise ValueError("its record is of another deal or table")
    forced = stats["field_forced"]
    if type(forced) is not int:
        raise ValueError("field_forced: expected a whole number")
    st = Stats(
        run_key["hero"],
        run_key["field"],
        games=1,
        players=run_key["players"],
        mode=run_key["mode"],
        wins=_numbers(stats, "wins", one=True),
        ranks=_numbers(stats, "ranks", one=True),
        margins=_numbers(stats, "margins", one=True),
        times_ms=_numbers(stats, "times_ms"),
        cpu_ms=_numbers(stats, "cpu_ms"),
        field_iterations=_numbers(stats, "field_iterations"),
        field_forced=forced,
        field_ms=_numbers(stats, "field_ms"),
        hero_deals=_numbers(stats, "hero_deals") if "hero_deals" in stats else [],  # kept before it counted
    )
    return KeptGame(run_key, seed, seat, st, record)


def kept_games(keep: Path) -> list[KeptGame]:
    """Every game kept in `keep`, by deal and seat (ValueError naming a file that is not one,
    or that another version of the arena wrote; the file is left as it is)."""
    out = []
    for path in sorted(keep.glob("*.json")):
        try:
            out.append(_kept_game(path))
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
            raise ValueError(f"{path}: {e}; move it away to play that game again") from None
    return sorted(out, key=lambda k: (k.seed, k.seat))


def report(games: list[KeptGame]) -> Stats:
    """The figures of kept `games` (ValueError if there are none, or they are of more than
    one run)."""
    if not games:
        raise ValueError("no kept games")
    first = games[0]
    total = Stats(first.stats.hero, first.stats.field, players=first.stats.players, mode=first.stats.mode)
    for game in games:
        if game.run != first.run:
            raise ValueError(f"games of two runs: {first.run} and {game.run}")
        total.add(game.stats)
    return total


MONEY_ROWS = {
    "merger_bonus": "bonuses from mergers",
    "end_bonus": "bonuses at the end",
    "merger_sold": "shares sold in mergers",
    "end_sold": "shares sold at the end",
    "bought": "shares bought",
    "final": "cash at the end",
}
PLACES = ("first", "second", "no bonus", "none held")
# the same places in the chains on the board at the end that paid a bonus
END_PLACES = {f"end {place}": place for place in PLACES}
FOUNDING_ROWS = {"founded": "chains founded", "founded_bought": "of them bought at once"}
# purchases of shares by how many chains they spread over (a purchase of none is not counted)
PURCHASE_ROWS = {"bought_1": "purchases of one chain", "bought_2": "... of two", "bought_3": "... of three"}


def money_sources(games: Iterable[KeptGame]) -> dict[str, tuple[float, float]]:
    """`seat_money`'s figures a game, each as (a hero seat's mean, a field seat's mean)."""
    # summed over games, each game's figure the mean over the side's seats
    hero: defaultdict[str, float] = defaultdict(float)
    field: defaultdict[str, float] = defaultdict(float)
    count = 0
    for game in games:
        mine = set(game.hero_seats)
        per_seat = seat_money(game.record)
        n = len(per_seat)
        count += 1
        for s in range(n):
            side = hero if s in mine else field
            for k, v in per_seat[s].items():
                side[k] += v / (len(mine) if s in mine else n - len(mine))
    rows = (*MONEY_ROWS, *PLACES, *END_PLACES, *FOUNDING_ROWS, *PURCHASE_ROWS)
    return {k: (hero[k] / max(1, count), field[k] / max(1, count)) for k in rows}


def seat_money(record: GameRecord) -> list[Counter[str]]:
    """Each seat's figures of one game, its record replayed: where its money came from
    (`MONEY_ROWS`); for the chains merged away before the end that paid a bonus, how often it
    was in each of `PLACES` (by the bonus it was paid: a tied first place is first), and for
    those on the board at the end, in each of `END_PLACES` (by the shares it sold there); the chains
    it founded and how many of them it bought shares of in the same turn (`FOUNDING_ROWS`); its
    purchases by the number of chains each spread over (`PURCHASE_ROWS`)."""
    g = record.start()
    n = g.players
    per_seat: list[Counter[str]] = [Counter() for _ in range(n)]
    founded = ""  # the chain the seat to buy founded this turn
    for action in record.actions:
        table = g.share_table()  # a merged chain's holdings when its bonuses are paid
        happened = g.apply(action)
        when = "end" if g.is_over else "merger"
        paid: dict[str, dict[int, str]] = {}  # this action's bonuses: chain, seat, kind
        sold: defaultdict[str, Counter[int]] = defaultdict(Counter)  # at the end: chain, seat, shares
        for e in happened:
            if isinstance(e, ev.ChainFounded):
                per_seat[e.seat]["founded"] += 1
                founded = e.chain
            elif isinstance(e, ev.BonusPaid):
                per_seat[e.seat][f"{when}_bonus"] += e.amount
                paid.setdefault(e.chain, {})[e.seat] = e.kind
            elif isinstance(e, ev.MarketBonus):
                paid.setdefault(e.chain, {})
            elif isinstance(e, ev.SharesSold):
                per_seat[e.seat][f"{when}_sold"] += e.amount
                sold[e.chain][e.seat] += e.count
            elif isinstance(e, ev.SharesBought):
                per_seat[e.seat]["bought"] += e.cost
                per_seat[e.seat]["founded_bought"] += founded in e.chains
                if e.chains:
                    per_seat[e.seat][f"bought_{len(set(e.chains))}"] += 1
                founded = ""
        for chain, kinds in paid.items():
            for s in range(n):
                if when == "merger":
                    per_seat[s][place_of(table[s][CHAINS.index(chain)], kinds.get(s))] += 1
                else:  # every share held at the end is sold then
                    per_seat[s]["end " + place_of(sold[chain][s], kinds.get(s))] += 1
    for s, score in enumerate(g.scores()):
        per_seat[s]["final"] += score
    return per_seat


def place_of(held: int, kind: str | None) -> str:
    """A seat's place in a chain it held `held` shares of, by the bonus it was paid (`kind`,
    None for none): one of `PLACES`."""
    if not held:
        return "none held"
    if kind is None:
        return "no bonus"
    return "second" if kind == "minority" else "first"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m acquire8.ai.arena", description=__doc__.split("\n")[0])
    yardstick = "ismcts-intern, ismcts-trader, ismcts-manager, ismcts-partner, ismcts-ceo"
    ap.add_argument("--hero", default="hard")
    ap.add_argument("--field", default="greedy", help=f"a level, a baseline or the yardstick: {yardstick}")
    ap.add_argument("--games", type=int, default=400, help="tile seeds x seats")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--players", type=int, default=4, choices=range(2, 7), help="singles (a team mode has its own)"
    )
    ap.add_argument("--jobs", type=int, default=1, help="processes (the machine may be shared)")
    ap.add_argument("--budget-ms", type=float, default=None, help="expert: time per decision")
    ap.add_argument(
        "--iterations",
        type=int,
        default=None,
        help="expert: fixed playouts (reproducible); ismcts-*: its iteration cap instead of its level's",
    )
    ap.add_argument("--field-ms", type=float, default=None, help="ismcts-*: a time limit per decision")
    ap.add_argument(
        "--options", default="{}", help='expert: its other options as JSON, such as \'{"objective": "win"}\''
    )
    ap.add_argument("--end", default="declare", choices=END_OPTIONS)
    ap.add_argument("--mode", default="singles", choices=[m for m in GAME_MODES if m != "solo"])
    ap.add_argument("--selfish-field", action="store_true", help="team modes: the field plays for itself")
    ap.add_argument("--table", action="store_true", help="every level against greedy, the expert vs hard too")
    ap.add_argument(
        "--keep", type=Path, help="a directory: write each finished game there, play only the rest"
    )
    ap.add_argument(
        "--report",
        action="store_true",
        help="with --keep: the figures of every game kept there (they name their own run)",
    )
    args = ap.parse_args(argv)
    if args.keep is not None and args.table:
        ap.error("--table plays many runs: --keep keeps one")
    if args.report:
        if args.keep is None:
            ap.error("--report reads the games of --keep DIR")
        try:
            print_report(args.keep)
        except ValueError as e:
            raise SystemExit(f"arena: {e}") from None
        return
    opts = hero_options(ap, args)
    field_opts = {}  # only the yardstick takes options as a field
    if args.field.startswith(YARDSTICK):
        field_opts = {"iterations": args.iterations, "time_limit_ms": args.field_ms}
    if args.table:
        # A searching level (the expert) is about a thousand times slower than the rest: it
        # plays a quarter of the games, against greedy and against the strongest of the rest,
        # so that the table stays a few minutes long.
        quarter = max(args.players, args.games // 4)
        top = max((s for s in SPECS if s.picked and not s.searches), key=lambda s: s.rating).name
        rows: list[tuple[str, str, int, dict]] = [
            (s.name, "greedy", args.games, {}) for s in SPECS if s.picked and not s.searches
        ]
        for s in SPECS:
            if s.searches:
                rows += [(s.name, "greedy", quarter, opts), (s.name, top, quarter, opts)]
        print(f"{args.players} players, seed {args.seed}, seat-rotated, ties split; win share ± 95% interval")
        for hero, fld, n, o in rows:
            st = run(hero, fld, n, args.seed, args.players, args.jobs, o, args.end)
            print(st.line(), flush=True)
        return
    try:
        st = run(
            args.hero,
            args.field,
            args.games,
            args.seed,
            args.players,
            args.jobs,
            opts,
            args.end,
            mode=args.mode,
            selfish=args.selfish_field,
            field_opts=field_opts,
            keep=args.keep,
        )
    except ValueError as e:
        raise SystemExit(f"arena: {e}") from None
    print(st.line())
    for line in st.work_lines():
        print(line)
    print(f"({st.seconds:.1f} s)")
    if args.keep is not None:
        print(f"every game kept in {args.keep}:")
        print_report(args.keep)


def hero_options(ap: argparse.ArgumentParser, args: argparse.Namespace) -> dict[str, Any]:
    """The searching hero's options: `--options`, `--budget-ms` and `--iterations` (for a hero
    that does not search the last two only go into the run's key). A searching hero makes one
    decision with them first, so that a bad option stops the run before any game (an argparse
    error)."""
    try:
        opts = json.loads(args.options)
    except json.JSONDecodeError as e:
        ap.error(f"--options is not JSON: {e}")
    if not isinstance(opts, dict):
        ap.error("--options is a JSON object of the hero's options")
    searches = args.hero in SPEC_OF and SPEC_OF[args.hero].searches
    if opts:
        if args.table:
            ap.error("--options: --table plays every level with its own options")
        if not searches:
            try:
                make_player(args.hero, 0, True, {})  # an unknown name: its own message
            except ValueError as e:
                ap.error(f"--options: {e}")
            ap.error(f"--options: {args.hero} does not search; only the expert takes options")
        if opts.get("objective") == "win" and args.mode != "singles":
            ap.error("--options: the win objective is for singles (a team plays its margin)")
    for key, flag, value in (
        ("budget_ms", "--budget-ms", args.budget_ms),
        ("iterations", "--iterations", args.iterations),
    ):
        if value is not None:
            if key in opts:
                ap.error(f"--options: give {key} once, as {flag}")
            opts[key] = value
    if searches and not args.table:
        try:
            trial = Game.new(args.players, seed=0)
            make_player(args.hero, 0, True, opts).choose(trial.view(trial.current))
        except (TypeError, ValueError, AttributeError) as e:
            ap.error(f"--options: {e}")
    return opts


def print_report(keep: Path) -> None:
    """`report` and `money_sources` of the games kept in `keep`, as lines (ValueError as
    `kept_games` and `report`)."""
    games = kept_games(keep)
    if not games:
        raise ValueError(f"{keep}: no kept games")
    st = report(games)
    print(st.line())
    for line in st.work_lines():
        print(line)
    seeds = sorted({g.seed for g in games})
    shown = {
        k: {o: x for o, x in v.items() if x is not None} if isinstance(v, dict) else v
        for k, v in games[0].run.items()
    }
    settings = ", ".join(f"{k} {v}" for k, v in shown.items() if k not in ("hero", "field") and v)
    print(f"{settings}; deals {seeds[0]}-{seeds[-1]} ({len(seeds)} deals)")
    print("a game, a hero seat | a field seat:")
    money = money_sources(games)
    for key, label in MONEY_ROWS.items():
        print(f"  {label:<24} {money[key][0]:>9,.0f} | {money[key][1]:>9,.0f}")
    print("  chains merged away before the end, by the seat's place in them:")
    for place in PLACES:
        print(f"  {place:<24} {money[place][0]:>9.2f} | {money[place][1]:>9.2f}")
    print("  chains on the board at the end, by the seat's place in them:")
    for key, place in END_PLACES.items():
        print(f"  {place:<24} {money[key][0]:>9.2f} | {money[key][1]:>9.2f}")
    for key, label in (FOUNDING_ROWS | PURCHASE_ROWS).items():
        print(f"  {label:<24} {money[key][0]:>9.2f} | {money[key][1]:>9.2f}")


if __name__ == "__main__":
    main()
