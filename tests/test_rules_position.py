"""The position format, save round trips, views, events and illegal actions (docs/DESIGN.md)."""

import copy
import json
import pickle
import random
from dataclasses import dataclass
from typing import Literal

import pytest

from acquire8.rules import (
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
    minimal_position,
)
from acquire8.rules.state import GameState
from acquire8.rules.tables import SAFE_SIZE

from positions import fill, load, play, player, position, state

CROSS = {**fill("A", "1E-5E"), **fill("T", "6A-6D"), **fill("L", "6F-6I"), **fill("I", "7E-9E")}


def _cross(players: int = 4) -> Game:
    ps = [player(shares={"T": 2, "L": 3, "I": 1}), player(shares={"T": 1, "I": 4}, hand=["6E", "12I"])]
    ps += [player(shares={"L": 3, "I": 4}), player(shares={"T": 2})][: players - 2]
    return load(cells=CROSS, players=ps, pool=["12A", "11A", "10A"], current=1)


def _round_trip(g: Game) -> Game:
    h = Game.from_json(g.to_json())
    assert h == g
    assert h.to_json() == g.to_json()
    return h


# ------------------------------------------------------------------ round trips


def test_minimal_position_loads_as_a_turn_in_the_place_phase():
    g = load(position(cells=fill("T", "1A-2A"), players=[player(), player(), player(hand=["5E"])], current=2))
    assert g.phase == Phase.PLACE and g.current == 2
    assert g.legal_actions() == [PlaceTile("5E")]
    # A seat with nothing to place (empty hand, empty pool) starts in its buy phase.
    g = load(position(cells=fill("T", "1A-2A"), players=[player(), player(), player(hand=["5E"])], current=0))
    assert g.phase == Phase.BUY and g.current == 0


def test_the_builder_writes_the_minimal_position_the_format_describes():
    board = ["TTTT.LL.....", *["............"] * 7, "...........#"]
    players = [
        {"name": "You", "cash": 6000, "shares": {"T": 3}, "hand": ["5A", "8A"]},
        {"name": "Ana", "cash": 4500, "shares": {"L": 2}, "hand": []},
    ]
    text = minimal_position(board, players, ["9I", "1C"], options=Options(holdings="hidden"))
    assert json.loads(text) == {
        "format": 1,
        "board": board,
        "players": players,
        "pool": ["9I", "1C"],
        "current": 0,
        "options": Options(holdings="hidden").to_dict(),  # every option, as Options writes it
    }
    cells = {**fill("T", "1A-4A"), **fill("L", "6A-7A"), "12I": "#"}
    assert json.loads(minimal_position(cells, players, ["9I", "1C"]))["board"] == board  # {tile: letter}
    g = Game.from_position(cells, players, ["9I", "1C"], current=1, seed=3)
    assert g.current == 1 and g.board == Game.from_json(text).board and g.bank_shares("T") == 22
    assert g == Game.from_json(minimal_position(cells, players, ["9I", "1C"], current=1, seed=3))
    with pytest.raises(ValueError, match="13A"):
        minimal_position({"13A": "T"}, players)
    with pytest.raises(
        ValueError, match="singles game has 2 to 6 players"
    ):  # the builder checks nothing: loading does
        Game.from_position(board, players[:1])


def test_a_game_is_written_in_the_position_format_as_today():
    """Every key of a saved game as this build writes it: a change here is a change of the save
    format, which older saves must survive."""
    you, ana = ({"name": n, "cash": 6000, "hand": [t]} for n, t in (("You", "2A"), ("Ana", "9I")))
    data = json.loads(Game.from_position({"1A": "#"}, [you, ana], ["5E"], seed=3).to_json())
    rng = data.pop("rng")
    assert data == {
        "format": 1,
        "board": ["#...........", *["............"] * 8],
        "players": [{**you, "shares": {}}, {**ana, "shares": {}}],
        "pool": ["5E"],
        "current": 0,
        "options": Options().to_dict(),  # every option, as Options writes it
        "phase": "place",
        "acting": 0,
        "pending": None,
        "merger": {
            "survivor": None,
            "survivor_choices": [],
            "defunct_left": [],
            "defunct": None,
            "disposers": [],
        },
        "declared": False,
        "stuck": 0,
        "pool_emptied": False,
    }
    assert rng[0] == 3 and len(rng[1]) == 625 and rng[2] is None  # random.getstate() as a list


def test_design_example_position_loads():
    text = json.dumps(
        {
            "format": 1,
            "board": ["TTTT.LL.....", *["............"] * 7, "...........#"],
            "players": [
                {"name": "You", "cash": 6000, "shares": {"T": 3}, "hand": ["5A", "8A"]},
                {"name": "Ana", "cash": 4500, "shares": {"L": 2}, "hand": []},
            ],
            "pool": ["9I", "1C"],
            "current": 0,
            "options": {"mode": "singles", "end": "declare", "holdings": "open"},
        }
    )
    g = Game.from_json(text)
    assert g.chain_size("T") == 4 and g.chain_size("L") == 2 and g.board["12I"] == "#"
    assert g.bank_shares("T") == 22 and g.bank_shares("L") == 23
    assert g.cash(1) == 4500 and g.names == ["You", "Ana"]
    assert g.tile_effect("5A") == "merge"
    _round_trip(g)


@pytest.mark.parametrize("players", [3, 4])
def test_round_trip_at_every_step_of_a_multi_chain_merger(players):
    g = _cross(players)
    step = {
        Phase.PLACE: PlaceTile("6E"),
        Phase.DEFUNCT: ChooseDefunct("T"),
        Phase.DISPOSE: Dispose(sell=1),
        Phase.BUY: BuyShares(("A",)),
    }
    seen = []
    while not seen or g.phase != Phase.PLACE:
        seen.append(str(g.phase))
        h = _round_trip(g)  # the save taken now continues exactly like the game itself
        action = step[g.phase]
        assert g.apply(action) == h.apply(action)
        assert h == g
    assert seen[:2] == ["place", "defunct"] and seen[-1] == "buy"
    assert seen.count("dispose") == (8 if players == 4 else 7)


def test_round_trip_in_found_and_survivor_phases_and_over():
    g = load(cells={"6E": "#"}, players=[player(hand=["6F"]), player(), player()], pool=["12I"])
    g.apply(PlaceTile("6F"))
    assert g.phase == Phase.FOUND
    h = _round_trip(g)
    h.apply(FoundChain("W"))
    g.apply(FoundChain("W"))
    assert g == h

    cells = {**fill("T", "1A-5A"), **fill("L", "7A-11A")}
    g = load(cells=cells, players=[player(shares={"L": 2}, hand=["6A"]), player(), player()])
    g.apply(PlaceTile("6A"))
    assert g.phase == Phase.SURVIVOR
    h = _round_trip(g)
    assert h.legal_actions() == g.legal_actions()
    play(g, ChooseSurvivor("T"))
    play(h, ChooseSurvivor("T"))
    assert g == h and g.phase == Phase.DISPOSE
    _round_trip(g)

    g = load(cells=fill("T", f"1A-{SAFE_SIZE}A"), players=[player(hand=["12G"]), player(), player()])
    play(g, PlaceTile("12G"), DeclareEnd())  # the only chain is safe
    _round_trip(g)  # declared, mid-buy
    g.apply(BuyShares(()))
    assert g.is_over
    _round_trip(g)


def test_two_player_round_trip_keeps_the_random_state():
    g = Game.new(players=2, seed=9)
    h = _round_trip(g)
    # The market's reshuffles come from the saved generator, so both games continue alike.
    for _ in range(150):
        if g.is_over:
            break
        a = g.legal_actions()[-1]
        assert g.apply(a) == h.apply(a)
    assert g == h


def test_copy_is_independent():
    g = Game.new(players=4, seed=3)
    h = g.copy()
    assert h == g
    h.apply(h.legal_actions()[0])
    assert h != g
    assert g == Game.new(players=4, seed=3)


# ------------------------------------------------------------------ bad positions


def _bad(mutate, match):
    data = position(
        cells={**fill("T", "1A-2A"), "5E": "#"},
        players=[player(shares={"T": 3}, hand=["9I"]), player(hand=["1I"]), player()],
        pool=["12I", "11G"],
    )
    mutate(data)
    with pytest.raises(ValueError, match=match):
        Game.from_json(json.dumps(data))


def _set(path, value):
    def mutate(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return mutate


@pytest.mark.parametrize(
    "mutate, match",
    [
        (_set(["board", 0], "TT.........."[:11]), "row A"),  # 11 characters
        (_set(["board", 3], "............."), "row D"),  # 13 characters
        (_set(["board", 8], "....X......."), "unknown letter 'X'"),
        (_set(["board", 4], 12), "row E"),  # not a string
        (_set(["board"], ["............"] * 8), "rows"),
        (_set(["players", 1, "hand"], ["9I"]), "9I"),  # a tile twice: two hands
        (_set(["players", 1, "hand"], ["1A"]), "1A"),  # in a hand and on the board
        (_set(["pool"], ["12I", "12I"]), "12I"),  # twice in the pool
        (_set(["pool"], ["5E"]), "5E"),  # in the pool and on the board
        (_set(["players", 0, "shares"], {"T": 26}), "T shares"),
        (_set(["players", 1, "shares"], {"T": 23}), "26 T shares"),  # 3 + 23 held
        (_set(["players", 0, "shares"], {"X": 1}), "unknown chain"),
        (_set(["board", 0], "T..........."), "1 tile"),  # a chain of size 1
        (_set(["board", 0], "TT.TT......."), "connected"),  # split chain
        (_set(["board", 0], "TTLL........"), "touches"),  # chains that would have merged
        (_set(["board", 0], "TT#........."), "touches"),  # a loose tile next to a chain
        (_set(["players", 0, "hand"], ["99Z"]), "99Z"),
        (_set(["players", 0, "hand"], [f"{c}H" for c in range(1, 8)]), "hand"),  # 7 tiles
        (_set(["players", 0, "cash"], -5), "cash"),
        (_set(["players"], [player()]), "2 to 6 players"),
        (_set(["current"], 3), "current"),
        (_set(["format"], 2), "format"),
        (_set(["options"], {"end": "sometimes"}), "end"),
    ],
)
def test_bad_positions_raise_value_error_naming_the_problem(mutate, match):
    _bad(mutate, match)


def test_bad_json_raises_value_error():
    for text in ("", "not json", "[]", "{}", '{"format": 1}'):
        with pytest.raises(ValueError):
            Game.from_json(text)


def test_loading_does_not_change_the_input():
    data = position(players=[player(hand=["1A"]), player(), player()])
    kept = copy.deepcopy(data)
    load(data)
    assert data == kept


# ------------------------------------------------------------------ views


def test_view_hides_other_hands_and_the_pool_order():
    g = Game.new(players=4, seed=21)
    v = g.view(2)
    assert v.hand(2) == g.hand(2)
    assert [v.hand(s) for s in (0, 1, 3)] == [[], [], []]
    assert [v.hand_size(s) for s in range(4)] == [6, 6, 6, 6]
    assert v.pool_size() == g.pool_size()
    if g.current == 2:
        assert v.legal_actions() == g.legal_actions()
    text = v.to_json()
    for s in (0, 1, 3):
        for t in g.hand(s):
            assert f'"{t}"' in text  # unseen tiles are in the pile, but not as a hand
        assert json.loads(text)["players"][s]["hand"] == []
    assert "rng" not in json.loads(text)


def test_views_of_games_differing_only_in_hidden_tiles_are_equal():
    base = dict(cells=fill("T", "1A-2A"), current=0)
    a = load(**base, players=[player(hand=["5E"]), player(hand=["9I", "3G"]), player()], pool=["12I", "1I"])
    b = load(**base, players=[player(hand=["5E"]), player(hand=["1I", "12I"]), player()], pool=["3G", "9I"])
    assert a != b
    assert a.view(0) == b.view(0)
    assert a.view(0).to_json() == b.view(0).to_json()
    assert a.view(1) != b.view(1)


def test_view_of_a_seat_other_than_the_current_one():
    g = Game.new(players=3, seed=4)
    other = (g.current + 1) % 3
    v = g.view(other)
    assert v.hand(g.current) == []
    assert v.hand(other) == g.hand(other)


# ------------------------------------------------------------------ illegal actions


def test_wrong_phase_actions_raise_and_change_nothing():
    g = load(cells=fill("T", "1A-2A"), players=[player(hand=["5E", "3A"]), player(), player()], pool=["12I"])
    wrong = [
        FoundChain("L"),
        ChooseSurvivor("T"),
        ChooseDefunct("T"),
        Dispose(),
        BuyShares(()),
        DeclareEnd(),
        PlaceTile("6E"),  # not in hand
        PlaceTile("13A"),  # not a tile
        PlaceTile(5),
        "5E",
        None,
    ]
    before = g.to_json()
    for a in wrong:
        with pytest.raises(IllegalAction) as info:
            g.apply(a)
        assert isinstance(info.value, ValueError) and str(info.value)
        assert g.to_json() == before, a


def test_legal_actions_in_the_place_phase_are_exactly_the_playable_tiles():
    cells = {**fill("T", f"1A-{SAFE_SIZE}A"), **fill("L", f"1C-{SAFE_SIZE}C"), "12E": "#"}
    hand = ["5B", "12D", "12G", "9G", "3E"]  # 5B would merge two safe chains
    g = load(cells=cells, players=[player(hand=hand), player(), player()])
    assert g.legal_actions() == [PlaceTile(t) for t in ["12D", "12G", "9G", "3E"]]
    assert state(g)["phase"] == "place"


def test_round_trip_of_a_view():
    v = Game.new(players=4, seed=3).view(0)
    assert Game.from_json(v.to_json()) == v


def test_options_are_written_and_read_in_one_place_with_the_formats_rules():
    every = Options(end="auto", holdings="hidden")
    assert every.to_dict() == {**Options().to_dict(), "end": "auto", "holdings": "hidden"}
    assert Options.from_dict(every.to_dict()) == every
    assert Options.from_dict({}) == Options()  # an option left out: its default
    with pytest.raises(ValueError, match="unknown option 'speed'"):
        Options.from_dict({"end": "auto", "speed": 2})  # a newer game's option
    with pytest.raises(ValueError, match=r"options\.holdings must be 'open' or 'hidden'"):
        Options.from_dict({"holdings": "secret"})
    assert Options.salvage({"end": "auto", "holdings": "secret"}) == (Options(end="auto"), ["holdings"])
    # A position saved with the options and one without them load as before.
    g = Game.from_json(minimal_position({"5E": "#"}, [{"name": "A"}, {"name": "B"}], options=every))
    assert g.options == every
    data = json.loads(g.to_json())
    del data["options"]
    assert Game.from_json(json.dumps(data)).options == Options()


@dataclass(frozen=True)
class _WithCash(Options):
    """The options with a numeric one, as a new game mode could add (a name no real option
    has, so that adding a real one changes nothing here)."""

    example_cash: Literal[6000, 8000] = 6000


def test_an_option_may_hold_numbers_kept_as_json_numbers():
    rich = _WithCash(example_cash=8000)
    assert rich.to_dict() == {**Options().to_dict(), "example_cash": 8000}
    assert _WithCash.from_dict(json.loads(json.dumps(rich.to_dict()))) == rich
    assert _WithCash.from_dict(Options().to_dict()) == _WithCash()  # written before it existed
    for wrong in ("8000", 8000.0, 7000, True):  # a number of its very type, among its values
        with pytest.raises(ValueError, match=r"options\.example_cash must be 6000 or 8000"):
            _WithCash.from_dict({"example_cash": wrong})
    assert _WithCash.salvage({"example_cash": "8000"}) == (_WithCash(), ["example_cash"])
    assert _WithCash.salvage({"example_cash": 8000}) == (rich, [])
    with pytest.raises(ValueError, match="unknown option 'example_cash'"):
        Options.from_dict(rich.to_dict())  # the plain options know no such option


def _shared_lists(a: object, b: object, where: str) -> list[str]:
    """The lists (at any depth) that two values share instead of holding their own."""
    if isinstance(a, list) and isinstance(b, list):
        shared = [where] if a is b else []
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            shared += _shared_lists(x, y, f"{where}[{i}]")
        return shared
    return []


@pytest.mark.parametrize("players", [2, 4])
def test_copy_sets_every_slot_of_the_state_and_shares_no_list(players):
    """Game.copy lists the fields by hand (it must be fast): a state field added to __slots__
    and forgotten there, or assigned without copying its list, fails here."""
    assert Game.__slots__ == ()  # every field is GameState's
    g = Game.new(players=players, seed=5)
    for _ in range(30):  # into the game: chains, shares, a merger on the way perhaps
        g.apply(g.legal_actions()[-1])
    for game in (g, g.view(1)):  # a view holds hand sizes besides
        h = game.copy()
        assert type(h) is Game and h == game
        # The random source is a new one; a copy lends and borrows nothing; a view's pool is
        # made when read (equality compares it so).
        for slot in GameState.__slots__:
            assert hasattr(h, slot), f"Game.copy leaves {slot} unset"
            same = getattr(h, slot) == getattr(game, slot)
            assert same or slot in ("_rng", "_loan", "_pool"), slot
            assert not _shared_lists(getattr(game, slot), getattr(h, slot), slot), slot


def test_a_view_shares_its_games_lists_until_one_of_them_changes():
    """A view is made for every decision and mostly only read: it borrows its game's lists.
    Whichever of the two changes first takes its own copies; the other is not touched."""
    g = Game.new(players=4, seed=8)
    for _ in range(25):
        g.apply(g.legal_actions()[-1])
    before = g.copy()
    seat = g.current
    view = g.view(seat)
    again = g.view(seat)  # two views alive at once
    text = view.to_json()
    g.apply(g.legal_actions()[0])  # the game changes: the views stay as they were
    assert view.to_json() == again.to_json() == text
    assert view == before.view(seat)
    act = view.legal_actions()[-1]
    view.apply(act)  # a view changes: its game does not
    before.view(seat).apply(act)
    assert again.to_json() == text
    assert g != before and g.view(seat) != view


def test_a_game_and_its_view_pickle_while_they_share_lists():
    g = Game.new(players=2, seed=4)
    for _ in range(20):
        g.apply(g.legal_actions()[-1])
    view = g.view(g.current)
    game2, view2 = pickle.loads(pickle.dumps(g)), pickle.loads(pickle.dumps(view))
    assert game2 == g and view2 == view
    act = view2.legal_actions()[0]
    view2.apply(act)
    game2.apply(act)
    assert view == g.view(g.current) and game2 != g


def test_a_view_of_a_view_and_a_game_changed_after_its_view_is_gone():
    g = Game.new(players=4, seed=9)
    for _ in range(25):
        g.apply(g.legal_actions()[-1])
    seat = g.current
    inner = g.view(seat).view(seat)  # the outer view is gone: only the inner one lives
    text = inner.to_json()
    g.apply(g.legal_actions()[0])
    assert inner.to_json() == text
    acts = []
    for _ in range(40):  # views made and dropped: the game's own play is unchanged
        view = g.view(g.current)
        acts.append(view.legal_actions()[len(acts) % len(view.legal_actions())])
        g.apply(acts[-1])
    replayed = Game.new(players=4, seed=9)
    for _ in range(25):
        replayed.apply(replayed.legal_actions()[-1])
    replayed.apply(replayed.legal_actions()[0])
    for act in acts:
        replayed.apply(act)
    assert replayed == g


def test_play_changes_the_game_as_apply_does_without_the_events():
    g, h = Game.new(players=4, seed=10), Game.new(players=4, seed=10)
    rng = random.Random(3)
    while not g.is_over:
        act = rng.choice(g.view(g.current).legal_actions())
        assert g.apply(act)  # every action says something
        assert h.play(act) is None
        assert g == h
    with pytest.raises(IllegalAction):
        h.play(PlaceTile("1A"))
