"""Undo within your turn: each kind of decision is taken back to exactly the game, log and
screen it was made on; undo is refused, with its reason, once something was revealed."""

from __future__ import annotations

import pytest
from test_app_text import ONE_OF_EACH

from acquire8.app import views
from acquire8.app.buttons import DOWN, MENU, RIGHT, UNDO, X
from acquire8.app.control import decisions as dec
from acquire8.app.control import menus
from acquire8.app.control.app import App
from acquire8.app.control.play import Play
from acquire8.app.control.stages import pause_frames, revealing
from acquire8.app.control.standings import MERGER_STEPS, Summary
from acquire8.app.demo import my_decision, press, run_until, select_tile, start
from acquire8.rules import BuyShares, Game, Phase, PlaceTile
from acquire8.rules import events as ev
from tests.positions import fill, load, player, position, safe_chain

OTHERS = ["2I", "4I", "6I", "8I", "10I", "12I"]  # lone tiles far from everything


ANA_HAND = ["1G", "3G", "5G", "7G", "9G", "11G"]
BOB_HAND = ["2G", "4G", "6G", "8G", "10G", "12G"]
MERGER = {**fill("T", "1A-3A"), **fill("L", "5A-6A")}  # 4A merges Luxor into Tower


def game_of(
    cells: dict[str, str],
    hand: list[str],
    shares: dict[str, int] | None = None,
    ana: dict[str, int] | None = None,
    players: int = 3,
    pool: list[str] | None = None,
) -> Game:
    """You (seat 0, to play `hand`), Ana and Bob (unless two players), computers with lone tiles."""
    seats = [
        player(6000, shares, hand, "You"),
        player(6000, ana, ANA_HAND, "Ana"),
        player(hand=BOB_HAND, name="Bob"),
    ]
    seats = seats[:players]
    used = {t for p in seats for t in p["hand"]} | set(cells)
    if pool is None:
        pool = [t for t in (f"{c}{r}" for r in "ABCDEFGHI" for c in range(1, 13)) if t not in used][:30]
    return load(position(cells, seats, pool=pool))


def begin(game: Game) -> tuple[App, Play]:
    app = App(seed=0)
    play = start(app, game)
    run_until(app, my_decision(play))
    return app, play


def look(app: App, play: Play, px) -> tuple[str, list[str], str, bytes]:
    """The game, the log, the message line and the drawn screen, settled (no animation)."""
    app.anim.finish()
    app.frame = 0  # the same blink phase for every drawing
    views.draw(app)
    pixels = bytes(px.screen.pget(x, y) for y in range(128) for x in range(128))
    return play.game.to_json(), list(play.log), play.message, pixels


def settle(app: App, play: Play) -> None:
    """Frames until the person's next decision is live (a merger summary closed with X)."""
    for _ in range(400):
        if isinstance(app.scene, Summary) and app.scene.armed:
            press(app, X)
        elif my_decision(play)():
            return
        app.update(frozenset())
    raise AssertionError("no decision came")


def undo(app: App, play: Play, via_menu: bool = False) -> None:
    if via_menu:
        press(app, MENU)
        pause = app.scene
        assert isinstance(pause, menus.Pause)
        pause.menu.index = pause.menu.items.index("Undo")
        press(app, X)
    else:
        press(app, UNDO)
    assert app.scene is play


def buy_the_cart(app: App, play: Play) -> None:
    """Move to DONE and buy what is in the cart."""
    while play.screen.option != "DONE":
        press(app, RIGHT)
    press(app, X)
    assert isinstance(play.actions[-1], BuyShares)


@pytest.fixture()
def px(pyxel_headless):
    return pyxel_headless


def test_undo_a_lone_tile_from_the_buy_screen(px):
    app, play = begin(game_of(fill("T", "1A-2A"), ["9E", *OTHERS[:5]]))
    before = look(app, play, px)
    select_tile(app, play, "9E")
    press(app, X)
    settle(app, play)
    assert isinstance(play.screen, dec.BuyScreen) and play.game.board.get("9E") == "#"
    undo(app, play)
    assert isinstance(play.screen, dec.PlaceScreen) and play.screen.tile == "9E"
    assert look(app, play, px) == before
    assert play.actions == []


def test_undo_founding_then_the_tile_step_by_step(px):
    app, play = begin(game_of({"5E": "#"}, ["6E", *OTHERS[:5]]))
    placing = look(app, play, px)
    select_tile(app, play, "6E")
    press(app, X)
    settle(app, play)
    assert isinstance(play.screen, dec.ChoiceScreen) and play.screen.kind == "found"
    press(app, RIGHT)  # the second chain offered
    founding = look(app, play, px)  # the screen as you decide: the cursor comes back there
    press(app, X)
    settle(app, play)
    assert isinstance(play.screen, dec.BuyScreen) and play.game.chain_size(play.actions[-1].chain) == 2
    undo(app, play, via_menu=True)
    assert look(app, play, px) == founding
    undo(app, play)
    assert look(app, play, px) == placing
    undo(app, play)  # nothing further back: the start of your turn
    assert play.message == play.undo_block and look(app, play, px)[0] == placing[0]


def test_undo_a_survivor_choice_and_an_order_choice(px):
    # 5E touches Tower (5B-5D, 3 tiles) and two chains of 2 (L: 3E-4E, A: 6E-7E): the order
    # of the equal defunct chains is yours to choose.
    cells = {**fill("T", "5B-5D"), **fill("L", "3E-4E"), **fill("A", "6E-7E")}
    app, play = begin(game_of(cells, ["5E", *OTHERS[:5]]))
    select_tile(app, play, "5E")
    press(app, X)
    settle(app, play)
    assert isinstance(play.screen, dec.ChoiceScreen) and play.screen.kind == "defunct"
    press(app, RIGHT)
    ordering = look(app, play, px)
    press(app, X)
    settle(app, play)
    assert play.game.phase == Phase.BUY and play.game.chain_size("T") == 8
    undo(app, play)
    assert look(app, play, px) == ordering
    # A tie for the survivor: T and L of 2 each.
    app, play = begin(game_of({**fill("T", "1A-2A"), **fill("L", "4A-5A")}, ["3A", *OTHERS[:5]]))
    select_tile(app, play, "3A")
    press(app, X)
    settle(app, play)
    assert isinstance(play.screen, dec.ChoiceScreen) and play.screen.kind == "survivor"
    choosing = look(app, play, px)
    press(app, X)
    settle(app, play)
    undo(app, play)
    assert look(app, play, px) == choosing


def test_undo_your_own_disposal(px):
    # Only you hold Luxor: your disposal is the merger's last decision, your purchase follows.
    app, play = begin(game_of(MERGER, ["4A", *OTHERS[:5]], {"L": 4}))
    select_tile(app, play, "4A")
    press(app, X)
    settle(app, play)
    assert isinstance(play.screen, dec.DisposeScreen)
    press(app, RIGHT, RIGHT, X, X)  # sell 2, on to trade, on to DONE
    disposing = look(app, play, px)
    press(app, X)  # confirm
    settle(app, play)
    assert isinstance(play.screen, dec.BuyScreen) and play.game.shares(0, "L") == 2
    undo(app, play)
    assert look(app, play, px) == disposing


def test_undo_declaring_the_end(px):
    cells = safe_chain("T")  # one safe chain: the end may be declared
    app, play = begin(game_of(cells, ["9E", *OTHERS[:5]]))
    select_tile(app, play, "9E")
    press(app, X)
    settle(app, play)
    assert isinstance(play.screen, dec.DeclareScreen)
    asking = look(app, play, px)
    press(app, RIGHT, X, RIGHT, X)  # YES, END IT
    settle(app, play)
    assert play.game.declared and isinstance(play.screen, dec.BuyScreen)
    undo(app, play)
    assert look(app, play, px) == asking and not play.game.declared


def test_undo_a_purchase_while_the_next_player_has_not_decided(px):
    app, play = begin(game_of(fill("T", "1A-2A"), ["9E", *OTHERS[:5]], pool=[]))  # no tile to draw
    select_tile(app, play, "9E")
    press(app, X)
    settle(app, play)
    press(app, RIGHT, X)  # from DONE round to Tower: one Tower share in the cart
    while play.screen.option != "DONE":
        press(app, RIGHT)
    buying = look(app, play, px)
    buy_the_cart(app, play)
    assert play.game.current == 1  # Ana's turn has begun, she has not played yet
    undo(app, play)
    assert play.game.current == 0 and look(app, play, px) == buying  # the cart as it was, too


def test_the_undo_key_on_the_buy_screen_takes_back_a_share_first(px):
    app, play = begin(game_of(fill("T", "1A-2A"), ["9E", *OTHERS[:5]]))
    select_tile(app, play, "9E")
    press(app, X)
    settle(app, play)
    press(app, RIGHT, X, X)  # from DONE round to Tower: two Tower shares
    screen = play.screen
    assert screen.cart == ["T", "T"]
    undo(app, play)
    assert play.screen is screen and screen.cart == ["T"]  # the cart first ...
    undo(app, play)
    undo(app, play)
    assert isinstance(play.screen, dec.PlaceScreen)  # ... then the tile


def test_undo_is_refused_once_a_tile_was_drawn(px):
    app, play = begin(game_of(fill("T", "1A-2A"), ["9E", *OTHERS[:5]]))
    select_tile(app, play, "9E")
    press(app, X)
    settle(app, play)
    hand = play.game.hand(0)
    buy_the_cart(app, play)  # an empty one
    undo(app, play)
    assert play.message == "Can't undo: a tile was drawn"
    assert play.game.hand(0) != hand and play.actions[-1] == BuyShares(())


def test_undo_is_refused_after_another_players_decision(px):
    # Ana holds Luxor: her disposal comes between your tile and your purchase.
    hands = [
        ["4A", *OTHERS[:5]],
        ["1G", "3G", "5G", "7G", "9G", "11G"],
        ["2G", "4G", "6G", "8G", "10G", "12G"],
    ]
    players = [
        player(6000, {}, hands[0], "You"),
        player(6000, {"L": 3}, hands[1], "Ana"),
        player(hand=hands[2], name="Bob"),
    ]
    game = load(position({**fill("T", "1A-3A"), **fill("L", "5A-6A")}, players, pool=["1C", "2C", "3C"]))
    app, play = begin(game)
    select_tile(app, play, "4A")
    press(app, X)
    settle(app, play)
    assert play.game.phase == Phase.BUY and play.game.current == 0
    undo(app, play)
    assert play.message == "Can't undo: Ana played since" and play.actions[0] == PlaceTile("4A")


def test_undo_is_refused_after_the_markets_draw(px):
    hands = [["4A", *OTHERS[:5]], ["1G", "3G", "5G", "7G", "9G", "11G"]]
    players = [player(6000, {"L": 2}, hands[0], "You"), player(hand=hands[1], name="Ana")]
    game = load(
        position({**fill("T", "1A-3A"), **fill("L", "5A-6A")}, players, pool=["1C", "2C", "3C", "4C"])
    )
    app, play = begin(game)
    select_tile(app, play, "4A")
    press(app, X)
    settle(app, play)
    undo(app, play)
    assert play.message == "Can't undo: the market drew"
    assert play.actions[0] == PlaceTile("4A")


def test_the_undo_button_is_not_x_and_hurrying_never_undoes():
    from acquire8.app.input import MAPPING

    assert not set(MAPPING[UNDO]) & set(MAPPING[X]) and not set(MAPPING[UNDO]) & set(MAPPING[DOWN])


# What the person could not have known (a draw, the market's), or what makes the game final.
REVEALS = ev.TilesDrawn | ev.DeadTilesReplaced | ev.HandReplaced | ev.MarketHolds | ev.GameOver


@pytest.mark.parametrize("event", ONE_OF_EACH, ids=lambda e: type(e).__name__)
def test_every_event_is_declared_revealing_or_not_and_has_its_pace(event):
    """Undo's stop and the pace decide about every event (a new one fails here in assert_never
    until it is declared): the revealing ones give undo's reason, and a merger's steps are
    the quick ones."""
    reason = revealing(event)
    assert (reason is not None) == isinstance(event, REVEALS)
    assert reason is None or reason.startswith(("a ", "the "))
    pace = 24
    frames = pause_frames(event, pace)
    assert 0 <= frames <= pace
    assert (frames == pace * 3 // 8) == isinstance(event, MERGER_STEPS)
