"""The yardstick (bench/ismcts.py): information-set MCTS as the published Scala plays it. Its
searches here are small (a few dozen iterations) to stay fast."""

from __future__ import annotations

import math
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest

from acquire8.ai import LEVELS, Bot, arena
from acquire8.rules import BuyShares, DeclareEnd, Game, PlaceTile
from bench import ismcts
from bench.ismcts import IsmctsBot, Node

ROOT = Path(__file__).resolve().parent.parent


def first_view(pred: Callable[[Game], bool], players: int = 4, seeds: range = range(1, 40)) -> Game:
    """The first position of seeded random games where `pred` holds (the full game)."""
    for seed in seeds:
        g = Game.new(players=players, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            if pred(g):
                return g
            g.apply(rng.choice(g.legal_actions()))
    raise AssertionError("no such position in the games tried")


def tiles(*names: str) -> list[PlaceTile]:
    return [PlaceTile(n) for n in names]


# ------------------------------------------------------------------ the decision


def test_a_forced_move_is_played_without_search(monkeypatch):
    g = first_view(lambda g: len(g.legal_actions()) == 1)

    def no_search(*args, **kwargs):
        raise AssertionError("a forced move was searched")

    monkeypatch.setattr(ismcts, "search", no_search)
    bot = IsmctsBot(1, iterations=50)
    bot.last_iterations = 99
    assert bot.choose(g.view(g.current)) == g.legal_actions()[0]
    assert bot.last_iterations == 0


def test_the_iteration_cap_is_every_iteration_and_each_visits_the_root_and_one_child():
    g = Game.new(players=4, seed=3)
    done = ismcts.search(g.view(g.current), random.Random(1), iterations=30)
    assert done.iterations == 30 and done.root.visits == 30
    assert sum(c.visits for c in done.root.children.values()) == 30
    # a fresh tree per decision: its root's children are this decision's moves, all of them
    assert list(done.root.children) == g.legal_actions()
    bot = IsmctsBot(1, iterations=30)
    bot.choose(g.view(g.current))
    assert bot.last_iterations == 30


def test_the_time_limit_stops_the_search_before_the_cap(monkeypatch):
    # a clock that moves 10 ms each time it is read: start 0, then 10, 20, 30, 40 run an
    # iteration each, 50 is not under the 50 ms limit
    ticks = iter(range(0, 10_000, 10))
    monkeypatch.setattr(ismcts, "time", SimpleNamespace(perf_counter=lambda: next(ticks) / 1000))
    g = Game.new(players=4, seed=3)
    bot = IsmctsBot(1, iterations=1_000_000, time_limit_ms=50)
    bot.choose(g.view(g.current))
    assert bot.last_iterations == 4


def test_each_iteration_re_deals_what_the_decider_cannot_see_and_nothing_else(monkeypatch):
    g = first_view(lambda g: g.tiles_on_board() > 20 and len(g.legal_actions()) > 1)
    seat = g.current
    deals: list[Game] = []
    original = Game.determinize

    def spy(self: Game, rng: random.Random) -> Game:
        d = original(self, rng)
        deals.append(d.copy())
        return d

    monkeypatch.setattr(Game, "determinize", spy)
    IsmctsBot(2, iterations=25).choose(g)  # given the full game, it still searches its view
    assert len(deals) == 25
    everything = {PlaceTile(f"{c}{r}").tile for r in "ABCDEFGHI" for c in range(1, 13)}
    unseen = everything - set(g.board) - set(g.hand(seat))  # the hidden hands and the pool
    for d in deals:
        # what the decider sees is untouched
        assert d.hand(seat) == g.hand(seat) and d.board == g.board
        assert d.all_cash() == g.all_cash() and d.share_table() == g.share_table()
        assert [d.hand_size(s) for s in range(4)] == [g.hand_size(s) for s in range(4)]
        assert d.pool_size() == g.pool_size() and (d.phase, d.current) == (g.phase, g.current)
        # what it cannot see is dealt from the unseen tiles, every one of them
        hidden = [t for s in range(4) if s != seat for t in d.hand(s)]
        assert len(set(hidden)) == len(hidden) and set(hidden) <= unseen
        assert len(unseen) - len(hidden) == d.pool_size()  # the rest is the pool
    others = {tuple(tuple(sorted(d.hand(s))) for s in range(4) if s != seat) for d in deals}
    assert len(others) > 20  # re-dealt every iteration, not once


def test_the_decision_depends_on_the_view_alone():
    g = first_view(lambda g: g.tiles_on_board() > 15 and len(g.legal_actions()) > 3)
    view = g.view(g.current)
    # two full games the decider cannot tell apart (its view's hidden tiles dealt twice)
    a, b = view.determinize(random.Random(1)), view.determinize(random.Random(2))
    assert any(a.hand(s) != b.hand(s) for s in range(g.players))
    picks = {IsmctsBot(7, iterations=40).choose(x) for x in (a, b, view)}
    assert len(picks) == 1


def test_a_seeded_decision_is_reproducible_and_reseed_restarts_it():
    g = first_view(lambda g: g.tiles_on_board() > 15 and len(g.legal_actions()) > 3)
    view = g.view(g.current)
    runs = [ismcts.search(view, random.Random(11), iterations=40) for _ in range(2)]
    visits = [[(m, c.visits, c.stats) for m, c in r.root.children.items()] for r in runs]
    assert visits[0] == visits[1]
    bot = IsmctsBot(11, iterations=40)
    first = bot.choose(view)
    bot.reseed("11")
    again = bot.choose(view)
    bot.reseed("11")
    assert bot.choose(view) == again
    assert first == IsmctsBot(11, iterations=40).choose(view)


def test_it_plays_the_most_visited_root_move():
    g = first_view(lambda g: len(g.legal_actions()) > 3)
    view = g.view(g.current)
    done = ismcts.search(view, random.Random(5), iterations=40)
    most = max(c.visits for c in done.root.children.values())
    chosen = IsmctsBot(5, iterations=40).choose(view)
    assert done.root.children[chosen].visits == most
    # ties: the first in legal-move order
    root = Node(None, None, 2)
    for move, n in zip(tiles("1A", "2A", "3A", "4A"), (3, 7, 7, 1), strict=True):
        root.children[move] = Node(root, move, 2)
        root.children[move].visits = n
    assert ismcts.most_visited(root) == PlaceTile("2A")


# ------------------------------------------------------------------ the tree


def hand_built() -> tuple[Node, list[PlaceTile]]:
    """A root visited 20 times with three children: A 10 visits, B 6, C 4; seat 0's rewards
    A 6.0 (mean 0.6), B 3.0 (0.5), C 1.6 (0.4); seat 1's A 9.0 (0.9), B 3.0 (0.5), C 2.8 (0.7)."""
    a, b, c = tiles("1A", "2A", "3A")
    root = Node(None, None, 2)
    root.visits = 20
    for move, n, s0, s1 in ((a, 10, 6.0, 9.0), (b, 6, 3.0, 3.0), (c, 4, 1.6, 2.8)):
        child = Node(root, move, 2)
        child.visits, child.stats = n, [s0, s1]
        root.children[move] = child
    return root, [a, b, c]


def ucb(mean: float, n: int, parent: int = 20) -> float:
    return mean + math.sqrt(2 * math.log(parent) / n)


def test_ucb1_is_the_movers_mean_reward_plus_the_exploration_term():
    root, (a, b, c) = hand_built()
    assert root.ucb1(root.children[a], 0) == pytest.approx(ucb(0.6, 10))
    assert root.ucb1(root.children[c], 1) == pytest.approx(ucb(0.7, 4))
    # seat 0: C's exploration outweighs A's mean (0.4 + 1.22 against 0.6 + 0.77)
    scores0 = {m: ucb(mean, n) for m, mean, n in ((a, 0.6, 10), (b, 0.5, 6), (c, 0.4, 4))}
    assert max(scores0, key=scores0.__getitem__) == c
    assert root.select([a, b, c], 0) is root.children[c]
    # the seat to move decides whose rewards count: without C, seat 0 takes B, seat 1 A
    assert root.select([a, b], 0) is root.children[b]
    assert root.select([a, b], 1) is root.children[a]
    # only the children legal in this determinization are candidates
    assert root.select([a], 0) is root.children[a]


def test_unvisited_children_come_first_in_legal_move_order_and_new_legal_moves_join():
    root, (a, b, c) = hand_built()
    d, e = tiles("4A", "5A")
    # D and E are legal now but not yet children: they join, and the first in legal order wins
    assert root.select([b, e, a, d, c], 0) is root.children[e]
    assert list(root.children) == [a, b, c, e, d]
    assert root.children[d].visits == 0 and root.children[d].parent is root
    assert root.select([d, e, c], 0) is root.children[d]
    # a parent never visited scores every child infinite: the first legal one
    fresh = Node(None, None, 2)
    fresh.children = {m: Node(fresh, m, 2) for m in (a, b)}
    fresh.children[a].visits = fresh.children[b].visits = 3
    assert fresh.select([b, a], 0) is fresh.children[b]


def test_selection_stops_where_no_legal_move_is_a_child():
    root, _ = hand_built()
    others = tiles("9I", "8H")
    assert root.select(others, 0) is None
    assert root.select([], 0) is None
    assert len(root.children) == 3  # nothing joined


def test_expansion_adds_every_legal_move_and_descends_to_a_random_one():
    picked = set()
    for seed in range(30):
        node = Node(None, None, 4)
        legal = tiles("1A", "2B", "3C", "4D")
        child = node.expand(legal, random.Random(seed))
        assert list(node.children) == legal and all(c.visits == 0 for c in node.children.values())
        assert child is not None and child.move is not None
        assert child is node.children[child.move]
        picked.add(child.move)
    assert picked == set(tiles("1A", "2B", "3C", "4D"))
    assert Node(None, None, 4).expand([], random.Random(0)) is None


def test_the_back_up_adds_every_seats_reward_along_the_path(monkeypatch):
    monkeypatch.setattr(ismcts, "playout", lambda g, rng: [0.5, 1.0, 1.5, 2.0])
    g = Game.new(players=4, seed=3)
    done = ismcts.search(g.view(g.current), random.Random(1), iterations=12)
    assert done.root.stats == [6.0, 12.0, 18.0, 24.0]
    stops = 0  # visits that ended at a root child rather than below it
    for child in done.root.children.values():
        assert child.stats == [0.5 * child.visits, 1.0 * child.visits, 1.5 * child.visits, 2.0 * child.visits]
        stops += child.visits - sum(c.visits for c in child.children.values())
    # as in the Scala, only the first iteration's expansion (from the empty root) stops at a
    # child: later ones select a new child, find it has no children and expand below it
    assert stops == 1


# ------------------------------------------------------------------ the playout


def test_a_playout_ends_the_game_and_rewards_every_seats_final_net_worth_over_10000():
    g = Game.new(players=4, seed=8)
    d = g.view(g.current).determinize(random.Random(3))
    result = ismcts.playout(d, random.Random(4))
    assert d.is_over
    assert result == [d.net_worth(s) / 10_000 for s in range(4)] and len(result) == 4
    # the final scoring sold every share that is worth anything: the net worth is the cash
    assert [d.net_worth(s) for s in range(4)] == d.scores() and sum(d.scores()) > 4 * 6000


def test_a_playout_declares_the_end_at_the_first_chance(monkeypatch):
    g = first_view(lambda g: g.may_declare(), seeds=range(1, 80))
    applied = []
    original = Game.play

    def record(self, action):
        applied.append(action)
        return original(self, action)

    monkeypatch.setattr(Game, "play", record)
    ismcts.playout(g, random.Random(1))
    assert applied[0] == DeclareEnd() and isinstance(applied[1], BuyShares)
    assert len(applied) == 2 and g.is_over


class Stop(Exception):
    pass


def test_a_playouts_purchase_is_drawn_from_every_legal_purchase(monkeypatch):
    g = first_view(lambda g: len(g.legal_actions()) > 20 and not g.may_declare())
    legal = g.legal_actions()
    bought = []

    def first_only(self, action):
        bought.append(action)
        raise Stop

    monkeypatch.setattr(Game, "play", first_only)
    for seed in range(40 * len(legal)):
        with pytest.raises(Stop):
            ismcts.playout(g.copy(), random.Random(seed))
    assert set(bought) == set(legal)  # every purchase drawn, about 40 times each
    assert max(map(bought.count, legal)) < 3 * min(map(bought.count, legal))


# ------------------------------------------------------------------ levels, arena, build


def test_the_levels_are_the_peers_iteration_caps_and_not_the_games_levels():
    assert ismcts.LEVELS == {"intern": 500, "trader": 1000, "manager": 2000, "partner": 4000, "ceo": 10000}
    assert [ismcts.make(n).iterations for n in ismcts.names()] == [500, 1000, 2000, 4000, 10000]
    assert ismcts.make("ismcts-ceo", 1, iterations=7, time_limit_ms=30).iterations == 7
    assert not any("ismcts" in level for level in LEVELS)
    assert isinstance(ismcts.make("ismcts-intern"), Bot)  # choose(view) and reseed(value)
    with pytest.raises(ValueError):
        ismcts.make("ismcts-janitor")


def test_the_arena_plays_the_yardstick_and_reports_its_iterations(capsys):
    bot = arena.make_player("ismcts-trader", 3, False, {"iterations": 9, "time_limit_ms": None})
    assert isinstance(bot, IsmctsBot) and bot.iterations == 9
    manager = arena.make_player("ismcts-manager", 3, True, {})
    assert isinstance(manager, IsmctsBot) and manager.iterations == 2000
    st = arena.run("easy", "ismcts-intern", games=2, seed=4, players=2, field_opts={"iterations": 3})
    assert st.games == 2 and st.field_iterations and set(st.field_iterations) == {3}
    assert "iterations a decision mean 3" in st.field_line() and "forced" in st.field_line()
    with pytest.raises(SystemExit):
        arena.main(["--help"])
    helped = re.sub(r"-\n\s*", "-", capsys.readouterr().out)  # argparse wraps at hyphens
    assert all(name in helped for name in ismcts.names())  # the help names every level


def test_the_yardstick_is_not_shipped():
    sys.path.insert(0, str(ROOT / "tools"))
    import build  # type: ignore[import-not-found]  # tools/ is not a package

    shipped = [p.as_posix() for p in build.shipped_files()]
    assert "acquire8/rules/game.py" in shipped  # the list is the real one
    assert not any(p.startswith("bench/") or "ismcts" in p for p in shipped)
    assert "acquire8/ai/arena.py" not in shipped  # the arena, which loads bench/, stays home
