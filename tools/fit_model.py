"""A model of the field's players from their moves in kept arena games: how well hard's values
foretell them, and the leanings beyond those values (`hard.Habits`) that foretell them best.

    python tools/fit_model.py --kept DIR [DIR ...]

From the games arena runs kept (`python -m acquire8.ai.arena ... --keep DIR`), every placement of
more than one legal tile and every purchase a field seat made: a noisy hard player (hard's own
weights) values every option it compares (`HardBot.place_value_steps`,
`HardBot.purchase_values`), and the choice is taken as drawn with weight exp(value / T +
leanings). For each kind it fits, by maximum likelihood (a conditional logit, Newton's method),
first T alone and then T with the leanings of `Habits`, and prints the mean log-likelihood a
decision of each beside a uniform draw's, the leanings with their 95% intervals (clustered by
deal: the decisions of one deal's games are not independent), and the `Habits` to paste into
`hard.YARDSTICK_HABITS`. A purchase the field made that hard does not compare (one with a chain
outside the four best bought alone) is counted and left out, and so is a purchase with nothing
to choose.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fit_value import inverse, sandwich  # tools/ is on the path of a script run from it

from acquire8.ai.arena import kept_games
from acquire8.ai.base import finish
from acquire8.ai.hard import Habits, HardBot
from acquire8.rules import Action, BuyShares, Game, Phase, PlaceTile

# the leanings of each kind of decision (`Habits` fields) and its temperature's field
LEANINGS = {
    "tile": (("found", "merge", "grow"), "tile_temperature"),
    "purchase": (("share", "chain", "safe", "contested"), "purchase_temperature"),
}
# no leaning (the temperatures play no part in the leanings)
ZERO = Habits(**{f.name: 1.0 if "temperature" in f.name else 0.0 for f in dataclasses.fields(Habits)})
Rows = list[list[float]]  # an option's features: hard's value / $1,000, then each leaning
Decision = tuple[Rows, int, int]  # the options' features, the chosen one's place, the deal's seed


def unit(name: str) -> Habits:
    """Habits that lean by 1 on `name` alone: an option's feature is what it gives."""
    return dataclasses.replace(ZERO, **{name: 1.0})


def features(bot: HardBot, kind: str, view: Game, seat: int) -> tuple[list[Action], Rows]:
    """Every option `bot` compares at a field seat's decision, and each one's features."""
    names = LEANINGS[kind][0]
    if kind == "tile":
        options = list(finish(bot.place_value_steps(view)))
        lean = [[unit(n).tile(view, a) for n in names] for _, a in options]  # type: ignore[arg-type]
    else:
        options = list(bot.purchase_values(view, seat))
        sizes, stock = view.chain_sizes(), view.share_table()
        lean = [[unit(n).purchase(sizes, stock, seat, a.chains) for n in names] for _, a in options]  # type: ignore[attr-defined]
    return [a for _, a in options], [[v / 1000, *row] for (v, _), row in zip(options, lean, strict=True)]


def gather(dirs: list[Path]) -> tuple[dict[str, list[Decision]], int]:
    """For each kind, every field decision's option features, the chosen option's place and
    the deal's tile seed (the games of one deal share its tiles); and how many purchases fell
    outside the options compared."""
    bot = HardBot(0, temperature=1.0)
    out: dict[str, list[Decision]] = {kind: [] for kind in LEANINGS}
    outside = 0
    for kept in (kept for folder in dirs for kept in kept_games(folder)):
        hero = set(kept.hero_seats)
        g = kept.record.start()
        for act in kept.record.actions:
            seat = g.current
            kind = None
            if seat not in hero and g.phase == Phase.PLACE and isinstance(act, PlaceTile):
                kind = "tile" if len(g.legal_actions()) > 1 else None
            elif seat not in hero and g.phase == Phase.BUY and isinstance(act, BuyShares):
                kind = "purchase"
            if kind:
                acts, rows = features(bot, kind, g.view(seat), seat)
                if act not in acts:
                    outside += 1
                elif len(acts) > 1:  # a forced purchase (nothing buyable) tells nothing
                    out[kind].append((rows, acts.index(act), kept.seed))
            g.play(act)
    return out, outside


def fit_logit(data: list[Decision], cols: list[int]) -> tuple[list[float], list[float], float]:
    """The conditional logit's coefficients of the feature columns `cols`, their standard errors
    (clustered by deal: the decisions of one deal's games are not independent) and the mean
    log-likelihood a decision."""
    k = len(cols)
    theta = [0.0] * k
    for _ in range(100):
        grad, info, ll = [0.0] * k, [[0.0] * k for _ in range(k)], 0.0
        scores: dict[int, list[float]] = {}  # each deal's part of the gradient
        for rows, chosen, deal in data:
            xs = [[row[c] for c in cols] for row in rows]
            zs = [sum(t * x for t, x in zip(theta, xrow, strict=True)) for xrow in xs]
            top = max(zs)
            ws = [math.exp(z - top) for z in zs]
            total = sum(ws)
            ps = [w / total for w in ws]
            ll += zs[chosen] - top - math.log(total)
            mean = [sum(p * xrow[i] for p, xrow in zip(ps, xs, strict=True)) for i in range(k)]
            score = scores.setdefault(deal, [0.0] * k)
            for i in range(k):
                grad[i] += xs[chosen][i] - mean[i]
                score[i] += xs[chosen][i] - mean[i]
                for j in range(k):
                    cov = sum(p * xrow[i] * xrow[j] for p, xrow in zip(ps, xs, strict=True))
                    info[i][j] += cov - mean[i] * mean[j]
        if min(info[i][i] for i in range(k)) < 1e-9:  # inverse() would leave its term at 0
            raise ValueError("no fit: a leaning never varies among the options")
        inv = inverse(info)
        step = [sum(inv[i][j] * grad[j] for j in range(k)) for i in range(k)]
        theta = [t + s for t, s in zip(theta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    else:
        raise ValueError("no fit: the likelihood did not converge (a leaning may tell the choice outright)")
    if len(scores) < 2:
        raise ValueError("no errors: the decisions of one deal tell nothing of how deals vary")
    few = len(scores) / (len(scores) - 1)  # the few-clusters factor
    var = sandwich(inv, list(scores.values()))  # inv: the last step's, of this same info
    return theta, [math.sqrt(max(0.0, v * few)) for v in var], ll / len(data)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kept", type=Path, nargs="+", required=True, help="arena runs' --keep folders")
    args = ap.parse_args(argv)
    try:
        data, outside = gather(args.kept)
    except ValueError as e:
        ap.error(str(e))
    fitted: dict[str, float] = {}
    for kind, (names, temperature) in LEANINGS.items():
        rows = data[kind]
        if not rows:
            ap.error(f"no field {kind}s in " + ", ".join(map(str, args.kept)))
        uniform = -sum(math.log(len(r)) for r, _, _ in rows) / len(rows)
        try:
            (alone,), _, ll_alone = fit_logit(rows, [0])
            theta, se, ll = fit_logit(rows, list(range(len(names) + 1)))
        except ValueError as e:
            ap.error(f"{kind}s: {e}")
        if theta[0] <= 0:
            ap.error(f"{kind}s: the field's choices do not follow hard's values (no temperature)")
        extra = f" ({outside} outside the options compared)" if kind == "purchase" else ""
        print(f"{kind}s: {len(rows)}{extra}; log-likelihood a decision: uniform {uniform:.3f}")
        print(f"  hard's values alone: {ll_alone:.3f}, T ${1000 / alone:,.0f}")
        print(f"  with the leanings: {ll:.3f}, T ${1000 / theta[0]:,.0f}")
        for name, t, s in zip(names, theta[1:], se[1:], strict=True):
            print(f"    {name} {t:+.2f} ± {1.96 * s:.2f}")
        fitted[temperature] = round(1000 / theta[0])
        fitted.update({name: round(t, 2) for name, t in zip(names, theta[1:], strict=True)})
    print(Habits(**fitted))


if __name__ == "__main__":
    main()
