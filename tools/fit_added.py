"""Fit the evaluation's table of shares added before a payout (acquire8/ai/evaluate.py ADDED).

    python tools/fit_added.py --field ismcts-intern --iterations 200 --seed 95101 --deals 6
    python tools/fit_added.py --kept DIR --by-place

Plays seat-rotated games of hard against three of `--field` (the yardstick needs the
repository's bench/), or reads the games an arena run kept (`--kept DIR`: its field seats
only). At every turn's start it notes each chain on the board and every seat's shares of it;
when the chain pays out (a merger that ends it, or the game's end) each note gives, per seat,
the shares added since. The added counts are grouped by the game's stage in fifths
(`evaluate.stage`) and into none, a few (1-3), several (4-6) and many (7+), and printed as the
table's rows, with the mean of each group (the table's atoms). `--by-place` splits each row by
the seat's place in the chain at the note: leading alone, tied first, behind, holding none;
`--by-size` by the chain's size at the note (`SIZE_CLASSES`), and then prints those rows as
one table by size class and fifth (a class with fewer than MIN_NOTES notes in a fifth takes
the fifth's row). `--growth` prints instead how many tiles a chain grows from the note to its
payout and how far its price rises, by fifth and size class: over 1 - stage, the evaluation's
`Params.safe_growth` (the safe chains) and `Params.price_rise`.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from collections.abc import Callable, Collection, Iterator

from acquire8.ai.arena import kept_games, make_player
from acquire8.ai.evaluate import ADDED, stage
from acquire8.rules import CHAIN_COUNT, CHAINS, PRICES, Action, Game, Phase

GROUPS = ((0, 0), (1, 3), (4, 6), (7, 99))
PLACES = ("leading", "tied first", "behind", "none")
MIN_NOTES = 100  # a size class's notes in a fifth below which the fifth's row stands for it
SIZE_LIMITS = (6, 11)  # `--by-size`: chains under 6 tiles, under 11, the rest


def place(held: tuple[int, ...], seat: int) -> str:
    """`seat`'s place among a chain's holders (`PLACES`)."""
    mine, most = held[seat], max(h for s, h in enumerate(held) if s != seat)
    if not mine:
        return "none"
    return "leading" if mine > most else "tied first" if mine == most else "behind"


_UNDER = tuple(f"{lo}-{hi - 1}" for lo, hi in zip((2, *SIZE_LIMITS), SIZE_LIMITS, strict=False))
SIZE_CLASSES = (*_UNDER, f"{SIZE_LIMITS[-1]}+")


def size_class(size: int) -> str:
    """The class of a chain of `size` tiles (`SIZE_CLASSES`)."""
    return SIZE_CLASSES[sum(size >= limit for limit in SIZE_LIMITS)]


# stage fifth, place and size class at the note, shares added, tiles the chain grew by its payout
# and the dollars its share price rose
Note = tuple[int, str, str, int, int, int]


def added_in_game(g: Game, next_action: Callable[[Game], Action], seats: Collection[int]) -> list[Note]:
    """A `Note` for each of `seats` and every chain at every turn's start of one game played to
    its end, each action `next_action(g)`."""
    notes: list[list[tuple[int, tuple[int, ...], int]]] = [[] for _ in range(CHAIN_COUNT)]
    out: list[Note] = []
    last_turn = None

    def paid(c: int, table: tuple[tuple[int, ...], ...]) -> None:
        final = [row[c] for row in table]
        paid_size = g.chain_sizes()[c]
        out.extend(
            (
                fifth,
                place(held, s),
                size_class(size),
                final[s] - held[s],
                paid_size - size,
                PRICES[c][paid_size] - PRICES[c][size],
            )
            for fifth, held, size in notes[c]
            for s in seats
        )
        notes[c] = []

    table = g.share_table()
    while not g.is_over:
        table = g.share_table()  # at the loop's end: the holdings the end pays on, before the final sale
        if g.phase == Phase.PLACE and last_turn != (g.current, g.tiles_on_board()):
            last_turn = (g.current, g.tiles_on_board())
            fifth = min(len(ADDED) - 1, int(len(ADDED) * stage(g)))
            for c, size in enumerate(g.chain_sizes()):
                if size:
                    notes[c].append((fifth, tuple(row[c] for row in table), size))
        merger = g.merger_state()
        if merger is not None and merger["defunct"]:
            paid(CHAINS.index(merger["defunct"]), table)
        g.play(next_action(g))
    for c in range(CHAIN_COUNT):
        paid(c, table)
    return out


def played(field: str, seed: int, deals: int, iterations: int) -> list[Note]:
    """The notes of seat-rotated games of hard against three of `field`, every seat's."""
    out = []
    for deal in range(seed, seed + deals):
        for seat in range(4):
            names = [("hard" if s == seat else field) for s in range(4)]
            opts = {"iterations": iterations}
            bots = [
                make_player(n, deal * 100 + s, True, opts if n.startswith("ismcts-") else {})
                for s, n in enumerate(names)
            ]
            out += added_in_game(Game.new(players=4, seed=deal), _their_choice(bots), range(4))
    return out


def _their_choice(bots: list) -> Callable[[Game], Action]:
    return lambda g: bots[g.current].choose(g.view(g.current))


def _next_of(actions: Iterator[Action]) -> Callable[[Game], Action]:
    return lambda g: next(actions)


def kept(keep: Path) -> list[Note]:
    """The notes of the games an arena run kept in `keep`, its field seats'."""
    out = []
    for game in kept_games(keep):
        actions = iter(game.record.actions)
        g = game.record.start()
        field = [s for s in range(g.players) if s not in game.hero_seats]
        out += added_in_game(g, _next_of(actions), field)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--field", default="ismcts-intern")
    ap.add_argument("--iterations", type=int, default=200, help="the yardstick's iterations a decision")
    ap.add_argument("--seed", type=int, default=95101)
    ap.add_argument("--deals", type=int, default=6, help="deals, each played from every seat")
    ap.add_argument("--kept", type=Path, help="read the games an arena run kept here instead")
    split = ap.add_mutually_exclusive_group()
    split.add_argument("--by-place", action="store_true", help="a row per place in the chain at the note")
    split.add_argument("--by-size", action="store_true", help="a row per size class of the chain at the note")
    split.add_argument("--growth", action="store_true", help="tiles and price a chain gains by its payout")
    args = ap.parse_args(argv)
    notes = kept(args.kept) if args.kept else played(args.field, args.seed, args.deals, args.iterations)
    if args.growth:
        print_growth(notes)
        return
    counts: dict[tuple[int, str], Counter[int]] = {}
    for fifth, where, size, added, *_ in notes:
        label = where if args.by_place else size if args.by_size else ""
        counts.setdefault((fifth, label), Counter())[added] += 1
    order = list(PLACES) + list(SIZE_CLASSES)
    sums = [0] * len(GROUPS)
    ns = [0] * len(GROUPS)
    for (fifth, where), c in sorted(
        counts.items(), key=lambda kv: (kv[0][0], order.index(kv[0][1]) if kv[0][1] else 0)
    ):
        n = sum(c.values()) or 1
        for i, ((lo, hi), k) in enumerate(zip(GROUPS, _by_group(c), strict=True)):
            sums[i] += sum(a * v for a, v in c.items() if lo <= a <= hi)
            ns[i] += k
        mean = sum(a * v for a, v in c.items()) / n
        label = f"{where}, " if where else ""
        print(f"    {_row(c)},  # stage {_stages(fifth)}: {label}{n} notes, mean {mean:.2f}")
    print("atoms", tuple(round(s / n, 2) if n else 0 for s, n in zip(sums, ns, strict=True)))
    if args.by_size:
        print("the table by size class, each its rows by fifth as in ADDED:")
        print("(")
        for size in SIZE_CLASSES:
            print("    (  # " + size)
            for fifth in range(len(ADDED)):
                c = counts.get((fifth, size), Counter())
                if sum(c.values()) < MIN_NOTES:
                    c = sum((counts.get((fifth, other), Counter()) for other in SIZE_CLASSES), Counter())
                print(f"        {_row(c)},")
            print("    ),")
        print(")")


def print_growth(notes: list[Note]) -> None:
    """The mean tiles a chain grows from a note to its payout, and the dollars its price rises,
    by fifth and size class (every seat's note counts alike); each over 1 - stage at the fifth's
    middle is what the evaluation's `Params.price_rise` (and for the safe chains
    `Params.safe_growth`) would be, fitted to that fifth."""
    grown: dict[tuple[int, str], list[tuple[int, int]]] = {}
    for fifth, _, size, _, tiles, rise in notes:
        grown.setdefault((fifth, size), []).append((tiles, rise))
    for (fifth, size), rows in sorted(grown.items(), key=lambda kv: (kv[0][0], SIZE_CLASSES.index(kv[0][1]))):
        ahead = 1 - (fifth + 0.5) / len(ADDED)
        tiles = sum(t for t, _ in rows) / len(rows)
        rise = sum(r for _, r in rows) / len(rows)
        line = f"stage {_stages(fifth)}, {size}: {len(rows)} notes, grows {tiles:.1f} tiles"
        if size == SIZE_CLASSES[-1]:
            line += f" (safe_growth {tiles / ahead:.0f})"
        print(f"{line}, price +${rise:.0f} (price_rise {rise / ahead:.0f})")


def _stages(fifth: int) -> str:
    """The stages a fifth spans, as a row's label: 0.4-0.6."""
    return f"{fifth / len(ADDED):.1f}-{(fifth + 1) / len(ADDED):.1f}"


def _row(c: Counter[int]) -> str:
    """The chances of each of GROUPS among the additions counted in `c`, as a table's row: whole
    hundredths that add up to one (the largest remainders rounded up)."""
    n = sum(c.values()) or 1
    exact = [100 * k / n for k in _by_group(c)]
    whole = [int(x) for x in exact]
    by_remainder = sorted(range(len(exact)), key=lambda i: whole[i] - exact[i])
    for i in by_remainder[: 100 - sum(whole)] if c else ():
        whole[i] += 1
    return "(" + ", ".join(f"{w / 100:.2f}" for w in whole) + ")"


def _by_group(c: Counter[int]) -> list[int]:
    """How many of the additions counted in `c` fall in each of GROUPS."""
    return [sum(v for a, v in c.items() if lo <= a <= hi) for lo, hi in GROUPS]


if __name__ == "__main__":
    main()
