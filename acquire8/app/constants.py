"""Every number the screen layout and the look depend on, in one place (Pyxel default palette)."""

from __future__ import annotations

from acquire8.rules import CHAINS

WIDTH = HEIGHT = 128
FPS = 30
CHAR_W, CHAR_H = 4, 6  # the built-in font
LINE = 7  # text line pitch in lists

# Pyxel's default 16-colour palette, by name.
BLACK, NAVY, PURPLE, TEAL, BROWN, BLUE, SKY, WHITE = 0, 1, 2, 3, 4, 5, 6, 7
RED, ORANGE, YELLOW, MINT, CORNFLOWER, GREY, PINK, PEACH = 8, 9, 10, 11, 12, 13, 14, 15

BG = BLACK  # screen background
PANEL = NAVY  # boxes and panels
FRAME = BLUE  # panel borders
TEXT = WHITE
DIM = GREY  # secondary text
FAINT = BLUE  # unavailable options
ACCENT = YELLOW  # the highlighted option
GOOD, BAD = MINT, RED
SELECT = WHITE  # the selected board square: a colour no chain has in either palette

# Chain colours, close to the board game's: Tower yellow, Luxor red, American blue,
# Worldwide brown, Festival green, Imperial pink, Continental cyan. Letter colour on top.
CHAIN_COLOR = dict(zip(CHAINS, (YELLOW, RED, CORNFLOWER, BROWN, TEAL, PINK, MINT), strict=True))
CHAIN_INK = dict(zip(CHAINS, (BLACK, WHITE, BLACK, WHITE, WHITE, BLACK, BLACK), strict=True))
LOOSE_COLOR, LOOSE_INK = GREY, BLACK
CHAIN_TEXT = dict(CHAIN_COLOR)  # a chain's letter or name on the black background
# ... and on the navy panels, lighter than black: white where the chain's own colour would
# fall under a contrast ratio of 3 (tests/test_app_look.py measures both tables, both palettes).
CHAIN_TEXT_PANEL = {c: WHITE if c in "LW" else CHAIN_COLOR[c] for c in CHAINS}

# High contrast (settings.high_contrast): the chains on a ladder of lightness (CIE L* about
# 30, 41, 52, 62, 72, 80, 92: every two at least 8 apart, tests/test_app_anim.py checks it), so
# letter and shade alone tell them apart, whatever colours a player can see. Six palette slots
# no other role uses are remapped (pyxel.colors); letters are white on the two darkest, black
# on the rest (contrast ratio 4.5 or more). Names on dark backgrounds are white when too dark.
HC_RGB = {
    BROWN: 0x73350E,
    PEACH: 0xBB1F33,
    TEAL: 0x1E8F31,
    CORNFLOWER: 0x5696F7,
    PINK: 0xFB8CCD,
    ORANGE: 0xA4F6F6,
}
HC_CHAIN_COLOR = dict(zip(CHAINS, (YELLOW, PEACH, CORNFLOWER, BROWN, TEAL, PINK, ORANGE), strict=True))
HC_CHAIN_INK = dict(zip(CHAINS, (BLACK, WHITE, BLACK, WHITE, BLACK, BLACK, BLACK), strict=True))
HC_CHAIN_TEXT = {c: WHITE if c in "LW" else HC_CHAIN_COLOR[c] for c in CHAINS}
HC_CHAIN_TEXT_PANEL = {c: WHITE if c in "LWF" else HC_CHAIN_COLOR[c] for c in CHAINS}
_NORMAL = (dict(CHAIN_COLOR), dict(CHAIN_INK), dict(CHAIN_TEXT), dict(CHAIN_TEXT_PANEL))


def use_chain_colors(high_contrast: bool) -> None:
    """Switch the chain colour tables in place (the views read them); the palette slots of
    HC_RGB are the views' to remap."""
    tables = (HC_CHAIN_COLOR, HC_CHAIN_INK, HC_CHAIN_TEXT, HC_CHAIN_TEXT_PANEL) if high_contrast else _NORMAL
    for table, values in zip((CHAIN_COLOR, CHAIN_INK, CHAIN_TEXT, CHAIN_TEXT_PANEL), tables, strict=True):
        table.update(values)


# Play screen layout (pixels).
TOP_Y = 1  # the turn bar
BOARD_X, BOARD_Y, CELL = 1, 8, 8  # 12x9 cells of 8 px: 96x72
BOARD_W, BOARD_H = 12 * CELL, 9 * CELL
SIDE_X = BOARD_X + BOARD_W + 3  # players' column right of the board
TABLE_Y = BOARD_Y + BOARD_H + 2  # chain table under the board
TABLE_LABEL_W, TABLE_COL_W = 9, 17  # 4-digit prices side by side stay apart
HAND_Y = 108
HAND_X, HAND_PITCH, HAND_BOX_W = 2, 21, 17
PREVIEW_Y = 117
MESSAGE_Y = 123
PANEL_Y, PANEL_H = TABLE_Y - 1, MESSAGE_Y - TABLE_Y  # decision panels cover the table and the hand

RECAP_H = BOARD_H + 2  # the recap panel covers the board: a heading and eight lines

# The chart's board page: a larger, labelled board (column numbers above, row letters left).
MAP_X, MAP_Y, MAP_CELL = 9, 19, 9  # 12x9 cells of 9 px: to x 117, y 100
# The holdings page: a column per chain after the names, cash and worth on the right.
SHEET_X, SHEET_COL = 20, 11

# The title, drawn as pixel art: 5-row glyphs, one string per row, "#" lit.
BIG_FONT = {
    "A": (".##.", "#..#", "####", "#..#", "#..#"),
    "C": (".###", "#...", "#...", "#...", ".###"),
    "Q": (".##.", "#..#", "#..#", "#.##", ".###"),
    "U": ("#..#", "#..#", "#..#", "#..#", ".##."),
    "I": ("###", ".#.", ".#.", ".#.", "###"),
    "R": ("###.", "#..#", "###.", "#.#.", "#..#"),
    "E": ("####", "#...", "###.", "#...", "####"),
    "8": (".##.", "#..#", ".##.", "#..#", ".##."),
}
