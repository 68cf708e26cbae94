"""What a decision depends on, on screen: the recap of the others' turns, the tiles placed
since your turn, previews and the buy screen's standing from the insight module (whose
numbers tests/test_app_insight.py checks against the rules core), the holdings and board
pages of the chart, and the legend of the play screen."""

from __future__ import annotations

import json

import pytest

from acquire8.app import views
from acquire8.app.buttons import DOWN, LEFT, MENU, RIGHT, UP, O, X
from acquire8.app.constants import CHAR_H, CHAR_W, EDGE, FOOTER_Y, RECAP_H, RECAP_ROWS, RECAP_Y, WIDTH
from acquire8.app.control import decisions as dec
from acquire8.app.control import insight, menus
from acquire8.app.control.app import App
from acquire8.app.control.play import Play
from acquire8.app.control.stages import Deciding
from acquire8.app.demo import my_decision, position, press, run_until, select, select_tile, start
from acquire8.rules import Game, Options
from acquire8.rules import events as ev
from acquire8.storage import Settings


def to_second_turn(seed: int = 5, holdings: str = "open") -> tuple[App, Play]:
    """The demo position: you place a lone tile and buy nothing; the computers play; your
    next turn opens (its recap still up)."""
    data = json.loads(position())
    data["options"] = {**Options().to_dict(), "holdings": holdings}
    app = App(seed=seed)
    play = start(app, Game.from_json(json.dumps(data)))
    run_until(app, my_decision(play))
    select_tile(app, play, "12D")
    press(app, X)
    run_until(app, my_decision(play))
    press(app, X)  # DONE, where the buy step opens: nothing bought
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
    run_until(app, my_decision(play))  # the board under the recap takes X after the turn's guard
    assert play.marked == insight.tiles_since(play.shown, 0)  # still marked while you look
    select_tile(app, play, play.screen.tiles[play.screen.playable.index(True)])
    hand = len(play.game.hand(0))
    press(app, X)
    assert len(play.game.hand(0)) == hand - 1 and play.marked == []


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
    press(app, O)
    select(app, "holdings")
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
    press(app, O)
    select(app, "board")
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
    press(app, LEFT)  # past column 1: back to the page before
    assert chart.page == chart.PAGES.index("board") - 1
    press(app, UP, X)
    assert app.scene is play


def test_how_to_play_explains_every_mark_of_the_play_screen():
    text = " ".join(body for _, body in menus.HELP_PAGES)
    for mark in ("loose tile", "Blue outline", "Blinking frame", "Lit corner", "safe chain", "> marks"):
        assert mark in text


@pytest.mark.parametrize("holdings", ["open", "hidden"])
def test_the_disposal_shows_the_other_holders_where_you_decide(pyxel_headless, monkeypatch, holdings):
    data = json.loads(position())  # 5A merges Luxor into Tower; you hold 3 L, Ana 2, Cy 1
    data["options"] = {**Options().to_dict(), "holdings": holdings}
    app = App(seed=3)
    play = start(app, Game.from_json(json.dumps(data)))
    run_until(app, my_decision(play))
    select_tile(app, play, "5A")
    press(app, X)
    run_until(app, my_decision(play))
    assert isinstance(play.screen, dec.DisposeScreen)
    texts = drawn_texts(app, pyxel_headless, monkeypatch)
    if holdings == "open":
        assert play.screen.holders == "Also holding Luxor: Ana 2, Cy 1" and play.screen.holders in texts
    else:
        assert play.screen.holders == "" and not any("lso hold" in t for t in texts)


def drawn_at(app: App, px, monkeypatch) -> list[tuple[int, int, str]]:
    out: list[tuple[int, int, str]] = []
    real = px.text
    monkeypatch.setattr(px, "text", lambda x, y, s, c: (out.append((x, y, s)), real(x, y, s, c)))
    views.draw(app)
    monkeypatch.setattr(px, "text", real)
    return out


def test_the_recap_fills_its_panel_its_heading_and_keys_apart_clear_of_its_frame(pyxel_headless, monkeypatch):
    app, play = to_second_turn()
    stage = play.stage
    assert all(len(line) <= insight.RECAP_CHARS for line in stage.recap)
    stage.recap = [f"{i:2} " + "w" * (insight.RECAP_CHARS - 3) for i in range(RECAP_ROWS + 3)]
    for top, keys in ((0, "DN MORE  X OK"), (1, "UP/DN  X OK"), (3, "UP MORE  X OK")):
        while stage.recap_top < top:
            press(app, DOWN)
        drawn = drawn_at(app, pyxel_headless, monkeypatch)
        head = next(d for d in drawn if d[2] == "SINCE YOUR TURN")
        hint = next(d for d in drawn if d[2] == keys)
        assert head[0] + len(head[2]) * CHAR_W + CHAR_W <= hint[0] and hint[1] == head[1]  # a space apart
        rows = [d for d in drawn if d[2] in stage.recap]
        assert [r[2] for r in rows] == stage.recap[top : top + RECAP_ROWS] and len(rows) == RECAP_ROWS == 9
        bottom = RECAP_Y + RECAP_H - 1  # the panel's frame
        assert all(x + len(s) * CHAR_W <= WIDTH - 2 for x, _, s in rows)  # a pixel clear of the right frame
        assert max(y for _, y, _ in rows) + CHAR_H < bottom
    press(app, DOWN)
    assert stage.recap_top == 3  # the last lines in view: no further


def test_the_first_turns_recap_says_before_your_turn(pyxel_headless, monkeypatch):
    """A person who does not start: their first turn's recap is of the turns before it."""
    for seed in range(20):
        app = App(settings=Settings(pace="instant"), seed=seed)
        press(app, X, X)  # New game, Start
        play = app.scene
        assert isinstance(play, Play)
        run_until(app, lambda p=play: isinstance(p.stage, Deciding) and p.stage.armed)
        if play.stage.recap:
            break
    else:
        raise AssertionError("no game where the person does not start")
    assert play.stage.recap_head == "BEFORE YOUR TURN"
    assert "BEFORE YOUR TURN" in [s for _, _, s in drawn_at(app, pyxel_headless, monkeypatch)]
    press(app, X)  # the recap closes; the rest of the turn, as a calm player takes it
    mine = len([e for e in play.shown if isinstance(e, ev.TurnStarted) and e.seat == 0])
    for _ in range(20_000):
        started = [e for e in play.shown if isinstance(e, ev.TurnStarted) and e.seat == 0]
        if len(started) > mine and isinstance(play.stage, Deciding) and play.stage.armed:
            break
        calm = app.scene is not play or (isinstance(play.stage, Deciding) and play.stage.armed)
        app.update(frozenset({X}) if calm else frozenset())
    else:
        raise AssertionError("the person's second turn never came")
    assert play.stage.recap and play.stage.recap_head == "SINCE YOUR TURN"


def test_left_right_do_not_move_the_hand_under_the_recap():
    app, play = to_second_turn()
    screen = play.screen
    assert play.stage.recap and isinstance(screen, dec.PlaceScreen)
    tile = screen.tile
    press(app, RIGHT, RIGHT, LEFT)
    assert screen.tile == tile and play.chosen.pick == tile and play.stage.recap
    press(app, X)  # the recap closes: now left/right choose
    press(app, RIGHT)
    assert screen.tile != tile


def test_page_counters_keep_a_pixel_from_the_edge_and_the_log_clears_its_footer(pyxel_headless, monkeypatch):
    app, _play = to_second_turn()
    press(app, X)  # the recap closed
    app.push(menus.Log(app, [f"entry {i}" for i in range(60)]))
    log = app.scene
    drawn = drawn_at(app, pyxel_headless, monkeypatch)
    pos = next(d for d in drawn if d[2] == f"{log.top + 1}-{len(log.lines)}/{len(log.lines)}")
    assert (
        pos[0] + len(pos[2]) * CHAR_W <= WIDTH - EDGE + 1
    )  # its last glyph (3 of 4 px) a pixel from the edge
    lines = [d for d in drawn if d[2].startswith("entry")]
    assert len(lines) == menus.Log.ROWS == 16
    assert max(y for _, y, _ in lines) + CHAR_H <= FOOTER_Y - 1  # a blank pixel row above the footer
    assert "UP/DN LINE  <> PAGE  Z CLOSE" in [d[2] for d in drawn]  # Z leaves a page, as the keys table says
    app.pop()
    press(app, O)
    assert isinstance(app.scene, menus.Chart)
    pages = f"/{len(menus.Chart.PAGES)}"
    counter = next(d for d in drawn_at(app, pyxel_headless, monkeypatch) if d[2].endswith(pages))
    assert counter[0] + len(counter[2]) * CHAR_W <= WIDTH - EDGE + 1
