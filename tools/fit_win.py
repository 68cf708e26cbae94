"""The chance to win a singles game that the evaluation's margin gives, by tenth of the game.

    python tools/fit_win.py --kept DIR [DIR ...]

From the games arena runs kept (`python -m acquire8.ai.arena ... --keep DIR`), every seat at
every turn's start: the expert's evaluation of its margin (`Evaluator(EXPERT).evaluate`) and
whether it won the game (a k-way tie 1/k). A logistic fit by tenth of the game's stage
(`evaluate.stage`) prints, for `expert.WIN_LOGIT`, the logit's a and b (a + b x margin), with
the dollars of margin that add 1 to the logit.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from acquire8.ai.arena import KeptGame, kept_games
from acquire8.ai.evaluate import EXPERT, Evaluator, stage
from acquire8.ai.expert import logistic
from acquire8.rules import Phase

TENTHS = 10
Row = tuple[float, float, float]  # stage, margin, won


def rows_of(game: KeptGame, ev: Evaluator) -> list[Row]:
    """(stage, margin, won) of every seat at every turn's start of `game`."""
    g = game.record.start()
    seen, at = None, []
    for action in game.record.actions:
        if g.phase == Phase.PLACE and seen != (g.current, g.tiles_on_board()):
            seen = (g.current, g.tiles_on_board())
            at.append((stage(g), [ev.evaluate(g, s) for s in range(g.players)]))
        g.play(action)
    cash = g.all_cash()
    top = max(cash)
    won = [1 / cash.count(top) if c == top else 0.0 for c in cash]
    return [(st, m, w) for st, margins in at for m, w in zip(margins, won, strict=True)]


def fit_logistic(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """a, b of the maximum-likelihood fit of P(y) = 1 / (1 + exp(-(a + b x))) (Newton's method)."""
    a = b = 0.0
    for _ in range(100):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys, strict=True):
            p = logistic(a + b * x)
            w = p * (1 - p)
            ga, gb = ga + y - p, gb + (y - p) * x
            haa, hab, hbb = haa + w, hab + w * x, hbb + w * x * x
        det = haa * hbb - hab * hab
        if det <= 1e-12:  # the margin splits the results outright, or never varies
            raise ValueError("no logistic fit: the margins alone tell the results, or are all alike")
        da, db = (hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) < 1e-9 and abs(db) < 1e-9:
            break
    return a, b


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kept", type=Path, nargs="+", required=True, help="arena runs' --keep folders")
    args = ap.parse_args(argv)
    ev = Evaluator(EXPERT)
    try:
        games = [game for folder in args.kept for game in kept_games(folder)]
    except ValueError as e:
        ap.error(str(e))
    singles = [game for game in games if game.record.start().options.mode == "singles"]
    if not singles:
        ap.error("no kept singles games in " + ", ".join(map(str, args.kept)))
    rows = [row for game in singles for row in rows_of(game, ev)]
    print(f"{len(singles)} games, {len(rows)} rows; by tenth of the stage, the logit a + b x margin:")
    for tenth in range(TENTHS):
        part = [r for r in rows if min(TENTHS - 1, int(TENTHS * r[0])) == tenth]
        if len(part) < 100:
            continue
        try:
            a, b = fit_logistic([m / 1000 for _, m, _ in part], [w for _, _, w in part])
        except ValueError as e:
            print(f"  stage {tenth / TENTHS:.1f}: {e}")
            continue
        scale = f"${1000 / b:,.0f} a unit of the logit" if b else "no slope"
        print(f"  ({a:.2f}, {b / 1000:.4g}),  # stage {tenth / TENTHS:.1f}: {len(part)} rows, {scale}")


if __name__ == "__main__":
    main()
