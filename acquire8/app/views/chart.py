"""The reference pages Z opens over a game (control/menus/chart.py's `Chart`): one drawing
function per page, in CHART_PAGES by the page's name; the pages' list and order are
`Chart.PAGES`, which the controller, the demo and the tests iterate."""

from __future__ import annotations

from collections.abc import Callable

import pyxel

from acquire8.app import constants as k
from acquire8.app.control.insight import team_line
from acquire8.app.control.menus import Chart
from acquire8.app.text import CHART_ROWS, WORDS_CHARS, chain_name, fit, money, note_cut, wrap
from acquire8.app.views.common import (
    PANEL_CHARS,
    blink,
    chain_box,
    chain_text,
    ctext,
    footer,
    rtext,
    short_money,
    square,
    text,
)
from acquire8.app.views.play import new_corner
from acquire8.rules import CHAINS, price
from acquire8.rules.tables import CHART_SIZES, END_SIZE, ROW_LETTERS, SAFE_SIZE, TIER_OF


def draw_chart(s: Chart) -> None:
    page = s.PAGES[s.page]
    CHART_PAGES[page](s)
    rtext(k.RIGHT_X, k.HEAD_Y, f"{s.page + 1}/{len(s.PAGES)}", k.DIM)
    footer("ARROWS MOVE  Z CLOSE" if page == "board" else "<> PAGE  Z CLOSE")


def draw_prices(s: Chart) -> None:
    g = s.table.game
    ctext(k.HEAD_Y, "PRICE CHART", k.ACCENT)
    y = k.PRICES_Y
    text(k.HEAD_Y, y + 1, "SIZE", k.DIM)
    rights = k.PRICE_RIGHTS  # where each tier's prices end
    tiers = [[c for c in CHAINS if TIER_OF[CHAINS.index(c)] == t] for t in range(len(rights))]
    for members, right in zip(tiers, rights, strict=True):
        for j, c in enumerate(members):
            chain_box(right - k.CELL * (len(members) - j), y - 1, c)
    for i, label in enumerate(CHART_ROWS):
        ry = k.PRICES_ROWS_Y + i * k.LINE
        if i % 2 == 0:
            pyxel.rect(0, ry - 1, k.WIDTH, k.LINE, k.PANEL)
        text(k.HEAD_Y, ry, label, k.TEXT)
        for members, right in zip(tiers, rights, strict=True):
            rtext(right, ry, str(price(members[0], CHART_SIZES[i])), k.TEXT)
            # Each chain on the board, by its letter, in the row of its size now.
            for j, c in enumerate(members):
                if g.chain_size(c) and _chart_row(g.chain_size(c)) == i:
                    bg = k.PANEL if i % 2 == 0 else k.BG
                    x = right - (k.PRICE_CHARS + len(members) - j) * k.CHAR_W - 1
                    text(x, ry, c, chain_text(c, bg))
    notes = (
        "Bonuses: 1st 10x, 2nd 5x price",
        f"Safe at {SAFE_SIZE} tiles (framed white)",
        f"The end may come at {END_SIZE}+ tiles",
        "Letters mark each chain's size",
    )
    for i, note in enumerate(notes):
        text(k.HEAD_Y, k.PRICES_NOTES_Y + k.LINE * i, note, k.DIM)


def draw_chains(s: Chart) -> None:
    g = s.table.game
    lines = s.bonus_lines()
    ctext(2, "CHAINS", k.ACCENT)
    for i, chain in enumerate(CHAINS):
        y = k.CHAINS_Y + i * k.CHAINS_PITCH
        size = g.chain_size(chain)
        chain_box(k.EDGE, y, chain, k.TILE, on=bool(size))
        name = chain_name(chain)
        text(k.CHAINS_NAME_X, y + 1, name, k.CHAIN_TEXT[chain])
        # Columns, each right-aligned on its own edge: size (and * when safe), price, bank.
        rtext(k.WIDTH - k.EDGE, y + 1, f"bk{g.bank_shares(chain)}", k.TEXT if size else k.DIM)
        if not size:
            rtext(k.CHAINS_SIZE_RIGHT, y + 1, "-", k.FAINT)
            rtext(k.CHAINS_PRICE_RIGHT, y + 1, "-", k.FAINT)
            text(k.CHAINS_NAME_X, y + k.CELL, "not on the board", k.FAINT)
            continue
        rtext(k.CHAINS_SIZE_RIGHT, y + 1, str(size), k.TEXT)
        if g.is_safe(chain):
            text(k.CHAINS_SIZE_RIGHT + 1, y + 1, "*", k.ACCENT)
        rtext(k.CHAINS_PRICE_RIGHT, y + 1, money(g.price(chain)), k.TEXT)
        text(k.CHAINS_NAME_X, y + k.CELL, fit(lines[i], k.CHAINS_LINE_CHARS), k.DIM)


def draw_holdings(s: Chart) -> None:
    """Every player's and the bank's shares per chain, cash, net worth and level; the counts
    that would take a bonus now in colour (majority yellow, minority blue)."""
    sheet = s.sheet()
    ctext(2, "HOLDINGS", k.ACCENT)
    x0, pitch = k.SHEET_X, k.SHEET_COL
    for i, chain in enumerate(CHAINS):
        chain_box(x0 + i * pitch, k.SHEET_Y, chain, k.TILE, on=bool(sheet.sizes[i]))
    rtext(k.RIGHT_X, k.SHEET_Y + 1, "CASH", k.DIM)
    mid = k.TILE // 2  # a column's centre in its box
    y = k.SHEET_ROWS_Y
    for seat, name in enumerate(sheet.names):
        you = seat == sheet.viewer
        text(1, y, name[: k.SHEET_NAME_CHARS], k.TEXT if you else k.SKY)
        for i in range(len(CHAINS)):
            held, lead = sheet.shares[seat][i], sheet.leads[i]
            col = k.FAINT
            if held:
                col = k.TEXT
                if lead is not None and seat in lead.majority:
                    col = k.ACCENT
                elif lead is not None and seat in lead.minority:
                    col = k.CORNFLOWER
            ctext(y, "?" if held is None else str(held) if held else "-", col, x0 + i * pitch + mid)
        rtext(k.RIGHT_X, y, short_money(sheet.cash[seat]), k.TEXT)
        worth = sheet.worth[seat]
        text(k.SHEET_LEVEL_X, y + k.CHAR_H, s.level(seat), k.DIM)
        rtext(k.RIGHT_X, y + k.CHAR_H, "worth ?" if worth is None else f"worth {short_money(worth)}", k.DIM)
        y += k.SHEET_PITCH
    text(1, y, "Bank", k.DIM)
    for i in range(len(CHAINS)):
        ctext(y, str(sheet.bank[i]), k.DIM, x0 + i * pitch + mid)
    # Under the bank, as many notes as fit above the footer: the teams' totals first
    game = s.table.game
    notes = [(team_line(sheet, game.teams, WORDS_CHARS), k.TEXT)] if game.has_teams else []
    notes += [("Hidden holdings: only yours", k.DIM)] if sheet.hidden else []
    notes.append(("Yellow: majority now, blue: 2nd", k.DIM))
    y += k.SHEET_NOTE_GAP
    for note, col in notes:
        if y + k.LINE > k.FOOTER_Y:
            break
        text(1, y, note, col)
        y += k.LINE


def draw_board_page(s: Chart) -> None:
    """The board with row and column labels, a cursor naming the square under it, and the
    tiles placed since your turn marked."""
    p, g, app = s.table, s.table.game, s.table.app
    ctext(k.HEAD_Y, "BOARD", k.ACCENT)
    x0, y0, cell = k.MAP_X, k.MAP_Y, k.MAP_CELL
    for c in range(k.COLS):
        col = k.ACCENT if c == s.cursor[0] else (k.DIM if c % 2 else k.SKY)
        if c % 2:  # a band behind every other number: 10, 11 and 12 stay apart
            pyxel.rect(x0 + c * cell, y0 - k.LINE - 1, cell, k.LINE, k.PANEL)  # a pixel round "10"
        ctext(y0 - k.LINE, str(c + 1), col, x0 + c * cell + cell // 2)
    mine = set(p.hand())
    for r, row in enumerate(ROW_LETTERS):
        text(x0 - k.CHAR_W - 2, y0 + r * cell + 1, row, k.ACCENT if r == s.cursor[1] else k.DIM)
        for c in range(k.COLS):
            name = f"{c + 1}{row}"
            x, y = x0 + c * cell, y0 + r * cell
            letter = g.board.get(name)
            square(x, y, letter, cell - 1)
            if letter is None and name in mine:
                pyxel.rectb(x, y, cell - 1, cell - 1, k.SKY)
            if name in p.marked:
                new_corner(x, y, cell - 1, letter)
    x, y = x0 + s.cursor[0] * cell, y0 + s.cursor[1] * cell
    pyxel.rectb(x - 1, y - 1, cell + 1, cell + 1, k.SELECT if blink(app) else k.ACCENT)
    info = wrap(s.square_info, PANEL_CHARS)  # who placed a new tile takes the legend's line
    for i, line in enumerate(info[:2]):
        text(k.HEAD_Y, k.MAP_INFO_Y + k.LINE * i, line, k.TEXT)
    if len(info) > 2:
        note_cut(s.square_info, PANEL_CHARS)
    if len(info) == 1:
        text(k.HEAD_Y, k.MAP_INFO_Y + k.LINE, "Lit corner: new since your turn", k.DIM)


def _chart_row(size: int) -> int:
    row = -1
    for i, low in enumerate(CHART_SIZES):
        if size >= low:
            row = i
    return row


CHART_PAGES: dict[str, Callable[[Chart], None]] = {
    "prices": draw_prices,
    "chains": draw_chains,
    "holdings": draw_holdings,
    "board": draw_board_page,
}
