"""The guided first game (control/lesson.py): its positions and expected actions valid for the
rules core, the whole lesson played by presses with wrong choices on the way, each part's card,
every other choice named or refused with the reason, the end's prompt agreeing with what is
selected, the hint showing the lesson's choice, undo answered in the lesson's panel, the
lesson-complete page leading to New game, leaving it from the pause menu, the first-start
offer, and where its prompt panel goes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from acquire8.app import buttons as bt
from acquire8.app.control import hint as hint_mod
from acquire8.app.control import menus, reach
from acquire8.app.control.app import App, Keeping
from acquire8.app.control.decisions import BuyScreen, ChoiceScreen, DeclareScreen, DisposeScreen, PlaceScreen
from acquire8.app.control.lesson import (
    LESSON,
    NO_UNDO,
    PROMPT_CHARS,
    PROMPT_LINES,
    Lesson,
    LessonDone,
    LessonOver,
    LessonPlay,
    PartCard,
    answer,
    hint_words,
    lesson_of,
    prompt_lines,
    refusal,
)
from acquire8.app.control.lesson_script import END_PART, end_position
from acquire8.app.control.play import Play
from acquire8.app.control.reach import NotReached
from acquire8.app.control.scene import GUARD_FRAMES
from acquire8.app.control.stages import Deciding
from acquire8.app.control.standings import GameOver
from acquire8.app.demo import (
    lesson_ready,
    lesson_take,
    lesson_to,
    press,
    run_until,
    select,
    select_tile,
    where,
)
from acquire8.app.session import open_app
from acquire8.app.text import chain_name
from acquire8.rules import (
    SAFE_SIZE,
    BuyShares,
    ChooseSurvivor,
    DeclareEnd,
    Dispose,
    FoundChain,
    Game,
    PlaceTile,
)
from acquire8.storage import Settings, Storage
from tests.keepers import SavedGame

X = frozenset({bt.X})
ROOT = Path(__file__).resolve().parent.parent


def lesson_app(keeper: Keeping | None = None) -> App:
    return App(settings=Settings(pace="fast"), seed=1, keeper=keeper)


def test_every_lesson_position_loads_and_its_expected_action_is_legal_there():
    starts = [s for s in LESSON if s.position is not None]
    assert len(starts) == 4 and LESSON[0].position is not None
    for step in starts:
        g = Game.from_json(step.position)
        assert g.current == 0 and g.phase.value == step.phase == "place"
        if step.action is not None:
            assert step.action in g.legal_actions()
        if step.square is not None:
            assert step.square in g.hand(0)


def test_the_dead_tile_step_points_at_a_dead_tile_and_no_tile_of_yours_founds_a_chain():
    step = next(s for s in LESSON if s.square == "6C")
    g = Game.from_json(step.position)
    effects = {t: g.tile_effect(t) for t in g.hand(0)}
    assert effects.pop("6C") == "dead" and PlaceTile("6C") not in g.legal_actions()
    assert "found" not in effects.values() and g.can_end()  # any tile keeps the end possible


def test_the_end_part_has_chains_of_the_safe_size_it_names_and_ends_as_it_says():
    """The end part is built from the rules' SAFE_SIZE, and every number it says is the board's."""
    step = next(s for s in LESSON if s.part is END_PART)
    g = Game.from_json(step.position)
    assert {c: g.chain_size(c) for c in g.chains_on_board()} == {"F": SAFE_SIZE, "I": SAFE_SIZE}
    assert g.is_safe("F") and g.is_safe("I") and g.can_end()
    assert re.findall(r"\d+", END_PART.board) == [str(SAFE_SIZE)]  # "have 11 tiles each"
    assert step.prompt.startswith(f"Chains of {SAFE_SIZE}+ tiles are safe.")
    assert f"Chains of {SAFE_SIZE}+ tiles are safe" in LessonDone.LEARNED
    assert isinstance(step.action, PlaceTile)
    g.apply(step.action)
    assert step.hint.endswith(f"12C is selected: it grows Imperial to {g.chain_size('I')}.")
    declare = LESSON[LESSON.index(step) + 1]
    assert declare.action == DeclareEnd() and declare.prompt.startswith("Every chain on the board is safe")
    assert declare.action in g.legal_actions() and all(g.is_safe(c) for c in g.chains_on_board())


@pytest.mark.parametrize("size", [7, 9, 11, 12, 13])
def test_the_end_board_holds_two_chains_of_any_safe_size_with_6c_between_them(size):
    g = Game.from_json(end_position(size))
    assert {c: g.chain_size(c) for c in g.chains_on_board()} == {"F": size, "I": size}
    assert sorted(g.merge_chains("6C")) == ["F", "I"] and g.merge_chains("12C") == ["I"]
    assert "found" not in {g.tile_effect(t) for t in g.hand(0)}
    for outside in (6, 14):  # 12C would miss Imperial; no squares left in the orders
        with pytest.raises(ValueError, match="no room"):
            end_position(outside)


def test_a_lesson_the_rules_no_longer_follow_stops_with_not_reached(monkeypatch):
    """Its chains one short of a larger safe size: the end cannot be declared, so the lesson's
    strict step refuses every choice; the run names that step instead of pressing forever."""
    monkeypatch.setattr("acquire8.rules.game.SAFE_SIZE", SAFE_SIZE + 1)
    with pytest.raises(reach.NotReached, match=r"never got past step .*Every chain on the board is safe"):
        lesson_to(lesson_app(), len(LESSON))


# The whole game with another safe size, set before the front end is imported (its texts and
# the lesson's board are made at import): the rules modules that bound SAFE_SIZE are patched.
OTHER_SAFE_SIZE = """
import json, sys
import acquire8.rules as rules
from acquire8.rules import game, tables
for module in (rules, game, tables):
    module.SAFE_SIZE = {size}
from acquire8.app.control.app import App
from acquire8.app.control.lesson import LESSON, LessonDone
from acquire8.app.control.lesson_script import END_PART
from acquire8.app.demo import lesson_to
from acquire8.storage import Settings
mods = [(n, m) for n, m in sys.modules.items() if n.startswith("acquire8")]
stale = [n for n, m in mods if getattr(m, "SAFE_SIZE", {size}) != {size}]
play = lesson_to(App(settings=Settings(pace="fast"), seed=1), len(LESSON))
print(json.dumps({{"stale": stale, "over": play.game.is_over, "done": play.guide.done,
                  "board": END_PART.board, "learned": LessonDone.LEARNED}}))
"""


def test_the_lesson_plays_through_with_another_safe_size():
    proc = subprocess.run(
        [sys.executable, "-c", OTHER_SAFE_SIZE.format(size=12)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["stale"] == [] and out["over"] and out["done"]
    assert "have 12 tiles each" in out["board"] and "Chains of 12+ tiles are safe" in out["learned"]


def fits(words: str) -> bool:
    lines = prompt_lines(words)
    return len(lines) <= PROMPT_LINES and all(len(line) <= PROMPT_CHARS for line in lines)


def test_every_prompt_fits_its_panel():
    assert fits(NO_UNDO)
    for step in LESSON:
        for words in (step.prompt, step.wrong, step.after, hint_words(step), *dict(step.labels).values()):
            assert fits(words), words


def test_the_lesson_played_through_reaches_the_game_over_with_every_step_done():
    app = lesson_app()
    play = lesson_to(app, len(LESSON))
    assert isinstance(app.scene, GameOver) and play.guide.done and play.game.is_over
    assert play.guide.note.endswith(LESSON[-1].after) and play.guide.note.startswith("Bought 1 ")
    assert len(play.actions) > 0 and app.frame < 5000  # minutes, not hours, at the fast pace


def test_the_lesson_guides_an_ordinary_play_which_without_a_guide_is_saved():
    app = lesson_app()
    play = LessonPlay(app)
    assert type(play) is Play and isinstance(play.guide, Lesson) and play.guide.play is play
    assert not play.saved  # a guided play is never saved nor counted
    with pytest.raises(ValueError):
        lesson_of(Play(app, play.game.copy(), {}))
    assert Play(app, play.game.copy(), {}).saved


def test_every_part_opens_with_its_card_over_its_new_board():
    cards: list[tuple[str, str, dict, int]] = []
    app = lesson_app()
    app.scene.menu.index = app.scene.menu.items.index("Learn to play")
    press(app, bt.X)
    play = app.scenes[0]
    assert isinstance(play.guide, Lesson)

    def ready() -> bool:
        card = app.scene
        if isinstance(card, PartCard) and not any(c[0] == card.heading for c in cards):
            cards.append((card.heading, card.part.board, dict(play.game.board), play.guide.index))
        return lesson_ready(app, play)()

    while not isinstance(app.scene, GameOver):
        assert app.frame < 5000, f"no game over: {where(app)}"  # the lesson takes about a thousand
        run_until(app, ready)
        if not isinstance(app.scene, GameOver):
            lesson_take(app, play)
    starts = [(i, s) for i, s in enumerate(LESSON) if s.position is not None]
    assert [c[0] for c in cards] == [
        "PART 1 OF 4: CHAINS",
        "PART 2 OF 4: MERGERS",
        "PART 3 OF 4: TIES",
        "PART 4 OF 4: THE END",
    ]
    for (_, board_words, board, index), (i, step) in zip(cards, starts, strict=True):
        assert index == i and board == Game.from_json(step.position).board  # over its own board
        assert step.part is not None and step.part.new
        if i:  # why the board changed: each later part says it is a new one
            assert board_words.startswith("A new board")


def test_the_cards_and_the_lesson_complete_page_fit_the_screen(text_bounds):
    from acquire8.app import views
    from acquire8.app.views.lesson import CARD_CHARS, CARD_ROWS, card_lines

    app = lesson_app()
    app.scene.menu.index = app.scene.menu.items.index("Learn to play")
    press(app, bt.X)
    play = app.scenes[0]
    assert isinstance(play.guide, Lesson)
    for part in play.guide.parts:
        card = PartCard(app, play.guide, part)
        lines = card_lines(card)
        assert len(lines) <= CARD_ROWS and all(len(line) <= CARD_CHARS for line, _ in lines)
        app.scenes[-1:] = [card]
        views.draw(app)
    app.scenes.append(LessonDone(app))
    views.draw(app)
    assert not text_bounds, text_bounds[:3]


def test_a_hurried_x_does_not_skip_a_card():
    app = lesson_app()
    app.scene.menu.index = app.scene.menu.items.index("Learn to play")
    press(app, bt.X)
    card = app.scene
    assert isinstance(card, PartCard) and card.heading.startswith("PART 1 OF 4")
    for _ in range(3 * GUARD_FRAMES):  # X held: the card stays
        app.update(X)
    for i in range(2 * GUARD_FRAMES):  # X mashed: the card stays
        app.update(X if i % 2 else frozenset())
    assert app.scene is card and not card.armed
    run_until(app, lambda: card.armed)
    press(app, bt.X)
    assert isinstance(app.scene.guide, Lesson)


def named(action) -> list[str]:
    """The words an answer to `action` must contain: the choice itself."""
    if isinstance(action, FoundChain | ChooseSurvivor):
        return [chain_name(action.chain)]
    if isinstance(action, PlaceTile):
        return [action.tile]
    if isinstance(action, Dispose):
        done = ((f"sold {action.sell}", action.sell), (f"traded {action.trade}", action.trade))
        return [words for words, n in done if n]
    if isinstance(action, BuyShares):
        return [chain_name(c) for c in action.chains] or ["Nothing bought"]
    return []


def test_every_choice_is_named_and_explained_or_refused_with_the_reason():
    app = lesson_app()
    for index, step in enumerate(LESSON):
        play = lesson_to(app, index)
        for action in play.game.legal_actions():
            said = answer(step, play.game, action)
            assert fits(said), said
            if step.strict and action == step.action:
                assert said == step.after
            elif step.strict or not step.right(action):  # the lesson needs its own: it says why
                assert said == step.wrong and said, (index, action)
                if step.strict:  # refused: the choice named, then why the lesson needs its own
                    refused = refusal(step, play.game, action)
                    assert fits(refused), refused
                    if isinstance(action, PlaceTile) and isinstance(step.action, PlaceTile):
                        assert action.tile in refused and step.action.tile in refused, refused
                    else:
                        assert refused == step.wrong
            else:  # accepted: what was chosen, in words
                assert all(w in said for w in named(action)), (index, action, said)


def test_imperial_instead_of_tower_is_named_and_explained():
    app = lesson_app()
    play = lesson_to(app, 2)
    ui = play.screen
    assert isinstance(ui, ChoiceScreen) and ui.option.chain == "T"  # the lesson's pick
    while ui.option.chain != "I":
        press(app, bt.RIGHT)
    press(app, bt.X)
    assert play.game.chain_size("I") == 2
    buy = play.screen
    assert isinstance(buy, BuyScreen) and play.guide.holding  # the purchase is live: the answer stands
    assert play.guide.lines == prompt_lines(play.guide.note) and play.guide.note.startswith(
        "Imperial: dear shares"
    )
    press(app, bt.X)  # read on: this X buys nothing
    assert (
        not play.guide.holding
        and play.guide.words == LESSON[3].prompt
        and not buy.cart
        and play.guide.index == 3
    )


def test_9f_instead_of_12c_is_named_and_explained():
    app = lesson_app()
    play = lesson_to(app, 13)
    assert play.screen.tile == "12C"  # selected: the first tile that can be placed
    select_tile(app, play, "9F")
    press(app, bt.X)
    assert play.game.board.get("9F") == "#" and "12C" not in play.game.board
    assert play.guide.note.startswith("9F: a lone hotel") and "6C" in play.guide.note
    assert (
        isinstance(play.screen, DeclareScreen)
        and play.guide.holding
        and play.guide.lines == prompt_lines(play.guide.note)
    )
    press(app, bt.RIGHT)  # read on: the end's question keeps its selection
    assert play.guide.words == LESSON[14].prompt and selected(play.screen) == "YES"


def test_the_answer_to_a_parts_last_choice_stands_until_x_before_its_card():
    app = lesson_app()
    play = lesson_to(app, 5)  # the last purchase of part 1
    ui = play.screen
    while ui.option != "DONE":
        press(app, bt.RIGHT)
    press(app, bt.X)  # nothing bought
    run_until(app, lambda: play.guide.holding)
    for _ in range(60):  # the computers' turns shown: the answer waits for X, no card comes
        app.update(frozenset())
    assert app.scene is play and play.guide.holding and play.guide.lines == prompt_lines(play.guide.note)
    assert play.guide.note.startswith("Nothing bought") and play.guide.cue_line is not None
    assert len(play.game.board) > 0 and "L" not in play.game.board.values()  # part 1's board still
    press(app, bt.X)
    assert isinstance(app.scene, PartCard) and app.scene.heading == "PART 2 OF 4: MERGERS"


def test_after_a_refusal_the_lessons_choice_is_selected_again():
    app = lesson_app()
    play = lesson_to(app, 0)
    select_tile(app, play, "1G")
    press(app, bt.X)
    assert play.guide.words == refusal(LESSON[0], play.game, PlaceTile("1G")) and play.screen.tile == "6E"


def selected(ui: DeclareScreen) -> str:
    return ui.labels[ui.index]


def test_the_end_questions_prompt_names_what_is_selected():
    app = lesson_app()
    play = lesson_to(app, 14)
    ui = play.screen
    assert isinstance(ui, DeclareScreen)

    def agrees() -> bool:  # the prompt names the option X would take
        return selected(ui) in play.guide.words

    assert selected(ui) == "YES" and "YES is selected" in play.guide.words
    press(app, bt.LEFT)
    assert selected(ui) == "NO" and agrees() and "right for YES" in play.guide.words
    press(app, bt.RIGHT, bt.X)  # YES: the second question starts on BACK, as in every game
    assert ui.confirming and selected(ui) == "BACK"
    assert "BACK is selected" in play.guide.words and "right to END IT" in play.guide.words
    press(app, bt.RIGHT)
    assert selected(ui) == "END IT" and "END IT is selected: press X" in play.guide.words
    press(app, bt.LEFT, bt.X)  # BACK: the first question again, YES selected again
    assert not ui.confirming and selected(ui) == "YES" and "YES is selected" in play.guide.words
    press(app, bt.LEFT, bt.X)  # NO: refused, YES selected again, and the reason says so
    assert (
        selected(ui) == "YES"
        and play.guide.words == LESSON[14].wrong
        and "YES is selected" in play.guide.words
    )
    press(app, bt.LEFT)  # the reason was for YES: with NO selected, NO's prompt
    assert selected(ui) == "NO" and agrees()
    press(app, bt.RIGHT, bt.X, bt.RIGHT)
    assert selected(ui) == "END IT" and ui.confirming and agrees()
    press(app, bt.X)
    assert play.guide.index == 15


def hint_from_pause(app: App) -> None:
    press(app, bt.MENU)
    pause = app.scene
    assert isinstance(pause, menus.Pause)
    press(app, *[bt.DOWN] * pause.ITEMS.index("Hint"), bt.X)


def test_the_hint_shows_the_lessons_choice_never_another_players(monkeypatch):
    def no_advice(game):
        raise AssertionError("the lesson's hint asked a computer player")

    monkeypatch.setattr(hint_mod, "advice", no_advice)
    app = lesson_app()
    for index, step in enumerate(LESSON):
        play = lesson_to(app, index)
        ui = play.screen
        press(app, bt.RIGHT)  # away from what the lesson selected
        hint_from_pause(app)
        assert play.guide.words == hint_words(step) and play.screen is ui
        if isinstance(ui, PlaceScreen):
            assert isinstance(step.action, PlaceTile)
            assert ui.tile == step.action.tile and step.action.tile in play.guide.words
        elif isinstance(ui, ChoiceScreen):
            assert ui.index == 0 and chain_name(ui.option.chain) in play.guide.words
        elif isinstance(ui, DeclareScreen):
            assert selected(ui) == "YES" and "YES" in play.guide.words
        elif isinstance(ui, BuyScreen):
            assert ui.option in ui.chains  # a chain to add, as the hint says
        else:
            assert isinstance(ui, DisposeScreen) and "any is fine" in play.guide.words


def test_undo_is_answered_in_the_lessons_panel_on_every_decision():
    app = lesson_app()
    for index in range(len(LESSON)):
        play = lesson_to(app, index)
        prompt = play.guide.lines
        press(app, bt.UNDO)
        assert "No undo in the lesson" in " ".join(play.guide.lines), index
        assert play.guide.index == index and play.screen is not None  # nothing taken back
        app.update(frozenset({bt.O}))  # any key: read, the lesson's words again
        assert app.scene is play  # ... and nothing else: O did not open the chart
        assert play.guide.lines == prompt


def test_undo_is_answered_with_a_chain_selected_and_from_the_pause_menu():
    app = lesson_app()
    play = lesson_to(app, 3)  # the first purchase, the cursor on your chain
    ui = play.screen
    assert isinstance(ui, BuyScreen) and ui.option in ui.chains and ui.standing  # the message line is hidden
    press(app, bt.MENU)
    select(app, "Undo")
    press(app, bt.X)
    assert "No undo in the lesson" in " ".join(play.guide.lines)
    press(app, bt.X)  # read: the X only dismisses the word on undo
    assert not ui.cart and "No undo in the lesson" not in " ".join(play.guide.lines)
    press(app, bt.X)  # a share in the cart: undo takes it back, as in every game
    assert ui.cart
    press(app, bt.UNDO)
    assert not ui.cart and play.guide.index == 3


def test_the_lesson_ends_with_lesson_complete_and_x_goes_to_new_game():
    app = lesson_app(SavedGame())  # a game of your own is saved: the title would start on Continue
    play = lesson_to(app, len(LESSON))
    over = app.scene
    assert isinstance(over, LessonOver) and over.menu.items == ["Next"] and play.guide.done
    for _ in range(3 * GUARD_FRAMES):
        app.update(X)  # hurried: the standings stay
    assert app.scene is over
    run_until(app, lambda: over.armed)
    press(app, bt.X)
    done = app.scene
    assert isinstance(done, LessonDone) and not done.armed
    assert any("New game" in line for line in done.NEXT)
    # The level it advises is the one the setup suggests for a first game: one answer.
    suggested = menus.Setup(app).suggestion()
    assert f"New? {menus.first_level()} suits" in suggested
    assert f"{menus.first_level().capitalize()} is a good first level." in done.NEXT
    app.update(X)  # the X that closed the standings, held: nothing yet
    assert app.scene is done
    run_until(app, lambda: done.armed)
    press(app, bt.X)
    title = app.scene
    assert isinstance(title, menus.Title) and "Continue" in title.menu.items
    assert title.menu.item == "New game"


def test_a_wrong_tile_on_a_strict_step_is_refused_with_the_reason_and_chosen_again():
    app = lesson_app()
    play = lesson_to(app, 0)
    assert isinstance(play.screen, PlaceScreen) and play.screen.tile == "6E"  # pointed at
    select_tile(app, play, "1G")
    press(app, bt.X)
    assert play.guide.index == 0 and play.game.board == {}
    assert play.guide.words.startswith("Not 1G: a lone tile, in no chain.") and "needs 6E" in play.guide.words
    assert "refuse" in app.effects
    select_tile(app, play, "6E")
    press(app, bt.X)
    assert play.guide.index == 1 and play.game.board == {"6E": "#"}


def test_a_wrong_purchase_is_explained_and_taken():
    app = lesson_app()
    play = lesson_to(app, 3)  # the first purchase
    ui = play.screen
    while ui.option != "DONE":
        press(app, bt.RIGHT)
    press(app, bt.X)  # nothing bought
    assert play.guide.index == 4 and play.guide.note == LESSON[3].wrong
    run_until(app, lesson_ready(app, play))
    assert play.guide.index == 4 and play.guide.words == LESSON[4].prompt  # the lesson goes on


def test_another_chain_at_the_founding_and_a_tie_survivor_are_both_fine():
    app = lesson_app()
    play = lesson_to(app, 2)
    assert isinstance(play.screen, ChoiceScreen)
    press(app, bt.RIGHT, bt.RIGHT, bt.X)  # American, not the first on offer
    assert (
        play.game.chain_size("A") == 2
        and play.guide.note == f"American: mid-priced shares. {LESSON[2].after}"
    )
    play = lesson_to(app, 10)
    assert isinstance(play.screen, ChoiceScreen) and play.screen.kind == "survivor"
    press(app, bt.RIGHT, bt.X)
    assert play.guide.index == 11


def test_saying_no_to_the_end_is_refused_with_the_reason():
    app = lesson_app()
    play = lesson_to(app, 14)
    ui = play.screen
    assert isinstance(ui, DeclareScreen) and ui.index == 1  # YES pointed at
    press(app, bt.LEFT, bt.X)  # NO
    assert play.guide.index == 14 and play.guide.words == LESSON[14].wrong and play.screen is ui
    press(app, bt.X, bt.RIGHT, bt.X)  # YES (selected again), END IT
    assert play.guide.index == 15
    lesson_take(app, play)
    run_until(app, lambda: isinstance(app.scene, GameOver))


def test_the_turn_guard_still_holds_in_the_lesson():
    app = lesson_app()
    play = lesson_to(app, 0)
    lesson_take(app, play)  # 6E; then the computers play and your next turn begins
    for _ in range(2000):  # X held through the computers' turns, hurrying them
        if isinstance(play.stage, Deciding) and play.game.current == 0:
            break
        app.update(X, X)
    assert not play.stage.armed
    for _ in range(3 * GUARD_FRAMES):  # X still held into your turn decides nothing
        app.update(X)
    assert play.guide.index == 1 and play.game.board.get("7E") is None and play.stage.recap
    run_until(app, lesson_ready(app, play))  # released: the recap closes, then X places
    press(app, bt.X)
    assert play.guide.index == 2 and play.game.board.get("7E") is not None


def test_leaving_from_the_pause_menu_returns_to_the_title_and_saves_nothing(tmp_path):
    store = Storage.in_directory(tmp_path)
    app = open_app(store, settings=Settings(pace="fast"), seed=1)
    play = lesson_to(app, 4)
    press(app, bt.MENU)
    pause = app.scene
    assert isinstance(pause, menus.Pause)
    press(app, *[bt.DOWN] * pause.ITEMS.index("Quit to title"), bt.X)
    assert isinstance(app.scene, menus.Confirm)
    press(app, bt.LEFT, bt.X)  # from BACK to QUIT
    assert isinstance(app.scene, menus.Title) and "Continue" not in app.scene.menu.items
    assert store.load_game()[0] is None and play.guide.index == 4


def test_the_first_start_offers_the_lesson_once(tmp_path):
    store = Storage.in_directory(tmp_path)
    app = open_app(store)
    title = app.scene
    assert isinstance(title, menus.Title) and title.offer and "Learn to play" in title.menu.items
    assert title.menu.item == "Learn to play"  # the cursor on the offer: one X takes it
    press(app, bt.UP)  # seen
    app.home()
    assert not app.scene.offer  # not again in this run
    again = open_app(Storage.in_directory(tmp_path))
    assert not again.scene.offer and again.settings.lesson_offered  # nor on the next start


def test_old_settings_without_the_flag_still_load():
    settings, fixed = Settings.from_dict({"format": 1, "music": False, "pace": "fast"})
    assert fixed == [] and not settings.lesson_offered and settings.pace == "fast"


@pytest.mark.parametrize("index", [0, 1, 4, 6, 9, 13])
def test_the_panel_never_covers_the_square_it_points_at(index, pyxel_headless):
    from acquire8.app.views.lesson import panel_box, square_box

    app = lesson_app()
    play = lesson_to(app, index)
    assert isinstance(play.guide, Lesson) and play.guide.square == LESSON[index].square
    _, y, _, h = panel_box(play.guide)
    _, sy, _, sh = square_box(play.guide.square)
    assert h > 0 and (sy + sh <= y or y + h <= sy)


def test_the_key_that_dismisses_the_word_on_undo_only_dismisses():
    app = lesson_app()
    index = next(i for i, s in enumerate(LESSON) if s.phase == "survivor")
    play = lesson_to(app, index)
    ui = play.screen
    assert isinstance(ui, ChoiceScreen)
    before, step = ui.index, play.guide.index
    press(app, bt.UNDO)
    assert "No undo in the lesson" in " ".join(play.guide.lines)
    press(app, bt.RIGHT)  # read: the choice stays where it was
    assert ui.index == before and "No undo in the lesson" not in " ".join(play.guide.lines)
    press(app, bt.RIGHT)  # now Right moves it
    assert ui.index != before
    press(app, bt.UNDO)
    press(app, bt.X)  # X only dismisses too: nothing is decided
    assert play.guide.index == step and play.screen is ui


def test_the_panel_never_covers_the_tile_being_chosen(pyxel_headless):
    from acquire8.app.views.lesson import panel_box, square_box

    app = lesson_app()
    for index in range(len(LESSON)):
        play = lesson_to(app, index)
        ui = play.screen
        if not isinstance(ui, PlaceScreen):
            continue
        for _ in ui.tiles:  # every tile of the hand selected in turn, 1G included
            _, y, _, h = panel_box(play.guide)
            _, sy, _, sh = square_box(ui.tile)
            assert h == 0 or sy + sh <= y or y + h <= sy, (index, ui.tile)
            ring = play.guide.square
            if ring is not None and ring == ui.tile:
                _, ry, _, rh = square_box(ring)
                assert h == 0 or ry + rh <= y or y + h <= ry, (index, ring)
            press(app, bt.RIGHT)


def test_the_first_start_puts_the_cursor_on_the_lesson_only_for_a_newcomer(tmp_path):
    from acquire8.storage import GameResult

    app = open_app(Storage.in_directory(tmp_path / "new"))
    press(app, bt.X)
    assert isinstance(app.scene, PartCard)  # one X from the first title frame: the lesson
    store = Storage.in_directory(tmp_path / "played")  # games played, the offer never seen
    store.record_game(GameResult(won=True, cash=6000, level="normal", versus=(("normal", 1.0),)))
    title = open_app(store).scene
    assert isinstance(title, menus.Title) and not title.offer and title.menu.item == "New game"


def test_another_tile_than_the_taught_8e_is_named_with_why_it_is_not_the_lessons_move():
    app = lesson_app()
    play = lesson_to(app, 4)
    assert LESSON[4].action == PlaceTile("8E") and play.screen.tile == "8E"
    select_tile(app, play, "1G")
    press(app, bt.X)
    assert play.guide.words == "Not 1G: a lone tile, in no chain. Place 8E to grow your chain."
    assert play.screen.tile == "8E" and "1G" not in play.game.board


def test_the_lessons_holdings_page_says_its_computers_are_computers():
    app = lesson_app()
    play = lesson_to(app, 0)
    chart = menus.Chart(app, play)
    assert [chart.level(seat) for seat in range(play.game.players)] == ["you", "computer", "computer"]


def test_a_lesson_step_never_reached_fails_promptly_saying_where_it_stood():
    """A first step expecting a tile not in the hand refuses every tile the lesson takes: the
    lesson would stand there for ever. lesson_to gives up after a few refusals, well within its
    frames, naming the step."""
    app = lesson_app()
    steps = (replace(LESSON[0], action=PlaceTile("1A")), *LESSON[1:])
    play = app.show(LessonPlay(app, steps))
    with pytest.raises(NotReached, match=r"never got past step 0 \(place: "):
        lesson_to(app, 2, limit=400)
    assert app.frame < 400 and lesson_of(play).index == 0 and not play.game.board
