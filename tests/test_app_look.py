"""The look, checked on drawn pixels (headless Pyxel): highlights and chain colours stay
distinct and readable in both palettes."""

from __future__ import annotations

import pytest

from acquire8.app import constants as k
from acquire8.app import views
from acquire8.app.control import app as capp
from acquire8.app.control import decisions as dec
from acquire8.app.control import menus as menus
from acquire8.app.control import play as cplay
from acquire8.app.control.standings import Summary
from acquire8.app.demo import my_decision, position, run_until, select_tile, start
from acquire8.app.session import open_app
from acquire8.app.views import common
from acquire8.rules import Game


@pytest.fixture()
def px(pyxel_headless):
    yield pyxel_headless
    views.use_palette(False)  # the next test starts in the normal palette


def demo_play(high_contrast: bool = False) -> tuple[capp.App, cplay.Play]:
    app = capp.App(seed=2)
    app.settings.high_contrast = high_contrast
    play = start(app, Game.from_json(position()))
    run_until(app, my_decision(play))
    app.anim.finish()
    return app, play


def cell_colors(px, x: int, y: int, w: int = 7, h: int = 7) -> set[int]:
    return {px.screen.pget(x + i, y + j) for i in range(w) for j in range(h)}


@pytest.mark.parametrize("high_contrast", [False, True])
def test_the_selected_empty_square_uses_no_chain_colour(px, high_contrast):
    app, play = demo_play(high_contrast)
    select_tile(app, play, "5A")  # an empty square (demo.BOARD)
    chain_colors = set(k.CHAIN_COLOR.values()) | set(k.HC_CHAIN_COLOR.values())
    x, y = k.BOARD_X + 4 * k.CELL, k.BOARD_Y
    for frame in (0, 8):  # both blink phases
        app.frame = frame
        views.draw(app)
        seen = cell_colors(px, x, y)
        assert k.SELECT in seen and not seen & chain_colors, (frame, seen)


def _luminance(rgb: int) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(px, a: int, b: int) -> float:
    """WCAG contrast ratio of two palette slots as Pyxel shows them now."""
    hi, lo = sorted((_luminance(px.colors[a]), _luminance(px.colors[b])), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("high_contrast", [False, True])
def test_chain_text_is_readable_on_black_and_on_the_panel(px, high_contrast):
    views.use_palette(high_contrast)
    for chain in k.CHAIN_COLOR:
        assert contrast(px, common.chain_text(chain, k.BG), k.BG) >= 3, chain
        assert contrast(px, common.chain_text(chain, k.PANEL), k.PANEL) >= 3, chain
        assert contrast(px, k.CHAIN_INK[chain], k.CHAIN_COLOR[chain]) >= 3, chain


@pytest.mark.parametrize("high_contrast", [False, True])
def test_the_merger_summary_headings_are_readable_on_the_panel(px, high_contrast):
    from acquire8.rules import events as ev

    app, play = demo_play(high_contrast)
    merger = [
        ev.MergerStarted(0, "You", "W", ("F",)),
        ev.BonusPaid(0, "You", "F", 3000, "both"),
        ev.ChainDefunct(-1, "", "F", "W", 7),
    ]
    app.push(Summary(app, play, merger))
    app.frame = 0
    views.draw(app)
    lines = app.scene.lines
    for i, (_, chain) in enumerate(lines):
        if not chain:
            continue
        y = 22 + i * 7
        inks = cell_colors(px, 15, y, 112, 5) - {k.PANEL}
        assert inks and all(contrast(px, c, k.PANEL) >= 3 for c in inks), (chain, inks)


def test_chart_page_two_columns_line_up(px, monkeypatch):
    from acquire8.app.demo import key_screens

    app = next(a for name, a in key_screens() if name == "chains")
    play = app.scene.table
    g = play.game
    # Values of different widths: one-digit bank, four-digit price.
    banks, prices = {"T": 5}, {"A": 1200}
    real_bank, real_price = Game.bank_shares, Game.price
    monkeypatch.setattr(Game, "bank_shares", lambda self, c: banks.get(c, real_bank(self, c)))
    monkeypatch.setattr(Game, "price", lambda self, c: prices.get(c, real_price(self, c)))
    app.frame = 0
    views.draw(app)

    def right_edge(y: int, x0: int, x1: int) -> int:
        """The rightmost lit pixel of a text row between x0 and x1 (-1 when none)."""
        return max(
            (x for x in range(x0, x1) for j in range(5) if px.screen.pget(x, y + j) != k.BG), default=-1
        )

    edges = set()
    for i, chain in enumerate("TLAWFIC"):
        y = 10 + i * 16 + 1
        if g.chain_size(chain):
            edges.add((right_edge(y, 60, 73), right_edge(y, 76, 107), right_edge(y, 108, 128)))
    assert len(edges) == 1, edges  # size, price and bank end at the same x on every row


def test_texts_say_what_they_mean(px, monkeypatch):
    help_text = " ".join(body for _, body in menus.HELP_PAGES)
    assert "auto" in help_text and "NO 8TH CHAIN" in help_text and "start never found a chain" in help_text
    drawn: list[str] = []
    real = px.text
    monkeypatch.setattr(px, "text", lambda x, y, s, col: drawn.append(s) or real(x, y, s, col))
    app, play = demo_play()
    play.log.extend(f"Event number {i}" for i in range(40))  # more than a page
    app.push(menus.Log(app, play.log))
    views.draw(app)
    assert any("<> PAGE" in s for s in drawn)  # the log pages with left/right: the footer says so
    drawn.clear()
    app.pop()
    app.push(menus.Chart(app, play))
    views.draw(app)
    assert "Letters mark each chain's size" in drawn


def test_stats_keep_pass_and_play_apart_from_your_games(px, monkeypatch, tmp_path):
    from acquire8.storage import GameResult, Storage

    store = Storage.in_directory(tmp_path)
    for result in (
        GameResult(True, 52000, "hard"),
        GameResult(False, 31000, "normal"),
        GameResult(True, 61000, "people"),
        GameResult(True, 40000, "people"),
    ):
        store.record_game(result)
    drawn: list[str] = []
    real = px.text
    monkeypatch.setattr(px, "text", lambda x, y, s, col: drawn.append(s) or real(x, y, s, col))
    app = open_app(store)
    app.push(menus.StatsScene(app))
    views.draw(app)
    assert "pass&play" in drawn and "people" not in drawn
    # one of your two games (the people's are theirs), in counts beside the table's 4 played, 3 won
    assert "You won 1 of 2 vs computers" in drawn
    assert not any("%" in line for line in drawn)  # no share to disagree with the counts
    assert "pass&play: a person won 2/2" in drawn


def test_the_rating_page_shows_the_rating_its_interval_and_the_nearest_level(px, monkeypatch, tmp_path):
    from acquire8 import rating
    from acquire8.storage import GameResult, Storage

    store = Storage.in_directory(tmp_path)
    drawn: list[str] = []
    real = px.text
    monkeypatch.setattr(px, "text", lambda x, y, s, col: drawn.append(s) or real(x, y, s, col))
    app = open_app(store)
    app.push(menus.StatsScene(app))
    app.scene.page = 1  # the rating, before any game
    views.draw(app)
    assert "No games against computers yet" in drawn and all(lv in drawn for lv in rating.PICKED)
    for versus in ((("hard", 1.0), ("hard", 1.0), ("hard", 0.5)), (("expert", 1.0), ("hard", 1.0))):
        store.record_game(GameResult(True, 50000, versus[0][0], 1.0, versus))
    store.record_game(GameResult(True, 60000, "people"))  # not rated
    app.pop()
    app.push(menus.StatsScene(app))
    app.scene.page = 1
    drawn.clear()
    views.draw(app)
    r = store.load_stats()[0].rating
    assert r.games == 2
    assert f"Singles rating {round(r.value)} +-{round(1.96 * r.rd)}" in drawn
    assert rating.advice(r.value)[0] in drawn and "Over 2 singles vs computers" in drawn
    assert all(len(line) <= 32 for line in drawn)


def test_setup_shows_the_levels_ratings_and_suggests_a_level(px, monkeypatch, tmp_path):
    from acquire8 import rating
    from acquire8.storage import GameResult, Storage

    store = Storage.in_directory(tmp_path)
    drawn: list[str] = []
    real = px.text
    monkeypatch.setattr(px, "text", lambda x, y, s, col: drawn.append(s) or real(x, y, s, col))
    app = open_app(store)
    app.push(menus.Setup(app))
    views.draw(app)
    level = app.settings.levels[0]
    assert f"{level} {round(rating.LADDER[level][0])}" in drawn  # beside each computer's name
    newcomer = rating.nearest(rating.NEWCOMER)
    assert f"New? {newcomer} suits a first game" in drawn  # before any rated game
    for _ in range(3):  # three wins against three hard players: rated near the top
        store.record_game(GameResult(True, 60000, "hard", 1.0, (("hard", 1.0),) * 3))
    app.pop()
    app.push(menus.Setup(app))
    drawn.clear()
    views.draw(app)
    r = store.load_stats()[0].rating
    assert f"You rate {round(r.value)}: try {rating.suggested(r.value)}" in drawn  # as the stats say
    assert rating.suggested(r.value) in ("hard", "expert")
    assert all(len(line) <= 32 for line in drawn)


def test_the_top_bar_says_your_shares_in_another_players_merger(px, monkeypatch):
    from test_app_controllers import begin, make_game

    # Ana (seat 1) merges Luxor into Tower with 5A; you hold Luxor, she holds none.
    rows = {"A": "TTTT.LL....."}
    hands = [["1I", "3I", "5I", "7I", "9I", "11I"], ["5A"]]
    game = make_game(rows, hands, shares=[{"L": 2}, {}], current=1)
    app, play = begin(game)
    assert isinstance(play.screen, dec.DisposeScreen) and play.game.turn == 1 and play.game.current == 0
    drawn: list[str] = []
    real = px.text
    monkeypatch.setattr(px, "text", lambda x, y, s, col: drawn.append(s) or real(x, y, s, col))
    app.anim.finish()
    views.draw(app)
    assert "Your shares: L" in drawn and "Ana's turn" not in drawn
