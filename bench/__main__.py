import json

from bench.rules import games_per_second

figures = {}

r = games_per_second()
figures["rules"] = r
print(
    f"rules core: {r['direct']['games_per_s']:.0f} random 4-player games/s "
    f"({r['direct']['actions_per_game']:.0f} actions each); "
    f"{r['with_views']['games_per_s']:.0f} games/s through RandomBot and views"
)

with open("bench.json", "w") as f:
    json.dump(figures, f, indent=2)
print("figures written to bench.json")
