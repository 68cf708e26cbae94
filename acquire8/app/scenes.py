"""Controllers: what each button press does on each screen. Pure Python, no Pyxel (DESIGN.md).

The app holds a stack of scenes; only the top one gets the frame's buttons. A view (views.py)
draws each scene from the state kept here. The rules core decides everything about the game:
previews come from `tile_effect`/`merge_chains`, options from `legal_actions`.
"""

from __future__ import annotations

import random
import sys
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from acquire8 import ai
from acquire8.app.anim import Animator
from acquire8.app.buttons import BUTTONS, DOWN, LEFT, MENU, RIGHT, UP, O, X  # noqa: F401
from acquire8.app.text import KIND_SHORT, LINE_CHARS, brief, chain_name, fit, money, wrap  # noqa: F401
from acquire8.app.text import tier_name as tier
from acquire8.rules import (
    CHAINS,
    Action,
    BuyShares,
    ChooseDefunct,
    ChooseSurvivor,
    DeclareEnd,
    Dispose,
    Game,
    IllegalAction,
    Phase,
    PlaceTile,
)
from acquire8.rules import events as ev
from acquire8.rules.tables import END_SIZE, MAX_BUY, SAFE_SIZE
from acquire8.storage import PERSON, Settings, Stats, Storage

# Computer players: the levels acquire8.ai offers (LEVELS once the graded players land).
LEVELS: tuple[str, ...] = tuple(getattr(ai, "LEVELS", ("greedy", "random")))
DEFAULT_LEVEL = "normal" if "normal" in LEVELS else LEVELS[0]
NAMES = ("You", "Ana", "Bob", "Cy", "Dot", "Eve")
PACES = ("slow", "normal", "fast", "instant")
PACE_FRAMES = {"slow": 30, "normal": 16, "fast": 6, "instant": 0}  # frames a computer step stays shown
# Thinking time a stepping computer player may use per frame (issue 6: frames p99 <= 2 ms, max
# <= 8 ms). In the browser the 150 ms of an expert decision would take over 3 s at 1.5 ms a frame,
# so slices are larger there: its frames stay under 6 ms (make web-check), 50 frames a decision.
BOT_BUDGET_MS = 3.0 if sys.platform == "emscripten" else 1.5
GUARD_FRAMES = 8  # X ignored this long when hurrying reaches your decision
SUMMARY_AUTO_FRAMES = 45  # a merger summary closes by itself when no one is at the keys
# A merger's steps after it starts (each shown for half a computer step, gathered for the summary).
MERGER_STEPS = (
    ev.BonusPaid | ev.MarketBonus | ev.MarketHolds | ev.SharesSold | ev.SharesTraded | ev.SharesKept
)


# Settings: one type, acquire8.storage.Settings (persisted by acquire8/app/session.py).


def seat_names(seats: list[str]) -> list[str]:
    """Players' names: "You" and the computers' names when one person plays; in pass-and-play
    every person is P1..P6 by seat."""
    people = [s for s, kind in enumerate(seats) if kind == PERSON]
    if people == [0]:
        return list(NAMES[: len(seats)])
    return [f"P{s + 1}" if kind == PERSON else NAMES[s] for s, kind in enumerate(seats)]


def make_play(app: App, game: Game, seats: list[str], seed: int | None) -> Play:
    """The Play scene of `game` with a person or a computer level per seat."""
    base = seed if seed is not None else 0
    bots = {s: ai.make_bot(kind, base * 10 + s) for s, kind in enumerate(seats) if kind != PERSON}
    people = {s for s, kind in enumerate(seats) if kind == PERSON}
    play = Play(app, game, bots, human=min(people) if people else None, seed=seed)
    play.people = people
    play.levels = {s: kind for s, kind in enumerate(seats) if kind != PERSON}
    return play


class Menu:
    """A list of options cycled with the directions (wrapping)."""

    def __init__(self, items: list[str], index: int = 0):
        self.items = items
        self.index = index

    @property
    def item(self) -> str:
        return self.items[self.index]

    def move(self, pressed: frozenset[str], app: App, keys: tuple[str, str] = (UP, DOWN)) -> bool:
        step = (keys[1] in pressed) - (keys[0] in pressed)
        if step and self.items:
            self.index = (self.index + step) % len(self.items)
            app.sound("move")
            return True
        return False


class Scene:
    full = True  # covers the whole screen, so what lies under it is not drawn

    def __init__(self, app: App):
        self.app = app

    def update(self, pressed: frozenset[str]) -> None:  # pragma: no cover - every scene overrides
        raise NotImplementedError


class App:
    """The whole front end's state: a stack of scenes plus what the Pyxel shell must do
    (sounds to play, music to switch to, quitting)."""

    def __init__(
        self,
        settings: Settings | None = None,
        seed: int | None = None,
        can_quit: bool = True,
        resume: Callable[[], Play | None] | None = None,
        storage: Storage | None = None,
    ):
        self.settings = settings or Settings()
        self.rng = random.Random(seed)
        self.can_quit = can_quit  # False on the web, where Quit is hidden
        self.resume = resume  # issue 5: Continue builds the saved game's Play scene
        self.on_turn: Callable[[Play], None] | None = None  # called after each turn (autosave)
        self.effects: list[str] = []  # effect names to play this frame
        self.heard: list[ev.Event] = []  # rules events shown this frame, for sounds
        self.music: str | None = "title"
        self.settings_changed = False
        self.quit = False
        self.frame = 0
        self.anim = Animator()  # what the views animate; it never holds up the controllers
        self.notices: list[str] = []  # one-line storage problems shown on the title
        self.keeper = None  # session.Keeper: settings, autosave and stats on `storage`
        if storage is not None:
            from acquire8.app.session import Keeper

            self.keeper = Keeper(self, storage)
            self.keeper.start(settings_given=settings is not None)
        self.scenes: list[Scene] = [Title(self)]

    @property
    def storage(self) -> Storage | None:
        return self.keeper.storage if self.keeper is not None else None

    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def update(self, pressed: frozenset[str]) -> None:
        self.frame += 1
        self.scene.update(pressed)
        self.anim.tick(self, X in pressed)  # X finishes every animation at once
        if self.keeper is not None:
            self.keeper.settings_changed()  # persisted as soon as they change

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)

    def pop(self) -> None:
        if len(self.scenes) > 1:
            self.scenes.pop()

    def goto(self, scene: Scene) -> None:
        self.scenes = [scene]

    def sound(self, name: str) -> None:
        self.effects.append(name)

    def new_game(self, seed: int | None = None) -> Play:
        """Start a game with the current settings: seat 0 is a person, each other seat a
        computer level or a person (pass-and-play)."""
        s = self.settings
        seats = [PERSON, *s.opponent_levels()]
        seed = self.rng.randrange(2**31) if seed is None else seed
        options = s.game_options()
        game = Game.new(players=len(seats), seed=seed, options=options, names=seat_names(seats))
        play = make_play(self, game, seats, seed)
        self.notices = []
        self.goto(play)
        return play


# ------------------------------------------------------------------ title & menus


class Title(Scene):
    def __init__(self, app: App):
        super().__init__(app)
        items = ["New game"]
        if app.resume is not None:
            items.append("Continue")
        items += ["How to play", "Settings", "Stats"]
        if app.can_quit:
            items.append("Quit")
        self.menu = Menu(items)
        app.music = "title"

    def update(self, pressed: frozenset[str]) -> None:
        self.menu.move(pressed, self.app)
        if X not in pressed:
            return
        self.app.sound("confirm")
        item = self.menu.item
        if item == "New game":
            self.app.push(Setup(self.app))
        elif item == "Continue" and self.app.resume is not None:
            play = self.app.resume()
            if play is not None:
                self.app.goto(play)
            else:  # the save went bad meanwhile: the title says so, without Continue
                self.app.goto(Title(self.app))
        elif item == "How to play":
            self.app.push(Help(self.app))
        elif item == "Settings":
            self.app.push(SettingsScene(self.app))
        elif item == "Stats":
            self.app.push(StatsScene(self.app))
        elif item == "Quit":
            self.app.quit = True


class Setup(Scene):
    """Opponents, their strength, the end rule; X starts with whatever is shown."""

    def __init__(self, app: App):
        super().__init__(app)
        self.row = 0
        self.rows = self._rows()
        self.row = len(self.rows) - 1  # on Start: one press of X plays with the defaults

    def _rows(self) -> list[str]:
        n = self.app.settings.opponents
        return ["opponents", *(f"level{i}" for i in range(n)), "end", "start"]

    def update(self, pressed: frozenset[str]) -> None:
        s = self.app.settings
        if O in pressed or MENU in pressed:
            self.app.pop()
            return
        if X in pressed:
            self.app.sound("confirm")
            self.app.new_game()
            return
        step = (DOWN in pressed) - (UP in pressed)
        if step:
            self.row = (self.row + step) % len(self.rows)
            self.app.sound("move")
        turn = (RIGHT in pressed) - (LEFT in pressed)
        if not turn:
            return
        row = self.rows[self.row]
        if row == "opponents":
            s.opponents = (s.opponents - 1 + turn) % 5 + 1
            self.rows = self._rows()
            self.row = 0
        elif row.startswith("level"):
            cycle_level(s, int(row[5:]), turn)
        elif row == "end":
            s.end = "auto" if s.end == "declare" else "declare"
        else:
            return
        self.app.settings_changed = True
        self.app.sound("move")


def cycle_level(s: Settings, i: int, turn: int) -> None:
    """Opponent i's level one step on, through the computer levels and "person"."""
    kinds = (*LEVELS, PERSON)  # read now: tests may narrow LEVELS to the fast players
    current = kinds.index(s.levels[i]) if s.levels[i] in kinds else 0
    s.levels[i] = kinds[(current + turn) % len(kinds)]


class SettingsScene(Scene):
    """Every persisted setting; left/right (or X) change the row, changes are stored at once."""

    ROWS = ("music", "effects", "pace", "contrast", "end", "holdings", "opponents")
    GAME_ROWS = ("music", "effects", "pace", "contrast")  # what a running game follows at once

    def __init__(self, app: App, in_game: bool = False):
        super().__init__(app)
        # During a game the end rule, holdings and opponents would change nothing until the
        # next one: those rows are left out there (the view says where they are).
        self.in_game = in_game
        self.menu = Menu(self._rows())

    def _rows(self) -> list[str]:
        if self.in_game:
            return [*self.GAME_ROWS, "back"]
        n = self.app.settings.opponents
        return [*self.ROWS, *(f"level{i}" for i in range(n)), "back"]

    def update(self, pressed: frozenset[str]) -> None:
        if O in pressed or MENU in pressed:
            self.app.pop()
            return
        self.menu.move(pressed, self.app)
        turn = (RIGHT in pressed) - (LEFT in pressed) or (1 if X in pressed else 0)
        if not turn:
            return
        s, row = self.app.settings, self.menu.item
        if row == "back":
            if X in pressed:
                self.app.pop()
            return
        if row == "music":
            s.music = not s.music
        elif row == "effects":
            s.effects = not s.effects
        elif row == "pace":
            s.pace = PACES[(PACES.index(s.pace) + turn) % len(PACES)]
        elif row == "contrast":
            s.high_contrast = not s.high_contrast
        elif row == "end":
            s.end = "auto" if s.end == "declare" else "declare"
        elif row == "holdings":
            s.holdings = "hidden" if s.holdings == "open" else "open"
        elif row == "opponents":
            s.opponents = (s.opponents - 1 + turn) % 5 + 1
            self.menu.items = self._rows()
        elif row.startswith("level"):
            cycle_level(s, int(row[5:]), turn)
        self.app.settings_changed = True
        self.app.sound("move")


# How to play: (title, text); the view wraps the text to the screen, "\n" starts a new line.
HELP_PAGES = (
    (
        "ACQUIRE",
        "Place hotel tiles on the board, found hotel chains, buy their shares and collect "
        "bonuses when they merge. The most cash at the end wins.\n\n"
        "Each turn: place one tile from your hand, then buy up to 3 shares of chains on the board.",
    ),
    (
        "TILES",
        "Next to loose tiles a tile FOUNDS a chain: you pick one of the 7 and get a free share.\n"
        "Next to one chain it GROWS it.\n"
        "Next to two or more chains it MERGES them: the biggest survives.\n\n"
        "The tiles placed at the start never found a chain by themselves: a later tile next "
        "to them does.",
    ),
    (
        "LOCKED TILES",
        f"A chain of {SAFE_SIZE}+ tiles is SAFE: it cannot be swallowed. A tile that would merge two safe "
        "chains is DEAD: it is swapped at the end of your turn.\n\n"
        "With all 7 chains on the board, a tile that would found an 8th cannot be placed "
        "(NO 8TH CHAIN): it waits in your hand until a chain is gone.",
    ),
    (
        "MERGERS",
        "The biggest and second biggest holders of a swallowed chain get bonuses: 10x and 5x "
        "its share price.\n\n"
        "Then each holder may SELL its shares, TRADE 2 of them for 1 of the survivor, or KEEP "
        "them for when the chain is founded again.",
    ),
    (
        "THE END",
        f"When a chain has {END_SIZE}+ tiles, or every chain on the board is safe, a player may declare "
        "the end on their turn.\n"
        "With the End rule set to auto (Setup, Settings) the game ends by itself at the end of "
        "that turn.\n\n"
        "Then bonuses are paid for every chain, all shares are sold, and the most cash wins.",
    ),
    (
        "CONTROLS",
        "LEFT/RIGHT choose\n"
        "X  (V, M; pad A) confirm\n"
        "Z  (C, N; pad B) price chart\n"
        "UP/DOWN adjust, scroll\n"
        "ENTER/ESC/P (pad START) menu\n\n"
        "During the computer players' turns X hurries them along.",
    ),
)


class Help(Scene):
    def __init__(self, app: App):
        super().__init__(app)
        self.page = 0

    def update(self, pressed: frozenset[str]) -> None:
        if O in pressed or MENU in pressed:
            self.app.pop()
            return
        step = (RIGHT in pressed or X in pressed) - (LEFT in pressed)
        if not step:
            return
        if self.page + step >= len(HELP_PAGES):
            self.app.pop()
            return
        self.page = max(0, self.page + step)
        self.app.sound("move")


class Pause(Scene):
    full = False

    def __init__(self, app: App, play: Play):
        super().__init__(app)
        self.play = play
        self.menu = Menu(["Resume", "Log", "How to play", "Hint", "Settings", "New game", "Quit to title"])

    def update(self, pressed: frozenset[str]) -> None:
        if MENU in pressed or O in pressed:
            self.app.pop()
            return
        self.menu.move(pressed, self.app)
        self.menu.move(pressed, self.app, (LEFT, RIGHT))
        if X not in pressed:
            return
        self.app.sound("confirm")
        item = self.menu.item
        if item == "Resume":
            self.app.pop()
        elif item == "Log":
            self.app.push(Log(self.app, self.play))
        elif item == "How to play":
            self.app.push(Help(self.app))
        elif item == "Hint":
            self.app.pop()
            self.play.show_hint()
        elif item == "Settings":
            self.app.push(SettingsScene(self.app, in_game=True))
        elif item == "New game":
            self.app.goto(Title(self.app))
            self.app.push(Setup(self.app))
        else:
            self.app.goto(Title(self.app))


class Pass(Scene):
    """Pass-and-play: the device goes to the next person; nothing of any hand is drawn until
    they press X. MENU still opens the pause menu (over this screen, not over the board)."""

    def __init__(self, app: App, play: Play):
        super().__init__(app)
        self.play = play
        self.name = play.game.names[play.passed] if play.passed is not None else ""

    def update(self, pressed: frozenset[str]) -> None:
        if MENU in pressed:
            self.app.push(Pause(self.app, self.play))
        elif X in pressed:
            self.app.sound("confirm")
            self.app.pop()
            self.play.guard = GUARD_FRAMES  # the X that took the device must not also decide


class StatsScene(Scene):
    """Games played, won and best final cash per opponent level (stored by session.py)."""

    ORDER = (*LEVELS, "people")

    def __init__(self, app: App):
        super().__init__(app)
        self.stats, self.message = app.storage.load_stats() if app.storage is not None else (Stats(), None)

    @property
    def rows(self) -> list[tuple[str, int, int, int]]:
        """(level, played, won, best cash), the levels played against in a fixed order."""
        by = self.stats.by_level
        names = [lv for lv in self.ORDER if lv in by] + sorted(set(by) - set(self.ORDER))
        return [(lv, by[lv].played, by[lv].won, by[lv].best_cash) for lv in names]

    def update(self, pressed: frozenset[str]) -> None:
        if pressed & {O, X, MENU}:
            self.app.sound("confirm")
            self.app.pop()


class Log(Scene):
    """The game's events, newest at the bottom; up/down scroll a line, left/right a page."""

    ROWS = 16

    def __init__(self, app: App, play: Play):
        super().__init__(app)
        # Long entries go on over indented lines.
        self.lines = [
            ("  " if i else "") + line for entry in play.log for i, line in enumerate(wrap(entry, 30))
        ]
        self.top = max(0, len(self.lines) - self.ROWS)
        # Open on the start of an entry, never on the indented rest of one cut off above.
        while 0 < self.top < len(self.lines) - 1 and self.lines[self.top].startswith("  "):
            self.top += 1
        self.bottom = self.top  # the furthest down scrolling goes

    def update(self, pressed: frozenset[str]) -> None:
        if O in pressed or X in pressed or MENU in pressed:
            self.app.pop()
            return
        step = (DOWN in pressed) - (UP in pressed) + self.ROWS * ((RIGHT in pressed) - (LEFT in pressed))
        if step:
            self.top = max(0, min(self.bottom, self.top + step))


class Chart(Scene):
    """The price chart (page 0) and every chain's standing (page 1); O closes it."""

    def __init__(self, app: App, play: Play):
        super().__init__(app)
        self.play = play
        self.page = 0

    def update(self, pressed: frozenset[str]) -> None:
        if O in pressed or X in pressed or MENU in pressed:
            self.app.pop()
            return
        if LEFT in pressed or RIGHT in pressed:
            self.page = 1 - self.page
            self.app.sound("move")


class Summary(Scene):
    """What a merger did: per defunct chain, the bonuses then each holder's sell/trade/keep."""

    full = False
    ROWS = 12

    def __init__(self, app: App, play: Play, merger: list[ev.Event]):
        super().__init__(app)
        self.play = play
        self.lines = summary_lines(merger)
        self.top = 0
        self.auto = SUMMARY_AUTO_FRAMES if play.human is None else 0

    def update(self, pressed: frozenset[str]) -> None:
        if self.auto:
            self.auto -= 1
            if not self.auto:
                self.app.pop()
            return
        if X in pressed or O in pressed or MENU in pressed:
            self.app.sound("confirm")
            self.app.pop()
            return
        step = (DOWN in pressed) - (UP in pressed)
        self.top = max(0, min(len(self.lines) - self.ROWS, self.top + step))


def summary_lines(merger: list[ev.Event]) -> list[tuple[str, str]]:
    """(text, chain letter or "") lines of a merger summary; the letter colours a heading."""
    out: list[tuple[str, str]] = []
    survivor = next((e.survivor for e in merger if isinstance(e, ev.MergerStarted)), "")
    seen: list[str] = []
    for e in merger:
        chain = getattr(e, "chain", "")
        if isinstance(e, ev.MergerStarted | ev.ChainDefunct) or not chain:
            continue
        if chain not in seen:
            seen.append(chain)
            out.append((f"{chain_name(chain)} -> {chain_name(survivor)}", chain))
        if isinstance(e, ev.MarketHolds):
            out.append((f" Market holds {e.count}", ""))
        elif isinstance(e, ev.BonusPaid | ev.MarketBonus):
            name = "Market " if isinstance(e, ev.MarketBonus) else f"{e.name:<4}"
            line = (f" {name}+{money(e.amount)} {KIND_SHORT[e.kind]}", "")
            # The rules pay in seat order; the summary lists the majority before the minority.
            at = len(out)
            if e.kind != "minority":
                while at > 0 and out[at - 1][0].endswith(" min"):
                    at -= 1
            out.insert(at, line)
        elif isinstance(e, ev.SharesSold):
            out.append((f" {e.name:<4}sold {e.count} {money(e.amount)}", ""))
        elif isinstance(e, ev.SharesTraded):
            out.append((f" {e.name:<4}traded {e.given} for {e.received} {e.survivor}", ""))
        elif isinstance(e, ev.SharesKept):
            out.append((f" {e.name:<4}kept {e.count}", ""))
    if not out:
        out.append(("No one held shares.", ""))
    last = next((e for e in reversed(merger) if isinstance(e, ev.ChainDefunct)), None)
    if last is not None:
        out.append(("", ""))
        out.append((f"{chain_name(last.survivor)} now has {last.size} tiles", last.survivor))
    return out


class GameOver(Scene):
    """Final standings: each player's cash with the end bonuses and share sales in it."""

    def __init__(self, app: App, play: Play):
        super().__init__(app)
        self.play = play
        g = play.game
        bonus, sold = play.final_bonus, play.final_sales
        self.rows = sorted(
            ((g.cash(s), s, g.names[s], bonus[s], sold[s]) for s in range(g.players)),
            key=lambda r: (-r[0], r[1]),
        )
        self.winners = g.winners()
        self.market = play.final_market  # two players: the stock market's end bonuses
        self.menu = Menu(["New game", "Title", "Log"])
        app.music = "gameover"
        if play.human in self.winners:
            app.sound("win")

    @property
    def headline(self) -> str:
        names = [self.play.game.names[w] for w in self.winners]
        if self.play.human in self.winners and len(self.play.people) == 1:
            return "You win!" if len(names) == 1 else "You share the win!"
        return f"{' & '.join(names)} win{'s' if len(names) == 1 else ''}"

    def update(self, pressed: frozenset[str]) -> None:
        self.menu.move(pressed, self.app, (LEFT, RIGHT))
        self.menu.move(pressed, self.app)
        if X not in pressed:
            return
        self.app.sound("confirm")
        if self.menu.item == "New game":
            self.app.goto(Title(self.app))
            self.app.push(Setup(self.app))
        elif self.menu.item == "Title":
            self.app.goto(Title(self.app))
        else:
            self.app.push(Log(self.app, self.play))


# ------------------------------------------------------------------ the game itself


class Thinking:
    """A computer player deciding, possibly over several frames.

    A bot with `start(view)` and `step(budget_ms) -> action or None` thinks a slice per
    frame; any other bot's `choose(view)` is called once.
    """

    def __init__(self, bot: object, view: Game):
        self.bot = bot
        self.view = view
        self.stepping = callable(getattr(bot, "start", None)) and callable(getattr(bot, "step", None))
        if self.stepping:
            bot.start(view)  # type: ignore[attr-defined]

    def step(self, budget_ms: float) -> Action | None:
        if self.stepping:
            return self.bot.step(budget_ms)  # type: ignore[attr-defined]
        return self.bot.choose(self.view)  # type: ignore[attr-defined]


class Play(Scene):
    """The game: the person's decisions (a sub-controller per phase, in `ui`) and the
    computer players' turns, shown one event at a time at the chosen pace."""

    def __init__(
        self, app: App, game: Game, bots: dict[int, object], human: int | None = 0, seed: int | None = None
    ):
        super().__init__(app)
        self.game = game
        self.seed = seed  # the game's seed when known: with `actions` it replays the game
        self.actions: list[Action] = []  # every action applied, in order (replays, saves)
        self.levels: dict[int, str] = {}  # computer seats' levels when known (saves, stats)
        self.bots = bots
        self.human = human  # None: computer-only (demo, benchmark); pass-and-play: the person at the keys
        self.people: set[int] = set() if human is None else {human}  # seats persons play
        self.passed: int | None = None  # pass-and-play: the person the device was last passed to
        self.hint: Action | None = None  # the hard computer's advice, when asked for
        self.log: list[str] = []
        self.shown: list[ev.Event] = []  # every event that reached the screen, in order
        self.queue: deque[tuple[ev.Event, int]] = deque()  # events still to show, with their pause
        self.wait = 0  # frames the current message stays before the next step
        self.skipping = False  # X pressed during computer turns: hurry to the next decision
        self.guard = 0  # frames in which X is ignored after hurrying ends at your decision
        self.thinking: Thinking | None = None
        self.ready: Action | None = None  # a computer decision made, waiting for the screen
        self.ui: PlaceUI | ChoiceUI | DisposeUI | BuyUI | None = None
        self.merger: list[ev.Event] = []  # events of the merger being shown
        self.final_tail: list[ev.Event] = []  # events after the last purchase (the end scoring)
        self.final_bonus = [0] * game.players
        self.final_sales = [0] * game.players
        self.final_market = 0  # the two-player stock market's end bonuses
        self.last_tile: str | None = None
        self.declined = False  # the person said no to ending the game this turn
        self.pick: str | None = None  # the hand tile last selected, kept across turns
        self.message = str(ev.TurnStarted(game.turn, game.names[game.turn]))
        self.log.append(self.message)
        app.music = "play"

    # -- frame

    def update(self, pressed: frozenset[str]) -> None:
        if O in pressed:
            self.app.sound("move")
            self.app.push(Chart(self.app, self))
            return
        if MENU in pressed:
            self.app.push(Pause(self.app, self))
            return
        g = self.game
        if X in pressed and (self.queue or self.wait or not self.is_person(g.current)):
            self.skipping = True  # X during computer turns hurries them; it decides nothing
            pressed = pressed - {X}
        if self.wait:
            if not self.skipping:
                self.wait -= 1
                self._think()  # the next computer decision is worked out while this one shows
                return
            self.wait = 0
        while self.queue:
            e, delay = self.queue.popleft()
            self._show(e)
            if self.app.scene is not self:  # a merger summary or the game over opened
                return
            if delay and not self.skipping:
                self.wait = delay
                return
        if g.is_over:
            return
        if self.is_person(g.current):
            if len(self.people) > 1 and g.current != self.passed:
                self.pass_to(g.current)  # pass-and-play: the hand stays hidden until X
                return
            if self.skipping:  # X was hurrying the computers: a mashed X must not also decide
                self.skipping = False
                self.guard = GUARD_FRAMES
            if self.guard:
                self.guard -= 1
                pressed = pressed - {X}
            if self.ui is None:
                self.ui = make_ui(self)
            action = self.ui.update(pressed, self)
            if action is not None:
                self.act(action)
        else:
            self._think()
            if self.ready is not None:
                action, self.ready = self.ready, None
                self.act(action)

    def _think(self) -> None:
        """A slice of the computer player's thinking; its decision waits in `ready`."""
        g = self.game
        if self.ready is not None or g.is_over or self.is_person(g.current):
            return
        budget = BOT_BUDGET_MS
        if self.thinking is None:
            bot = self.bots[g.current]
            if self.seed is not None:  # decisions reproducible on Continue (see session.py)
                from acquire8.app.session import decision_seed, reseed

                reseed(bot, decision_seed(self.seed, g.current, len(self.actions)))
            t0 = time.perf_counter()
            self.thinking = Thinking(bot, g.view(g.current))
            # start() counts against this frame's slice (up to ~2 ms for the expert: issue 6)
            budget -= (time.perf_counter() - t0) * 1000
            if budget <= 0 and self.thinking.stepping:
                return
        action = self.thinking.step(max(0.0, budget))
        if action is not None:
            self.thinking = None
            self.ready = action

    def act(self, action: Action) -> bool:
        """Apply the current seat's action and queue its events; False if the rules refuse it."""
        g = self.game
        seat = g.current
        by_bot = not self.is_person(seat)
        try:
            events = g.apply(action)
        except IllegalAction as err:
            if not by_bot:
                self.app.sound("refuse")
                self.message = fit(str(err))
                return False
            # A computer player's mistake must not stop the game: it takes the first legal option.
            self.log.append(f"{g.names[seat]}: {err}")
            action = g.legal_actions()[0]
            events = g.apply(action)
        self.actions.append(action)
        if not by_bot:
            self.app.sound("confirm")
        self.ui = None
        if isinstance(action, BuyShares):
            self.declined = False
        for e in events:
            self.queue.append((e, self._delay(e, by_bot)))
        if self.app.on_turn is not None and any(isinstance(e, ev.TurnStarted | ev.GameOver) for e in events):
            self.app.on_turn(self)  # a turn ended: the place for autosaving (issue 5)
        return True

    def is_person(self, seat: int) -> bool:
        """Whether a person decides for `seat` (several seats in pass-and-play)."""
        return seat in self.people

    def pass_to(self, seat: int) -> None:
        """Pass-and-play: hide everything behind a "pass to NAME" screen until `seat` presses X."""
        self.human = self.passed = seat
        self.ui = None
        self.pick = None
        self.hint = None
        self.skipping = False
        self.app.push(Pass(self.app, self))

    @property
    def viewer(self) -> int | None:
        """The seat whose hand and holdings the screen shows: in pass-and-play only while that
        person is deciding, so nothing of theirs stays on view during other turns."""
        if len(self.people) > 1 and (self.game.current != self.human or self.game.current != self.passed):
            return None
        return self.human

    def show_hint(self) -> None:
        """The hard computer's choice for the person deciding now, in the message line."""
        from acquire8.app.hint import hint

        g = self.game
        if self.busy or g.is_over or self.app.scene is not self:
            self.message = "No hint now: not your decision"
            return
        self.hint, self.message = hint(g)
        if isinstance(self.hint, PlaceTile):  # the advised tile comes up selected
            self.pick = self.hint.tile
            self.ui = None
            return
        if self.ui is None:
            self.ui = make_ui(self)
        preselect(self.ui, self.hint)

    def _delay(self, e: ev.Event, by_bot: bool) -> int:
        pace = PACE_FRAMES[self.app.settings.pace]
        if isinstance(e, ev.TurnStarted):
            return 0 if self.is_person(e.seat) else pace // 2
        if not by_bot:
            return 0
        if isinstance(e, ev.TilesDrawn | ev.ChainDefunct | ev.GameOver):
            return 0
        if isinstance(e, ev.TilePlaced):
            return pace if e.kind == "lone" else pace // 2
        if isinstance(e, MERGER_STEPS):
            return pace // 2
        return pace

    def _show(self, e: ev.Event) -> None:
        """One event reaches the screen: message line, log, sounds, summaries."""
        self.app.heard.append(e)
        self.app.anim.event(e, self)
        self.shown.append(e)
        if isinstance(e, ev.TilesDrawn) and self.is_person(e.seat) and len(self.people) == 1:
            self.log.append(f"You draw {' '.join(e.tiles)}")  # your own tiles are no secret to you
        else:
            self.log.append(str(e))
        line = brief(e)
        if line:
            self.message = line
        if isinstance(e, ev.TilePlaced):
            self.last_tile = e.tile
        if isinstance(e, ev.MergerStarted):
            self.merger = [e]
        elif self.merger and isinstance(
            e,
            MERGER_STEPS | ev.ChainDefunct,
        ):
            self.merger.append(e)
        if isinstance(e, ev.ChainDefunct) and not (
            self.queue and isinstance(self.queue[0][0], ev.ChainDefunct)
        ):
            self.app.push(Summary(self.app, self, self.merger))
            self.merger = []
            self.skipping = False
        if isinstance(e, ev.SharesBought):
            self.final_tail = []
        elif isinstance(e, ev.BonusPaid | ev.MarketBonus | ev.SharesSold) and not self.merger:
            self.final_tail.append(e)
        if isinstance(e, ev.GameOver):
            for t in self.final_tail:
                if isinstance(t, ev.BonusPaid):
                    self.final_bonus[t.seat] += t.amount
                elif isinstance(t, ev.SharesSold):
                    self.final_sales[t.seat] += t.amount
                elif isinstance(t, ev.MarketBonus):  # two players: money that leaves the game
                    self.final_market += t.amount
            self.skipping = False
            self.app.push(GameOver(self.app, self))

    # -- what the view needs

    @property
    def busy(self) -> bool:
        """True while computer turns or messages are still playing out."""
        return bool(self.queue or self.wait) or not self.is_person(self.game.current)

    def hand(self) -> list[str]:
        if self.viewer is None:
            return []
        tiles = self.game.hand(self.viewer)
        return sorted(tiles, key=lambda t: (t[-1], int(t[:-1])))


# ------------------------------------------------------------------ the person's decisions


def preview(game: Game, tile: str) -> str:
    """What a hand tile would do, in the words of the issue: LONE, GROW L, MERGE T+L..."""
    effect = game.tile_effect(tile)
    if effect == "grow":
        return f"GROW {game.merge_chains(tile)[0]}"
    if effect == "merge":
        return "MERGE " + "+".join(game.merge_chains(tile))
    return effect.upper()


class PlaceUI:
    """Pick a hand tile with left/right; X places it if the rules allow."""

    kind = "place"

    def __init__(self, play: Play):
        g = play.game
        self.tiles = play.hand()
        legal = {a.tile for a in g.legal_actions() if isinstance(a, PlaceTile)}
        self.playable = [t in legal for t in self.tiles]
        self.previews = [preview(g, t) for t in self.tiles]
        if play.pick in self.tiles and self.playable[self.tiles.index(play.pick)]:
            self.index = self.tiles.index(play.pick)
        else:
            self.index = self.playable.index(True) if True in self.playable else 0

    @property
    def tile(self) -> str:
        return self.tiles[self.index]

    def update(self, pressed: frozenset[str], play: Play) -> Action | None:
        step = (RIGHT in pressed) - (LEFT in pressed)
        if step and self.tiles:
            self.index = (self.index + step) % len(self.tiles)
            play.pick = self.tile
            play.app.sound("move")
        if X in pressed and self.tiles:
            if self.playable[self.index]:
                play.pick = None
                return PlaceTile(self.tile)
            play.app.sound("refuse")
            play.message = fit(f"Can't place {self.tile}: {self.previews[self.index]}")
        return None


@dataclass
class Option:
    label: str
    action: Action | None
    info: str = ""
    chain: str = ""


class ChoiceUI:
    """One choice among a few options (found, survivor, defunct order, declare the end)."""

    def __init__(self, kind: str, title: str, options: list[Option]):
        self.kind = kind
        self.title = title
        self.options = options
        self.index = 0

    @property
    def option(self) -> Option:
        return self.options[self.index]

    def update(self, pressed: frozenset[str], play: Play) -> Action | None:
        step = (RIGHT in pressed or DOWN in pressed) - (LEFT in pressed or UP in pressed)
        if step:
            self.index = (self.index + step) % len(self.options)
            play.app.sound("move")
        if X not in pressed:
            return None
        if self.option.action is None:  # "no" to declaring the end
            play.declined = True
            play.ui = None
            play.app.sound("confirm")
            return None
        return self.option.action


class DisposeUI:
    """Sell / trade / keep the defunct chain's shares. Up/down pick a row, left/right change
    it, X goes to the next row and confirms on DONE: left/right + X alone suffice."""

    kind = "dispose"
    ROWS = ("sell", "trade", "done")

    def __init__(self, play: Play):
        g = play.game
        state = g.merger_state() or {}
        self.chain = state.get("defunct") or ""
        self.survivor = state.get("survivor") or ""
        self.held = g.shares(g.current, self.chain)
        self.legal = {(a.sell, a.trade) for a in g.legal_actions() if isinstance(a, Dispose)}
        self.price = g.price(self.chain)
        self.bank = g.bank_shares(self.survivor)
        self.sell = self.trade = 0
        self.row = 0

    @property
    def keep(self) -> int:
        return self.held - self.sell - self.trade

    def update(self, pressed: frozenset[str], play: Play) -> Action | None:
        step = (DOWN in pressed) - (UP in pressed)
        if step:
            self.row = (self.row + step) % len(self.ROWS)
            play.app.sound("move")
        turn = (RIGHT in pressed) - (LEFT in pressed)
        if turn and self.row < 2:
            sell, trade = self.sell, self.trade
            if self.row == 0:
                sell += turn
            else:
                trade += 2 * turn
            if (sell, trade) in self.legal:
                self.sell, self.trade = sell, trade
                play.app.sound("move")
            else:
                play.app.sound("refuse")
        if X in pressed:
            if self.row < 2:
                self.row += 1
                play.app.sound("move")
            elif (self.sell, self.trade) in self.legal:
                return Dispose(self.sell, self.trade)
        return None


class BuyUI:
    """Up to three shares: X on a chain adds one, UNDO takes the last back, DONE buys."""

    kind = "buy"

    def __init__(self, play: Play):
        g = play.game
        self.game = g
        self.legal = {a.chains for a in g.legal_actions() if isinstance(a, BuyShares)}
        self.chains = g.chains_on_board()
        self.options = [*self.chains, *(["UNDO"] if self.chains else []), "DONE"]
        self.cart: list[str] = []
        self.cash = g.cash(g.current)
        firsts = [c for c in self.chains if self.can_add(c)]
        self.index = self.options.index(firsts[0]) if firsts else len(self.options) - 1

    @property
    def option(self) -> str:
        return self.options[self.index]

    def _bundle(self, extra: list[str]) -> tuple[str, ...]:
        return tuple(sorted(self.cart + extra, key=CHAINS.index))

    def can_add(self, chain: str) -> bool:
        return self._bundle([chain]) in self.legal

    @property
    def cost(self) -> int:
        return sum(self.game.price(c) for c in self.cart)

    def update(self, pressed: frozenset[str], play: Play) -> Action | None:
        step = (RIGHT in pressed) - (LEFT in pressed)
        if step:
            self.index = (self.index + step) % len(self.options)
            play.app.sound("move")
        if X not in pressed:
            return None
        option = self.option
        if option == "DONE":
            return BuyShares(self._bundle([]))
        if option == "UNDO":
            if self.cart:
                self.cart.pop()
                play.app.sound("move")
            else:
                play.app.sound("refuse")
            return None
        if self.can_add(option):
            self.cart.append(option)
            play.app.sound("buy")
            if not self.can_add(option):  # nothing more of it: jump to DONE, so X-X-X finishes
                self.index = len(self.options) - 1
            return None
        play.app.sound("refuse")
        if len(self.cart) >= MAX_BUY:
            play.message = "Three shares a turn at most"
        elif self.game.bank_shares(option) <= self.cart.count(option):
            play.message = f"The bank has no more {option}"
        else:
            play.message = f"Not enough cash for {option}"
        return None


def preselect(ui: PlaceUI | ChoiceUI | DisposeUI | BuyUI, advice: Action) -> None:
    """The hint's advice set up in its decision screen, for X to confirm (or to change): the
    chain to found (or survivor, first defunct, yes/no), the quantities to sell and trade,
    the shares to buy in the cart with the cursor on DONE."""
    if isinstance(ui, ChoiceUI):
        for i, opt in enumerate(ui.options):
            if opt.action == advice:
                ui.index = i
    elif isinstance(ui, DisposeUI) and isinstance(advice, Dispose):
        if (advice.sell, advice.trade) in ui.legal:
            ui.sell, ui.trade, ui.row = advice.sell, advice.trade, 2
    elif isinstance(ui, BuyUI) and isinstance(advice, BuyShares):
        ui.cart = []
        for chain in advice.chains:
            if ui.can_add(chain):
                ui.cart.append(chain)
        ui.index = ui.options.index("DONE")


def make_ui(play: Play) -> PlaceUI | ChoiceUI | DisposeUI | BuyUI:
    """The decision screen for the rules' current phase."""
    g = play.game
    phase = g.phase
    legal = g.legal_actions()
    if phase == Phase.PLACE:
        return PlaceUI(play)
    if phase == Phase.FOUND:
        options = []
        for a in legal:
            after = g.copy()
            after.apply(a)  # the rules say how big the new chain is, hence its price
            info = f"{chain_name(a.chain)} ({tier(a.chain)}) {money(after.price(a.chain))}"
            options.append(Option(a.chain, a, info, a.chain))
        return ChoiceUI("found", f"Found a chain with {g.pending_tile()}", options)
    if phase == Phase.SURVIVOR:
        options = [
            Option(
                a.chain,
                a,
                f"{chain_name(a.chain)} survives; you hold {g.shares(g.current, a.chain)}"
                if len(chain_name(a.chain)) < 11
                else f"{chain_name(a.chain)} survives; yours {g.shares(g.current, a.chain)}",
                a.chain,
            )
            for a in legal
            if isinstance(a, ChooseSurvivor)
        ]
        return ChoiceUI("survivor", "Tie! Which chain survives?", options)
    if phase == Phase.DEFUNCT:
        options = [
            Option(a.chain, a, f"{chain_name(a.chain)} is paid out first", a.chain)
            for a in legal
            if isinstance(a, ChooseDefunct)
        ]
        return ChoiceUI("defunct", "Which defunct chain first?", options)
    if phase == Phase.DISPOSE:
        return DisposeUI(play)
    if DeclareEnd() in legal and not play.declined:
        options = [
            Option("NO", None, "Keep playing"),
            Option("YES", DeclareEnd(), "Game ends after your purchase"),
        ]
        return ChoiceUI("declare", "End the game now?", options)
    return BuyUI(play)
