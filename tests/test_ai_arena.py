"""The arena: seat-rotated games and the figures it prints."""

import dataclasses
import json
import math
import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from acquire8.ai import arena
from acquire8.ai.evaluate import EXPERT
from acquire8.ai.expert import ExpertBot
from acquire8.rules import CHAINS, BuyShares
from acquire8.rules import events as ev
from acquire8.rules.record import replay
from acquire8.rules.tables import START_CASH


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
    games = arena.kept_games(tmp_path)
    kept = arena.report(games)
    assert kept.games == 12 and sorted(kept.margins) == sorted(whole.margins)
    for game in games:  # each record replays to the figures kept beside it
        scores = game.record.final().scores()
        ours = scores[game.seat]
        assert game.stats.margins == [ours - max(s for i, s in enumerate(scores) if i != game.seat)]
        assert game.hero_seats == (game.seat,)


def test_processes_keep_the_same_games_as_one(tmp_path):
    one = arena.run("easy", "greedy", games=8, seed=21, keep=tmp_path / "one")
    two = arena.run("easy", "greedy", games=8, seed=21, jobs=2, keep=tmp_path / "two")
    assert sorted(two.margins) == sorted(one.margins)
    assert sorted(p.name for p in (tmp_path / "two").iterdir()) == sorted(
        p.name for p in (tmp_path / "one").iterdir()
    )


def test_keeping_refuses_another_runs_directory_and_names_a_bad_file(tmp_path):
    arena.run("easy", "greedy", games=4, seed=2, keep=tmp_path)
    with pytest.raises(ValueError, match="another run"):
        arena.run("normal", "greedy", games=4, seed=2, keep=tmp_path)
    good = (tmp_path / "2_0.json").read_text()
    bad = tmp_path / "99_0.json"
    for text in ("{not json", "[]", good, good.replace('"seat":0', '"seat":"0"')):
        bad.write_text(text)  # the last two: another deal's name, a seat not a number
        with pytest.raises(ValueError, match=r"99_0\.json"):
            arena.run("easy", "greedy", games=4, seed=2, keep=tmp_path)
        assert bad.read_text() == text  # nothing is thrown away
    bad.unlink()
    (tmp_path / "3_0.json").mkdir()  # a directory with a kept game's name
    with pytest.raises(ValueError, match=r"3_0\.json"):
        arena.kept_games(tmp_path)
    with pytest.raises(ValueError, match="no kept games"):
        arena.report(arena.kept_games(tmp_path / "empty"))


def test_money_sources_add_up_to_each_sides_final_cash(tmp_path):
    arena.run("hard", "greedy", games=8, seed=11, keep=tmp_path)
    games = arena.kept_games(tmp_path)
    money = arena.money_sources(games)
    finals = [g.record.final().scores() for g in games]
    hero_final = sum(s[g.seat] for s, g in zip(finals, games, strict=True)) / len(games)
    field_final = sum((sum(s) - s[g.seat]) / 3 for s, g in zip(finals, games, strict=True)) / len(games)
    assert money["final"] == pytest.approx((hero_final, field_final))
    for side in (0, 1):  # the start's cash, what came in and what went out
        came = sum(money[k][side] for k in ("merger_bonus", "end_bonus", "merger_sold", "end_sold"))
        assert START_CASH + came - money["bought"][side] == pytest.approx(money["final"][side])
        assert 0 <= money["founded_bought"][side] <= money["founded"][side]
    assert money["founded"][0] > 0 and money["merger_bonus"][0] > 0
    spread = Counter()  # the hero's purchases by the chains they spread over, counted here
    for game in games:
        for step in replay(game.record):
            if isinstance(step.action, BuyShares) and step.action.chains and step.seat == game.seat:
                spread[len(set(step.action.chains))] += 1
    assert [money[f"bought_{k}"][0] * len(games) for k in (1, 2, 3)] == pytest.approx(
        [spread[1], spread[2], spread[3]]
    )
    assert spread[1] and spread[2]  # hard buys both ways


def test_places_in_merged_chains_follow_the_bonuses_paid_two_players_too(tmp_path):
    arena.run("hard", "greedy", games=6, seed=31, players=2, keep=tmp_path)
    games = arena.kept_games(tmp_path)
    chains = 0  # chains merged away before the end that paid a bonus, to a seat or the market
    at_end = 0  # chains on the board at the end that paid one
    hero_none = 0  # ... of them, those the hero held no share of
    for game in games:
        g = game.record.start()
        for action in game.record.actions:
            held = g.share_table()[game.seat]
            happened = g.apply(action)
            paid = {e.chain for e in happened if isinstance(e, ev.BonusPaid | ev.MarketBonus)}
            if not g.is_over:
                chains += len(paid)
            else:
                at_end += len(paid)
                # the game ends on a purchase, which may add to the holding
                buys = [e for e in happened if isinstance(e, ev.SharesBought) and e.seat == game.seat]
                bought = {c for e in buys for c in e.chains}
                hero_none += sum(not held[CHAINS.index(c)] and c not in bought for c in paid)
    money = arena.money_sources(games)
    for side in (0, 1):  # every such chain gives every seat one place
        assert sum(money[p][side] for p in arena.PLACES) * len(games) == pytest.approx(chains)
        assert sum(money[p][side] for p in arena.END_PLACES) * len(games) == pytest.approx(at_end)
    assert money["end none held"][0] * len(games) == pytest.approx(hero_none)
    assert chains > 0 and at_end > 0 and money["end first"][0] > 0
    assert arena.place_of(0, None) == "none held"
    assert arena.place_of(3, None) == "no bonus"
    assert [arena.place_of(2, k) for k in ("both", "majority", "shared", "minority")] == ["first"] * 3 + [
        "second"
    ]


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
    with pytest.raises(SystemExit):
        arena.main(["--table", "--keep", str(tmp_path)])
    with pytest.raises(SystemExit, match="no kept games"):
        arena.main(["--keep", str(tmp_path / "nothing"), "--report"])


def test_the_experts_deals_a_decision_are_counted_kept_and_printed(tmp_path, capsys):
    st = arena.run("expert", "greedy", games=2, seed=3, players=2, hero_opts={"iterations": 3}, keep=tmp_path)
    # every searched decision played its 3 deals (too few for a candidate to be dropped); one
    # with a single candidate is no search and not counted
    assert st.hero_deals and set(st.hero_deals) == {3}
    assert len(st.hero_deals) < len(st.times_ms)
    assert arena.report(arena.kept_games(tmp_path)).hero_deals == st.hero_deals
    arena.main(["--keep", str(tmp_path), "--report"])
    assert (
        f"hero expert: {len(st.hero_deals)} decisions searched, deals a decision median 3"
        in capsys.readouterr().out
    )
    # games kept before the count was kept still read, with none
    for path in tmp_path.glob("*.json"):
        data = json.loads(path.read_text())
        del data["stats"]["hero_deals"]
        path.write_text(json.dumps(data))
    assert arena.report(arena.kept_games(tmp_path)).hero_deals == []
    assert arena.run("hard", "greedy", games=4, seed=3).hero_deals == []  # hard does not search


def test_the_heros_options_reach_it_and_a_bad_one_stops_the_run_first(tmp_path, capsys, monkeypatch):
    made, tables = [], set()

    def expert(seed, **opts):
        made.append(opts.get("objective"))
        tables.add(opts.get("table"))
        return ExpertBot(seed, **opts)

    monkeypatch.setitem(arena.PLAYERS, "expert", expert)
    run = ["--hero", "expert", "--iterations", "2", "--field", "greedy", "--players", "2", "--games", "2"]
    arena.main([*run, "--options", '{"objective": "win"}', "--keep", str(tmp_path / "win")])
    assert made and set(made) == {"win"}  # the trial decision's player and every game's
    # each game's expert knows whom it plays (the trial decision's has no table)
    assert tables == {None, ("expert", "greedy"), ("greedy", "expert")}
    assert {g.run["hero_opts"]["objective"] for g in arena.kept_games(tmp_path / "win")} == {"win"}
    with pytest.raises(SystemExit, match="another run"):  # a run without it is another run
        arena.main([*run, "--keep", str(tmp_path / "win")])
    bad_runs = (
        (["--options", '{"objective": "money"}'], "margin or win"),
        (["--options", '{"objectiv": "win"}'], "objectiv"),
        (["--options", '{"candidates": "six"}'], "--options"),  # found by the trial decision
        (["--options", '{"iterations": 3}', "--iterations", "2"], "once"),
        (["--options", '{"objective": "win"}', "--mode", "2v2"], "singles"),
        (["--options", "[1]"], "JSON object"),
        (["--options", "{"], "not JSON"),
        (["--options", '{"rounds": 2}', "--table"], "--table"),
        (["--hero", "hard", "--options", '{"rounds": 2}'], "only the expert"),
        (["--hero", "exprt", "--options", '{"rounds": 2}'], "unknown"),
    )
    for bad, words in bad_runs:
        keep = tmp_path / "bad"
        with pytest.raises(SystemExit):
            arena.main(["--hero", "expert", "--iterations", "2", "--games", "4", "--keep", str(keep), *bad])
        assert words in capsys.readouterr().err
        assert not keep.exists()  # stopped before any game


def test_the_fit_of_values_recovers_a_known_line_and_reads_kept_games(tmp_path, capsys):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import fit_value  # type: ignore[import-not-found]  # tools/ is not a package

    # y = 2a - b, in three groups, a third term that never varies: its coefficient is 0
    groups = [([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], [2.0, -1.0]), ([[1.0, 1.0, 0.0]], [1.0])]
    groups.append(([[2.0, 1.0, 0.0], [1.0, 3.0, 0.0]], [3.0, -1.0]))
    beta, half = fit_value.fit(groups)
    assert [round(b, 9) for b in beta] == [2.0, -1.0, 0.0]
    assert all(h < 1e-6 for h in half)  # an exact fit: no spread
    assert fit_value.centred([[1.0, 4.0], [3.0, 0.0]]) == [[-1.0, 2.0], [1.0, -2.0]]

    arena.run("easy", "greedy", games=4, seed=41, keep=tmp_path)
    games = [fit_value.played(game) for game in arena.kept_games(tmp_path)]
    by_fifth = fit_value.samples(games)
    assert len(by_fifth) == fit_value.FIFTHS and by_fifth[0]
    for groups in by_fifth:
        for xs, ys in groups:
            assert len(xs) == len(ys) and len(xs) % 4 == 0  # every seat of every turn
            assert abs(sum(ys[:4])) < 1e-6  # results less the table's mean
            assert all(len(x) == len(fit_value.terms("size")) for x in xs)
    worth = fit_value.kept_share_worth(games)
    assert all(0 <= on <= 1 and price >= 0 and bonus >= 0 for _, on, price, bonus in worth)
    fit_value.main(["--kept", str(tmp_path)])
    out = capsys.readouterr().out
    assert "4 games" in out and "stage 0.0-0.2" in out
    # by place: the same chains' terms, split otherwise, so every seat's sum is the same
    by_place = [fit_value.played(game, "place") for game in arena.kept_games(tmp_path)]
    for a, b in zip(games, by_place, strict=True):
        for ta, tb in zip(a.turns, b.turns, strict=True):
            assert len(tb.rows[0]) == len(fit_value.terms("place"))
            for ra, rb in zip(ta.rows, tb.rows, strict=True):
                assert abs(sum(ra[1:-1]) - sum(rb[1:-1])) < 1e-6 and ra[0] == rb[0]
    place = [fit_value.place_class(9, 0, (4, 2, 2, 0), seat) for seat in range(4)]
    assert place == [0, 1, 1, 3]  # first, second (tied), second, none held
    assert fit_value.place_class(9, 0, (3, 3, 1, 0), 2) == 2  # behind a tie for first: behind
    assert fit_value.place_class(9, 0, (5, 3, 1, 0), 2) == 2  # behind the first two: behind
    fit_value.main(["--kept", str(tmp_path), "--by", "place"])
    assert "second" in capsys.readouterr().out
    # with the mover's merge tiles: one more column, the mover's count of them, the rest alike
    merging = [fit_value.played(game, "size", merges=True) for game in arena.kept_games(tmp_path)]
    counts = []
    for a, b in zip(games, merging, strict=True):
        for ta, tb in zip(a.turns, b.turns, strict=True):
            assert len(tb.rows[0]) == len(fit_value.terms("size", merges=True)) == len(ta.rows[0]) + 1
            assert [r[:-2] + r[-1:] for r in tb.rows] == ta.rows
            counts.append([r[-2] for r in tb.rows])
    assert any(any(c) for c in counts)  # some turn starts with such a tile
    assert all(sum(1 for x in c if x) <= 1 for c in counts)  # the mover's alone
    fit_value.main(["--kept", str(tmp_path), "--merges"])
    assert "a merge tile of its own $" in capsys.readouterr().out
    # valued without hard's threat weight (the expert's, its safe chains priced at today's size):
    # threatened chains' terms no longer weigh more, the others' are alike
    unthreatened = dataclasses.replace(EXPERT, safe_growth=0.0)
    plain = [fit_value.played(game, params=unthreatened) for game in arena.kept_games(tmp_path)]
    rows = [
        (ra, rb)
        for a, b in zip(games, plain, strict=True)
        for ta, tb in zip(a.turns, b.turns, strict=True)
        for ra, rb in zip(ta.rows, tb.rows, strict=True)
    ]
    assert all(ra[0] == rb[0] and sum(ra[1:-1]) >= sum(rb[1:-1]) - 1e-6 for ra, rb in rows)
    assert any(sum(ra[1:-1]) > sum(rb[1:-1]) + 1 for ra, rb in rows)
    with pytest.raises(SystemExit):
        fit_value.main(["--kept", str(tmp_path), "--params", '{"no such weight": 1}'])
    assert "no such weight" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        fit_value.main(["--kept", str(tmp_path / "nothing")])
    assert "no kept games" in capsys.readouterr().err


def test_the_fit_of_added_shares_reads_a_kept_runs_field_seats(tmp_path):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import fit_added  # type: ignore[import-not-found]  # tools/ is not a package

    arena.run("easy", "greedy", games=4, seed=41, keep=tmp_path)
    notes = fit_added.kept(tmp_path)
    assert notes and all(0 <= fifth < 5 and added >= 0 for fifth, _, _, added, *_ in notes)
    assert {where for _, where, *_ in notes} <= set(fit_added.PLACES)
    assert {size for _, _, size, *_ in notes} <= {"2-5", "6-10", "11+"}
    # a chain is paid at its size then, never less than at a note before, and so at no lower price
    grown = [(tiles, rise) for *_, tiles, rise in notes]
    assert all(tiles >= 0 and rise >= 0 for tiles, rise in grown)
    assert any(rise > 0 for _, rise in grown) and any(tiles > 0 and not rise for tiles, rise in grown)
    # the field's three seats of every game, no hero's: three notes a chain a turn
    assert len(notes) % 3 == 0
    assert fit_added.place((2, 1, 0, 0), 0) == "leading"
    assert fit_added.place((2, 2, 0, 0), 1) == "tied first"
    assert fit_added.place((2, 1, 0, 0), 1) == "behind"
    assert fit_added.place((2, 1, 0, 0), 3) == "none"
    classes = [fit_added.size_class(n) for n in (2, 5, 6, 10, 11, 41)]
    assert classes == ["2-5", "2-5", "6-10", "6-10", "11+", "11+"]


def test_a_variant_and_the_default_share_every_table_and_a_run_resumes(tmp_path, capsys):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import pair_params  # type: ignore[import-not-found]  # tools/ is not a package

    out = tmp_path / "pairs.jsonl"
    variant = ["--params", '{"premium_until": 0.7}']
    pair_params.main([*variant, "--seed", "5", "--deals", "1", "--field", "greedy", "--out", str(out)])
    games = pair_params.read(out)
    assert sorted(g["seating"] for g in games) == sorted(pair_params.SEATINGS)
    assert all(len(g["cash"]) == 4 and sum(g["at_once"]) <= sum(g["founded"]) for g in games)
    written = out.read_text()
    pair_params.main([*variant, "--seed", "5", "--deals", "1", "--field", "greedy", "--out", str(out)])
    assert out.read_text() == written  # every game was there: none played again
    assert games[0]["variant"] == {
        "level": "hard",
        "params": {"premium_until": 0.7},
        "options": {},
        "both": {},
    }
    with pytest.raises(SystemExit, match="other players"):  # the shipped weights: another run's file
        pair_params.main(["--seed", "5", "--deals", "2", "--field", "greedy", "--out", str(out)])
    assert out.read_text() == written
    with out.open("a") as f:
        f.write('{"seed": 6}\n')
    with pytest.raises(SystemExit, match="line 9"):
        pair_params.read(out)
    with pytest.raises(SystemExit):
        pair_params.main(["--params", '{"no_such_weight": 1}', "--out", str(out)])
    with pytest.raises(SystemExit):
        pair_params.main(
            ["--level", "expert", "--options", '{"no_such_option": 1}', "--out", str(tmp_path / "x")]
        )
    assert "no_such_option" in capsys.readouterr().err and not (tmp_path / "x").exists()


def test_an_expert_variant_meets_the_shipped_expert_with_the_options_both_share(tmp_path):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import pair_params  # type: ignore[import-not-found]

    variant = pair_params.Variant("expert", options={"rounds": 2}, both={"iterations": 2})
    v, b = variant.player(3, shipped=False), variant.player(3, shipped=True)
    assert (v.rounds, v.iterations, b.rounds, b.iterations) == (2, 2, 1, 2)
    assert v.ev.p == b.ev.p and v.hard.ev.p == b.hard.ev.p  # the expert's own weights, not hard's
    threat = pair_params.Variant("expert", params=dataclasses.replace(b.ev.p, threat_weight=0.5))
    assert threat.described()["params"] == {"threat_weight": 0.5}
    game = pair_params.play(variant, 5, "VBFF", "greedy", None)
    assert game["variant"] == {
        "level": "expert",
        "params": {},
        "options": {"rounds": 2},
        "both": {"iterations": 2},
    }
    assert len(game["cash"]) == 4 and game["cash"][0] > 0


def test_the_pair_report_takes_the_variant_less_the_default_game_by_game():
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import pair_params  # type: ignore[import-not-found]

    games = [
        {"seed": 1, "seating": "VBFF", "cash": [9000, 6000, 5000, 9000], "founded": [2, 1, 0, 0],
         "at_once": [1, 0, 0, 0]},
        {"seed": 2, "seating": "FBVF", "cash": [5000, 8000, 7000, 1000], "founded": [0, 3, 1, 0],
         "at_once": [0, 2, 1, 0]},
    ]  # fmt: skip
    text = pair_params.report(games)
    assert "V's cash less B's: +1,000 ±" in text  # (3,000 - 1,000) / 2
    assert "V ahead in 1" in text
    assert "wins: V 0.5, B 1" in text  # V shares the first game's top with a field seat
    assert "V 3 / 2, B 4 / 2" in text


def test_search_depth_compares_the_experts_moves_in_kept_games(tmp_path, capsys):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import search_depth  # type: ignore[import-not-found]  # tools/ is not a package

    arena.run("expert", "greedy", games=2, seed=3, players=2, hero_opts={"iterations": 2}, keep=tmp_path)
    views = search_depth.hero_views(tmp_path)
    assert len(views) > 40 and all(len(v.legal_actions()) > 1 for v in views)
    # Searched alike from the same seed, the two searches are one: the same move, no cost.
    alike = '{"iterations": 6, "prune_after": 7}'
    same = search_depth.main(["--keep", str(tmp_path), "--decisions", "5", "--short", alike, "--long", alike])
    assert same["decisions"] == 5 and same["same"] == 5 and same["costs"] == [0.0] * 5
    assert "5 decisions: the long search picks the same move in 5 (100%)" in capsys.readouterr().out
    # Two deals against ten: the ten overturn some of the two's moves.
    quick, slow = '{"iterations": 2, "prune_after": 2}', '{"iterations": 10, "prune_after": 11}'
    shallow = search_depth.main(
        ["--keep", str(tmp_path), "--decisions", "10", "--short", quick, "--long", slow]
    )
    assert shallow["same"] < 10 and max(shallow["costs"]) > 0
    arena.run("easy", "greedy", games=4, seed=3, keep=tmp_path / "easy")
    with pytest.raises(ValueError, match="the hero is easy, not the expert"):
        search_depth.hero_views(tmp_path / "easy")


def test_the_fit_of_the_chance_to_win_recovers_a_known_curve_and_reads_kept_games(tmp_path, capsys):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import fit_win  # type: ignore[import-not-found]  # tools/ is not a package

    # outcomes given as their exact chances: the fit finds the curve they came from
    xs = [x / 10 for x in range(-50, 51)]
    ys = [1 / (1 + math.exp(-(-0.5 + 0.8 * x))) for x in xs]
    a, b = fit_win.fit_logistic(xs, ys)
    assert abs(a + 0.5) < 1e-6 and abs(b - 0.8) < 1e-6

    arena.run("easy", "greedy", games=4, seed=43, keep=tmp_path)
    ev = fit_win.Evaluator(fit_win.EXPERT)
    for game in arena.kept_games(tmp_path):
        rows = fit_win.rows_of(game, ev)
        assert rows and len(rows) % 4 == 0  # every seat at every turn's start
        for start in range(0, len(rows), 4):
            assert abs(sum(w for _, _, w in rows[start : start + 4]) - 1) < 1e-9  # one winner
        assert [st for st, _, _ in rows] == sorted(st for st, _, _ in rows)
    fit_win.main(["--kept", str(tmp_path)])
    out = capsys.readouterr().out
    assert "4 games" in out and "a unit of the logit" in out  # rows of the table for WIN_LOGIT
    with pytest.raises(ValueError, match="no logistic fit"):
        fit_win.fit_logistic([1.0, 2.0, 3.0, 4.0], [0.0, 0.0, 1.0, 1.0])  # the margin tells all


def test_the_model_of_the_field_recovers_known_leanings_and_reads_kept_games(tmp_path, capsys):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import fit_model  # type: ignore[import-not-found]  # tools/ is not a package

    # choices drawn from a known conditional logit: the fit finds its coefficients again
    rng = random.Random(7)
    truth = [0.8, -1.5, 0.5]
    data = []
    for _ in range(1500):
        rows = [[rng.uniform(-2, 2), float(rng.random() < 0.3), float(rng.randint(0, 3))] for _ in range(5)]
        weights = [math.exp(sum(t * x for t, x in zip(truth, row, strict=True))) for row in rows]
        data.append((rows, rng.choices(range(5), weights)[0], len(data)))  # a deal each
    theta, se, ll = fit_model.fit_logit(data, [0, 1, 2])
    assert all(abs(t - u) < 4 * s and 0 < s < 0.2 for t, u, s in zip(theta, truth, se, strict=True))
    assert -math.log(5) < ll < 0  # better than a uniform draw among five
    # each decision made four times over in one deal tells no more than once: the errors are
    # clustered by deal, and do not halve
    again, se_again, _ = fit_model.fit_logit([d for d in data for _ in range(4)], [0, 1, 2])
    assert max(abs(a - t) for a, t in zip(again + se_again, theta + se, strict=True)) < 1e-9
    with pytest.raises(ValueError, match="never varies"):
        fit_model.fit_logit([([[1.0, 0.0], [1.0, 0.0]], 0, 0)] * 3, [0, 1])

    arena.run("easy", "greedy", games=3, seed=43, players=3, keep=tmp_path)
    data, _ = fit_model.gather([tmp_path])
    for kind, (names, _) in fit_model.LEANINGS.items():
        assert data[kind], kind  # the field's decisions of each kind, each option's features
        for rows, chosen, _ in data[kind]:
            assert 0 <= chosen < len(rows) and all(len(row) == len(names) + 1 for row in rows)
    assert {deal for kind in data for _, _, deal in data[kind]} == {43}  # one deal's tile seed
    with pytest.raises(ValueError, match="one deal"):
        fit_model.fit_logit(data["tile"], [0])
    # a purchase row's leanings: shares bought and chains bought into, as the option says
    assert any(row[1] == 3 and row[2] == 1 for rows, _, _ in data["purchase"] for row in rows)
    with pytest.raises(SystemExit):
        fit_model.main(["--kept", str(tmp_path / "none")])
