"""The hint: following every hint plays exactly as the hard computer player
does, and its reasons carry the rules core's numbers, checked by making the move."""

from __future__ import annotations

import random
import re
from collections import Counter

from acquire8.ai import make_bot
from acquire8.app.control.hint import HINT_SEED, end_standing, hint, why
from acquire8.app.text import LINE_CHARS, money
from acquire8.rules import BuyShares, DeclareEnd, Dispose, Game, Options, Phase, PlaceTile
from acquire8.rules import events as ev

from positions import fill, load, player, safe_chain

NAMES = ["You", "Ana", "Bob", "Cy"]


def _play(players: int, seed: int, follow_hints: bool, options: Options) -> tuple[list, list[int], Counter]:
    """One game: seat 0 follows the hint, or is the hard player seeded as the hint seeds it
    (a fresh player with HINT_SEED for every decision); normal players elsewhere."""
    g = Game.new(players=players, seed=seed, options=options, names=NAMES[:players])
    field = [make_bot("normal", seed * 10 + s) for s in range(players)]
    actions = []
    phases: Counter = Counter()
    while not g.is_over:
        if g.current == 0:
            if follow_hints:
                act, text = hint(g)
                lines = text.split("\n")
                assert len(lines) <= 2 and all(0 < len(line) <= LINE_CHARS for line in lines), text
                phases["declare" if DeclareEnd() in g.legal_actions() else g.phase] += 1
            else:
                act = make_bot("hard", HINT_SEED).choose(g.view(0))
        else:
            act = field[g.current].choose(g.view(g.current))
        actions.append(act)
        g.apply(act)
    return actions, g.scores(), phases


def test_following_every_hint_plays_as_the_hard_player():
    phases: Counter = Counter()
    for players, seed, holdings in (
        (2, 1, "open"),
        (2, 2, "hidden"),
        (3, 3, "open"),
        (4, 4, "hidden"),
        (4, 5, "open"),
    ):
        options = Options(holdings=holdings)
        followed, scores, seen = _play(players, seed, True, options)
        hard, hard_scores, _ = _play(players, seed, False, options)
        assert followed == hard and scores == hard_scores
        phases += seen
    for phase in (Phase.PLACE, Phase.FOUND, Phase.BUY, Phase.DISPOSE):
        assert phases[phase] > 0, phases


def _merger_position(ours: int, theirs: int, holdings: str = "open") -> Game:
    """T 1A-5A and L 7A-9A ($300 a share): 6A merges them and T survives."""
    return load(
        cells={**fill("T", "1A-5A"), **fill("L", "7A-9A")},
        players=[
            player(shares={"L": ours}, hand=["6A"], name="You"),
            player(shares={"L": theirs}, name="Ana"),
            player(name="Bob"),
        ],
        pool=["1I", "2I", "3I"],
        holdings=holdings,
    )


def test_merge_reason_is_the_bonus_paid_and_hidden_holdings_tell_nothing():
    assert why(_merger_position(3, 2), 0, PlaceTile("6A")) == "+$3,000 majority in L now"
    assert why(_merger_position(2, 3), 0, PlaceTile("6A")) == "+$1,500 minority in L now"
    assert why(_merger_position(0, 3), 0, PlaceTile("6A")) == "no bonus for you in it"
    hidden = [why(_merger_position(3, theirs, "hidden"), 0, PlaceTile("6A")) for theirs in (0, 2, 5)]
    assert hidden == ["bonus for your 3 L"] * 3
    g = _merger_position(3, 2)
    assert g.apply(PlaceTile("6A"))[2] == ev.BonusPaid(0, "You", "L", 3000, "majority")


def _end_position(ours: int = 5, theirs: int = 3) -> Game:
    """Tower just safe ($700), the only chain: the end may be declared after placing 12I."""
    g = load(
        cells=safe_chain("T"),
        players=[
            player(cash=6000, shares={"T": ours}, hand=["12I"], name="You"),
            player(cash=7000, shares={"T": theirs}, name="Ana"),
            player(cash=1000, name="Bob"),
        ],
        pool=["1I", "2I"],
    )
    g.apply(PlaceTile("12I"))
    return g


def test_end_standing_in_a_hand_made_position():
    # You: 6,000 + 7,000 majority + 5 x 700; Ana: 7,000 + 3,500 minority + 3 x 700
    assert end_standing(_end_position()) == "You'd win by $3,900 over Ana"
    # buying three more T first: 3 x 700 spent and got back, the same bonuses
    assert end_standing(_end_position(), ("T", "T", "T")) == "You'd win by $3,900 over Ana"
    # You: 6,000 + 3,500 + 3 x 700; Ana: 7,000 + 7,000 + 5 x 700
    assert end_standing(_end_position(3, 5)) == "You'd be 2nd, $5,900 behind Ana"
    # buying three T takes the lead from Ana: 6 against 5
    assert end_standing(_end_position(3, 5), ("T", "T", "T")) == "You'd win by $1,100 over Ana"
    action, text = hint(_end_position())
    assert action == DeclareEnd() and text == "END THE GAME\nYou'd win by $3,900 over Ana"
    hidden = load(
        cells=safe_chain("T"),
        players=[player(shares={"T": 5}, hand=["12I"]), player(shares={"T": 3}), player()],
        pool=["1I"],
        holdings="hidden",
    )
    hidden.apply(PlaceTile("12I"))
    assert end_standing(hidden) == f"You'd have {money(6000 + 5 * 700)} + bonuses"
    try:
        end_standing(load(cells=fill("T", "1A-3A"), players=[player(hand=["12I"]), player()], pool=[]))
    except ValueError as e:
        assert "buy phase" in str(e)
    else:
        raise AssertionError("end_standing outside the buy phase was accepted")


STANDING = re.compile(
    r"(?:You'd )?(?:win by (\$[\d,]+) over (\w+)|(?:be )?(\d)\w\w(?: place)?, (\$[\d,]+) behind (\w+)|"
    r"[tT]ie for 1st)"
)


def _amount(text: str) -> int:
    return int(text.replace("$", "").replace(",", ""))


def test_reasons_carry_the_amounts_the_rules_pay_over_random_games():
    seen: Counter[str] = Counter()
    for seed in range(24):
        players = 3 + seed % 2
        g = Game.new(players=players, seed=seed, names=NAMES[:players], options=Options(end="declare"))
        bots = [make_bot(("hard", "normal", "random")[(seed + s) % 3], seed * 10 + s) for s in range(players)]
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.current
            legal = g.legal_actions()
            if DeclareEnd() in legal:
                text = end_standing(g)
                ended = g.copy()
                ended.apply(DeclareEnd())
                ended.apply(BuyShares(()))
                scores = ended.scores()
                others = [s for s in range(players) if s != seat]
                best = max(others, key=lambda s: scores[s])
                m = STANDING.match(text)
                assert m, text
                if m[1]:
                    assert scores[seat] - scores[best] == _amount(m[1]) > 0 and m[2] == g.names[best]
                elif m[3]:
                    assert int(m[3]) == 1 + sum(1 for s in scores if s > scores[seat])
                    assert scores[best] - scores[seat] == _amount(m[4]) and m[5] == g.names[best]
                else:
                    assert scores[seat] == scores[best]
                seen["end"] += 1
            if g.phase == Phase.DISPOSE:
                act = rng.choice(legal)
                text = why(g, seat, act)
                assert len(text) <= LINE_CHARS
                out = g.copy().apply(act)
                sold = [e for e in out if isinstance(e, ev.SharesSold)]
                if sold:
                    assert text.startswith(f"+{money(sold[0].amount)} cash")
                    seen["sale"] += 1
            if g.phase == Phase.PLACE:
                for act in legal:
                    assert isinstance(act, PlaceTile)
                    text = why(g, seat, act)
                    assert len(text) <= LINE_CHARS
                    m = re.match(r"\+(\$[\d,]+) (majority|minority|maj\+min|shared) in (\w) now", text)
                    if m:
                        h = g.copy()
                        out = h.apply(act)
                        while h.phase in (Phase.DEFUNCT, Phase.DISPOSE):
                            out += h.apply(rng.choice(h.legal_actions()))
                        paid = [e for e in out if isinstance(e, ev.BonusPaid) and e.seat == seat]
                        assert [(money(e.amount), e.chain) for e in paid] == [(m[1], m[3])]
                        seen["bonus"] += 1
                    m = re.match(r"\+(\$[\d,]+) on your (\w) shares", text)
                    if m:
                        h = g.copy()
                        h.apply(act)
                        assert money(h.net_worth(seat) - g.net_worth(seat)) == m[1]
                        seen["grow"] += 1
            g.apply(bots[seat].choose(g.view(seat)))
    for kind in ("end", "sale", "bonus", "grow"):
        assert seen[kind] >= 3, seen


def test_a_lead_said_to_hold_does_hold_until_the_next_turn():
    """ "Ana can't top your W this round": played on, no one holds more W at the next turn."""
    claims = 0
    for seed in range(30):
        players = 3 + seed % 3
        g = Game.new(players=players, seed=seed, names=NAMES[:3] + ["Dot", "Eve", "Flo"][: players - 3])
        bots = [make_bot(("hard", "normal", "random")[(seed + s) % 3], seed * 10 + s) for s in range(players)]
        claim: tuple[int, str] | None = None
        defunct: set[str] = set()
        while not g.is_over:
            seat = g.current
            if claim and claim[0] == seat and g.phase == Phase.PLACE:
                chain = claim[1]
                if chain not in defunct:
                    mine = g.shares(seat, chain)
                    assert all(g.shares(s, chain) <= mine for s in range(players))
                    claims += 1
                claim = None
            act = bots[seat].choose(g.view(seat))
            if g.phase == Phase.BUY and claim is None and isinstance(act, BuyShares):
                m = re.match(
                    r"(?:\w+ can't top your (\w)|Your (\w) lead holds) this round", why(g, seat, act)
                )
                if m:
                    claim, defunct = (seat, m[1] or m[2]), set()
            for e in g.apply(act):
                if isinstance(e, ev.ChainDefunct):
                    defunct.add(e.chain)
    assert claims >= 5


def test_dispose_reason_counts_the_survivor_shares_at_their_price_after_the_merger():
    g = _merger_position(4, 2)
    g.apply(PlaceTile("6A"))
    assert g.phase == Phase.DISPOSE and g.current == 0
    # four L traded for two T; T has nine tiles after the merger: $600 a share
    assert why(g, 0, Dispose(0, 4)) == "2 T worth $1,200"
    assert why(g, 0, Dispose(2, 2)) == "+$600 cash, 1 T worth $600"
    assert why(g, 0, Dispose(0, 0)) == "keep 4 L for its return"


def test_the_benchmark_plays_the_hint_follower_as_the_arena_plays_the_hard_player():
    """With four players the hard player draws nothing at random, so the benchmark's
    hint-follower and the arena's hard player (other seeds) win exactly the same games."""
    from acquire8.ai import arena
    from bench.hint import hint_share

    follower = hint_share(games=8, seed=3)
    hard = arena.run("hard", "normal", 8, seed=3)
    assert follower["games"] == hard.games == 8
    assert follower["win_share"] == hard.share and follower["interval95"] == hard.interval


def test_a_tile_that_pays_no_one_says_what_the_hands_other_tile_would_give_a_rival():
    """The hint's reason for a quiet tile is why it beats the others, not what it does: 4A
    would grow T from 3 to 4 tiles ($300 to $400 a share) for Ana's four shares."""
    g = load(
        cells=fill("T", "1A-3A"),
        players=[player(hand=["4A", "12I"], name="You"), player(shares={"T": 4}, name="Ana"), player()],
        pool=["1I", "2I"],
    )
    assert why(g, 0, PlaceTile("12I")) == "helps no rival (4A: Ana +$400)"
    h = g.copy()
    h.apply(PlaceTile("4A"))
    assert h.net_worth(1) - g.net_worth(1) == 400


def test_a_lead_that_holds_counts_only_rivals_not_a_partner():
    """2 vs 2: your partner (seat 2) holds more T than you will; the rivals cannot pass you."""
    g = load(
        cells=fill("T", "1A-3A"),
        players=[
            player(shares={"T": 2}, hand=["12I"], name="You"),
            player(shares={"T": 1}, name="Ana"),
            player(shares={"T": 6}, name="Bob"),
            player(name="Cy"),
        ],
        pool=["1I", "2I"],
        mode="2v2",
    )
    g.apply(PlaceTile("12I"))
    assert g.team_of(2) == g.team_of(0)
    assert why(g, 0, BuyShares(("T", "T", "T"))) == "Ana can't top your T this round"
