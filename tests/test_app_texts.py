"""Every message that explains a decision or its outcome is shown whole, and nothing is drawn
over anything else: seeded games (one person or pass-and-play, open or hidden holdings, two to
six players) are played through every decision screen (each option, a refused move, undo, the
hint, the end's confirmation), the recap, the merger summaries, the chart, the final
standings, the story and the replay of every step; after each drawn frame

- the text module logged no cut: no explanation lost words to "..", none wrapped past its lines;
- every text lies on the screen (`text_bounds`);
- no text is drawn over another, and no fill covers part of a text (a hint over the cart
  line, a message over a panel): a fill may hide a text only whole (a panel over the table);
- no text touches another text or a fill or line it does not lie inside: a pixel of space
  around its ink (an amount against its bar, a cursor against the date beside it);
- every text keeps a pixel of air inside its box: from the screen's edges, from the edges of
  the fill it lies on and from a frame drawn round it (a heading against its panel's frame);
- two texts side by side on a line do not run into one word: closer than a space, "17:55"
  and "4p" read as "17:55 4p" or worse.
"""

from __future__ import annotations

import functools
import json
import logging
import random
import re
from dataclasses import dataclass, field

import pytest

from acquire8.ai import make_bot
from acquire8.app import buttons as bt
from acquire8.app import text as txt
from acquire8.app import views
from acquire8.app.constants import BG, CORNER
from acquire8.app.control import app as capp
from acquire8.app.control import decisions as dec
from acquire8.app.control.insight import end_standing
from acquire8.app.control.menus import Chart, StatsScene
from acquire8.app.control.play import Play
from acquire8.app.control.stages import Deciding, Passing
from acquire8.app.control.standings import GameOver, Summary, game_record
from acquire8.app.control.story import Replay, StoryScene, story_of
from acquire8.app.demo import NOTHING, my_decision, position, press, run_until, select, select_tile, start
from acquire8.rules import BuyShares, DeclareEnd, Game, Options
from acquire8.storage import PERSON, Settings

# (players, people, holdings) per game; seeds run over them in turn.
TABLES = (
    (4, 1, "open"),
    (2, 2, "open"),  # pass-and-play with the two-player market: the end's draw
    (3, 2, "hidden"),
    (6, 1, "open"),
    (2, 1, "open"),
    (5, 3, "open"),
    (4, 2, "hidden"),
    (3, 1, "open"),
)
GAMES = 32


@dataclass
class Layout:
    """The texts on screen now, as the views draw them (rectangles of the 4x6 font)."""

    texts: list[tuple[tuple[int, int, int, int], str]] = field(default_factory=list)
    fills: list[tuple[int, int, int, int]] = field(default_factory=list)  # rects and lines drawn
    faults: list[str] = field(default_factory=list)

    frames: list[tuple[int, int, int, int]] = field(default_factory=list)  # rectb's, as boxes

    def text(self, x: int, y: int, s: str) -> None:
        lead = len(s) - len(s.lstrip())
        s = s.strip()
        if not s:
            return
        left, top, right, bottom = _ink(s)
        box = (x + 4 * lead + left, y + top, x + 4 * lead + right, y + bottom)  # its ink, half-open
        for other, t in self.texts:
            if _meet(box, other):
                self.faults.append(f"{s!r} drawn over {t!r}")
            elif _meet(_ring(box), other):  # (side by side a letter's gap apart: one line going on)
                self.faults.append(f"{s!r} touches {t!r}")
            elif _runs_into(box, s, other, t) and self.box_of(box) == self.box_of(
                other
            ):  # (a band apart: not)
                self.faults.append(f"{s!r} runs into {t!r} (less than a space apart)")
        for fill in self.fills:
            if _meet(_ring(box), fill) and not _inside(box, fill):
                self.faults.append(f"{s!r} touches a fill or line at {fill}")
        inner = self.box_of(box)  # a pixel of air inside it
        if not _inside(_ring(box), inner):
            where = "the screen's edge" if inner == SCREEN else f"its box {inner}"
            self.faults.append(f"{s!r} has no pixel of air from {where}")
        self.texts.append((box, s))

    def box_of(self, ink: Box) -> Box:
        """The box a text's ink lies in: the smallest fill, or inside of a frame, it lies in;
        else the screen."""
        boxes = [f for f in self.fills if _inside(ink, f)]
        boxes += [(f[0] + 1, f[1] + 1, f[2] - 1, f[3] - 1) for f in self.frames if _inside(ink, f)]
        return min(boxes, key=lambda f: (f[2] - f[0]) * (f[3] - f[1]), default=SCREEN)

    def frame(self, x: int, y: int, w: int, h: int) -> None:
        """A frame (`rectb`): what lies inside it keeps a pixel from its line."""
        self.frames.append((x, y, x + w, y + h))

    def rect(self, x: int, y: int, w: int, h: int, seen: bool = True) -> None:
        """A fill; `seen`: not of the background's colour (one that is may touch a text)."""
        fill = (x, y, x + w, y + h)
        kept = []
        for box, t in self.texts:
            if _inside(box, fill):
                continue  # hidden whole (a panel over the table)
            if _meet(box, fill):
                self.faults.append(f"{t!r} partly covered by a fill at {fill}")
                continue
            if seen and _meet(_ring(box), fill):
                self.faults.append(f"{t!r} touched by a fill at {fill}")
            kept.append((box, t))
        self.texts = kept
        self.fills = [f for f in self.fills if not _inside(f, fill)]  # hidden under it
        if seen:
            self.fills.append(fill)

    def line(self, x1: int, y1: int, x2: int, y2: int) -> None:
        edge = (min(x1, x2), min(y1, y2), max(x1, x2) + 1, max(y1, y2) + 1)
        if max(edge[2] - edge[0], edge[3] - edge[1]) <= CORNER:
            return  # a tile's lit corner, in the corner of the square its letter is centred on
        for box, t in self.texts:
            if _meet(_ring(box), edge) and not _inside(box, edge):
                self.faults.append(
                    f"{t!r} {'crossed' if _meet(box, edge) else 'touched'} by a line at {edge}"
                )
        self.fills.append(edge)


Box = tuple[int, int, int, int]
SCREEN: Box = (0, 0, 128, 128)


@functools.cache
def _ink(s: str) -> Box:
    """Where the font's ink of `s` lies from its drawing point (half-open): a "-" has one row,
    a "1" no ink in its cell's first column. The row below the baseline is left out: the
    descenders of "gjpqy$" may reach the next line or the screen's bottom edge by design."""
    import pyxel

    image = pyxel.Image(4 * len(s), 5)
    image.cls(0)
    image.text(0, 0, s, 1)
    cols = [x for x in range(4 * len(s)) if any(image.pget(x, y) for y in range(5))]
    rows = [y for y in range(5) if any(image.pget(x, y) for x in range(4 * len(s)))]
    return min(cols), min(rows), max(cols) + 1, max(rows) + 1


SPACE = 4  # two words' ink a space apart: at least a cell of air between them


def _runs_into(a: Box, s: str, b: Box, t: str) -> bool:
    """Whether two texts on one line (two columns) stand closer than a space with two letters
    or two digits facing across the gap: they read as one word ("17:55" and "4p" 3 px apart).
    A letter against a digit reads apart ("PR" before "1000"), and a lone character is a
    column's head or mark, not a word."""
    if len(s) < 2 or len(t) < 2 or not _meet((a[0] - SPACE, a[1], a[2] + SPACE, a[3]), b):
        return False
    left, right = (t[-1], s[0]) if b[0] < a[0] else (s[-1], t[0])
    return (left.isalpha() and right.isalpha()) or (left.isdigit() and right.isdigit())


def _meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _ring(a: Box) -> Box:
    """The box with the pixel of space around it."""
    return (a[0] - 1, a[1] - 1, a[2] + 1, a[3] + 1)


def _inside(a: Box, b: Box) -> bool:
    """Whether `a` lies within `b`."""
    return b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3]


@pytest.fixture()
def screen(monkeypatch, caplog, pyxel_headless, text_bounds):
    """Draws the app's frame and returns what went wrong in it (cuts, off-screen or overdrawn
    text), as a list of lines; the frame drawn is kept only for that check."""
    px = pyxel_headless
    caplog.set_level(logging.DEBUG, logger=txt.log.name)  # the cuts `fit` and `wrap` note
    layout = Layout()
    real_text, real_rect, real_line, real_rectb, real_cls = px.text, px.rect, px.line, px.rectb, px.cls

    def text(x, y, s, col, *rest):
        layout.text(x, y, s)
        real_text(x, y, s, col, *rest)

    def rect(x, y, w, h, col):
        layout.rect(x, y, w, h, seen=col != BG)
        real_rect(x, y, w, h, col)

    def line(x1, y1, x2, y2, col):
        layout.line(x1, y1, x2, y2)
        real_line(x1, y1, x2, y2, col)

    def rectb(x, y, w, h, col):
        layout.frame(x, y, w, h)
        real_rectb(x, y, w, h, col)

    def cls(col):
        layout.texts.clear()
        layout.fills.clear()
        layout.frames.clear()
        real_cls(col)

    monkeypatch.setattr(px, "text", text)
    monkeypatch.setattr(px, "rect", rect)
    monkeypatch.setattr(px, "line", line)
    monkeypatch.setattr(px, "rectb", rectb)
    monkeypatch.setattr(px, "cls", cls)

    def draw(app: capp.App, where: str) -> list[str]:
        app.anim.finish()  # nothing moving: the screen as it stays
        caplog.clear()
        text_bounds.clear()
        layout.faults.clear()
        views.draw(app)
        faults = [r.getMessage() for r in caplog.records if r.name == txt.log.name]
        faults += [f"off screen: {t!r} at {x},{y}" for x, y, t in text_bounds]
        faults += layout.faults
        return [f"{where}: {f}" for f in faults]

    draw.layout = layout
    return draw


def new_play(seed: int) -> tuple[capp.App, Play]:
    players, people, holdings = TABLES[seed % len(TABLES)]
    levels = ("greedy", "random")
    seats = [PERSON if s < people else levels[(seed + s) % 2] for s in range(players)]
    app = capp.App(settings=Settings(pace="instant", options=Options(holdings=holdings)), seed=seed)
    game = Game.new(
        players=players,
        seed=seed,
        names=capp.seat_names(seats),
        options=Options(holdings=holdings),
    )
    return app, app.show(capp.make_play(app, game, seats, seed))


def explore(app: capp.App, play: Play, rng: random.Random, look) -> None:
    """Every option of the decision on screen seen, some refusals, undo and hints tried; then
    a decision taken (the end sometimes confirmed, so games end either way)."""
    ui = play.screen
    kind = type(ui).__name__
    if rng.random() < 0.25:
        press(app, bt.UNDO)
        look(f"undo on {kind}")
        if play.screen is not ui:
            return  # taken back: the earlier decision is on screen again
    if rng.random() < (0.6 if isinstance(ui, dec.DeclareScreen) else 0.15):
        play.show_hint()
        look(f"hint on {kind}")
    if rng.random() < 0.15:
        press(app, bt.O)
        for page in Chart.PAGES:
            select(app, page)
            look(f"chart {page}")
        press(app, bt.O)
    if isinstance(ui, dec.PlaceScreen):
        for _ in ui.tiles:
            press(app, bt.RIGHT)
            look(f"place {ui.tile}")
            if not ui.playable[ui.index]:
                press(app, bt.X)
                look(f"refused {ui.tile}")
        playable = [i for i, ok in enumerate(ui.playable) if ok]
        if playable:
            while ui.index != playable[rng.randrange(len(playable))] and play.screen is ui:
                press(app, bt.RIGHT)
        press(app, bt.X)
    elif isinstance(ui, dec.ChoiceScreen):
        for _ in ui.options:
            press(app, bt.RIGHT)
            look(f"{ui.kind} {ui.option.label}")
        press(app, bt.X)
    elif isinstance(ui, dec.DeclareScreen):
        look("end?")
        press(app, bt.RIGHT)
        look("end? yes")
        press(app, bt.X)
        look("end: really?")
        press(app, bt.RIGHT)
        look("end: really? end it")
        if rng.random() < 0.3:
            press(app, bt.X)
        else:
            press(app, bt.LEFT, bt.X, bt.LEFT, bt.X)  # back, then no
    elif isinstance(ui, dec.DisposeScreen):
        for _ in range(rng.randint(1, 5)):
            press(app, rng.choice((bt.LEFT, bt.RIGHT, bt.UP, bt.DOWN)))
            look("dispose")
        while ui.row < 2:
            press(app, bt.X)
        press(app, bt.X)
    elif isinstance(ui, dec.BuyScreen):
        for _ in ui.options:
            press(app, bt.RIGHT)
            look(f"buy {ui.option}")
            if ui.option in ui.chains and rng.random() < 0.5:
                press(app, bt.X)
                look(f"buy {ui.option}, cart {ui.cart}")
        while ui.option != "DONE":
            press(app, bt.RIGHT)
        press(app, bt.X)


def play_game(app: capp.App, play: Play, seed: int, look) -> None:
    """A whole seeded game through its screens, `look(where)` at each."""
    rng = random.Random(seed)
    for _ in range(20_000):
        scene = app.scene
        if isinstance(scene, GameOver):
            look("standings")
            return
        if isinstance(scene, Summary):
            look("merger summary")
            press(app, bt.X) if scene.armed else app.update(NOTHING)
            continue
        stage = play.stage
        if isinstance(stage, Passing):
            look("pass the device")
            if stage.armed:
                press(app, bt.X)
            else:
                app.update(NOTHING)
            continue
        if isinstance(stage, Deciding) and stage.armed and scene is play:
            if stage.recap:
                look("recap")
                for _ in stage.recap:
                    press(app, bt.DOWN)
                    look("recap scrolled")
                press(app, bt.X)
                continue
            explore(app, play, rng, look)
            continue
        app.update(NOTHING)
    raise AssertionError(f"game {seed} did not end")


# Screens every run must have looked at (a where's first words), so the check covers them.
MUST_SEE = (
    "place",
    "refused",
    "found",
    "survivor",
    "dispose",
    "buy",
    "end: really?",
    "undo on PlaceScreen",
    "undo on BuyScreen",
    "hint on PlaceScreen",
    "hint on BuyScreen",
    "hint on DeclareScreen",
    "recap",
    "merger summary",
    "pass the device",
    "chart board",
    "standings",
    "story",
    "replay step",
)


def test_no_explanation_is_cut_and_nothing_overlaps(screen):
    faults: list[str] = []
    seen: set[str] = set()

    def look(app: capp.App, where: str) -> None:
        seen.add(where)
        faults.extend(screen(app, where))

    for seed in range(GAMES):
        app, play = new_play(seed)
        play_game(app, play, seed, lambda where, app=app: look(app, where))
        record = game_record(play)
        assert record is not None
        app.push(StoryScene(app, story_of(record)))
        look(app, "story")
        app.pop()
        replay = Replay(app, record)
        app.push(replay)
        for i in range(replay.total + 1):
            look(app, f"replay step {i}")
            press(app, bt.RIGHT)
    missing = [m for m in MUST_SEE if not any(w.startswith(m) for w in seen)]
    assert not missing, f"never looked at: {missing}"
    assert not faults, "\n".join(dict.fromkeys(faults))


def drawn_texts(app: capp.App, screen) -> list[str]:
    """The texts the app's frame leaves in view (none cut, none overdrawn)."""
    assert not screen(app, "frame")
    return [t for _, t in screen.layout.texts]


def test_where_undo_stops_shows_over_a_two_line_preview_and_the_buy_screens_standing(screen):
    app = capp.App(seed=2)
    play = start(app, Game.from_json(position()))
    run_until(app, my_decision(play))
    select_tile(app, play, "5A")  # a merger: its preview takes both lines
    assert len(play.screen.details) == 2
    press(app, bt.UNDO)
    assert play.message == "Nothing to undo yet" and play.message in drawn_texts(app, screen)
    press(app, bt.RIGHT)  # moving on: the preview's second line again
    assert play.screen.details[1] in drawn_texts(app, screen)
    select_tile(app, play, "12D")
    press(app, bt.X)
    run_until(app, my_decision(play))
    ui = play.screen
    press(app, bt.RIGHT)  # from DONE round to the first chain: its standing
    assert isinstance(ui, dec.BuyScreen) and ui.standing
    play.undo_stack.clear()  # as after a tile was drawn
    play.undo_block = "Can't undo: a tile was drawn"
    press(app, bt.UNDO)
    texts = drawn_texts(app, screen)
    assert "Can't undo: a tile was drawn" in texts and ui.standing not in texts
    press(app, bt.RIGHT)
    assert play.screen.standing and play.screen.standing in drawn_texts(app, screen)


# The margin, a range while the market's draw decides it; " over Ana" when it drew nothing.
MARGIN = re.compile(r"You'd (win|lose) by (\$[\d,]+)(?:-(\$[\d,]+))?(?: over \w+)?$")


def _dollars(text: str) -> int:
    return int(text.replace("$", "").replace(",", ""))


def test_the_two_player_end_says_whether_you_win_over_every_draw_of_the_market():
    """Two players: ending the game draws the market's holdings. Whatever the tiles you
    cannot see (the pool's order, the other hand), the margin lies in the range the end's
    question gives, and "win" or "lose" holds for every one of them."""
    claims = 0
    for seed in range(30):
        g = Game.new(players=2, seed=seed, names=["You", "Ana"])
        bots = [make_bot("greedy", seed), make_bot("random", seed + 1)]
        rng = random.Random(seed)
        while not g.is_over:
            if DeclareEnd() in g.legal_actions() and rng.random() < 0.5:
                text = end_standing(g)
                assert len(text) < 32, text  # one line of the end's panel
                m = MARGIN.match(text)
                margins = {_end_margin(g, k) for k in range(12)}
                if m:
                    claims += 1
                    low = _dollars(m[2])
                    high = _dollars(m[3]) if m[3] else low
                    sign = 1 if m[1] == "win" else -1
                    assert {sign * d for d in margins} <= set(range(low, high + 1)), (text, margins)
                else:
                    draw = text.endswith(("the market decides", "by the draw")) or "tie" in text
                    assert draw or " behind " in text, text  # behind: the market drew nothing
            g.apply(bots[g.current].choose(g.view(g.current)))
    assert claims > 10


def _end_margin(game: Game, k: int) -> int:
    """Your margin over the other player when the game ends now, with the tiles you cannot
    see dealt out anew (shuffle `k`)."""
    data = json.loads(game.to_json())
    seat = game.current
    unseen = list(data["pool"])
    for i, p in enumerate(data["players"]):
        if i != seat:
            unseen += p["hand"]
    random.Random(k).shuffle(unseen)
    for i, p in enumerate(data["players"]):
        if i != seat:
            p["hand"], unseen = unseen[: len(p["hand"])], unseen[len(p["hand"]) :]
    data["pool"] = unseen
    data.pop("rng", None)
    data["seed"] = k
    g = Game.from_json(json.dumps(data))
    g.apply(DeclareEnd())
    g.apply(BuyShares(()))
    scores = g.scores()
    return scores[seat] - scores[1 - seat]


def test_the_key_screens_keep_their_texts_whole_on_screen_and_apart(screen):
    """Every screen the demo reaches (title, setup, settings, help, stats' pages, kept games,
    a replay, the lesson's): no text cut, off the screen, drawn over or touching another."""
    from acquire8.app.demo import key_screens

    faults: list[str] = []
    for name, app in key_screens():
        if name == "pause":  # a window over the game: what it covers, it is meant to cover
            continue
        faults += screen(app, name)
        scene = app.scene
        if isinstance(scene, StatsScene):  # every page of the stats, not only the demo's
            for _ in scene.PAGES:
                press(app, bt.RIGHT)
                faults += screen(app, f"{name}, page {scene.page}")
    assert not faults, "\n".join(dict.fromkeys(faults))
