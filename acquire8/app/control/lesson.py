"""The guided first game: a short game against two computer players in which the person makes
every decision, with a prompt and a highlighted square or option at each new idea.

The lesson is data (LESSON: a list of Steps, each a position or "continue from here", the
decision it is about, the prompt, what to highlight and what to say on another choice); the
rules core plays it as an ordinary game from minimal positions (`Game.from_json`), and the
computer players follow a fixed script (ScriptBot) so that the situations arise. LessonPlay is a
Play that reads the step for the decision on screen, points at its option and answers what the
person does: a wrong choice is explained and taken, unless it would break the lesson (a
`strict` step): then the lesson says why and the person chooses again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from acquire8.ai.base import Bot
from acquire8.app.control.decisions import BuyScreen, Decision, PlaceScreen, Screen, preselect
from acquire8.app.control.play import Deciding, Play, Showing
from acquire8.app.control.scene import Host, Pressed
from acquire8.app.text import log_line, wrap
from acquire8.rules import Action, BuyShares, DeclareEnd, Dispose, Game, Phase, PlaceTile
from acquire8.rules import events as ev
from acquire8.rules.tables import ROW_LETTERS

PROMPT_CHARS = 31  # a prompt line inside its panel's border
PROMPT_LINES = 3
LOW_ROWS = "GHI"  # the board rows the panel covers at the bottom (at the top it covers A-C)
NAMES = ("You", "Ana", "Bob")
OPTIONS = {"end": "declare", "holdings": "open"}
EMPTY = "............"


def position(
    rows: dict[str, str],
    hands: tuple[list[str], ...],
    cash: tuple[int, ...],
    shares: tuple[dict[str, int], ...],
    pool: list[str],
) -> str:
    """A minimal position (docs/DESIGN.md) with the lesson's three players, you to play; `rows` maps
    row letters to their 12 squares (the rest are empty)."""
    board = [rows.get(r, EMPTY) for r in ROW_LETTERS]
    players = [
        {"name": NAMES[s], "cash": cash[s], "shares": shares[s], "hand": hands[s]} for s in range(len(NAMES))
    ]
    return json.dumps(
        {"format": 1, "board": board, "players": players, "pool": pool, "current": 0, "options": OPTIONS}
    )


@dataclass(frozen=True)
class Step:
    """One decision of the person in the lesson."""

    phase: str  # the rules phase of the decision (Phase values)
    prompt: str  # what to do and why: at most PROMPT_LINES lines of PROMPT_CHARS
    action: Action | None = None  # the expected action (None: any is right); preselected
    square: str | None = None  # the board square to highlight
    wrong: str = ""  # said when the person chooses otherwise
    strict: bool = False  # another choice would break the lesson: refused, choose again
    avoid: tuple[Action, ...] = ()  # the wrong actions when any other is right
    after: str = ""  # said once the right action is taken, until the next prompt
    position: str | None = None  # the game this step starts from; None: continue from here

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
    (6000, 6000, 6000),
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
# Chapter 4: Festival and Imperial have 11 tiles each: safe, and with every chain on the board
# safe the game may end. 6C would join them: dead. None of your tiles founds a chain.
END = position(
    {
        "B": "FFFFF.IIIIII",
        "C": "FFFFF.IIIII.",
        "D": "F...........",
    },
    (
        ["6C", "9F", "3F", "12F", "2D", "12C"],
        ["8E", "7I", "11H", "5I", "8H", "3H"],
        ["1I", "4H", "10H", "7G", "9G", "2G"],
    ),
    (8800, 8200, 7800),
    ({"F": 6, "I": 5}, {"F": 5, "I": 2}, {"F": 1, "I": 6}),
    ["12H", "6H", "8I"],
)

LESSON: tuple[Step, ...] = (
    Step(
        "place",
        "Your turn: place a tile. Pick 6E with left/right, press X. Alone, it is a lone hotel.",
        PlaceTile("6E"),
        "6E",
        "Place 6E for now: the next tiles of the lesson build on it.",
        strict=True,
        after="No chain yet: nothing to buy. Ana and Bob play (X hurries them).",
        position=FIRST,
    ),
    Step(
        "place",
        "You drew 7E. Next to 6E it founds a hotel chain. Place 7E.",
        PlaceTile("7E"),
        "7E",
        "Place 7E next to 6E: founding a chain comes first.",
        strict=True,
    ),
    Step(
        "found",
        "Name your chain: its founder gets a free share. Tower, Luxor: cheap. Imperial: dear.",
        after="Founded! The free share is yours.",
    ),
    Step(
        "buy",
        "Buy up to 3 shares: X on your chain adds one, then DONE. Shares pay in mergers.",
        wrong="No shares: owning shares is how you win. Buy some next time!",
        avoid=(BuyShares(()),),
        after="Bought. You draw 8E. Ana and Bob play.",
    ),
    Step(
        "place",
        "Place 8E: it grows your chain to 3 tiles. A bigger chain has a higher share price.",
        PlaceTile("8E"),
        "8E",
        "Place 8E to grow your chain.",
        strict=True,
    ),
    Step(
        "buy",
        "Look at the price: it rose with the chain's size. Buy if you like, then DONE.",
        after="Some turns later, a merger comes...",
    ),
    Step(
        "place",
        "6E joins Luxor (3 tiles) and Tower (5): the bigger chain takes over. Place 6E.",
        PlaceTile("6E"),
        "6E",
        "Place 6E to see a merger.",
        strict=True,
        position=MERGER,
    ),
    Step(
        "dispose",
        "You led Luxor: big bonus. Ana came 2nd: small one. Sell, trade 2 for 1 Tower, or keep.",
        after="Ana decides too. Then the summary: X closes it.",
    ),
    Step(
        "buy",
        "Buy shares, or DONE. Tower is worth more now: it is bigger.",
        after="Next: two chains of the same size...",
    ),
    Step(
        "place",
        "6E joins American and Worldwide: 4 tiles each, a tie. Place 6E.",
        PlaceTile("6E"),
        "6E",
        "Place 6E to see a tie.",
        strict=True,
        position=TIE,
    ),
    Step(
        "survivor",
        "Same size: the player who merges picks the chain that survives. Either is fine.",
        after="The other chain is gone.",
    ),
    Step(
        "dispose",
        "You and Ana tied for most shares: you split both bonuses. Sell, trade or keep.",
        after="Ana and Bob decide too. X closes the summary.",
    ),
    Step(
        "buy",
        "Buy shares, or DONE.",
        after="Late in the game now...",
    ),
    Step(
        "place",
        "Chains of 11+ tiles are safe. 6C would join two safe ones: it is dead. Place another tile.",
        None,
        "6C",
        position=END,
    ),
    Step(
        "buy",
        "Every chain on the board is safe: the game may end. Choose YES, then END IT.",
        DeclareEnd(),
        wrong="Choose YES: ending the game is the last lesson.",
        strict=True,
    ),
    Step(
        "buy",
        "A last purchase, then all shares pay out. The most cash wins!",
        after="Lesson done: you know Acquire!",
    ),
)


class ScriptBot:
    """The lesson's computer player: the first lone tile of its hand (by row, then column),
    no purchase, every share kept, the first option otherwise. Deterministic, so the
    positions lead where the lesson says."""

    def choose(self, view: Game) -> Action:
        legal = view.legal_actions()
        if view.phase == Phase.PLACE:
            tiles = sorted(
                (a.tile for a in legal if isinstance(a, PlaceTile)), key=lambda t: (t[-1], int(t[:-1]))
            )
            lone = [t for t in tiles if view.tile_effect(t) == "lone"]
            if lone or tiles:
                return PlaceTile((lone or tiles)[0])
        for quiet in (BuyShares(()), Dispose(0, 0)):
            if quiet in legal:
                return quiet
        return legal[0]

    def reseed(self, value: str) -> None:
        """Nothing random to seed."""


class LessonPlay(Play):
    """A Play that runs LESSON: the step for the decision on screen, its prompt and highlight,
    and what the lesson says about each choice. Never saved, never counted in the stats."""

    UNDRAWN = (*Play.UNDRAWN, "steps", "due", "pointed")

    def __init__(self, app: Host, steps: tuple[Step, ...] = LESSON):
        if not steps or steps[0].position is None:
            raise ValueError("a lesson starts from a position")
        self.steps = steps
        self.index = 0  # the step to come
        self.note = ""  # what the lesson said last (a wrong choice, what just happened)
        self.note_at = -1  # ... the step it was said at (it stands instead of that step's prompt)
        self.due = False  # the next step's position loads once the current action is shown
        self.pointed: object = None  # the screen whose option was preselected
        bots: dict[int, Bot] = {s: ScriptBot() for s in range(1, len(NAMES))}
        super().__init__(app, Game.from_json(steps[0].position), bots, people={0}, seed=None)

    # -------------------------------------------------------------- reading the lesson

    @property
    def step(self) -> Step | None:
        """The step the decision on screen is about, if any."""
        if self.index >= len(self.steps) or not isinstance(self.stage, Deciding) or self.stage.recap:
            return None
        step = self.steps[self.index]
        return step if step.phase == self.game.phase.value and self.game.current == 0 else None

    @property
    def words(self) -> str:
        """The lesson's text on screen now: the step's prompt, or what it said last."""
        step = self.step
        if step is not None and self.note_at != self.index:
            return step.prompt
        return self.note

    @property
    def square(self) -> str | None:
        """The board square the lesson points at now."""
        step = self.step
        return step.square if step is not None else None

    @property
    def lines(self) -> list[str]:
        """The prompt panel's lines; none while the recap of the others' turns is open (it has
        the board to itself until X closes it)."""
        if isinstance(self.stage, Deciding) and self.stage.recap:
            return []
        return prompt_lines(self.words)[:PROMPT_LINES]

    @property
    def panel_top(self) -> bool:
        """Where the panel goes: over the board's bottom rows (away from the players' cash), or
        its top rows when the square pointed at is low (the panel never covers it)."""
        square = self.square
        return square is not None and square[-1] in LOW_ROWS

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    # -------------------------------------------------------------- the frame

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        super().update(pressed, held)
        self._point()

    def _point(self) -> None:
        """A new decision screen of a step: its expected option selected, ready for X."""
        step, screen = self.step, self.screen
        if step is None or screen is None or screen is self.pointed:
            return
        self.pointed = screen
        point(screen, step)
        if isinstance(screen, PlaceScreen):
            self.pick = screen.tile

    def _take(self, decision: Decision) -> None:
        step = self.step
        if step is None:
            super()._take(decision)
            return
        chosen = decision.action
        if decision.declined and step.strict and step.action == DeclareEnd():
            self._refuse(step)
            return
        if chosen is None:
            super()._take(decision)
            return
        right = step.right(chosen)
        if not right and step.strict:
            self._refuse(step)
            return
        done = len(self.actions)
        super()._take(decision)
        if len(self.actions) == done:  # the rules refused it: the screen says why
            return
        self.note = step.after if right or not step.wrong else step.wrong
        self.note_at = self.index
        self.index += 1
        self.due = not self.done and self.steps[self.index].position is not None

    def _refuse(self, step: Step) -> None:
        self.app.sound("refuse")
        self.note = step.wrong
        self.note_at = self.index

    def _next(self, showing: Showing) -> None:
        if self.due and not self.game.is_over:
            self._begin(Game.from_json(self.steps[self.index].position or ""))
            return
        super()._next(showing)

    def _begin(self, game: Game) -> None:
        """The next chapter's position, as a fresh start of the same play."""
        self.due = False
        self.game = game
        self.actions = []
        self.log.append("The lesson moves on")
        self.shown = []
        self.merger = []
        self.final_tail = []
        self.last_tile = None
        self.marked = []
        self.declined = False
        self.pick = None
        self.hint = None
        self.last_recap = []
        self.undo_stack = []
        self.line, self.notice = log_line(ev.TurnStarted(game.turn, game.names[game.turn])), None
        self.stage = Showing()
        self.app.anim.reset(self)

    # -------------------------------------------------------------- what the lesson leaves out

    def undo(self) -> None:
        """The lesson takes no decision back: each step follows from the one before."""
        self.app.sound("refuse")
        self.message = "No undo in the lesson"

    def _progress(self) -> None:
        """The lesson is never saved (Continue keeps your own game) nor counted in the stats."""


def point(screen: Screen, step: Step) -> None:
    """Select the step's expected option on its screen (the buy screen: on the first chain)."""
    if step.action is not None:
        preselect(screen, step.action)
    if isinstance(screen, BuyScreen) and step.action is None and screen.chains:
        firsts = [c for c in screen.chains if screen.can_add(c)]
        if firsts:
            screen.index = screen.options.index(firsts[0])


def prompt_lines(words: str) -> list[str]:
    """The lesson's text as the panel shows it."""
    return wrap(words, PROMPT_CHARS)
