"""How well the evaluation foretells a game's result: each seat's final standing regressed on its
position at every turn's start, by fifth of the game.

    python tools/fit_value.py --kept DIR [DIR ...] [--by size|place|threat] [--merges] [--params JSON]

From the games arena runs kept (`python -m acquire8.ai.arena ... --keep DIR`), every seat at
every turn's start: its final cash less the table's mean, against its cash, the evaluation's
terms of its chains (shares and expected bonus, `Evaluator.chain_term`) summed by the chain's
size class (or, `--by place`, by its place among the chain's holders; `--by threat`, by the
empty squares whose tile would merge it away), and its shares of chains off the board, each
less the table's mean; with `--merges`, also the tiles in the mover's hand that would merge
away a chain it holds (`evaluate.own_merges`), in dollars a tile. The least squares fit by
fifth of the game (`evaluate.stage`) prints what a dollar of each foretells at the end, with
95% intervals that treat a game's rows as one sample (they are not independent): a class whose
dollar foretells more than another's is undervalued beside it. Then, for the shares held of
chains off the board, what such a share turned out to be worth: how often its chain was on the
board at the end, and its price and share of the final bonus there (against
`Params.keep_value`, the evaluation's worth of such a share).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from acquire8.ai.arena import KeptGame, kept_games
from acquire8.ai.evaluate import DEFAULT, Evaluator, Params, _split, merge_threats, own_merges, stage
from acquire8.rules import PRICES, Game, Phase

FIFTHS = 5
SIZE_LIMITS = (6, 11)  # the classes: chains under 6 tiles, under 11, the rest
CLASSES = {
    "size": ("chains 2-5", "chains 6-10", "chains 11+"),
    "place": ("first", "second", "behind", "none held"),  # the seat's place among the holders
    "threat": ("merged by no square", "by 1-2", "by 3+"),
}


MERGES = "a merge tile of its own"


def terms(by: str, merges: bool = False) -> tuple[str, ...]:
    """The fit's terms when the chains are classed `by` size, place or threat (and `merges`: the
    mover's tiles that merge away a chain it holds)."""
    return ("cash", *CLASSES[by], *((MERGES,) if merges else ()), "shares off the board")


def size_class(size: int, threat: int, holdings: tuple[int, ...], seat: int) -> int:
    """The index in `CLASSES["size"]` of a chain of `size` tiles."""
    return sum(size >= limit for limit in SIZE_LIMITS)


def place_class(size: int, threat: int, holdings: tuple[int, ...], seat: int) -> int:
    """The index in `CLASSES["place"]` of `seat`'s place among a chain's holders, by the seats
    holding more: none (first, ties too), one (second, where the minority bonus is paid) or more
    (behind); or holding none."""
    mine = holdings[seat]
    if not mine:
        return 3
    return min(2, sum(h > mine for h in holdings))


def threat_class(size: int, threat: int, holdings: tuple[int, ...], seat: int) -> int:
    """The index in `CLASSES["threat"]` of a chain that `threat` empty squares would merge away."""
    return min(2, (threat + 1) // 2)


CLASS_OF = {"size": size_class, "place": place_class, "threat": threat_class}


@dataclass
class Turn:
    """Every seat at one turn's start: its fifth of the game, each seat's row of the fit's terms, and
    each holding of a chain off the board as (chain, seat, shares)."""

    fifth: int
    rows: list[list[float]]
    off: list[tuple[int, int, int]]


@dataclass
class Played:
    """One kept game read once: its turns, its final cash, the holdings the end paid on and the
    chains' sizes then."""

    turns: list[Turn]
    cash: tuple[int, ...]
    held: tuple[tuple[int, ...], ...]
    sizes: tuple[int, ...]


def played(game: KeptGame, by: str = "size", merges: bool = False, params: Params = DEFAULT) -> Played:
    """The game replayed to its end, a `Turn` noted at each turn's start (valued with `params`)."""
    g = game.record.start()
    ev = Evaluator(params)
    turns: list[Turn] = []
    last, held = None, g.share_table()
    for action in game.record.actions:
        if g.phase == Phase.PLACE and last != (g.current, g.tiles_on_board()):
            last = (g.current, g.tiles_on_board())
            turns.append(turn(g, ev, by, merges))
        held = g.share_table()  # the holdings the end pays on, before the final sale
        g.play(action)
    return Played(turns, g.all_cash(), held, g.chain_sizes())


def turn(g: Game, ev: Evaluator, by: str = "size", merges: bool = False) -> Turn:
    """The `Turn` of the position `g` at a turn's start."""
    ev.setup(g)
    rows = [[float(cash)] + [0.0] * (len(terms(by, merges)) - 1) for cash in g.all_cash()]
    if merges:
        rows[g.current][-2] = own_merges(g)
    class_of = CLASS_OF[by]
    off = []
    sizes, bank = g.chain_sizes(), g.bank_counts()
    threat = merge_threats(g) if by == "threat" else [0] * len(sizes)
    for c, holdings in enumerate(zip(*g.share_table(), strict=True)):
        if not any(holdings):
            continue
        if not sizes[c]:
            off += [(c, s, h) for s, h in enumerate(holdings) if h]
            for row, h in zip(rows, holdings, strict=True):
                row[-1] += h
            continue
        for seat, t in enumerate(ev.chain_term(c, sizes[c], holdings, bank[c])):
            rows[seat][1 + class_of(sizes[c], threat[c], holdings, seat)] += t
    return Turn(min(FIFTHS - 1, int(FIFTHS * stage(g))), rows, off)


def centred(rows: list[list[float]]) -> list[list[float]]:
    """Each column less its mean over the rows (the table's seats)."""
    means = [sum(col) / len(rows) for col in zip(*rows, strict=True)]
    return [[x - m for x, m in zip(row, means, strict=True)] for row in rows]


def samples(games: list[Played]) -> list[list[tuple[list[list[float]], list[float]]]]:
    """By fifth: one (rows, results) per game and fifth, every seat's row of every turn in it
    and its result (final cash less the table's mean)."""
    out: list[list[tuple[list[list[float]], list[float]]]] = [[] for _ in range(FIFTHS)]
    for game in games:
        final = centred([[float(c)] for c in game.cash])
        by_fifth: list[tuple[list[list[float]], list[float]]] = [([], []) for _ in range(FIFTHS)]
        for t in game.turns:
            xs, ys = by_fifth[t.fifth]
            xs += centred(t.rows)
            ys += [f[0] for f in final]
        for fifth, (xs, ys) in enumerate(by_fifth):
            if xs:
                out[fifth].append((xs, ys))
    return out


def inverse(a: list[list[float]]) -> list[list[float]]:
    """The inverse of a square matrix, a column of zeros left zero (a term that never varied)."""
    n = len(a)
    m = [row[:] + [float(i == j) for j in range(n)] for i, row in enumerate(a)]
    for col in range(n):  # Gauss-Jordan
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-9:
            continue
        m[col], m[pivot] = m[pivot], m[col]
        lead = m[col][col]
        m[col] = [x / lead for x in m[col]]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    varied = [abs(a[i][i]) > 1e-9 for i in range(n)]
    return [[x if varied[i] and varied[j] else 0.0 for j, x in enumerate(row[n:])] for i, row in enumerate(m)]


def fit(groups: list[tuple[list[list[float]], list[float]]]) -> tuple[list[float], list[float]]:
    """Least squares coefficients and their 95% half-intervals, the rows of a group (a game) as
    one sample (the clustered sandwich estimate)."""
    k = len(groups[0][0][0])
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    for xs, ys in groups:
        for x, y in zip(xs, ys, strict=True):
            for i in range(k):
                xty[i] += x[i] * y
                for j in range(k):
                    xtx[i][j] += x[i] * x[j]
    inv = inverse(xtx)
    beta = [sum(inv[i][j] * xty[j] for j in range(k)) for i in range(k)]
    scores = []
    for xs, ys in groups:
        u = [0.0] * k
        for x, y in zip(xs, ys, strict=True):
            r = y - sum(b * v for b, v in zip(beta, x, strict=True))
            for i in range(k):
                u[i] += x[i] * r
        scores.append(u)
    return beta, [1.96 * math.sqrt(max(var, 0.0)) for var in sandwich(inv, scores)]


def sandwich(inv: list[list[float]], scores: list[list[float]]) -> list[float]:
    """The coefficients' variances with the samples clustered: the diagonal of inv (the sum of
    each cluster's score times its transpose) inv, `inv` the inverse of the fit's information."""
    k = len(inv)
    meat = [[sum(u[i] * u[j] for u in scores) for j in range(k)] for i in range(k)]
    return [sum(inv[i][a] * meat[a][b] * inv[b][i] for a in range(k) for b in range(k)) for i in range(k)]


def kept_share_worth(games: list[Played]) -> list[tuple[int, float, float, float]]:
    """By fifth: the shares held of chains off the board at turns' starts, the part of them
    whose chain was on the board at the end, and a share's mean price and share of the final
    bonus there."""
    out = [[0, 0, 0.0, 0.0] for _ in range(FIFTHS)]
    for game in games:
        for t in game.turns:
            row = out[t.fifth]
            for c, s, h in t.off:
                row[0] += h
                if game.sizes[c]:
                    price, final = PRICES[c][game.sizes[c]], tuple(r[c] for r in game.held)
                    row[1] += h
                    row[2] += h * price
                    row[3] += _split(final)[s] * price * h / final[s] if final[s] else 0.0
    return [(n, on / n, price / n, bonus / n) if n else (0, 0.0, 0.0, 0.0) for n, on, price, bonus in out]


def _cell(term: str, beta: float, half: float) -> str:
    """One term's figure: a dollar's worth at the end, or for the merge tiles a tile's."""
    if not beta and not half:
        return f"{term} never held" if term != MERGES else f"{term}: none seen"
    if term == MERGES:
        return f"{term} ${beta:,.0f} ± {half:,.0f}"
    return f"{term} {beta:.2f} ± {half:.2f}"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kept", type=Path, nargs="+", required=True, help="arena runs' --keep folders")
    ap.add_argument("--by", choices=sorted(CLASSES), default="size", help="how the chains are classed")
    ap.add_argument("--merges", action="store_true", help="fit the mover's merge tiles too")
    weights = "hard's weights changed, as JSON ({\"threat_weight\": 0}: the expert's)"
    ap.add_argument("--params", default="{}", help=weights)
    args = ap.parse_args(argv)
    try:
        params = replace(DEFAULT, **json.loads(args.params))
        games = [
            played(game, args.by, args.merges, params) for folder in args.kept for game in kept_games(folder)
        ]
    except (ValueError, TypeError) as e:
        ap.error(str(e))
    if not games:
        ap.error("no kept games in " + ", ".join(map(str, args.kept)))
    print(f"{len(games)} games; a dollar of each at a turn's start foretells, at the end (95%):")
    for fifth, groups in enumerate(samples(games)):
        if len(groups) < 2:
            continue
        beta, half = fit(groups)
        cells = ", ".join(
            _cell(t, b, h) for t, b, h in zip(terms(args.by, args.merges)[:-1], beta, half, strict=False)
        )
        rows = sum(len(ys) for _, ys in groups)
        off = f"a share off the board ${beta[-1]:,.0f} ± {half[-1]:,.0f}"
        print(f"  stage {fifth / FIFTHS:.1f}-{(fifth + 1) / FIFTHS:.1f} ({rows} rows): {cells}; {off}")
    print("a share held of a chain off the board, by the stage it was held at:")
    for fifth, (n, on, price, bonus) in enumerate(kept_share_worth(games)):
        if n:
            print(
                f"  stage {fifth / FIFTHS:.1f}-{(fifth + 1) / FIFTHS:.1f} ({n} shares): its chain on the"
                f" board at the end {on:.0%}, worth ${price:,.0f} at its price and ${bonus:,.0f} of bonus"
            )


if __name__ == "__main__":
    main()
