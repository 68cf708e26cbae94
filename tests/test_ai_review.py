"""The expert's review of a finished game: costs, classes, accuracy, determinism, slicing."""

from __future__ import annotations

import json
import math

import pytest

from acquire8.ai import make_bot
from acquire8.ai.match import record_game
from acquire8.ai.review import (
    ACCURACY_SCALE,
    BLUNDER,
    CLASSES,
    EFFORT_TILES,
    GOOD,
    INACCURACY,
    MISTAKE,
    SURE_Z,
    THRESHOLDS,
    Decision,
    Review,
    accuracy,
    classify,
    effort,
)
from acquire8.rules import BuyShares, Dispose, Game, Phase
from acquire8.rules.record import GameRecord, replay

ITERATIONS = 4  # deals a decision: enough for a test, far fewer than a real review's


@pytest.fixture(scope="module")
def record():
    """A short game of three: easy, hard and greedy."""
    levels = ["easy", "hard", "greedy"]
    return record_game([make_bot(lv, 30 + s) for s, lv in enumerate(levels)], 5, levels)


@pytest.fixture(scope="module")
def reviewed(record):
    review = Review(record, seats=[0, 1], iterations=ITERATIONS, seed=3)
    review.run()
    return review


def _decision(cost: float, se: float = 0.0, options: int = 5) -> Decision:
    return Decision(0, 1, 0, BuyShares(()), BuyShares(("T",)), cost, se, 8, options)


def test_classes_by_thresholds_only_when_the_cost_is_beyond_doubt():
    assert classify(0, 0) == GOOD
    assert classify(499, 0) == GOOD
    assert classify(500, 0) == INACCURACY
    assert classify(1500, 100) == MISTAKE
    assert classify(4000, 10) == BLUNDER
    assert classify(9000, 9000 / SURE_Z) == GOOD  # its interval touches zero: maybe noise
    assert classify(9000, 9000 / SURE_Z - 1) == BLUNDER


def test_accuracy_is_an_exponential_of_the_mean_sure_cost_over_free_decisions():
    assert accuracy([]) == 100.0
    assert accuracy([_decision(0), _decision(5000, options=1)]) == 100.0  # forced: left out
    two = [_decision(2 * ACCURACY_SCALE), _decision(0)]
    assert accuracy(two) == pytest.approx(100 / math.e)
    assert accuracy([_decision(3000, se=2000)]) == 100.0  # not beyond doubt: costs nothing
    assert accuracy([_decision(300)]) < 100.0  # a sure cost below the first class still counts


def test_every_decision_of_the_chosen_seats_is_reviewed_in_order(record, reviewed):
    starts = [i for i, _ in enumerate(record.actions)]
    indices = [d.index for d in reviewed.decisions]
    assert indices == sorted(indices) and set(indices) <= set(starts)
    assert {d.seat for d in reviewed.decisions} == {0, 1}
    assert reviewed.progress == (len(reviewed.decisions), len(reviewed.decisions))
    assert all(record.actions[d.index] == d.played for d in reviewed.decisions)
    assert [d.turn for d in reviewed.decisions] == sorted(d.turn for d in reviewed.decisions)


def test_costs_classes_and_counts_agree(reviewed):
    assert any(d.forced for d in reviewed.decisions)  # a game of three has forced moves
    for d in reviewed.decisions:
        assert d.cost >= 0 and d.se >= 0
        if d.forced:
            assert (d.cost, d.best, d.deals) == (0.0, d.played, 0)
        if d.best == d.played:
            assert d.cost == 0 and d.kind == GOOD
        if d.kind != GOOD:
            assert d.best != d.played and d.cost - SURE_Z * d.se > 0 and d.deals >= 2
    for seat in (0, 1):
        counts = reviewed.counts(seat)
        assert list(counts) == list(CLASSES)
        assert sum(counts.values()) == sum(1 for d in reviewed.of(seat) if not d.forced)
        assert 0 < reviewed.accuracy(seat) <= 100


def test_the_easy_seat_reviews_worse_than_the_hard_one(reviewed):
    easy, hard = reviewed.counts(0), reviewed.counts(1)
    assert easy[MISTAKE] + easy[BLUNDER] > hard[MISTAKE] + hard[BLUNDER]
    assert reviewed.accuracy(0) < reviewed.accuracy(1)


def test_the_same_review_twice_and_however_sliced(record, reviewed):
    again = Review(record, seats=[1], iterations=ITERATIONS, seed=3)
    steps = 0
    while not again.done:
        again.step(0.5)  # a front end's slice: a decision takes many steps
        steps += 1
    assert again.decisions == reviewed.of(1)  # the same deals: the seats do not share them
    assert steps > len(again.decisions)
    other = Review(record, seats=[0], iterations=ITERATIONS, seed=4).run()
    assert [d.index for d in other] == [d.index for d in reviewed.of(0)]
    assert [d.cost for d in other] != [d.cost for d in reviewed.of(0)]  # the seed picks the deals


def test_bad_arguments_are_refused(record):
    with pytest.raises(ValueError, match="at least 2"):
        Review(record, iterations=1)
    with pytest.raises(ValueError, match="seats are 0 to 2"):
        Review(record, seats=[3])


# ---------------------------------------------------------------- a planted bad move


def planted_disposal(least: int) -> tuple[GameRecord, Game]:
    """A game of hard players up to seat 0's first disposal of shares worth at least `least`
    when sold, and the position before it: the record ends with that disposal, keeping every
    share (a defunct chain's shares are worth nothing until it is founded again)."""
    for seed in range(1, 60):
        bots = [make_bot("hard", seed * 10 + s) for s in range(3)]
        g = Game.new(players=3, seed=seed, names=["P1", "P2", "P3"])
        actions = []
        while not g.is_over:
            if g.current == 0 and g.phase == Phase.DISPOSE:
                chain = g.merger_state()["defunct"]
                if g.shares(0, chain) * g.price(chain) >= least:
                    keep = Dispose(sell=0, trade=0)
                    record = GameRecord(seed, tuple(g.names), ("hard",) * 3, (*actions, keep))
                    return record, g
            action = bots[g.current].choose(g.view(g.current))
            g.apply(action)
            actions.append(action)
    raise AssertionError("no disposal worth it in 60 games")


def test_a_planted_bad_move_is_a_mistake_and_the_expert_s_own_move_is_good():
    least = 2 * dict(THRESHOLDS)[BLUNDER]
    bad, before = planted_disposal(least)
    chain = before.merger_state()["defunct"]
    held = before.shares(0, chain)
    worst = Review(bad, seats=[0], iterations=8, seed=1).run()[-1]
    assert worst.index == len(bad.actions) - 1 and worst.played == Dispose(0, 0)
    assert worst.kind in (MISTAKE, BLUNDER), worst
    assert worst.best != worst.played and worst.cost >= dict(THRESHOLDS)[MISTAKE]
    # The expert's own move in the same position is not a mistake.
    good = GameRecord(bad.seed, bad.names, bad.seats, (*bad.actions[:-1], worst.best))
    again = Review(good, seats=[0], iterations=8, seed=1).run()[-1]
    assert again.played == worst.best and again.kind == GOOD and again.cost == 0
    assert held * before.price(chain) >= least  # what keeping every share threw away


def test_the_review_plays_the_other_seats_as_the_levels_the_record_names(record, reviewed):
    # the greedy seat played out as greedy, or (the record naming no level for it) with the
    # leanings the expert keeps for a person: other costs for the hard seat's decisions
    unknown = GameRecord(record.seed, record.names, ("easy", "person", "person"), record.actions)
    review = Review(unknown, seats=[1], iterations=ITERATIONS, seed=3)
    for _ in range(8):
        review.step()
    assert len(review.decisions) == 8
    known = [(d.cost, d.best) for d in reviewed.of(1)[:8]]
    assert [(d.cost, d.best) for d in review.decisions] != known


def test_a_review_taken_up_after_a_break_ends_as_without_it(record, reviewed):
    part = Review(record, seats=[0, 1], iterations=ITERATIONS, seed=3)
    while part.progress[0] < 5:
        part.step(0.5)
    saved = json.loads(json.dumps(part.to_dict()))
    again = Review(record, seats=[0, 1], iterations=ITERATIONS, seed=3)
    again.restore(saved)
    assert again.progress == part.progress
    again.run()
    assert again.decisions == reviewed.decisions
    with pytest.raises(ValueError, match="already under way"):
        again.restore(saved)
    others = (Review(record, seats=[0], iterations=ITERATIONS, seed=3), Review(record, seats=[0, 1], seed=4))
    for other in others:
        with pytest.raises(ValueError, match="other seats, deals or seed"):
            other.restore(saved)
    saved["decisions"][2]["action"] += 1
    fresh = Review(record, seats=[0, 1], iterations=ITERATIONS, seed=3)
    with pytest.raises(ValueError, match="decision 3"):
        fresh.restore(saved)
    assert fresh.progress[0] == 0  # left as it was


def test_a_decisions_work_grows_as_the_board_fills_and_a_forced_one_has_none(record):
    """`effort`, what the time left is told by: nothing for a forced decision, more for a
    placement on a fuller board, a founding or disposal half a placement's."""
    review = Review(record, seats=[0], iterations=ITERATIONS)
    before = record.start()
    views = []
    for step in replay(record):
        if step.seat == 0:
            views.append(before.view(0))
        before = step.game
    works = [effort(v) for v in views]
    assert review.effort() == sum(works) and review.effort(3) == sum(works[:3])
    forced = [w for v, w in zip(views, works, strict=True) if len(v.legal_actions()) == 1]
    assert forced and set(forced) == {0.0}
    places = [(v.tiles_on_board(), w) for v, w in zip(views, works, strict=True) if v.phase == Phase.PLACE]
    assert places[-1][1] > places[0][1] and places[-1][0] > places[0][0]
    for v, w in zip(views, works, strict=True):
        if w and v.phase not in (Phase.PLACE, Phase.BUY):
            assert w == (v.tiles_on_board() + EFFORT_TILES) / 2
