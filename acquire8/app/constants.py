"""Every number the screen layout and the look depend on, in one place (Pyxel default palette)."""

from __future__ import annotations

from acquire8.rules import CHAINS

WIDTH = HEIGHT = 128
FPS = 30
CHAR_W, CHAR_H = 4, 6  # the built-in font
GLYPH_W, GLYPH_H = CHAR_W - 1, CHAR_H - 1  # a character's ink, without the gap after it
LINE = CHAR_H + 1  # text line pitch in lists

# Shared layout (pixels): every screen's positions below derive from these where they can.
MID = WIDTH // 2  # the screen's centre column
EDGE = 1  # text from the screen's left edge
PAD = 3  # text from a panel's frame
PANEL_RIGHT = WIDTH - 2  # where right-aligned text in a full-width panel ends (views' rtext)
HEAD_Y = 2  # an overlay page's heading
FOOTER_Y = HEIGHT - LINE  # the keys at the screen's foot
RIGHT_X = WIDTH - EDGE  # right-aligned text ends a pixel from the screen's edge, as text starts left
DOT = 3  # a small square: the selected board square's centre, a list's bullet
LABEL_H = 9  # a lit option label (a line of text and its margin)
BLINK, BLINK_FAST, BLINK_SLOW = 16, 8, 24  # blinking periods (frames)

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
BAR_PAD = 3  # the lit bar behind your name: this wider than the name
THINK_STEP, THINK_DOT_Y = 4, 4  # the thinking dots: frames a dot stays lit, their row in the bar
COLS, ROWS = 12, 9  # the board's columns and rows
BOARD_X, BOARD_Y, CELL = 1, 8, 8  # 12x9 cells of 8 px: 96x72
BOARD_W, BOARD_H = COLS * CELL, ROWS * CELL
BOARD_RIGHT = BOARD_X + BOARD_W  # the turn bar's right-aligned text ends over the board's edge
TILE = CELL - 1  # a square in its cell; RING frames it from a pixel outside
RING = TILE + 2
CORNER = 3  # the lit corner of a tile placed since your turn
SIDE_X = BOARD_X + BOARD_W + 3  # players' column right of the board
SIDE_CHARS = (WIDTH - SIDE_X) // CHAR_W  # a mark and a name, or cash
PLAYER_PITCH = 2 * CHAR_H  # a player's name and cash
TABLE_Y = BOARD_Y + BOARD_H + 2  # chain table under the board
TABLE_VALUES_Y = TABLE_Y + CELL  # its size, price and shares rows under the chains' letters
TABLE_LABEL_W, TABLE_COL_W = 9, 17  # 4-digit prices side by side stay apart
HAND_Y = 108
HAND_X, HAND_PITCH, HAND_BOX_W = 2, 21, 17
HAND_BOX_H = CELL - 1  # a tile of the hand, lit when selected
# The preview and message lines: a line of text and its descenders (g, y, p, $) on the screen,
# a pixel clear of the hand above.
PREVIEW_Y = HAND_Y + HAND_BOX_H + 1
MESSAGE_Y = PREVIEW_Y + CHAR_H
PANEL_Y, PANEL_H = TABLE_Y - 1, MESSAGE_Y - TABLE_Y  # decision panels cover the table and the hand
# A decision panel's rows: its title, the options, what the option does, the keys.
PANEL_TEXT_Y = PANEL_Y + PAD
PANEL_OPTIONS_Y = PANEL_TEXT_Y + LINE + PAD  # the lit labels; their text 2 px lower
PANEL_INFO_Y = PANEL_TEXT_Y + 23  # and the keys a line below: a pixel above the frame
PANEL_KEYS_Y = PANEL_INFO_Y + LINE
CHOICE_BOX, CHOICE_GAP = 11, 3  # a chain to choose: its box, and the gap between two
CHOICE_PITCH = CHOICE_BOX + CHOICE_GAP
CHOICE_LABEL_PITCH, CHOICE_LABEL_W = 32, 24  # a worded option
DECLARE_X, DECLARE_PITCH, DECLARE_W = 40, 48, 32  # "end the game?": its two options' centres
DISPOSE_VALUE_X, DISPOSE_NOTE_X = 34, 66  # the disposal's columns after the row's label
# The buy panel: a row of options (chains' boxes, worded labels) from BUY_X, as wide as BUY_ROW_W.
BUY_X = 4
BUY_ROW_W = WIDTH - 2 * BUY_X
BUY_BOX, BUY_GAP = LABEL_H, 5  # an option's height (a chain's box: square); at most this apart
BUY_LABEL_PAD = 2  # a worded option's text inside its box
BUY_RING = 2  # the selected option's frame: this far outside it

RECAP_Y, RECAP_H = BOARD_Y - 1, BOARD_H + 2  # the recap panel covers the board: a heading and its lines
RECAP_LINES_Y = RECAP_Y + PAD + LINE  # under the heading
RECAP_ROWS = (RECAP_Y + RECAP_H - 1 - RECAP_LINES_Y) // LINE  # as many lines as the panel holds (nine)

# The pass-and-play screen: a heading, the next player's name boxed, what to do.
PASS_Y = 36
PASS_BOX_Y, PASS_BOX = PASS_Y + 10, 15  # the name's box: its height, and its width past the name's
PASS_TEXT_Y, PASS_TEXT_PITCH = PASS_BOX_Y + PASS_BOX + 11, 10

# The merger summary: a panel over the board and the table, the turn bar and message in view.
SUMMARY_Y = BOARD_Y - 1
SUMMARY_H = MESSAGE_Y - 1 - SUMMARY_Y
SUMMARY_HEAD_Y = SUMMARY_Y + 5
SUMMARY_ROWS_Y = 22
SUMMARY_BOX_X, SUMMARY_X = 5, 6  # a chain's box before its heading; the other lines
SUMMARY_HEAD_X = SUMMARY_BOX_X + CELL + 2
SUMMARY_HEAD_CHARS, SUMMARY_CHARS = 27, 29  # a pixel of air inside the panel's frame
SUMMARY_KEYS_Y = 112

# The final standings: a row of two lines per player, the menu at the foot.
OVER_TITLE_Y, OVER_HEAD_Y, OVER_END_Y = 2, 9, 16  # the title, who won, who ended it and why
OVER_COLS_Y, OVER_ROWS_Y = 24, 32
OVER_X = 4
OVER_RIGHT = WIDTH - OVER_X
OVER_SMALL_X = OVER_X + 3 * CHAR_W  # a row's second line, under the name
OVER_PITCH = 2 * CHAR_H + 2
OVER_TEAM_GAP = 2  # between one team's players and the next team
OVER_MENU_Y = 116
OVER_NOTE_Y = OVER_MENU_Y - 10  # the legend only when it fits above the menu
OVER_ITEM_PAD, OVER_ITEM_GAP = 1, 3  # the menu's boxes (five fit): text inside them, and between two

# The chart's price page: a column of prices per tier, ending at these x.
PRICES_Y = 12
PRICE_RIGHTS = (50, 86, 122)
PRICE_CHARS = 4  # a price's digits: the chains' letters stand left of them
PRICES_ROWS_Y = PRICES_Y + 10
PRICES_NOTES_Y = 88
# The chart's chains page: two lines per chain, values right-aligned on their columns.
CHAINS_Y, CHAINS_PITCH = 10, 16
CHAINS_NAME_X = 11
CHAINS_SIZE_RIGHT, CHAINS_PRICE_RIGHT = 72, 106
CHAINS_LINE_CHARS = (WIDTH - CHAINS_NAME_X) // CHAR_W  # a chain's bonus line, under its name

# The chart's board page: a larger, labelled board (column numbers above, row letters left).
MAP_X, MAP_Y, MAP_CELL = 9, 19, 9  # 12x9 cells of 9 px: to x 117, y 100
MAP_INFO_Y = 104  # the square's description, or the legend
# The holdings page: a column per chain after the names, cash and worth on the right.
SHEET_X, SHEET_COL, SHEET_Y = 20, 11, 10  # the chains' boxes (TILE), CASH on their row
SHEET_ROWS_Y, SHEET_PITCH = 19, 2 * CHAR_H + 2  # a player's row: name and cash, level and worth
SHEET_NAME_CHARS, SHEET_LEVEL_X = 4, 5  # a name, before the first column; the level under it
SHEET_NOTE_GAP = 9  # the legend under the bank's row; the hidden note a line lower

# The story screen: the worth chart's plot area (y1: worth 0), the key under it.
STORY_X0, STORY_X1, STORY_Y0, STORY_Y1 = 18, 125, 10, 74
MARK = 5  # a seat's mark, at most this square
DOTS = 3  # a merger's dotted line: a dot every this many pixels
TICK = 2  # the mergers' triangles: half their width and their height
STORY_KEY_X, STORY_KEY_Y = 2, STORY_Y1 + 5
KEY_PER_ROW = 4
KEY_PITCH = WIDTH // KEY_PER_ROW
KEY_GAP = 3  # between a mark and its name: a cross beside a name must not read as a letter
KEY_NAME_CHARS = (KEY_PITCH - MARK - KEY_GAP) // CHAR_W
# The kept games' list; the replay's message panel over its log.
# The kept games' list: its ">" cursor at the edge, a row's text clear of it.
LIST_X, LIST_VS_X, LIST_HEAD_Y, LIST_Y, LIST_PITCH = 6, 56, 11, 19, LINE + 1
LIST_RIGHT = WIDTH - LIST_X
LIST_WHEN_CHARS = 11
LIST_EMPTY_Y = 40
LIST_IMPORT_Y = 101
REPLAY_WHO_CHARS = 20
REPLAY_PANEL_Y = BOARD_Y + BOARD_H + 1
REPLAY_PANEL_H = FOOTER_Y - REPLAY_PANEL_Y - 2
REPLAY_WHERE_ROWS = 3
LIST_ACC_RIGHT = LIST_RIGHT - 4 * CHAR_W - 2  # the accuracy column, right-aligned left of the place

# The expert's review: the bar while it works; then the accuracy, the classes' counts, a list
# of the costly decisions and, in a panel, the selected one's two moves.
REVIEW_INFO_Y = 20  # while it works: what it does, two lines
REVIEW_BAR_X, REVIEW_BAR_Y, REVIEW_BAR_H = 14, 50, 7
REVIEW_BAR_W = WIDTH - 2 * REVIEW_BAR_X
REVIEW_COUNT_Y = REVIEW_BAR_Y + REVIEW_BAR_H + 5  # "12 of 40 decisions", then the time left
REVIEW_ACC_Y, REVIEW_COUNTS_Y = 11, 19  # the accuracy; the counts, two lines (a third moves the list)
REVIEW_COLS_Y = REVIEW_COUNTS_Y + 2 * LINE + 2  # the list's column names
REVIEW_LIST_Y = REVIEW_COLS_Y + LINE
REVIEW_X, REVIEW_KIND_X, REVIEW_COST_RIGHT = 6, 26, WIDTH - 6
REVIEW_PANEL_Y = REVIEW_LIST_Y + 6 * LINE + 2  # under COSTLY_ROWS rows
REVIEW_PANEL_H = FOOTER_Y - REVIEW_PANEL_Y - 2

# The lesson: its ring around a square (2 px out); a part's card, lines under its heading.
LESSON_RING = CELL + 3
CARD_LINES = 6
# The lesson-complete page.
DONE_Y, DONE_SUB_Y, DONE_LIST_Y = 4, 13, 21
DONE_X, DONE_TEXT_X = 4, 10
DONE_NEXT_Y, DONE_NEXT_ROWS_Y = 74, 83

# The menus' pages (views/menus.py). Their headings, and rows: a label at MENU_X, its value
# right-aligned at MENU_RIGHT, a ">" at MENU_MARK_X on the selected one.
MENU_HEAD_Y = 4
MENU_X, MENU_MARK_X, MENU_RIGHT = 8, 2, WIDTH - 4
MENU_PITCH, MENU_PITCH_MANY = LABEL_H, LABEL_H - 1  # a row; closer when many rows
BUTTON_W = 40  # a lit button (START, a confirmation's answers): LABEL_H high
# The title: the name, a row of hotel tiles, the tagline, the menu (closer with six items).
TITLE_Y, TITLE_SCALE, TITLE_TAG_Y = 14, 3, 50
TITLE_TILES_X, TITLE_TILES_Y, TITLE_TILE, TITLE_TILE_PITCH = 22, 36, 9, 12
TITLE_TILE_FRAMES = 6  # each tile lifts for this many frames in turn
TITLE_FEW = 5  # menu items at the wider pitch
TITLE_MENU_Y, TITLE_MENU_Y_MANY = 66, 62
# The selected row's line on the setup and settings pages: up to EXPLAIN_LINES lines, on the
# settings page at EXPLAIN_Y, above the footer.
EXPLAIN_LINES = 2
EXPLAIN_Y = FOOTER_Y - EXPLAIN_LINES * LINE - 1
# Setup: its rows, a gap between their groups (seats, rules), START and the lines under it
# (the suggestion, the selected row's line). The rows' pitch is what fits them above
# SETUP_START_MAX_Y, the lowest START that leaves its lines above the footer.
SETUP_Y, SETUP_GAP, SETUP_START_GAP, SETUP_NOTE_GAP = 16, 3, 6, 11
MENU_MIN_PITCH = CHAR_H  # the closest the setup's and settings' rows come: more scroll
SETUP_START_MAX_Y = FOOTER_Y - SETUP_NOTE_GAP - (1 + EXPLAIN_LINES) * LINE - 1
# Settings: its rows (their pitch what fits above the lines under them), the in-game note.
SETTINGS_HEAD_Y, SETTINGS_Y, SETTINGS_NOTE_Y = 3, 12, 64
# The stats pages: the table's columns, the charts' bars (a glyph's height), their notes.
STATS_X, STATS_RIGHT = 4, WIDTH - 4
STATS_HEAD_Y, STATS_TABLE_Y, STATS_ROW_PITCH = 16, 25, LINE + 1
STATS_PLAYED_RIGHT, STATS_WON_RIGHT = 72, 92
STATS_ALL_GAP, STATS_NOTES_GAP, STATS_RULE = 3, 12, 3  # the "all" row's rule: this far above it
STATS_EMPTY_Y, STATS_MESSAGE_Y, STATS_NOTE_Y = 50, 106, 112
STATS_BARS_Y, STATS_BAR_PITCH = 18, 12
SCORES_DATE_X, SCORES_DATE_CHARS, SCORES_SEED_CHARS = 56, 5, 10  # "12-03" after "10 $123,400"
STATS_BAR_X, STATS_BAR_W, STATS_BAR_H = 42, 56, GLYPH_H  # from x 42, the longest 56 px
# The accuracy page: a game's column in a level's row, its foot on the level name's.
STATS_COLUMN_W, STATS_COLUMN_PITCH, STATS_COLUMN_H = 3, 4, STATS_BAR_PITCH - 2
# The rating page: the plot area, the levels' list before a rated game, the advice under it.
RATING_X, RATING_W, RATING_Y, RATING_H = 28, 96, 24, 62
RATING_LINE_Y, RATING_EMPTY_Y, RATING_EMPTY_NOTE_Y = 14, 16, 72
RATING_LADDER_X, RATING_LADDER_RIGHT, RATING_LADDER_Y = 36, 92, 32
RATING_ADVICE_Y = RATING_Y + RATING_H + 5
# How to play: a page of text under its heading.
HELP_X, HELP_Y = 2, 14
HELP_CHARS = WIDTH // CHAR_W - 1  # a line, less the margin
# The pause menu and a confirmation: panels in the middle, a heading, lines under it.
PANEL_HEAD = 4
PAUSE_X, PAUSE_ITEMS_Y = 20, 13  # the items from the panel's top
PAUSE_W = WIDTH - 2 * PAUSE_X
PAUSE_H = PAUSE_ITEMS_Y + 1  # and a row per item
CONFIRM_X, CONFIRM_CHARS, CONFIRM_TEXT_Y, CONFIRM_H = 10, 26, 13, 34  # and a line per line
CONFIRM_W = WIDTH - 2 * CONFIRM_X
CONFIRM_BUTTONS_UP = 13  # the answers from the panel's foot
CONFIRM_BUTTON_X, CONFIRM_BUTTON_PITCH = 40, 48  # their centres
# The game's log.
LOG_Y = HEAD_Y + LINE  # the log's lines: as many as stay two pixels clear of the footer (16)
LOG_ROWS = (FOOTER_Y - 1 - LOG_Y - CHAR_H) // LINE + 1  # a line is CHAR_H with its blank row under

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
