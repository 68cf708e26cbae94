"""The player's stats: per opponent level and over all games (`LevelStats`), a finished
game's result (`GameResult`), the person's rating, the other ways to play apart (solo and
the team games, a bucket per mode) with solo's high scores, and the migration of older
stats formats."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields, replace
from itertools import pairwise
from typing import Any

from acquire8.ai.levels import LEVELS
from acquire8.rating import PersonRating, versus
from acquire8.rules import GAME_MODES, Game
from acquire8.rules.record import MAX_PLAYED, PERSON, GameRecord
from acquire8.storage.settings import MAX_PLAYERS

# 2 added average cash and rank and the winning streaks, 3 the rating, 4 left pass-and-play out
# of "all" (a game P1 won is no one player's win), 5 the other ways to play ("modes") and
# solo's high scores; older formats migrate
STATS_FORMAT = 5
PEOPLE = "people"  # the stats bucket of pass-and-play games
SINGLES = "singles"  # the way to play the levels' stats and the rating count
HIGH_SCORES = 10  # solo's best scores kept


@dataclass
class LevelStats:
    """One stats bucket: the games against one opponent level (or all of them, or "people").

    Stats of format 1 counted only games, wins and the best cash: games migrated from them
    count in `played`, `won` and `best_cash` but not in the averages (`cash_games` and
    `rank_games` count the games those include), and their streaks are unknown (a best
    streak of 1 when any was won, the least it can have been).
    """

    played: int = 0
    won: int = 0
    best_cash: int = 0
    cash_games: int = 0  # games counted in cash_total
    cash_total: int = 0
    rank_games: int = 0  # games counted in rank_total
    rank_total: float = 0  # sum of ranks: 1 first, ties share (two first: 1.5 each)
    streak: int = 0  # games won in a row, up to the last one
    best_streak: int = 0

    @property
    def win_share(self) -> float | None:
        """Games won per game played, 0..1; None before the first game."""
        return self.won / self.played if self.played else None

    @property
    def average_cash(self) -> int | None:
        """Average final cash, to the dollar; None when no game counts towards it."""
        return round(self.cash_total / self.cash_games) if self.cash_games else None

    @property
    def average_rank(self) -> float | None:
        """Average finishing place (1 is first); None when no game counts towards it."""
        return self.rank_total / self.rank_games if self.rank_games else None

    def record(self, result: GameResult) -> None:
        self.played += 1
        self.won += int(result.won)
        self.best_cash = max(self.best_cash, result.cash)
        self.cash_games += 1
        self.cash_total += result.cash
        if result.rank is not None:
            self.rank_games += 1
            self.rank_total += result.rank
        self.streak = self.streak + 1 if result.won else 0
        self.best_streak = max(self.best_streak, self.streak)

    @classmethod
    def from_dict(cls, row: Any, where: str) -> LevelStats:
        """A bucket of format-2 stats; ValueError naming what is off."""
        names = [f.name for f in fields(cls)]
        if not isinstance(row, dict) or set(row) != set(names):
            raise ValueError(f"stats {where}: expected {', '.join(names)}")
        if not all(type(row[k]) is int and row[k] >= 0 for k in names if k != "rank_total"):
            raise ValueError(f"stats {where}: counts must be whole numbers, 0 or more")
        st = cls(**row)
        ranks = st.rank_total
        if type(ranks) not in (int, float) or not st.rank_games <= ranks <= MAX_PLAYERS * st.rank_games:
            raise ValueError(f"stats {where}: rank_total must lie between 1 and 6 per ranked game")
        if not max(st.won, st.cash_games, st.rank_games) <= st.played:
            raise ValueError(f"stats {where}: more wins or counted games than games played")
        if not st.streak <= st.best_streak <= st.won:
            raise ValueError(f"stats {where}: streaks must satisfy streak <= best streak <= won")
        return st

    @classmethod
    def from_v1(cls, row: Any, where: str) -> LevelStats:
        """A bucket of format-1 stats (played, won, best_cash), migrated."""
        if not isinstance(row, dict) or set(row) != {"played", "won", "best_cash"}:
            raise ValueError(f"stats {where}: expected played, won, best_cash")
        if not all(type(v) is int and v >= 0 for v in row.values()) or row["won"] > row["played"]:
            raise ValueError(f"stats {where}: counts must be whole numbers, won <= played")
        return cls(**row, best_streak=min(row["won"], 1))


def rank_of(scores: list[int], index: int) -> float:
    """The finishing place of `scores[index]` (a seat's cash, or a team's): 1 + those ahead,
    the tied sharing their places (as the arena), so that an average place is fair."""
    mine = scores[index]
    above = sum(1 for s in scores if s > mine)
    tied = sum(1 for s in scores if s == mine)  # the seat itself included
    return above + (tied + 1) / 2


@dataclass(frozen=True)
class HighScore:
    """One of solo's best scores: the final cash, when it was played and the game's seed
    (None: a game without its seed)."""

    score: int
    played: str = ""
    seed: int | None = None

    @classmethod
    def from_dict(cls, row: Any, where: str) -> HighScore:
        if not isinstance(row, dict) or set(row) != {"score", "played", "seed"}:
            raise ValueError(f"stats {where}: expected score, played, seed")
        score, played, seed = row["score"], row["played"], row["seed"]
        if type(score) is not int or score < 0:
            raise ValueError(f"stats {where}: score must be a whole number, 0 or more")
        if not isinstance(played, str) or len(played) > MAX_PLAYED:
            raise ValueError(f"stats {where}: played must be text of at most {MAX_PLAYED} characters")
        if seed is not None and type(seed) is not int:
            raise ValueError(f"stats {where}: seed must be a whole number or null")
        return cls(score, played, seed)


@dataclass(frozen=True)
class GameResult:
    """How a finished game went for the player whose stats these are."""

    won: bool  # shared first place counts as a win
    cash: int  # the player's final cash
    level: str  # stats bucket: the strongest opponent level, or PEOPLE for pass-and-play games
    rank: float | None = None  # the finishing place (rank_of); None: not counted in average rank
    # (computer level, 1 / 0.5 / 0: finished above, level with, below it) per computer seat:
    # what the rating learns from; empty for pass-and-play, which is not rated
    versus: tuple[tuple[str, float], ...] = ()
    mode: str = SINGLES  # the way it was played (rules Options.mode): singles count by level
    seed: int | None = None  # the game's seed and date, for solo's high scores
    played: str = ""

    @classmethod
    def from_game(cls, game: Game, seat: int, levels: list[str]) -> GameResult:
        """The result for `seat` of a finished game against computer players of `levels`; in
        a team game it is the team's (its place among the teams), and unrated."""
        known = [lv for lv in levels if lv in LEVELS]
        level = max(known, key=LEVELS.index) if known else (levels[0] if levels else PEOPLE)
        scores = game.scores()
        others = [s for s in range(len(scores)) if s != seat]
        by_seat = [PERSON] * len(scores)
        if len(levels) == len(others):  # the levels in seat order: each opponent rated apart
            for s, lv in zip(others, levels, strict=True):
                by_seat[s] = lv
        mode = game.options.mode
        vs = tuple(versus(by_seat, scores, seat)) if mode == SINGLES else ()
        rank = rank_of(game.team_scores(), game.team_of(seat))
        return cls(
            won=seat in game.winners(), cash=scores[seat], level=level, rank=rank, versus=vs, mode=mode
        )

    @classmethod
    def for_seats(cls, game: Game, seats: list[str] | tuple[str, ...]) -> GameResult | None:
        """The result of a finished game whose seats are PERSON or computer levels; None
        when no person played. Pass-and-play is no one player's game: it counts under
        PEOPLE, won when any person won, with the best cash and place a person reached."""
        people = [s for s, kind in enumerate(seats) if kind == PERSON]
        if not people:
            return None
        if len(people) == 1:
            return cls.from_game(game, people[0], [k for k in seats if k != PERSON])
        scores, winners, teams = game.scores(), game.winners(), game.team_scores()
        return cls(
            won=any(s in winners for s in people),
            cash=max(scores[s] for s in people),
            level=PEOPLE,
            rank=min(rank_of(teams, game.team_of(s)) for s in people),
            mode=game.options.mode,
        )


@dataclass
class Stats:
    """Per opponent level (a GameResult.level) and over all the person's singles games against
    computers: see LevelStats; and the person's rating from those games (acquire8.rating).
    Pass-and-play games count only in their own bucket, PEOPLE. The other ways to play (solo,
    the team games) count apart, a bucket per mode, and are not rated; solo keeps its best
    scores too."""

    by_level: dict[str, LevelStats] = field(default_factory=dict)
    overall: LevelStats = field(default_factory=LevelStats)  # all but pass-and-play; streaks span levels
    rating: PersonRating = field(default_factory=PersonRating)
    migrated: bool = field(default=False, compare=False)  # read from an older format: no rating yet
    modes: dict[str, LevelStats] = field(default_factory=dict)  # by mode, singles left out
    high_scores: list[HighScore] = field(default_factory=list)  # solo's, best first

    def total(self) -> LevelStats:
        return self.overall

    def record(self, result: GameResult) -> None:
        if result.mode != SINGLES:
            self.modes.setdefault(result.mode, LevelStats()).record(result)
            if result.mode == "solo":
                self.add_score(HighScore(result.cash, result.played, result.seed))
            return
        self.by_level.setdefault(result.level, LevelStats()).record(result)
        if result.level != PEOPLE:
            self.overall.record(result)
            self.rating.record(result.versus)

    def add_score(self, score: HighScore) -> None:
        """A solo score among the best if it is one (an equal older score stays ahead)."""
        at = sum(1 for kept in self.high_scores if kept.score >= score.score)
        self.high_scores.insert(at, score)
        del self.high_scores[HIGH_SCORES:]

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": STATS_FORMAT,
            "levels": {k: asdict(v) for k, v in self.by_level.items()},
            "all": asdict(self.overall),
            "rating": self.rating.to_dict(),
            "modes": {k: asdict(v) for k, v in self.modes.items()},
            "high_scores": [asdict(score) for score in self.high_scores],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Stats:
        """Stats of this format or migrated from format 1. Raises ValueError when anything
        is off: stats are all kept aside or all trusted."""
        fmt = data.get("format", STATS_FORMAT)
        levels = data.get("levels")
        if not isinstance(levels, dict):
            raise ValueError("stats: 'levels' must be an object")
        if fmt == 1:
            by_level = {lv: LevelStats.from_v1(row, repr(lv)) for lv, row in levels.items()}
            rows = [r for lv, r in by_level.items() if lv != PEOPLE]
            overall = LevelStats(
                played=sum(r.played for r in rows),
                won=sum(r.won for r in rows),
                best_cash=max((r.best_cash for r in rows), default=0),
                best_streak=min(sum(r.won for r in rows), 1),
            )
            return cls(by_level, overall, migrated=True)
        if fmt not in (2, 3, 4, STATS_FORMAT):
            raise ValueError(f"stats: unknown format {fmt!r}")
        by_level = {lv: LevelStats.from_dict(row, repr(lv)) for lv, row in levels.items()}
        overall = LevelStats.from_dict(data.get("all"), "'all'")
        counted = [r for lv, r in by_level.items() if lv != PEOPLE or fmt < 4]
        if overall.played != sum(r.played for r in counted):
            raise ValueError("stats: the games of all levels do not add up")
        if fmt < 4 and PEOPLE in by_level:
            overall = _without_people(overall, by_level[PEOPLE])
        if fmt == 2:
            return cls(by_level, overall, migrated=True)
        modes, scores = _modes_of(data) if fmt >= 5 else ({}, [])
        # (its games may outnumber the counted ones: a rating rebuilt from the kept games
        # outlives counts that were damaged)
        return cls(by_level, overall, PersonRating.from_dict(data.get("rating")), False, modes, scores)


def _modes_of(data: dict[str, Any]) -> tuple[dict[str, LevelStats], list[HighScore]]:
    """Format 5's buckets of the other ways to play and solo's best scores, checked."""
    modes, scores = data.get("modes"), data.get("high_scores")
    if not isinstance(modes, dict) or not isinstance(scores, list):
        raise ValueError("stats: 'modes' must be an object and 'high_scores' a list")
    unknown = sorted(m for m in modes if m not in GAME_MODES or m == SINGLES)
    if unknown:
        raise ValueError(f"stats: unknown ways to play {unknown}")
    by_mode = {m: LevelStats.from_dict(row, repr(m)) for m, row in modes.items()}
    best = [HighScore.from_dict(row, f"high score {i + 1}") for i, row in enumerate(scores)]
    if len(best) > HIGH_SCORES or any(a.score < b.score for a, b in pairwise(best)):
        raise ValueError(f"stats: high_scores must be at most {HIGH_SCORES}, best first")
    return by_mode, best


def _without_people(overall: LevelStats, people: LevelStats) -> LevelStats:
    """An older "all" bucket without its pass-and-play games: the counts and totals less
    theirs; the best cash and the streaks, which cannot be taken apart, as they were."""
    less = {f: getattr(overall, f) - getattr(people, f) for f in _ADDITIVE}
    best = min(overall.best_streak, less["won"])
    return replace(overall, **less, best_streak=best, streak=min(overall.streak, best))


_ADDITIVE = ("played", "won", "cash_games", "cash_total", "rank_games", "rank_total")


def rating_from(records: Iterable[GameRecord]) -> PersonRating:
    """The person's rating over these finished games (oldest first) against computers."""
    rating = PersonRating()
    for record in records:
        try:
            result = GameResult.for_seats(record.final(), record.seats)
        except ValueError:  # load_records checked them; never lose the stats over one anyway
            continue
        if result is not None and result.level != PEOPLE and result.mode == SINGLES:
            rating.record(result.versus)
    return rating
