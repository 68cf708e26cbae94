"""A finished game is final: undo never crosses its end, and it is counted once in the stats,
the rating and the kept games, whatever is pressed around the end, and however the program
is stopped and started again."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from acquire8.app.buttons import DOWN, LEFT, MENU, RIGHT, UNDO, UP, Button, O, X
from acquire8.app.control import decisions as dec
from acquire8.app.control.app import App
from acquire8.app.control.menus import Chart
from acquire8.app.control.play import Play
from acquire8.app.control.stages import Deciding
from acquire8.app.control.standings import GameOver, Summary
from acquire8.app.session import Keeper, open_app
from acquire8.storage import LocalStorageBackend, MemoryStorage, Settings, Storage

NOTHING: frozenset[Button] = frozenset()
SEED = 5
BEFORE, AFTER = 45, 45  # frames before and after the end in which a key is pressed


@dataclass
class CalmPerson:
    """A person who reads every screen and declares the end as soon as it may be declared: one
    press a frame at most, with a free frame between presses. A value, so a game in progress
    can be copied with its player."""

    queue: list[Button | None] = field(default_factory=list)

    def press(self, app: App, play: Play) -> frozenset[Button]:
        if self.queue:
            button = self.queue.pop(0)
            return frozenset({button}) if button is not None else NOTHING
        scene, stage = app.scene, play.stage
        presses: list[Button] = []
        if isinstance(scene, Summary) and scene.armed:
            presses = [X]
        elif not isinstance(scene, Play | Summary | GameOver):  # a menu or page left open: closed
            presses = [O if isinstance(scene, Chart) else MENU]
        elif scene is play and isinstance(stage, Deciding) and stage.armed and not play.flashing:
            screen = stage.screen
            if stage.recap:
                presses = [X]
            elif isinstance(screen, dec.DeclareScreen):
                presses = [RIGHT, X, RIGHT, X]  # YES, END IT
            elif isinstance(screen, dec.BuyScreen) and screen.option != "DONE":
                presses = [RIGHT]
            else:
                presses = [X]
        for b in presses:
            self.queue += [b, None]
        return self.press(app, play) if self.queue else NOTHING


def new_game(storage: Storage) -> tuple[App, Play]:
    settings = Settings(opponents=2, levels=["easy"] * 5, pace="fast")
    app = open_app(storage, settings=settings, seed=SEED)
    return app, app.new_game(seed=SEED)


def play_out(app: App, play: Play, person: CalmPerson, frames: int = 100_000) -> int:
    """The game played by the calm person until it is over (or for `frames`): the frames it took."""
    for frame in range(frames):
        if play.game.is_over and app.scene is not play:
            return frame
        app.update(person.press(app, play))
    if frames < 100_000:
        return frames
    raise AssertionError(f"the game never ended: {type(app.scene).__name__}")


def counts(storage: Storage) -> tuple[int, int, int]:
    stats, _ = storage.load_stats()
    return stats.total().played, len(storage.load_records()[0]), stats.rating.games


def in_memory() -> Storage:
    return Storage(LocalStorageBackend(MemoryStorage()))


def test_the_calm_game_ends_on_the_persons_declaration():
    storage = in_memory()
    app, play = new_game(storage)
    play_out(app, play, CalmPerson())
    assert play.game.is_over and play.game.declared and play.game.turn == 0  # the person's
    assert counts(storage) == (1, 1, 1)


KEYS = [X, UNDO, MENU, O, LEFT, RIGHT, UP, DOWN]


def test_every_key_at_every_frame_around_the_end_counts_the_game_once():
    """The game copied a few seconds before its end; in each copy one key is pressed at one
    frame of the seconds around the end, then the calm person plays on: each copy counts the
    game exactly once, and no finished game is ever played on."""
    storage = in_memory()
    app, play = new_game(storage)
    end = play_out(*copy.deepcopy((app, play, CalmPerson())))
    start = end - BEFORE
    person = CalmPerson()
    play_out(app, play, person, start)
    for offset in range(BEFORE + AFTER):
        for key in KEYS:
            app2, play2, person2, storage2 = copy.deepcopy((app, play, person, storage))
            play_out(app2, play2, person2, offset)
            app2.update(frozenset({key}))
            play_out(app2, play2, person2)
            assert counts(storage2) == (1, 1, 1), (offset - BEFORE, key)
            assert play2.game.is_over and storage2.load_game()[0] is None


def test_undo_after_the_end_is_refused_and_says_so():
    storage = in_memory()
    app, play = new_game(storage)
    play_out(app, play, CalmPerson())
    over = app.scene
    app.pop()  # the board under the standings, as the pause menu's Undo would reach it
    play.undo()
    assert play.game.is_over and play.message == "Can't undo: the game is over"
    app.push(over)
    assert counts(storage) == (1, 1, 1)


def test_the_undo_key_on_the_standings_says_the_game_is_over_and_changes_nothing():
    storage = in_memory()
    app, play = new_game(storage)
    play_out(app, play, CalmPerson())
    over = app.scene
    assert isinstance(over, GameOver) and not over.refusal
    actions = list(play.actions)
    app.update(frozenset({UNDO}))
    assert app.scene is over and over.refusal == "Can't undo: the game is over"
    assert play.game.is_over and play.actions == actions and counts(storage) == (1, 1, 1)
    app.update(frozenset({LEFT}))  # the next key: the standings' own line again
    assert not over.refusal


def test_stopped_on_the_standings_and_started_again_nothing_is_counted_twice(tmp_path):
    app, play = new_game(Storage.in_directory(tmp_path))
    play_out(app, play, CalmPerson())
    again = open_app(Storage.in_directory(tmp_path))  # the program killed and started again
    assert not again.can_resume()
    assert counts(Storage.in_directory(tmp_path)) == (1, 1, 1)


def test_stopped_between_counting_and_deleting_the_save_the_save_is_stale(tmp_path):
    """A game counted whose save was not deleted yet (the program stopped in between): the
    save is found to be of a counted game, dropped, and not offered to continue."""
    storage = Storage.in_directory(tmp_path)
    app, play = new_game(storage)
    saves = []
    real_delete = storage.delete_save
    storage.delete_save = lambda: saves.append(storage.load_game()[0])
    play_out(app, play, CalmPerson())
    assert saves and saves[0] is not None  # the save was still there when the game was counted
    storage.delete_save = real_delete
    keeper = Keeper(Storage.in_directory(tmp_path))
    assert not keeper.has_save and Storage.in_directory(tmp_path).load_game()[0] is None
    assert counts(storage) == (1, 1, 1)
