"""The four computer levels only ever take legal actions, decide from their
view alone, and repeat themselves exactly for the same seed."""

import json
import random

import pytest

from acquire8.ai import BASELINES, LEVELS, SPEC_OF, make_bot
from acquire8.ai.base import finish
from acquire8.ai.expert import ExpertBot
from acquire8.rules import (
    Action,
    BuyShares,
    ChooseDefunct,
    ChooseSurvivor,
    DeclareEnd,
    Dispose,
    Game,
    Options,
    Phase,
    PlaceTile,
)

from positions import dear_survivor_disposal, end_chain, fill, load, locked_survivor_disposal, player

# Fast settings for the expert in tests: two deals of three candidates, one round deep.
FAST = {"iterations": 2, "candidates": 3}
CHEAP = tuple(lv for lv in LEVELS if not SPEC_OF[lv].searches)  # the levels that answer at once


def bot(level: str, seed: int):
    return make_bot(level, seed, **FAST) if level == "expert" else make_bot(level, seed)


def play_checked(g: Game, bots: list, phases: set | None = None, max_actions: int = 100_000) -> list:
    """Play to the end (or `max_actions`), asserting every choice is legal; the actions taken."""
    taken = []
    while not g.is_over and len(taken) < max_actions:
        seat = g.current
        legal = g.legal_actions()
        act = bots[seat].choose(g.view(seat))
        assert act in legal, f"{type(bots[seat]).__name__} chose illegal {act} in {g.phase}"
        if phases is not None:
            phases.add(g.phase)
        g.apply(act)
        taken.append(act)
    return taken


def test_levels_and_baselines_are_known():
    assert LEVELS and set(LEVELS).isdisjoint(BASELINES) and {*LEVELS, *BASELINES} == set(SPEC_OF)
    for level in SPEC_OF:
        assert hasattr(make_bot(level, 1), "choose")
    with pytest.raises(ValueError, match="unknown computer player"):
        make_bot("godlike", 1)


@pytest.mark.parametrize(
    ("players", "end", "seeds"),
    [(4, "declare", range(6)), (2, "declare", range(6)), (3, "auto", range(4)), (6, "declare", range(3))],
)
def test_every_level_plays_only_legal_actions(players, end, seeds):
    """Mixed tables, so every level meets every phase (mergers, ties, disposals, the end)."""
    phases: set = set()
    for seed in seeds:
        levels = [LEVELS[(seed + s) % len(LEVELS)] for s in range(players)]
        bots = [bot(lv, seed * 10 + s) for s, lv in enumerate(levels)]
        g = Game.new(players=players, seed=seed, options=Options(end=end))
        play_checked(g, bots, phases)
        assert g.is_over and g.winners()
    assert {Phase.PLACE, Phase.FOUND, Phase.DISPOSE, Phase.BUY} <= phases


@pytest.mark.parametrize("level", CHEAP)
def test_cheap_levels_play_many_legal_games(level):
    """The fast levels (those that do not search) against each other over many deals, 2 to 6
    players."""
    for seed in range(80):
        players = 2 + seed % 5
        bots = [
            bot(level if s == 0 else CHEAP[(seed + s) % len(CHEAP)], seed * 10 + s) for s in range(players)
        ]
        play_checked(Game.new(players=players, seed=100 + seed), bots)


# --------------------------------------------------------- hand-made positions

# Tower 1A-3A and Luxor 5A-7A (3 tiles each): 4A merges them with a tie for survivor.
TIE = {**fill("T", "1A-3A"), **fill("L", "5A-7A")}
# Worldwide 1E-5E survives; Tower 6C-6D and Luxor 6F-6G tie as defunct chains at 6E.
DEFUNCT_TIE = {**fill("W", "1E-5E"), **fill("T", "6C-6D"), **fill("L", "6F-6G")}


def turn_of(level: str, g: Game, seed: int = 3) -> list:
    """Play from `g` until the current turn is over, every seat using `level`."""
    bots = [bot(level, seed + s) for s in range(g.players)]
    first = g.turn
    taken = []
    while not g.is_over and g.turn == first:
        taken += play_checked(g, bots, max_actions=1)
    return taken


@pytest.mark.parametrize("level", LEVELS)
def test_merger_with_a_survivor_tie(level):
    g = load(
        cells=TIE,
        players=[
            player(shares={"T": 2, "L": 3}, hand=["4A"]),
            player(shares={"L": 2}),
            player(shares={"T": 4}),
        ],
        pool=["12I", "10I", "8I", "6I", "4I", "2I"],
    )
    taken = turn_of(level, g)
    assert taken[0] == PlaceTile("4A")
    assert isinstance(taken[1], ChooseSurvivor)
    assert any(isinstance(a, Dispose) for a in taken)
    assert g.chain_size(taken[1].chain) == 7


@pytest.mark.parametrize("level", LEVELS)
def test_defunct_order_tie(level):
    g = load(
        cells=DEFUNCT_TIE,
        players=[player(shares={"T": 1, "L": 2}, hand=["6E"]), player(shares={"T": 3}), player()],
        pool=["12I", "10I", "8I"],
    )
    taken = turn_of(level, g)
    assert isinstance(taken[1], ChooseDefunct)
    assert g.chain_size("W") == 10 and g.chain_size("T") == 0 and g.chain_size("L") == 0


@pytest.mark.parametrize("level", LEVELS)
def test_disposal_when_the_bank_has_no_survivor_shares(level):
    # Tower 1A-4A (4) survives Luxor 6A-8A (3); seat 2 holds all 25 Tower shares.
    cells = {**fill("T", "1A-4A"), **fill("L", "6A-8A")}
    g = load(
        cells=cells,
        players=[player(shares={"L": 6}, hand=["5A"]), player(shares={"L": 4}), player(shares={"T": 25})],
        pool=["12I", "10I", "8I"],
    )
    g.apply(PlaceTile("5A"))
    assert g.phase == Phase.DISPOSE and g.bank_shares("T") == 0
    for seat in (0, 1):
        assert g.current == seat
        act = bot(level, 5).choose(g.view(seat))
        assert isinstance(act, Dispose) and act.trade == 0 and act in g.legal_actions()
        g.apply(act)
    assert g.phase == Phase.BUY


@pytest.mark.parametrize("level", LEVELS)
def test_no_playable_tile_still_buys(level):
    # All seven chains are on the board; 12I only touches a loose tile at 11I (an eighth chain).
    cells = {
        **fill("T", "1A-2A"),
        **fill("L", "4A-5A"),
        **fill("A", "7A-8A"),
        **fill("W", "10A-11A"),
        **fill("F", "1C-2C"),
        **fill("I", "4C-5C"),
        **fill("C", "7C-8C"),
        "11I": "#",
    }
    g = load(cells=cells, players=[player(hand=["12I"]), player(), player()], pool=[])
    assert g.phase == Phase.BUY  # the turn skipped placing
    act = bot(level, 2).choose(g.view(0))
    assert isinstance(act, BuyShares) and act in g.legal_actions()


def test_strong_levels_trade_into_a_dear_survivor():
    g = dear_survivor_disposal()
    assert bot("hard", 1).choose(g.view(0)) == Dispose(0, 6)
    assert bot("expert", 1).choose(g.view(0)) == Dispose(0, 6)
    assert bot("easy", 1).choose(g.view(0)) == Dispose(6, 0)  # the naive player sells everything


def test_strong_levels_sell_when_a_trade_loses_value():
    g = locked_survivor_disposal()
    assert bot("hard", 1).choose(g.view(0)) == Dispose(6, 0)
    assert bot("expert", 1).choose(g.view(0)) == Dispose(6, 0)


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_strong_levels_buy_where_a_majority_can_be_won(level):
    # Tower: 4 mine against 5 (two more shares take the majority); American: 12 and 10
    # held by the others, out of reach. Mid-game (Luxor's 21 tiles, every share held), when
    # cash is worth its face value.
    cells = {**fill("T", "1A-5A"), **fill("A", "1C-5C"), **fill("L", "1E-12E", "1F-9F")}
    players = [
        player(shares={"T": 4}, hand=["12I"]),
        player(shares={"T": 5, "A": 12}),
        player(shares={"A": 10, "L": 25}),
    ]
    g = load(cells=cells, players=players, pool=["1I", "3I", "5I"])
    g.apply(PlaceTile("12I"))
    act = bot(level, 1).choose(g.view(0))
    assert isinstance(act, BuyShares) and act.chains.count("T") >= 2 and "A" not in act.chains


def _end_position(my_cash: int, their_cash: int) -> Game:
    # Tower at the end size (rows A to D), so the end may be declared after 12I.
    cells = end_chain("T")
    return load(
        cells=cells,
        players=[
            player(cash=my_cash, shares={"T": 5}, hand=["12I"]),
            player(cash=their_cash, shares={"T": 5}),
            player(cash=their_cash, shares={"T": 4}),
        ],
        pool=["1I", "3I", "5I"],
    )


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_strong_levels_declare_the_end_only_when_leading(level):
    ahead = _end_position(30_000, 5_000)
    ahead.apply(PlaceTile("12I"))
    assert bot(level, 1).choose(ahead.view(0)) == DeclareEnd()
    behind = _end_position(5_000, 30_000)
    behind.apply(PlaceTile("12I"))
    assert DeclareEnd() in behind.legal_actions()
    assert bot(level, 1).choose(behind.view(0)) != DeclareEnd()


# ------------------------------------------------------------------ fairness


def _reshuffle_hidden(g: Game, seat: int, rng: random.Random) -> Game:
    """The same game with other seats' hands and the pool re-dealt: only hidden facts differ."""
    data = json.loads(g.to_json())
    others = [data["players"][s] for s in range(g.players) if s != seat]
    hidden = data["pool"] + [t for p in others for t in p["hand"]]
    rng.shuffle(hidden)
    for p in others:
        k = len(p["hand"])
        p["hand"], hidden = hidden[:k], hidden[k:]
    data["pool"] = hidden
    return Game.from_json(json.dumps(data))


@pytest.mark.parametrize("players", [2, 4])
def test_decisions_depend_only_on_the_view(players):
    """At many points of real games, a game re-dealt in what the seat cannot see gives
    every level the same decision."""
    rng = random.Random(9)
    checked = 0
    for seed in range(3):
        g = Game.new(players=players, seed=seed)
        bots = [make_bot("greedy", s) for s in range(players)]
        while not g.is_over:
            seat = g.current
            if len(g.legal_actions()) > 1 and rng.random() < 0.15:
                other = _reshuffle_hidden(g, seat, rng)
                assert other.to_json() != g.to_json()
                for level in LEVELS:
                    a = bot(level, seed).choose(g.view(seat))
                    b = bot(level, seed).choose(other.view(seat))
                    assert a == b, (level, g.phase)
                checked += 1
            g.apply(bots[seat].choose(g.view(seat)))
    assert checked > 20


# ------------------------------------------------------------- reproducibility


def test_same_seed_same_game_for_every_level():
    def run() -> list:
        bots = [bot(level, 40 + i) for i, level in enumerate(LEVELS)]
        return play_checked(Game.new(players=4, seed=12), bots)

    assert run() == run()


def test_expert_sliced_steps_decide_as_choose():
    """start + many tiny steps gives the decision of choose (fixed iterations)."""
    g = Game.new(players=4, seed=3)
    others = [make_bot("greedy", s) for s in range(4)]
    compared = 0
    while not g.is_over and compared < 6:
        seat = g.current
        view = g.view(seat)
        if seat == 0 and g.phase in (Phase.PLACE, Phase.BUY) and len(g.legal_actions()) > 1:
            whole = ExpertBot(7, iterations=3, candidates=3).choose(view)
            sliced = ExpertBot(7, iterations=3, candidates=3)
            searching = len(finish(ExpertBot(7, candidates=3)._candidate_steps(view))) > 1
            sliced.start(view)
            steps = 0
            while (act := sliced.step(0.01)) is None:
                steps += 1
            assert act == whole
            if searching:  # several candidates: each tiny step did one unit of the search
                assert steps >= 3 * 2
                compared += 1
        g.apply(others[seat].choose(view))
    assert compared == 6


def test_expert_is_anytime():
    """With a clock budget, a short slice returns None while candidates remain to be
    compared, and the decision comes in a later slice once the budget is spent."""
    g = Game.new(players=4, seed=4)
    others = [make_bot("greedy", s) for s in range(4)]
    searched = 0
    while not g.is_over and searched < 3:
        seat = g.current
        view = g.view(seat)
        if seat == 0 and g.phase == Phase.PLACE:
            expert = ExpertBot(1, budget_ms=20)
            expert.start(view)
            while expert._prep is not None:  # the candidates, a tile per tiny step
                assert expert.step(0.01) is None or expert._task is None
            task = expert._task
            if task is not None:  # more than one candidate: it must think
                assert expert.step(0.01) is None  # one playout cannot finish a deal
                while (act := expert.step(4)) is None:
                    pass
                assert act in g.legal_actions()
                assert task.spent_ms >= 20 and task.deals >= 1  # it thought its whole budget
                searched += 1
        g.apply(others[seat].choose(view))
    assert searched == 3


def test_expert_start_is_cheap_and_its_candidates_come_a_tile_at_a_time():
    """start() does no evaluation (a frame's worth of work at most in each step): with six
    tiles to weigh, the candidates take several tiny steps before any playout."""
    g = Game.new(players=4, seed=5)
    view = g.view(g.current)
    expert = ExpertBot(3, iterations=2)
    expert.start(view)
    assert expert._task is None and expert._prep is not None
    steps = 0
    while expert._prep is not None:
        assert expert.step(0.0) is None or expert._prep is None
        steps += 1
    assert steps >= len(view.legal_actions())


def _brings_choice(view: Game, tile: Action) -> bool:
    """Placing `tile` asks for a choice: a chain to found, a survivor, a defunct order, a disposal."""
    g = view.copy()
    g.apply(tile)
    return g.phase in (Phase.FOUND, Phase.SURVIVOR, Phase.DEFUNCT, Phase.DISPOSE)


def test_hard_sliced_steps_decide_as_choose():
    """The hard player thinks a tile per step for the front end (and an option or a disposal per
    step of the founding or merger a tile brings, and the purchase that follows in steps of its
    own) and decides as choose does, in every phase."""
    g = Game.new(players=4, seed=11)
    others = [make_bot("greedy", s) for s in range(4)]
    sliced_places = branching = 0
    for _ in range(400):
        if g.is_over:
            break
        view = g.view(g.current)
        whole = make_bot("hard", 5).choose(view)
        sliced = make_bot("hard", 5)
        sliced.start(view)
        steps = 1
        while (act := sliced.step(0.0)) is None:
            steps += 1
        assert act == whole
        if g.phase == Phase.PLACE and len(view.legal_actions()) > 1:
            tiles = view.legal_actions()
            if any(_brings_choice(view, t) for t in tiles):
                assert steps > len(tiles) + 1  # its options have steps of their own
                branching += 1
            else:
                # a tile a step, its purchase's valuation a step or more, then the answer
                assert steps >= 2 * len(tiles) + 1
            sliced_places += 1
        g.apply(others[g.current].choose(view))
    assert sliced_places >= 10 and branching >= 3
    with pytest.raises(RuntimeError, match="before start"):
        make_bot("hard", 1).step(1.0)


def test_hard_choose_steps_decide_as_choose_a_merger_option_a_unit():
    """choose_steps decides as choose does (the same random draws too), a tile per unit for a
    placement and one option's playout (and each disposal in it) per unit for a founding,
    survivor or defunct choice, so no unit of the expert's thinking (its own choices in a
    playout) holds a whole merger's look-ahead, nor a whole purchase's valuation."""
    from acquire8.ai.hard import HardBot

    split = {Phase.FOUND: 0, Phase.SURVIVOR: 0, Phase.DEFUNCT: 0}
    for seed in range(30):
        g = Game.new(players=4, seed=seed)
        others = [make_bot("greedy", seed + s) for s in range(4)]
        while not g.is_over:
            view = g.view(g.current)
            whole, sliced = HardBot(seed), HardBot(seed)
            expected = whole.choose(view)
            steps = sliced.choose_steps(view)
            units = 0
            try:
                while True:
                    next(steps)
                    units += 1
            except StopIteration as done:
                assert done.value == expected
            assert whole.rng.random() == sliced.rng.random()
            if g.phase == Phase.PLACE:
                tiles = view.legal_actions()
                branches = any(_brings_choice(view, t) for t in tiles)
                # a tile a unit, its purchase's valuation a unit or more, and a unit per option or
                # disposal of a founding or merger it brings
                assert units > len(tiles) if branches else units >= 2 * len(tiles)
            elif g.phase in split:
                # a unit per option (chains to found count once per price tier), and per disposal
                assert units >= len(g.legal_actions()) if g.phase != Phase.FOUND else units >= 1
                split[g.phase] += len(g.legal_actions()) > 1
            elif g.phase == Phase.BUY:
                # a chain's rows and a few bundles a unit, when there is something to buy
                assert units >= (len(view.legal_actions()) > 1)
            else:
                assert units == 0 and finish(HardBot(seed).choose_steps(view)) == expected
            g.apply(others[g.current].choose(view))
    assert split[Phase.FOUND] >= 10 and split[Phase.SURVIVOR] >= 1, split
