"""Games recorded elsewhere, replayed move for move: tlstyer's one-player game (RULES §14, solo;
tests/data/tlstyer_one_player_game.json) holds our rules to another engine's, move by move, to
its final cash.

Kept apart from the rules tests on purpose: a recorded game was played under the rules as they
were (chains safe at 11 tiles, the end at 41) and cannot follow a change of them. A change of
SAFE_SIZE or END_SIZE fails these tests and, besides them, only the rules tests of that very
rule: the other tests build their positions from the rules' constants (tests/positions.py).
"""

from __future__ import annotations

import json
from pathlib import Path

from acquire8.rules import CHAINS, BuyShares, FoundChain, Game, Options
from acquire8.rules import events as ev
from acquire8.rules.record import action_from_dict
from acquire8.rules.tables import HAND_SIZE, START_CASH
from tests.positions import ALL_TILES, COLS, ROW_LETTERS

SOLO = Options(mode="solo")
TLSTYER = json.loads((Path(__file__).parent / "data" / "tlstyer_one_player_game.json").read_text())


def tlstyer_deal() -> Game:
    """The recorded game as dealt: the bag's first tile on the board (the start tile), the
    next six in the hand, the rest drawn in the bag's order (a record deals from a seed, so
    the deal is given as a position; no stored format changes)."""
    bag = TLSTYER["bag"]
    hand = bag[1 : 1 + HAND_SIZE]
    seat = {"name": TLSTYER["player"], "cash": START_CASH, "hand": hand}
    return Game.from_position({bag[0]: "#"}, [seat], bag[1 + HAND_SIZE :], options=SOLO)


def test_the_recorded_bag_holds_every_tile_once():
    assert sorted(TLSTYER["bag"]) == sorted(ALL_TILES)


def test_tlstyers_one_player_game_replays_move_for_move_to_its_recorded_end():
    g = tlstyer_deal()
    end = TLSTYER["end"]
    actions = [action_from_dict(a) for a in TLSTYER["actions"]]
    dead: list[str] = []
    for i, action in enumerate(actions):
        assert action in g.legal_actions(), f"action {i + 1}"
        if i == len(actions) - 1:  # the end declared, the last purchase to come: tlstyer's table
            assert g.declared and g.cash(0) == end["cash"]
            assert {c: g.shares(0, c) for c in CHAINS if g.shares(0, c)} == end["shares"]
            assert {c: g.chain_size(c) for c in g.chains_on_board()} == end["sizes"]
            assert {c: g.price(c) for c in g.chains_on_board()} == end["prices"]
            bonuses = sum(g.bonus_payouts(c)[0] for c in g.chains_on_board())
            assert g.net_worth(0) + bonuses == end["net_worth"]  # tlstyer's net worth counts bonuses
        for e in g.apply(action):
            if isinstance(e, ev.DeadTilesReplaced):
                dead.extend(e.tiles)
    assert g.is_over and g.scores() == [end["net_worth"]] and g.winners() == [0]
    assert sorted(g.hand(0)) == sorted(end["hand"])
    board = {
        f"{c + 1}{r}": cell
        for r, row in zip(ROW_LETTERS, end["board"], strict=True)
        for c, cell in enumerate(row)
    }
    assert len(board) == len(ALL_TILES) and all(len(row) == COLS for row in end["board"])
    assert g.board == {t: cell for t, cell in board.items() if cell in CHAINS}
    assert sorted(dead) == sorted(t for t, cell in board.items() if cell == "x")  # set aside, not placed


def test_the_moves_tlstyers_server_made_itself_are_the_only_legal_ones():
    """tlstyer asks for a purchase only when a share can be bought or the end declared, and for
    a new chain only when there is a choice; the transcription adds those moves ("forced"), so
    exactly there our rules must leave one legal move."""
    g = tlstyer_deal()
    for i, a in enumerate(TLSTYER["actions"]):
        action = action_from_dict(a)
        if isinstance(action, BuyShares | FoundChain) and not g.declared:  # tlstyer: one move, "x 1"
            legal = g.legal_actions()
            assert (legal == [action]) == (i in TLSTYER["forced"]), f"action {i + 1}"
        g.apply(action)


def test_a_solo_game_saved_halfway_loads_and_plays_on_to_the_same_end():
    actions = [action_from_dict(a) for a in TLSTYER["actions"]]
    g = tlstyer_deal()
    half = len(actions) // 2
    for action in actions[:half]:
        g.apply(action)
    loaded = Game.from_json(g.to_json())
    assert loaded == g and loaded.options.mode == "solo"
    for action in actions[half:]:
        loaded.apply(action)
    assert loaded.scores() == [TLSTYER["end"]["net_worth"]]
