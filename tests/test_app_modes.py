"""The ways to play through the app (RULES §14): the setup's Game row keeps the opponents in
step and names the partners, solo's score among the best ones, the standings by team, the
stats of each mode apart from singles and unrated, a saved team game continued after a
restart. Games are started from the setup and played to their end by the demo's helpers."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_app_session import deciding, play_until, store_in, title_pick
from test_app_texts import screen  # noqa: F401  (the fixture that finds cut and overdrawn text)

from acquire8.app import buttons as bt
from acquire8.app.control import app as capp
from acquire8.app.control import menus
from acquire8.app.control import play as cplay
from acquire8.app.control.hint import hint
from acquire8.app.control.insight import bonus_line, holdings
from acquire8.app.control.insight.buying import buy_standing
from acquire8.app.control.insight.ending import end_standing
from acquire8.app.control.insight.previews import tile_preview
from acquire8.app.control.insight.turns import recap
from acquire8.app.control.standings import GameOver
from acquire8.app.control.story import row_of, story_of
from acquire8.app.demo import play_out, press, select
from acquire8.app.session import open_app
from acquire8.app.text import LINE_CHARS, money, team_letter
from acquire8.rules import (
    CHAINS,
    GAME_MODES,
    MODE_PLAYERS,
    TEAM_COUNT,
    BuyShares,
    Game,
    Options,
    Phase,
    team_of_seat,
)
from acquire8.storage import HIGH_SCORES, PERSON, GameResult, HighScore, Settings, Stats, Storage
from acquire8.storage.stats import rating_from

TEAM_MODES = [m for m in GAME_MODES if TEAM_COUNT[m]]


def to_setup(app: capp.App) -> menus.Setup:
    select(app, "New game")
    press(app, bt.X)
    setup = app.scene
    assert isinstance(setup, menus.Setup)
    return setup


def start_and_finish(app: capp.App, mode: str) -> GameOver:
    """From the title: New game, the Game row set to `mode`, Start, played to the standings."""
    to_setup(app)
    select(app, "mode", mode)
    return play_out(app)


# -------------------------------------------------------------- the setup


def test_the_game_row_sets_the_opponents_and_singles_keeps_its_own_count():
    app = capp.App(settings=Settings(opponents=2), seed=2)
    setup = menus.Setup(app)
    app.push(setup)
    for mode in GAME_MODES:
        select(app, "mode", mode)
        counts = MODE_PLAYERS[mode]
        opponents = app.settings.opponent_count()
        levels = [name for name in setup.rows if name.startswith("level")]
        assert len(levels) == opponents and (opponents + 1 in counts)
        select(app, "opponents")
        press(app, bt.RIGHT)
        if len(counts) == 1:  # fixed by the mode: refused, and its line says why
            assert app.settings.opponent_count() == counts[0] - 1 and app.effects[-1] == "refuse"
            assert "Game row" in setup.describe()
        else:
            assert app.settings.opponent_count() == opponents % max(counts) + 1
            press(app, bt.LEFT)
        assert setup.rows[setup.row] == "opponents"  # the cursor stays on the row turned
    select(app, "mode", "singles")
    assert app.settings.opponents == 2  # the singles' count came back


@pytest.mark.parametrize("mode", TEAM_MODES)
def test_the_seat_rows_say_who_is_your_partner_and_whose_team_the_others_are(mode):
    app = capp.App(settings=Settings(options=Options(mode=mode)), seed=2)
    setup = menus.Setup(app)
    app.push(setup)
    players = app.settings.opponent_count() + 1
    for seat in range(1, players):  # the rules seat them: the labels follow
        label = menus.ROWS[f"level{seat - 1}"].label(app.settings)
        team = team_of_seat(mode, seat, players)
        assert label.endswith("partner" if team == 0 else f"team {team_letter(team)}")


def test_the_setup_page_fits_every_mode_with_its_lines_whole(screen):  # noqa: F811
    app = capp.App(settings=Settings(), seed=2)
    setup = menus.Setup(app)
    app.push(setup)
    faults = []
    for mode in GAME_MODES:
        select(app, "mode", mode)
        for name in setup.rows:
            select(app, name)
            faults += screen(app, f"setup {mode} on {name}")
    assert not faults, "\n".join(dict.fromkeys(faults))


def test_a_partner_may_be_a_person_passing_the_device(tmp_path):
    app = open_app(store_in(tmp_path, options=Options(mode="2v2")))
    to_setup(app)
    select(app, "level1", PERSON)  # the partner's seat
    press(app, bt.X)
    play = app.scene
    assert isinstance(play, cplay.Play)
    assert play.people == {0, 2} and play.game.team_of(0) == play.game.team_of(2)
    assert play.game.names[0] == "P1" and play.game.names[2] == "P3"


# -------------------------------------------------------------- solo


def test_a_solo_game_ends_on_its_score_among_the_best_ones(tmp_path, screen):  # noqa: F811
    store = store_in(tmp_path)
    scores = []
    for seed in (3, 4):
        app = open_app(store, seed=seed)
        over = start_and_finish(app, "solo")
        g = over.play.game
        assert g.players == 1 and over.headline.endswith(f"{g.cash(0):,}")
        scores.append(HighScore(g.cash(0), "", over.play.seed))
        assert over.best[over.best_at].score == g.cash(0) and over.best[over.best_at].seed == over.play.seed
        assert not screen(app, "solo standings")
    stats, _ = store.load_stats()
    assert [(h.score, h.seed) for h in stats.high_scores] == sorted(
        ((h.score, h.seed) for h in scores), key=lambda h: -h[0]
    )
    assert all(h.played for h in stats.high_scores)  # with their dates
    assert stats.modes["solo"].played == 2 and stats.total().played == 0 and stats.rating.games == 0
    records, _ = store.load_records()
    assert {r.options.mode for r in records} == {"solo"}  # kept to replay (its story: the rules')
    assert open_app(store).settings.options.mode == "solo"  # the next setup starts from it


def test_the_high_score_table_keeps_the_best_ones_best_first():
    stats = Stats()
    for score in range(HIGH_SCORES + 3):
        stats.record(GameResult(True, 1000 * (score % 5), "normal", 1.0, mode="solo", seed=score))
    assert len(stats.high_scores) == HIGH_SCORES
    kept = [h.score for h in stats.high_scores]
    assert kept == sorted(kept, reverse=True) and kept[0] == 4000
    assert stats.high_scores[0].seed == 4  # an equal later score stays behind the first one
    assert Stats.from_dict(stats.to_dict()) == stats


def test_damaged_high_scores_are_set_aside_with_one_line(tmp_path):
    store = Storage.in_directory(tmp_path)
    store.record_game(GameResult(True, 5000, "normal", 1.0, mode="solo", seed=1, played="x"))
    data = (tmp_path / "stats.json").read_text().replace('"score":5000', '"score":-5')
    assert '"score":-5' in data
    (tmp_path / "stats.json").write_text(data)
    stats, message = store.load_stats()
    assert message and len(message) <= 32 and stats.high_scores == []
    assert list(tmp_path.glob("stats.json.bad-*"))  # kept, not lost


# -------------------------------------------------------------- teams


@pytest.mark.parametrize("mode", TEAM_MODES)
def test_a_team_game_ranks_the_teams_then_their_players(tmp_path, mode, screen):  # noqa: F811
    store = store_in(tmp_path)
    app = open_app(store, seed=5)
    over = start_and_finish(app, mode)
    g = over.play.game
    sums = g.team_scores()
    assert [t.cash for t in over.teams] == sorted(sums, reverse=True)
    assert [t.seats for t in over.teams] == sorted(g.teams, key=lambda team: -sums[g.teams.index(team)])
    seats = [row[1] for row in over.rows]  # the players by their team's place, then by cash
    assert seats == [s for t in over.teams for s in sorted(t.seats, key=lambda s: (-g.cash(s), s))]
    best = over.teams[0]
    assert set(best.seats) <= set(g.winners())
    assert f"team {best.letter}" in over.play.log[-1] and over.play.log[-1].startswith("Game over")
    assert ("Your team" in over.headline) == (0 in g.winners())
    assert not screen(app, f"{mode} standings")
    texts = [t for _, t in screen.layout.texts]
    for team in over.teams:  # each team's end bonuses and sales, summed as a player's are shown
        bonus = sum(row[3] for row in over.rows if row[1] in team.seats)
        sold = sum(row[4] for row in over.rows if row[1] in team.seats)
        assert f"bonus {money(bonus)} sold {money(sold)}" in texts
    stats, _ = store.load_stats()
    assert stats.modes[mode].played == 1 and stats.total().played == 0 and stats.by_level == {}
    assert stats.rating.games == 0  # team games are not rated
    record = store.load_records()[0][0]
    row = row_of(record)  # the kept games' list: the way to play, the team's place
    assert (row.against, row.place) == (mode, next(t.place for t in over.teams if 0 in t.seats))
    story = story_of(record)
    assert story.names == tuple(f"team {team_letter(t)}" for t in range(len(g.teams)))
    assert [line[-1] for line in story.series] == sums  # the chart by team: its members summed
    assert rating_from([record]).games == 0


def test_the_holdings_and_the_side_list_mark_the_teams(tmp_path):
    app = open_app(store_in(tmp_path, options=Options(mode="2v2")), seed=5)
    to_setup(app)
    press(app, bt.X)
    play = app.scene
    assert isinstance(play, cplay.Play)
    assert [play.team_mark(s) for s in range(4)] == ["A", "B", "A", "B"]
    chart = menus.Chart(app, play)
    assert chart.level(2).endswith("partner") and chart.level(1).endswith("team B")
    assert chart.level(0).endswith("team A")


@pytest.mark.parametrize("mode", TEAM_MODES)
def test_the_holdings_page_sums_each_teams_worth(tmp_path, mode, screen):  # noqa: F811
    app = open_app(store_in(tmp_path, options=Options(mode=mode)), seed=5)
    to_setup(app)
    press(app, bt.X)
    play = app.scene
    assert isinstance(play, cplay.Play)
    g = play.game
    bought = lambda: sum(g.shares(s, c) for s in range(g.players) for c in CHAINS)  # noqa: E731
    play_until(app, lambda: bought() >= 6 and app.scene is play)  # shares bought: worths apart
    app.push(menus.Chart(app, play))
    select(app, "holdings")
    assert not screen(app, f"{mode} holdings")
    line = next(t for _, t in screen.layout.texts if "orth" in t and "A $" in t)
    for t, team in enumerate(g.teams):
        total = sum(g.net_worth(s) for s in team)
        said = money(total) if "K" not in line else f"${round(total / 1000)}K"
        assert f"{team_letter(t)} {said}" in line, (line, total)


def test_a_saved_team_game_continues_after_a_restart(tmp_path: Path):
    app = open_app(
        store_in(tmp_path, options=Options(mode="2v2"), levels=["easy", "hard", "normal", "normal", "normal"])
    )
    to_setup(app)
    press(app, bt.X)
    play = app.scene
    assert isinstance(play, cplay.Play)
    play_until(app, lambda: len(play.actions) > 8 and deciding(play))
    app.keep_progress()
    again = open_app(store_in(tmp_path))  # a restart
    assert "your team" in (again.keeper.tell() or "")
    title_pick(again, "Continue")
    resumed = again.scene
    assert isinstance(resumed, cplay.Play)
    assert resumed.game == play.game and resumed.game.options.mode == "2v2"
    assert resumed.levels == {1: "easy", 2: "hard", 3: "normal"}
    over = play_out(again)
    assert over.teams and over.play is resumed
    stats, _ = Storage.in_directory(tmp_path).load_stats()
    assert stats.modes["2v2"].played == 1 and stats.total().played == 0


def test_a_team_result_is_the_teams_place_and_unrated(tmp_path):
    store = store_in(tmp_path)
    over = start_and_finish(open_app(store, seed=5), "2v2")
    g = over.play.game
    result = GameResult.for_seats(g, over.play.seats())
    assert result is not None and result.mode == "2v2" and result.versus == ()
    assert result.rank == (1.0 if 0 in g.winners() else 2.0)
    assert result.won == (0 in g.winners())


# -------------------------------------------------------------- the stats pages


def test_the_stats_pages_show_the_other_ways_to_play_and_the_high_scores(tmp_path, screen):  # noqa: F811
    store = store_in(tmp_path)
    store.record_game(GameResult(True, 40000, "hard", 1.0, (("hard", 1.0),)))
    store.record_game(GameResult(True, 61000, "normal", 1.0, mode="solo", seed=12, played="2026-12-03 01:20"))
    store.record_game(
        GameResult(True, 123400, "normal", 1.0, mode="solo", seed=2**31 - 1, played="2026-12-04")
    )
    store.record_game(GameResult(False, 30000, "normal", 2.0, mode="3v3"))
    app = open_app(store)
    select(app, "Stats")
    press(app, bt.X)
    stats = app.scene
    assert isinstance(stats, menus.StatsScene)
    assert "Singles" in stats.rating_line()  # the rating counts singles only, and says so
    select(app, "modes")
    assert stats.mode_rows == [("solo", 2, "-", 123400), ("3v3", 1, "0", 30000)]
    assert not screen(app, "stats modes")
    select(app, "scores")
    assert stats.score_rows == [("$123,400", "12-04", str(2**31 - 1)), ("$61,000", "12-03", "12")]
    assert not screen(app, "stats scores")


@pytest.mark.parametrize("mode", [m for m in GAME_MODES if m != "singles"])
def test_the_insights_read_every_way_to_play(mode):
    """The previews, the holdings, the buy standing, the recap and the end panel's line at
    every decision of a game played to its end: alone they compare with no one, in teams
    the end line compares the teams (the hint, whose search is the computers', in teams)."""
    rng = random.Random(3)
    g = Game.new(MODE_PLAYERS[mode][0], seed=3, options=Options(mode=mode))
    events: list = []
    ends = []
    while not g.is_over:
        sheet = holdings(g, g.current)
        assert all(bonus_line(sheet, chain) for chain in CHAINS)
        if g.phase == Phase.PLACE:
            assert all(tile_preview(g, tile) for tile in g.hand(g.current))
        if g.phase == Phase.BUY:
            buys = [a for a in g.legal_actions() if isinstance(a, BuyShares) and a.chains]
            assert all(buy_standing(g, a.chains[-1], a.chains[:-1]) for a in buys[:3])
            if g.may_declare():
                ends.append(end_standing(g))
        if TEAM_COUNT[mode] and g.current == 0:
            assert hint(g)[1]
        recap(events, g.current, g.names)
        events += g.apply(rng.choice(g.legal_actions()))
    alone = MODE_PLAYERS[mode] == (1,)  # the score game; else teams, or each for themselves (as singles)
    said = "Your team" if TEAM_COUNT[mode] else "You'd score" if alone else ""
    assert ends and all(line and line.startswith(said) and len(line) <= LINE_CHARS for line in ends)


def test_a_saved_solo_game_continues_after_a_restart(tmp_path: Path):
    app = open_app(store_in(tmp_path, options=Options(mode="solo")))
    to_setup(app)
    press(app, bt.X)
    play = app.scene
    assert isinstance(play, cplay.Play) and play.game.players == 1
    play_until(app, lambda: len(play.actions) > 10 and deciding(play))
    app.keep_progress()
    again = open_app(store_in(tmp_path))  # a restart
    assert "worth" in (again.keeper.tell() or "")
    title_pick(again, "Continue")
    resumed = again.scene
    assert isinstance(resumed, cplay.Play) and resumed.game == play.game
    over = play_out(again)
    assert over.solo and over.best_at == 0
