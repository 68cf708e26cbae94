"""A variant of a player's weights or options against the shipped player, at the same tables.

    python tools/pair_params.py --params '{"premium_until": 0.7}' --seed 63101 --deals 15 --out FILE
    python tools/pair_params.py --level expert --options '{"rounds": 2}' --field ismcts-trader \
        --iterations 0 --seed 66001 --deals 5 --out FILE
    python tools/pair_params.py --report FILE

Each table holds a hard player (or, with `--level expert`, an expert) with the variant's
weights and options (V), one with the shipped ones (B; `--both` sets options of both, such as
the expert's deals a decision, which also make a run the same whatever the machine's load)
and two field players (by default the arena's yardstick, Intern at 200 iterations: a game of
hard players takes 10-15 s). Each tile seed is played from eight seatings (V B F F and B V F
F, each rotated), so V and B share every deal, every field player and every seat. The figure
is V's final cash less B's, game by game (its mean with a 95% interval), beside their wins:
sharing the luck of the deal, the difference is far less noisy than two win shares measured
apart. It is for tuning: a variant that looks better here is then measured against three
field players on deals of its own (`python -m acquire8.ai.arena`).

Each game is written to FILE as one line when it ends, with the players it was played by; a
run plays only the games missing from it, so a stopped run resumes, and refuses a file of
other players' games.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from acquire8.ai.arena import make_player, seat_money
from acquire8.ai.base import Bot
from acquire8.ai.evaluate import DEFAULT, EXPERT, Params
from acquire8.ai.levels import Level
from acquire8.ai.match import record_game
from acquire8.ai.players import PLAYERS

FIELDS = {"seed", "seating", "cash", "founded", "at_once"}  # a game's line
PAIRED: tuple[Level, ...] = ("hard", "expert")  # the levels with weights to vary
SHIPPED: dict[Level, Params] = {"hard": DEFAULT, "expert": EXPERT}  # their weights as shipped


@dataclasses.dataclass(frozen=True)
class Variant:
    """The player tried: its level, its evaluation's weights and its other options."""

    level: Level = "hard"
    params: Params | None = None  # None: the level's shipped weights
    options: dict[str, Any] = dataclasses.field(default_factory=dict)
    both: dict[str, Any] = dataclasses.field(default_factory=dict)  # options of V and B alike

    def player(self, seed: int, shipped: bool) -> Bot:
        """V, or with `shipped` B: the level with the shipped weights and options but `both`."""
        if shipped:
            return PLAYERS[self.level](seed, **self.both)
        return PLAYERS[self.level](seed, params=self.weights(), **{**self.both, **self.options})

    def weights(self) -> Params:
        """V's weights: its `params`, else the level's shipped ones."""
        return self.params or SHIPPED[self.level]

    def described(self) -> dict[str, Any]:
        """What a game's line records of it, so that a run never mixes two variants' games."""
        shipped = SHIPPED[self.level]
        params = {k: v for k, v in dataclasses.asdict(self.weights()).items() if v != getattr(shipped, k)}
        return {"level": self.level, "params": params, "options": self.options, "both": self.both}


SEATINGS = tuple(base[r:] + base[:r] for base in ("VBFF", "BVFF") for r in range(4))


def play(variant: Variant, seed: int, seating: str, field: str, iterations: int | None) -> dict:
    """One game of `seating` (V: the variant, B: the shipped player, F: the field) on tile
    seed `seed`: the variant, every seat's final cash, and the chains each seat founded and of
    them bought shares of in the same turn (the arena's `seat_money`)."""
    bots: list[Bot] = []
    for s, who in enumerate(seating):
        bot_seed = seed * 100 + s
        if who == "F":
            bots.append(make_player(field, bot_seed, True, {"iterations": iterations} if iterations else {}))
        else:
            bots.append(variant.player(bot_seed, shipped=who == "B"))
    seats = [variant.level if who in "VB" else field for who in seating]
    per_seat = seat_money(record_game(bots, seed, seats))
    return {
        **setting(variant, field, iterations),
        "seed": seed,
        "seating": seating,
        "cash": [m["final"] for m in per_seat],
        "founded": [m["founded"] for m in per_seat],
        "at_once": [m["founded_bought"] for m in per_seat],
    }


def setting(variant: Variant, field: str, iterations: int | None) -> dict[str, Any]:
    """What a game's line records of the players, as its JSON reads back."""
    described = {"variant": variant.described(), "field": field, "iterations": iterations}
    return json.loads(json.dumps(described))


def run(variant: Variant, seeds: range, out: Path, field: str, iterations: int | None) -> None:
    """Play every seating of every seed not yet in `out`, appending each game as it ends;
    SystemExit if `out` holds games of other players (a run resumes only its own)."""
    games = read(out) if out.exists() else []
    ours = setting(variant, field, iterations)
    for game in games:
        if {k: game.get(k) for k in ours} != ours:
            raise SystemExit(
                f"{out}: its games are of other players ({game.get('variant')}); use another file"
            )
    done = {(g["seed"], g["seating"]) for g in games}
    for seed in seeds:
        for seating in SEATINGS:
            if (seed, seating) not in done:
                line = json.dumps(play(variant, seed, seating, field, iterations))
                with out.open("a") as f:
                    f.write(line + "\n")


def read(path: Path) -> list[dict]:
    """The games of a file `run` wrote; a line that is not one is named."""
    games = []
    for n, line in enumerate(path.read_text().splitlines(), 1):
        try:
            game = json.loads(line)
            ok = isinstance(game, dict) and game.keys() >= FIELDS and {"V", "B"} <= set(game["seating"])
        except (ValueError, TypeError):
            ok = False
        if not ok:
            raise SystemExit(f"{path}, line {n}: not a game of this tool")
        games.append(game)
    return games


def report(games: list[dict]) -> str:
    """V's cash less B's (mean, 95% interval), their wins (ties split), the chains they founded
    and of them bought into at once."""
    if not games:
        return "no games"
    diffs, wins, founded, at_once = [], {"V": 0.0, "B": 0.0}, {"V": 0, "B": 0}, {"V": 0, "B": 0}
    for g in games:
        cash, seating = g["cash"], g["seating"]
        v, b = seating.index("V"), seating.index("B")
        diffs.append(cash[v] - cash[b])
        top = [s for s, c in enumerate(cash) if c == max(cash)]
        for who, seat in (("V", v), ("B", b)):
            wins[who] += 1 / len(top) if seat in top else 0.0
            founded[who] += g["founded"][seat]
            at_once[who] += g["at_once"][seat]
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    seeds = sorted({g["seed"] for g in games})
    return (
        f"{len(games)} games, tile seeds {seeds[0]}-{seeds[-1]} ({len(seeds)})\n"
        f"V's cash less B's: {statistics.mean(diffs):+,.0f} ± {half:,.0f} a game; V ahead in "
        f"{sum(d > 0 for d in diffs)}\n"
        f"wins: V {wins['V']:g}, B {wins['B']:g}\n"
        f"chains founded / of them bought at once: V {founded['V']} / {at_once['V']}, "
        f"B {founded['B']} / {at_once['B']}"
    )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--level", default="hard", choices=PAIRED, help="the level of V and B")
    ap.add_argument("--params", default="{}", help="the variant: Params fields as JSON")
    ap.add_argument("--options", default="{}", help="the variant: the level's other options as JSON")
    ap.add_argument("--both", default="{}", help="options of V and B alike as JSON (iterations...)")
    ap.add_argument("--seed", type=int, default=63001, help="first tile seed")
    ap.add_argument("--deals", type=int, default=10, help="tile seeds (8 games each)")
    ap.add_argument("--field", default="ismcts-intern", help="a level, a baseline or ismcts-*")
    ap.add_argument("--iterations", type=int, default=200, help="ismcts-*: its cap (0: its level's)")
    ap.add_argument("--out", type=Path, help="the games' file (JSON lines)")
    ap.add_argument("--report", type=Path, help="print the figures of a games' file and stop")
    args = ap.parse_args(argv)
    if args.report:
        print(report(read(args.report)))
        return
    if args.out is None:
        ap.error("--out FILE is needed to play")
    try:
        params = dataclasses.replace(SHIPPED[args.level], **json.loads(args.params))
        variant = Variant(args.level, params, json.loads(args.options), json.loads(args.both))
        variant.player(0, shipped=False)  # a wrong option is said now, not mid-run
    except (ValueError, TypeError) as e:
        ap.error(f"--params, --options or --both: {e}")
    iterations = args.iterations if args.field.startswith("ismcts-") and args.iterations else None
    run(variant, range(args.seed, args.seed + args.deals), args.out, args.field, iterations)
    print(report(read(args.out)))


if __name__ == "__main__":
    main()
