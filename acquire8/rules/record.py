"""A game record: seed, options, seats and actions, enough to replay a game exactly, and the
facts of its story (net worth over the turns, the mergers, the turns that decided the game;
the front end words them).

Pure Python, no I/O, no clock. Every random draw of a game comes from its seed (docs/DESIGN.md),
so `Game.new` with the record's seed, options and names, then its actions in order, gives
back every position the game went through. A turn runs from one TurnStarted event to the
next (the first turn starts with the game, which emits none) or to GameOver.

    record = GameRecord(seed=7, names=("You", "Ana"), seats=("person", "hard"), actions=acts)
    text = record.to_json()
    record = GameRecord.from_json(text)     # ValueError naming the problem
    for step in replay(record): ...         # step.action, step.events, step.game
    net_worth_series(record)                # one line per seat for the chart
    merger_turns(record); key_turns(record, seat=0)  # [(Turn, change of margin), ...]
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from . import events as ev
from .actions import (
    Action,
    BuyShares,
    ChooseDefunct,
    ChooseSurvivor,
    DeclareEnd,
    Dispose,
    FoundChain,
    PlaceTile,
)
from .game import Game, IllegalAction, Options
from .options import check_players

PERSON = "person"  # a seat's kind when a person plays it; otherwise a computer level
KIND = "acquire8 game record"  # the "type" of every record, to tell one from any other JSON
_KIND_RE = re.compile(r"[a-z][a-z0-9_-]{0,15}")  # a computer level's name: "hard", "greedy"
MAX_NAME = 16
MAX_PLAYED = 40


class NewerRecord(ValueError):
    """A record written by a newer version of the game (set aside as newer, not damaged)."""


class NotARecord(ValueError):
    """Valid JSON that is no game record at all (a save, the stats, another program's file)."""


# ----------------------------------------------------------------- actions as JSON

# The one place actions become JSON and back; each type's fields and the JSON type of each.
_ACTION_FIELDS: dict[str, tuple[type, dict[str, type]]] = {
    "PlaceTile": (PlaceTile, {"tile": str}),
    "FoundChain": (FoundChain, {"chain": str}),
    "ChooseSurvivor": (ChooseSurvivor, {"chain": str}),
    "ChooseDefunct": (ChooseDefunct, {"chain": str}),
    "Dispose": (Dispose, {"sell": int, "trade": int}),
    "BuyShares": (BuyShares, {"chains": list}),
    "DeclareEnd": (DeclareEnd, {}),
}
_ACTION_TYPES = tuple(cls for cls, _ in _ACTION_FIELDS.values())


def action_to_dict(action: Action) -> dict[str, Any]:
    """{"type": "PlaceTile", "tile": "5E"}: an action as a JSON object."""
    kind = type(action).__name__
    spec = _ACTION_FIELDS.get(kind)
    if spec is None or type(action) is not spec[0]:
        raise TypeError(f"not an action: {action!r}")
    # Field by field, not dataclasses.asdict (which deep-copies): a game's end turns every
    # action of the game into JSON in one frame.
    data: dict[str, Any] = {"type": kind}
    for name, kind_of in spec[1].items():
        value = getattr(action, name)
        data[name] = list(value) if kind_of is list else value
    return data


def action_from_dict(data: Any) -> Action:
    """The action `action_to_dict` made; ValueError naming what is wrong when it is not one."""
    if not isinstance(data, dict):
        raise ValueError(f"an action must be an object, not {type(data).__name__}")
    kind = data.get("type")
    if kind not in _ACTION_FIELDS:
        raise ValueError(f"unknown action type {kind!r}")
    cls, types = _ACTION_FIELDS[kind]
    given = set(data) - {"type"}
    if given != set(types):
        raise ValueError(f"{kind} takes {', '.join(types) or 'no fields'}, not {', '.join(sorted(given))}")
    values: dict[str, Any] = {}
    for name, want in types.items():
        value = data[name]
        if type(value) is not want:  # bool is not an int here: Dispose(sell=True) is an error
            raise ValueError(f"{kind}.{name} must be {want.__name__}, not {type(value).__name__}")
        if isinstance(value, list):
            if not all(isinstance(v, str) for v in value):
                raise ValueError(f"{kind}.{name} must list chain letters")
            value = tuple(value)
        values[name] = value
    return cls(**values)


def describe(action: Action) -> str:
    """A short name for an action in messages: "PlaceTile 5E", "BuyShares T,T,A"."""
    values = [",".join(v) if isinstance(v, tuple) else str(v) for v in asdict(action).values()]
    return " ".join([type(action).__name__, *values])


# ----------------------------------------------------------------- the record


def _tuple(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


@dataclass(frozen=True)
class GameRecord:
    """What replays a game: its seed, options, players and actions (lists are taken as tuples).

    Constructing one checks every field's type and the seat count (ValueError); whether the
    actions can be played is checked by `from_json`/`from_dict` and by `replay`.
    """

    FORMAT: ClassVar[int] = 1

    seed: int
    names: tuple[str, ...]  # the players' names, as Game.new was given them
    seats: tuple[str, ...]  # per seat: PERSON, or the computer level that played it
    actions: tuple[Action, ...] = ()
    options: Options = field(default_factory=Options)
    played: str = ""  # when it was played, as text from whoever made the record (no clock here)

    def __post_init__(self) -> None:
        for name in ("names", "seats", "actions"):
            object.__setattr__(self, name, _tuple(getattr(self, name)))
        if type(self.seed) is not int:
            raise ValueError(f"seed must be a whole number, not {self.seed!r}")
        if not isinstance(self.options, Options):
            raise ValueError("options must be rules Options")
        if not isinstance(self.names, tuple):
            raise ValueError("names: expected a list")
        check_players(self.options.mode, len(self.names))
        for i, name in enumerate(self.names):
            if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
                raise ValueError(f"player {i + 1}: name must be 1 to {MAX_NAME} characters")
        if not isinstance(self.seats, tuple) or len(self.seats) != len(self.names):
            count = len(self.seats) if isinstance(self.seats, tuple) else "no"
            raise ValueError(f"{len(self.names)} players but {count} seats")
        for i, kind in enumerate(self.seats):
            if not isinstance(kind, str) or not _KIND_RE.fullmatch(kind):
                raise ValueError(f"seat {i + 1}: {kind!r} is neither {PERSON!r} nor a computer level")
        if not isinstance(self.actions, tuple):
            raise ValueError("actions must be a list")
        for i, action in enumerate(self.actions):
            if not isinstance(action, _ACTION_TYPES):
                raise ValueError(f"action {i + 1}: not an action: {action!r}")
        if not isinstance(self.played, str) or len(self.played) > MAX_PLAYED:
            raise ValueError(f"played must be text of at most {MAX_PLAYED} characters")

    @property
    def players(self) -> int:
        return len(self.names)

    def start(self) -> Game:
        """The game as it was dealt, before the first action."""
        return Game.new(players=self.players, seed=self.seed, options=self.options, names=list(self.names))

    def final(self) -> Game:
        """The game after the last action (ValueError if an action cannot be played)."""
        game = self.start()
        for _ in _walk(self, game):
            pass
        return game

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": KIND,
            "format": self.FORMAT,
            "seed": self.seed,
            "options": self.options.to_dict(),
            "names": list(self.names),
            "seats": list(self.seats),
            "played": self.played,
            "actions": [action_to_dict(a) for a in self.actions],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any, finished: bool = False) -> GameRecord:
        """The record in `data`, checked through and replayed: ValueError naming the first
        problem (NewerRecord when a newer version of the game wrote it, NotARecord when it is
        no game record). With `finished`, a game that is not over is refused too."""
        if not isinstance(data, dict) or data.get("type") != KIND:
            raise NotARecord("not an acquire8 game record")
        fmt = data.get("format")
        if type(fmt) is not int or fmt < 1:
            raise ValueError(f"game record: unknown format {fmt!r}")
        if fmt > cls.FORMAT:
            raise NewerRecord(f"game record: format {fmt} is newer than this game's {cls.FORMAT}")
        need = {"type", "format", "seed", "options", "names", "seats", "actions"}
        missing, unknown = need - set(data), set(data) - need - {"played"}
        if missing or unknown:
            what = f"missing {sorted(missing)[0]!r}" if missing else f"unknown field {sorted(unknown)[0]!r}"
            raise ValueError(f"game record: {what}")
        for key in ("names", "seats", "actions"):
            if not isinstance(data[key], list):
                raise ValueError(f"game record: {key} must be a list")
        actions = []
        for i, a in enumerate(data["actions"]):
            try:
                actions.append(action_from_dict(a))
            except ValueError as e:
                raise ValueError(f"game record: action {i + 1}: {e}") from None
        try:
            record = cls(
                seed=data["seed"],
                names=data["names"],
                seats=data["seats"],
                actions=tuple(actions),
                options=Options.from_dict(data["options"]),
                played=data.get("played", ""),
            )
        except (ValueError, TypeError) as e:
            raise ValueError(f"game record: {e}") from None
        if not record.final().is_over and finished:  # final(): every action must be legal
            raise ValueError("game record: the game is not finished")
        return record

    @classmethod
    def from_json(cls, text: str, finished: bool = False) -> GameRecord:
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as e:  # JSONDecodeError is a ValueError
            raise ValueError(f"not a game record: invalid JSON ({e})") from None
        return cls.from_dict(data, finished)


# ----------------------------------------------------------------- replaying


@dataclass(frozen=True)
class Step:
    """One action of a replay and what it did."""

    index: int  # position in record.actions, from 0
    turn: int  # the turn it was made in, from 1
    seat: int  # who made it (in a merger, the seat disposing of its shares)
    action: Action
    events: tuple[ev.Event, ...]
    game: Game  # the position after it: a copy of its own


def _walk(record: GameRecord, game: Game) -> Iterator[tuple[int, int, Action, list[ev.Event]]]:
    """Apply the record's actions to `game` (its start), yielding (turn, seat, action, events)."""
    turn = 1
    for i, action in enumerate(record.actions):
        seat = game.current
        try:
            events = game.apply(action)
        except IllegalAction as e:
            what = f"action {i + 1} ({describe(action)})"
            raise ValueError(f"game record: {what} cannot be played: {e}") from None
        yield turn, seat, action, events
        if any(isinstance(e, ev.TurnStarted) for e in events):
            turn += 1


def replay(record: GameRecord) -> Iterator[Step]:
    """Every action of the record in order, with its events and the position after it.

    `record.start()` is the position before the first step. ValueError when an action cannot
    be played (a record from `from_json` always can).
    """
    game = record.start()
    for i, (turn, seat, action, events) in enumerate(_walk(record, game)):
        yield Step(i, turn, seat, action, tuple(events), game.copy())


@dataclass(frozen=True)
class Turn:
    """One turn of a recorded game: whose it was, what happened, every seat's net worth after."""

    number: int  # from 1
    seat: int  # whose turn it was
    events: tuple[ev.Event, ...]  # from its TurnStarted (none for the first turn) to the next
    worth: tuple[int, ...]  # Game.net_worth of every seat after the turn
    ended: bool  # False for a turn the record stops in the middle of


def turns(record: GameRecord) -> list[Turn]:
    """The record's turns in order. Events that follow a TurnStarted in one action's events
    (a replaced hand, no playable tile) open the next turn, as the log shows them."""
    game = record.start()
    out: list[Turn] = []
    seat = game.turn
    now: list[ev.Event] = []

    def close(ended: bool) -> None:
        worth = tuple(game.net_worth(s) for s in range(game.players))
        out.append(Turn(len(out) + 1, seat, tuple(now), worth, ended))

    for _turn, _seat, _action, events in _walk(record, game):
        for e in events:
            if isinstance(e, ev.TurnStarted):
                close(True)
                seat, now = e.seat, []
            now.append(e)
            if isinstance(e, ev.GameOver):
                close(True)
                now = []
    if now or not out:
        close(game.is_over)
    return out


def net_worth_series(record: GameRecord) -> list[list[int]]:
    """Per seat, its net worth at the start and after each ended turn: series[seat][t] is the
    worth after turn t (t = 0 the start). The last point of a finished game is its final cash."""
    start = record.start()
    lines = [[start.net_worth(s)] for s in range(start.players)]
    for turn in turns(record):
        if turn.ended:
            for s, worth in enumerate(turn.worth):
                lines[s].append(worth)
    return lines


def merger_turns(record: GameRecord) -> list[int]:
    """The numbers of the turns with a merger (x positions on the net-worth chart)."""
    return [t.number for t in turns(record) if any(isinstance(e, ev.MergerStarted) for e in t.events)]


def key_turns(record: GameRecord, seat: int, n: int = 3) -> list[tuple[Turn, int]]:
    """The `n` ended turns that moved `seat`'s net worth most against its best opponent's (the
    opponent worth most at each point; in a team game, its team's summed worth against the
    best other team's; alone, its worth itself), each with that change, in turn order."""
    if not 0 <= seat < record.players:
        raise ValueError(f"no seat {seat} in a game of {record.players}")
    start = record.start()
    before = [start.net_worth(s) for s in range(start.players)]
    teams, mine = start.teams, start.team_of(seat)

    def margin(worth: tuple[int, ...] | list[int]) -> int:
        sums = [sum(worth[s] for s in team) for team in teams]
        return sums[mine] - max((w for t, w in enumerate(sums) if t != mine), default=0)

    changes = []
    for turn in turns(record):
        if not turn.ended:
            continue
        change = margin(turn.worth) - margin(before)
        before = list(turn.worth)
        if change:
            changes.append((turn, change))
    top = sorted(changes, key=lambda tc: (-abs(tc[1]), tc[0].number))[:n]
    return sorted(top, key=lambda tc: tc[0].number)
