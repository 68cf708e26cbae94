"""The rules core's public face: nothing outside acquire8/rules/ reads a Game's own fields,
the computer players import only the documented names, and the documented readers
keep their documented shapes (docs/DESIGN.md)."""

from __future__ import annotations

import ast
import dataclasses
import json
import random
import re
import typing
from pathlib import Path

import pytest

import acquire8.rules as rules
from acquire8.rules import CHAINS, BuyShares, ChooseSurvivor, Dispose, Game, Phase, PlaceTile, events
from acquire8.rules.state import GameState
from acquire8.rules.tables import SAFE_SIZE, TILE_NAMES

from positions import fill, load, play, player, position

ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = ROOT / "acquire8" / "rules"

# Everything of Game's that starts with one underscore: its fields and its own helpers.
PRIVATE = {n for n in (*GameState.__slots__, *dir(Game)) if n.startswith("_") and not n.startswith("__")}


def private_reads(source: str) -> list[str]:
    """Where `source` reads or writes one of Game's private names on anything but self/cls
    (attribute access, or getattr/setattr/hasattr with the name as a constant)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in PRIVATE:
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append(f"line {node.lineno}: .{node.attr}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "setattr", "hasattr")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value in PRIVATE
        ):
            found.append(f"line {node.lineno}: {node.func.id}(..., {node.args[1].value!r})")
    return found


def outside_rules() -> list[Path]:
    files = [p for d in ("acquire8", "bench", "tools", "tests") for p in (ROOT / d).rglob("*.py")]
    return [p for p in files if RULES_DIR not in p.parents]


def test_event_is_the_union_of_every_event_class():
    # a class left out of the union would escape every dispatch that ends in assert_never
    defined = {
        c
        for c in vars(events).values()
        if isinstance(c, type) and dataclasses.is_dataclass(c) and c.__module__ == events.__name__
    }
    members = set(typing.get_args(events.Event))
    carried = {events.Ending}  # a value an event carries (GameOver's), not an event
    assert len(members) > 20 and members == defined - {events._Event} - carried
    assert all(issubclass(c, events._Event) for c in members)
    # and docs/DESIGN.md's table of events names each one
    section = (ROOT / "docs/DESIGN.md").read_text().split("### Events")[1].split("\n### ")[0]
    cells = [
        re.sub(r"\(.*?\)", "", line.split("|")[1]) for line in section.splitlines() if line.startswith("| `")
    ]
    assert {n for cell in cells for n in re.findall(r"`(\w+)`", cell)} == {c.__name__ for c in members}


def test_the_scan_catches_private_reads():
    assert {"_money", "_stock", "_pool", "_effect", "_begin_turn"} <= PRIVATE
    assert private_reads("g._money[0] += 1\nx = view._pool[-1]\n") == ["line 1: ._money", "line 2: ._pool"]
    assert private_reads("getattr(g, '_cells')") == ["line 1: getattr(..., '_cells')"]
    assert private_reads("self._money = 1\ng.cash(0)\ng.phase\n") == []


def test_no_module_outside_rules_reads_a_games_private_fields():
    found = {str(p.relative_to(ROOT)): private_reads(p.read_text()) for p in outside_rules()}
    assert len(found) > 20  # the scan saw the project
    assert {k: v for k, v in found.items() if v} == {}


def test_game_fields_are_all_private():
    """Every field is an underscore name: reading state goes through the readers. The fields
    are all GameState's: Game adds rules, no field (and no __dict__ to put one in)."""
    assert Game.__slots__ == () and len(GameState.__slots__) > 20
    assert all(name.startswith("_") for name in GameState.__slots__)
    g = Game.new(players=3, seed=1)
    assert not hasattr(g, "__dict__")
    with pytest.raises(AttributeError):
        g.phase = Phase.BUY  # the public names are read-only


RECORD_READERS = {"match.py", "review.py", "kept.py", "arena.py"}  # not players: they record or review games


def test_computer_players_import_only_the_rules_public_names():
    paths = sorted((ROOT / "acquire8" / "ai").glob("*.py"))
    assert {"base.py", "hard.py", "expert.py"} <= {p.name for p in paths}  # the scan sees the players
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("acquire8.rules"):
                if node.module == "acquire8.rules.record" and path.name in RECORD_READERS:
                    continue  # they play or review whole games: the record's format, no internals
                assert node.module == "acquire8.rules", (path.name, node.module)
                assert all(a.name in rules.__all__ for a in node.names), path.name
            elif isinstance(node, ast.Import):
                assert not any(a.name.startswith("acquire8.rules.") for a in node.names), path.name


def test_rules_modules_import_no_cycle():
    """position.py turns text into plain data and back; game.py builds a Game from it."""
    graph = {}
    for path in RULES_DIR.glob("*.py"):
        deps = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                deps |= {node.module} if node.module else {a.name for a in node.names}
        graph[path.stem] = deps

    def reaches(start: str, goal: str, seen: frozenset = frozenset()) -> bool:
        nexts = graph.get(start, ())
        return any(d == goal or (d not in seen and reaches(d, goal, seen | {d})) for d in nexts)

    assert "game" in graph["__init__"] and "position" in graph["game"]
    assert [m for m in graph if m != "__init__" and reaches(m, m)] == []


# ------------------------------------------------------------- fast-path readers


def test_fast_path_readers_agree_with_the_named_readers():
    g = Game.new(players=4, seed=2)
    rng = random.Random(2)
    for _ in range(120):  # well into a game: chains, holdings, a smaller bank
        g.apply(rng.choice(g.legal_actions()))
    assert g.chain_sizes() == tuple(g.chain_size(c) for c in CHAINS)
    assert g.bank_counts() == tuple(g.bank_shares(c) for c in CHAINS)
    assert g.all_cash() == tuple(g.cash(s) for s in range(4))
    assert g.share_table() == tuple(tuple(g.shares(s, c) for c in CHAINS) for s in range(4))
    assert g.tiles_on_board() == len(g.board)
    assert any(g.chain_sizes()) and g.tiles_on_board() > 4
    # copies of the state, not the state: a caller cannot change the game through them
    assert all(
        isinstance(t, tuple) for t in (g.chain_sizes(), g.bank_counts(), g.all_cash(), *g.share_table())
    )


@pytest.mark.parametrize("seed", range(6))
def test_merge_squares_are_the_merging_tiles_chains(seed):
    g = Game.new(players=4, seed=seed)
    rng = random.Random(seed)
    seen = 0
    while not g.is_over:  # a whole random game: safe chains and dead squares come too
        want = sorted(
            tuple(sorted(CHAINS.index(c) for c in g.merge_chains(t)))
            for t in TILE_NAMES
            if g.tile_effect(t) == "merge"
        )
        assert sorted(g.merge_squares()) == want
        seen += len(want)
        g.apply(rng.choice(g.legal_actions()))
    assert seen  # some position had squares to merge on


def test_reseed_and_vary_market_change_only_the_random_source():
    g = Game.new(players=2, seed=5)
    a, b = g.copy(), g.copy()
    a.reseed("x")
    b.reseed("x")
    assert a == b and a != g  # the same new random source, and only that differs
    view = g.view(0)
    varied = view.copy()
    varied.vary_market(random.Random(3))
    assert varied != view  # another tile on top of the unseen pile, of the same tiles
    pools = [sorted(json.loads(v.to_json())["pool"]) for v in (varied, view)]
    assert pools[0] == pools[1]
    four = Game.new(players=4, seed=5).view(0)
    same = four.copy()
    same.vary_market(random.Random(3))
    assert same == four  # nothing to vary without a stock market


# ------------------------------------------------------------- docs/DESIGN.md's readers


def test_pool_size_counts_tiles_left_to_draw_also_in_a_view():
    g = load(
        cells=fill("T", "1A-2A"),
        players=[player(hand=["5E", "7G"]), player(hand=["9I", "1I", "3I"]), player()],
        pool=["12I", "12G", "12E", "10I"],
    )
    assert g.pool_size() == 4
    view = g.view(0)
    assert view.pool_size() == 4  # the pile also holds seat 1's three hidden tiles
    view.apply(PlaceTile("5E"))  # the view's own hand shrinks; the pool does not
    assert view.pool_size() == 4 and view.hand_size(0) == 1 and view.hand_size(1) == 3
    g.apply(PlaceTile("5E"))
    g.apply(BuyShares(()))  # seat 0 draws back up to six: four tiles short, four in the pool
    assert g.pool_size() == 0 and len(g.hand(0)) == 5


def test_tile_effect_returns_one_of_the_documented_words():
    cells = {
        **fill("T", f"1A-{SAFE_SIZE}A"),  # safe
        **fill("L", f"1C-{SAFE_SIZE}C"),  # safe: 1B would merge two safe chains
        **fill("A", "1E-2E"),
        **fill("W", "4E-5E"),
        "9G": "#",
    }
    g = load(cells=cells, players=[player(hand=["12H"]), player(), player()], pool=["8I"])
    effects = {t: g.tile_effect(t) for t in ("1G", "9H", "6E", "3E", "1D", "1B")}
    assert effects == {"1G": "lone", "9H": "found", "6E": "grow", "3E": "merge", "1D": "merge", "1B": "dead"}
    assert g.tile_effect("1A") == "dead"  # an occupied square can never take a tile
    # with all seven chains on the board a tile next to a loose one cannot found an eighth
    seven = {**cells, **fill("F", "6G-7G"), **fill("I", "1I-2I"), **fill("C", "11I-12I"), "5H": "#"}
    g7 = load(cells=seven, players=[player(hand=["12H"]), player(), player()], pool=["8I"])
    assert g7.tile_effect("5I") == "no 8th chain" and g7.tile_effect("1G") == "lone"


def test_merger_state_shape_through_a_merger():
    # Tower and Luxor tie at 3 tiles; 4A joins them: the merging player picks the survivor.
    g = load(
        cells={**fill("T", "1A-3A"), **fill("L", "5A-7A")},
        players=[player(shares={"T": 2}, hand=["4A"]), player(shares={"L": 3}), player(shares={"L": 1})],
        pool=["12I", "12H", "12G"],
    )
    assert g.merger_state() is None
    g.apply(PlaceTile("4A"))
    assert g.phase == Phase.SURVIVOR
    assert g.merger_state() == {
        "survivor": None,
        "survivor_choices": ["T", "L"],
        "defunct": None,
        "defunct_left": ["T", "L"],
    }
    g.apply(ChooseSurvivor("T"))
    assert g.phase == Phase.DISPOSE and g.current == 1
    assert g.merger_state() == {"survivor": "T", "survivor_choices": [], "defunct": "L", "defunct_left": []}
    play(g, Dispose(3, 0), Dispose(1, 0))
    assert g.phase == Phase.BUY and g.merger_state() is None


def test_net_worth_is_cash_plus_shares_at_current_prices():
    g = load(
        cells={**fill("T", "1A-5A"), **fill("C", "1I-2I")},
        players=[player(cash=1000, shares={"T": 3, "C": 2, "L": 4}), player(), player()],
        pool=["12E"],
    )
    # Tower at 5 tiles: $500; Continental at 2: $400; Luxor off the board: worth nothing
    assert g.net_worth(0) == 1000 + 3 * 500 + 2 * 400
    assert g.net_worth(1) == 6000


# ------------------------------------------------------------- RULES §3 start tiles


def test_start_tiles_and_why_the_first_player_goes_first():
    g = Game.new(players=4, seed=3, names=["You", "Ana", "Bob", "Cy"])
    tiles = g.start_tiles()
    assert len(tiles) == 4 and all(g.board[t] == "#" for t in tiles)
    first = g.turn
    (setup,) = g.setup_events()
    assert isinstance(setup, events.StartTiles) and setup.seat == first and setup.tiles == tuple(tiles)
    assert setup.names == tuple(g.names) and setup.name == g.names[first]
    # the nearest to 1A: highest row (nearest A), then lowest column
    key = [("ABCDEFGHI".index(t[-1]), int(t[:-1])) for t in tiles]
    assert key[first] == min(key)


def test_start_tiles_are_kept_in_saves_and_views():
    g = Game.new(players=3, seed=8)
    again = Game.from_json(g.to_json())
    assert again.start_tiles() == g.start_tiles() and again.setup_events() == g.setup_events()
    assert g.view(1).start_tiles() == g.start_tiles()
    assert load(cells=fill("T", "1A-2A"), pool=["5E"]).start_tiles() == []
    assert load(cells=fill("T", "1A-2A"), pool=["5E"]).setup_events() == []


def test_start_tiles_in_a_position_are_checked():
    data = position(cells={"3C": "#", "5E": "#", "7G": "#"}, pool=["1A"])
    data["start_tiles"] = ["3C", "5E", "7G"]
    assert Game.from_json(json.dumps(data)).start_tiles() == ["3C", "5E", "7G"]
    data["start_tiles"] = ["3C", "5E", "9I"]
    with pytest.raises(ValueError, match="start_tiles: 9I is not on the board"):
        Game.from_json(json.dumps(data))
    data["start_tiles"] = ["3C"]
    with pytest.raises(ValueError, match="one tile per player"):
        Game.from_json(json.dumps(data))


def test_a_save_written_before_start_tiles_and_pool_emptied_still_loads():
    g = Game.new(players=3, seed=9)
    data = json.loads(g.to_json())
    assert "start_tiles" in data and data["pool_emptied"] is False
    del data["start_tiles"], data["pool_emptied"]
    old = Game.from_json(json.dumps(data))
    assert old.start_tiles() == [] and old.setup_events() == []
    assert old.legal_actions() == g.legal_actions() and old.hand(old.current) == g.hand(g.current)
