"""The menus and pages: title, setup, settings, stats, help, pause, confirmations, log."""

from __future__ import annotations

from itertools import pairwise

import pyxel

from acquire8.app import constants as k
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
from acquire8.app.text import WORDS_CHARS, fit, wrap
from acquire8.app.views.common import chain_box, ctext, footer, panel, phase, rtext, short_money, text
from acquire8.rules import CHAINS
from acquire8.storage.settings import PERSON


def draw_title(s: Title) -> None:
    app = s.app
    big_text(0, k.TITLE_Y, "ACQUIRE8", k.TITLE_SCALE)
    for i, chain in enumerate(CHAINS):  # a row of hotel tiles under the name
        x = k.TITLE_TILES_X + i * k.TITLE_TILE_PITCH
        lift = 1 if phase(app.frame, k.TITLE_TILE_FRAMES, len(CHAINS)) == i else 0
        chain_box(x, k.TITLE_TILES_Y - lift, chain, k.TITLE_TILE)
    ctext(k.TITLE_TAG_Y, "HOTEL EMPIRES, PICO-8 STYLE", k.DIM)
    few = len(s.menu.items) <= k.TITLE_FEW  # six items: New game .. Quit with Continue
    pitch = k.MENU_PITCH if few else k.MENU_PITCH_MANY
    top = k.TITLE_MENU_Y if few else k.TITLE_MENU_Y_MANY
    for i, item in enumerate(s.menu.items):
        sel = i == s.menu.index
        ctext(top + i * pitch, item, k.ACCENT if sel else k.TEXT)
        if sel:
            w = len(item) * k.CHAR_W
            x = k.MID - w // 2 - 2 * k.CHAR_W
            text(x, top + i * pitch, ">", k.ACCENT)
    notices = app.notices[-2:]
    if notices:  # a storage problem, one line each, where the controls line would be
        for i, line in enumerate(notices):
            ctext(k.HEIGHT - k.LINE * (len(notices) - i), fit(line), k.BAD)
    elif s.offer:  # the very first start: the lesson, where the controls line would be
        ctext(k.FOOTER_Y, "New to Acquire? Learn to play!", k.ACCENT)
    else:
        footer("ARROWS MOVE  X SELECT")


def big_text(x: int, y: int, s: str, scale: int) -> None:
    """The pixel-art title: each lit cell of a glyph a scale x scale block, with a shadow."""
    widths = [len(k.BIG_FONT[ch][0]) for ch in s]
    total = (sum(widths) + len(s) - 1) * scale
    gx = x + (k.WIDTH - total) // 2
    for i, ch in enumerate(s):
        color = k.CHAIN_COLOR[CHAINS[i % len(CHAINS)]] if ch != "8" else k.WHITE
        for r, row in enumerate(k.BIG_FONT[ch]):
            for c, cell in enumerate(row):
                if cell == "#":
                    px, py = gx + c * scale, y + r * scale
                    pyxel.rect(px, py + 2, scale, scale, k.PURPLE)
                    pyxel.rect(px, py, scale, scale, color)
        gx += (widths[i] + 1) * scale


def _choice_row(y: int, label: str, value: str, sel: bool, app: Host, fixed: bool = False) -> None:
    """A row; `fixed`: its value cannot change (no arrows, grey)."""
    col = k.ACCENT if sel else k.DIM if fixed else k.TEXT
    text(k.MENU_X, y, label, col)
    if sel:
        text(k.MENU_MARK_X, y, ">", k.ACCENT)
    if sel and not fixed:
        rtext(k.MENU_RIGHT, y, f"< {value} >", col)
    else:
        rtext(k.MENU_RIGHT, y, value, k.DIM)


def draw_setup(s: Setup) -> None:
    app, st = s.app, s.app.settings
    ctext(k.MENU_HEAD_Y, "NEW GAME", k.ACCENT)
    rows = s.shown
    if len(rows) < len(s.table):  # the rows scroll: which are on screen, as the log says it
        rtext(k.RIGHT_X, k.MENU_HEAD_Y, f"{s.top + 1}-{s.top + len(rows)}/{len(s.table)}", k.DIM)
    pitch = setup_pitch(s)
    y, group = k.SETUP_Y, rows[0].group
    for i, row in enumerate(rows, start=s.top):
        if row.group != group:  # the seats, then the rules, a little apart
            y, group = y + k.SETUP_GAP, row.group
        _choice_row(y, row.label(st), row.shown(st), i == s.row, app, fixed=row.fixed(st))
        y += pitch
    y += k.SETUP_START_GAP  # Start, a little apart from the rows
    sel = s.selected is None
    pyxel.rect(k.MID - k.BUTTON_W // 2, y - 2, k.BUTTON_W, k.LABEL_H, k.ACCENT if sel else k.PANEL)
    ctext(y, "START", k.BLACK if sel else k.TEXT)
    y += k.SETUP_NOTE_GAP
    if PERSON in st.opponent_levels():  # pass-and-play
        ctext(y, "People pass the device in turn", k.DIM)
    else:  # levels are rated on one scale: which suits the person
        ctext(y, s.suggestion(), k.DIM)
    _explain(y + k.LINE, s.describe())
    footer("<> CHANGE  X START  Z BACK")  # Z leaves it, as every page


def setup_pitch(s: Setup) -> int:
    """The rows' pitch that fits those on screen above Start and its lines (the suggestion,
    the selected row's line): a row's full height while there is room, closer with many."""
    rows = s.shown
    gaps = sum(a.group != b.group for a, b in pairwise(rows))
    fixed = k.SETUP_GAP * gaps + k.SETUP_START_GAP
    return min(k.MENU_PITCH, (k.SETUP_START_MAX_Y - k.SETUP_Y - fixed) // len(rows))


def _explain(y: int, words: str) -> None:
    """The selected row's line, whole, at most EXPLAIN_LINES lines with a margin each side."""
    for j, line in enumerate(wrap(words, WORDS_CHARS)[: k.EXPLAIN_LINES] if words else []):
        ctext(y + j * k.LINE, line, k.SKY)


def draw_settings(s: SettingsScene) -> None:
    st = s.app.settings
    ctext(k.SETTINGS_HEAD_Y, "SETTINGS", k.ACCENT)
    rows = s.shown
    if len(rows) < len(s.table):  # the rows scroll: which are on screen
        rtext(k.RIGHT_X, k.SETTINGS_HEAD_Y, f"{s.top + 1}-{s.top + len(rows)}/{len(s.table)}", k.DIM)
    pitch = min(k.MENU_PITCH, (s.bottom - k.SETTINGS_Y) // (len(rows) + 1))  # Back too, above the lines
    for i, row in enumerate(rows):
        y, sel, fixed = k.SETTINGS_Y + i * pitch, s.top + i == s.menu.index, row.fixed(st)
        _choice_row(y, row.label(st), row.shown(st), sel, s.app, fixed=fixed)
    sel = s.selected is None
    ctext(k.SETTINGS_Y + len(rows) * pitch + 1, "BACK", k.ACCENT if sel else k.TEXT)
    if s.in_game:  # where the rows left out are
        ctext(k.SETTINGS_NOTE_Y, "Game, end rule, holdings, seats", k.DIM)
        ctext(k.SETTINGS_NOTE_Y + k.LINE, "are for the next game: change", k.DIM)
        ctext(k.SETTINGS_NOTE_Y + 2 * k.LINE, "them in Settings on the title.", k.DIM)
    _explain(k.EXPLAIN_Y, s.describe())
    footer("<> CHANGE  Z BACK")


def draw_stats(s: StatsScene) -> None:
    page, title = s.PAGES[s.page]
    rtext(k.RIGHT_X, k.HEAD_Y, f"{s.page + 1}/{len(s.PAGES)}", k.DIM)
    if page == "table":
        draw_stats_table(s)
    elif page == "rating":
        draw_stats_rating(s)
    elif page == "modes":
        draw_stats_modes(s)
    elif page == "scores":
        draw_stats_scores(s)
    elif page == "accuracy":
        draw_stats_accuracy(s, title)
    else:
        draw_stats_chart(s, page, title)
    if s.message:
        ctext(k.STATS_MESSAGE_Y, s.message, k.BAD)
    footer("<> CHARTS  DOWN REPLAYS  Z BACK")  # Z leaves a page, as everywhere


def draw_stats_chart(s: StatsScene, page: str, title: str) -> None:
    """One measure per opponent level as a bar each, its value at the right; "all" last."""
    ctext(k.MENU_HEAD_Y, title, k.ACCENT)
    bars = s.bars(page)
    if not bars:
        ctext(k.STATS_EMPTY_Y, "No finished games yet", k.DIM)
        return
    x, h = k.STATS_BAR_X, k.STATS_BAR_H
    for i, bar in enumerate(bars):
        y = k.STATS_BARS_Y + k.STATS_BAR_PITCH * i
        last = bar.level == "all"
        if last:
            pyxel.line(k.STATS_X, y - k.STATS_RULE, k.STATS_RIGHT - 1, y - k.STATS_RULE, k.FRAME)
        col = k.ACCENT if last else k.TEXT
        text(k.STATS_X, y, s.level_name(bar.level), col)
        pyxel.rect(x, y, k.STATS_BAR_W, h, k.PANEL)
        if bar.value is not None and bar.width:
            pyxel.rect(x, y, bar.width, h, k.DIM if bar.inner is not None else col)
        if bar.inner_width:  # the current streak inside the best one, in the row's colour
            pyxel.rect(x, y + 1, bar.inner_width, h - 2, col)
        rtext(k.WIDTH - 1, y, bar.label, col)
    ctext(k.STATS_NOTE_Y, s.NOTES[page], k.DIM)


def draw_stats_accuracy(s: StatsScene, title: str) -> None:
    """Per opponent level, a column per reviewed game (its accuracy, 100% the full height) and
    their mean at the right."""
    ctext(k.MENU_HEAD_Y, title, k.ACCENT)
    rows = s.accuracy or []
    if not rows:
        ctext(k.STATS_EMPTY_Y, "No reviewed games yet", k.DIM)
        ctext(k.STATS_EMPTY_Y + k.LINE, "Review one from its standings", k.DIM)
        return
    for i, row in enumerate(rows):
        y = k.STATS_BARS_Y + k.STATS_BAR_PITCH * i
        text(k.STATS_X, y, s.level_name(row.level), k.TEXT)
        foot = y + k.GLYPH_H
        pyxel.rect(k.STATS_BAR_X, foot - k.STATS_COLUMN_H, k.STATS_BAR_W, k.STATS_COLUMN_H, k.PANEL)
        for j, h in enumerate(row.heights()):
            x = k.STATS_BAR_X + j * k.STATS_COLUMN_PITCH
            pyxel.rect(x, foot - h, k.STATS_COLUMN_W, h, k.ACCENT)
        rtext(k.WIDTH - 1, y, row.label, k.TEXT)
    ctext(k.STATS_NOTE_Y, s.NOTES["accuracy"], k.DIM)


def draw_stats_rating(s: StatsScene) -> None:
    """The rating with its interval, a chart of it over the rated games (the 95% band in navy,
    the levels' ratings as dotted lines), and the nearest level."""
    ctext(k.MENU_HEAD_Y, "YOUR RATING", k.ACCENT)
    r = s.stats.rating
    if not r.games:
        ctext(k.RATING_EMPTY_Y, "No games against computers yet", k.DIM)
        for i, (lv, value) in enumerate(s.ladder()):
            y = k.RATING_LADDER_Y + k.STATS_ROW_PITCH * i
            text(k.RATING_LADDER_X, y, lv, k.TEXT)
            rtext(k.RATING_LADDER_RIGHT, y, str(value), k.TEXT)
        ctext(k.RATING_EMPTY_NOTE_Y, "Each singles game vs computers", k.DIM)
        ctext(k.RATING_EMPTY_NOTE_Y + k.LINE, "rates you on the levels' scale", k.DIM)
        return
    ctext(k.RATING_LINE_Y, s.rating_line(), k.TEXT)
    chart = s.rating_chart()
    pyxel.rect(k.RATING_X, k.RATING_Y, k.RATING_W + 1, k.RATING_H + 1, k.BG)
    for x, top, bottom in chart.band:  # the band first, under everything
        pyxel.line(x, top, x, bottom, k.PANEL)
    for lv, y, label_y in chart.levels:
        for x in range(k.RATING_X, k.RATING_X + k.RATING_W + 1, k.DOTS):
            pyxel.pset(x, y, k.DIM)
        rtext(k.RATING_X - 2, label_y, lv, k.DIM)
    points = chart.points
    for (x0, y0), (x1, y1) in pairwise(points):
        pyxel.line(x0, y0, x1, y1, k.ACCENT)
    x, y = points[-1]
    pyxel.rect(x - k.DOT // 2, y - k.DOT // 2, k.DOT, k.DOT, k.ACCENT)
    first, second = s.advice()
    ctext(k.RATING_ADVICE_Y, first, k.TEXT)
    ctext(k.RATING_ADVICE_Y + k.LINE, second, k.DIM)
    ctext(k.STATS_NOTE_Y, f"Over {r.games} singles vs computers", k.DIM)


def draw_stats_modes(s: StatsScene) -> None:
    """Solo and the team games, a row each: kept apart from singles, not rated."""
    ctext(k.MENU_HEAD_Y, "OTHER WAYS TO PLAY", k.ACCENT)
    rows = s.mode_rows
    if not rows:
        ctext(k.STATS_EMPTY_Y, "No solo or team games yet", k.DIM)
    else:
        text(k.STATS_X, k.STATS_HEAD_Y, "game", k.DIM)
        rtext(k.STATS_PLAYED_RIGHT, k.STATS_HEAD_Y, "played", k.DIM)
        rtext(k.STATS_WON_RIGHT, k.STATS_HEAD_Y, "won", k.DIM)
        rtext(k.STATS_RIGHT, k.STATS_HEAD_Y, "best $", k.DIM)
    for i, (mode, played, won, best) in enumerate(rows):
        y = k.STATS_TABLE_Y + i * k.STATS_ROW_PITCH
        text(k.STATS_X, y, mode, k.TEXT)
        rtext(k.STATS_PLAYED_RIGHT, y, str(played), k.TEXT)
        rtext(k.STATS_WON_RIGHT, y, won, k.TEXT)
        rtext(k.STATS_RIGHT, y, short_money(best), k.TEXT)
    ctext(k.STATS_NOTE_Y - k.LINE, "Kept apart from singles; a team", k.DIM)
    ctext(k.STATS_NOTE_Y, "wins together. None is rated.", k.DIM)


def draw_stats_scores(s: StatsScene) -> None:
    """Solo's best scores with their dates and seeds."""
    ctext(k.MENU_HEAD_Y, "SOLO HIGH SCORES", k.ACCENT)
    rows = s.score_rows
    if not rows:
        ctext(k.STATS_EMPTY_Y, "No solo games yet", k.DIM)
        return
    text(k.STATS_X, k.STATS_HEAD_Y, "#  score", k.DIM)
    text(k.SCORES_DATE_X, k.STATS_HEAD_Y, "played", k.DIM)
    rtext(k.STATS_RIGHT, k.STATS_HEAD_Y, "seed", k.DIM)
    for i, (score, played, seed) in enumerate(rows):
        y = k.STATS_TABLE_Y + i * k.LINE
        text(k.STATS_X, y, f"{i + 1:>2} {score}", k.ACCENT if i == 0 else k.TEXT)
        text(k.SCORES_DATE_X, y, fit(played, k.SCORES_DATE_CHARS, cut_ok=True), k.TEXT)
        rtext(k.STATS_RIGHT, y, fit(seed, k.SCORES_SEED_CHARS, cut_ok=True), k.DIM)


def draw_stats_table(s: StatsScene) -> None:
    ctext(k.MENU_HEAD_Y, "STATS", k.ACCENT)
    text(k.STATS_X, k.STATS_HEAD_Y, "against", k.DIM)
    rtext(k.STATS_PLAYED_RIGHT, k.STATS_HEAD_Y, "played", k.DIM)
    rtext(k.STATS_WON_RIGHT, k.STATS_HEAD_Y, "won", k.DIM)
    rtext(k.STATS_RIGHT, k.STATS_HEAD_Y, "best $", k.DIM)
    rows = s.rows
    total = s.stats.total()
    for i, (level, played, won, best) in enumerate(rows):
        y = k.STATS_TABLE_Y + i * k.STATS_ROW_PITCH
        text(k.STATS_X, y, s.level_name(level), k.TEXT)
        rtext(k.STATS_PLAYED_RIGHT, y, str(played), k.TEXT)
        rtext(k.STATS_WON_RIGHT, y, str(won), k.TEXT)
        rtext(k.STATS_RIGHT, y, short_money(best), k.TEXT)
    y = k.STATS_TABLE_Y + len(rows) * k.STATS_ROW_PITCH + k.STATS_ALL_GAP
    if rows:
        pyxel.line(k.STATS_X, y - 2, k.STATS_RIGHT - 1, y - 2, k.FRAME)
        text(k.STATS_X, y, "all", k.ACCENT)
        rtext(k.STATS_PLAYED_RIGHT, y, str(total.played), k.ACCENT)
        rtext(k.STATS_WON_RIGHT, y, str(total.won), k.ACCENT)
        rtext(k.STATS_RIGHT, y, short_money(total.best_cash), k.ACCENT)
        line = y + k.STATS_NOTES_GAP
        for words in (s.solo_line(), s.rating_line(), s.people_line()):
            if words:
                ctext(line, words, k.DIM)
                line += k.LINE
    else:  # the other ways to play have pages of their own
        ctext(k.STATS_EMPTY_Y, "No singles games yet" if s.stats.modes else "No finished games yet", k.DIM)


def draw_help(s: Help) -> None:
    title, body = HELP_PAGES[s.page]
    ctext(k.MENU_HEAD_Y, f"HOW TO PLAY: {title}", k.ACCENT)
    for i, line in enumerate(wrap(body, k.HELP_CHARS)):
        text(k.HELP_X, k.HELP_Y + i * k.LINE, line, k.TEXT)
    footer(f"< {s.page + 1}/{len(HELP_PAGES)} >  X NEXT  Z BACK")


def draw_pause(s: Pause) -> None:
    items = s.menu.items
    h = k.PAUSE_H + len(items) * k.MENU_PITCH
    y0 = (k.HEIGHT - h) // 2
    panel(k.PAUSE_X, y0, k.PAUSE_W, h)
    ctext(y0 + k.PANEL_HEAD, "PAUSED", k.DIM)
    for i, item in enumerate(items):
        sel = i == s.menu.index
        ctext(
            y0 + k.PAUSE_ITEMS_Y + i * k.MENU_PITCH,
            f"> {item} <" if sel else item,
            k.ACCENT if sel else k.TEXT,
        )


def draw_log(s: Log) -> None:
    ctext(k.HEAD_Y, "GAME LOG", k.ACCENT)
    for i, line in enumerate(s.lines[s.top : s.top + s.ROWS]):
        text(k.EDGE, k.LOG_Y + i * k.LINE, line, k.TEXT)
    if len(s.lines) > s.ROWS:
        pos = f"{s.top + 1}-{min(len(s.lines), s.top + s.ROWS)}/{len(s.lines)}"
        rtext(k.RIGHT_X, k.HEAD_Y, pos, k.DIM)
    footer("UP/DN LINE  <> PAGE  Z CLOSE" if len(s.lines) > s.ROWS else "Z CLOSE")


def draw_confirm(s: Confirm) -> None:
    """A second question over the screen: what it means, BACK first, the action second."""
    lines = wrap(s.detail, k.CONFIRM_CHARS) if s.detail else []
    h = k.CONFIRM_H + k.LINE * len(lines)
    y0 = (k.HEIGHT - h) // 2
    panel(k.CONFIRM_X, y0, k.CONFIRM_W, h)
    ctext(y0 + k.PANEL_HEAD, s.question, k.ACCENT)
    for i, line in enumerate(lines):
        ctext(y0 + k.CONFIRM_TEXT_Y + k.LINE * i, line, k.TEXT)
    y = y0 + h - k.CONFIRM_BUTTONS_UP
    for i, label in enumerate(s.labels):
        cx = k.CONFIRM_BUTTON_X + k.CONFIRM_BUTTON_PITCH * i
        sel = i == s.index
        if sel:
            pyxel.rect(cx - k.BUTTON_W // 2, y - 2, k.BUTTON_W, k.LABEL_H, k.ACCENT)
        ctext(y, label, k.BLACK if sel else k.TEXT, cx)
