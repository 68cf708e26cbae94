"""Property tests: thousands of seeded complete games of random and greedy players, with the
rules' invariants checked after every action, and a fuzz of illegal actions."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from acquire8.ai import GreedyBot, RandomBot
from acquire8.ai.match import play_game
from acquire8.rules import (
    CHAINS,
    BuyShares,
    ChooseDefunct,
    ChooseSurvivor,
    DeclareEnd,
    Dispose,
    FoundChain,
    Game,
    IllegalAction,
    Options,
    Phase,
    PlaceTile,
)
from acquire8.rules.tables import SAFE_SIZE, TILE_NAMES

ALL = frozenset(TILE_NAMES)
NEIGHBOURS = {
    t: [
        n
        for n in (f"{c - 1}{r}", f"{c + 1}{r}", f"{c}{chr(ord(r) - 1)}", f"{c}{chr(ord(r) + 1)}")
        if n in ALL
    ]
    for t in TILE_NAMES
    for c, r in [(int(t[:-1]), t[-1])]
}
MAX_ACTIONS = 3000  # a game of 108 tiles never needs this many


class Recorder:
    """Wraps a bot and records what it chose, for the replay check."""

    def __init__(self, bot, log: list):
        self.bot, self.log = bot, log

    def choose(self, view: Game):
        action = self.bot.choose(view)
        self.log.append(action)
        return action


class Invariants:
    """Checks one game after each of its actions; remembers what must never go back."""

    def __init__(self, g: Game, round_trip_every: int):
        self.n = g.players
        self.discarded: set[str] = set()
        self.board: dict[str, str] = {}
        self.sizes = dict.fromkeys(CHAINS, 0)
        self.count = 0
        self.round_trip_every = round_trip_every
        self.round_trips = 0
        self.check(g)

    def check(self, g: Game) -> None:
        self.count += 1
        assert self.count < MAX_ACTIONS, "the game does not end"
        n = self.n
        # 25 shares of each chain between the bank and the players; nobody below zero.
        for c in CHAINS:
            held = [g.shares(s, c) for s in range(n)]
            assert min(held) >= 0 and g.bank_shares(c) >= 0
            assert g.bank_shares(c) + sum(held) == 25, c
        assert min(g.cash(s) for s in range(n)) >= 0
        # 108 tiles between the pool, the hands, the board and the discarded; none twice.
        board = g.board
        hands = [g.hand(s) for s in range(n)]
        assert all(len(h) <= 6 for h in hands)
        pool = json.loads(g.to_json())["pool"]  # no reader lists the pool: its save does
        placed = [*board, *pool, *(t for h in hands for t in h)]
        present = set(placed)
        assert len(present) == len(placed), "a tile is in two places"
        discarded = ALL - present
        assert self.discarded <= discarded, "a discarded tile came back"
        assert set(self.board) <= set(board), "a tile left the board"
        self.discarded = discarded
        # Chain sizes equal their tiles on the board; at most seven chains.
        counts = dict.fromkeys(CHAINS, 0)
        for letter in board.values():
            if letter != "#":
                counts[letter] += 1
        for c in CHAINS:
            assert g.chain_size(c) == counts[c], c
            assert counts[c] != 1
        assert sorted(g.chains_on_board()) == sorted(c for c in CHAINS if counts[c])
        if g.phase == Phase.FOUND:
            assert len(g.chains_on_board()) < 7, "an eighth chain"
        # A safe chain is never absorbed and no chain shrinks except by leaving the board.
        for c in CHAINS:
            before, now = self.sizes[c], counts[c]
            if before >= SAFE_SIZE:
                assert now >= before, f"safe chain {c} absorbed"
            assert now >= before or now == 0
        self.sizes = counts
        self.board = board
        # Between turns the board is settled: no loose tile next to a chain, no two chains touching.
        if g.phase in (Phase.PLACE, Phase.BUY, Phase.OVER):
            for t, letter in board.items():
                for nb in NEIGHBOURS[t]:
                    other = board.get(nb)
                    assert other is None or other == letter, f"{t}={letter} touches {nb}={other}"
        if g.phase == Phase.DISPOSE:
            assert g.shares(g.current, g.merger_state()["defunct"]) > 0
        legal = g.legal_actions()
        assert bool(legal) != g.is_over
        if self.count % 3 == 0 and not g.is_over:
            # What the acting seat sees offers exactly the same choices, and no other hand.
            v = g.view(g.current)
            assert v.legal_actions() == legal
            assert all(
                v.hand(s) == [] and v.hand_size(s) == len(hands[s]) for s in range(n) if s != g.current
            )
            assert v.pool_size() == g.pool_size()
        if g.is_over:
            assert g.scores() == [g.cash(s) for s in range(n)]
            assert g.winners() == [s for s in range(n) if g.cash(s) == max(g.scores())]
            assert all(g.shares(s, c) == 0 for s in range(n) for c in g.chains_on_board())
        if self.count % self.round_trip_every == 0 or g.phase in (Phase.SURVIVOR, Phase.DEFUNCT):
            self.round_trips += 1
            h = Game.from_json(g.to_json())
            assert h == g, "to_json/from_json changed the game"


def _setup(seed: int) -> tuple[list, Options]:
    """Players, levels and options varied by seed: 2-6 seats, random/greedy mixes, both end rules."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    kinds = rng.choice(["random", "greedy", "mixed"])
    bots = []
    for s in range(n):
        greedy = kinds == "greedy" or (kinds == "mixed" and rng.random() < 0.5)
        bots.append((GreedyBot if greedy else RandomBot)(seed * 10 + s))
    return bots, Options(end="auto" if rng.random() < 0.25 else "declare")


def _play_checked(seed: int, round_trip_every: int, replay: bool) -> dict:
    bots, options = _setup(seed)
    log: list = []
    checker: Invariants | None = None

    def on_action(g: Game) -> None:
        checker.check(g)

    first = Game.new(players=len(bots), seed=seed, options=options)
    checker = Invariants(first, round_trip_every)
    result = play_game([Recorder(b, log) for b in bots], seed, options, on_action=on_action)
    assert result.actions == len(log)
    stats = {"actions": len(log), "round_trips": checker.round_trips, "players": len(bots)}
    if replay:
        # The seed and the actions reproduce the game exactly.
        g = Game.new(players=len(bots), seed=seed, options=options)
        for a in log:
            g.apply(a)
        assert g.is_over and g.scores() == result.scores and g.winners() == result.winners
        again = Game.new(players=len(bots), seed=seed, options=options)
        for a in log:
            again.apply(a)
        assert again == g and again.to_json() == g.to_json()
    return stats


CHUNKS = 8
GAMES = 2000


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_invariants_over_2000_seeded_games(chunk):
    per = GAMES // CHUNKS
    total = {"actions": 0, "round_trips": 0}
    for seed in range(chunk * per, (chunk + 1) * per):
        stats = _play_checked(seed, round_trip_every=40, replay=seed % 10 == 0)
        total["actions"] += stats["actions"]
        total["round_trips"] += stats["round_trips"]
    assert total["actions"] > 100 * per
    assert total["round_trips"] >= per


def test_invariants_quick_sample():
    # A few games in the fast suite, with a round trip after every action.
    for seed in (10_001, 10_002, 10_003):
        _play_checked(seed, round_trip_every=1, replay=True)


# ------------------------------------------------------------------ fuzz of illegal actions

_UNIVERSE = (
    [PlaceTile(t) for t in TILE_NAMES]
    + [PlaceTile(t) for t in ("0A", "13A", "1J", "")]
    + [a(c) for a in (FoundChain, ChooseSurvivor, ChooseDefunct) for c in CHAINS + "X"]
    + [Dispose(s, t) for s in range(-1, 9) for t in range(-1, 9)]
    + [BuyShares(b) for n in range(5) for b in itertools.combinations_with_replacement(CHAINS, n)]
    + [DeclareEnd()]
)


@pytest.mark.slow
def test_apply_accepts_exactly_the_legal_actions():
    rng = random.Random(99)
    tried = legal_tried = 0
    for seed in range(60):
        g = Game.new(players=2 + seed % 5, seed=seed, options=Options(end=("declare", "auto")[seed % 2]))
        bots = [RandomBot(seed + s) if seed % 3 else GreedyBot(s) for s in range(g.players)]
        while not g.is_over:
            legal = g.legal_actions()
            legal_set = set(legal)
            assert len(legal_set) == len(legal), "an action listed twice"
            for a in [*rng.sample(_UNIVERSE, 6), rng.choice(legal)]:
                h = g.copy()
                tried += 1
                if a in legal_set:
                    legal_tried += 1
                    h.apply(a)
                else:
                    with pytest.raises(IllegalAction):
                        h.apply(a)
                    assert h == g, f"{a} changed the game although illegal"
            g.apply(bots[g.current].choose(g.view(g.current)))
    assert tried > 10_000 and legal_tried > 1_000
