"""Through the app: persisted settings, autosave and Continue, damaged records, stats,
pass-and-play, the hint, and sounds from events. Every test keeps its records in tmp_path."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from acquire8.ai.expert import ExpertBot
from acquire8.ai.hard import HardBot
from acquire8.ai.simple import EasyBot
from acquire8.app import buttons as bt
from acquire8.app import session
from acquire8.app.control import app as capp
from acquire8.app.control import decisions as dec
from acquire8.app.control import menus as menus
from acquire8.app.control import play as cplay
from acquire8.app.control.hint import hint
from acquire8.app.control.lesson import LESSON, LessonDone
from acquire8.app.control.reach import NotReached
from acquire8.app.control.scene import TURN_QUIET_FRAMES
from acquire8.app.control.stages import Deciding, Passing, decision_seed
from acquire8.app.control.standings import GameOver
from acquire8.app.demo import NOTHING, lesson_to, position, press, run_until, select, start, where
from acquire8.app.session import open_app
from acquire8.app.text import LINE_CHARS
from acquire8.rules import BuyShares, Dispose, FoundChain, Game, Options, Phase, PlaceTile
from acquire8.rules import events as ev
from acquire8.rules.record import action_to_dict
from acquire8.storage import (
    MSG_SAVE_DAMAGED,
    MSG_SAVE_NEWER,
    MSG_SETTINGS_DAMAGED,
    MSG_SETTINGS_NEWER,
    PERSON,
    Settings,
    Storage,
)

X = frozenset({bt.X})


def store_in(path: Path, **settings: object) -> Storage:
    """A player who has seen the title's lesson offer: the title starts on New game."""
    store = Storage.in_directory(path)
    if settings or not (path / "settings.json").exists():
        store.save_settings(Settings(**{"lesson_offered": True, **settings}))  # type: ignore[arg-type]
    return store


class Watched(session.Keeper):
    """The keeper of `storage`; `saved` sees each play after it is kept."""

    def __init__(self, storage: Storage, saved: Callable[[cplay.Play], object]) -> None:
        super().__init__(storage)
        self.saved = saved

    def progress(self, play: cplay.Play) -> str | None:
        msg = super().progress(play)
        self.saved(play)
        return msg


def to_new_game(app: capp.App) -> None:
    """The title's cursor up to New game (the first start puts it on Learn to play)."""
    title = app.scene
    assert isinstance(title, menus.Title)
    while title.menu.item != "New game":
        press(app, bt.UP)


def title_pick(app: capp.App, item: str) -> None:
    """Select `item` on the title menu and press X."""
    title = app.scene
    assert isinstance(title, menus.Title)
    title.menu.index = title.menu.items.index(item)
    app.update(X)


def play_until(app: capp.App, done, limit: int = 100_000) -> None:
    """X every other frame (the person takes the offered choice) until `done()`."""
    for i in range(limit):
        if done():
            return
        app.update(X if i % (TURN_QUIET_FRAMES + 1) == 0 else NOTHING)
    raise NotReached(f"not reached in {limit} frames: {where(app)}")


def new_game(app: capp.App) -> cplay.Play:
    """From the title: New game, then Start with the stored defaults; the game on screen."""
    app.update(X)
    app.update(X)
    play = app.scene
    assert isinstance(play, cplay.Play)
    return play


def deciding(play: cplay.Play) -> bool:
    """The person at the keys has a decision on screen."""
    return isinstance(play.stage, Deciding) and play.is_person(play.game.current)


def over(app: capp.App) -> bool:
    return isinstance(app.scene, GameOver)


# -------------------------------------------------------------- settings


def test_settings_persist_across_restarts(tmp_path):
    app = open_app(store_in(tmp_path))
    assert app.settings == Settings() and not app.notices
    title_pick(app, "Settings")
    scene = app.scene
    assert isinstance(scene, menus.SettingsScene)
    for row, presses in (("music", 1), ("pace", 2), ("contrast", 1), ("end", 1), ("holdings", 1)):
        scene.menu.index = scene.menu.items.index(row)
        press(app, *[bt.RIGHT] * presses)
    scene.menu.index = scene.menu.items.index("opponents")
    press(app, bt.LEFT)  # 3 -> 2 opponents
    scene.menu.index = scene.menu.items.index("level1")
    press(app, bt.RIGHT, bt.RIGHT)  # normal -> hard -> expert
    expected = Settings(
        music=False,
        pace="instant",
        high_contrast=True,
        options=Options(end="auto", holdings="hidden"),
        opponents=2,
        levels=["normal", "expert", "normal", "normal", "normal"],
    )
    assert app.settings == expected
    again = open_app(store_in(tmp_path))  # a restart: a new App on the same records
    assert again.settings == expected and not again.notices
    # Setup starts from them, and a new game takes its rules options from them.
    again.update(X)
    again.update(X)
    play = again.scene
    assert isinstance(play, cplay.Play)
    assert play.game.players == 3 and play.levels == {1: "normal", 2: "expert"}
    assert play.game.options.end == "auto" and play.game.options.holdings == "hidden"


def test_setup_changes_are_the_next_defaults(tmp_path):
    app = open_app(store_in(tmp_path))
    app.update(X)  # New game
    setup = app.scene
    assert isinstance(setup, menus.Setup)
    select(app, "opponents")
    press(app, bt.RIGHT)  # 4 opponents
    assert open_app(store_in(tmp_path)).settings.opponents == 4


def test_the_setup_after_a_continued_game_offers_its_opponents(tmp_path):
    # A game against one hard opponent, saved; the settings meanwhile back at three normal.
    app = open_app(
        store_in(tmp_path, opponents=1, levels=["hard", *["normal"] * 4], options=Options(holdings="hidden"))
    )
    play = new_game(app)
    assert play.levels == {1: "hard"}
    # Saved while the person decides, so no computer moves between Continue and the undo.
    play_until(app, lambda: len(play.actions) > 4 and deciding(play))
    app.keep_progress()
    store_in(tmp_path, opponents=3)
    again = open_app(store_in(tmp_path))
    assert again.settings.opponents == 3
    title_pick(again, "Continue")
    resumed = again.scene
    assert isinstance(resumed, cplay.Play) and resumed.levels == {1: "hard"}
    for _ in range(1000):  # the continued turn's opening line shows, then the decision
        if deciding(resumed):
            break
        again.update(NOTHING)
    press(again, bt.UNDO)  # nothing before Continue can be taken back, and it says so whole
    assert resumed.message == "Can't undo past Continue"
    play_until(again, lambda: over(again))
    again.scene.menu.index = again.scene.menu.items.index("New game")
    run_until(again, lambda: again.scene.armed)
    again.update(X)
    setup = again.scene
    assert isinstance(setup, menus.Setup)
    assert setup.rows == [row.name for row in menus.setup_rows(again.settings)] + ["start"]
    assert [name for name in setup.rows if name.startswith("level")] == ["level0"]
    assert again.settings.levels[0] == "hard" and again.settings.options.holdings == "hidden"
    assert open_app(store_in(tmp_path)).settings.opponents == 1  # and stored so


# -------------------------------------------------------------- saved games


def test_save_quit_continue_resumes_the_identical_game(tmp_path):
    levels = ["normal", "hard", "easy", "normal", "normal"]
    first = store_in(tmp_path / "a", pace="instant", levels=levels)
    turns: list[tuple[Game, int]] = []

    def on_turn(play: cplay.Play) -> None:
        if len(turns) == 7:  # a mid-game save, copied away: the "quit" of this test
            copy = tmp_path / "b"
            copy.mkdir()
            (copy / "save.json").write_bytes((tmp_path / "a" / "save.json").read_bytes())
            (copy / "settings.json").write_bytes((tmp_path / "a" / "settings.json").read_bytes())
        turns.append((play.game.copy(), len(play.actions)))

    app = capp.App(seed=5, keeper=Watched(first, on_turn))
    play = new_game(app)
    play_until(app, lambda: over(app))
    saved_game, saved_actions = turns[7]

    again = open_app(store_in(tmp_path / "b"), seed=99)
    assert "Continue" in again.scene.menu.items and not again.notices
    title_pick(again, "Continue")
    resumed = again.scene
    assert isinstance(resumed, cplay.Play)
    assert resumed.game == saved_game  # same board, hands, pool order, rules random state
    assert resumed.actions == play.actions[:saved_actions]
    assert resumed.levels == play.levels and resumed.seed == play.seed
    assert resumed.game.names == play.game.names
    assert resumed.log[-1] == "Game continued" and len(resumed.log) > 10  # the log carries over
    play_until(again, lambda: over(again))
    assert resumed.actions == play.actions  # every decision after Continue is the same
    assert resumed.game == play.game and resumed.game.scores() == play.game.scores()


def test_the_save_holds_the_plays_actions_after_some_were_taken_back_between_saves(tmp_path):
    """The keeper encodes only the actions the last save did not have: an undo followed by
    another decision before the next save must not leave the undone action in the save."""
    store = store_in(tmp_path, pace="instant")
    app = open_app(store, seed=3)
    play = new_game(app)
    play_until(app, lambda: len(play.actions) > 12)
    keep = app.keeper.progress

    def saved_actions() -> list[dict]:
        meta = json.loads((tmp_path / "save.json").read_text())["meta"]
        return meta["actions"]

    keep(play)
    assert saved_actions() == [action_to_dict(a) for a in play.actions]
    play.actions[-1] = PlaceTile("12I")  # one taken back and another decided, as many as before
    keep(play)
    assert saved_actions() == [action_to_dict(a) for a in play.actions]
    play.actions[-3:] = [PlaceTile("1A")]  # three taken back, one other
    keep(play)
    assert saved_actions() == [action_to_dict(a) for a in play.actions]
    assert saved_actions()[-1] == {"type": "PlaceTile", "tile": "1A"}


def test_a_finished_game_deletes_its_save_and_counts_in_the_stats(tmp_path):
    store = store_in(tmp_path, pace="instant", opponents=2, levels=["easy", "hard", *["normal"] * 3])
    app = open_app(store, seed=3)
    play = new_game(app)
    play_until(app, lambda: (tmp_path / "save.json").exists())
    assert app.can_resume()
    play_until(app, lambda: over(app))
    assert not (tmp_path / "save.json").exists() and not app.can_resume()
    stats, msg = store.load_stats()
    assert msg is None and list(stats.by_level) == ["hard"]  # the strongest opponent
    row = stats.by_level["hard"]
    assert row.played == 1 and row.won == int(0 in play.game.winners())
    assert row.best_cash == play.game.scores()[0]
    app.update(X)  # too soon: the final standings stay 2 s and wait for X to be let go ...
    over_screen = app.scene
    assert isinstance(over_screen, GameOver)
    run_until(app, lambda: over_screen.armed)
    over_screen.menu.index = over_screen.menu.items.index("New game")  # chosen: it is not the first item
    app.update(X)  # ... then New game from the game-over screen, back out to the title
    app.update(frozenset({bt.O}))
    assert isinstance(app.scene, menus.Title) and "Continue" not in app.scene.menu.items
    title_pick(app, "Stats")
    shown = app.scene
    assert isinstance(shown, menus.StatsScene)
    assert shown.rows == [("hard", 1, row.won, row.best_cash)]


@pytest.fixture(scope="module")
def good_save(tmp_path_factory) -> str:
    """A valid autosave's text, from a game a few turns in."""
    path = tmp_path_factory.mktemp("good")
    app = open_app(store_in(path, pace="instant"), seed=8)
    app.update(X)
    app.update(X)
    play_until(app, lambda: len(app.scene.actions) > 12 if isinstance(app.scene, cplay.Play) else False)
    return (path / "save.json").read_text()


def _meta(text: str, **change: object) -> str:
    data = json.loads(text)
    data["meta"].update(change)
    return json.dumps(data)


DAMAGED = {
    "truncated": (lambda t: t[: len(t) // 2], MSG_SAVE_DAMAGED),
    "empty": (lambda t: "", MSG_SAVE_DAMAGED),
    "garbage": (lambda t: "\x00\x01 not json at all \ufffd", MSG_SAVE_DAMAGED),
    "not an object": (lambda t: "[1, 2, 3]", MSG_SAVE_DAMAGED),
    "newer save": (lambda t: json.dumps({**json.loads(t), "format": 99}), MSG_SAVE_NEWER),
    "bad board": (lambda t: t.replace('"board":[', '"board":["XX",', 1), MSG_SAVE_DAMAGED),
    "unknown seat": (lambda t: _meta(t, seats=["person", "godlike", "normal", "normal"]), MSG_SAVE_DAMAGED),
    "bad action": (lambda t: _meta(t, actions=[{"type": "Teleport"}]), MSG_SAVE_DAMAGED),
    "newer meta": (lambda t: _meta(t, format=7), MSG_SAVE_DAMAGED),
}


@pytest.mark.parametrize("case", sorted(DAMAGED))
def test_a_damaged_save_gives_a_message_is_kept_aside_and_a_new_game_starts(tmp_path, good_save, case):
    damage, message = DAMAGED[case]
    bad = damage(good_save)
    assert "board" in good_save and bad != good_save
    (tmp_path / "save.json").write_text(bad, encoding="utf-8")
    app = open_app(store_in(tmp_path), seed=1)
    assert app.notices == [message]
    assert "Continue" not in app.scene.menu.items
    kept = list(tmp_path.glob("save.json.*"))
    assert len(kept) == 1 and kept[0].read_bytes() == bad.encode()  # kept aside as it was, never deleted
    assert not (tmp_path / "save.json").exists()
    app.update(X)
    app.update(X)
    assert isinstance(app.scene, cplay.Play) and not app.notices
    again = open_app(store_in(tmp_path))  # the next start is clean
    assert not again.notices


def test_the_valid_save_itself_continues(tmp_path, good_save):
    (tmp_path / "save.json").write_text(good_save)
    app = open_app(store_in(tmp_path))
    assert not app.notices
    title_pick(app, "Continue")
    assert isinstance(app.scene, cplay.Play) and app.scene.message == "Game continued"


def test_a_save_damaged_while_the_title_shows_gives_a_message_not_a_crash(tmp_path, good_save):
    (tmp_path / "save.json").write_text(good_save)
    app = open_app(store_in(tmp_path))
    (tmp_path / "save.json").write_text(good_save[:100])
    title_pick(app, "Continue")
    assert isinstance(app.scene, menus.Title) and app.notices == [MSG_SAVE_DAMAGED]
    assert "Continue" not in app.scene.menu.items
    assert len(list(tmp_path.glob("save.json.*"))) == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [("{not json", MSG_SETTINGS_DAMAGED), ('{"format": 3, "music": false}', MSG_SETTINGS_NEWER)],
)
def test_damaged_settings_give_a_message_and_defaults(tmp_path, text, message):
    (tmp_path / "settings.json").write_text(text)
    app = open_app(store_in(tmp_path))
    assert app.notices == [message] and app.settings == Settings()
    assert len(list(tmp_path.glob("settings.json.*"))) == 1
    to_new_game(app)  # defaults: the lesson not yet offered
    app.update(X)
    app.update(X)
    assert isinstance(app.scene, cplay.Play)


def test_the_title_draws_the_message(tmp_path, pyxel_headless, monkeypatch, text_bounds):
    from acquire8.app import views

    (tmp_path / "save.json").write_text("{")
    app = open_app(store_in(tmp_path))
    drawn: list[str] = []
    real = pyxel_headless.text
    monkeypatch.setattr(pyxel_headless, "text", lambda x, y, s, c: (drawn.append(s), real(x, y, s, c)))
    views.draw(app)
    assert MSG_SAVE_DAMAGED in drawn
    assert not text_bounds


def test_computer_decisions_are_seeded_per_decision():
    from acquire8.ai import make_bot

    g = Game.from_json(position())
    a, b = make_bot("normal", 1), make_bot("normal", 2)
    b.rng.random()  # a different history of random numbers
    seed = decision_seed(4, 1, 10)
    picks = []
    for bot in (a, b):
        bot.reseed(seed)
        picks.append([bot.rng.random() for _ in range(3)])
    assert picks[0] == picks[1]
    expert = make_bot("expert", 3, iterations=1)
    expert.reseed(seed)
    assert expert.rng.random() == expert.hard.rng.random()
    assert g.legal_actions()  # the position is playable


def test_actions_round_trip_through_json():
    for action in (PlaceTile("5A"), FoundChain("T"), Dispose(2, 4), BuyShares(("A", "T", "T"))):
        data = json.loads(json.dumps(session.action_to_dict(action)))
        assert session.action_from_dict(data) == action
    with pytest.raises(ValueError):
        session.action_from_dict({"type": "Dispose", "sell": 1, "bogus": 2})


# -------------------------------------------------------------- pass-and-play


def pass_and_play(tmp_path: Path) -> capp.App:
    """Three seats: two people (P1, P2) and one easy computer."""
    store = store_in(tmp_path, pace="instant", opponents=2, levels=[PERSON, "easy", *["normal"] * 3])
    app = open_app(store, seed=21)
    app.update(X)
    app.update(X)
    return app


def test_pass_and_play_names_and_seats(tmp_path):
    app = pass_and_play(tmp_path)
    play = app.scene if isinstance(app.scene, cplay.Play) else app.scenes[0]
    assert isinstance(play, cplay.Play)
    assert play.game.names == ["P1", "P2", "Bob"] and play.people == {0, 1}
    assert play.levels == {2: "easy"}


def test_pass_screen_hides_the_hand_until_x(tmp_path, pyxel_headless, monkeypatch):
    from acquire8.app import constants as k
    from acquire8.app import views

    app = pass_and_play(tmp_path)
    play = app.scenes[0]
    assert isinstance(play, cplay.Play)
    drawn: list[str] = []
    real = pyxel_headless.text
    monkeypatch.setattr(pyxel_headless, "text", lambda x, y, s, c: (drawn.append(s), real(x, y, s, c)))
    seen: list[int] = []
    for _ in range(4000):
        if over(app) or len(seen) >= 4:
            break
        if app.scene is play and isinstance(play.stage, Passing):
            seat = play.stage.seat
            assert seat is not None and play.is_person(seat)
            tiles = set(play.game.hand(0)) | set(play.game.hand(1))
            for frames in (0, TURN_QUIET_FRAMES):  # at once, and once the guard is over
                for _ in range(frames):
                    app.update(NOTHING)
                drawn.clear()
                views.draw(app)
                ready = f"{play.game.names[seat]}: press X when ready"
                assert (ready if play.stage.armed else "Let go of X...") in drawn  # says when X is live
                assert not tiles & set(drawn), "a tile name is on the pass screen"
                rows = range(k.HAND_Y - 4, k.PREVIEW_Y + 3)  # the hand and its preview line
                hand_row = {pyxel_headless.screen.pget(x, y) for y in rows for x in range(128)}
                assert hand_row == {k.BG}, "the hand row is not empty"
            assert isinstance(play.stage, Passing)  # nothing but X lets it go
            seen.append(seat)
            app.update(X)
            assert app.scene is play and play.hand() == sorted(
                play.game.hand(seat), key=lambda t: (t[-1], int(t[:-1]))
            )
            continue
        app.update(X if app.frame % (TURN_QUIET_FRAMES + 1) == 0 else NOTHING)
    assert {0, 1} <= set(seen)
    for line in play.log:  # the shared log never names a drawn tile
        assert not ("draw" in line and any(tile in line.split() for tile in play.game.hand(0)))


def test_a_pass_and_play_game_reaches_the_end(tmp_path):
    app = pass_and_play(tmp_path)
    play = app.scenes[0]
    play_until(app, lambda: over(app))
    assert isinstance(play, cplay.Play)
    assert app.scene.headline.endswith(("win", "wins"))  # no "You win" when several people play
    stats, _ = app.load_stats()
    # Pass-and-play counts under "people" alone, won when any person won: no one player's game.
    assert stats.total().played == 0 and list(stats.by_level) == ["people"]
    g = play.game
    assert stats.by_level["people"].won == int(bool(set(g.winners()) & play.people))
    assert stats.by_level["people"].best_cash == max(g.scores()[s] for s in play.people)


# -------------------------------------------------------------- hint


def test_hint_is_legal_and_one_short_line_in_every_phase():
    from acquire8.ai import make_bot

    phases: set[str] = set()
    for seed in range(3):
        g = Game.new(players=3, seed=seed)
        bot = make_bot("normal", seed)
        while not g.is_over and len(phases) < 7:
            action, line = hint(g)
            assert action in g.legal_actions()
            assert all(0 < len(part) <= LINE_CHARS for part in line.split("\n")), line
            assert line.count("\n") <= 1 and (":" in line or "\n" in line), line
            phases.add(g.phase)
            g.apply(bot.choose(g.view(g.current)))
    assert {Phase.PLACE, Phase.FOUND, Phase.BUY} <= phases


def test_hint_from_the_pause_menu_selects_the_advised_tile():
    app = capp.App(seed=2)
    play = start(app, Game.from_json(position()))
    for _ in range(200):
        if play.screen is not None and not play.busy and not play.guarding:
            break
        app.update(NOTHING)
    press(app, bt.MENU)
    pause = app.scene
    assert isinstance(pause, menus.Pause)
    pause.menu.index = pause.menu.items.index("Hint")
    app.update(X)
    assert app.scene is play
    assert isinstance(play.chosen.hint, PlaceTile) and play.chosen.hint in play.game.legal_actions()
    assert all(len(part) <= LINE_CHARS for part in play.message.split("\n"))
    assert play.message.startswith(play.chosen.hint.tile)
    app.update(NOTHING)
    assert isinstance(play.screen, dec.PlaceScreen) and play.screen.tile == play.chosen.hint.tile


def test_no_hint_during_computer_turns():
    app = capp.App(seed=2)
    play = start(app, Game.from_json(position()))
    play.people = set()  # nobody decides now
    play.show_hint()
    assert play.chosen.hint is None and play.message.startswith("No hint")


# -------------------------------------------------------------- sounds


def test_events_through_the_app_play_their_effects(pyxel_headless, monkeypatch):
    """A whole game through the Shell with the real Audio: every frame in which the screen
    shows an event with a sound plays that sound on the effect channel."""
    from acquire8.app import audio as audio_mod
    from acquire8.app.shell import Shell

    played: list[tuple[int, int]] = []
    real = pyxel_headless.play
    monkeypatch.setattr(
        pyxel_headless, "play", lambda ch, snd, *a, **kw: (played.append((ch, snd)), real(ch, snd, *a, **kw))
    )
    app = capp.App(settings=Settings(pace="instant", levels=["normal"] * 5), seed=6)
    shell = Shell(app)
    assert shell.audio is not None
    checked: set[str] = set()
    shell.update(X)
    shell.update(X)
    for i in range(20_000):
        if over(app):
            break
        played.clear()
        app.update(X if i % (TURN_QUIET_FRAMES + 1) == 0 else NOTHING)
        frame_events = list(app.heard)
        shell._sound()  # what Shell.update does after the controllers
        name = audio_mod.effect_for(frame_events)
        if name is not None:
            assert (audio_mod.EFFECT_CHANNEL, audio_mod.EFFECTS[name]) in played, (name, frame_events)
            checked.add(name)
    else:
        pytest.fail("no game over")
    assert {"place", "found", "buy"} <= checked
    assert any(isinstance(e, ev.GameOver) for e in app.scenes[0].shown)


def test_quit_to_title_then_continue_returns_to_the_last_turn(tmp_path):
    saves: list[Game] = []
    keeper = Watched(store_in(tmp_path, pace="instant"), lambda p: saves.append(p.game.copy()))
    app = capp.App(seed=4, keeper=keeper)
    play = new_game(app)
    play_until(app, lambda: len(saves) >= 5 and app.scene is play and not play.busy)
    press(app, bt.MENU)
    pause = app.scene
    assert isinstance(pause, menus.Pause)
    pause.menu.index = pause.menu.items.index("Quit to title")
    app.update(X)
    assert isinstance(app.scene, menus.Confirm) and "Continue" in app.scene.detail  # says what it means
    press(app, bt.RIGHT, bt.X)
    assert isinstance(app.scene, menus.Title) and "Continue" in app.scene.menu.items
    assert app.scene.menu.item == "Continue"  # the title starts on Continue
    title_pick(app, "Continue")
    assert isinstance(app.scene, cplay.Play) and app.scene is not play
    assert app.scene.game == saves[-1]


def to_a_buy_with_choice(app: capp.App, play: cplay.Play) -> dec.BuyScreen:
    """X whenever it is live (each decision's default) until a buy step offers two chains."""
    for i in range(100_000):
        screen = play.screen
        live = isinstance(screen, dec.BuyScreen) and play.stage.armed and app.scene is play
        if live and sum(screen.can_add(c) for c in screen.chains) >= 2 and not play.stage.recap:
            return screen
        app.update(X if i % (TURN_QUIET_FRAMES + 1) == 0 else NOTHING)
    raise AssertionError("no buy step with two chains to buy")


def quit_to_title(app: capp.App) -> None:
    press(app, bt.MENU)
    app.scene.menu.index = app.scene.menu.items.index("Quit to title")
    press(app, bt.X, bt.RIGHT, bt.X)
    assert isinstance(app.scene, menus.Title)


def test_the_buy_steps_cart_stays_through_the_pause_menu_and_continue(tmp_path):
    app = open_app(store_in(tmp_path, pace="instant"), seed=4)
    play = new_game(app)
    screen = to_a_buy_with_choice(app, play)
    press(app, bt.X)  # a share of the chain selected
    first = screen.cart[0]
    while screen.option in (first, "UNDO", "DONE") or not screen.can_add(screen.option):
        press(app, bt.RIGHT)
    press(app, bt.X)  # and one of another
    cart, option = list(screen.cart), screen.option
    assert len(cart) == 2 and play.screen is screen
    press(app, bt.MENU)
    press(app, bt.X)  # the pause menu's first item, Resume
    assert app.scene is play and play.screen is screen and screen.cart == cart
    quit_to_title(app)
    title_pick(app, "Continue")
    again = app.scene
    assert isinstance(again, cplay.Play) and again is not play
    for _ in range(200):
        app.update(NOTHING)
    back = again.screen
    assert isinstance(back, dec.BuyScreen) and back.cart == cart and back.option == option
    assert back.cost == screen.cost  # what the cart line shows
    press(app, bt.UNDO)  # the cart's last share out, as before
    assert back.cart == cart[:1]
    quit_to_title(app)  # the cart as it is now is what Continue brings back
    title_pick(app, "Continue")
    for _ in range(200):
        app.update(NOTHING)
    assert app.scene.screen.cart == cart[:1]


def test_an_unusable_cart_in_the_save_starts_the_buy_step_afresh(tmp_path):
    app = open_app(store_in(tmp_path, pace="instant"), seed=4)
    play = new_game(app)
    screen = to_a_buy_with_choice(app, play)
    press(app, bt.X)
    assert screen.cart
    quit_to_title(app)
    data = json.loads((tmp_path / "save.json").read_text())
    data["meta"]["buy"] = {"cart": ["Q", 7, None], "at": 3}
    (tmp_path / "save.json").write_text(json.dumps(data))
    app = open_app(store_in(tmp_path), seed=4)
    title_pick(app, "Continue")
    for _ in range(200):
        app.update(NOTHING)
    assert isinstance(app.scene.screen, dec.BuyScreen) and app.scene.screen.cart == [] and not app.notices


def test_new_game_over_a_saved_one_asks_first_saying_what_is_lost(tmp_path):
    app = open_app(store_in(tmp_path, pace="instant"), seed=4)
    play = new_game(app)
    play_until(app, lambda: sum(isinstance(a, BuyShares) for a in play.actions) >= 6 and not play.busy)
    press(app, bt.MENU)
    app.scene.menu.index = app.scene.menu.items.index("Quit to title")
    press(app, bt.X, bt.RIGHT, bt.X)
    title = app.scene
    assert isinstance(title, menus.Title) and title.menu.item == "Continue"
    saved = (tmp_path / "save.json").read_text()
    kept, _ = store_in(tmp_path).load_game()
    assert kept is not None
    g = kept.game
    rnd = 1 + sum(isinstance(a, BuyShares) for a in kept_actions(kept)) // g.players  # every turn once
    lead = g.net_worth(0) - max(g.net_worth(s) for s in range(1, g.players))
    title_pick(app, "New game")
    ask = app.scene
    assert isinstance(ask, menus.Confirm) and ask.labels == ("KEEP IT", "NEW GAME") and ask.index == 0
    words = "you lead by" if lead > 0 else "you trail by" if lead < 0 else "you are tied"
    assert f"Your game in progress (round {rnd}, {words}" in ask.detail
    assert ask.detail.endswith("will be replaced when the new game starts.")  # not before: KEEP IT, BACK
    if lead:
        assert txt_money(abs(lead)) in ask.detail
    press(app, bt.X)  # KEEP IT, the answer first offered
    assert app.scene is title and title.menu.item == "Continue"  # the next X goes on with it
    assert (tmp_path / "save.json").read_text() == saved
    press(app, bt.X)
    assert isinstance(app.scene, cplay.Play) and app.scene.game == g
    press(app, bt.MENU)
    app.scene.menu.index = app.scene.menu.items.index("Quit to title")
    press(app, bt.X, bt.RIGHT, bt.X)
    title_pick(app, "New game")
    press(app, bt.RIGHT, bt.X)  # NEW GAME: the setup, and its Start replaces the saved game
    assert isinstance(app.scene, menus.Setup)
    press(app, bt.X)
    fresh = app.scene
    assert isinstance(fresh, cplay.Play) and fresh.seed != play.seed and len(fresh.actions) < 3


def saved_seed(path: Path) -> int | None:
    """The seed of the game saved in `path` (None: no save)."""
    save = path / "save.json"
    return json.loads(save.read_text())["meta"]["seed"] if save.exists() else None


def test_every_way_to_a_new_game_keeps_the_saved_one_or_says_first_it_is_replaced(tmp_path):
    """The pause menu's New game (in a game and in the lesson), the title's (after Quit to
    title and after the lesson's end): each asks, saying the game in progress will be replaced,
    KEEP IT first; keeping it or backing out of the setup leaves the save as it was, and the
    setup's Start replaces it at once, so that Continue finds the new game."""
    app = open_app(store_in(tmp_path, pace="instant"), seed=4)
    first = new_game(app)
    app.update(NOTHING)  # the autosave's frame
    assert saved_seed(tmp_path) == first.seed  # saved from its start
    play_until(app, lambda: sum(isinstance(a, BuyShares) for a in first.actions) >= 2 and not first.busy)
    app.update(NOTHING)
    kept = (tmp_path / "save.json").read_text()
    # Every turn ends with a purchase; a round is every player's turn once.
    rnd = 1 + sum(isinstance(a, BuyShares) for a in first.actions) // first.game.players

    def asked(question: str, lesson: bool = False) -> None:
        ask = app.scene
        assert isinstance(ask, menus.Confirm) and ask.question == question, where(app)
        assert ask.labels == ("KEEP IT", "NEW GAME") and ask.index == 0
        assert f"Your game in progress (round {rnd}, " in ask.detail
        assert ask.detail.endswith("will be replaced when the new game starts.")
        assert "Continue" not in ask.detail  # nothing the setup's Start would undo
        assert ("The lesson is not kept" in ask.detail) == lesson

    def still_kept() -> None:
        assert (tmp_path / "save.json").read_text() == kept

    # In the game, the pause menu's New game: KEEP IT goes back to the game.
    press(app, bt.MENU)
    select(app, "New game")
    press(app, bt.X)
    asked("Leave for a new game?")
    press(app, bt.X)  # back on the pause menu
    press(app, bt.O)
    assert app.scene is first
    still_kept()
    # NEW GAME, then out of the setup without starting: the title continues the game.
    press(app, bt.MENU)
    select(app, "New game")
    press(app, bt.X, bt.RIGHT, bt.X)
    assert isinstance(app.scene, menus.Setup)
    press(app, bt.O)
    assert isinstance(app.scene, menus.Title) and app.scene.menu.item == "Continue"
    still_kept()
    # The title's New game (as after Quit to title): KEEP IT, and the cursor is on Continue.
    select(app, "New game")
    press(app, bt.X)
    asked("Start a new game?")
    press(app, bt.X)
    assert isinstance(app.scene, menus.Title) and app.scene.menu.item == "Continue"
    still_kept()
    # In the lesson, its pause menu's New game says both what it leaves and what it replaces.
    lesson = lesson_to(app, 2)
    press(app, bt.MENU)
    select(app, "New game")
    press(app, bt.X)
    asked("Leave for a new game?", lesson=True)
    press(app, bt.X, bt.O)
    assert app.scene is lesson
    still_kept()
    # The lesson's end leads to the title's New game, which asks.
    lesson_to(app, len(LESSON))
    run_until(app, lambda: app.scene.armed)
    press(app, bt.X)  # the standings' Next
    run_until(app, lambda: isinstance(app.scene, LessonDone) and app.scene.armed)
    press(app, bt.X)
    assert isinstance(app.scene, menus.Title) and app.scene.menu.item == "New game"
    press(app, bt.X)
    asked("Start a new game?")
    still_kept()
    # NEW GAME and the setup's Start: the new game is the saved one at once, before any decision.
    press(app, bt.RIGHT, bt.X, bt.X)
    fresh = app.scene
    assert isinstance(fresh, cplay.Play) and fresh.seed != first.seed
    assert saved_seed(tmp_path) == fresh.seed
    # Its pause menu says it is saved, and Continue finds it.
    press(app, bt.MENU)
    select(app, "Quit to title")
    press(app, bt.X)
    assert "Continue on the title resumes it" in app.scene.detail
    press(app, bt.RIGHT, bt.X)
    title_pick(app, "Continue")
    assert isinstance(app.scene, cplay.Play) and app.scene.seed == fresh.seed


def test_a_new_game_over_no_save_asks_nothing(tmp_path):
    app = open_app(store_in(tmp_path, pace="instant"), seed=4)
    press(app, bt.X)
    assert isinstance(app.scene, menus.Setup)  # the title's New game: straight to the setup
    press(app, bt.X)
    assert isinstance(app.scene, cplay.Play)


def kept_actions(saved) -> list:
    from acquire8.rules.record import action_from_dict

    return [action_from_dict(a) for a in saved.meta["actions"]]


def txt_money(amount: int) -> str:
    from acquire8.app.text import money

    return money(amount)


@pytest.mark.parametrize(
    ("cash", "seats", "words"),
    [
        ((6000, 4300, 5100, 3800), [PERSON, "easy", "easy", "easy"], "you lead by $900"),
        ((4000, 4300, 5100, 3800), [PERSON, "easy", "easy", "easy"], "you trail by $1,100"),
        ((5100, 4300, 5100, 3800), [PERSON, "easy", "easy", "easy"], "you are tied for the lead"),
        ((4000, 4300, 5100, 3800), [PERSON, PERSON, "easy", PERSON], "Bob leads by $800"),
    ],
)
def test_a_saved_game_in_a_few_words(cash, seats, words):
    from acquire8.storage import SavedGame

    text = json.loads(position())
    for player, amount in zip(text["players"], cash, strict=True):
        player["cash"] = amount
        player["shares"] = {}  # worth is cash here: see the next test for shares
    game = Game.from_json(json.dumps(text))
    played = (PlaceTile("9I"), BuyShares(()), PlaceTile("2C"), BuyShares(("A",)))
    actions = [action_to_dict(a) for a in played]
    meta = {"format": 1, "seed": 1, "seats": seats, "actions": actions}
    assert session.describe(SavedGame(game, meta)) == f"round 1, {words}"  # 2 of 4 turns played


def test_a_saved_game_is_told_by_its_round_every_players_turn_once():
    from acquire8.storage import SavedGame

    game = Game.from_json(position())
    seats = [PERSON, "easy", "easy", "easy"]
    for turns, rnd in ((0, 1), (3, 1), (4, 2), (9, 3)):
        actions = [action_to_dict(BuyShares(()))] * turns
        meta = {"format": 1, "seed": 1, "seats": seats, "actions": actions}
        assert session.describe(SavedGame(game, meta)).startswith(f"round {rnd}, ")


def test_a_saved_game_is_told_by_net_worth_as_every_other_screen_compares():
    from acquire8.storage import SavedGame

    game = Game.from_json(position())
    worth = [game.net_worth(s) for s in range(game.players)]
    cash = [game.cash(s) for s in range(game.players)]
    assert worth != cash  # the demo's players hold shares: the two comparisons differ
    gap = worth[0] - max(worth[1:])
    meta = {"format": 1, "seed": 1, "seats": [PERSON, "easy", "easy", "easy"], "actions": []}
    said = session.describe(SavedGame(game, meta))
    assert said == f"round 1, you {'lead' if gap > 0 else 'trail'} by {txt_money(abs(gap))}"


def test_hidden_holdings_show_only_your_own_and_the_banks(pyxel_headless, monkeypatch):
    from acquire8.app import views

    text = json.loads(position())
    text["options"] = {**Options().to_dict(), "holdings": "hidden"}
    app = capp.App(seed=2)
    play = start(app, Game.from_json(json.dumps(text)))
    for _ in range(200):
        if play.screen is not None and not play.busy:
            break
        app.update(NOTHING)
    press(app, bt.O)
    select(app, "chains")  # every chain's standing
    assert isinstance(app.scene, menus.Chart) and app.scene.PAGES[app.scene.page] == "chains"
    drawn: list[str] = []
    real = pyxel_headless.text
    monkeypatch.setattr(pyxel_headless, "text", lambda x, y, s, c: (drawn.append(s), real(x, y, s, c)))
    views.draw(app)
    names = play.game.names[1:]
    assert not [line for line in drawn if any(name in line for name in names)]
    assert "you hold 3" in drawn  # Luxor: your own count
    assert any(line.endswith("bk19") for line in drawn)  # Luxor's bank: 25 - 3 - 2 - 1


def test_new_screens_fit_the_screen(tmp_path, pyxel_headless, text_bounds):
    from acquire8.app import views
    from acquire8.storage import GameResult

    levels = [PERSON, "easy", "hard", "expert", "normal"]
    store = store_in(tmp_path)
    for level in ("hard", "easy", "expert", "normal"):
        store.record_game(GameResult(won=True, cash=123_456, level=level))
    store.record_game(GameResult(won=False, cash=6000, level="people"))
    (tmp_path / "save.json").write_text("{")
    settings = Settings(opponents=5, levels=levels).to_dict()
    (tmp_path / "settings.json").write_text(json.dumps({**settings, "pace": "warp"}))
    app = open_app(store_in(tmp_path))
    assert len(app.notices) == 2 and app.settings.levels == levels and app.settings.pace == "normal"
    views.draw(app)
    for item in ("Settings", "Stats", "New game"):
        title_pick(app, item)
        views.draw(app)
        app.update(frozenset({bt.O}))
    assert not text_bounds


def test_the_expert_knows_the_levels_it_plays_and_not_the_person():
    game = Game.new(players=4, seed=3)
    play = capp.make_play(capp.App(seed=2), game, [PERSON, "hard", "expert", "easy"], seed=None)
    expert = play.bots[2]
    assert isinstance(expert, ExpertBot)
    models = expert.seat_models  # the person's seat is left to the leanings
    assert set(models) == {1, 2, 3} and isinstance(models[3], EasyBot) and isinstance(models[1], HardBot)


def test_a_persons_disposal_in_anothers_merger_is_passed_to_them():
    app = capp.App(seed=2)
    game = Game.from_json(position())  # 5A merges Tower and Luxor; seats 0 and 1 hold Luxor
    play = capp.make_play(app, game, [PERSON, PERSON, "normal", "normal"], seed=None)
    app.goto(play)
    passes: list[tuple[int, str]] = []
    for _ in range(400):
        if app.scene is play and isinstance(play.stage, Passing):
            passes.append((play.stage.seat, play.game.phase))
            for _ in range(TURN_QUIET_FRAMES):  # the pass screen takes X once it has been up 1.1 s
                app.update(NOTHING)
            app.update(X)
            continue
        if app.scene is not play:  # the merger summary: read, then closed
            for _ in range(TURN_QUIET_FRAMES):
                app.update(NOTHING)
            app.update(X)
            continue
        if isinstance(play.screen, dec.PlaceScreen) and not play.busy and not play.guarding:
            if play.game.current != 0 or play.game.turn != 0:
                break
            while play.screen.tile != "5A":
                app.update(frozenset({bt.RIGHT}))
                app.update(NOTHING)
        app.update(X if app.frame % (TURN_QUIET_FRAMES + 1) == 0 else NOTHING)
    # P1 disposes of its own Luxor without a pass, P2 gets the device for its disposal, then the
    # device comes back to P1 for the purchase.
    assert passes[:3] == [(0, Phase.PLACE), (1, Phase.DISPOSE), (0, Phase.BUY)], passes


def test_damaged_stats_show_a_message_on_the_stats_screen(tmp_path):
    from acquire8.storage import MSG_STATS_DAMAGED

    (tmp_path / "stats.json").write_text('{"format": 1, "levels": {"hard": {"played": -4}}}')
    app = open_app(store_in(tmp_path))
    title_pick(app, "Stats")
    shown = app.scene
    assert isinstance(shown, menus.StatsScene) and shown.message == MSG_STATS_DAMAGED and shown.rows == []
    assert len(list(tmp_path.glob("stats.json.*"))) == 1


def test_a_failed_autosave_says_so_and_keeps_the_previous_save(tmp_path):
    from acquire8.storage import MSG_SAVE_FAILED

    store = store_in(tmp_path, pace="instant")
    app = open_app(store, seed=9)
    play = new_game(app)
    play_until(app, lambda: (tmp_path / "save.json").exists())
    before = (tmp_path / "save.json").read_text()
    turns = len(play.actions)

    def full(key: str, text: str) -> None:
        raise OSError(28, "No space left on device")

    store.backend.write = full  # type: ignore[method-assign]
    messages: list[str] = []
    play_until(app, lambda: messages.append(play.message) or len(play.actions) > turns + 8)
    assert MSG_SAVE_FAILED in messages and MSG_SAVE_FAILED in play.log
    assert (tmp_path / "save.json").read_text() == before


def test_settings_that_cannot_be_stored_say_so_on_the_title(tmp_path):
    from acquire8.storage import MSG_SETTINGS_FAILED

    store = store_in(tmp_path)
    app = open_app(store)
    assert not app.notices

    def full(key: str, text: str) -> None:
        raise OSError(28, "No space left on device")

    store.backend.write = full  # type: ignore[method-assign]
    title_pick(app, "Settings")
    press(app, bt.RIGHT)  # the first row changed: the frame's end stores the settings
    assert app.notices == [MSG_SETTINGS_FAILED]
    press(app, bt.MENU)
    assert isinstance(app.scene, menus.Title) and app.notices == [MSG_SETTINGS_FAILED]


def test_random_presses_with_records_and_people_raise_nothing(tmp_path, monkeypatch):
    """Title, settings, stats, pass screens, Continue and autosaves under random presses."""
    import random

    monkeypatch.setattr(menus.rows, "LEVELS", ("normal", "easy"))  # fast computer players only
    monkeypatch.setattr("os.fsync", lambda fd: None)  # hundreds of autosaves: skip the disk flushes
    rng = random.Random(5)
    buttons = (bt.LEFT, bt.RIGHT, bt.UP, bt.DOWN, bt.O, bt.MENU)
    frames = 0
    for run in range(5):
        levels = [rng.choice((PERSON, "easy")) for _ in range(5)]
        store = store_in(tmp_path, pace="instant", levels=levels, opponents=1 + run)
        app = open_app(store, seed=run, can_quit=False)
        for _ in range(2000):
            pressed = {bt.X} if rng.random() < 0.5 else set()
            if rng.random() < 0.3:
                pressed.add(rng.choice(buttons))
            app.update(frozenset(pressed))
            frames += 1
            assert app.scenes and (isinstance(app.scenes[0], menus.Title | cplay.Play))
    assert frames == 10_000


def _merge_position(theirs: int, holdings: str) -> Game:
    data = {
        "format": 1,
        "board": ["TTT.LL......", *["............"] * 8],
        "players": [
            {"name": "You", "cash": 6000, "shares": {"L": 3}, "hand": ["4A"]},
            {"name": "Ana", "cash": 6000, "shares": {"L": theirs}, "hand": []},
            {"name": "Bob", "cash": 6000, "hand": []},
        ],
        "pool": ["9I", "1C", "5E"],
        "current": 0,
        "options": {**Options().to_dict(), "holdings": holdings},
    }
    return Game.from_json(json.dumps(data))


def test_hint_reasons_never_read_hidden_holdings():
    from acquire8.app.control.hint import why

    def reason(theirs: int, holdings: str) -> str:
        g = _merge_position(theirs, holdings)
        return why(g.view(0), 0, PlaceTile("4A"))

    assert "majority" in reason(1, "open") and "minority" in reason(5, "open")
    assert reason(1, "hidden") == reason(5, "hidden")  # the others' counts change nothing said


def test_the_autosave_follows_undo_and_a_different_decision(tmp_path):
    from acquire8.app.demo import my_decision, press, run_until, select_tile

    store = store_in(tmp_path, pace="instant")
    app = open_app(store, seed=4)
    play = start(app, Game.from_json(position()))
    run_until(app, my_decision(play))
    select_tile(app, play, "12D")
    press(app, bt.X)
    press(app, bt.UNDO)
    select_tile(app, play, "9I")
    press(app, bt.X)
    saved, _ = store.load_game()
    assert saved is not None and saved.meta["actions"] == [session.action_to_dict(a) for a in play.actions]
    assert play.actions[-1] == PlaceTile("9I") and saved.game.to_json() == play.game.to_json()


def test_after_continue_the_recap_tells_every_move_since_your_turn(tmp_path):
    """The game killed after two computers' turns, before the third's and yours: Continue's
    recap still has a line for every other player's turn since yours (the game's events are
    replayed from its seed)."""
    app = open_app(store_in(tmp_path, pace="normal", opponents=3), seed=8)
    play = new_game(app)
    g = play.game
    play_until(app, lambda: sum(isinstance(a, BuyShares) for a in play.actions) >= 5 and g.turn == 0)
    play_until(app, lambda: g.turn == 3)  # Ana and Bob have played since your turn
    run_until(app, lambda: len(kept_actions(store_in(tmp_path).load_game()[0])) >= len(play.actions))
    # ... and that is saved: now the game is "killed"
    again = open_app(store_in(tmp_path), seed=8)
    title_pick(again, "Continue")
    resumed = again.scene
    assert isinstance(resumed, cplay.Play)
    for _ in range(20_000):
        if deciding(resumed) and resumed.game.turn == 0 and resumed.stage.recap:
            break
        again.update(NOTHING)
    recap = " / ".join(resumed.stage.recap)
    assert all(f"{name} " in recap for name in resumed.game.names[1:]), recap


def test_settings_are_stored_when_they_change_and_only_then(tmp_path):
    store = store_in(tmp_path)
    app = open_app(store)
    writes: list[str] = []
    real = store.backend.write

    def counted(key: str, text: str) -> None:
        writes.append(key)
        real(key, text)

    store.backend.write = counted  # type: ignore[method-assign]
    for _ in range(30):
        app.update(frozenset())
    assert writes == []  # idle frames write nothing
    title_pick(app, "Settings")
    press(app, bt.RIGHT)  # a row changed: stored once
    for _ in range(30):
        app.update(frozenset())
    assert writes.count("settings") == 1, writes


def test_a_newcomers_first_setup_plays_the_level_its_line_suggests(tmp_path):
    app = open_app(Storage.in_directory(tmp_path))  # nothing stored: a first start
    press(app, bt.O)  # past the title's lesson offer
    select(app, "New game")
    press(app, bt.X)
    setup = app.scene
    assert isinstance(setup, menus.Setup)
    suggested = menus.first_level()
    assert setup.suggestion() == f"New? {suggested} suits a first game"
    assert set(app.settings.opponent_levels()) == {suggested}  # as the line says
    chosen = open_app(store_in(tmp_path / "chosen", levels=["hard"] * 5))  # a choice is kept
    assert chosen.settings.opponent_levels()[0] == "hard"
