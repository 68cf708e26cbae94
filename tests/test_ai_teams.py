"""Computer players in team games (RULES §14): they weigh their team's worth against the best
other team's at every level, play legal games in every mode, and play singles exactly as
before teams existed (the recorded games in golden/singles_actions.json).

    python tests/test_ai_teams.py   # re-record the singles games (only after an intended change)
"""

import json
from pathlib import Path

from acquire8.ai import make_bot
from acquire8.rules import Game
from acquire8.rules.record import action_to_dict

GOLDEN = Path(__file__).parent / "golden" / "singles_actions.json"
# Fixed-seed singles games: (tile seed, each seat's level); the expert plays a fixed number of
# deals, so that its decisions do not depend on the clock.
SINGLES = [
    (11, ["hard", "expert", "normal", "hard"]),
    (3, ["expert", "hard"]),
    (5, ["easy", "hard", "expert"]),
]
EXPERT = {"iterations": 10}


def singles_actions() -> list[list[dict]]:
    """The actions of every game of SINGLES, as a record keeps them."""
    games = []
    for seed, levels in SINGLES:
        bots = [
            make_bot(lv, seed * 10 + s, **(EXPERT if lv == "expert" else {})) for s, lv in enumerate(levels)
        ]
        g = Game.new(players=len(bots), seed=seed)
        actions = []
        while not g.is_over:
            act = bots[g.current].choose(g.view(g.current))
            g.apply(act)
            actions.append(action_to_dict(act))
        games.append(actions)
    return games


def test_singles_decisions_are_unchanged():
    """Hard and the expert (and normal, easy) play the recorded singles games action for action."""
    recorded = json.loads(GOLDEN.read_text())
    assert singles_actions() == recorded


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(singles_actions(), separators=(",", ":")) + "\n")
