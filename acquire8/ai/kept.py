"""A finished review as it is kept with its game (the `games` record's `"review"` field): each
seat's accuracy and the free decisions with their class, cost and the expert's move. Plain data
and its JSON form: it imports no player, so storage reads and writes it without loading a
search (`ai/review.py` makes one, `Review.kept()`)."""

from __future__ import annotations

from dataclasses import dataclass

from acquire8.rules import Action
from acquire8.rules.record import GameRecord, action_from_dict, action_to_dict

# A decision's class, by its cost (ai/review.py's THRESHOLDS; docs/AI.md).
GOOD, INACCURACY, MISTAKE, BLUNDER = "good", "inaccuracy", "mistake", "blunder"
CLASSES = (GOOD, INACCURACY, MISTAKE, BLUNDER)
KEPT_FORMAT = 1  # version of a review's stored form (KeptReview.to_dict)
GameKey = tuple[int, tuple[Action, ...]]


def game_key(record: GameRecord) -> GameKey:
    """What tells one game from another, and its review's game: its seed and actions (when it
    was played, kept aside)."""
    return record.seed, record.actions


@dataclass(frozen=True)
class Verdict:
    """A reviewed decision as it is kept with its game (a free one: forced ones are not kept)."""

    index: int  # its place in record.actions
    turn: int
    seat: int
    played: Action
    best: Action
    cost: int  # dollars, rounded
    kind: str  # its class (CLASSES)


@dataclass(frozen=True)
class KeptReview:
    """What is kept of a finished review: each seat's accuracy and the free decisions with
    their class, cost and the expert's move, in the order they were made."""

    iterations: int
    seed: int
    accuracy: tuple[tuple[int, float], ...]  # (seat, accuracy) for every seat reviewed
    verdicts: tuple[Verdict, ...]

    @property
    def seats(self) -> list[int]:
        return [s for s, _ in self.accuracy]

    def accuracy_of(self, seat: int) -> float | None:
        return next((a for s, a in self.accuracy if s == seat), None)

    def counts(self, seat: int) -> dict[str, int]:
        out = dict.fromkeys(CLASSES, 0)
        for v in self.verdicts:
            if v.seat == seat:
                out[v.kind] += 1
        return out

    def costliest(self, seat: int) -> list[Verdict]:
        """The seat's decisions that were not good, costliest first (the earlier on a tie)."""
        worse = [v for v in self.verdicts if v.seat == seat and v.kind != GOOD]
        return sorted(worse, key=lambda v: (-v.cost, v.index))

    def to_dict(self) -> dict[str, object]:
        return {
            "format": KEPT_FORMAT,
            "iterations": self.iterations,
            "seed": self.seed,
            "seats": [{"seat": s, "accuracy": a} for s, a in self.accuracy],
            "decisions": [
                {
                    "action": v.index,
                    "turn": v.turn,
                    "seat": v.seat,
                    "class": v.kind,
                    "cost": v.cost,
                    "best": action_to_dict(v.best),
                }
                for v in self.verdicts
            ],
        }

    @classmethod
    def from_dict(cls, record: GameRecord, data: object) -> KeptReview:
        """The review `to_dict` wrote of `record`'s game; ValueError naming the first problem."""
        if not isinstance(data, dict):
            raise ValueError("review: expected an object")
        fmt = data.get("format")
        if type(fmt) is not int or not 1 <= fmt <= KEPT_FORMAT:
            raise ValueError(f"review: unknown format {fmt!r}")
        iterations, seed = data.get("iterations"), data.get("seed")
        if type(iterations) is not int or iterations < 2 or type(seed) is not int:
            raise ValueError("review: iterations and seed must be whole numbers")
        seats = data.get("seats")
        if not isinstance(seats, list) or not seats:
            raise ValueError("review: seats must be a list")
        accuracy = []
        for item in seats:
            s, a = (item.get("seat"), item.get("accuracy")) if isinstance(item, dict) else (None, None)
            if type(s) is not int or not 0 <= s < record.players or type(a) not in (int, float):
                raise ValueError("review: a seat must have its number and accuracy")
            assert isinstance(a, int | float)
            if not 0 <= a <= 100:
                raise ValueError(f"review: accuracy {a} is not 0 to 100")
            accuracy.append((s, float(a)))
        decisions = data.get("decisions")
        if not isinstance(decisions, list):
            raise ValueError("review: decisions must be a list")
        verdicts = []
        for i, d in enumerate(decisions):
            try:
                verdicts.append(_verdict(record, d))
            except (ValueError, TypeError, KeyError) as e:
                raise ValueError(f"review: decision {i + 1}: {e}") from None
        return cls(iterations, seed, tuple(accuracy), tuple(verdicts))


def _verdict(record: GameRecord, d: dict) -> Verdict:
    index, turn, seat, cost, kind = (d[key] for key in ("action", "turn", "seat", "cost", "class"))
    if not all(type(v) is int for v in (index, turn, seat, cost)):
        raise ValueError("action, turn, seat and cost must be whole numbers")
    if not 0 <= index < len(record.actions) or not 0 <= seat < record.players or turn < 1 or cost < 0:
        raise ValueError("not a decision of this game")
    if kind not in CLASSES:
        raise ValueError(f"unknown class {kind!r}")
    return Verdict(index, turn, seat, record.actions[index], action_from_dict(d["best"]), cost, kind)


__all__ = [
    "BLUNDER",
    "CLASSES",
    "GOOD",
    "INACCURACY",
    "KEPT_FORMAT",
    "MISTAKE",
    "GameKey",
    "KeptReview",
    "Verdict",
    "game_key",
]
