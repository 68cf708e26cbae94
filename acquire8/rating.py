"""Ratings on one scale: the computer levels' (measured by acquire8/ai/ladder.py, Bradley-Terry
over pairwise finishes, Elo-equivalent, greedy at 500) and the person's: Glicko-1 against
those fixed ratings, each computer seat one pairwise result a game (docs/AI.md)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from acquire8.ai.levels import LEVELS, SPECS

# level -> (rating, half-width of its 95% interval), the frozen greedy baseline at 500: each
# level's record (acquire8/ai/levels.py) holds what the ladder measured.
LADDER: dict[str, tuple[float, float]] = {s.name: (s.rating, s.interval) for s in SPECS}
PICKED = LEVELS  # the levels a seat can have
NEWCOMER = 300.0  # a guess for a person who knows the rules: nearer easy than normal
START_RD = 350.0  # Glicko's deviation of a player with no games
MIN_RD = 40.0  # the least deviation kept: the ladder itself is measured no closer
GROWTH = 35.0  # deviation added before each game: recent games weigh more
HISTORY = 60  # ratings kept for the chart (the last games)
Q = math.log(10) / 400


def g_factor(rd: float) -> float:
    """Glicko's discount of a result against an opponent whose rating is uncertain by `rd`."""
    return 1 / math.sqrt(1 + 3 * (Q * rd) ** 2 / math.pi**2)


def expected(r: float, opponent: float, rd: float = 0.0) -> float:
    """The chance a player rated `r` finishes above `opponent` (deviation `rd`)."""
    return 1 / (1 + 10 ** (-g_factor(rd) * (r - opponent) / 400))


def glicko(r: float, rd: float, results: Sequence[tuple[float, float, float]]) -> tuple[float, float]:
    """One rating period: (rating, deviation) after `results`, each (opponent's rating, its
    deviation, score 1 / 0.5 / 0), all against the rating before them (Glicko-1's step 2)."""
    if not results:
        return r, rd
    inv_d2 = 0.0
    pull = 0.0
    for opp, opp_rd, score in results:
        gf = g_factor(opp_rd)
        e = expected(r, opp, opp_rd)
        inv_d2 += (Q * gf) ** 2 * e * (1 - e)
        pull += gf * (score - e)
    precision = 1 / rd**2 + inv_d2
    return r + Q / precision * pull, math.sqrt(1 / precision)


def level_rd(level: str) -> float:
    """A level's rating deviation: its 95% half-width over 1.96."""
    return LADDER[level][1] / 1.96


def nearest(r: float, levels: Iterable[str] = PICKED) -> str:
    """The level whose rating is closest to `r` (the weaker one on a tie)."""
    return min(levels, key=lambda lv: (abs(LADDER[lv][0] - r), LADDER[lv][0]))


def suggested(r: float) -> str:
    """THE level to try next, for the setup's line and the stats' advice alike: the nearest
    level when `r` lies within its interval (a match), else the weakest level rated above `r`
    (the strongest when none is)."""
    near = nearest(r)
    if matches(r, near):
        return near
    above = [lv for lv in PICKED if LADDER[lv][0] > r]
    return min(above, key=lambda lv: LADDER[lv][0]) if above else near


def matches(r: float, level: str) -> bool:
    """`r` lies within `level`'s 95% interval: the two cannot be told apart."""
    return abs(r - LADDER[level][0]) <= LADDER[level][1]


def advice(r: float) -> tuple[str, str]:
    """Two lines of at most 31 characters (a pixel of air at each edge): where the person
    stands among the levels, and the level to try (`suggested`), in words that agree."""
    lv = suggested(r)
    if matches(r, lv):
        return f"You're about as good as {lv}", f"Play {lv}: a fair match"
    if r > LADDER[lv][0]:
        return f"You're above {lv}", "The strongest level: keep at it"
    below = [x for x in PICKED if LADDER[x][0] < r]
    where = f"between {max(below, key=lambda x: LADDER[x][0])} and {lv}" if below else f"below {lv}"
    return f"You're {where}", f"Try the {lv} level next"


@dataclass
class PersonRating:
    """The person's rating, its deviation, how many games it rests on, and the ratings after
    each of the last HISTORY games (for a chart)."""

    value: float = NEWCOMER
    rd: float = START_RD
    games: int = 0
    history: list[tuple[float, float]] = field(default_factory=list)

    def record(self, versus: Sequence[tuple[str, float]]) -> None:
        """One finished game: (computer level, score against it) per computer seat. Levels
        not on the ladder (none today) are skipped; a game with none changes nothing."""
        results = [(LADDER[lv][0], level_rd(lv), s) for lv, s in versus if lv in LADDER]
        if not results:
            return
        rd = min(START_RD, math.sqrt(self.rd**2 + GROWTH**2)) if self.games else self.rd
        value, rd = glicko(self.value, rd, results)
        # kept to a tenth, as stored: the stats read back equal the stats written
        self.value, self.rd = round(value, 1), round(max(MIN_RD, rd), 1)
        self.games += 1
        self.history = [*self.history, (self.value, self.rd)][-HISTORY:]

    def interval(self) -> float:
        """Half-width of the 95% interval of the rating."""
        return 1.96 * self.rd

    def to_dict(self) -> dict:
        return {
            "value": round(self.value, 1),
            "rd": round(self.rd, 1),
            "games": self.games,
            "history": [list(h) for h in self.history],
        }

    @classmethod
    def from_dict(cls, data: object) -> PersonRating:
        """ValueError naming what is off."""
        if not isinstance(data, dict) or set(data) != {"value", "rd", "games", "history"}:
            raise ValueError("stats 'rating': expected value, rd, games, history")
        value, rd, games, hist = data["value"], data["rd"], data["games"], data["history"]
        if not all(type(v) in (int, float) and math.isfinite(v) for v in (value, rd)):
            raise ValueError("stats 'rating': value and rd must be numbers")
        if not 0 < rd <= START_RD or type(games) is not int or games < 0:
            raise ValueError("stats 'rating': rd must lie in (0, 350], games be a whole number")
        if not isinstance(hist, list) or len(hist) > min(games, HISTORY):
            raise ValueError("stats 'rating': history must be a list of at most one entry a game")
        points = []
        for h in hist:
            if not (isinstance(h, list) and len(h) == 2 and all(type(v) in (int, float) for v in h)):
                raise ValueError("stats 'rating': each history entry is [rating, rd]")
            points.append((float(h[0]), float(h[1])))
        return cls(float(value), float(rd), games, points)


def versus(levels: Sequence[str], scores: Sequence[int], seat: int) -> list[tuple[str, float]]:
    """(level, score) of `seat` against each other seat of `levels` that is a computer level."""
    mine = scores[seat]
    out = []
    for s, lv in enumerate(levels):
        if s != seat and lv in LADDER:
            out.append((lv, 1.0 if mine > scores[s] else 0.5 if mine == scores[s] else 0.0))
    return out
