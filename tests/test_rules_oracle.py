"""An independent oracle: in seeded random/greedy games, every action's events and outcome are
recomputed from the position before it (tile effects, chain growth, survivors, defunct order,
disposal order, bonuses, sale and purchase prices, founder's share, cash), so the rules core is
checked against a second, simpler reading of RULES.md and not only against itself."""

from __future__ import annotations

import json
import random

import pytest

from acquire8.ai import GreedyBot, RandomBot
from acquire8.rules import (
    CHAINS,
    BuyShares,
    DeclareEnd,
    Dispose,
    FoundChain,
    Game,
    Options,
    Phase,
    PlaceTile,
    events,
    price,
)
from acquire8.rules.tables import END_SIZE, SAFE_SIZE, TILE_NAMES

ALL = set(TILE_NAMES)
ROWS = "ABCDEFGHI"


def neighbours(t: str) -> list[str]:
    c, r = int(t[:-1]), ROWS.index(t[-1])
    out = [f"{c + dc}{ROWS[r + dr]}" for dc, dr in ((-1, 0), (1, 0), (0, -1), (0, 1)) if 0 <= r + dr < 9]
    return [n for n in out if n in ALL]


NB = {t: neighbours(t) for t in TILE_NAMES}


def chain_sizes(board: dict[str, str]) -> dict[str, int]:
    return {c: sum(1 for v in board.values() if v == c) for c in CHAINS}


def effect(board: dict[str, str], tile: str, sizes: dict[str, int] | None = None) -> str:
    """RULES §5-§8 read directly."""
    around = [board.get(n) for n in NB[tile]]
    chains = {x for x in around if x and x != "#"}
    sizes = sizes or chain_sizes(board)
    if not chains:
        if "#" not in around:
            return "lone"
        return "found" if sum(1 for c in CHAINS if sizes[c]) < 7 else "no 8th chain"
    if len(chains) == 1:
        return "grow"
    return "dead" if sum(1 for c in chains if sizes[c] >= SAFE_SIZE) >= 2 else "merge"


def loose_group(board: dict[str, str], tile: str) -> set[str]:
    """`tile` and the unincorporated tiles connected to it (the tile itself counted as loose)."""
    group, todo = {tile}, [tile]
    while todo:
        for n in NB[todo.pop()]:
            if n not in group and board.get(n) == "#":
                group.add(n)
                todo.append(n)
    return group


def split(holdings: list[int], majority: int, minority: int) -> list[int]:
    """RULES §7.1 read directly; amounts per holder."""
    up = lambda amount, ways: -(-amount // (100 * ways)) * 100  # noqa: E731
    pay = [0] * len(holdings)
    holders = [i for i, h in enumerate(holdings) if h > 0]
    if not holders:
        return pay
    top = max(holdings)
    first = [i for i in holders if holdings[i] == top]
    if len(holders) == 1:
        pay[first[0]] = majority + minority
    elif len(first) > 1:
        for i in first:
            pay[i] = up(majority + minority, len(first))
    else:
        pay[first[0]] = majority
        second_count = max(holdings[i] for i in holders if i not in first)
        second = [i for i in holders if holdings[i] == second_count]
        for i in second:
            pay[i] = up(minority, len(second))
    return pay


def test_oracle_split_matches_the_seed_examples():
    assert split([10, 8, 6], 5000, 2500) == [5000, 2500, 0]
    assert split([8, 8, 7], 5000, 2500) == [3800, 3800, 0]
    assert split([10, 7, 7], 5000, 2500) == [5000, 1300, 1300]
    assert split([0, 4, 0], 5000, 2500) == [0, 7500, 0]


class Oracle:
    def __init__(self, g: Game):
        self.n = g.players
        self.merger: dict | None = None  # what the merger in progress must end with
        self.disposal: list[int] = []  # seats still to dispose of the current defunct chain
        self.defunct: str | None = None
        self.places = 0
        self.checked = dict.fromkeys(
            ["place", "found", "merge", "bonus", "dispose", "buy", "end", "dead", "replaced", "market"], 0
        )

    def step(self, g: Game, action) -> list:
        pre = g.copy()
        board = pre.board
        sizes = {c: pre.chain_size(c) for c in CHAINS}
        seat = pre.current
        if pre.phase == Phase.PLACE:
            hand = pre.hand(seat)
            for t in hand:
                assert pre.tile_effect(t) == effect(board, t), t
            playable = [t for t in hand if effect(board, t) in ("lone", "found", "grow", "merge")]
            assert sorted(a.tile for a in pre.legal_actions()) == sorted(playable)
            self.places += 1
            if self.places % 4 == 0:  # now and then every empty square, not only those in hand
                on_board = chain_sizes(board)
                for t in ALL - set(board):
                    assert pre.tile_effect(t) == effect(board, t, on_board), t
        disposing = None
        if pre.phase == Phase.DISPOSE:
            assert self.disposal and seat == self.disposal.pop(0), "disposal order"
            disposing = pre.merger_state()["defunct"]
            self.checked["dispose"] += 1
        if pre.phase == Phase.BUY:
            on = [size for size in sizes.values() if size]
            may = bool(on) and (max(on) >= END_SIZE or min(on) >= SAFE_SIZE)
            assert (DeclareEnd() in pre.legal_actions()) == (
                may and g.options.end == "declare" and not pre.declared
            )

        evs = g.apply(action)

        # Cash: every change is told by an event, at the price before the action.
        bought: list[str] = []
        delta = [0] * self.n
        for e in evs:
            if isinstance(e, events.SharesSold):
                assert e.amount == e.count * price(e.chain, sizes[e.chain])
                delta[e.seat] += e.amount
            elif isinstance(e, events.SharesBought):
                assert e.cost == sum(price(c, sizes[c]) for c in e.chains)
                assert e.seat == seat
                bought += e.chains
                delta[e.seat] -= e.cost
            elif isinstance(e, events.BonusPaid):
                delta[e.seat] += e.amount
        assert [g.cash(s) - pre.cash(s) for s in range(self.n)] == delta

        # Hands and pool: every change is told by an event (placed, dead, replaced, drawn). Dead
        # tiles drawn and discarded in one refill come before the one TilesDrawn listing them all,
        # so the hands are counted, not replayed in order.
        hands = [dict.fromkeys(pre.hand(s), 1) for s in range(self.n)]
        drawn = 0

        def move(seat: int, tile: str, by: int) -> None:
            hands[seat][tile] = hands[seat].get(tile, 0) + by

        for e in evs:
            if isinstance(e, events.TilePlaced):
                move(e.seat, e.tile, -1)
            elif isinstance(e, events.DeadTilesReplaced):
                self.checked["dead"] += 1
                for t in e.tiles:
                    move(e.seat, t, -1)
            elif isinstance(e, events.HandReplaced):
                self.checked["replaced"] += 1
                assert sorted(e.tiles) == sorted(pre.hand(e.seat))
                for t in e.tiles:
                    move(e.seat, t, -1)
            elif isinstance(e, events.TilesDrawn):
                for t in e.tiles:
                    move(e.seat, t, +1)
                drawn += len(e.tiles)
        for s in range(self.n):
            assert {t for t, k in hands[s].items() if k} == set(g.hand(s))
            assert all(k in (0, 1) for k in hands[s].values())
        assert g.pool_size() == pre.pool_size() - drawn
        # §12: the market's first draw of an action is the next tile of the pool, by its column.
        first_draw = next((e for e in evs if isinstance(e, events.MarketHolds)), None)
        if first_draw is not None:
            assert self.n == 2 and pre.pool_size()
            next_tile = json.loads(pre.to_json())["pool"][0]  # the position lists the next draw first
            assert first_draw.count == int(next_tile[:-1])
            self.checked["market"] += 1

        # Bonuses: recomputed from the holdings before the action (plus a final purchase).
        market = {e.chain: e.count for e in evs if isinstance(e, events.MarketHolds)}
        paid: dict[str, list[int]] = {}
        for e in evs:
            if isinstance(e, events.BonusPaid):
                paid.setdefault(e.chain, [0] * self.n)[e.seat] += e.amount
        for chain in set(paid) | set(market):
            holdings = [
                pre.shares(s, chain) + (bought.count(chain) if s == seat else 0) for s in range(self.n)
            ]
            if self.n == 2:
                holdings.append(market.get(chain, 0))
            expect = split(holdings, *[10 * price(chain, sizes[chain]), 5 * price(chain, sizes[chain])])
            assert paid.get(chain, [0] * self.n) == expect[: self.n], (chain, holdings)
            self.checked["bonus"] += 1
        if g.is_over:
            self.checked["end"] += 1
            held = [c for c in CHAINS if sizes[c] and any(pre.shares(s, c) for s in range(self.n))]
            assert set(held) <= set(paid) | set(market)

        if isinstance(action, PlaceTile):
            self.checked["place"] += 1
            kind = effect(board, action.tile)
            group = loose_group(board, action.tile)
            touching = sorted({board[n] for n in NB[action.tile] if board.get(n, "#") != "#"})
            if kind == "lone":
                assert g.phase == Phase.BUY and g.board.get(action.tile) == "#"
            elif kind == "found":
                assert g.phase == Phase.FOUND
                self.found = (group, seat)
            elif kind == "grow":
                (chain,) = touching
                assert g.chain_size(chain) == sizes[chain] + len(group)
                assert all(g.board[t] == chain for t in group)
            else:
                top = max(sizes[c] for c in touching)
                largest = sorted(c for c in touching if sizes[c] == top)
                self.merger = {
                    "size": sum(sizes[c] for c in touching) + len(group),
                    "tiles": group,
                    "largest": largest,
                    "touching": touching,
                    "sizes": sizes,
                    "merger": seat,
                    "handled": [],
                }
                if len(largest) > 1:
                    assert g.phase == Phase.SURVIVOR
                    assert sorted(g.merger_state()["survivor_choices"]) == largest
        if isinstance(action, FoundChain):
            group, founder = self.found
            assert g.chain_size(action.chain) == len(group)
            assert all(g.board[t] == action.chain for t in group)
            free = pre.bank_shares(action.chain) > 0
            assert g.shares(founder, action.chain) == pre.shares(founder, action.chain) + free
            self.checked["found"] += 1

        m = self.merger
        if m is not None:
            started = [e for e in evs if isinstance(e, events.MergerStarted)]
            if started:
                assert started[0].survivor in m["largest"]
                m["survivor"] = started[0].survivor
                assert sorted(started[0].defunct) == sorted(c for c in m["touching"] if c != m["survivor"])
            state = g.merger_state()
            if state and state["defunct"] and state["defunct"] != self.defunct:
                # A new defunct chain: the largest left, and a disposal round from the merging player.
                chain = self.defunct = state["defunct"]
                left = [c for c in m["touching"] if c != m["survivor"] and c not in m["handled"]]
                assert m["sizes"][chain] == max(m["sizes"][c] for c in left)
                m["handled"].append(chain)
                n = self.n
                order = [(m["merger"] + i) % n for i in range(n)]
                self.disposal = [s for s in order if g.shares(s, chain) > 0]
                if g.phase == Phase.DISPOSE:
                    assert g.current == self.disposal[0]
            if g.phase in (Phase.BUY, Phase.OVER) and not state:
                assert g.chain_size(m["survivor"]) == m["size"]
                assert all(g.board[t] == m["survivor"] for t in m["tiles"])
                assert not self.disposal
                for c in m["touching"]:
                    if c != m["survivor"]:
                        assert g.chain_size(c) == 0
                self.merger = None
                self.defunct = None
                self.checked["merge"] += 1
        if isinstance(action, BuyShares):
            self.checked["buy"] += 1
            if not g.is_over:
                hand = g.hand(seat)
                if g.pool_size():
                    assert len(hand) == 6
                    assert not any(effect(g.board, t) == "dead" for t in hand)
        if isinstance(action, Dispose):
            assert g.shares(seat, disposing) == pre.shares(seat, disposing) - action.sell - action.trade
            survivor = pre.merger_state()["survivor"]
            assert g.shares(seat, survivor) == pre.shares(seat, survivor) + action.trade // 2
            assert g.bank_shares(survivor) == pre.bank_shares(survivor) - action.trade // 2
        return evs


@pytest.mark.slow
def test_oracle_over_seeded_games():
    totals: dict[str, int] = {}
    for seed in range(400):
        rng = random.Random(seed)
        n = 2 + seed % 5
        g = Game.new(players=n, seed=seed, options=Options(end="auto" if seed % 4 == 0 else "declare"))
        bots = [(GreedyBot if rng.random() < 0.4 else RandomBot)(seed * 7 + s) for s in range(n)]
        oracle = Oracle(g)
        while not g.is_over:
            oracle.step(g, bots[g.current].choose(g.view(g.current)))
        for k, v in oracle.checked.items():
            totals[k] = totals.get(k, 0) + v
    # The games really went through every kind of situation.
    assert totals["merge"] > 500 and totals["bonus"] > 1000 and totals["dispose"] > 1000
    assert totals["found"] > 1000 and totals["end"] == 400
    assert totals["dead"] > 500 and totals["market"] > 200  # (hand replacements are rare: see test_8_*)
