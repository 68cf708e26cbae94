"""The menus and pages: title, setup, settings, stats, help, pause, confirmations, log."""

from __future__ import annotations

import pyxel

from acquire8.app import constants as k
from acquire8.app.control.app import seat_names
from acquire8.app.control.menus import (
    HELP_PAGES,
    Confirm,
    Help,
    Log,
    Pause,
    SettingsScene,
    Setup,
    StatsScene,
    Title,
)
from acquire8.app.control.scene import Host
from acquire8.app.text import fit, wrap
from acquire8.app.views.common import chain_box, ctext, footer, panel, phase, rtext, short_money, text
from acquire8.rules import CHAINS
from acquire8.storage.settings import PERSON, Settings


def draw_title(s: Title) -> None:
    app = s.app
    big_text(0, 14, "ACQUIRE8", 3)
    for i, chain in enumerate(CHAINS):  # a row of hotel tiles under the name
        x = 22 + i * 12
        lift = 1 if phase(app.frame, 6, 7) == i else 0
        chain_box(x, 36 - lift, chain, 9)
    ctext(50, "HOTEL EMPIRES, PICO-8 STYLE", k.DIM)
    pitch = 9 if len(s.menu.items) <= 5 else 8  # six items: New game .. Quit with Continue
    top = 66 if pitch == 9 else 62
    for i, item in enumerate(s.menu.items):
        sel = i == s.menu.index
        ctext(top + i * pitch, item, k.ACCENT if sel else k.TEXT)
        if sel:
            w = len(item) * k.CHAR_W
            x = 64 - w // 2 - 8
            text(x, top + i * pitch, ">", k.ACCENT)
    notices = app.notices[-2:]
    if notices:  # a storage problem, one line each, where the controls line would be
        for i, line in enumerate(notices):
            ctext(k.HEIGHT - 7 * (len(notices) - i), fit(line), k.BAD)
    elif s.offer:  # the very first start: the lesson, where the controls line would be
        ctext(k.HEIGHT - 7, "New to Acquire? Learn to play!", k.ACCENT)
    else:
        footer("ARROWS MOVE  X SELECT")


def big_text(x: int, y: int, s: str, scale: int) -> None:
    """The pixel-art title: each lit cell of a glyph a scale x scale block, with a shadow."""
    widths = [len(k.BIG_FONT[ch][0]) for ch in s]
    total = (sum(widths) + len(s) - 1) * scale
    gx = x + (k.WIDTH - total) // 2
    for i, ch in enumerate(s):
        color = k.CHAIN_COLOR[CHAINS[i % 7]] if ch != "8" else k.WHITE
        for r, row in enumerate(k.BIG_FONT[ch]):
            for c, cell in enumerate(row):
                if cell == "#":
                    px, py = gx + c * scale, y + r * scale
                    pyxel.rect(px, py + 2, scale, scale, k.PURPLE)
                    pyxel.rect(px, py, scale, scale, color)
        gx += (widths[i] + 1) * scale


def _choice_row(y: int, label: str, value: str, sel: bool, app: Host) -> None:
    col = k.ACCENT if sel else k.TEXT
    text(8, y, label, col)
    if sel:
        text(2, y, ">", k.ACCENT)
        rtext(124, y, f"< {value} >", col)
    else:
        rtext(124, y, value, k.DIM)


def draw_setup(s: Setup) -> None:
    app, st = s.app, s.app.settings
    ctext(4, "NEW GAME", k.ACCENT)
    y = 16
    for i, row in enumerate(s.rows):
        sel = i == s.row
        if row == "opponents":
            _choice_row(y, "Opponents", str(st.opponents), sel, app)
        elif row.startswith("level"):
            n = int(row[5:])
            _choice_row(y, f"  {_seat_label(st, n)}", s.level_text(st.levels[n]), sel, app)
        elif row == "end":
            y += 3
            _choice_row(y, "End rule", st.end, sel, app)
            y += 9
            text(8, y, "First player", k.DIM)
            rtext(124, y, "by the draw", k.DIM)
        elif row == "start":
            y += 6
            col = k.BLACK if sel else k.TEXT
            pyxel.rect(44, y - 2, 40, 9, k.ACCENT if sel else k.PANEL)
            ctext(y, "START", col)
            if PERSON in st.opponent_levels():  # pass-and-play
                ctext(y + 11, "People pass the device in turn", k.DIM)
            else:  # levels are rated on one scale: which suits the person
                ctext(y + 11, s.suggestion(), k.DIM)
        y += 9
    footer("UP/DOWN <> CHANGE  X START")


def _seat_label(st: Settings, n: int) -> str:
    """Opponent n's row label in setup and settings: its name, or P2.. for a person."""
    seats = [PERSON, *st.opponent_levels()]
    if n >= st.opponents:
        return f"Seat {n + 2}"
    return seat_names(seats)[n + 1] + ("" if seats[n + 1] == PERSON else " plays")


def draw_settings(s: SettingsScene) -> None:
    st = s.app.settings
    ctext(3, "SETTINGS", k.ACCENT)
    onoff = {True: "on", False: "off"}
    values = {
        "music": onoff[st.music],
        "effects": onoff[st.effects],
        "pace": st.pace,
        "contrast": onoff[st.high_contrast],
        "end": st.end,
        "holdings": st.holdings,
        "opponents": str(st.opponents),
    }
    labels = {
        "music": "Music",
        "effects": "Sound effects",
        "pace": "Computer pace",
        "contrast": "High contrast",
        "end": "End rule",
        "holdings": "Holdings",
        "opponents": "Opponents",
    }
    pitch = 8 if len(s.menu.items) > 11 else 9  # up to 13 rows with five opponents
    for i, row in enumerate(s.menu.items):
        y = 12 + i * pitch
        sel = i == s.menu.index
        if row == "back":
            ctext(y + 1, "BACK", k.ACCENT if sel else k.TEXT)
        elif row.startswith("level"):
            n = int(row[5:])
            _choice_row(y, f"  {_seat_label(st, n)}", st.levels[n], sel, s.app)
        else:
            _choice_row(y, labels[row], values[row], sel, s.app)
    if s.in_game:  # where the rows left out are
        ctext(64, "End rule, holdings, opponents", k.DIM)
        ctext(71, "are for the next game: change", k.DIM)
        ctext(78, "them in Settings on the title.", k.DIM)
    footer("<> CHANGE  Z BACK")


def draw_stats(s: StatsScene) -> None:
    page, title = s.PAGES[s.page]
    rtext(128, 2, f"{s.page + 1}/{len(s.PAGES)}", k.DIM)
    if page == "table":
        draw_stats_table(s)
    elif page == "rating":
        draw_stats_rating(s)
    else:
        draw_stats_chart(s, page, title)
    if s.message:
        ctext(106, s.message, k.BAD)
    footer("<> CHARTS  DOWN REPLAYS  X BACK")


STATS_NOTES = {
    "games": "Finished games per level",
    "wins": "Games won (a shared first too)",
    "cash": "Your final cash, on average",
    "best": "Your best final cash",
    "streak": "In a row: now (bright), best",
    "rank": "Your place: 1 is first, shorter",
}
BAR_X, BAR_W = 42, 56  # the bars of a stats chart: from x 42, the longest 56 px


def draw_stats_chart(s: StatsScene, page: str, title: str) -> None:
    """One measure per opponent level as a bar each, its value at the right; "all" last."""
    ctext(4, title, k.ACCENT)
    bars = s.bars(page)
    if not bars:
        ctext(50, "No finished games yet", k.DIM)
        return
    scale = max((b.value for b in bars if b.value is not None), default=0)
    if page == "wins":
        scale = 1.0  # a share: the full bar is every game won
    elif page == "rank":
        scale = max(scale, 4.0)  # places run to the number of players (four by default)
    for i, bar in enumerate(bars):
        y = 18 + 12 * i
        last = bar.level == "all"
        if last:
            pyxel.line(4, y - 3, 123, y - 3, k.FRAME)
        col = k.ACCENT if last else k.TEXT
        text(4, y, "pass&play" if bar.level == "people" else bar.level, col)
        pyxel.rect(BAR_X, y, BAR_W, 5, k.PANEL)
        if bar.value is not None and scale:
            w = max(1, round(BAR_W * bar.value / scale)) if bar.value else 0
            pyxel.rect(BAR_X, y, w, 5, k.DIM if bar.inner is not None else col)
            if bar.inner:  # the current streak inside the best one, in the row's colour
                pyxel.rect(BAR_X, y + 1, max(1, round(BAR_W * bar.inner / scale)), 3, col)
        rtext(127, y, bar.label, col)
    ctext(112, STATS_NOTES[page], k.DIM)


CHART_X, CHART_W, CHART_Y, CHART_H = 28, 96, 24, 62  # the rating chart's plot area


def draw_stats_rating(s: StatsScene) -> None:
    """The rating with its interval, a chart of it over the rated games (the 95% band in navy,
    the levels' ratings as dotted lines), and the nearest level."""
    ctext(4, "YOUR RATING", k.ACCENT)
    r = s.stats.rating
    ladder = s.ladder()
    if not r.games:
        ctext(16, "No games against computers yet", k.DIM)
        for i, (lv, value) in enumerate(ladder):
            text(36, 32 + 8 * i, lv, k.TEXT)
            rtext(92, 32 + 8 * i, str(value), k.TEXT)
        ctext(72, "Each game vs computers rates", k.DIM)
        ctext(79, "you on the levels' scale", k.DIM)
        return
    ctext(14, s.rating_line(), k.TEXT)
    points = r.history
    values = [v for v, _ in points] + [v for _, v in ladder]
    lo, hi = min(values) - 40, max(values) + 80  # room above for labels pushed apart

    def y_of(v: float) -> int:
        v = min(hi, max(lo, v))
        return CHART_Y + CHART_H - round(CHART_H * (v - lo) / (hi - lo))

    def x_of(i: int) -> int:
        return CHART_X + (round(CHART_W * i / (len(points) - 1)) if len(points) > 1 else CHART_W // 2)

    pyxel.rect(CHART_X, CHART_Y, CHART_W + 1, CHART_H + 1, k.BG)
    for i, (v, rd) in enumerate(points):  # the band first, under everything
        half = 1.96 * rd
        x = x_of(i)
        pyxel.line(x, y_of(v + half), x, y_of(v - half), k.PANEL)
        if len(points) > 1 and i:
            for xx in range(x_of(i - 1) + 1, x):  # fill between games
                pyxel.line(xx, y_of(v + half), xx, y_of(v - half), k.PANEL)
    label_y = k.HEIGHT
    for lv, value in ladder:  # weakest first: a label too close to the one below moves up
        y = y_of(value)
        for x in range(CHART_X, CHART_X + CHART_W + 1, 3):
            pyxel.pset(x, y, k.DIM)
        label_y = min(y - 2, label_y - 6)
        rtext(CHART_X - 2, label_y, lv, k.DIM)
    for i in range(1, len(points)):
        pyxel.line(x_of(i - 1), y_of(points[i - 1][0]), x_of(i), y_of(points[i][0]), k.ACCENT)
    pyxel.rect(x_of(len(points) - 1) - 1, y_of(points[-1][0]) - 1, 3, 3, k.ACCENT)
    first, second = s.advice()
    ctext(CHART_Y + CHART_H + 5, first, k.TEXT)
    ctext(CHART_Y + CHART_H + 12, second, k.DIM)
    ctext(112, f"Over {r.games} games vs computers", k.DIM)


def draw_stats_table(s: StatsScene) -> None:
    ctext(4, "STATS", k.ACCENT)
    text(4, 16, "against", k.DIM)
    rtext(72, 16, "played", k.DIM)
    rtext(92, 16, "won", k.DIM)
    rtext(124, 16, "best $", k.DIM)
    rows = s.rows
    total = s.stats.total()
    for i, (level, played, won, best) in enumerate(rows):
        y = 25 + i * 8
        text(4, y, "pass&play" if level == "people" else level, k.TEXT)
        rtext(72, y, str(played), k.TEXT)
        rtext(92, y, str(won), k.TEXT)
        rtext(124, y, short_money(best), k.TEXT)
    y = 25 + len(rows) * 8 + 3
    if rows:
        pyxel.line(4, y - 2, 123, y - 2, k.FRAME)
        text(4, y, "all", k.ACCENT)
        rtext(72, y, str(total.played), k.ACCENT)
        rtext(92, y, str(total.won), k.ACCENT)
        rtext(124, y, short_money(total.best_cash), k.ACCENT)
        # "You" are the one person playing the computers; pass-and-play games are everyone's
        # (won when any person won) and stay out of "your" games: counts, so that they agree
        # with the table above whatever the mix.
        people = s.stats.by_level.get("people")
        line = y + 12
        for words in (s.solo_line(), s.rating_line()):
            if words:
                ctext(line, words, k.DIM)
                line += 7
        if people and people.played:
            ctext(line, f"pass&play: a person won {people.won}/{people.played}", k.DIM)
    else:
        ctext(50, "No finished games yet", k.DIM)


def draw_help(s: Help) -> None:
    title, body = HELP_PAGES[s.page]
    ctext(4, f"HOW TO PLAY: {title}", k.ACCENT)
    for i, line in enumerate(wrap(body, 31)):
        text(2, 14 + i * 7, line, k.TEXT)
    footer(f"< {s.page + 1}/{len(HELP_PAGES)} >  X NEXT  Z BACK")


def draw_pause(s: Pause) -> None:
    items = s.menu.items
    h = 14 + len(items) * 9
    y0 = (k.HEIGHT - h) // 2
    panel(20, y0, 88, h)
    ctext(y0 + 4, "PAUSED", k.DIM)
    for i, item in enumerate(items):
        sel = i == s.menu.index
        ctext(y0 + 13 + i * 9, f"> {item} <" if sel else item, k.ACCENT if sel else k.TEXT)


def draw_log(s: Log) -> None:
    ctext(2, "GAME LOG", k.ACCENT)
    for i, line in enumerate(s.lines[s.top : s.top + s.ROWS]):
        text(1, 10 + i * 7, line, k.TEXT)
    if len(s.lines) > s.ROWS:
        pos = f"{s.top + 1}-{min(len(s.lines), s.top + s.ROWS)}/{len(s.lines)}"
        rtext(128, 2, pos, k.DIM)
    footer("UP/DN LINE  <> PAGE  X CLOSE" if len(s.lines) > s.ROWS else "X CLOSE")


def draw_confirm(s: Confirm) -> None:
    """A second question over the screen: what it means, BACK first, the action second."""
    lines = wrap(s.detail, 26) if s.detail else []
    h = 34 + 7 * len(lines)
    y0 = (k.HEIGHT - h) // 2
    panel(10, y0, 108, h)
    ctext(y0 + 4, s.question, k.ACCENT)
    for i, line in enumerate(lines):
        ctext(y0 + 13 + 7 * i, line, k.TEXT)
    y = y0 + h - 13
    for i, label in enumerate(s.labels):
        cx = 40 + 48 * i
        sel = i == s.index
        if sel:
            pyxel.rect(cx - 20, y - 2, 40, 9, k.ACCENT)
        ctext(y, label, k.BLACK if sel else k.TEXT, cx)
