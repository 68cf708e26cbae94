"""The front end's state: a stack of scenes plus an outbox of what the Pyxel shell must do
(sounds, music, quitting). Nothing here draws; what keeps its games is a keeper it is given
(session.Keeper over storage) or NullKeeper, which keeps nothing."""

from __future__ import annotations

import random
from typing import Protocol

from acquire8 import ai
from acquire8.ai.review import GameKey, KeptReview, Review, game_key
from acquire8.app.anim import Animator
from acquire8.app.buttons import X
from acquire8.app.constants import FPS
from acquire8.app.control.frames import FrameBudget
from acquire8.app.control.lesson import LessonPlay
from acquire8.app.control.menus import Setup, Title
from acquire8.app.control.play import Play
from acquire8.app.control.review import Reviewing, ReviewScene, review_job
from acquire8.app.control.scene import RESULT_QUIET_FRAMES, Pressed, Scene, quieter
from acquire8.app.control.seats import NAMES as NAMES  # re-exported: where the names were
from acquire8.app.control.seats import seat_names as seat_names
from acquire8.app.control.stages import Resumed
from acquire8.app.control.story import MSG_NO_STORAGE, KeptGames
from acquire8.rules import Game
from acquire8.rules import events as ev
from acquire8.rules.record import GameRecord
from acquire8.storage.settings import PERSON, Settings
from acquire8.storage.stats import Stats


class Keeping(Protocol):
    """What keeps the App's games (session.Keeper over a Storage; NullKeeper keeps nothing):
    the save to continue, the autosave, the stats, the kept games and the game file, the
    settings stored as changed. It answers the app and never writes into it."""

    settings: Settings  # as stored (or as given)
    notices: list[str]  # problems met loading, for the title
    first_start: bool  # the title offers the lesson: it has not yet (control.menus.Title)
    autosaves: bool  # each decision's progress is kept (App.progress: in the next frame)

    @property
    def games(self) -> KeptGames | None:
        """The kept games to replay, the game file (None: no storage)."""
        ...

    def can_resume(self) -> bool:
        """A saved game to continue."""
        ...

    def resume(self, app: App) -> tuple[Play | None, str | None]:
        """Continue: the saved game as a play of `app`, or None and the notice why."""
        ...

    def tell(self) -> str | None:
        """The saved game in a few words, None when there is none to read."""
        ...

    def progress(self, play: Play) -> str | None:
        """Keep `play` as it stands (a finished game: recorded); a problem met, to show."""
        ...

    def load_stats(self) -> tuple[Stats, str | None]: ...
    def settings_changed(self, settings: Settings) -> str | None:
        """Store `settings` if they changed since stored last; a problem met, to show."""
        ...


class NullKeeper:
    """Keeps nothing (tests, the demo): no save, no autosave, no stats, no kept games. Tests
    subclass it to fake one part."""

    first_start = False  # nothing kept: no lesson offered
    autosaves = False
    games: KeptGames | None = None

    def __init__(self) -> None:
        self.settings = Settings()
        self.notices: list[str] = []

    def can_resume(self) -> bool:
        return False

    def resume(self, app: App) -> tuple[Play | None, str | None]:
        return None, None

    def tell(self) -> str | None:
        return None

    def progress(self, play: Play) -> str | None:
        return None

    def load_stats(self) -> tuple[Stats, str | None]:
        return Stats(), None

    def settings_changed(self, settings: Settings) -> str | None:
        return None


class App:
    """Implements the scenes' Host: the stack, the outbox, settings, and how games start.
    `keeper`: what keeps its games (session.open_app makes one over a Storage; without one,
    a NullKeeper)."""

    def __init__(
        self,
        settings: Settings | None = None,
        seed: int | None = None,
        can_quit: bool = True,
        keeper: Keeping | None = None,
    ):
        self.keeper: Keeping = keeper if keeper is not None else NullKeeper()
        self.settings = settings or self.keeper.settings
        self.rng = random.Random(seed)
        self.can_quit = can_quit  # False on the web, where Quit is hidden
        self.effects: list[str] = []  # effect names to play this frame
        self.heard: list[ev.Event] = []  # rules events shown this frame, for sounds
        self.music: str | None = "title"
        self.quit = False
        self.frame = 0
        self.anim = Animator()  # what the views animate; it never holds up the controllers
        self.notices = list(self.keeper.notices)  # one-line storage problems shown on the title
        self.first_start = self.keeper.first_start  # the title offers the lesson (once)
        self.x_quiet = 0  # frames X has been up, this one included (capped: only short spells matter)
        self.x_held = 0  # frames X has been down without a break
        self.progress_due: Play | None = None  # a play whose autosave waits for the next frame
        self.saving = False  # it is made at the end of this frame, in which no computer thinks
        self.frames = FrameBudget(FPS)  # the shell marks each frame: computers think in what is left
        self.scenes: list[Scene] = []
        self.reviews: dict[GameKey, Reviewing | KeptReview] = {}  # this session's, under way or done
        self.home()

    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    @property
    def drawn(self) -> list[Scene]:
        """The scenes a frame shows: the top one over those below it, down to a full screen."""
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].full:
            first -= 1
        return self.scenes[first:]

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        self.frame += 1
        self.saving = self.progress_due is not None
        # Before the scene: a turn that begins in this frame counts X's quiet time from before it.
        # Every press counts, the one that took the person's last decision too: a steady tapper
        # cannot be told from a player who pressed DONE and X again, so neither decides.
        self.x_held = self.x_held + 1 if X in pressed or X in held else 0
        self.x_quiet = quieter(self.x_quiet, pressed, held, RESULT_QUIET_FRAMES)
        self.scene.update(pressed, held)
        if self.saving:  # after the scene, so that a failed save's message is the last word
            self.keep_progress()
        self.anim.tick(self, X in pressed)  # X finishes every animation at once
        msg = self.keeper.settings_changed(self.settings)
        if msg:
            self.notices = [msg]

    # -- the scenes' Host

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)

    def pop(self) -> None:
        if len(self.scenes) > 1:
            self.scenes.pop()

    def progress(self, play: Play) -> None:
        """A decision or a turn is done: the autosave (Continue resumes here) is made in the
        next frame, which thinks no computer slice. On a slow handheld a save takes a third of
        a frame's budget: added to the frame that acted and showed the action, it made the
        slowest frames. A finished game is kept at once."""
        if not self.keeper.autosaves:
            return
        if play.game.is_over:
            self.progress_due = None
            self._keep(play)
        else:
            self.progress_due = play

    def keep_progress(self) -> bool:
        """Make the autosave that waits, if one does: whether one was made."""
        play, self.progress_due = self.progress_due, None
        if play is None:
            return False
        self._keep(play)
        return True

    def _keep(self, play: Play) -> None:
        msg = self.keeper.progress(play)
        if msg and play.game.is_over:
            play.message = msg
        elif msg:  # on the message line, and in the log where it stays
            play.tell(msg)

    def goto(self, scene: Scene) -> None:
        self.keep_progress()  # the game being left is saved as it stands
        self.scenes = [scene]
        if isinstance(scene, Play):
            self.music = "play"

    def sound(self, name: str) -> None:
        self.effects.append(name)

    def home(self) -> None:
        self.goto(Title(self))
        self.music = "title"

    def setup(self) -> None:
        """The setup over the title (menus.to_new_game is the way to it that asks first)."""
        self.home()
        self.push(Setup(self))

    def can_resume(self) -> bool:
        return self.keeper.can_resume()

    def saved_game(self) -> str | None:
        return self.keeper.tell() if self.can_resume() else None

    def resume(self) -> bool:
        play, why = self.keeper.resume(self)
        if play is None:
            if why:
                self.notices = [why]
            return False
        self.notices = []  # what the title said is dealt with
        self.settings.remember(play.seats(), play.game.options)  # the next setup starts from it
        self.show(play)
        return True

    def load_stats(self) -> tuple[Stats, str | None]:
        return self.keeper.load_stats()

    # -- the kept games and the game file (control/story.py's Archive)

    def load_records(self) -> tuple[list[GameRecord], str | None]:
        games = self.keeper.games
        return games.load_records() if games is not None else ([], None)

    def export_game(self, record: GameRecord) -> str | None:
        games = self.keeper.games
        return games.export_game(record) if games is not None else MSG_NO_STORAGE

    def import_game(self) -> tuple[GameRecord | None, str | None]:
        games = self.keeper.games
        return games.import_game() if games is not None else (None, MSG_NO_STORAGE)

    def exchange_location(self) -> str:
        games = self.keeper.games
        return games.exchange_location() if games is not None else ""

    # -- the expert's reviews (control/review.py's Reviewer)

    def open_review(self, record: GameRecord) -> None:
        self.push(ReviewScene(self, record))

    def load_review(self, record: GameRecord) -> KeptReview | None:
        done = self.reviews.get(game_key(record))
        if isinstance(done, KeptReview):
            return done
        games = self.keeper.games
        return games.load_review(record) if games is not None else None

    def reviewing(self, record: GameRecord) -> Reviewing:
        job = self.reviews.get(game_key(record))
        if isinstance(job, Reviewing):
            return job
        games = self.keeper.games
        saved, msg = games.load_reviewing(record, Review.resumed) if games is not None else (None, None)
        job = review_job(record) if saved is None else Reviewing(saved, first=saved.progress[0])
        job.notice = msg or ""
        self.reviews[game_key(record)] = job
        return job

    def review_left(self, record: GameRecord, review: Review) -> None:
        games = self.keeper.games
        if games is not None:  # a failure is logged: the session still has it
            games.save_reviewing(record, review.to_dict())

    def review_done(self, record: GameRecord, review: Review) -> tuple[KeptReview, str | None]:
        kept = self.reviews[game_key(record)] = review.kept()
        games = self.keeper.games
        if games is not None:
            games.drop_reviewing(record)
        return kept, self.keep_review(record, kept)

    def keep_review(self, record: GameRecord, review: KeptReview) -> str | None:
        games = self.keeper.games
        return games.keep_review(record, review) if games is not None else None

    def new_game(self, seed: int | None = None) -> Play:
        """Start a game with the current settings: seat 0 is a person, each other seat a
        computer level or a person (pass-and-play)."""
        s = self.settings
        seats = [PERSON, *s.opponent_levels()]
        seed = self.rng.randrange(2**31) if seed is None else seed
        game = Game.new(players=len(seats), seed=seed, options=s.options, names=seat_names(seats))
        self.notices = []
        play = self.show(make_play(self, game, seats, seed))
        # Saved as it starts: the game it replaces (the question before the setup said so) is
        # gone now, not at the first decision, and Continue finds this one from the first turn.
        self.progress(play)
        return play

    def lesson(self) -> Play:
        """The guided first game (control/lesson.py): never saved, never in the stats."""
        self.notices = []
        return self.show(LessonPlay(self))

    def show(self, play: Play) -> Play:
        self.goto(play)
        return play


def make_play(
    app: App, game: Game, seats: list[str], seed: int | None, resumed: Resumed | None = None
) -> Play:
    """The Play scene of `game` with a person or a computer level per seat (`resumed`: a
    continued game's state)."""
    base = seed if seed is not None else 0
    bots = {
        s: ai.make_bot(ai.level_of(kind), base * 10 + s, table=tuple(seats))
        for s, kind in enumerate(seats)
        if kind != PERSON
    }
    people = {s for s, kind in enumerate(seats) if kind == PERSON}
    levels = {s: kind for s, kind in enumerate(seats) if kind != PERSON}
    return Play(app, game, bots, people=people, seed=seed, levels=levels, resumed=resumed)
