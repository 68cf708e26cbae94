"""What a decision depends on, on screen: the recap of the others' turns, the tiles placed
since your turn, previews and the buy screen's standing from the insight module (whose
numbers tests/test_app_insight.py checks against the rules core), the holdings and board
pages of the chart, and the legend of the play screen."""

from __future__ import annotations

import json

import pytest

from acquire8.app import views
from acquire8.app.buttons import DOWN, LEFT, MENU, RIGHT, UP, O, X
from acquire8.app.control import decisions as dec
from acquire8.app.control import insight, menus
from acquire8.app.control.app import App
from acquire8.app.control.play import Deciding, Play
from acquire8.app.demo import my_decision, position, press, run_until, select_tile, start
from acquire8.rules import Game


def to_second_turn(seed: int = 5, holdings: str = "open") -> tuple[App, Play]:
    """The demo position: you place a lone tile and buy nothing; the computers play; your
    next turn opens (its recap still up)."""
    data = json.loads(position())
    data["options"] = {"end": "declare", "holdings": holdings}
    app = App(seed=seed)
    play = start(app, Game.from_json(json.dumps(data)))
    run_until(app, my_decision(play))
    select_tile(app, play, "12D")
    press(app, X)
    run_until(app, my_decision(play))
    press(app, LEFT, X)  # DONE: nothing bought
    run_until(app, lambda: isinstance(play.stage, Deciding) and play.stage.armed)
    return app, play


def drawn_texts(app: App, px, monkeypatch) -> list[str]:
    out: list[str] = []
    real = px.text
    monkeypatch.setattr(px, "text", lambda x, y, s, c: (out.append(s), real(x, y, s, c)))
    views.draw(app)
    monkeypatch.setattr(px, "text", real)
    return out


def test_your_turn_opens_on_a_recap_that_x_closes_and_the_menu_opens_again(pyxel_headless, monkeypatch):
    app, play = to_second_turn()
    stage = play.stage
    expected = insight.recap(play.shown, 0, play.game.names)
    assert stage.recap == expected and len(expected) >= 3  # one line per other player at least
    assert all(name in " ".join(expected) for name in ("Ana", "Bob", "Cy"))
    texts = drawn_texts(app, pyxel_headless, monkeypatch)
    assert "SINCE YOUR TURN" in texts and expected[0] in texts
    hand = list(play.game.hand(0))
    press(app, X)  # closes the recap, decides nothing
    assert not stage.recap and play.game.hand(0) == hand and play.stage is stage
    press(app, MENU)
    pause = app.scene
    assert isinstance(pause, menus.Pause)
    pause.menu.index = pause.menu.items.index("Recap")
    press(app, X)
    assert app.scene is play and play.stage.recap == expected


def test_tiles_placed_since_your_turn_are_marked_until_you_act(pyxel_headless):
    app, play = to_second_turn()
    press(app, X)  # the recap
    assert play.marked == insight.tiles_since(play.shown, 0) and len(play.marked) == 3
    select_tile(app, play, play.screen.tiles[play.screen.playable.index(True)])
    press(app, X)
    assert play.marked == []


def test_the_place_screen_shows_what_the_selected_tile_pays():
    app = App(seed=2)
    play = start(app, Game.from_json(position()))
    run_until(app, my_decision(play))
    for tile in ("5A", "10B", "6G", "12D"):
        select_tile(app, play, tile)
        screen = play.screen
        assert isinstance(screen, dec.PlaceScreen)
        assert screen.details == insight.tile_preview(play.game, tile) and screen.details


def test_the_buy_screen_shows_your_standing_for_the_selected_chain():
    app = App(seed=2)
    play = start(app, Game.from_json(position()))
    run_until(app, my_decision(play))
    select_tile(app, play, "12D")
    press(app, X)
    run_until(app, my_decision(play))
    screen = play.screen
    assert isinstance(screen, dec.BuyScreen)
    for _ in range(len(screen.options)):
        option = screen.option
        addable = option in screen.chains and screen.can_add(option)
        expected = insight.buy_standing(play.game, option, tuple(screen.cart)) if addable else ""
        assert screen.standing == expected
        if option in screen.chains:
            press(app, X)  # one into the cart: the standing follows it
            if screen.option == option and screen.can_add(option):
                assert screen.standing == insight.buy_standing(play.game, option, tuple(screen.cart))
        press(app, RIGHT)


@pytest.mark.parametrize("holdings", ["open", "hidden"])
def test_the_holdings_page_shows_what_the_setting_allows(pyxel_headless, monkeypatch, holdings):
    app, play = to_second_turn(holdings=holdings)
    press(app, X)  # the recap
    press(app, O, RIGHT, RIGHT)
    chart = app.scene
    assert isinstance(chart, menus.Chart) and chart.PAGES[chart.page] == "holdings"
    texts = drawn_texts(app, pyxel_headless, monkeypatch)
    sheet = insight.holdings(play.game, 0)
    ana = [str(n) for n in sheet.shares[1] if n]
    if holdings == "open":
        assert "greedy" in texts and "?" not in texts and ana  # levels and everyone's counts
    else:
        assert texts.count("?") == 7 * 3 and "worth ?" in texts  # the others' counts stay hidden
        assert "Hidden holdings: only yours" in texts
    for n in sheet.bank:
        assert str(n) in texts


def test_the_board_page_names_every_square_under_its_cursor(pyxel_headless, monkeypatch):
    app, play = to_second_turn()
    press(app, X)
    press(app, O, *[RIGHT] * 3)
    chart = app.scene
    assert chart.PAGES[chart.page] == "board"
    newest = play.marked[-1]
    assert chart.square == newest and "placed it" in chart.square_info  # it starts on the newest tile
    while chart.cursor[0] > 0:
        press(app, LEFT)
    seen = set()
    for _ in range(9):
        for column in range(12):
            assert chart.cursor[0] == column
            seen.add(chart.square)
            info = chart.square_info
            letter = play.game.board.get(chart.square)
            assert info.startswith(f"{chart.square}: ")
            if letter and letter != "#":
                assert f"({play.game.chain_size(letter)} tiles)" in info
            if column < 11:
                press(app, RIGHT)
        while chart.cursor[0] > 0:
            press(app, LEFT)
        press(app, DOWN)
    assert len(seen) == 9 * 12  # the cursor reaches every square
    texts = drawn_texts(app, pyxel_headless, monkeypatch)
    assert all(str(c) in texts for c in range(1, 13)) and all(r in texts for r in "ABCDEFGHI")
    while chart.cursor[0] > 0:
        press(app, LEFT)
    press(app, LEFT)  # past column 1: back to the holdings
    assert chart.PAGES[chart.page] == "holdings"
    press(app, UP, X)
    assert app.scene is play


def test_how_to_play_explains_every_mark_of_the_play_screen():
    text = " ".join(body for _, body in menus.HELP_PAGES)
    for mark in ("loose tile", "Blue outline", "Blinking frame", "Lit corner", "safe chain", "> marks"):
        assert mark in text


@pytest.mark.parametrize("holdings", ["open", "hidden"])
def test_the_disposal_shows_the_other_holders_where_you_decide(pyxel_headless, monkeypatch, holdings):
    data = json.loads(position())  # 5A merges Luxor into Tower; you hold 3 L, Ana 2, Cy 1
    data["options"] = {"end": "declare", "holdings": holdings}
    app = App(seed=3)
    play = start(app, Game.from_json(json.dumps(data)))
    run_until(app, my_decision(play))
    select_tile(app, play, "5A")
    press(app, X)
    run_until(app, my_decision(play))
    assert isinstance(play.screen, dec.DisposeScreen)
    texts = drawn_texts(app, pyxel_headless, monkeypatch)
    if holdings == "open":
        assert play.screen.holders == "Ana 2, Cy 1 hold L" and "Ana 2, Cy 1 hold L" in texts
    else:
        assert play.screen.holders == "" and not any("hold L" in t for t in texts)
