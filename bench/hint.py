"""The hint measured: the win share of a player who follows every hint against
three normal computer players, seeded and seat-rotated as in the arena.

    python -m bench.hint --games 400 --jobs 2
"""

from __future__ import annotations

import argparse

from acquire8.ai import arena
from acquire8.app.control.hint import hint
from acquire8.rules import Action, Game


class HintFollower:
    """Plays whatever the hint advises (the hint decides from the seat's view itself)."""

    def __init__(self, seed: int | None = None):
        self.seed = seed  # unused: the hint seeds its own player

    def choose(self, view: Game) -> Action:
        return hint(view)[0]


def hint_share(
    games: int = 400, seed: int = 1, players: int = 4, field: str = "normal", jobs: int = 1
) -> dict:
    """Play the games and return the hint-follower's figures (win share with its 95% interval)."""
    st = arena.run("hint", field, games, seed, players, jobs, make_hero=HintFollower)
    return {
        "games": st.games,
        "field": f"{players - 1}x {field}",
        "win_share": st.share,
        "interval95": st.interval,
        "line": st.line(),
        "seconds": st.seconds,
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.hint", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4, choices=range(2, 7))
    ap.add_argument("--field", default="normal")
    ap.add_argument("--jobs", type=int, default=1, help="processes (the machine may be shared)")
    args = ap.parse_args(argv)
    r = hint_share(args.games, args.seed, args.players, args.field, args.jobs)
    print(r["line"])
    share, half = 100 * r["win_share"], 100 * r["interval95"]
    print(f"hint-follower win share {share:.1f}% ± {half:.1f} ({r['seconds']:.0f} s)")


if __name__ == "__main__":
    main()
