"""Hypothesis-generated positions: bonuses (RULES §7.1) and buy options (§9) over many combinations,
each compared with a direct reading of the rules."""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from acquire8.rules import CHAINS, BuyShares, Dispose, Phase, PlaceTile, price

from positions import fill, load, player


def _split(holdings: list[int], majority: int, minority: int) -> list[int]:
    up = lambda amount, ways: -(-amount // (100 * ways)) * 100  # noqa: E731
    pay = [0] * len(holdings)
    counts = sorted({h for h in holdings if h}, reverse=True)
    if not counts:
        return pay
    first = [i for i, h in enumerate(holdings) if h == counts[0]]
    if len(first) > 1 or len(counts) == 1:  # a tie for first, or a sole holder (or holders all equal)
        for i in first:
            pay[i] = up(majority + minority, len(first))
        return pay
    pay[first[0]] = majority
    second = [i for i, h in enumerate(holdings) if h == counts[1]]
    for i in second:
        pay[i] = up(minority, len(second))
    return pay


@settings(max_examples=150, deadline=None)
@given(
    holdings=st.lists(st.integers(0, 5), min_size=3, max_size=6).filter(lambda h: sum(h) <= 25),
    pair=st.permutations(CHAINS).map(lambda p: p[:2]),
    size=st.integers(2, 10),
    merger=st.integers(0, 5),
)
def test_7_1_bonuses_for_any_holdings(holdings, pair, size, merger):
    survivor, defunct = pair
    n = len(holdings)
    merger %= n
    # Survivor: 11 tiles on row A; defunct: `size` tiles on row C; 1B joins them.
    cells = {**fill(survivor, "1A-11A"), **fill(defunct, f"1C-{size}C")}
    players = [
        player(shares={defunct: h} if h else {}, hand=["1B"] if s == merger else [])
        for s, h in enumerate(holdings)
    ]
    g = load(cells=cells, players=players, pool=["12I"], current=merger)
    g.apply(PlaceTile("1B"))
    p = price(defunct, size)
    paid = _split(holdings, 10 * p, 5 * p)
    assert [g.cash(s) for s in range(n)] == [6000 + x for x in paid]
    order = []
    while g.phase == Phase.DISPOSE:
        order.append(g.current)
        g.apply(Dispose(sell=1))
    assert order == [s for s in ((merger + i) % n for i in range(n)) if holdings[s]]
    assert [g.cash(s) for s in range(n)] == [
        6000 + x + (p if h else 0) for x, h in zip(paid, holdings, strict=True)
    ]
    assert g.chain_size(survivor) == 11 + size + 1 and g.chain_size(defunct) == 0
    assert g.phase == Phase.BUY and g.current == merger


# Eight slots for chains (2-5 tiles each), none touching another.
SLOTS = ["1A", "7A", "1C", "7C", "1E", "7E", "1G", "7G"]


def _slot(start: str, size: int) -> str:
    col, row = int(start[:-1]), start[-1]
    return f"{start}-{col + size - 1}{row}"


@settings(max_examples=150, deadline=None)
@given(
    chains=st.dictionaries(st.sampled_from(CHAINS), st.integers(2, 5), max_size=7),
    banks=st.lists(st.integers(0, 4), min_size=7, max_size=7),
    cash=st.integers(0, 3000).map(lambda c: c // 100 * 100),
)
def test_9_buy_options_for_any_board_bank_and_cash(chains, banks, cash):
    cells = {}
    for (chain, size), start in zip(sorted(chains.items()), SLOTS, strict=False):
        cells.update(fill(chain, _slot(start, size)))
    held = {c: 25 - banks[i] for i, c in enumerate(CHAINS)}
    g = load(
        cells=cells, players=[player(cash=cash, hand=["6I"]), player(shares=held), player()], pool=["12I"]
    )
    g.apply(PlaceTile("6I"))
    on = {c: g.chain_size(c) for c in CHAINS if g.chain_size(c)}
    expected = set()
    for n in range(4):
        for bundle in itertools.combinations_with_replacement(CHAINS, n):
            in_stock = all(c in on and bundle.count(c) <= banks[CHAINS.index(c)] for c in bundle)
            if in_stock and sum(price(c, on[c]) for c in bundle) <= cash:
                expected.add(bundle)
    listed = g.legal_actions()
    legal = [a for a in listed if isinstance(a, BuyShares)]
    assert len(legal) == len(expected)
    assert {a.chains for a in legal} == expected
    listed.clear()  # each call's list is its own
    assert [a for a in g.legal_actions() if isinstance(a, BuyShares)] == legal
