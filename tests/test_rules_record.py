"""Game records: a seed and the actions replay every position; the story told from them."""

from __future__ import annotations

import json

import pytest

from acquire8.ai import make_bot
from acquire8.rules import (
    BuyShares,
    ChooseDefunct,
    ChooseSurvivor,
    DeclareEnd,
    Dispose,
    FoundChain,
    Game,
    Options,
    PlaceTile,
)
from acquire8.rules import events as ev
from acquire8.rules.record import (
    PERSON,
    GameRecord,
    NewerRecord,
    NotARecord,
    action_from_dict,
    action_to_dict,
    key_turns,
    merger_turns,
    net_worth_series,
    replay,
    turns,
)

NAMES = ["You", "Ana", "Bob", "Cy", "Dot", "Eve"]


class Played:
    """A game played by computer players, with what a record cannot know: every position
    and event as they happened, and the net worths at each turn's end seen live."""

    def __init__(self, players: int, seed: int, level: str = "greedy", end: str = "declare") -> None:
        options = Options(end=end)
        self.game = Game.new(players=players, seed=seed, options=options, names=NAMES[:players])
        bots = [make_bot(level, seed * 10 + s) for s in range(players)]
        self.start = self.game.to_json()
        self.actions, self.positions, self.events, self.seats = [], [], [], []
        self.worth = [[self.game.net_worth(s)] for s in range(players)]
        self.merger_turns: list[int] = []
        turn = 1
        while not self.game.is_over:
            seat = self.game.current
            action = bots[seat].choose(self.game.view(seat))
            events = self.game.apply(action)
            self.actions.append(action)
            self.seats.append(seat)
            self.events.append(tuple(events))
            self.positions.append(self.game.to_json())
            if any(isinstance(e, ev.MergerStarted) for e in events):
                self.merger_turns.append(turn)
            if any(isinstance(e, ev.TurnStarted | ev.GameOver) for e in events):  # a turn ended
                for s in range(players):
                    self.worth[s].append(self.game.net_worth(s))
                turn += 1
        self.record = GameRecord(
            seed=seed,
            names=tuple(NAMES[:players]),
            seats=(PERSON, *[level] * (players - 1)),
            actions=tuple(self.actions),
            options=options,
        )


GAMES = [
    (2, 3, "greedy", "declare"),
    (3, 11, "normal", "auto"),
    (4, 7, "greedy", "declare"),
    (6, 5, "easy", "auto"),
]


@pytest.fixture(scope="module", params=GAMES, ids=[f"{p}p-seed{s}-{lv}" for p, s, lv, _ in GAMES])
def played(request) -> Played:
    return Played(*request.param)


@pytest.fixture(scope="module")
def four() -> Played:
    return Played(4, 7)


# --- replaying ------------------------------------------------------------------------------


def test_a_replay_reproduces_every_position_exactly(played):
    assert played.game.is_over
    assert played.record.start().to_json() == played.start
    steps = list(replay(played.record))  # all kept at once: each step's game is its own copy
    assert len(steps) == len(played.actions)
    for i, step in enumerate(steps):
        assert step.index == i
        assert step.action == played.actions[i]
        assert step.seat == played.seats[i]
        assert step.events == played.events[i]
        assert step.game.to_json() == played.positions[i], f"position after action {i + 1}"
    assert steps[-1].game == played.game
    assert played.record.final() == played.game


def test_net_worth_series_is_net_worth_after_each_turn(played):
    series = net_worth_series(played.record)
    assert series == played.worth
    players = played.game.players
    assert [line[0] for line in series] == [6000] * players
    assert [line[-1] for line in series] == played.game.scores()  # all shares sold at the end
    assert len({len(line) for line in series}) == 1


def test_merger_turns_are_the_turns_with_a_merger(played):
    assert merger_turns(played.record) == played.merger_turns
    assert played.merger_turns, "every seeded game here has at least one merger"
    count = len(net_worth_series(played.record)[0]) - 1
    assert all(1 <= t <= count for t in played.merger_turns)  # an x position on the chart


def test_steps_number_the_turns_as_the_turns_do(four):
    record = four.record
    by_turn = {t.number: t for t in turns(record)}
    for step in replay(record):
        turn = by_turn[step.turn]
        # the actor is the turn's seat, except a merger's disposers
        assert step.seat == turn.seat or isinstance(step.action, Dispose)
    assert max(by_turn) == len(net_worth_series(record)[0]) - 1
    assert all(t.ended for t in by_turn.values())


def test_a_record_cut_short_ends_with_an_unfinished_turn(four):
    record = GameRecord(seed=7, names=NAMES[:4], seats=[PERSON] * 4, actions=four.actions[:9])
    last = turns(record)[-1]
    played_turns = sum(any(isinstance(e, ev.TurnStarted) for e in events) for events in four.events[:9])
    assert len(net_worth_series(record)[0]) == played_turns + 1  # the unfinished turn is no point
    assert not last.ended
    assert not record.final().is_over


# --- JSON -----------------------------------------------------------------------------------


def test_json_round_trip(played):
    text = played.record.to_json()
    assert GameRecord.from_json(text) == played.record
    assert GameRecord.from_json(text, finished=True) == played.record
    data = json.loads(text)
    assert (data["type"], data["format"], data["seed"]) == (
        "acquire8 game record",
        GameRecord.FORMAT,
        played.record.seed,
    )


EVERY_ACTION = [
    (PlaceTile("5E"), {"type": "PlaceTile", "tile": "5E"}),
    (FoundChain("A"), {"type": "FoundChain", "chain": "A"}),
    (ChooseSurvivor("W"), {"type": "ChooseSurvivor", "chain": "W"}),
    (ChooseDefunct("T"), {"type": "ChooseDefunct", "chain": "T"}),
    (Dispose(sell=2, trade=4), {"type": "Dispose", "sell": 2, "trade": 4}),
    (BuyShares(("A", "T", "T")), {"type": "BuyShares", "chains": ["T", "T", "A"]}),
    (BuyShares(()), {"type": "BuyShares", "chains": []}),
    (DeclareEnd(), {"type": "DeclareEnd"}),
]


@pytest.mark.parametrize(("action", "data"), EVERY_ACTION)
def test_actions_as_json_in_the_autosaves_form(action, data):
    assert action_to_dict(action) == data  # the form the autosave's meta has always stored
    assert action_from_dict(json.loads(json.dumps(data))) == action


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ([], "an action must be an object"),
        ({"type": "Teleport"}, "unknown action type 'Teleport'"),
        ({"tile": "5E"}, "unknown action type None"),
        ({"type": "PlaceTile"}, "PlaceTile takes tile"),
        ({"type": "PlaceTile", "tile": "5E", "chain": "T"}, "PlaceTile takes tile"),
        ({"type": "PlaceTile", "tile": 5}, "PlaceTile.tile must be str, not int"),
        ({"type": "Dispose", "sell": True, "trade": 0}, "Dispose.sell must be int, not bool"),
        ({"type": "BuyShares", "chains": "TTA"}, "BuyShares.chains must be list"),
        ({"type": "BuyShares", "chains": [1]}, "must list chain letters"),
        ({"type": "DeclareEnd", "now": True}, "DeclareEnd takes no fields"),
    ],
)
def test_a_bad_action_is_named(data, problem):
    with pytest.raises(ValueError, match=problem):
        action_from_dict(data)


def edited(record: GameRecord, **changes) -> str:
    data = record.to_dict()
    for key, value in changes.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


def test_bad_records_are_refused_with_the_problem_named(four):
    r = four.record
    actions = r.to_dict()["actions"]
    in_hand = set(r.start().hand(r.start().current))
    stranger = next(t for t in ("1A", "2A", "3A", "4A", "5A", "6A", "7A", "8A") if t not in in_hand)
    cases = {
        "{": "invalid JSON",
        r.to_json()[:300]: "invalid JSON",  # truncated
        "[1, 2]": "not an acquire8 game record",
        edited(r, type=None): "not an acquire8 game record",
        edited(r, format=0): "unknown format 0",
        edited(r, format="1"): "unknown format '1'",
        edited(r, seed=None): "missing 'seed'",
        edited(r, colour="red"): "unknown field 'colour'",
        edited(r, seed=True): "seed must be a whole number",
        edited(r, seed="7"): "seed must be a whole number",
        edited(r, names=["You"], seats=[PERSON]): "2 to 6 players",
        edited(r, names=["You", ""]): "player 2: name",
        edited(r, seats=[PERSON, "hard"]): "4 players but 2 seats",
        edited(r, seats=[PERSON, "hard", "easy", "Hard!"]): "seat 4: 'Hard!' is neither",
        edited(r, seats="person"): "seats must be a list",
        edited(r, options={"end": "never"}): "options.end must be",
        edited(r, options={"speed": 2}): "options: unknown option 'speed'",
        edited(r, played=5): "played must be text",
        edited(r, actions=[*actions[:3], {"type": "Fly"}, *actions[4:]]): "action 4: unknown action type",
        edited(
            r, actions=[{"type": "PlaceTile", "tile": stranger}]
        ): rf"action 1 \(PlaceTile {stranger}\) cannot",
        edited(
            r, actions=[{"type": "BuyShares", "chains": []}]
        ): "cannot be played: BuyShares is not allowed",
        edited(
            r, actions=[*actions, actions[-1]]
        ): f"action {len(actions) + 1} .* not allowed in the over phase",
    }
    for text, problem in cases.items():
        with pytest.raises(ValueError, match=problem):
            GameRecord.from_json(text)


def test_foreign_and_newer_records_are_told_apart(four):
    with pytest.raises(NotARecord):
        GameRecord.from_json(four.game.to_json())  # a position, not a record
    with pytest.raises(NotARecord):
        GameRecord.from_json('{"format": 2, "levels": {}, "all": {}}')  # the stats
    with pytest.raises(NewerRecord, match="format 2 is newer than this game's 1"):
        GameRecord.from_json(edited(four.record, format=2, actions=[{"type": "Warp"}]))


def test_an_unfinished_record_is_refused_only_when_a_finished_one_is_wanted(four):
    cut = GameRecord(seed=7, names=NAMES[:4], seats=[PERSON] * 4, actions=four.actions[:20])
    assert GameRecord.from_json(cut.to_json()) == cut
    with pytest.raises(ValueError, match="not finished"):
        GameRecord.from_json(cut.to_json(), finished=True)


def test_constructing_a_record_checks_its_fields():
    ok = {"seed": 1, "names": ["A", "B"], "seats": [PERSON, "hard"]}
    assert GameRecord(**ok).actions == ()
    with pytest.raises(ValueError, match="not an action"):
        GameRecord(**ok, actions=["5E"])
    with pytest.raises(ValueError, match="options must be"):
        GameRecord(**ok, options={"end": "auto"})
    with pytest.raises(ValueError, match="name must be 1 to 16"):
        GameRecord(seed=1, names=["A", "B" * 17], seats=[PERSON, PERSON])


# --- the story ------------------------------------------------------------------------------


def margins(series: list[list[int]], seat: int) -> list[int]:
    """seat's net worth minus its best opponent's, at every point of the series."""
    points = list(zip(*series, strict=True))
    return [p[seat] - max(w for s, w in enumerate(p) if s != seat) for p in points]


@pytest.mark.parametrize("seat", range(4))
def test_key_turns_are_the_largest_swings_against_the_best_opponent(four, seat):
    chosen = key_turns(four.record, seat)
    assert len(chosen) == 3
    m = margins(four.worth, seat)
    swings = {t: m[t] - m[t - 1] for t in range(1, len(m))}
    numbers = [turn.number for turn, _ in chosen]
    assert numbers == sorted(numbers)  # in the order they happened
    assert [change for _, change in chosen] == [swings[n] for n in numbers]
    smallest_kept = min(abs(swings[t]) for t in numbers)
    assert all(abs(s) <= smallest_kept for t, s in swings.items() if t not in numbers)
    by_number = {t.number: t for t in turns(four.record)}
    assert all(turn == by_number[turn.number] and turn.ended for turn, _ in chosen)


def test_key_turns_of_one_seat_n_and_bad_seat(four):
    assert len(key_turns(four.record, 0, n=1)) == 1
    assert len(key_turns(four.record, 0, n=10)) == 10
    with pytest.raises(ValueError, match="no seat 4"):
        key_turns(four.record, 4)


def test_records_in_todays_format_load_unchanged_and_options_left_out_take_their_default(four):
    data = json.loads(four.record.to_json())
    assert data["options"] == {
        "mode": "singles",
        "end": "declare",
        "holdings": "open",
    }  # the format as written today
    assert GameRecord.from_json(json.dumps(data)) == four.record
    data["options"] = {"end": "declare"}  # written before an option existed
    assert GameRecord.from_json(json.dumps(data)).options == Options()


def test_a_record_is_written_in_todays_format():
    """A record as this build writes it (its actions: EVERY_ACTION): a change here is a change
    of the record format, which kept games and game files must survive."""
    record = GameRecord(seed=3, names=("You", "Ana"), seats=("person", "easy"), played="2024-05-01")
    assert record.to_dict() == {
        "type": "acquire8 game record",
        "format": 1,
        "seed": 3,
        "options": {"mode": "singles", "end": "declare", "holdings": "open"},
        "names": ["You", "Ana"],
        "seats": ["person", "easy"],
        "played": "2024-05-01",
        "actions": [],
    }
