"""The guided first game (control/lesson.py): its positions and expected actions valid for the
rules core, the whole lesson played by presses with wrong choices on the way, leaving it from
the pause menu, the first-start offer, and where its prompt panel goes."""

from __future__ import annotations

import pytest

from acquire8.app import buttons as bt
from acquire8.app.control import menus
from acquire8.app.control.app import App
from acquire8.app.control.decisions import ChoiceScreen, DeclareScreen, PlaceScreen
from acquire8.app.control.lesson import LESSON, PROMPT_CHARS, PROMPT_LINES, LessonPlay, prompt_lines
from acquire8.app.control.play import GUARD_FRAMES, Deciding, GameOver
from acquire8.app.demo import lesson_ready, lesson_take, lesson_to, press, run_until, select_tile
from acquire8.app.session import open_app
from acquire8.rules import Game, PlaceTile
from acquire8.storage import Settings, Storage

X = frozenset({bt.X})


def lesson_app() -> App:
    return App(settings=Settings(pace="fast"), seed=1)


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


def test_every_prompt_fits_its_panel():
    for step in LESSON:
        for words in (step.prompt, step.wrong, step.after):
            lines = prompt_lines(words)
            assert len(lines) <= PROMPT_LINES and all(len(line) <= PROMPT_CHARS for line in lines), words


def test_the_lesson_played_through_reaches_the_game_over_with_every_step_done():
    app = lesson_app()
    play = lesson_to(app, len(LESSON))
    assert isinstance(app.scene, GameOver) and play.done and play.game.is_over
    assert play.note == LESSON[-1].after
    assert len(play.actions) > 0 and app.frame < 5000  # minutes, not hours, at the fast pace


def test_a_wrong_tile_on_a_strict_step_is_refused_with_the_reason_and_chosen_again():
    app = lesson_app()
    play = lesson_to(app, 0)
    assert isinstance(play.screen, PlaceScreen) and play.screen.tile == "6E"  # pointed at
    select_tile(app, play, "1G")
    press(app, bt.X)
    assert play.index == 0 and play.game.board == {} and play.words == LESSON[0].wrong
    assert "refuse" in app.effects
    select_tile(app, play, "6E")
    press(app, bt.X)
    assert play.index == 1 and play.game.board == {"6E": "#"}


def test_a_wrong_purchase_is_explained_and_taken():
    app = lesson_app()
    play = lesson_to(app, 3)  # the first purchase
    ui = play.screen
    while ui.option != "DONE":
        press(app, bt.RIGHT)
    press(app, bt.X)  # nothing bought
    assert play.index == 4 and play.note == LESSON[3].wrong
    run_until(app, lesson_ready(app, play))
    assert play.index == 4 and play.words == LESSON[4].prompt  # the lesson goes on


def test_another_chain_at_the_founding_and_a_tie_survivor_are_both_fine():
    app = lesson_app()
    play = lesson_to(app, 2)
    assert isinstance(play.screen, ChoiceScreen)
    press(app, bt.RIGHT, bt.RIGHT, bt.X)  # American, not the first on offer
    assert play.game.chain_size("A") == 2 and play.note == LESSON[2].after
    play = lesson_to(app, 10)
    assert isinstance(play.screen, ChoiceScreen) and play.screen.kind == "survivor"
    press(app, bt.RIGHT, bt.X)
    assert play.index == 11


def test_saying_no_to_the_end_is_refused_with_the_reason():
    app = lesson_app()
    play = lesson_to(app, 14)
    ui = play.screen
    assert isinstance(ui, DeclareScreen) and ui.index == 1  # YES pointed at
    press(app, bt.LEFT, bt.X)  # NO
    assert play.index == 14 and play.words == LESSON[14].wrong and play.screen is ui
    press(app, bt.RIGHT, bt.X, bt.RIGHT, bt.X)  # YES, END IT
    assert play.index == 15
    lesson_take(app, play)
    run_until(app, lambda: isinstance(app.scene, GameOver))


def test_the_turn_guard_still_holds_in_the_lesson():
    app = lesson_app()
    play = lesson_to(app, 0)
    lesson_take(app, play)  # 6E; then the computers play and your next turn begins
    run_until(app, lambda: isinstance(play.stage, Deciding) and play.game.current == 0)
    assert not play.stage.armed
    for _ in range(3 * GUARD_FRAMES):  # X held (hurrying the computers) decides nothing
        app.update(X)
    assert play.index == 1 and play.game.board.get("7E") is None and play.stage.recap
    run_until(app, lesson_ready(app, play))  # released: the recap closes, then X places
    press(app, bt.X)
    assert play.index == 2 and play.game.board.get("7E") is not None


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
    assert store.load_game()[0] is None and play.index == 4


def test_the_first_start_offers_the_lesson_once(tmp_path):
    store = Storage.in_directory(tmp_path)
    app = open_app(store)
    title = app.scene
    assert isinstance(title, menus.Title) and title.offer and "Learn to play" in title.menu.items
    press(app, bt.DOWN)  # seen
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
    assert isinstance(play, LessonPlay) and play.square == LESSON[index].square
    _, y, _, h = panel_box(play)
    _, sy, _, sh = square_box(play.square)
    assert h > 0 and (sy + sh <= y or y + h <= sy)
