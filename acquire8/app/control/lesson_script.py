"""The lesson's script, as data: its four positions (minimal positions, docs/DESIGN.md), its
parts (each announced by a card) and LESSON, the person's decisions in order (Steps: the
decision, the prompt, the expected choice and its square, what to say on another choice). The
code that runs it is control/lesson.py."""

from __future__ import annotations

from dataclasses import dataclass

from acquire8.app.text import YOU
from acquire8.rules import (
    Action,
    BuyShares,
    DeclareEnd,
    Options,
    Phase,
    PlaceTile,
    minimal_position,
)
from acquire8.rules.tables import COLS, MAX_BUY, ROW_LETTERS, SAFE_SIZE, START_CASH

PROMPT_CHARS = 31  # a prompt line inside its panel's border
PROMPT_LINES = 3
LOW_ROWS = "GHI"  # the board rows the panel covers at the bottom
HIGH_ROWS = "ABC"  # ... and at the top
NAMES = (YOU, "Ana", "Bob")
OPTIONS = Options(end="declare", holdings="open")
EMPTY = "." * COLS


def position(
    rows: dict[str, str],
    hands: tuple[list[str], ...],
    cash: tuple[int, ...],
    shares: tuple[dict[str, int], ...],
    pool: list[str],
) -> str:
    """A minimal position (docs/DESIGN.md) with the lesson's three players, you to play; `rows` maps
    row letters to their COLS squares (the rest are empty)."""
    board = [rows.get(r, EMPTY) for r in ROW_LETTERS]
    players = [
        {"name": NAMES[s], "cash": cash[s], "shares": shares[s], "hand": hands[s]} for s in range(len(NAMES))
    ]
    return minimal_position(board, players, pool, options=OPTIONS)


@dataclass(frozen=True)
class Part:
    """A part of the lesson, announced by its card when its board is set up."""

    title: str  # "Mergers"
    new: str  # what this part teaches
    board: str  # why the board is a new one, and what is on it


@dataclass(frozen=True)
class Step:
    """One decision of the person in the lesson."""

    phase: Phase  # the rules phase of the decision
    prompt: str  # what to do and why: at most PROMPT_LINES lines of PROMPT_CHARS
    action: Action | None = None  # the expected action, preselected (None: any is right)
    square: str | None = None  # the board square to highlight
    wrong: str = ""  # said when the person chooses otherwise
    strict: bool = False  # another choice would break the lesson: refused, choose again
    avoid: tuple[Action, ...] = ()  # the wrong actions when any other is right (`action` too)
    after: str = ""  # said once the right action is taken, until the next prompt
    position: str | None = None  # the game this step starts from; None: continue from here
    part: Part | None = None  # ... and the part it opens (with a position)
    hint: str = ""  # what the hint says at this step (it shows the lesson's choice, selected)
    # The prompt of the end's questions per option selected (NO, YES, then BACK, END IT): the
    # prompt always names what X would do.
    labels: tuple[tuple[str, str], ...] = ()

    def right(self, action: Action) -> bool:
        if self.avoid:
            return action not in self.avoid
        return self.action is None or action == self.action


# The prompt panel covers the board's rows G-I (rows A-C when the lesson points there): every
# chapter plays in rows A-F, the computers' script places their tiles in rows A and C.

# Chapter 1: an empty board. Ana and Bob place lone tiles away from yours, so 6E, then 7E
# (drawn) founds a chain and 8E (drawn) grows it.
FIRST = position(
    {},
    (
        ["6E", "1G", "12G", "1I", "12I", "6I"],
        ["1C", "3C", "5C", "9C", "11C", "12A"],
        ["2A", "4A", "6A", "8A", "10A", "1E"],
    ),
    (START_CASH,) * len(NAMES),
    ({}, {}, {}),
    ["7E", "12E", "3I", "8E", "10I", "8G", "5I", "3G"],
)
# Chapter 2: 6E joins Luxor (3 tiles) to Tower (5). You lead Luxor, Ana is second.
MERGER = position(
    {"E": "..LLL.TTTTT."},
    (
        ["6E", "1A", "12A", "1I", "12I", "6A"],
        ["1C", "3C", "9C", "11C", "1G", "12G"],
        ["2I", "4I", "6I", "8I", "10I", "3A"],
    ),
    (4500, 5000, 5200),
    ({"L": 4, "T": 2}, {"L": 2}, {"T": 3}),
    ["9A", "11A", "5A", "7A", "1E", "12E"],
)
# Chapter 3: 6E joins American and Worldwide, 4 tiles each; you and Ana hold 3 of each.
TIE = position(
    {"E": ".AAAA.WWWW.."},
    (
        ["6E", "1A", "12A", "1I", "12I", "6A"],
        ["1C", "3C", "9C", "11C", "1G", "12G"],
        ["2I", "4I", "6I", "8I", "10I", "3A"],
    ),
    (5000, 5200, 6100),
    ({"A": 3, "W": 3}, {"A": 3, "W": 3}, {"A": 1, "W": 1}),
    ["9A", "11A", "5A", "7A", "12E", "12C"],
)

# Chapter 4's chains grow from either side of 6C, square by square in these orders, to the safe
# size (11: Festival B1-5, C1-5 and D1; Imperial B7-12 and C7-11), whatever it is.
FESTIVAL_SQUARES = ("5C", "4C", "3C", "2C", "1C", "1B", "2B", "3B", "4B", "5B", "1D", "1E", "1F")
IMPERIAL_SQUARES = ("7C", "8C", "9C", "10C", "11C", "11B", "12B", "10B", "9B", "8B", "7B", "11D", "11E")


def end_position(size: int) -> str:
    """Chapter 4 with Festival and Imperial of `size` tiles each: at the safe size both are
    safe, and with every chain on the board safe the game may end. 6C would join them: dead.
    None of your tiles founds a chain; 12C grows Imperial (it touches 12B: 7 tiles at least)."""
    if not IMPERIAL_SQUARES.index("12B") < size <= min(len(FESTIVAL_SQUARES), len(IMPERIAL_SQUARES)):
        raise ValueError(f"the lesson's end board has no room for chains of {size} tiles")
    board = {t: "F" for t in FESTIVAL_SQUARES[:size]} | {t: "I" for t in IMPERIAL_SQUARES[:size]}
    return position(
        {row: "".join(board.get(f"{col}{row}", ".") for col in range(1, COLS + 1)) for row in ROW_LETTERS},
        (
            ["6C", "9F", "3F", "12F", "2D", "12C"],
            ["8E", "7I", "11H", "5I", "8H", "3H"],
            ["1I", "4H", "10H", "7G", "9G", "2G"],
        ),
        (8800, 8200, 7800),
        ({"F": 6, "I": 5}, {"F": 5, "I": 2}, {"F": 1, "I": 6}),
        ["12H", "6H", "8I"],
    )


END = end_position(SAFE_SIZE)

# The parts' cards: what each teaches and why its board is a new one.
CHAINS_PART = Part(
    "Chains",
    "Tiles found hotel chains; their shares make your money.",
    "A new game on an empty board: you against Ana and Bob.",
)
MERGERS_PART = Part(
    "Mergers",
    "Joining two chains: the bigger takes over, the smaller's top holders get bonuses.",
    "A new board for it: Luxor and Tower side by side.",
)
TIES_PART = Part(
    "Ties",
    "Chains of the same size merge: you pick which one survives.",
    "A new board for it: American and Worldwide, 4 tiles each.",
)
END_PART = Part(
    "The end",
    "Safe chains, dead tiles, and how the game ends.",
    f"A new board, late in a game: Festival and Imperial have {SAFE_SIZE} tiles each.",
)
ANY_DISPOSAL = "Hint: any is fine. Sell: cash now. Trade: survivor shares. Keep: if it returns."

LESSON: tuple[Step, ...] = (
    Step(
        Phase.PLACE,
        "Your turn: place a tile. Pick 6E with left/right, press X. Alone, it is a lone hotel.",
        PlaceTile("6E"),
        "6E",
        "Place 6E for now: the next tiles of the lesson build on it.",
        strict=True,
        after="No chain yet: nothing to buy. Ana and Bob play (X hurries them).",
        position=FIRST,
        part=CHAINS_PART,
    ),
    Step(
        Phase.PLACE,
        "You drew 7E. Next to 6E it founds a hotel chain. Place 7E.",
        PlaceTile("7E"),
        "7E",
        "Place 7E next to 6E: founding a chain comes first.",
        strict=True,
    ),
    Step(
        Phase.FOUND,
        "Name your chain: its founder gets a free share. Tower, Luxor: cheap. Imperial: dear.",
        after="The free share is yours.",
        hint="Hint: any chain is fine. Tower is selected: cheap shares, easy to buy.",
    ),
    Step(
        Phase.BUY,
        f"Buy up to {MAX_BUY} shares: X on your chain adds one, then DONE. Shares pay in mergers.",
        wrong="No shares: owning shares is how you win. Buy some next time!",
        avoid=(BuyShares(()),),
        after="You draw 8E. Ana and Bob play.",
        hint=f"Hint: buy your chain: X on it adds a share ({MAX_BUY} at most), then DONE.",
    ),
    Step(
        Phase.PLACE,
        "Place 8E: it grows your chain to 3 tiles. A bigger chain has a higher share price.",
        PlaceTile("8E"),
        "8E",
        "Place 8E to grow your chain.",
        strict=True,
    ),
    Step(
        Phase.BUY,
        "Look at the price: it rose with the chain's size. Buy if you like, then DONE.",
        after="Part 1 done. Next: a merger.",
        hint="Hint: any purchase is fine here: X on a chain adds a share, then DONE.",
    ),
    Step(
        Phase.PLACE,
        "6E joins Luxor (3 tiles) and Tower (5): the bigger chain takes over. Place 6E.",
        PlaceTile("6E"),
        "6E",
        "Place 6E to see a merger.",
        strict=True,
        position=MERGER,
        part=MERGERS_PART,
    ),
    Step(
        Phase.DISPOSE,
        "You led Luxor: big bonus. Ana came 2nd: small one. Sell, trade 2 for 1 Tower, or keep.",
        hint=ANY_DISPOSAL,
    ),
    Step(
        Phase.BUY,
        "Buy shares, or DONE. Tower is worth more now: it is bigger.",
        after="Part 2 done. Next: a tie.",
        hint="Hint: any purchase is fine. Tower is bigger now, so its shares cost more.",
    ),
    Step(
        Phase.PLACE,
        "6E joins American and Worldwide: 4 tiles each, a tie. Place 6E.",
        PlaceTile("6E"),
        "6E",
        "Place 6E to see a tie.",
        strict=True,
        position=TIE,
        part=TIES_PART,
    ),
    Step(
        Phase.SURVIVOR,
        "Same size: the player who merges picks the chain that survives. Either is fine.",
        hint="Hint: either is fine. American is selected: it would keep its name and all the tiles.",
    ),
    Step(
        Phase.DISPOSE,
        "You and Ana tied for most shares: you split both bonuses. Sell, trade or keep.",
        hint=ANY_DISPOSAL,
    ),
    Step(
        Phase.BUY,
        "Buy shares, or DONE.",
        after="Part 3 done. Next: the end.",
        hint="Hint: any purchase is fine here: X on a chain adds a share, then DONE.",
    ),
    Step(
        Phase.PLACE,
        f"Chains of {SAFE_SIZE}+ tiles are safe. 6C would join two safe ones: it is dead. "
        "Place another tile.",
        PlaceTile("12C"),  # selected; any tile but 6C is right
        "6C",
        avoid=(PlaceTile("6C"),),
        position=END,
        part=END_PART,
        hint=f"Hint: any tile but 6C. 12C is selected: it grows Imperial to {SAFE_SIZE + 1}.",
    ),
    Step(
        Phase.BUY,
        "Every chain on the board is safe: the game may end. YES is selected: press X.",
        DeclareEnd(),
        wrong="The lesson ends the game here: it is the last lesson. YES is selected: press X.",
        strict=True,
        hint="Hint: YES, then END IT: the lesson ends the game here.",
        labels=(
            ("NO", "NO keeps the game going, but the lesson ends it here: press right for YES."),
            ("YES", "Every chain on the board is safe: the game may end. YES is selected: press X."),
            ("BACK", "BACK is selected, so a stray X never ends a game. Press right to END IT, then X."),
            ("END IT", "END IT is selected: press X. The game ends after your last purchase."),
        ),
    ),
    Step(
        Phase.BUY,
        "A last purchase, then all shares pay out. The most cash wins!",
        after="The game is over: the final standings.",
        hint="Hint: any purchase is fine: the game ends after it.",
    ),
)
