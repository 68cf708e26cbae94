"""The arena: seat-rotated games and the figures it prints."""

import pytest

from acquire8.ai import arena


def test_every_deal_is_played_from_every_seat():
    st = arena.run("easy", "greedy", games=12, seed=5, players=3)
    assert st.games == 12 and len(st.wins) == len(st.ranks) == len(st.margins) == 12
    # the field is three copies of one player, so per deal the hero's seat is all that changes
    assert all(0 <= w <= 1 for w in st.wins)
    assert all(1 <= r <= 3 for r in st.ranks)
    assert st.times_ms and min(st.times_ms) >= 0
    # a win (even shared) means rank 1 (or a shared first place) and no rival ahead
    for w, r, m in zip(st.wins, st.ranks, st.margins, strict=True):
        assert (w > 0) == (m >= 0)
        if w == 1:
            assert r == 1 and m > 0


def test_hard_beats_the_greedy_field_on_a_small_sample():
    st = arena.run("hard", "greedy", games=40, seed=1)
    assert st.share > 0.5  # measured at about 85% over 2,000 games
    assert 0 < st.interval < 0.5


def test_command_line_prints_share_interval_rank_margin_and_times(capsys):
    arena.main(["--hero", "normal", "--field", "greedy", "--games", "8", "--seed", "2"])
    out = capsys.readouterr().out
    for word in ("win", "±", "rank", "margin", "median", "p95", "max"):
        assert word in out


def test_kept_games_are_read_instead_of_played_and_add_up_to_the_whole_run(tmp_path, monkeypatch):
    whole = arena.run("normal", "greedy", games=12, seed=7)
    first = arena.run("normal", "greedy", games=8, seed=7, keep=tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{s}_{t}.json" for s in (7, 8) for t in range(4)]
    played = []
    play_one = arena.play_one
    monkeypatch.setattr(arena, "play_one", lambda task: played.append(task[2:4]) or play_one(task))
    again = arena.run("normal", "greedy", games=12, seed=7, keep=tmp_path)
    assert played == [(9, s) for s in range(4)]  # only the deal not kept yet
    assert again.wins == whole.wins and again.margins == whole.margins and again.ranks == whole.ranks
    assert first.margins == whole.margins[:8]
    kept = arena.report(tmp_path)
    assert kept.games == 12 and sorted(kept.margins) == sorted(whole.margins)
    for game in arena.kept_games(tmp_path):  # each record replays to the figures kept beside it
        scores = game.record.final().scores()
        ours = scores[game.seat]
        assert game.stats.margins == [ours - max(s for i, s in enumerate(scores) if i != game.seat)]
        assert game.hero_seats == (game.seat,)


def test_keeping_refuses_another_runs_directory_and_names_a_bad_file(tmp_path):
    arena.run("easy", "greedy", games=4, seed=2, keep=tmp_path)
    with pytest.raises(ValueError, match="another run"):
        arena.run("normal", "greedy", games=4, seed=2, keep=tmp_path)
    bad = tmp_path / "99_0.json"
    bad.write_text("{not json")
    with pytest.raises(ValueError, match=r"99_0\.json"):
        arena.report(tmp_path)
    assert bad.read_text() == "{not json"  # nothing is thrown away
    with pytest.raises(ValueError, match="no kept games"):
        arena.report(tmp_path / "empty")


def test_money_sources_count_every_merged_chain_once_per_seat_and_the_final_cash(tmp_path):
    arena.run("hard", "greedy", games=8, seed=11, keep=tmp_path)
    games = arena.kept_games(tmp_path)
    money = arena.money_sources(games)
    finals = [g.record.final().scores() for g in games]
    hero_final = sum(s[g.seat] for s, g in zip(finals, games, strict=True)) / len(games)
    field_final = sum((sum(s) - s[g.seat]) / 3 for s, g in zip(finals, games, strict=True)) / len(games)
    assert money["final"] == pytest.approx((hero_final, field_final))
    # every chain merged away gives every seat exactly one place in it
    hero_places = sum(money[p][0] for p in arena.PLACES)
    field_places = sum(money[p][1] for p in arena.PLACES)
    assert hero_places == pytest.approx(field_places) and hero_places > 0
    assert money["bought"][0] > 0 and money["merger_bonus"][0] > 0
    for side in (0, 1):
        assert 0 <= money["founded_bought"][side] <= money["founded"][side]
    assert money["founded"][0] > 0


def test_report_command_prints_the_kept_figures_and_needs_a_directory(tmp_path, capsys):
    arena.main(
        ["--hero", "easy", "--field", "greedy", "--games", "4", "--seed", "5", "--keep", str(tmp_path)]
    )
    capsys.readouterr()
    arena.main(["--keep", str(tmp_path), "--report"])
    out = capsys.readouterr().out
    for words in ("easy vs 3x greedy", "4 games", "deals 5-5", "bonuses from mergers", "none held"):
        assert words in out
    with pytest.raises(SystemExit):
        arena.main(["--report"])
    with pytest.raises(SystemExit, match="no kept games"):
        arena.main(["--keep", str(tmp_path / "nothing"), "--report"])


def test_a_seats_place_in_a_chain_follows_the_bonus_rules():
    assert arena._place([5, 5, 2, 0], 0) == "first"  # tied first: shares both bonuses
    assert arena._place([5, 3, 3, 0], 1) == "second"  # tied second: shares the minority
    assert arena._place([5, 5, 2, 0], 2) == "no bonus"  # two above it
    assert arena._place([5, 3, 2, 0], 2) == "no bonus"
    assert arena._place([5, 3, 2, 0], 3) == "none held"
    assert arena._place([0, 0, 1, 0], 2) == "first"  # a lone holder takes both
