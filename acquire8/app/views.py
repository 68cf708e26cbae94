"""Views: each scene drawn from its controller's state. Drawing only, no decisions."""

from __future__ import annotations

from collections.abc import Callable

import pyxel

from acquire8.app import constants as k
from acquire8.app import scenes as sc
from acquire8.app.anim import Animator
from acquire8.rules import CHAINS, Game, price
from acquire8.rules.tables import CHART_ROWS, CHART_SIZES, END_SIZE, ROW_LETTERS, SAFE_SIZE, TIER_OF

# -------------------------------------------------------------- text helpers


def text(x: int, y: int, s: str, col: int = k.TEXT) -> None:
    pyxel.text(x, y, s, col)


def rtext(right: int, y: int, s: str, col: int = k.TEXT) -> None:
    """Text whose last character ends at x = right - 1."""
    pyxel.text(right - len(s) * k.CHAR_W + 1, y, s, col)


def ctext(y: int, s: str, col: int = k.TEXT, cx: int = k.WIDTH // 2) -> None:
    pyxel.text(cx - (len(s) * k.CHAR_W - 1) // 2, y, s, col)


def blink(app: sc.App, period: int = 16) -> bool:
    return app.frame % period < period // 2


def short_money(amount: int) -> str:
    """Cash in at most 7 characters ($123,400 becomes $123K)."""
    s = sc.money(amount)
    return s if len(s) <= 7 else f"${amount // 1000}K"


def chain_box(x: int, y: int, chain: str, size: int = 7, on: bool = True, bg: int = k.BG) -> None:
    """A chain's letter on its colour; off the board (or not on offer) the letter alone, in
    its colour readable on the background `bg` (black or the navy panel): no dark box."""
    if on:
        pyxel.rect(x, y, size, size, k.CHAIN_COLOR[chain])
        text(x + (size - 3) // 2, y + (size - 5) // 2, chain, k.CHAIN_INK[chain])
    else:
        pyxel.rect(x, y, size, size, bg)
        text(x + (size - 3) // 2, y + (size - 5) // 2, chain, chain_text(chain, bg))


def chain_text(chain: str, bg: int = k.BG) -> int:
    """A chain's name or letter colour readable on `bg` (black or the navy panel)."""
    return (k.CHAIN_TEXT_PANEL if bg == k.PANEL else k.CHAIN_TEXT)[chain]


def panel(x: int, y: int, w: int, h: int) -> None:
    pyxel.rect(x, y, w, h, k.PANEL)
    pyxel.rectb(x, y, w, h, k.FRAME)


def footer(s: str) -> None:
    ctext(k.HEIGHT - 7, s, k.DIM)


# -------------------------------------------------------------- the whole frame


def draw(app: sc.App) -> None:
    """Draw the top scene, over the scenes below it when it does not fill the screen."""
    first = len(app.scenes) - 1
    while first > 0 and not app.scenes[first].full:
        first -= 1
    use_palette(app.settings.high_contrast)
    pyxel.cls(k.BG)
    for scene in app.scenes[first:]:
        DRAWERS[type(scene)](scene)
    alpha = app.anim.fade_alpha()
    if alpha:  # a new screen fades in from black (dithered)
        pyxel.dither(alpha)
        pyxel.rect(0, 0, k.WIDTH, k.HEIGHT, k.BG)
        pyxel.dither(1.0)


_palette: dict[int, int] = {}  # the default colours of the slots high contrast remaps


def use_palette(high_contrast: bool) -> None:
    """The normal or the high-contrast chain colours (constants.HC_*), switched on a change."""
    if bool(_palette) == high_contrast:
        return
    if high_contrast:
        _palette.update({slot: pyxel.colors[slot] for slot in k.HC_RGB})
        for slot, rgb in k.HC_RGB.items():
            pyxel.colors[slot] = rgb
    else:
        for slot, rgb in _palette.items():
            pyxel.colors[slot] = rgb
        _palette.clear()
    k.use_chain_colors(high_contrast)


# -------------------------------------------------------------- title & menus


def draw_title(s: sc.Title) -> None:
    app = s.app
    big_text(0, 14, "ACQUIRE8", 3)
    for i, chain in enumerate(CHAINS):  # a row of hotel tiles under the name
        x = 22 + i * 12
        lift = 1 if (app.frame // 6) % 7 == i else 0
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
            ctext(k.HEIGHT - 7 * (len(notices) - i), sc.fit(line), k.BAD)
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


def _choice_row(y: int, label: str, value: str, sel: bool, app: sc.App) -> None:
    col = k.ACCENT if sel else k.TEXT
    text(8, y, label, col)
    if sel:
        text(2, y, ">", k.ACCENT)
        rtext(124, y, f"< {value} >", col)
    else:
        rtext(124, y, value, k.DIM)


def draw_setup(s: sc.Setup) -> None:
    app, st = s.app, s.app.settings
    ctext(4, "NEW GAME", k.ACCENT)
    y = 16
    for i, row in enumerate(s.rows):
        sel = i == s.row
        if row == "opponents":
            _choice_row(y, "Opponents", str(st.opponents), sel, app)
        elif row.startswith("level"):
            n = int(row[5:])
            _choice_row(y, f"  {_seat_label(st, n)}", st.levels[n], sel, app)
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
            if sc.PERSON in st.opponent_levels():  # pass-and-play
                ctext(y + 11, "People pass the device in turn", k.DIM)
        y += 9
    footer("UP/DOWN <> CHANGE  X START")


def _seat_label(st: sc.Settings, n: int) -> str:
    """Opponent n's row label in setup and settings: its name, or P2.. for a person."""
    seats = [sc.PERSON, *st.opponent_levels()]
    if n >= st.opponents:
        return f"Seat {n + 2}"
    return sc.seat_names(seats)[n + 1] + ("" if seats[n + 1] == sc.PERSON else " plays")


def draw_settings(s: sc.SettingsScene) -> None:
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


def draw_pass(s: sc.Pass) -> None:
    """Pass-and-play: only the next player's name; no hand, no board."""
    ctext(36, "PASS THE GAME TO", k.DIM)
    w = len(s.name) * k.CHAR_W + 15
    pyxel.rect(64 - w // 2, 46, w, 15, k.PANEL)
    pyxel.rectb(64 - w // 2, 46, w, 15, k.ACCENT)
    ctext(51, s.name, k.ACCENT)
    ctext(72, f"{s.name}: press X when ready", k.TEXT)
    ctext(82, "Everyone else: look away!", k.DIM)
    footer("X SHOW MY HAND  ENTER MENU")


def draw_stats(s: sc.StatsScene) -> None:
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
        # (won when any person won) and stay out of "your" share.
        people = s.stats.by_level.get("people")
        solo_played = total.played - (people.played if people else 0)
        solo_won = total.won - (people.won if people else 0)
        if solo_played:
            ctext(y + 12, f"You win {100 * solo_won // solo_played}% of your games", k.DIM)
        if people and people.played:
            ctext(y + 19, f"pass&play: a person won {people.won}/{people.played}", k.DIM)
    else:
        ctext(50, "No finished games yet", k.DIM)
    if s.message:
        ctext(106, s.message, k.BAD)
    footer("X BACK")


def draw_help(s: sc.Help) -> None:
    title, body = sc.HELP_PAGES[s.page]
    ctext(4, f"HOW TO PLAY: {title}", k.ACCENT)
    for i, line in enumerate(sc.wrap(body, 31)):
        text(2, 14 + i * 7, line, k.TEXT)
    footer(f"< {s.page + 1}/{len(sc.HELP_PAGES)} >  X NEXT  Z BACK")


def draw_pause(s: sc.Pause) -> None:
    items = s.menu.items
    h = 14 + len(items) * 9
    y0 = (k.HEIGHT - h) // 2
    panel(20, y0, 88, h)
    ctext(y0 + 4, "PAUSED", k.DIM)
    for i, item in enumerate(items):
        sel = i == s.menu.index
        ctext(y0 + 13 + i * 9, f"> {item} <" if sel else item, k.ACCENT if sel else k.TEXT)


def draw_log(s: sc.Log) -> None:
    ctext(2, "GAME LOG", k.ACCENT)
    for i, line in enumerate(s.lines[s.top : s.top + s.ROWS]):
        text(1, 10 + i * 7, line, k.TEXT)
    if len(s.lines) > s.ROWS:
        pos = f"{s.top + 1}-{min(len(s.lines), s.top + s.ROWS)}/{len(s.lines)}"
        rtext(128, 2, pos, k.DIM)
    footer("UP/DN LINE  <> PAGE  X CLOSE" if len(s.lines) > s.ROWS else "X CLOSE")


# -------------------------------------------------------------- play


def draw_play(p: sc.Play) -> None:
    g, app = p.game, p.app
    # Turn bar.
    who = "Game over" if g.is_over else f"{g.names[g.turn]}'s turn"
    who = "Your turn" if who == "You's turn" else who
    if not g.is_over and p.human is not None and g.current == p.human != g.turn:
        # Another player's merger, your shares: the cue that the decision now is yours.
        defunct = (g.merger_state() or {}).get("defunct")
        who = f"Your shares: {defunct}" if defunct else "You decide"
    text(1, k.TOP_Y, who, k.ACCENT)
    if p.human is not None and g.current != p.human and not g.is_over and blink(app, 24):
        text(1 + len(who) * 4, k.TOP_Y, "...", k.ACCENT)
    rtext(97, k.TOP_Y, f"tiles {g.pool_size()}", k.DIM)
    draw_board(p)
    draw_players(p)
    ui = p.ui if not p.queue and not p.wait and g.current == p.human else None
    if isinstance(ui, sc.ChoiceUI):
        draw_choice(p, ui)
    elif isinstance(ui, sc.DisposeUI):
        draw_dispose(p, ui)
    elif isinstance(ui, sc.BuyUI):
        draw_buy(p, ui)
    else:
        draw_table(g, p.viewer)
        draw_hand(p, ui if isinstance(ui, sc.PlaceUI) else None)
    text(1, k.MESSAGE_Y, sc.fit(p.message), k.SKY)  # whole words, as every message


def draw_board(p: sc.Play) -> None:
    g, app = p.game, p.app
    board = g.board
    ui = p.ui if isinstance(p.ui, sc.PlaceUI) and not p.busy else None
    mine = set(p.hand())
    selected = ui.tile if ui else None
    playable = {t for t, ok in zip(ui.tiles, ui.playable, strict=True) if ok} if ui else mine
    pending = g.pending_tile()
    looks = app.anim.looks if app.anim.play is p else None  # cells animating (anim.py)
    falling = []
    for r, row in enumerate(ROW_LETTERS):
        y = k.BOARD_Y + r * k.CELL
        for c in range(12):
            x = k.BOARD_X + c * k.CELL
            name = f"{c + 1}{row}"
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
            elif letter is None:
                pyxel.rect(x, y, 7, 7, k.PANEL)
                if name == selected:  # white, which no chain uses: never mistaken for a tile
                    pyxel.rectb(x, y, 7, 7, k.SELECT)
                    if blink(app):
                        pyxel.rect(x + 2, y + 2, 3, 3, k.SELECT)
                elif name in mine:
                    pyxel.rectb(x, y, 7, 7, k.SKY if name in playable else k.FRAME)
            elif letter == "#":
                pyxel.rect(x, y, 7, 7, k.LOOSE_COLOR)
            else:
                chain_box(x, y, letter)
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
    """Bonus amounts rising over their chain and fading out (dithered)."""
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


def draw_players(p: sc.Play) -> None:
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
    labels = ("sz", "$", "my" if human is not None else "")
    for i, label in enumerate(labels):
        text(0, y + 8 + i * 6, label, k.DIM)
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


def draw_hand(p: sc.Play, ui: sc.PlaceUI | None) -> None:
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
        line = f"{ui.tile}: {ui.previews[ui.index]}"
        text(1, k.PREVIEW_Y, line, k.GOOD if ok else k.BAD)
        rtext(128, k.PREVIEW_Y, "X place", k.DIM)
    elif p.human is not None and not p.game.is_over:
        rtext(128, k.PREVIEW_Y, "X hurry  Z chart", k.DIM)


def _decision_panel() -> None:
    panel(0, k.PANEL_Y, 128, k.PANEL_H)


def draw_choice(p: sc.Play, ui: sc.ChoiceUI) -> None:
    app = p.app
    _decision_panel()
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
    text(3, y + 24, sc.fit(ui.option.info, 31), k.TEXT)
    text(3, y + 31, "<> CHOOSE  X OK  Z CHART", k.DIM)


def draw_dispose(p: sc.Play, ui: sc.DisposeUI) -> None:
    _decision_panel()
    y = k.PANEL_Y + 3
    text(3, y, f"{sc.chain_name(ui.chain)} is gone: {sc.money(ui.price)}", k.ACCENT)
    text(3, y + 7, f"You hold {ui.held}. Bank {ui.survivor}: {ui.bank}", k.TEXT)
    rows = (
        ("SELL", ui.sell, f"+{sc.money(ui.sell * ui.price)}"),
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


def draw_buy(p: sc.Play, ui: sc.BuyUI) -> None:
    app, g = p.app, p.game
    _decision_panel()
    y = k.PANEL_Y + 3
    text(3, y, "BUY UP TO 3 SHARES", k.ACCENT)
    rtext(126, y, sc.money(ui.cash - ui.cost), k.TEXT)
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
    opt = ui.option
    if opt in CHAINS:
        info = f"{sc.chain_name(opt)} {sc.money(g.price(opt))} bank {g.bank_shares(opt)}"
    elif opt == "UNDO":
        info = "Take back the last share"
    else:
        info = "Buy the cart and end the turn"
    text(3, y + 24, info, k.TEXT)
    cart = " ".join(ui.cart) if ui.cart else "empty"
    text(3, y + 31, f"Cart: {cart}", k.TEXT)
    rtext(126, y + 31, f"-{sc.money(ui.cost)}", k.BAD if ui.cost else k.DIM)


# -------------------------------------------------------------- overlays


def draw_chart(s: sc.Chart) -> None:
    g = s.play.game
    if s.page == 0:
        ctext(2, "PRICE CHART", k.ACCENT)
        rtext(128, 2, "1/2", k.DIM)
        y = 12
        text(2, y + 1, "size", k.DIM)
        tiers = [[c for c in CHAINS if TIER_OF[CHAINS.index(c)] == t] for t in range(3)]
        rights = (50, 86, 122)  # where each tier's prices end
        for members, right in zip(tiers, rights, strict=True):
            for j, c in enumerate(members):
                chain_box(right - 8 * len(members) + 8 * j, y - 1, c)
        for i, label in enumerate(CHART_ROWS):
            ry = y + 10 + i * 8
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
        text(2, 96, "Bonuses: 1st 10x, 2nd 5x price", k.DIM)
        text(2, 103, f"Safe at {SAFE_SIZE} tiles; end at {END_SIZE}+.", k.DIM)
        text(2, 110, "Letters mark each chain's size", k.DIM)
    else:
        ctext(2, "CHAINS", k.ACCENT)
        rtext(128, 2, "2/2", k.DIM)
        for i, chain in enumerate(CHAINS):
            y = 10 + i * 16
            size = g.chain_size(chain)
            chain_box(1, y, chain, 7, on=bool(size))
            name = sc.chain_name(chain)
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
            rtext(106, y + 1, sc.money(g.price(chain)), k.TEXT)
            text(11, y + 8, sc.fit(_bonus_line(s.play, chain), 29), k.DIM)
    footer("<> PAGE  Z CLOSE")


def _chart_row(size: int) -> int:
    row = -1
    for i, low in enumerate(CHART_SIZES):
        if size >= low:
            row = i
    return row


def _bonus_line(p: sc.Play, chain: str) -> str:
    """Who would get the bonuses now, and how much (the rules' own split)."""
    g = p.game
    if g.options.holdings == "hidden":  # only your own count (none in pass-and-play between turns)
        return f"you hold {g.shares(p.viewer, chain)}" if p.viewer is not None else "holdings hidden"
    holdings = [g.shares(s, chain) for s in range(g.players)]
    if not any(holdings):
        return "no holders"
    pay = g.bonus_payouts(chain)
    top = max(holdings)
    first = [s for s in range(g.players) if holdings[s] == top]
    second = [s for s in range(g.players) if pay[s] and holdings[s] != top]
    names = "+".join(g.names[s] for s in first)
    if not second:
        return f"{names} {sc.money(pay[first[0]])}" + (" each" if len(first) > 1 else " both")
    names2 = "+".join(g.names[s] for s in second)
    return f"{names} {sc.money(pay[first[0]])} {names2} {sc.money(pay[second[0]])}"


def draw_summary(s: sc.Summary) -> None:
    panel(0, 8, 128, 114)  # leaves the turn bar and the message line in view
    ctext(12, "MERGER", k.ACCENT)
    for i, (line, chain) in enumerate(s.lines[s.top : s.top + s.ROWS]):
        y = 22 + i * 7
        if chain:  # a heading: the chain's box, then its line in a colour readable on the panel
            chain_box(5, y - 1, chain)
            text(15, y, sc.fit(line, 28), chain_text(chain, k.PANEL))
        else:
            text(6, y, sc.fit(line, 29), k.TEXT)
    more = "UP/DOWN MORE  " if len(s.lines) > s.ROWS else ""
    ctext(112, f"{more}X OK", k.DIM)


def draw_game_over(s: sc.GameOver) -> None:
    ctext(3, "GAME OVER", k.DIM)
    ctext(12, s.headline, k.ACCENT)
    text(4, 23, "#  player", k.DIM)
    rtext(124, 23, "final cash", k.DIM)
    y = 31
    for rank, (cash, seat, name, bonus, sold) in enumerate(s.rows):
        win = seat in s.winners
        col = k.ACCENT if win else (k.TEXT if seat == s.play.human else k.SKY)
        text(4, y, f"{rank + 1}  {name}", col)
        rtext(124, y, sc.money(cash), col)
        text(16, y + 6, f"bonus {sc.money(bonus)} sold {sc.money(sold)}", k.DIM)
        y += 14
    if s.market:  # two players: what the stock market took, like a player's bonus line
        text(4, y, "   Market", k.DIM)
        text(16, y + 6, f"bonus {sc.money(s.market)} (leaves game)", k.DIM)
        y += 14
    if y + 2 <= 106:  # room left: say what the small lines are
        ctext(y + 2, "(end bonuses and shares sold)", k.FAINT)
    items = s.menu.items
    pitch = 40
    x0 = 64 - len(items) * pitch // 2
    for i, item in enumerate(items):
        cx = x0 + i * pitch + pitch // 2
        sel = i == s.menu.index
        if sel:
            pyxel.rect(cx - 18, 116, 36, 9, k.ACCENT)
        ctext(118, item, k.BLACK if sel else k.TEXT, cx)


DRAWERS: dict[type, Callable] = {
    sc.Title: draw_title,
    sc.Setup: draw_setup,
    sc.SettingsScene: draw_settings,
    sc.Help: draw_help,
    sc.Pause: draw_pause,
    sc.Log: draw_log,
    sc.Play: draw_play,
    sc.Chart: draw_chart,
    sc.Pass: draw_pass,
    sc.StatsScene: draw_stats,
    sc.Summary: draw_summary,
    sc.GameOver: draw_game_over,
}
