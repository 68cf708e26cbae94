"""The numbers the screens show: tile previews, the buy standing, the recap and
the holdings sheet, each checked against what the rules core actually does: the move is
made for real (the same random source, random choices after it) and the events' amounts
compared with what was shown. Positions come from seeded random games stopped at random
points, and from small hand-made positions with amounts worked out by hand."""

from __future__ import annotations

import random
import re
from collections import Counter

from test_app_text import ONE_OF_EACH

from acquire8.ai import make_bot
from acquire8.app.control.decisions import BuyScreen, make_screen
from acquire8.app.control.insight import (
    Holdings,
    bonus_line,
    buy_standing,
    holdings,
    level_label,
    merger_payouts,
    recap,
    tile_preview,
    tiles_since,
)
from acquire8.app.control.insight.previews import survivor_line
from acquire8.app.text import LINE_CHARS, money
from acquire8.rules import (
    CHAINS,
    BuyShares,
    FoundChain,
    Game,
    Options,
    Phase,
    PlaceTile,
)
from acquire8.rules import events as ev

from positions import fill, load, player, safe_chain

NAMES = ["You", "Ana", "Bob", "Cy", "Dot", "Eve"]
LEVELS = ("random", "normal", "greedy", "hard")


def games(count: int, first: int = 0):
    """Seeded games of 2-6 players with mixed computer players (random ones make odd
    mergers: ties, several chains, shared bonuses), both holdings settings and end rules.
    Yields (game, rng, events so far) at every decision; the caller may stop anywhere."""
    for seed in range(first, first + count):
        n = (2, 2, 3, 4, 5, 6)[seed % 6]
        options = Options(end=("declare", "auto")[seed % 2], holdings=("open", "hidden")[seed % 3 == 2])
        g = Game.new(players=n, seed=seed, options=options, names=NAMES[:n])
        bots = [make_bot(LEVELS[(seed + s) % len(LEVELS)], seed * 10 + s) for s in range(n)]
        rng = random.Random(seed)
        log: list[ev.Event] = []
        while not g.is_over:
            yield g, rng, log
            log += g.apply(bots[g.current].choose(g.view(g.current)))


def finish(g: Game, rng: random.Random) -> list[ev.Event]:
    """The rest of a merger with random choices (order, sell, trade, keep)."""
    out: list[ev.Event] = []
    while g.phase in (Phase.SURVIVOR, Phase.DEFUNCT, Phase.DISPOSE):
        out += g.apply(rng.choice(g.legal_actions()))
    return out


def amount(text: str) -> int:
    return int(text.replace("$", "").replace(",", ""))


# ---------------------------------------------------------------------- tile previews


def test_merger_previews_pay_what_the_rules_pay_over_random_games():
    seen: Counter[str] = Counter()
    for g, rng, _ in games(60):
        if g.phase != Phase.PLACE:
            continue
        seat = g.current
        hidden = g.options.holdings == "hidden"
        for tile in g.hand(seat):
            if g.tile_effect(tile) != "merge":
                continue
            lines = tile_preview(g, tile)
            assert 2 <= len(lines) <= 3 and all(len(line) <= LINE_CHARS for line in lines), lines
            real = g.copy()  # the game's own random source: the market draws what it would
            out = real.apply(PlaceTile(tile))
            survivor = None
            if real.phase == Phase.SURVIVOR:
                assert merger_payouts(g, tile) is None and "pick" in lines[0]
                choice = rng.choice(real.legal_actions())
                survivor = choice.chain
                out += real.apply(choice)
                seen["survivor tie"] += 1
            out += finish(real, rng)
            result = merger_payouts(g, tile, survivor)
            assert result is not None
            started = next(e for e in out if isinstance(e, ev.MergerStarted))
            assert result[0] == started.survivor
            assert result[1] == [e for e in out if isinstance(e, ev.ChainDefunct)][-1].size
            assert [p.chain for p in result[2]] == list(started.defunct)
            if survivor is None:
                assert f"{started.survivor} survives" in lines[0]
            if len(started.defunct) > 1:
                seen["several defunct"] += 1
            if g.is_safe(started.survivor):
                seen["safe survivor"] += 1
            for p in result[2]:
                paid = [
                    e for e in out if isinstance(e, ev.BonusPaid) and e.chain == p.chain and e.seat == seat
                ]
                for e in out:  # the price shown is the one shares are sold at
                    if isinstance(e, ev.SharesSold) and e.chain == p.chain:
                        assert e.amount == e.count * p.price
                got = sum(e.amount for e in paid)
                if not p.certain:  # two players: the draw made falls in the range shown
                    assert g.players == 2 and g.shares(seat, p.chain) and g.pool_size()
                    assert p.amount <= got <= p.high and p.amount < p.high
                    seen["market's draw"] += 1
                    if survivor is None and not hidden:
                        assert f"{money(p.amount)}-{money(p.high)}" in " ".join(lines), lines
                    continue
                if g.players == 2 and g.shares(seat, p.chain) and g.pool_size():
                    seen["certain despite the market"] += 1
                assert p.amount == got
                assert p.kind == (paid[0].kind if paid else "")
                seen[p.kind or "none"] += 1
                if survivor is None and not hidden and p.amount:
                    assert money(p.amount) in " ".join(lines), lines
                if hidden:  # no bonus told: it would tell the others' counts
                    assert "maj" not in " ".join(lines) and "min" not in " ".join(lines)
    for kind in ("majority", "minority", "both", "shared", "none", "survivor tie", "several defunct"):
        assert seen[kind] >= 3, seen
    for kind in ("safe survivor", "market's draw", "certain despite the market"):
        assert seen[kind] >= 1, seen


GROW = re.compile(r"GROW (\w) to (\d+): (\$[\d,]+)/share$")
FOUND = re.compile(r"FOUND a chain of (\d+): (\$[\d,]+)(?:-(\$[\d,]+))?$")


def test_grow_found_and_other_previews_match_the_rules_over_random_games():
    seen: Counter[str] = Counter()
    for g, rng, _ in games(40, first=100):
        if g.phase != Phase.PLACE:
            continue
        seat = g.current
        for tile in g.hand(seat):
            effect = g.tile_effect(tile)
            lines = tile_preview(g, tile)
            assert 1 <= len(lines) <= (3 if effect == "merge" else 2) and all(
                len(line) <= LINE_CHARS for line in lines
            ), lines
            seen[effect] += 1
            if effect == "grow":
                real = g.copy()
                grew = next(e for e in real.apply(PlaceTile(tile)) if isinstance(e, ev.ChainGrew))
                m = GROW.match(lines[0])
                assert m, lines
                assert (m[1], int(m[2]), amount(m[3])) == (grew.chain, grew.size, real.price(grew.chain))
                gain = real.net_worth(seat) - g.net_worth(seat)
                assert (money(gain) in " ".join(lines)) == bool(gain), lines
            elif effect == "found":
                real = g.copy()
                real.apply(PlaceTile(tile))
                choice = rng.choice(real.legal_actions())
                assert isinstance(choice, FoundChain)
                founded = next(e for e in real.apply(choice) if isinstance(e, ev.ChainFounded))
                m = FOUND.match(lines[0])
                assert m, lines
                assert int(m[1]) == founded.size
                assert amount(m[2]) <= real.price(choice.chain) <= amount(m[3] or m[2])
                if founded.free_share:
                    assert "no free share" not in lines[1]
                else:
                    assert "free share" not in lines[1] or "none left" in lines[1]
                    seen["no free share"] += 1
            elif effect == "lone":
                assert lines == ["LONE: touches no tile yet"]
            elif effect in ("dead", "no 8th chain"):
                assert lines[0].startswith(effect.upper())
                assert PlaceTile(tile) not in g.legal_actions()
    for effect in ("grow", "found", "lone", "merge", "dead", "no 8th chain"):
        assert seen[effect] >= 3, seen


def _merger_position(ours: int, theirs: int, players: int = 3, pool: list[str] | None = None, **kw) -> Game:
    """T 1A-5A (5 tiles) and L 7A-9A (3, $300 a share): 6A merges them, T survives."""
    people = [player(shares={"L": ours}, hand=["6A", "12I"]), player(shares={"L": theirs})]
    people += [player() for _ in range(players - 2)]
    return load(
        cells={**fill("T", "1A-5A"), **fill("L", "7A-9A")},
        players=people,
        pool=["1I", "2I", "3I"] if pool is None else pool,
        **kw,
    )


def test_merger_preview_in_hand_made_positions():
    assert tile_preview(_merger_position(3, 2), "6A") == [
        "MERGE: T survives, grows to 9",
        "L $300/share: +$3,000 maj",
    ]
    assert tile_preview(_merger_position(2, 3), "6A")[1] == "L $300/share: +$1,500 min"
    assert tile_preview(_merger_position(3, 0), "6A")[1] == "L $300/share: +$4,500 maj+min"
    # a tie for the lead shares both bonuses, rounded up to the next $100: 4,500 / 2
    assert tile_preview(_merger_position(3, 3), "6A")[1] == "L $300/share: +$2,300 shared"
    assert tile_preview(_merger_position(0, 3), "6A")[1] == "L $300/share: no bonus for you"
    hidden = _merger_position(3, 2, holdings="hidden")
    assert tile_preview(hidden, "6A") == ["MERGE: T survives, grows to 9", "L $300, you hold 3"]
    assert tile_preview(hidden, "6A") == tile_preview(_merger_position(3, 9, holdings="hidden"), "6A")


def test_two_player_merger_preview_gives_the_range_of_the_markets_draws():
    # the market may draw a tile of any column you cannot see: here 1, 2 or 3; 3 ties you
    drawn = _merger_position(3, 2, players=2)
    assert tile_preview(drawn, "6A")[1] == "L $300: $2,300-$3,000 by draw"
    # any column: 4 or more give the market the majority and you the minority
    columns = [f"{c}H" for c in range(1, 13)]
    assert (
        tile_preview(_merger_position(3, 2, players=2, pool=columns), "6A")[1]
        == "L $300: $1,500-$3,000 by draw"
    )
    # 13 shares beat any draw (at most 12): the majority is certain
    assert (
        tile_preview(_merger_position(13, 2, players=2, pool=columns), "6A")[1] == "L $300/share: +$3,000 maj"
    )
    # with an empty pool the market holds none (RULES §12): the bonus is certain
    empty = _merger_position(3, 2, players=2, pool=[])
    assert tile_preview(empty, "6A")[1] == "L $300/share: +$3,000 maj"
    assert tile_preview(_merger_position(0, 2, players=2), "6A")[1] == "L $300/share: no bonus for you"


def test_survivor_tie_preview_tells_each_choice():
    g = load(
        cells={**fill("T", "1A-3A"), **fill("L", "5A-7A")},
        players=[player(shares={"T": 2}, hand=["4A", "12I"]), player(shares={"L": 1}), player()],
        pool=["1I"],
    )
    # L keeping its place makes T defunct: its only holder gets both bonuses of a 3-tile T
    assert tile_preview(g, "4A") == ["MERGE T+L: pick the survivor", "T: no bonus; L: +$4,500 maj+min"]
    # the survivor question, once the tile is placed, says each choice the same way, in full
    g.apply(PlaceTile("4A"))
    assert [o.info for o in make_screen(g).options] == [
        "T survives: no bonus for you",
        "L survives: +$4,500 maj+min",
    ]
    hidden = Game.from_json(g.to_json().replace('"open"', '"hidden"'))
    assert hidden.options.holdings == "hidden"
    assert [o.info for o in make_screen(hidden).options] == [
        "T survives: you hold 0 L",
        "L survives: you hold 2 T",
    ]


def test_dead_no_eighth_chain_and_bad_tiles():
    safe = load(
        cells={**safe_chain("T"), **safe_chain("L", "1C")},
        players=[player(hand=["1B", "12I"]), player(), player()],
        pool=["1I"],
    )
    assert tile_preview(safe, "1B") == ["DEAD: would merge safe T+L", "swapped at the end of your turn"]
    seven = {
        **fill("T", "1A-2A"),
        **fill("L", "4A-5A"),
        **fill("A", "7A-8A"),
        **fill("W", "10A-11A"),
        **fill("F", "1C-2C"),
        **fill("I", "4C-5C"),
        **fill("C", "7C-8C"),
        "1E": "#",
    }
    full = load(cells=seven, players=[player(hand=["1F", "12I"]), player(), player()], pool=["1I"])
    assert tile_preview(full, "1F")[0] == "NO 8TH CHAIN: all 7 on board"
    for bad in ("13A", "1Z", ""):
        try:
            tile_preview(full, bad)
        except ValueError as e:
            assert "not a tile" in str(e)
        else:
            raise AssertionError(f"{bad!r} was accepted")
    try:
        tile_preview(full, "3I")
    except ValueError as e:
        assert "not in the hand" in str(e)
    else:
        raise AssertionError("a tile outside the hand was previewed")


# ---------------------------------------------------------------------- buy standing

STANDING = re.compile(
    r"\+1 (\w): (?:you'd hold (\d+), bank (\d+)$|you'd hold (\d+), (?:others|[\w+]+) \d+$"
    r"|you'd tie .+ at (\d+)$|(?:tie 2nd|2nd): you (\d+), \w+ \d+$|no bonus: you'd hold (\d+)$"
    r"|sole holder with (\d+)$)"
)


def standing_kind(line: str) -> str:
    """The standing a buy line says: lead, tie, 2nd, no (bonus), sole, hidden."""
    words = line.split(": ", 1)[1]
    if ", bank " in words:
        return "hidden"
    if words.startswith("you'd hold"):
        return "lead"
    if words.startswith("you'd tie"):
        return "tie"
    if words.startswith(("2nd", "tie 2nd")):
        return "2nd"
    return words.split(" ")[0].rstrip(":")


def test_buy_standing_matches_the_holdings_after_the_purchase():
    seen: Counter[str] = Counter()
    for g, rng, _ in games(40, first=200):
        if g.phase != Phase.BUY:
            continue
        seat = g.current
        legal = {a.chains for a in g.legal_actions() if isinstance(a, BuyShares)}
        cart = list(rng.choice(sorted(c for c in legal if len(c) < 3)))
        rng.shuffle(cart)
        hidden = g.options.holdings == "hidden"
        for chain in g.chains_on_board():
            bundle = BuyShares((*cart, chain))
            if bundle.chains not in legal:
                continue
            line = buy_standing(g, chain, tuple(cart))
            assert len(line) <= LINE_CHARS
            after = g.copy()
            after.apply(bundle)
            mine = g.shares(seat, chain) + bundle.chains.count(chain)
            others = [g.shares(s, chain) for s in range(g.players) if s != seat]
            m = STANDING.match(line)
            assert m, line
            letters = [x for x in m.groups() if x and x.isalpha()]
            numbers = [int(x) for x in m.groups() if x and x.isdigit()]
            assert letters == [chain] and numbers[0] == mine, line
            if hidden:
                assert numbers[1] == g.bank_shares(chain) - bundle.chains.count(chain)
                assert not any(name in line for name in g.names if name != "You")
                seen["hidden"] += 1
                continue
            if not after.is_over:
                assert mine == after.shares(seat, chain)
            kind = standing_kind(line)
            top = max(others)
            leaders = [g.names[s] for s in range(g.players) if s != seat and g.shares(s, chain) == top]
            who = "+".join(leaders) if len(leaders) <= 2 else "others"
            if kind in ("lead", "2nd"):
                assert line.endswith(f", {who} {top}"), line
            if kind == "lead":
                assert mine > top > 0
            elif kind == "tie":
                assert mine == top and f"you'd tie {who} at" in line, line
            elif kind == "sole":
                assert top == 0
            else:
                assert mine < top
                if not after.is_over:
                    assert (after.bonus_payouts(chain)[seat] > 0) == (kind != "no"), line
            seen[kind] += 1
    for kind in ("lead", "tie", "2nd", "no", "hidden"):
        assert seen[kind] >= 3, seen


def test_the_buy_screen_says_what_its_option_is():
    g = load(cells=fill("I", "1A-4A"), players=[player(hand=["12I"]), player(), player()], pool=["1I"])
    g.apply(PlaceTile("12I"))
    ui = BuyScreen(g)
    assert ui.option == "DONE"  # nothing founded this turn: a tap of X buys nothing unchosen
    ui.index = ui.options.index("I")
    assert ui.info == "Imperial $600 bank 25"
    ui.index = ui.options.index("DONE")
    assert ui.info == "Buy nothing and end the turn"
    ui.cart.append("I")
    assert ui.info == "Buy the cart and end the turn"
    ui.index = ui.options.index("UNDO")
    assert ui.info == "Take back the last share (I)"
    ui.cart.clear()  # UNDO is greyed: the line says why
    assert ui.info == "Cart empty: nothing to undo"


def test_buy_standing_in_a_hand_made_position():
    def standing(
        ours: int, ana: int, bob: int, cart: tuple[str, ...] = (), hidden: bool | None = None
    ) -> str:
        g = load(
            cells=fill("I", "1A-4A"),  # Imperial of 4: $600 a share
            players=[
                player(shares={"I": ours}, hand=["12I"], name="You"),
                player(shares={"I": ana}, name="Ana"),
                player(shares={"I": bob}, name="Bob"),
            ],
            pool=["1I", "2I"],
        )
        g.apply(PlaceTile("12I"))
        return buy_standing(g, "I", cart, hidden)

    # 3 held, 1 in the cart, 1 more: the line counts the share X would add, and says so.
    assert standing(3, 4, 0, ("I",)) == "+1 I: you'd hold 5, Ana 4"
    assert standing(3, 4, 4, ("I",)) == "+1 I: you'd hold 5, Ana+Bob 4"
    assert standing(2, 3, 1) == "+1 I: you'd tie Ana at 3"
    assert standing(1, 5, 0) == "+1 I: 2nd: you 2, Ana 5"
    assert standing(1, 5, 2) == "+1 I: tie 2nd: you 2, Ana 5"
    assert standing(0, 5, 5) == "+1 I: no bonus: you'd hold 1"  # tied leaders share both bonuses
    assert standing(0, 0, 0, ("I", "I")) == "+1 I: sole holder with 3"
    assert standing(3, 4, 0, ("I",), hidden=True) == "+1 I: you'd hold 5, bank 16"
    try:
        standing(0, 0, 0, ("I", "I", "I"))
    except ValueError as e:
        assert "cannot buy" in str(e)
    else:
        raise AssertionError("a fourth share was accepted")


# ---------------------------------------------------------------------- recap


def test_recap_of_a_hand_made_round():
    g = load(
        cells={**fill("I", "3C-6C"), "2A": "#"},
        players=[
            player(hand=["12I"], name="You"),
            player(hand=["7C"], name="Ana"),
            player(hand=["2B"], name="Bob"),
        ],
        pool=[f"{c}H" for c in range(1, 13)],
        current=1,
    )
    log = g.apply(PlaceTile("7C"))
    log += g.apply(BuyShares(("I", "I", "I")))
    log += g.apply(PlaceTile("2B"))
    log += g.apply(FoundChain("T"))
    log += g.apply(BuyShares(("T", "T")))
    assert recap(log, 0, g.names) == ["Ana 7C: grows I to 5, buys 3 I", "Bob 2B: founds T, buys 2 T"]
    assert tiles_since(log, 0) == ["7C", "2B"]
    # the viewer's own turn under way, and everything before their last turn, are left out
    log += g.apply(PlaceTile("12I"))
    log += g.apply(BuyShares(()))
    assert recap(log, 0, g.names) == []
    assert recap(log, 1, g.names) == ["Bob 2B: founds T, buys 2 T", "You 12I: no chain, no buy"]


def test_a_turn_with_every_event_is_told_by_what_counts():
    """Every event reaches the recap's dispatch (one it forgot would fail there); the ones too
    small for it or told on a screen of their own add nothing."""
    turn = [ev.TurnStarted(1, "Ana"), *(e for e in ONE_OF_EACH if not isinstance(e, ev.TurnStarted))]
    assert recap(turn, 0, ["You", "Ana"]) == [
        "Ana 5E: no chain, founds T,",
        "  grows T to 3,",
        "  merges L+W into C,",
        "  buys 2 T 1 L,",
        "  no tile to play, new hand,",
        "  declares the end",
        "L bonus: Ana $3,000 maj,",
        "  Market $1,500 min",
    ]


def test_recap_tells_who_got_which_bonus():
    g = _merger_position(2, 3, players=3)  # seat 0 merges; seats 1 and 2 look back
    log = g.apply(PlaceTile("6A"))
    while g.phase == Phase.DISPOSE:
        log += g.apply(g.legal_actions()[0])
    log += g.apply(BuyShares(()))
    assert recap(log, 1, ["You", "Ana", "Bob"]) == [
        "You 6A: merges L into T,",  # 30 characters a line: a margin inside the panel's frame
        "  no buy",
        "L bonus: Ana $3,000 maj,",
        "  You $1,500 min",
    ]


def test_recap_and_tiles_since_over_random_games():
    checked = 0
    for g, _, log in games(30, first=300):
        viewer = 0
        if g.current != viewer or g.phase != Phase.PLACE or not log:
            continue
        lines = recap(log, viewer, g.names)
        assert all(len(line) <= LINE_CHARS for line in lines)
        # independently: everything after the viewer's last purchase and before this turn
        last = max(
            (i for i, e in enumerate(log) if isinstance(e, ev.SharesBought) and e.seat == viewer), default=-1
        )
        since = [e for e in log[last + 1 :] if not (isinstance(e, ev.TurnStarted) and e.seat == viewer)]
        placed = [e.tile for e in since if isinstance(e, ev.TilePlaced)]
        assert tiles_since(log, viewer) == placed
        text = " ".join(lines)
        for e in since:
            if isinstance(e, ev.SharesBought):
                counts = " ".join(f"{e.chains.count(c)} {c}" for c in dict.fromkeys(e.chains))
                assert (f"buys {counts}" if e.chains else "no buy") in text
            if isinstance(e, ev.TilePlaced):
                assert f"{g.names[e.seat]} {e.tile}:" in text
            if isinstance(e, ev.BonusPaid):
                assert money(e.amount) in text
        checked += 1
    assert checked > 100


# ---------------------------------------------------------------------- holdings sheet


def test_holdings_sheet_matches_the_readers_and_hides_what_it_must():
    checked = Counter()
    for g, rng, _ in games(20, first=400):
        if rng.random() > 0.1:
            continue
        viewer = rng.choice([None, *range(g.players)])
        for hidden in (False, True):
            h = holdings(g, viewer, hidden)
            assert isinstance(h, Holdings) and h.hidden is hidden
            for i, chain in enumerate(CHAINS):
                assert h.bank[i] == g.bank_shares(chain)
                assert (h.sizes[i], h.prices[i]) == (g.chain_size(chain), g.price(chain))
                if not hidden:
                    assert sum(h.held(s, chain) for s in range(g.players)) + h.bank[i] == 25
                lead = h.lead(chain)
                if hidden or not g.chain_size(chain):
                    assert lead is None
                    continue
                pay = g.bonus_payouts(chain)
                assert lead.pay == tuple(pay)
                for s in range(g.players):
                    held = g.shares(s, chain)
                    top = max(g.shares(x, chain) for x in range(g.players))
                    assert (s in lead.majority) == (held == top > 0)
                    if s in lead.minority:
                        assert 0 < held < top
                checked["lead"] += 1
            for s in range(g.players):
                assert h.cash[s] == g.cash(s)
                if hidden and s != viewer:
                    assert h.worth[s] is None and set(h.shares[s]) == {None}
                else:
                    assert h.worth[s] == g.net_worth(s)
                    assert h.shares[s] == tuple(g.shares(s, c) for c in CHAINS)
                    checked["shown"] += 1
    assert checked["lead"] > 20 and checked["shown"] > 20
    try:
        holdings(g, 9)
    except ValueError as e:
        assert "viewer" in str(e)
    else:
        raise AssertionError("a seat that does not exist was accepted")


def test_the_chains_page_says_who_takes_each_bonus_and_the_holdings_page_who_plays():
    # T 3 tiles ($300: $3,000/$1,500), L 2 ($200), I 2 ($400); Ana and Bob tie on L.
    cells = {**fill("T", "1A-3A"), **fill("L", "5A-6A"), **fill("I", "8A-9A")}
    seats = [
        player(shares={"T": 4, "I": 2}, name="You"),
        player(shares={"T": 2, "L": 3}, name="Ana"),
        player(shares={"L": 3}, name="Bob"),
    ]
    g = load(cells=cells, players=seats, pool=["1I"])
    sheet = holdings(g, 0)
    assert bonus_line(sheet, "T") == "You $3,000 Ana $1,500"
    assert bonus_line(sheet, "L") == "Ana+Bob $1,500 each"
    assert bonus_line(sheet, "I") == "You $6,000 both"
    nobody = load(cells=cells, players=[player(), player(), player()])
    assert bonus_line(holdings(nobody, 0), "T") == "no holders"
    assert bonus_line(holdings(g, 1, hidden=True), "T") == "you hold 2"
    assert bonus_line(holdings(g, None, hidden=True), "T") == "holdings hidden"
    assert [level_label({1: "hard", 2: "easy"}, s, 0, {0}) for s in range(3)] == ["you", "hard", "easy"]
    assert [level_label({2: "easy"}, s, None, {0, 1}) for s in range(3)] == ["person", "person", "easy"]


def test_a_survivor_choice_too_long_for_a_line_drops_survives_not_its_amounts():
    assert survivor_line("F", "+$4,000 maj") == "F survives: +$4,000 maj"
    line = survivor_line("L", "$2,500-$5,000 by draw")  # "L survives: ..." is 33 characters
    assert line == "L: $2,500-$5,000 by draw" and len(line) <= LINE_CHARS
