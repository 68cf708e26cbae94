"""The guided first game: a short game against two computer players in which the person makes
every decision, with a prompt and a highlighted square or option at each new idea.

The lesson is data, apart from this code: control/lesson_script.py's LESSON, a list of Steps,
each a position or "continue from here", the decision it is about, the prompt, what to
highlight and what to say on another choice. The rules core plays it as an ordinary game from
minimal positions (`Game.from_json`), and the computer players follow a fixed script
(ScriptBot) so that the situations arise. LessonPlay makes an ordinary Play guided by a Lesson
(`play.guide`, the Guide hooks of control/play.py), which reads the step for the decision on
screen, points at its option and answers what the person does: every choice is named and
explained when it is taken, a wrong one too, unless it would break the lesson (a `strict`
step): then the lesson says why, naming the choice, and the person chooses again. Each of its
four parts opens with a card (PartCard: its title, what is new, why the board is a new one);
the final standings lead to LessonDone (what was learned, what to play next).
"""

from __future__ import annotations

from acquire8.ai.base import Bot
from acquire8.app.buttons import DOWN, LEFT, MENU, RIGHT, UNDO, UP, X
from acquire8.app.constants import FPS
from acquire8.app.control.decisions import (
    BuyScreen,
    ChoiceScreen,
    Decision,
    DeclareScreen,
    PlaceScreen,
    Screen,
    preselect,
)
from acquire8.app.control.lesson_script import HIGH_ROWS, LOW_ROWS
from acquire8.app.control.lesson_script import LESSON as LESSON  # the script, re-exported
from acquire8.app.control.lesson_script import NAMES as NAMES
from acquire8.app.control.lesson_script import PROMPT_CHARS as PROMPT_CHARS
from acquire8.app.control.lesson_script import PROMPT_LINES as PROMPT_LINES
from acquire8.app.control.lesson_script import Part as Part
from acquire8.app.control.lesson_script import Step as Step
from acquire8.app.control.menus import Pause, Title, first_level
from acquire8.app.control.play import Play
from acquire8.app.control.scene import (
    GUARD_FRAMES,
    TURN_QUIET_FRAMES,
    Host,
    Pressed,
    Scene,
    opening_guard,
    quieter,
)
from acquire8.app.control.stages import Deciding, Showing, Stage, TurnShown
from acquire8.app.control.standings import GameOver
from acquire8.app.text import chain_name, money, wrap
from acquire8.rules import (
    Action,
    BuyShares,
    ChooseSurvivor,
    DeclareEnd,
    Dispose,
    FoundChain,
    Game,
    Phase,
    PlaceTile,
)
from acquire8.rules.tables import CHAINS, SAFE_SIZE, TIER_OF


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


class Lesson:
    """The guide that runs LESSON in a Play (`play.guide`, the Guide hooks of control/play.py):
    the step for the decision on screen, its prompt and highlight, and what the lesson says
    about each choice. Its play is never saved, never counted in the stats."""

    UNDRAWN = ("play", "steps", "due", "pointed", "card_due")

    def __init__(self, play: Play, steps: tuple[Step, ...] = LESSON):
        if not steps or steps[0].position is None:
            raise ValueError("a lesson starts from a position")
        self.play = play
        self.steps = steps
        self.index = 0  # the step to come
        self.note = ""  # what the lesson said last (a wrong choice, what just happened)
        self.note_at = -1  # ... the step it was said at (it stands instead of that step's prompt)
        self.note_for = ""  # ... the end question's option selected then (it stands while it is)
        self.aside = ""  # a word on a button the lesson leaves out (undo): shown until the next press
        # The answer to a choice stands until X when the next decision follows at once, or the
        # next part's card (either would replace it before it could be read).
        self.held = False
        self.quiet = 0  # frames X has been up while the answer waits before the next part
        self.due = False  # the next step's position loads once the current action is shown
        self.pointed: object = None  # the screen (and its question) whose option was preselected
        self.parts = [s.part for s in steps if s.position is not None and s.part is not None]
        self.card_due = steps[0].part  # the part whose card opens at the next frame
        self.said: str | None = None  # the answer to the decision being carried out (None: none)

    # What the lesson reads of its play.
    @property
    def app(self) -> Host:
        return self.play.app

    @property
    def game(self) -> Game:
        return self.play.game

    @property
    def stage(self) -> Stage:
        return self.play.stage

    @property
    def screen(self) -> Screen | None:
        return self.play.screen

    # -------------------------------------------------------------- reading the lesson

    @property
    def step(self) -> Step | None:
        """The step the decision on screen is about, if any (none while the recap is open)."""
        if isinstance(self.stage, Deciding) and self.stage.recap:
            return None
        return self._step()

    def _step(self) -> Step | None:
        if self.index >= len(self.steps) or not isinstance(self.stage, Deciding):
            return None
        step = self.steps[self.index]
        return step if step.phase == self.game.phase and self.game.current == 0 else None

    @property
    def words(self) -> str:
        """The lesson's text on screen now: a word on undo, the step's prompt (on the end's
        questions, the one for the option selected), or what it said last."""
        if self.aside:
            return self.aside
        if self.held:
            return self.note
        step = self.step
        screen = self.screen
        if step is not None and step.labels and isinstance(screen, DeclareScreen):
            label = screen.labels[screen.index]
            if self.note_at == self.index and self.note_for == label:  # said with this selected
                return self.note
            return dict(step.labels).get(label, step.prompt)
        if step is not None and self.note_at != self.index:
            return step.prompt
        return self.note

    @property
    def holding(self) -> bool:
        """The answer to the last choice is on screen, the next decision live or the next part
        waiting for it: X reads on."""
        return self.held and not self.aside and (self.step is not None or self._part_waits)

    @property
    def _part_waits(self) -> bool:
        """Everything of the part is shown: the next part begins once the answer is read."""
        stage = self.stage
        return self.due and isinstance(stage, Showing) and not stage.queue and not stage.wait

    @property
    def reads_on(self) -> bool:
        """X now reads on past the answer (it has been let go since the answer came)."""
        stage = self.stage
        if not self.holding or self.app.scene is not self.play:
            return False
        if isinstance(stage, Deciding):
            return stage.armed
        return self.quiet >= opening_guard(0, self.play.chosen.after_others)[1]

    @property
    def cue_line(self) -> int | None:
        """The panel line "X OK" goes on while `holding` (after the last line's words when
        they leave room, else a line of its own); None otherwise."""
        if not self.holding:
            return None
        lines = self.lines
        room = lines and len(lines[-1]) + 1 + len(CUE) <= PROMPT_CHARS
        return len(lines) - 1 if room else len(lines)

    @property
    def square(self) -> str | None:
        """The board square the lesson points at now."""
        step = self.step
        return step.square if step is not None and not self.holding else None

    @property
    def lines(self) -> list[str]:
        """The prompt panel's lines; none while the recap of the others' turns is open (it has
        the board to itself until X closes it), unless undo was just pressed."""
        words = self.words
        if not words or (isinstance(self.stage, Deciding) and self.stage.recap and not self.aside):
            return []
        return prompt_lines(words)[:PROMPT_LINES]

    @property
    def panel_top(self) -> bool:
        """Where the panel goes: over the board's bottom rows (away from the players' cash), or
        its top rows when a square it must not cover is low. The tile being chosen comes first
        (the player must see where it goes), then the square pointed at."""
        screen = self.screen
        choosing = screen.tile if isinstance(screen, PlaceScreen) else None
        for square in (choosing, self.square):
            if square is not None and square[-1] in LOW_ROWS:
                return True
            if square is not None and square[-1] in HIGH_ROWS:
                return False
        return False

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    # -------------------------------------------------------------- the Guide hooks

    def before_frame(self, pressed: Pressed, held: Pressed) -> Pressed | None:
        if self.aside and pressed - {UNDO}:
            # The person has read it: the prompt again. The key only dismisses: it must not
            # also move the selection or decide.
            self.aside = ""
            pressed = frozenset()
        if self.card_due is not None:  # a part begins: its card first, over its new board
            self.app.push(PartCard(self.app, self, self.card_due))
            self.card_due = None
            return None
        if self.holding and pressed & READ_ON and self.reads_on:
            self.held = False  # read: the next prompt (or part), and the next press decides
            self.app.sound("move")
            self._point()
            return None
        # X's quiet time counted from before the part's end was shown (the guard rule)
        waits = self.held and self._part_waits
        self.quiet = quieter(self.quiet, pressed, held, TURN_QUIET_FRAMES) if waits else self.app.x_quiet
        return pressed

    def after_frame(self) -> None:
        if self.card_due is not None and self.app.scene is self.play:
            self.app.push(PartCard(self.app, self, self.card_due))
            self.card_due = None
            return
        self._point()

    def _point(self) -> None:
        """A new decision screen of a step (or the end's first question again): its expected
        option selected, ready for X."""
        step, screen = self.step, self.screen
        if step is None or screen is None:
            return
        key = (screen, getattr(screen, "confirming", False))
        if key == self.pointed:
            return
        self.pointed = key
        point(screen, step)
        if isinstance(screen, PlaceScreen):
            self.play.chosen.pick = screen.tile

    def taking(self, decision: Decision) -> bool:
        self.said = None
        step = self.step
        if step is None:
            return True
        chosen = decision.action
        if decision.declined and step.strict and step.action == DeclareEnd():
            self._refuse(step.wrong)
            return False
        if chosen is None:
            return True
        if not step.right(chosen) and step.strict:
            self._refuse(refusal(step, self.game, chosen))
            return False
        self.said = answer(step, self.game, chosen)  # from the game before the action changes it
        return True

    def taken(self, applied: bool) -> None:
        said, self.said = self.said, None
        if said is None or not applied:  # not a step's action, or the rules refused it
            return
        step = self.steps[self.index]
        self._said(said)
        self.index += 1
        self.due = not self.done and self.steps[self.index].position is not None
        stage = self.stage
        soon = self.due or (isinstance(stage, Showing) and stage.own)  # replaced at once
        self.held = bool(said) and said != step.after and soon

    def _refuse(self, words: str) -> None:
        """The lesson says why it needs its own choice, and selects it again."""
        self.app.sound("refuse")
        self.pointed = None
        self._point()
        self._said(words)

    def _said(self, words: str) -> None:
        """What the lesson says about the decision on screen, instead of its prompt."""
        self.note = words
        self.note_at = self.index
        screen = self.screen
        self.note_for = screen.labels[screen.index] if isinstance(screen, DeclareScreen) else ""

    def all_shown(self, showing: Showing) -> bool:
        if self.due and not self.game.is_over:
            if not self.held:  # the answer to the part's last choice first
                self._begin(Game.from_json(self.steps[self.index].position or ""))
            return True
        return False

    def _begin(self, game: Game) -> None:
        """The next part's position, as a fresh start of the same play (the log goes on); its
        card opens."""
        self.due = False
        self.held = False
        self.card_due = self.steps[self.index].part
        play = self.play
        play.restart(game, TurnShown.opening(game, log=[*play.seen.log, "The lesson moves on"]))

    def part_number(self, part: Part) -> int:
        """1 for the first part."""
        return self.parts.index(part) + 1

    # -------------------------------------------------------------- what the lesson leaves out

    def undo(self) -> bool:
        """The lesson takes no decision back: each step follows from the one before. It says
        so in its own panel, which no decision screen hides."""
        self.app.sound("refuse")
        self.play.message = "No undo in the lesson"
        self.aside = NO_UNDO
        return True

    def show_hint(self) -> bool:
        """The lesson's own choice, never another player's advice: it is selected again and
        the panel says why."""
        play = self.play
        step = self._step()
        if step is None or self.app.scene is not play:
            play.message = "No hint now: not your decision"
            return True
        stage = self.stage
        assert isinstance(stage, Deciding)
        stage.recap = []  # the hint is about the decision under it
        screen = stage.screen
        if step.action is not None:
            preselect(screen, step.action)
        else:
            point(screen, step)
        if isinstance(screen, PlaceScreen):
            play.chosen.pick = screen.tile
        self.pointed = (screen, getattr(screen, "confirming", False))
        self._said(hint_words(step))
        self.held = False
        play.message = "Hint: the lesson's choice"
        return True

    def standings(self) -> Scene | None:
        return LessonOver(self.app, self.play)


def LessonPlay(app: Host, steps: tuple[Step, ...] = LESSON) -> Play:
    """The lesson's play: the person at seat 0 against the script's computers, from the first
    step's position, guided by a Lesson (`play.guide`)."""
    if not steps or steps[0].position is None:
        raise ValueError("a lesson starts from a position")
    bots: dict[int, Bot] = {s: ScriptBot() for s in range(1, len(NAMES))}
    play = Play(app, Game.from_json(steps[0].position), bots, people={0}, seed=None)
    play.guide = Lesson(play, steps)
    return play


def lesson_of(play: Play) -> Lesson:
    """The Lesson guiding `play` (a ValueError if it is not the lesson's play)."""
    guide = play.guide
    if not isinstance(guide, Lesson):
        raise ValueError("not the lesson's play")
    return guide


class PartCard(Scene):
    """A part of the lesson begins: its title, what is new, why the board is a new one, over
    the new board's bottom rows. X goes on once the card has been read a moment and X has
    been let go by the turn's guard rule (scene.opening_guard): it opens after the part
    before played out, so a hurried X from it must not skip the card."""

    full = False

    def __init__(self, app: Host, lesson: Lesson, part: Part):
        super().__init__(app)
        self.play = lesson.play
        self.part = part
        self.heading = f"PART {lesson.part_number(part)} OF {len(lesson.parts)}: {part.title.upper()}"
        self.quiet, self.need = opening_guard(app.x_quiet, after_others=True)
        self.shown = 0

    @property
    def armed(self) -> bool:
        return self.quiet >= self.need and self.shown >= CARD_FRAMES

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if MENU in pressed:
            self.app.push(Pause(self.app, self.play))
            return
        if not self.armed:
            self.quiet = quieter(self.quiet, pressed, held, self.need)
            self.shown = min(self.shown + 1, CARD_FRAMES)
            return
        if X in pressed:
            self.app.sound("confirm")
            self.app.pop()


class LessonOver(GameOver):
    """The lesson's final standings: X goes on to what the lesson taught (LessonDone)."""

    def __init__(self, app: Host, play: Play):
        super().__init__(app, play)
        self.menu.items = ["Next"]
        self.menu.index = 0

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if self.armed and X in pressed:
            self.app.sound("confirm")
            self.app.push(LessonDone(self.app))
            return
        super().update(pressed, held)


class LessonDone(Scene):
    """Lesson complete: what it taught and what to play next; X: the title, on New game."""

    LEARNED = (
        "Tiles make chains: buy shares",
        "Mergers pay the top holders",
        "Sell, trade 2 for 1, or keep",
        "A tie: the merger picks",
        f"Chains of {SAFE_SIZE}+ tiles are safe",
        "All safe: you may end it",
        "The most cash wins",
    )
    NEXT = (
        "New game on the title: pick",
        "your opponents and play.",
        f"{first_level().capitalize()} is a good first level.",  # as the setup suggests
        "How to play has every rule.",
    )

    def __init__(self, app: Host):
        super().__init__(app)
        self.quiet = 0

    @property
    def armed(self) -> bool:
        return self.quiet >= GUARD_FRAMES

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if not self.armed:
            self.quiet = quieter(self.quiet, pressed, held)
            return
        if X not in pressed:
            return
        self.app.sound("confirm")
        self.app.home()
        title = self.app.scene
        if isinstance(title, Title) and "New game" in title.menu.items:
            title.menu.index = title.menu.items.index("New game")  # the next step, one X away


CARD_FRAMES = FPS  # a part's card stays at least this long before X goes on
CUE = "X OK"  # on the panel while an answer stands
NO_UNDO = "No undo in the lesson: each step builds on the one before. Any key: back to the lesson."
READ_ON = frozenset({X, LEFT, RIGHT, UP, DOWN})  # the presses that read on past an answer


def point(screen: Screen, step: Step) -> None:
    """Select the step's expected option on its screen (the buy screen: on the first chain).
    The end's second question stays on BACK, as in every game: the prompt says so."""
    if isinstance(screen, DeclareScreen) and screen.confirming:
        return
    if step.action is not None:
        preselect(screen, step.action)
    if isinstance(screen, BuyScreen) and step.action is None and screen.chains:
        firsts = [c for c in screen.chains if screen.can_add(c)]
        if firsts:
            screen.index = screen.options.index(firsts[0])
    if isinstance(screen, ChoiceScreen) and step.action is None:
        screen.index = 0


def hint_words(step: Step) -> str:
    """What the hint says at `step`: the lesson's choice."""
    if step.hint:
        return step.hint
    if isinstance(step.action, PlaceTile):
        return f"Hint: place {step.action.tile}, as the lesson asks: it is selected, press X."
    return "Hint: any choice is fine here."


TIER_WORDS = (  # by the chain's tier (TIER_OF)
    "cheap shares, easy to buy",
    "mid-priced shares",
    "dear shares, they cost more and pay more",
)


def answer(step: Step, game: Game, action: Action) -> str:
    """What the lesson says once `action` is taken at `step` (`game`: before it): the step's
    own words for its expected choice or a wrong one, else the choice named and why it is
    fine, then what comes next when that fits too."""
    if not step.right(action):
        return step.wrong or step.after
    if step.strict:  # the lesson's own choice, the only one it takes
        return step.after
    said = choice_words(step, game, action)
    both = f"{said} {step.after}".strip()
    return both if len(prompt_lines(both)) <= PROMPT_LINES else said


EFFECT_WORDS = {  # what a tile would do (Game.tile_effect), in a refusal
    "lone": "a lone tile, in no chain",
    "found": "it founds a new chain",
    "merge": "it starts a merger",
    "no 8th chain": "no 8th chain may form",
    "dead": "it would merge safe chains",
}


def refusal(step: Step, game: Game, action: Action) -> str:
    """Why the lesson will not take `action` at a strict step (`game`: before it): a tile
    chosen instead of the lesson's is named with what it would do, then the step's words."""
    if not (isinstance(action, PlaceTile) and isinstance(step.action, PlaceTile)):
        return step.wrong
    touched = game.merge_chains(action.tile)
    effect = game.tile_effect(action.tile)
    grows = effect == "grow" and touched
    did = f"it grows {chain_name(touched[0])}" if grows else EFFECT_WORDS.get(effect, effect)
    words = f"Not {action.tile}: {did}. {step.wrong}"
    if len(prompt_lines(words)) <= PROMPT_LINES:
        return words
    return f"Not {action.tile}: {did}. The lesson needs {step.action.tile}: it is selected again."


def choice_words(step: Step, game: Game, action: Action) -> str:
    """The person's choice in words, and why it is fine."""
    if isinstance(action, FoundChain):
        return f"{chain_name(action.chain)}: {TIER_WORDS[TIER_OF[CHAINS.index(action.chain)]]}."
    if isinstance(action, ChooseSurvivor):
        state = game.merger_state() or {}
        other = [c for c in state.get("survivor_choices") or () if c != action.chain]
        gone = f", {chain_name(other[0])} is gone" if other else ""
        return f"{chain_name(action.chain)} survives{gone}: either was fine."
    if isinstance(action, Dispose):
        state = game.merger_state() or {}
        defunct, survivor = state.get("defunct") or "", state.get("survivor") or ""
        kept = game.shares(game.current, defunct) - action.sell - action.trade
        done = [
            f"sold {action.sell} for cash" if action.sell else "",
            f"traded {action.trade} for {action.trade // 2} {chain_name(survivor)}" if action.trade else "",
            f"kept {kept} in case {chain_name(defunct)} returns" if kept else "",
        ]
        return "You " + ", ".join(d for d in done if d) + ". All fine." if any(done) else "Nothing to do."
    if isinstance(action, PlaceTile):
        effect = game.tile_effect(action.tile)
        touched = game.merge_chains(action.tile)
        if effect == "grow" and touched:
            did = f"{action.tile} grows {chain_name(touched[0])}."
        else:
            did = f"{action.tile}: a lone hotel." if effect == "lone" else f"{action.tile}: {effect}."
        return f"{did} Fine: any tile but {step.square}." if step.square else did
    if isinstance(action, BuyShares):
        if not action.chains:
            return "Nothing bought: fine, your cash waits."
        counts = {c: action.chains.count(c) for c in dict.fromkeys(action.chains)}
        cost = sum(game.price(c) for c in action.chains)
        bought = ", ".join(f"{n} {chain_name(c)}" for c, n in counts.items())
        return f"Bought {bought} for {money(cost)}."
    return ""


def prompt_lines(words: str) -> list[str]:
    """The lesson's text as the panel shows it."""
    return wrap(words, PROMPT_CHARS)
