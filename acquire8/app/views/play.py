"""The game's screens: the board, players, chain table, hand, decision panels, the chart,
merger summaries, the pass-and-play screen and the final standings."""

from __future__ import annotations

import pyxel

from acquire8.app import constants as k
from acquire8.app.anim import Animator, cell_pos
from acquire8.app.control.decisions import BuyScreen, ChoiceScreen, DeclareScreen, DisposeScreen, PlaceScreen
from acquire8.app.control.menus import Chart
from acquire8.app.control.play import RECAP_ROWS, Deciding, GameOver, Passing, Play, Summary
from acquire8.app.text import LINE_CHARS, chain_name, cuts, fit, money, wrap
from acquire8.app.views.common import (
    BoardLayer,
    blink,
    chain_box,
    chain_text,
    ctext,
    footer,
    panel,
    rtext,
    short_money,
    square,
    text,
)
from acquire8.rules import CHAINS, Game, price
from acquire8.rules.tables import CHART_ROWS, CHART_SIZES, END_SIZE, ROW_LETTERS, SAFE_SIZE, TIER_OF


def draw_play(p: Play) -> None:
    if isinstance(p.stage, Passing):
        draw_pass(p.game.names[p.stage.seat])
        return
    g, app = p.game, p.app
    who = p.banner
    if p.guarding:  # your turn has just begun: the bar says so until X is live
        pyxel.rect(0, 0, len(who) * k.CHAR_W + 3, k.BOARD_Y - 1, k.ACCENT if blink(app, 8) else k.PANEL)
        text(1, k.TOP_Y, who, k.BLACK if blink(app, 8) else k.ACCENT)
    else:
        text(1, k.TOP_Y, who, k.ACCENT)
    if p.others_playing and blink(app, 24):
        text(1 + len(who) * 4, k.TOP_Y, "...", k.ACCENT)
    rtext(97, k.TOP_Y, f"TILES {g.pool_size()}", k.DIM)
    draw_board(p)
    draw_players(p)
    if isinstance(p.stage, Deciding) and p.stage.recap:
        draw_recap(p.stage)
    screen = p.screen
    if isinstance(screen, ChoiceScreen):
        draw_choice(p, screen)
    elif isinstance(screen, DeclareScreen):
        draw_declare(p, screen)
    elif isinstance(screen, DisposeScreen):
        draw_dispose(p, screen)
    elif isinstance(screen, BuyScreen):
        draw_buy(p, screen)
    else:
        draw_table(g, p.viewer)
        draw_hand(p, screen)
    if isinstance(screen, PlaceScreen) and len(screen.details) > 1:
        if p.notice:  # a refusal, where undo stops, a hint: over the preview's second line
            draw_message(p.notice)
    else:
        draw_message(p.message, "" if p.notice else _aside(p))


def message_lines(message: str) -> list[str]:
    """The message as it shows: whole words on one line, or on two (a long hint or refusal)."""
    return [line for part in message.split("\n") for line in wrap(part)]


def _aside(p: Play) -> str:
    """What the buy screen (the standing) or the disposal (the other holders) shows on the
    message line when the play has no notice of its own."""
    screen = p.screen
    aside = screen.standing if isinstance(screen, BuyScreen) else ""
    return screen.holders if isinstance(screen, DisposeScreen) else aside


def compact(p: Play) -> bool:
    """The message takes two lines: the decision panel gives up its lowest line for it."""
    if not isinstance(p.screen, ChoiceScreen | DeclareScreen | DisposeScreen | BuyScreen):
        return False
    return not (_aside(p) and not p.notice) and len(message_lines(p.message)) > 1


def draw_message(message: str, standing: str = "") -> None:
    """The message line (whole words, as every message); a two-line message (a long hint)
    takes the line above too, cleared first (the preview's line, or below a compact panel).
    `standing`, what a decision screen puts there instead: the buy screen's standing, the
    disposal's other holders."""
    lines = [standing] if standing else message_lines(message)
    if len(lines) > 2:  # never more than the two lines above the screen's edge
        cuts.append((message, 2 * LINE_CHARS))
        lines = lines[-2:]
    for i, line in enumerate(lines):
        y = k.MESSAGE_Y - 6 * (len(lines) - 1 - i)
        pyxel.rect(0, y, k.WIDTH, 6, k.BG)
        text(1, y, fit(line), k.ACCENT if standing else k.SKY)


def draw_recap(stage: Deciding) -> None:
    """What the others did since your turn, over the board (the hand stays in view)."""
    lines = stage.recap[stage.recap_top : stage.recap_top + RECAP_ROWS]
    panel(0, k.BOARD_Y - 1, k.WIDTH, k.RECAP_H)
    text(3, k.BOARD_Y + 2, "SINCE YOUR TURN", k.ACCENT)
    for i, line in enumerate(lines):
        text(3, k.BOARD_Y + 10 + 7 * i, fit(line, 31), k.TEXT)
    more = "UP/DN MORE  " if len(stage.recap) > RECAP_ROWS else ""
    rtext(126, k.BOARD_Y + 2, f"{more}X OK", k.DIM)


def draw_pass(name: str) -> None:
    """Pass-and-play: only the next player's name; no hand, no board."""
    ctext(36, "PASS THE GAME TO", k.DIM)
    w = len(name) * k.CHAR_W + 15
    pyxel.rect(64 - w // 2, 46, w, 15, k.PANEL)
    pyxel.rectb(64 - w // 2, 46, w, 15, k.ACCENT)
    ctext(51, name, k.ACCENT)
    ctext(72, f"{name}: press X when ready", k.TEXT)
    ctext(82, "Everyone else: look away!", k.DIM)
    footer("X SHOW MY HAND  ENTER MENU")


BOARD_LAYER = BoardLayer()


def draw_board(p: Play) -> None:
    g, app = p.game, p.app
    board = g.board
    ui = p.screen if isinstance(p.screen, PlaceScreen) else None
    mine = set(p.hand())
    selected = ui.tile if ui else None
    playable = {t for t, ok in zip(ui.tiles, ui.playable, strict=True) if ok} if ui else mine
    pending = g.pending_tile()
    looks = app.anim.looks if app.anim.play is p else None  # cells animating (anim.py)
    falling = []
    BOARD_LAYER.draw(k.BOARD_X, k.BOARD_Y, board)
    # Over the squares, in reading order (a frame may spill into the gap a later one shares):
    # the cells that look other than the rules' board, or are marked.
    special = mine | set(p.marked) | set(looks or ()) | {n for n in (selected, p.last_tile, pending) if n}
    for name in sorted(special, key=lambda n: cell_pos(n)[::-1]):
        c, r = cell_pos(name)
        x, y = k.BOARD_X + c * k.CELL, k.BOARD_Y + r * k.CELL
        letter = board.get(name)
        look = looks.get(name) if looks else None
        lit = False
        if look is not None:
            letter, lit = look.letter, look.lit
            if look.dy:  # drawn falling after the board, over the cells above
                falling.append((x, y - look.dy))
                letter = None
            if lit:
                pyxel.rect(x, y, 7, 7, k.WHITE)
            else:
                square(x, y, letter)
        if not lit and letter is None:
            if name == selected:  # white, which no chain uses: never mistaken for a tile
                pyxel.rectb(x, y, 7, 7, k.SELECT)
                if blink(app):
                    pyxel.rect(x + 2, y + 2, 3, 3, k.SELECT)
            elif name in mine:
                pyxel.rectb(x, y, 7, 7, k.SKY if name in playable else k.FRAME)
        if name in p.marked:
            new_corner(x, y, 7, WHITE_LOOK if lit else letter)
        if name == p.last_tile and p.busy and blink(app, 8):
            pyxel.rectb(x - 1, y - 1, 9, 9, k.WHITE)
        elif name == pending:  # the tile whose founding or merger is being decided
            pyxel.rectb(x - 1, y - 1, 9, 9, k.SELECT if blink(app) else k.SKY)
    if falling:
        pyxel.clip(k.BOARD_X, k.BOARD_Y, k.BOARD_W, k.BOARD_H)  # they come in over the board's edge
        for x, y in falling:
            pyxel.rect(x, y, 7, 7, k.LOOSE_COLOR)
            pyxel.line(x, y, x + 6, y, k.WHITE)  # lit from above
        pyxel.clip()
    draw_pops(app.anim)


def draw_pops(anim: Animator) -> None:
    """Bonus amounts rising over their chain and fading out (dithered), kept on the board."""
    pyxel.clip(k.BOARD_X, k.BOARD_Y, k.BOARD_W, k.BOARD_H)
    for pop in anim.pops:
        if anim.now < pop.start:
            continue
        w = len(pop.label) * k.CHAR_W - 1
        cx = k.BOARD_X + round(pop.col * k.CELL) + 3
        x = max(1, min(k.BOARD_X + k.BOARD_W - w, cx - w // 2))
        y = max(1, k.BOARD_Y + pop.row * k.CELL - 7 + 7 * pop.line - pop.rise)
        pyxel.dither(pop.alpha)
        pyxel.rect(x - 1, y - 1, w + 2, 7, k.BLACK)
        text(x, y, pop.label, k.ACCENT)
        pyxel.dither(1.0)
    pyxel.clip()


def draw_players(p: Play) -> None:
    g = p.game
    pitch = 12
    for s in range(g.players):
        y = k.BOARD_Y + s * pitch
        turn = s == g.turn and not g.is_over
        col = k.ACCENT if turn else (k.TEXT if s == p.human else k.DIM)
        text(k.SIDE_X, y, (">" if turn else " ") + g.names[s], col)
        trend = p.app.anim.trend(p, s)  # cash counting up or down (anim.py)
        cash = short_money(p.app.anim.cash(p, s, g.cash(s)))
        col = k.TEXT if s == p.human else k.DIM
        text(k.SIDE_X, y + 6, cash, k.GOOD if trend > 0 else k.BAD if trend < 0 else col)


def draw_table(g: Game, human: int | None) -> None:
    """Per chain: letter (safe ones framed), size, price, and your shares."""
    y = k.TABLE_Y
    labels = ("SZ", "$", "MY" if human is not None else "")  # capitals: labels read at a glance
    for i, label in enumerate(labels):
        text(1, y + 8 + i * 6, label, k.DIM)  # off the screen's edge
    for i, chain in enumerate(CHAINS):
        x = k.TABLE_LABEL_W + i * k.TABLE_COL_W
        if i % 2:  # a faint band behind every other column
            pyxel.rect(x, y + 7, k.TABLE_COL_W, 18, k.PANEL)
        cx = x + k.TABLE_COL_W // 2  # values centred under the letter
        size = g.chain_size(chain)
        chain_box(cx - 3, y, chain, 7, on=bool(size))
        if g.is_safe(chain):
            pyxel.rectb(cx - 4, y - 1, 9, 9, k.WHITE)
        ctext(y + 8, f"{size}" if size else "-", k.TEXT if size else k.FAINT, cx)
        ctext(y + 14, f"{g.price(chain)}" if size else "-", k.TEXT if size else k.FAINT, cx)
        if human is not None:
            held = g.shares(human, chain)
            ctext(y + 20, str(held) if held else "-", k.ACCENT if held else k.FAINT, cx)


def draw_hand(p: Play, screen: PlaceScreen | None) -> None:
    ui = screen
    tiles = ui.tiles if ui else p.hand()
    for i, tile in enumerate(tiles):
        x = k.HAND_X + i * k.HAND_PITCH
        if ui and i == ui.index:
            pyxel.rect(x, k.HAND_Y, k.HAND_BOX_W + 2, 8, k.ACCENT)
            col = k.BLACK
        elif ui and not ui.playable[i]:
            pyxel.rectb(x, k.HAND_Y, k.HAND_BOX_W + 2, 8, k.FRAME)
            col = k.FAINT
        else:
            pyxel.rect(x, k.HAND_Y, k.HAND_BOX_W + 2, 8, k.PANEL)
            col = k.TEXT
        ctext(k.HAND_Y + 2, tile, col, x + (k.HAND_BOX_W + 2) // 2)
    if ui and ui.tiles:
        ok = ui.playable[ui.index]
        lines = ui.details or [ui.previews[ui.index]]
        text(1, k.PREVIEW_Y, fit(lines[0]), k.GOOD if ok else k.BAD)
        if len(lines) > 1:  # the second line where the message goes: the preview is what matters now
            pyxel.rect(0, k.MESSAGE_Y - 1, k.WIDTH, k.HEIGHT - k.MESSAGE_Y + 1, k.BG)
            text(1, k.MESSAGE_Y, fit(lines[1]), k.GOOD if ok else k.DIM)
    elif p.human is not None and not p.game.is_over:
        rtext(128, k.PREVIEW_Y, "X hurry  Z chart", k.DIM)


def _decision_panel(p: Play) -> bool:
    """The panel over the table and the hand; True when compact: a two-line message (a hint)
    takes its lowest line, so nothing is drawn over another."""
    short = compact(p)
    panel(0, k.PANEL_Y, 128, k.PANEL_H - (k.LINE if short else 0))
    return short


def draw_choice(p: Play, ui: ChoiceScreen) -> None:
    app = p.app
    short = _decision_panel(p)
    y = k.PANEL_Y + 3
    text(3, y, ui.title, k.ACCENT)
    n = len(ui.options)
    if ui.options[0].chain:
        pitch = 14
        x0 = 64 - (n * pitch - 3) // 2
        for i, opt in enumerate(ui.options):
            x = x0 + i * pitch
            if i == ui.index:
                pyxel.rectb(x - 2, y + 7, 15, 15, k.WHITE if blink(app) else k.ACCENT)
            chain_box(x, y + 9, opt.chain, 11)
    else:
        pitch = 32
        x0 = 64 - n * pitch // 2
        for i, opt in enumerate(ui.options):
            cx = x0 + i * pitch + pitch // 2
            sel = i == ui.index
            if sel:
                pyxel.rect(cx - 12, y + 10, 24, 9, k.ACCENT)
            ctext(y + 12, opt.label, k.BLACK if sel else k.TEXT, cx)
    text(3, y + 24, fit(ui.option.info, 31), k.TEXT)
    if not short:
        text(3, y + 31, "<> CHOOSE  X OK  Z CHART", k.DIM)


def draw_declare(p: Play, ui: DeclareScreen) -> None:
    """End the game? The first question, then the second with the standings it would give
    (on two lines when it needs them, in place of the keys)."""
    short = _decision_panel(p)
    y = k.PANEL_Y + 3
    text(3, y, ui.title, k.ACCENT)
    for i, label in enumerate(ui.labels):
        cx = 40 + 48 * i
        sel = i == ui.index
        if sel:
            pyxel.rect(cx - 16, y + 10, 32, 9, k.ACCENT)
        ctext(y + 12, label, k.BLACK if sel else k.TEXT, cx)
    info = wrap(ui.info, 31)
    if len(info) > (1 if short else 2):
        cuts.append((ui.info, 31))
    for i, line in enumerate(info[: 1 if short else 2]):
        text(3, y + 24 + 7 * i, line, k.TEXT)
    if len(info) == 1 and not short:
        text(3, y + 31, "<> CHOOSE  X OK  Z CHART", k.DIM)


def draw_dispose(p: Play, ui: DisposeScreen) -> None:
    short = _decision_panel(p)
    y = k.PANEL_Y + 3
    text(3, y, f"{chain_name(ui.chain)} is gone: {money(ui.price)}", k.ACCENT)
    if short:  # the rows a line higher: the hint says what the choice gives
        y -= 7
    else:
        text(3, y + 7, f"You hold {ui.held}. Bank {ui.survivor}: {ui.bank}", k.TEXT)
    rows = (
        ("SELL", ui.sell, f"+{money(ui.sell * ui.price)}"),
        ("TRADE", ui.trade, f"for {ui.trade // 2} {ui.survivor}"),
    )
    for i, (label, value, note) in enumerate(rows):
        ry = y + 14 + i * 7
        sel = ui.row == i
        col = k.ACCENT if sel else k.TEXT
        text(3, ry, (">" if sel else " ") + label, col)
        text(34, ry, f"< {value:>2} >" if sel else f"  {value:>2}", col)
        text(66, ry, note, k.DIM)
    ry = y + 28
    sel = ui.row == 2
    text(3, ry, (">" if sel else " ") + "DONE", k.ACCENT if sel else k.TEXT)
    text(34, ry, f"keep {ui.keep}", k.DIM)
    rtext(126, ry, "X OK" if sel else "X NEXT", k.DIM)


def draw_buy(p: Play, ui: BuyScreen) -> None:
    app = p.app
    short = _decision_panel(p)
    y = k.PANEL_Y + 3
    text(3, y, "BUY UP TO 3 SHARES", k.ACCENT)
    rtext(126, y, money(ui.cash - ui.cost), k.TEXT)
    widths = [9 if opt in CHAINS else len(opt) * 4 + 3 for opt in ui.options]
    gap = min(5, (120 - sum(widths)) // max(1, len(widths) - 1))  # all seven chains still fit
    x = 4
    oy = y + 10
    for i, opt in enumerate(ui.options):
        sel = i == ui.index
        w = widths[i]
        if opt in CHAINS:
            chain_box(x, oy, opt, 9, on=ui.can_add(opt), bg=k.PANEL)
        else:
            active = opt == "DONE" or bool(ui.cart)
            pyxel.rect(x, oy, w, 9, k.BLUE if active else k.PANEL)
            text(x + 2, oy + 2, opt, k.TEXT if active else k.FAINT)
        if sel:
            pyxel.rectb(x - 2, oy - 2, w + 4, 13, k.WHITE if blink(app) else k.ACCENT)
        x += w + gap
    if not short:  # compact: the cart a line higher, in place of what the option is
        text(3, y + 24, ui.info, k.TEXT)
    cy = y + (24 if short else 31)
    cart = " ".join(ui.cart) if ui.cart else "empty"
    text(3, cy, f"Cart: {cart}", k.TEXT)
    rtext(126, cy, f"-{money(ui.cost)}", k.BAD if ui.cost else k.DIM)


# -------------------------------------------------------------- overlays


def draw_chart(s: Chart) -> None:
    page = s.PAGES[s.page]
    CHART_PAGES[page](s)
    rtext(128, 2, f"{s.page + 1}/{len(s.PAGES)}", k.DIM)
    footer("ARROWS MOVE  Z CLOSE" if page == "board" else "<> PAGE  Z CLOSE")


def draw_prices(s: Chart) -> None:
    g = s.table.game
    ctext(2, "PRICE CHART", k.ACCENT)
    y = 12
    text(2, y + 1, "SIZE", k.DIM)
    tiers = [[c for c in CHAINS if TIER_OF[CHAINS.index(c)] == t] for t in range(3)]
    rights = (50, 86, 122)  # where each tier's prices end
    for members, right in zip(tiers, rights, strict=True):
        for j, c in enumerate(members):
            chain_box(right - 8 * len(members) + 8 * j, y - 1, c)
    for i, label in enumerate(CHART_ROWS):
        ry = y + 10 + i * 7
        if i % 2 == 0:
            pyxel.rect(0, ry - 1, 128, 7, k.PANEL)
        text(2, ry, label, k.TEXT)
        for members, right in zip(tiers, rights, strict=True):
            rtext(right, ry, str(price(members[0], CHART_SIZES[i])), k.TEXT)
            # Each chain on the board, by its letter, in the row of its size now.
            for j, c in enumerate(members):
                if g.chain_size(c) and _chart_row(g.chain_size(c)) == i:
                    bg = k.PANEL if i % 2 == 0 else k.BG
                    text(right - 16 - 4 * (len(members) - j) - 1, ry, c, chain_text(c, bg))
    notes = (
        "Bonuses: 1st 10x, 2nd 5x price",
        f"Safe at {SAFE_SIZE} tiles (framed white)",
        f"The end may come at {END_SIZE}+ tiles",
        "Letters mark each chain's size",
    )
    for i, note in enumerate(notes):
        text(2, 88 + 7 * i, note, k.DIM)


def draw_chains(s: Chart) -> None:
    g = s.table.game
    lines = s.bonus_lines()
    ctext(2, "CHAINS", k.ACCENT)
    for i, chain in enumerate(CHAINS):
        y = 10 + i * 16
        size = g.chain_size(chain)
        chain_box(1, y, chain, 7, on=bool(size))
        name = chain_name(chain)
        text(11, y + 1, name, k.CHAIN_TEXT[chain])
        # Columns, each right-aligned on its own edge: size (and * when safe), price, bank.
        rtext(127, y + 1, f"bk{g.bank_shares(chain)}", k.TEXT if size else k.DIM)
        if not size:
            rtext(72, y + 1, "-", k.FAINT)
            rtext(106, y + 1, "-", k.FAINT)
            text(11, y + 8, "not on the board", k.FAINT)
            continue
        rtext(72, y + 1, str(size), k.TEXT)
        if g.is_safe(chain):
            text(73, y + 1, "*", k.ACCENT)
        rtext(106, y + 1, money(g.price(chain)), k.TEXT)
        text(11, y + 8, fit(lines[i], 29), k.DIM)


def draw_holdings(s: Chart) -> None:
    """Every player's and the bank's shares per chain, cash, net worth and level; the counts
    that would take a bonus now in colour (majority yellow, minority blue)."""
    sheet = s.sheet()
    ctext(2, "HOLDINGS", k.ACCENT)
    x0, pitch = k.SHEET_X, k.SHEET_COL
    for i, chain in enumerate(CHAINS):
        chain_box(x0 + i * pitch, 10, chain, 7, on=bool(sheet.sizes[i]))
    rtext(127, 11, "CASH", k.DIM)
    y = 19
    for seat, name in enumerate(sheet.names):
        you = seat == sheet.viewer
        text(1, y, name[:4], k.TEXT if you else k.SKY)
        for i in range(len(CHAINS)):
            held, lead = sheet.shares[seat][i], sheet.leads[i]
            col = k.FAINT
            if held:
                col = k.TEXT
                if lead is not None and seat in lead.majority:
                    col = k.ACCENT
                elif lead is not None and seat in lead.minority:
                    col = k.CORNFLOWER
            ctext(y, "?" if held is None else str(held) if held else "-", col, x0 + i * pitch + 3)
        rtext(127, y, short_money(sheet.cash[seat]), k.TEXT)
        worth = sheet.worth[seat]
        text(5, y + 6, s.level(seat), k.DIM)
        rtext(127, y + 6, "worth ?" if worth is None else f"worth {short_money(worth)}", k.DIM)
        y += 14
    text(1, y, "Bank", k.DIM)
    for i in range(len(CHAINS)):
        ctext(y, str(sheet.bank[i]), k.DIM, x0 + i * pitch + 3)
    text(1, y + 9, "Yellow: majority now, blue: 2nd", k.DIM)
    if sheet.hidden:
        text(1, y + 16, "Hidden holdings: only yours", k.DIM)


def draw_board_page(s: Chart) -> None:
    """The board with row and column labels, a cursor naming the square under it, and the
    tiles placed since your turn marked."""
    p, g, app = s.table, s.table.game, s.table.app
    ctext(2, "BOARD", k.ACCENT)
    x0, y0, cell = k.MAP_X, k.MAP_Y, k.MAP_CELL
    for c in range(12):
        col = k.ACCENT if c == s.cursor[0] else (k.DIM if c % 2 else k.SKY)
        if c % 2:  # a band behind every other number: 10, 11 and 12 stay apart
            pyxel.rect(x0 + c * cell, y0 - 8, cell - 1, 7, k.PANEL)
        ctext(y0 - 7, str(c + 1), col, x0 + c * cell + cell // 2)
    mine = set(p.hand())
    for r, row in enumerate(ROW_LETTERS):
        text(x0 - 6, y0 + r * cell + 1, row, k.ACCENT if r == s.cursor[1] else k.DIM)
        for c in range(12):
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
    info = wrap(s.square_info, 31)  # who placed a new tile takes the legend's line
    for i, line in enumerate(info[:2]):
        text(2, 104 + 7 * i, line, k.TEXT)
    if len(info) > 2:
        cuts.append((s.square_info, 31))
    if len(info) == 1:
        text(2, 111, "Lit corner: new since your turn", k.DIM)


WHITE_LOOK = "lit"  # a square drawn white (a tile lighting up): its corner in black


def new_corner(x: int, y: int, size: int, letter: str | None) -> None:
    """A tile placed since your turn: its top right corner lit in the colour its letter has,
    white on the dark squares and black on the light ones, so it shows on every chain."""
    if letter is None:
        col = k.WHITE
    elif letter == WHITE_LOOK:
        col = k.BLACK
    else:
        col = k.LOOSE_INK if letter == "#" else k.CHAIN_INK[letter]
    pyxel.line(x + size - 3, y, x + size - 1, y, col)
    pyxel.line(x + size - 1, y, x + size - 1, y + 2, col)


def _chart_row(size: int) -> int:
    row = -1
    for i, low in enumerate(CHART_SIZES):
        if size >= low:
            row = i
    return row


def draw_summary(s: Summary) -> None:
    panel(0, 7, 128, 115)  # over the board's edge, leaving the turn bar and the message line in view
    ctext(12, "MERGER", k.ACCENT)
    for i, (line, chain) in enumerate(s.lines[s.top : s.top + s.ROWS]):
        y = 22 + i * 7
        if chain:  # a heading: the chain's box, then its line in a colour readable on the panel
            chain_box(5, y - 1, chain)
            text(15, y, fit(line, 28), chain_text(chain, k.PANEL))
        else:
            text(6, y, fit(line, 29), k.TEXT)
    more = "UP/DOWN MORE  " if len(s.lines) > s.ROWS else ""
    ctext(112, f"{more}X OK", k.DIM)


def draw_game_over(s: GameOver) -> None:
    ctext(3, "GAME OVER", k.DIM)
    ctext(12, s.headline, k.ACCENT)
    text(4, 23, "#  player", k.DIM)
    rtext(124, 23, "final cash", k.DIM)
    y = 31
    for rank, (cash, seat, name, bonus, sold) in enumerate(s.rows):
        win = seat in s.winners
        col = k.ACCENT if win else (k.TEXT if seat == s.play.human else k.SKY)
        text(4, y, f"{rank + 1}  {name}", col)
        rtext(124, y, money(cash), col)
        text(16, y + 6, f"bonus {money(bonus)} sold {money(sold)}", k.DIM)
        y += 14
    if s.market:  # two players: what the stock market took, like a player's bonus line
        text(4, y, "   Market", k.DIM)
        text(16, y + 6, f"bonus {money(s.market)} (leaves game)", k.DIM)
        y += 14
    if y + 2 <= 106:  # room left: say what the small lines are
        ctext(y + 2, "(end bonuses and shares sold)", k.FAINT)
    items = s.menu.items
    pitch = 40 if len(items) <= 3 else 32  # with Story: four items
    w = min(36, pitch)
    x0 = 64 - len(items) * pitch // 2
    for i, item in enumerate(items):
        cx = x0 + i * pitch + pitch // 2
        sel = i == s.menu.index
        if sel:
            pyxel.rect(cx - w // 2, 116, w, 9, k.ACCENT)
        ctext(118, item, k.BLACK if sel else k.TEXT, cx)


CHART_PAGES = {
    "prices": draw_prices,
    "chains": draw_chains,
    "holdings": draw_holdings,
    "board": draw_board_page,
}
