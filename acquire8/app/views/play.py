"""The play screen: the board, players, chain table, hand, decision panels, the recap and the
pass-and-play screen. The reference pages Z opens are views/chart.py; the merger summary and
the final standings views/over.py."""

from __future__ import annotations

import pyxel

from acquire8.app import constants as k
from acquire8.app.anim import Animator, cell_pos
from acquire8.app.constants import RECAP_ROWS
from acquire8.app.control.decisions import BuyScreen, ChoiceScreen, DeclareScreen, DisposeScreen, PlaceScreen
from acquire8.app.control.insight import RECAP_CHARS
from acquire8.app.control.play import Play
from acquire8.app.control.scene import Host
from acquire8.app.control.stages import Deciding, Passing
from acquire8.app.text import LINE_CHARS, chain_name, fit, money, note_cut, wrap
from acquire8.app.views.common import (
    PANEL_CHARS,
    BoardLayer,
    blink,
    chain_box,
    chain_text,
    ctext,
    footer,
    panel,
    phase,
    rtext,
    short_money,
    square,
    text,
)
from acquire8.rules import CHAINS, Game


def draw_play(p: Play) -> None:
    if isinstance(p.stage, Passing):
        draw_pass(p.game.names[p.stage.seat], p.stage.armed)
        return
    g, app = p.game, p.app
    who = p.banner
    if p.flashing:  # your turn has just begun: the bar says so
        lit = blink(app, k.BLINK_FAST)
        pyxel.rect(0, 0, len(who) * k.CHAR_W + k.BAR_PAD, k.BOARD_Y - 1, k.ACCENT if lit else k.PANEL)
        text(k.EDGE, k.TOP_Y, who, k.BLACK if lit else k.ACCENT)
    else:
        text(k.EDGE, k.TOP_Y, who, k.ACCENT)
    if p.thinking:
        draw_thinking(app, k.EDGE + len(who) * k.CHAR_W, k.TOP_Y)
    rtext(k.BOARD_RIGHT, k.TOP_Y, f"TILES {g.pool_size()}", k.DIM)
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


def draw_thinking(app: Host, x: int, y: int) -> None:
    """Three dots after the turn bar's text, a lit one hopping along them while a computer
    thinks (the bar's old blinking "..." said only that someone else was playing)."""
    lit = phase(app.frame, k.THINK_STEP, 3)
    for i in range(3):
        on = i == lit
        pyxel.pset(x + 1 + 2 * i, y + k.THINK_DOT_Y - on, k.ACCENT if on else k.DIM)


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
        note_cut(message, 2 * LINE_CHARS)
        lines = lines[-2:]
    for i, line in enumerate(lines):
        y = k.MESSAGE_Y - k.CHAR_H * (len(lines) - 1 - i)
        pyxel.rect(0, y, k.WIDTH, k.CHAR_H, k.BG)
        text(k.EDGE, y, fit(line), k.ACCENT if standing else k.SKY)


def draw_recap(stage: Deciding) -> None:
    """What the others did since your turn, over the board (the hand stays in view)."""
    lines = stage.recap[stage.recap_top : stage.recap_top + RECAP_ROWS]
    panel(0, k.RECAP_Y, k.WIDTH, k.RECAP_H)
    text(k.PAD, k.RECAP_Y + k.PAD, stage.recap_head, k.ACCENT)
    for i, line in enumerate(lines):
        text(k.PAD, k.RECAP_LINES_Y + k.LINE * i, fit(line, RECAP_CHARS), k.TEXT)
    above, below = stage.recap_top > 0, stage.recap_top + RECAP_ROWS < len(stage.recap)
    hints = {(False, True): "DN MORE  ", (True, True): "UP/DN  ", (True, False): "UP MORE  "}
    more = hints.get((above, below), "")  # short enough to stay clear of the heading
    rtext(k.PANEL_RIGHT, k.RECAP_Y + k.PAD, f"{more}X OK", k.DIM)


def draw_pass(name: str, ready: bool) -> None:
    """Pass-and-play: only the next player's name; no hand, no board. Until X is live (`ready`)
    the line asking for it waits, dim."""
    ctext(k.PASS_Y, "PASS THE GAME TO", k.DIM)
    w = len(name) * k.CHAR_W + k.PASS_BOX
    pyxel.rect(k.MID - w // 2, k.PASS_BOX_Y, w, k.PASS_BOX, k.PANEL)
    pyxel.rectb(k.MID - w // 2, k.PASS_BOX_Y, w, k.PASS_BOX, k.ACCENT)
    ctext(k.PASS_BOX_Y + (k.PASS_BOX - k.GLYPH_H) // 2, name, k.ACCENT)
    ctext(
        k.PASS_TEXT_Y,
        f"{name}: press X when ready" if ready else "Let go of X...",
        k.TEXT if ready else k.DIM,
    )
    ctext(k.PASS_TEXT_Y + k.PASS_TEXT_PITCH, "Everyone else: look away!", k.DIM)
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
                pyxel.rect(x, y, k.TILE, k.TILE, k.WHITE)
            else:
                square(x, y, letter)
        if not lit and letter is None:
            if name == selected:  # white, which no chain uses: never mistaken for a tile
                pyxel.rectb(x, y, k.TILE, k.TILE, k.SELECT)
                if blink(app):
                    inset = (k.TILE - k.DOT) // 2
                    pyxel.rect(x + inset, y + inset, k.DOT, k.DOT, k.SELECT)
            elif name in mine:
                pyxel.rectb(x, y, k.TILE, k.TILE, k.SKY if name in playable else k.FRAME)
        if name in p.marked:
            new_corner(x, y, k.TILE, WHITE_LOOK if lit else letter)
        if name == p.last_tile and p.busy and blink(app, k.BLINK_FAST):
            pyxel.rectb(x - 1, y - 1, k.RING, k.RING, k.WHITE)
        elif name == pending:  # the tile whose founding or merger is being decided
            pyxel.rectb(x - 1, y - 1, k.RING, k.RING, k.SELECT if blink(app) else k.SKY)
    if falling:
        pyxel.clip(k.BOARD_X, k.BOARD_Y, k.BOARD_W, k.BOARD_H)  # they come in over the board's edge
        for x, y in falling:
            pyxel.rect(x, y, k.TILE, k.TILE, k.LOOSE_COLOR)
            pyxel.line(x, y, x + k.TILE - 1, y, k.WHITE)  # lit from above
        pyxel.clip()
    draw_pops(app.anim)


def draw_pops(anim: Animator) -> None:
    """Bonus amounts rising over their chain and fading out (dithered), kept on the board."""
    pyxel.clip(k.BOARD_X, k.BOARD_Y, k.BOARD_W, k.BOARD_H)
    for pop in anim.pops:
        if anim.now < pop.start:
            continue
        w = len(pop.label) * k.CHAR_W - 1
        cx = k.BOARD_X + round(pop.col * k.CELL) + k.TILE // 2
        x = max(1, min(k.BOARD_RIGHT - w, cx - w // 2))
        y = max(1, k.BOARD_Y + pop.row * k.CELL + k.LINE * (pop.line - 1) - pop.rise)
        pyxel.dither(pop.alpha)
        pyxel.rect(x - 1, y - 1, w + 2, k.LINE, k.BLACK)
        text(x, y, pop.label, k.ACCENT)
        pyxel.dither(1.0)
    pyxel.clip()


def draw_players(p: Play, top: int = k.BOARD_Y) -> None:
    """Each player's name and cash in the column right of the board, from `top` down."""
    g = p.game
    for s in range(g.players):
        y = top + s * k.PLAYER_PITCH
        turn = s == g.turn and not g.is_over
        col = k.ACCENT if turn else (k.TEXT if s == p.human else k.DIM)
        name = (">" if turn else " ") + g.names[s]
        text(k.SIDE_X, y, name, col)
        mark = p.team_mark(s)
        if mark:  # the seat's team letter: your side's in green, the others' in red
            ours = p.human is not None and g.team_of(s) == g.team_of(p.human)
            text(k.SIDE_X + (len(name) + 1) * k.CHAR_W, y, mark, k.GOOD if ours else k.BAD)
        trend = p.app.anim.trend(p, s)  # cash counting up or down (anim.py)
        cash = short_money(p.app.anim.cash(p, s, g.cash(s)))
        col = k.TEXT if s == p.human else k.DIM
        text(k.SIDE_X, y + k.CHAR_H, cash, k.GOOD if trend > 0 else k.BAD if trend < 0 else col)


def draw_table(g: Game, human: int | None) -> None:
    """Per chain: letter (safe ones framed), size, price, and your shares."""
    y, vy = k.TABLE_Y, k.TABLE_VALUES_Y  # the chains' letters, their values' first row
    # Capitals, read at a glance; "PR", not "$", whose stroke below the line would touch "MY".
    labels = ("SZ", "PR", "MY" if human is not None else "")
    for i, label in enumerate(labels):
        text(k.EDGE, vy + i * k.CHAR_H, label, k.DIM)  # off the screen's edge
    for i, chain in enumerate(CHAINS):
        x = k.TABLE_LABEL_W + i * k.TABLE_COL_W
        if i % 2:  # a faint band behind every other column
            pyxel.rect(x, vy - 1, k.TABLE_COL_W, len(labels) * k.CHAR_H + 1, k.PANEL)  # a pixel round
        cx = x + k.TABLE_COL_W // 2  # values centred under the letter
        size = g.chain_size(chain)
        chain_box(cx - k.TILE // 2, y, chain, k.TILE, on=bool(size))
        if not size and chain_text(chain) != k.CHAIN_COLOR[chain]:
            # A letter too dark to show in its chain's colour is white: its colour frames it,
            # so that two such chains (L and W) never look alike.
            pyxel.rectb(cx - k.TILE // 2, y, k.TILE, k.TILE, k.CHAIN_COLOR[chain])
        if g.is_safe(chain):
            pyxel.rectb(cx - k.TILE // 2 - 1, y - 1, k.RING, k.RING, k.WHITE)
        ctext(vy, f"{size}" if size else "-", k.TEXT if size else k.FAINT, cx)
        ctext(vy + k.CHAR_H, f"{g.price(chain)}" if size else "-", k.TEXT if size else k.FAINT, cx)
        if human is not None:
            held = g.shares(human, chain)
            ctext(vy + 2 * k.CHAR_H, str(held) if held else "-", k.ACCENT if held else k.FAINT, cx)


def draw_hand(p: Play, screen: PlaceScreen | None) -> None:
    ui = screen
    tiles = ui.tiles if ui else p.hand()
    for i, tile in enumerate(tiles):
        x = k.HAND_X + i * k.HAND_PITCH
        w = k.HAND_BOX_W + 2
        if ui and i == ui.index:
            pyxel.rect(x, k.HAND_Y, w, k.HAND_BOX_H, k.ACCENT)
            col = k.BLACK
        elif ui and not ui.playable[i]:
            # greyed in its box: a frame inside the box's 7 rows would touch the tile's name
            pyxel.rect(x, k.HAND_Y, w, k.HAND_BOX_H, k.PANEL)
            col = k.FAINT
        else:
            pyxel.rect(x, k.HAND_Y, w, k.HAND_BOX_H, k.PANEL)
            col = k.TEXT
        ctext(k.HAND_Y + (k.HAND_BOX_H - k.GLYPH_H + 1) // 2, tile, col, x + w // 2)
    if ui and ui.tiles:
        ok = ui.playable[ui.index]
        lines = ui.details or [ui.previews[ui.index]]
        text(k.EDGE, k.PREVIEW_Y, fit(lines[0]), k.GOOD if ok else k.BAD)
        if len(lines) > 1:  # the second line where the message goes: the preview is what matters now
            pyxel.rect(0, k.MESSAGE_Y, k.WIDTH, k.HEIGHT - k.MESSAGE_Y, k.BG)
            text(k.EDGE, k.MESSAGE_Y, fit(lines[1]), k.GOOD if ok else k.DIM)
    elif p.human is not None and not p.game.is_over:
        rtext(k.RIGHT_X, k.PREVIEW_Y, "X hurry  Z chart", k.DIM)


def _decision_panel(p: Play) -> bool:
    """The panel over the table and the hand; True when compact: a two-line message (a hint)
    takes its lowest line, so nothing is drawn over another."""
    short = compact(p)
    panel(0, k.PANEL_Y, k.WIDTH, k.PANEL_H - (k.LINE if short else 0))
    return short


def draw_choice(p: Play, ui: ChoiceScreen) -> None:
    app = p.app
    short = _decision_panel(p)
    text(k.PAD, k.PANEL_TEXT_Y, ui.title, k.ACCENT)
    n = len(ui.options)
    if ui.options[0].chain:
        pitch, box = k.CHOICE_PITCH, k.CHOICE_BOX
        x0 = k.MID - (n * pitch - k.CHOICE_GAP) // 2
        for i, opt in enumerate(ui.options):
            x = x0 + i * pitch
            if i == ui.index:  # a frame 2 px out
                ring = box + 2 + 2
                pyxel.rectb(x - 2, k.PANEL_OPTIONS_Y - 2 - 1, ring, ring, k.WHITE if blink(app) else k.ACCENT)
            chain_box(x, k.PANEL_OPTIONS_Y - 1, opt.chain, box)
    else:
        pitch, w = k.CHOICE_LABEL_PITCH, k.CHOICE_LABEL_W
        x0 = k.MID - n * pitch // 2
        for i, opt in enumerate(ui.options):
            cx = x0 + i * pitch + pitch // 2
            sel = i == ui.index
            if sel:
                pyxel.rect(cx - w // 2, k.PANEL_OPTIONS_Y, w, k.LABEL_H, k.ACCENT)
            ctext(k.PANEL_OPTIONS_Y + 2, opt.label, k.BLACK if sel else k.TEXT, cx)
    text(k.PAD, k.PANEL_INFO_Y, fit(ui.option.info, PANEL_CHARS), k.TEXT)
    if not short:
        text(k.PAD, k.PANEL_KEYS_Y, "<> CHOOSE  X OK  Z CHART", k.DIM)


def draw_declare(p: Play, ui: DeclareScreen) -> None:
    """End the game? The first question, then the second with the standings it would give
    (on two lines when it needs them, in place of the keys)."""
    short = _decision_panel(p)
    text(k.PAD, k.PANEL_TEXT_Y, ui.title, k.ACCENT)
    for i, label in enumerate(ui.labels):
        cx = k.DECLARE_X + k.DECLARE_PITCH * i
        sel = i == ui.index
        if sel:
            pyxel.rect(cx - k.DECLARE_W // 2, k.PANEL_OPTIONS_Y, k.DECLARE_W, k.LABEL_H, k.ACCENT)
        ctext(k.PANEL_OPTIONS_Y + 2, label, k.BLACK if sel else k.TEXT, cx)
    info = wrap(ui.info, PANEL_CHARS)
    if len(info) > (1 if short else 2):
        note_cut(ui.info, PANEL_CHARS)
    for i, line in enumerate(info[: 1 if short else 2]):
        text(k.PAD, k.PANEL_INFO_Y + k.LINE * i, line, k.TEXT)
    if len(info) == 1 and not short:
        text(k.PAD, k.PANEL_KEYS_Y, "<> CHOOSE  X OK  Z CHART", k.DIM)


def draw_dispose(p: Play, ui: DisposeScreen) -> None:
    short = _decision_panel(p)
    y = k.PANEL_TEXT_Y
    text(k.PAD, y, f"{chain_name(ui.chain)} is gone: {money(ui.price)}", k.ACCENT)
    if short:  # the rows a line higher: the hint says what the choice gives
        y -= k.LINE
    else:
        text(k.PAD, y + k.LINE, f"You hold {ui.held}. Bank {ui.survivor}: {ui.bank}", k.TEXT)
    rows = (
        ("SELL", ui.sell, f"+{money(ui.sell * ui.price)}"),
        ("TRADE", ui.trade, f"for {ui.trade // 2} {ui.survivor}"),
    )
    for i, (label, value, note) in enumerate(rows):
        ry = y + (2 + i) * k.LINE
        sel = ui.row == i
        col = k.ACCENT if sel else k.TEXT
        text(k.PAD, ry, (">" if sel else " ") + label, col)
        text(k.DISPOSE_VALUE_X, ry, f"< {value:>2} >" if sel else f"  {value:>2}", col)
        text(k.DISPOSE_NOTE_X, ry, note, k.DIM)
    ry = y + (2 + len(rows)) * k.LINE
    sel = ui.row == len(rows)
    text(k.PAD, ry, (">" if sel else " ") + "DONE", k.ACCENT if sel else k.TEXT)
    text(k.DISPOSE_VALUE_X, ry, f"keep {ui.keep}", k.DIM)
    rtext(k.PANEL_RIGHT, ry, "X OK" if sel else "X NEXT", k.DIM)


def draw_buy(p: Play, ui: BuyScreen) -> None:
    app = p.app
    short = _decision_panel(p)
    y = k.PANEL_TEXT_Y
    text(k.PAD, y, "BUY UP TO 3 SHARES", k.ACCENT)
    rtext(k.PANEL_RIGHT, y, money(ui.cash - ui.cost), k.TEXT)
    label_w = 2 * k.BUY_LABEL_PAD - 1  # and the text's ink
    widths = [k.BUY_BOX if opt in CHAINS else len(opt) * k.CHAR_W + label_w for opt in ui.options]
    gap = min(k.BUY_GAP, (k.BUY_ROW_W - sum(widths)) // max(1, len(widths) - 1))  # all seven chains still fit
    x = k.BUY_X
    oy = k.PANEL_OPTIONS_Y
    for i, opt in enumerate(ui.options):
        sel = i == ui.index
        w = widths[i]
        if opt in CHAINS:
            chain_box(x, oy, opt, k.BUY_BOX, on=ui.can_add(opt), bg=k.PANEL)
        else:
            active = opt == "DONE" or bool(ui.cart)
            pyxel.rect(x, oy, w, k.BUY_BOX, k.BLUE if active else k.PANEL)
            text(x + k.BUY_LABEL_PAD, oy + k.BUY_LABEL_PAD, opt, k.TEXT if active else k.FAINT)
        if sel:
            ring = k.BUY_RING
            col = k.WHITE if blink(app) else k.ACCENT
            pyxel.rectb(x - ring, oy - ring, w + 2 * ring, k.BUY_BOX + 2 * ring, col)
        x += w + gap
    if not short:  # compact: the cart a line higher, in place of what the option is
        text(k.PAD, k.PANEL_INFO_Y, ui.info, k.TEXT)
    cy = k.PANEL_INFO_Y if short else k.PANEL_KEYS_Y
    cart = " ".join(ui.cart) if ui.cart else "empty"
    text(k.PAD, cy, f"Cart: {cart}", k.TEXT)
    rtext(k.PANEL_RIGHT, cy, f"-{money(ui.cost)}", k.BAD if ui.cost else k.DIM)


# -------------------------------------------------------------- the board's tiles


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
    pyxel.line(x + size - k.CORNER, y, x + size - 1, y, col)
    pyxel.line(x + size - 1, y, x + size - 1, y + k.CORNER - 1, col)
