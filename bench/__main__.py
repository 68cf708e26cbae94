import json

from bench.ai import decision_times, expert_playouts, expert_slices
from bench.audio import report as audio_report
from bench.frames import report as frame_report
from bench.ismcts import measure as yardstick_measure
from bench.memory import report as memory_report
from bench.rules import games_per_second
from bench.size import report as size_report
from bench.startup import report as startup_report

figures = {}
try:  # the figures `make handheld-check` wrote stay (its "handheld" section)
    with open("bench.json") as f:
        figures["handheld"] = json.load(f)["handheld"]
except (OSError, ValueError, KeyError, TypeError):
    pass

r = games_per_second()
figures["rules"] = r
print(
    f"rules core: {r['direct']['games_per_s']:.0f} random 4-player games/s "
    f"({r['direct']['actions_per_game']:.0f} actions each); "
    f"{r['with_views']['games_per_s']:.0f} games/s through RandomBot and views (played without events)"
)
playouts = {"expert": expert_playouts(), "yardstick": yardstick_measure(seconds=3.0)}
figures["playouts"] = playouts
print(
    f"playouts a second: the expert {playouts['expert']['playouts_per_s']:.0f} (to the start of its next "
    f"turn, others as hard players); the yardstick {playouts['yardstick']['playouts_per_s']:.0f} "
    f"(random, to the end; an Intern decision {playouts['yardstick']['intern_decision_s']:.1f} s)"
)

hard = decision_times("hard")
sliced = expert_slices()
figures["ai"] = {"hard": hard, "expert_sliced": sliced}
print(
    f"hard player: decision median {hard['median_ms']:.2f} ms, p95 {hard['p95_ms']:.2f} ms "
    f"(CPU {hard['cpu_p95_ms']:.2f}), max {hard['max_ms']:.1f} ms; expert in {sliced['slice_ms']:.0f} ms "
    f"slices: step p95 {sliced['step_p95_ms']:.1f} ms (CPU {sliced['step_cpu_p95_ms']:.1f}), "
    f"max {sliced['step_max_ms']:.1f} ms (past its slice by {sliced['overrun_max_ms']:.1f} ms at most), "
    f"{sliced['frames_per_decision_median']} steps a decision"
)

figures["frames"] = frame_report()  # front end: update+draw per frame over computer-only games
if "handheld" in figures:  # the emulated targets' late frames and longest units, as last measured
    for label, r in figures["handheld"].get("results", {}).items():
        longest = r.get("longest_unit_ms")
        print(
            f"handheld-check (last run) {label}: late frames {r.get('late')}, longest unit of thinking "
            + (f"{longest:.2f} ms CPU" if longest is not None else "not measured")
        )

a = audio_report()
figures["audio"] = a
print(
    f"music starts: {a['apart']} of {a['starts']} had a channel start apart"
    f" (up to {a['apart_ms_max']:.1f} ms)"
)

# Shipping: start-up to the first title frame, peak memory of a game, .pyxapp size.
figures["startup"] = startup_report()
figures["memory"] = memory_report()
figures["size"] = size_report()

with open("bench.json", "w") as f:
    json.dump(figures, f, indent=2)
print("figures written to bench.json")
