"""Keeping the game on the device: settings, the autosave and stats, between the App
controller and acquire8.storage. Pure Python, no Pyxel.

What "Continue resumes exactly" means: the saved game (board, hands, pool order, the rules'
own random state), every seat's name and kind (person or a computer level), the game's seed
and its actions so far. A computer player's random numbers are seeded afresh for every
decision from (game seed, seat, number of actions so far) -- `control.stages.decision_seed` --
so a bot re-created on Continue decides exactly as the original would have. The game is saved
after every decision a person makes, so Continue resumes where the turn stood. The expert computer
thinks for a time budget, so how many playouts it fits in depends on the machine's speed
at that moment: its decisions are exact only in the sense that a replay of the same game
would vary in the same way (tests use the other levels, or the expert with fixed iterations).
"""

from __future__ import annotations

import json
import logging
from copy import deepcopy
from typing import Any

from acquire8.ai import LEVELS
from acquire8.app.control.app import App, make_play
from acquire8.app.control.decisions import BuyScreen
from acquire8.app.control.menus import first_level
from acquire8.app.control.play import Play
from acquire8.app.control.stages import Resumed, TurnChoice
from acquire8.app.control.standings import game_record
from acquire8.app.text import log_line, money
from acquire8.rules import Action, Game, IllegalAction
from acquire8.rules import events as ev
from acquire8.rules.record import GameRecord, action_from_dict, action_to_dict
from acquire8.storage.settings import PERSON, Settings
from acquire8.storage.stats import GameResult, Stats
from acquire8.storage.store import SAVE, SavedGame, Storage

META_FORMAT = 1  # version of what the front end keeps in the save's "meta"
LOG_KEPT = 200  # log lines carried over to a resumed game
MSG_SAVE_UNUSABLE = "Saved game damaged; set aside"  # as storage.MSG_SAVE_DAMAGED

# -------------------------------------------------------------- the save's meta


def meta_of(play: Play, actions: list[str]) -> str:
    """What the front end needs besides the game to resume it exactly, as JSON text
    (`actions`: each of the play's actions as JSON text, which the keeper keeps between saves:
    encoding them all again at every save took a fifth of a save on a handheld)."""
    fields: dict[str, object] = {
        "format": META_FORMAT,
        "seed": play.seed,
        "seats": play.seats(),
        "pick": play.chosen.pick,  # the hand tile last selected: the cursor comes back on it
        # The last decision is still being shown: its events join the log (drawn tiles as counts).
        "log": [*play.log, *(log_line(e) for e in play.pending())][-LOG_KEPT:],
    }
    screen = play.screen
    if isinstance(screen, BuyScreen):  # the buy step under way: its cart, the end declined
        fields["buy"] = {"cart": list(screen.cart), "at": screen.option, "declined": play.chosen.declined}
    # The actions' texts go in as they are: the object's closing brace comes after them.
    return f'{json.dumps(fields)[:-1]}, "actions": [{", ".join(actions)}]}}'


def check_meta(meta: dict[str, Any], game: Game) -> None:
    """ValueError naming the first problem of a save's meta (the game itself is already checked)."""
    fmt = meta.get("format")
    if type(fmt) is not int or not 1 <= fmt <= META_FORMAT:
        raise ValueError(f"meta: unknown format {fmt!r}")
    seed = meta.get("seed")
    if seed is not None and type(seed) is not int:
        raise ValueError("meta: seed must be a whole number")
    seats = meta.get("seats")
    if not isinstance(seats, list) or len(seats) != game.players:
        raise ValueError("meta: one seat per player expected")
    for kind in seats:
        if kind != PERSON and kind not in LEVELS:
            raise ValueError(f"meta: unknown seat {kind!r}")
    if PERSON not in seats:
        raise ValueError("meta: no person plays")
    actions = meta.get("actions")
    if not isinstance(actions, list):
        raise ValueError("meta: actions must be a list")
    for a in actions:
        action_from_dict(a)
    log = meta.get("log", [])
    if not isinstance(log, list) or not all(isinstance(line, str) for line in log):
        raise ValueError("meta: log must be a list of lines")
    if game.is_over:
        raise ValueError("meta: the saved game is over")


def restore(app: App, saved: SavedGame) -> Play:
    """The Play scene of a saved game, where it stood: after the last decision made."""
    meta = saved.meta
    check_meta(meta, saved.game)
    chosen = TurnChoice()
    pick = meta.get("pick")
    chosen.pick = pick if isinstance(pick, str) else None
    buy = meta.get("buy")
    if isinstance(buy, dict):  # anything unusable in it is left out: the buy step starts afresh
        cart, at = buy.get("cart"), buy.get("at")
        chosen.buy_kept = ([c for c in cart if type(c) is str] if type(cart) is list else [], str(at))
        chosen.declined = buy.get("declined") is True
    actions = [action_from_dict(a) for a in meta["actions"]]
    events = replayed_events(saved.game, meta["seed"], meta["seats"], actions)
    resumed = Resumed(actions, list(meta.get("log") or []), chosen, events)
    return make_play(app, saved.game, list(meta["seats"]), meta["seed"], resumed)


def replayed_events(game: Game, seed: int | None, seats: list[str], actions: list[Action]) -> list[ev.Event]:
    """Every event of a saved game, its actions replayed from its seed by the rules: after
    Continue the recap tells every move since the person's last turn, and the story and the
    end line have the whole game. Empty when the save has no seed or the replay does not end
    where the save does (the game goes on all the same, with a shorter recap)."""
    if seed is None:
        return []
    try:
        record = GameRecord(seed, tuple(game.names), tuple(seats), tuple(actions), game.options)
        replayed, events = record.start(), []
        for action in actions:
            events += replayed.apply(action)
    except (ValueError, IllegalAction):
        return []
    return events if replayed == game else []


def describe(saved: SavedGame) -> str:
    """A saved game in a few words, for the question before it is replaced: its round (every
    player's turn once) and who leads in net worth, as every other screen compares players
    ("round 6, you lead by $4,100")."""
    g, seats = saved.game, saved.meta["seats"]
    # Every turn ends with a purchase (an empty one too).
    turns = sum(a.get("type") == "BuyShares" for a in saved.meta["actions"])
    when = f"round {1 + turns // g.players}"
    cash = [g.net_worth(s) for s in range(g.players)]
    top = sorted(range(g.players), key=lambda s: -cash[s])
    people = [s for s, kind in enumerate(seats) if kind == PERSON]
    if g.players == 1:  # solo: no one to lead
        return f"{when}, worth {money(cash[0])}"
    if g.has_teams:  # each team's net worth summed
        cash = [sum(cash[s] for s in team) for team in g.teams]
        rival = max(cash[t] for t in range(len(cash)) if t != g.team_of(people[0]))
        gap = cash[g.team_of(people[0])] - rival
        return f"{when}, your team " + (
            f"{'leads' if gap > 0 else 'trails'} by {money(abs(gap))}" if gap else "is tied"
        )
    if len(people) == 1:
        gap = cash[people[0]] - max(c for s, c in enumerate(cash) if s != people[0])
        how = (
            f"you {'lead' if gap > 0 else 'trail'} by {money(abs(gap))}"
            if gap
            else "you are tied for the lead"
        )
    else:
        gap = cash[top[0]] - cash[top[1]]
        how = f"{g.names[top[0]]} leads by {money(gap)}" if gap else "tied for the lead"
    return f"{when}, {how}"


# -------------------------------------------------------------- the keeper


def open_app(
    storage: Storage, settings: Settings | None = None, seed: int | None = None, can_quit: bool = True
) -> App:
    """An App bound to `storage`: its settings (unless given), Continue, autosave and stats."""
    return App(settings=settings, seed=seed, can_quit=can_quit, keeper=Keeper(storage, settings))


class Keeper:
    """An App's keeper (control.app.Keeping) over a Storage: loads settings and the save,
    autosaves after every turn, records finished games, stores changed settings. It answers
    the app's calls and never writes into it. Never raises on stored data."""

    autosaves = True

    def __init__(self, storage: Storage, settings: Settings | None = None) -> None:
        """Load what is stored (problems become one-line notices for the title): the settings
        (unless given) and whether there is a game to continue."""
        self.storage = storage
        self.games = storage  # the kept games to replay, the game file
        self._saved: list[Action] = []  # the actions saved last ...
        self._texts: list[str] = []  # ... as JSON text ...
        self._saved_of: Play | None = None  # ... and the play they belong to
        self.notices: list[str] = []
        if settings is None:
            settings, msg = storage.load_settings()
            if msg:
                self.notices.append(msg)
            if not msg and not settings.lesson_offered and settings == Settings():
                # Nothing stored, the title never used: a newcomer, whose first setup offers
                # the level its line suggests for a first game.
                settings.levels = [first_level()] * len(settings.levels)
        self.settings = settings
        self.first_start = not settings.lesson_offered  # every start offers it until one has
        self.saved_settings = deepcopy(settings)
        saved, msg = self._load()
        if msg:
            self.notices.append(msg)
        self.has_save = saved is not None

    def can_resume(self) -> bool:
        return self.has_save

    def load_stats(self) -> tuple[Stats, str | None]:
        return self.storage.load_stats()

    def _load(self) -> tuple[SavedGame | None, str | None]:
        saved, msg = self.storage.load_game()
        if saved is None:
            return None, msg
        try:
            check_meta(saved.meta, saved.game)
        except ValueError as e:
            self._set_aside(str(e))
            return None, MSG_SAVE_UNUSABLE
        seed = saved.meta["seed"]
        if seed is not None and self.storage.kept_game(seed, saved.meta["actions"]):
            self.storage.delete_save()  # its game ended and was counted: it is not played again
            return None, None
        return saved, None

    def _set_aside(self, why: str) -> None:
        try:
            where = self.storage.backend.set_aside(SAVE, "bad")
            logging.getLogger("acquire8.storage").warning("%s; kept as %s", why, where)
        except Exception as e:  # the game goes on even if the file cannot be moved
            logging.getLogger("acquire8.storage").error("%s; could not set it aside: %s", why, e)

    def resume(self, app: App) -> tuple[Play | None, str | None]:
        """Continue: the saved game as stored now, as a play of `app`; None and the notice why
        when it is unusable."""
        saved, msg = self._load()
        if saved is None:
            self.has_save = False
            return None, msg or "No saved game"
        try:
            return restore(app, saved), None
        except Exception as e:  # a save this build cannot play must not crash the title
            self._set_aside(f"save: {type(e).__name__}: {e}")
            self.has_save = False
            return None, MSG_SAVE_UNUSABLE

    def tell(self) -> str | None:
        """The saved game in a few words (`describe`), None when there is none to read."""
        saved, _ = self._load()
        try:
            return describe(saved) if saved is not None else None
        except Exception:  # a save that cannot be described is still asked about, in general words
            return None

    def progress(self, play: Play) -> str | None:
        """After every decision of a person and every turn: autosave; a finished game is
        recorded and its save deleted. A problem met, for the play's message line."""
        g = play.game
        if play.human is None and not play.people:
            return None  # a computer-only demo is not the player's game
        if g.is_over:
            # Counted first, then the save deleted: a game stopped in between is counted and
            # its save found stale (`_load`), never counted twice nor lost.
            record = game_record(play)
            if record is None:  # a game without its seed cannot be replayed: stats only
                result = GameResult.for_seats(g, play.seats())
                msg = self.storage.record_game(result)[1] if result is not None else None
            else:
                msg = self.storage.game_over(record, final=g)[1]
            self.storage.delete_save()
            self.has_save = False
            return msg
        msg = self.storage.save_game(g, meta_of(play, self._actions_json(play)))
        if not msg:
            self.has_save = True
        return msg

    def _actions_json(self, play: Play) -> list[str]:
        """Each of the play's actions as JSON text, encoding only those the last save did not
        have: it kept the run of actions the play still begins with (an undo takes some back)."""
        saved, texts = (self._saved, self._texts) if self._saved_of is play else ([], [])
        same = 0
        for old, new in zip(saved, play.actions, strict=False):  # the play may have more, or fewer
            if old is not new:
                break
            same += 1
        del texts[same:]
        texts += [json.dumps(action_to_dict(a)) for a in play.actions[same:]]
        self._saved, self._texts, self._saved_of = play.actions[:], texts, play
        return texts

    def settings_changed(self, settings: Settings) -> str | None:
        """Store the settings when they differ from what was stored last; a problem met."""
        kept = self.saved_settings
        if settings == kept and settings.lesson_offered == kept.lesson_offered:
            return None
        self.saved_settings = deepcopy(settings)  # a copy: the app changes its own in place
        return self.storage.save_settings(settings)
