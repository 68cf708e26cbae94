"""The stats pages: the table of games per level, the rating, a chart per measure."""

from __future__ import annotations

from dataclasses import dataclass, replace

from acquire8 import rating
from acquire8.app import constants as k
from acquire8.app.buttons import DOWN, LEFT, MENU, RIGHT, O, X
from acquire8.app.control.menus.rows import LEVELS
from acquire8.app.control.scene import Host, Pressed, Scene
from acquire8.app.control.story import Archive, Replays, player_seat
from acquire8.app.text import money
from acquire8.rules import GAME_MODES, TEAM_COUNT
from acquire8.rules.record import PERSON, GameRecord
from acquire8.storage.stats import PEOPLE, SINGLES

# The accuracy page: a column per reviewed game, the last this many games of each level.
ACCURACY_GAMES = k.STATS_BAR_W // k.STATS_COLUMN_PITCH


@dataclass(frozen=True)
class Bar:
    """One bar of a stats chart: a level, its value (None: no game counts), the value as
    text, and for the streaks the current one drawn inside the best."""

    level: str
    value: float | None
    label: str
    inner: float | None = None
    width: int = 0  # the bar's length in pixels, of k.STATS_BAR_W
    inner_width: int = 0  # the current streak's, inside it


@dataclass(frozen=True)
class RatingChart:
    """The rating page's chart in screen pixels: the 95% band as columns (x, top, bottom),
    the rating after each game as points (x, y), and each level's line (level, y, where its
    label's foot is, pushed up clear of the one below)."""

    band: list[tuple[int, int, int]]
    points: list[tuple[int, int]]
    levels: list[tuple[str, int, int]]


@dataclass(frozen=True)
class AccuracyRow:
    """The accuracy page's row of a level: the person's accuracy in the last reviewed games
    against it (oldest first), each a column of its height."""

    level: str
    accuracies: tuple[float, ...]

    @property
    def label(self) -> str:
        """The mean of the games shown."""
        return f"{sum(self.accuracies) / len(self.accuracies):.0f}%"

    def heights(self) -> list[int]:
        return [max(1, round(k.STATS_COLUMN_H * a / 100)) for a in self.accuracies]


TEAMS = "teams"  # the accuracy page's row of the team games, all sizes together
ACCURACY_APART = ("solo", TEAMS)  # its rows after the singles' (StatsScene.ORDER)


def accuracy_row(record: GameRecord) -> str:
    """A kept game's row on the accuracy page, kept apart as the stats keep it: a singles
    game under its strongest computer level (or "people" for pass-and-play), solo and the
    team games on rows of their own (the team sizes together, so that every row fits)."""
    mode = record.options.mode
    if mode != SINGLES:
        return TEAMS if TEAM_COUNT[mode] else mode
    if record.seats.count(PERSON) > 1:
        return PEOPLE
    known = [kind for kind in record.seats if kind in LEVELS]
    return max(known, key=LEVELS.index) if known else PEOPLE


# The rating chart's value range: this far under the lowest value and over the highest
# (room above for the levels' labels pushed apart).
RATING_BELOW, RATING_ABOVE = 40, 80


class StatsScene(Scene):
    """Per opponent level (stored by session.py): the table of games, wins and best cash,
    then a bar chart per measure; left/right flip the pages, down lists the kept games to
    replay, X, Z or MENU go back."""

    ORDER = (*LEVELS, PEOPLE)
    # (page, title): the table, then one chart per measure.
    PAGES = (
        ("table", "STATS"),
        ("rating", "YOUR RATING"),
        ("accuracy", "YOUR ACCURACY"),
        ("games", "GAMES PLAYED"),
        ("wins", "WIN SHARE"),
        ("cash", "AVERAGE FINAL CASH"),
        ("best", "BEST FINAL CASH"),
        ("streak", "WINNING STREAK"),
        ("rank", "AVERAGE PLACE"),
        ("modes", "OTHER WAYS TO PLAY"),
        ("scores", "SOLO HIGH SCORES"),
    )
    NOTES = {  # under each chart: what it measures
        "accuracy": "Expert's reviews, latest right",
        "games": "Finished games per level",
        "wins": "Games won (a shared first too)",
        "cash": "Your final cash, on average",
        "best": "Your best final cash",
        "streak": "In a row: now (bright), best",
        "rank": "Your average place: 1 is first",
    }

    def __init__(self, app: Host):
        super().__init__(app)
        self.stats, self.message = app.load_stats()
        self.page = 0
        self.accuracy: list[AccuracyRow] | None = None  # read from the kept games when its page opens

    @property
    def levels(self) -> list[str]:
        by = self.stats.by_level
        return [lv for lv in self.ORDER if lv in by] + sorted(set(by) - set(self.ORDER))

    @property
    def rows(self) -> list[tuple[str, int, int, int]]:
        """(level, played, won, best cash), the levels played against in a fixed order."""
        by = self.stats.by_level
        return [(lv, by[lv].played, by[lv].won, by[lv].best_cash) for lv in self.levels]

    def bars(self, page: str | None = None) -> list[Bar]:
        """The bars of a chart page: one per level played against, then "all"."""
        page = page or self.PAGES[self.page][0]
        rows = [(lv, self.stats.by_level[lv]) for lv in self.levels]
        if rows:
            rows.append(("all", self.stats.total()))
        out = []
        for level, st in rows:
            if page == "games":
                out.append(Bar(level, st.played, str(st.played)))
            elif page == "wins":
                share = st.win_share
                out.append(Bar(level, share, "-" if share is None else f"{round(100 * share)}%"))
            elif page == "cash":
                cash = st.average_cash
                out.append(Bar(level, cash, "-" if cash is None else money(cash)))
            elif page == "best":
                out.append(Bar(level, st.best_cash, money(st.best_cash)))
            elif page == "streak":
                out.append(Bar(level, st.best_streak, f"{st.streak}/{st.best_streak}", st.streak))
            elif page == "rank":
                rank = st.average_rank
                out.append(Bar(level, rank, "-" if rank is None else f"{rank:.1f}"))
        return self._lengths(page, out)

    @staticmethod
    def _lengths(page: str, bars: list[Bar]) -> list[Bar]:
        """The bars with their lengths: the longest the full width, but a share out of 1 and
        places out of at least four (the players of a default game)."""
        scale = max((b.value for b in bars if b.value is not None), default=0)
        if page == "wins":
            scale = 1.0  # a share: the full bar is every game won
        elif page == "rank":
            scale = max(scale, 4.0)  # places run to the number of players (four by default)
        out = []
        for bar in bars:
            width = inner = 0
            if bar.value is not None and scale:
                width = max(1, round(k.STATS_BAR_W * bar.value / scale)) if bar.value else 0
                if bar.inner:
                    inner = max(1, round(k.STATS_BAR_W * bar.inner / scale))
            out.append(replace(bar, width=width, inner_width=inner))
        return out

    def rating_chart(self) -> RatingChart:
        """The rating over the rated games against the levels' ratings, in pixels of the
        plot area (k.RATING_X, _Y, _W, _H); call only once a rated game is in."""
        points = self.stats.rating.history
        ladder = self.ladder()
        values = [v for v, _ in points] + [v for _, v in ladder]
        lo, hi = min(values) - RATING_BELOW, max(values) + RATING_ABOVE

        def y_of(v: float) -> int:
            v = min(hi, max(lo, v))
            return k.RATING_Y + k.RATING_H - round(k.RATING_H * (v - lo) / (hi - lo))

        def x_of(i: int) -> int:
            if len(points) < 2:
                return k.RATING_X + k.RATING_W // 2
            return k.RATING_X + round(k.RATING_W * i / (len(points) - 1))

        band = []
        for i, (v, rd) in enumerate(points):
            half = 1.96 * rd  # the 95% interval
            top, bottom = y_of(v + half), y_of(v - half)
            start = x_of(i - 1) + 1 if i else x_of(i)  # filled between games
            band += [(x, top, bottom) for x in range(start, x_of(i) + 1)]
        levels = []
        label_y = k.HEIGHT
        for lv, value in ladder:  # weakest first: a label too close to the one below moves up
            y = y_of(value)
            label_y = min(y - 2, label_y - k.CHAR_H)
            levels.append((lv, y, label_y))
        return RatingChart(band, [(x_of(i), y_of(v)) for i, (v, _) in enumerate(points)], levels)

    @property
    def mode_rows(self) -> list[tuple[str, int, str, int]]:
        """(mode, played, won, best cash) of the other ways to play, in the rules' order:
        kept apart from singles and unrated; solo is never lost (its won is "-")."""
        modes = self.stats.modes
        return [
            (m, modes[m].played, "-" if m == "solo" else str(modes[m].won), modes[m].best_cash)
            for m in GAME_MODES
            if m in modes
        ]

    @property
    def score_rows(self) -> list[tuple[str, str, str]]:
        """Solo's best scores, best first: (the score, the day "12-03", the seed)."""
        return [
            (money(h.score), h.played[5:10] or "-", "-" if h.seed is None else str(h.seed))
            for h in self.stats.high_scores
        ]

    @staticmethod
    def level_name(level: str) -> str:
        """A row's name: the level, or "pass&play" for the games among people."""
        return "pass&play" if level == "people" else level

    def solo_line(self) -> str:
        """The person's own record against computers, in counts that agree with the table."""
        mine = self.stats.total()  # every game but pass-and-play
        return f"You won {mine.won} of {mine.played} vs computers" if mine.played else ""

    def people_line(self) -> str:
        """Pass-and-play games are everyone's (won when any person won) and stay out of "your"
        games: their own count, so that the lines agree with the table whatever the mix."""
        people = self.stats.by_level.get("people")
        return f"pass&play: a person won {people.won}/{people.played}" if people and people.played else ""

    def rating_line(self) -> str:
        """'Your rating 655 +-186': the rating and its 95% interval; "" before a rated game."""
        r = self.stats.rating
        return f"Singles rating {round(r.value)} +-{round(r.interval())}" if r.games else ""

    def advice(self) -> tuple[str, str]:
        return rating.advice(self.stats.rating.value)

    @staticmethod
    def ladder() -> list[tuple[str, int]]:
        """(level, rating) of the levels a person picks, weakest first."""
        return [(lv, round(rating.LADDER[lv][0])) for lv in rating.PICKED]

    def update(self, pressed: Pressed, held: Pressed = frozenset()) -> None:
        if pressed & {O, X, MENU}:  # X closes it, as every page
            self.app.sound("confirm")
            self.app.pop()
            return
        if DOWN in pressed:
            self.app.sound("move")
            self.app.push(Replays(self.app))  # type: ignore[arg-type]  # the App is an Archive
            return
        step = (RIGHT in pressed) - (LEFT in pressed)
        if step:
            self.page = (self.page + step) % len(self.PAGES)
            self.app.sound("move")
            if self.PAGES[self.page][0] == "accuracy":  # read afresh: a review may have been kept since
                self.accuracy = self.accuracy_rows(self.app)  # type: ignore[arg-type]  # the App is an Archive

    def accuracy_rows(self, archive: Archive) -> list[AccuracyRow]:
        """Per level (in the table's order), the person's accuracy in its last reviewed games."""
        records, _ = archive.load_records()
        by: dict[str, list[float]] = {}
        for record in reversed(records):  # oldest first
            review = archive.load_review(record)
            accuracy = review.accuracy_of(player_seat(record)) if review is not None else None
            if accuracy is not None:
                by.setdefault(accuracy_row(record), []).append(accuracy)
        order = [lv for lv in (*self.ORDER, *ACCURACY_APART) if lv in by]
        return [AccuracyRow(lv, tuple(by[lv][-ACCURACY_GAMES:])) for lv in order]
