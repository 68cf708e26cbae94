"""The stats pages: the table of games per level, the rating, a chart per measure."""

from __future__ import annotations

from dataclasses import dataclass

from acquire8 import rating
from acquire8.app.buttons import DOWN, LEFT, MENU, RIGHT, O, X
from acquire8.app.control.menus.setup import LEVELS
from acquire8.app.control.scene import Host, Pressed, Scene
from acquire8.app.control.story import Replays
from acquire8.app.text import money


@dataclass(frozen=True)
class Bar:
    """One bar of a stats chart: a level, its value (None: no game counts), the value as
    text, and for the streaks the current one drawn inside the best."""

    level: str
    value: float | None
    label: str
    inner: float | None = None


class StatsScene(Scene):
    """Per opponent level (stored by session.py): the table of games, wins and best cash,
    then a bar chart per measure; left/right flip the pages, down lists the kept games to
    replay, X, Z or MENU go back."""

    ORDER = (*LEVELS, "people")
    # (page, title): the table, then one chart per measure.
    PAGES = (
        ("table", "STATS"),
        ("rating", "YOUR RATING"),
        ("games", "GAMES PLAYED"),
        ("wins", "WIN SHARE"),
        ("cash", "AVERAGE FINAL CASH"),
        ("best", "BEST FINAL CASH"),
        ("streak", "WINNING STREAK"),
        ("rank", "AVERAGE PLACE"),
    )

    def __init__(self, app: Host):
        super().__init__(app)
        self.stats, self.message = app.load_stats()
        self.page = 0

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
        return out

    def solo_line(self) -> str:
        """The person's own record against computers, in counts that agree with the table."""
        solo = self.stats.solo()
        return f"You won {solo.won} of {solo.played} vs computers" if solo.played else ""

    def rating_line(self) -> str:
        """'Your rating 655 +-186': the rating and its 95% interval; "" before a rated game."""
        r = self.stats.rating
        return f"Your rating {round(r.value)} +-{round(r.interval())}" if r.games else ""

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
