import json
import sys

from bench.rules import games_per_second


def main() -> None:
    figures = {}
    r = games_per_second()
    figures["rules"] = r
    print(
        f"rules core: {r['games_per_s']:.0f} random 4-player games/s "
        f"({r['games']} games, {r['actions_per_game']:.0f} actions each)"
    )
    with open("bench.json", "w") as f:
        json.dump(figures, f, indent=2)
    print("figures written to bench.json", file=sys.stderr)


main()
