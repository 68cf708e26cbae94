"""How the expert spends its deals: candidates that trail beyond doubt stop being played out,
and foundings and disposals are searched like tiles and purchases."""

import dataclasses
import random

import pytest

from acquire8.ai.base import finish
from acquire8.ai.evaluate import DEFAULT, EXPERT, stage
from acquire8.ai.expert import PRUNE_AFTER, TO_THE_END, ExpertBot, Search, win_chance
from acquire8.ai.hard import YARDSTICK_HABITS, Habits, HardBot
from acquire8.ai.simple import EasyBot
from acquire8.rules import BuyShares, Dispose, FoundChain, Game, Options, Phase, PlaceTile

from positions import chain, dear_survivor_disposal, fill, load, locked_survivor_disposal, player, safe_chain


def _search_with(results: list[list[float]], prune_after: int = PRUNE_AFTER) -> Search:
    """A search over the first tiles of a real opening, its per-deal scores given."""
    view = Game.new(players=4, seed=1).view(0)
    cands = view.legal_actions()[: len(results)]
    search = Search(view, cands, 4, ExpertBot(1, iterations=100, prune_after=prune_after))
    search.results = [list(r) for r in results]
    search.deals = len(results[0])
    return search


def _scores(n: int, rng: random.Random, mean: float, spread: float) -> list[float]:
    return [mean + rng.uniform(-spread, spread) for _ in range(n)]


def test_a_candidate_far_behind_on_the_same_deals_is_dropped_and_a_close_one_kept():
    rng = random.Random(3)
    luck = _scores(PRUNE_AFTER + 4, rng, 0, 5000)  # the deal's luck, shared by every candidate
    lead = [x + 1000 + rng.uniform(-300, 300) for x in luck]
    close = [x + 900 + rng.uniform(-300, 300) for x in luck]
    far = [x - 2000 + rng.uniform(-300, 300) for x in luck]
    search = _search_with([close, lead, far])
    search._prune()
    assert search.active == [0, 1]
    assert search.best() == search.cands[1]
    assert not search.done()  # two left, deals to go


def test_nothing_is_dropped_before_enough_deals_and_one_left_decides():
    rng = random.Random(4)
    luck = _scores(PRUNE_AFTER - 1, rng, 0, 5000)
    lead = [x + 1000 for x in luck]
    far = [x - 5000 for x in luck]
    early = _search_with([far, lead])
    early._prune()
    assert early.active == [0, 1]  # too few deals to judge
    late = _search_with([[*far, -5000.0], [*lead, 1000.0]])
    late._prune()
    assert late.active == [1] and late.done() and late.best() == late.cands[1]
    patient = _search_with([[*far, -5000.0], [*lead, 1000.0]], prune_after=PRUNE_AFTER + 1)
    patient._prune()
    assert patient.active == [0, 1]  # its own number of deals to judge by
    with pytest.raises(ValueError, match="prune_after"):
        ExpertBot(1, prune_after=1)


def test_a_clear_disposal_is_decided_before_its_deals_run_out():
    g = dear_survivor_disposal()  # trading into the dear survivor is clearly best
    expert = ExpertBot(1, iterations=60)
    expert.start(g.view(0))
    search = None
    while (act := expert.step(0.0)) is None:  # a unit at a time, to watch the search
        search = expert._task or search
    assert act == Dispose(0, 6) and search is not None
    assert len(search.cands) >= 3  # hard's choice, selling all and keeping all were weighed
    assert search.deals < 60 and search.active == [search.cands.index(act)]


def test_disposal_candidates_start_with_hards_choice_and_are_legal_and_distinct():
    g = locked_survivor_disposal()
    view = g.view(0)
    cands = finish(ExpertBot(1)._candidate_steps(view))
    assert cands[0] == HardBot(1).choose(view)
    assert {Dispose(6, 0), Dispose(0, 0)} <= set(cands)
    assert len(set(cands)) == len(cands) and set(cands) <= set(g.legal_actions())


def test_a_disposal_in_anothers_turn_is_played_out_to_the_start_of_its_own_turn():
    # P2 merges Tower into Continental; P1 holds the Towers and disposes in P2's turn.
    cells = {**fill("C", "1A-12A", "1B", "1C-8C"), **fill("T", "10C-12C")}
    players = [player(shares={"T": 6}), player(shares={"C": 5}, hand=["9C"]), player(shares={"C": 4})]
    g = load(cells=cells, players=players, pool=["12I", "10I", "8I", "6I", "4I", "2I"], current=1)
    g.apply(PlaceTile("9C"))
    assert g.phase == Phase.DISPOSE and g.current == 0 and g.turn == 1
    expert = ExpertBot(1, iterations=2)
    expert.start(g.view(0))
    while expert._task is None:
        assert expert.step(0.0) is None
    assert expert._task.horizon == 2  # P3's turn, then its own
    longer = ExpertBot(1, iterations=2, rounds=2)
    longer.start(g.view(0))
    while longer._task is None:
        assert longer.step(0.0) is None
    assert longer._task.horizon == 5  # ... and a whole round more
    with pytest.raises(ValueError, match="rounds"):
        ExpertBot(1, rounds=0)


def test_from_its_stage_on_the_playouts_run_to_the_final_scoring():
    # the same disposal, in a game far enough on for to_end_from=0.4 and not for 0.9, with a
    # pool that lasts beyond the short horizon and a small chain that keeps it from ending
    cells = {**fill("C", "1A-12A", "1B", "1C-8C"), **fill("T", "10C-12C"), **fill("A", "11E-12E")}
    players = [player(shares={"T": 6}), player(shares={"C": 5}, hand=["9C"]), player(shares={"C": 4})]
    pool = [f"{col}{row}" for row in "FGHI" for col in range(1, 13)]
    g = load(cells=cells, players=players, pool=pool, current=1)
    g.apply(PlaceTile("9C"))
    assert 0.4 <= stage(g) < 0.9
    scored: list[bool] = []
    for to_end_from, horizon in ((0.9, 2), (0.4, TO_THE_END)):
        expert = ExpertBot(1, iterations=2, to_end_from=to_end_from)
        search = expert.search(g.view(0), expert.candidate_moves(g.view(0)))
        assert search.horizon == horizon
        real = expert.ev.evaluate

        def evaluate(game: Game, me: int, real=real) -> float:
            scored.append(game.is_over)
            return real(game, me)

        expert.ev.evaluate = evaluate  # type: ignore[method-assign]
        while not search.done():
            search.iterate()
        if horizon == TO_THE_END:
            assert scored and all(scored)  # every playout scored at the game's end
        else:
            assert scored and not any(scored)
        scored.clear()


def test_founding_weighs_every_chain_hard_would_consider():
    cells = fill("#", "1A")
    g = load(cells=cells, players=[player(hand=["2A"]), player(), player()], pool=["12I", "10I", "8I"])
    g.apply(PlaceTile("2A"))
    assert g.phase == Phase.FOUND
    view = g.view(0)
    hard = HardBot(1)
    cands = finish(ExpertBot(1)._candidate_steps(view))
    assert cands[0] == hard.choose(view)
    assert set(cands) == set(hard.found_options(view)) and len(cands) > 1
    assert all(isinstance(a, FoundChain) for a in cands)


def test_the_other_seats_of_its_playouts_weigh_the_board_as_the_shipped_hard_does():
    """They are modelled as the hard players a person meets (threatened chains weighed), where
    its own evaluation leaves the threats out; `model` sets their weights."""
    bot = ExpertBot(1)
    assert bot.opponent.ev.p == HardBot(1).ev.p == DEFAULT
    assert bot.opponent.ev.p.threat_weight > 0 and bot.ev.p == bot.hard.ev.p == EXPERT
    assert ExpertBot(1, model=EXPERT).opponent.ev.p == EXPERT


def test_in_its_playouts_the_other_seats_decide_by_its_model_and_it_by_its_own_weights():
    bot = ExpertBot(1, iterations=2)
    deciders: dict[int, set[float]] = {}  # seat -> the threat weights it decided with
    for hard in (bot.hard, bot.opponent):
        steps = hard.choose_steps

        def watched(g, steps=steps, weight=hard.ev.p.threat_weight):
            deciders.setdefault(g.current, set()).add(weight)
            return (yield from steps(g))

        hard.choose_steps = watched
    view = Game.new(players=4, seed=2).view(0)
    search = bot.search(view, view.legal_actions()[:2])
    while not search.done():
        search.iterate()
    # its own purchase after the tile by its own weights, every other seat's turn by the model's
    theirs = {DEFAULT.threat_weight}
    assert deciders == {0: {EXPERT.threat_weight}, 1: theirs, 2: theirs, 3: theirs}


def test_the_chance_to_win_rises_with_the_margin_and_steepens_as_the_game_runs():
    early = Game.new(players=4, seed=1)
    assert stage(early) < 0.1
    cells = {**fill("C", "1A-12A", "1B-12B", "1C-12C", "1D-12D"), **fill("T", "1F-11F")}
    late = load(cells=cells, players=[player(), player(), player(), player()], pool=["12I"])
    assert stage(late) > 0.9
    for g in (early, late):
        chances = [win_chance(g, m) for m in (-8000, -2000, 0, 2000, 8000)]
        assert chances == sorted(chances) and len(set(chances)) == 5
        assert all(0 < c < 1 for c in chances)
    # a lead of $2,000 counts for more late than early
    assert win_chance(late, 2000) - win_chance(late, 0) > 2 * (win_chance(early, 2000) - win_chance(early, 0))
    assert 0.4 < win_chance(late, 0) < 0.5  # level with the best opponent near the end
    # a finished game: the final margin all but decides it
    over = Game.new(players=4, seed=1)
    while not over.is_over:
        over.play(HardBot(1).choose(over.view(over.current)))
    assert win_chance(over, 1500) > 0.95 and win_chance(over, -1500) < 0.05


def test_with_the_win_objective_a_singles_playout_scores_its_chance_and_a_team_game_its_margin():
    for mode, in_unit in (("singles", True), ("2v2", False)):
        g = Game.new(players=4, seed=3, options=Options(mode=mode))
        view = g.view(g.current)
        bot = ExpertBot(1, iterations=3, objective="win")
        search = bot.search(view, view.legal_actions()[:2])
        while not search.done():
            search.iterate()
        scores = [x for row in search.results for x in row]
        assert scores
        assert all(0 < x < 1 for x in scores) == in_unit
    with pytest.raises(ValueError, match="objective"):
        ExpertBot(1, objective="money")  # type: ignore[arg-type]


def test_a_noisy_hard_draws_its_tiles_and_purchases_by_their_values():
    game = Game.new(players=4, seed=5)
    for _ in range(400):  # to a purchase among two chains or more
        if game.phase == Phase.BUY and len(game.chains_on_board()) >= 2:
            break
        game.play(HardBot(1).choose(game.view(game.current)))
    else:
        pytest.fail("no purchase among two chains")
    buying = game.view(game.current)
    for _ in range(400):  # to a placement where the tiles differ in worth (lone ones are alike)
        game.play(HardBot(1).choose(game.view(game.current)))
        placing = game.view(game.current)
        if game.phase == Phase.PLACE:
            values = finish(HardBot(1).place_value_steps(placing))
            tied = {a for v, a in values if v == values[0][0]}
            if len(tied) < len(values) - 2:
                break
    else:
        pytest.fail("no placement with tiles of different worth")
    for view, best in ((placing, tied), (buying, {HardBot(1).choose(buying)})):
        legal = set(view.legal_actions())
        # a cold one draws among hard's best (alike); a hot one from all its options, all legal
        assert {HardBot(s, temperature=1e-6).choose(view) for s in range(20)} <= best
        drawn = [HardBot(s, temperature=1e9).choose(view) for s in range(60)]
        assert set(drawn) <= legal and len(set(drawn)) > 3
    bot = ExpertBot(1, model_temperature=1500, model_habits=False)
    assert bot.opponent.temperature == 1500 and bot.hard.temperature == 0
    with pytest.raises(ValueError, match="temperature"):
        HardBot(1, temperature=-1)


def test_habits_lean_a_noisy_hards_tiles_and_purchases_beyond_their_values():
    game = Game.new(players=4, seed=5)
    placing = buying = None
    for _ in range(600):  # to a placement that may found a chain or not, and a purchase of 3
        view = game.view(game.current)
        effects = {view.tile_effect(a.tile) for a in view.legal_actions() if isinstance(a, PlaceTile)}
        if game.phase == Phase.PLACE and "found" in effects and len(effects) > 1:
            placing = placing or view
        many = len(view.legal_actions()) > 20
        if game.phase == Phase.BUY and BuyShares(()) in view.legal_actions() and many:
            buying = buying or view
        if placing and buying:
            break
        game.play(HardBot(1).choose(view))
    else:
        pytest.fail("no placement that may found a chain, or no purchase of many options")
    # no leaning, and so hot that hard's values play no part
    blind = Habits(**{f.name: 1e9 if "temperature" in f.name else 0.0 for f in dataclasses.fields(Habits)})
    for lean, founds in ((20.0, True), (-20.0, False)):
        habits = dataclasses.replace(blind, found=lean)
        tiles = {HardBot(s, habits=habits).choose(placing) for s in range(12)}
        assert {placing.tile_effect(a.tile) == "found" for a in tiles} == {founds}  # type: ignore[attr-defined]
    for lean, shares in ((20.0, {3}), (-20.0, {0})):
        habits = dataclasses.replace(blind, share=lean)
        bought = {len(HardBot(s, habits=habits).choose(buying).chains) for s in range(12)}  # type: ignore[attr-defined]
        assert bought == shares
    # every purchase a noisy player draws from, valued: the plain player's best among them
    me = buying.current
    values = HardBot(1, habits=YARDSTICK_HABITS).purchase_values(buying, me)
    best_value, best = HardBot(1).best_buy(buying, me)
    assert BuyShares(()) in [a for _, a in values] and (best_value, best) in values
    assert max(v for v, _ in values) == best_value
    with pytest.raises(ValueError, match="temperature"):
        HardBot(1).purchase_values(buying, me)
    with pytest.raises(ValueError, match="not both"):
        HardBot(1, temperature=100, habits=YARDSTICK_HABITS)
    with pytest.raises(ValueError, match="above 0"):
        dataclasses.replace(blind, tile_temperature=0)
    bot = ExpertBot(1)  # by default the other seats of its playouts lean as fitted
    assert bot.opponent.habits is YARDSTICK_HABITS and bot.opponent.noisy and bot.hard.habits is None
    assert ExpertBot(1, model_habits=False).opponent.habits is None


def test_each_purchase_leaning_counts_what_it_names():
    # Tower safe, Luxor and American not; seat 0 ties seat 1 in Tower, leads Luxor alone, holds
    # no American
    cells = {**safe_chain("T", "1A"), **chain("L", 5, "1D"), **chain("A", 3, "1F")}
    holders = [player(shares={"T": 2, "L": 3}), player(shares={"T": 2, "L": 1}), player()]
    g = load(cells=cells, players=holders)
    sizes, stock = g.chain_sizes(), g.share_table()
    zero = Habits(**{f.name: 1.0 if "temperature" in f.name else 0.0 for f in dataclasses.fields(Habits)})

    def leaning(name: str, chains: tuple[str, ...]) -> float:
        return dataclasses.replace(zero, **{name: 1.0}).purchase(sizes, stock, 0, chains)

    counted = {  # shares, chains, shares of a safe chain, shares of a contested chain
        ("T", "T", "L"): (3, 2, 2, 2),
        ("L", "L", "A"): (3, 2, 0, 0),
        ("A",): (1, 1, 0, 0),
        (): (0, 0, 0, 0),
    }
    for chains, expected in counted.items():
        got = tuple(leaning(n, chains) for n in ("share", "chain", "safe", "contested"))
        assert got == expected, chains
    # seat 1 in Tower ties seat 0 too, and in Luxor trails it: both contested
    assert dataclasses.replace(zero, contested=1.0).purchase(sizes, stock, 1, ("T", "L")) == 2


def test_a_seat_the_table_shows_is_played_out_as_its_level_plays():
    table = ("expert", "easy", "hard", "person")
    bot = ExpertBot(3, table=table)
    assert set(bot.seat_models) == {0, 1, 2}  # a person is not a level: the leanings model it
    assert isinstance(bot.seat_models[2], HardBot) and not bot.seat_models[2].noisy
    # an easy seat decides as easy does, drawn alike for every candidate on a deal
    game = Game.new(players=4, seed=5)
    game.play(HardBot(1).choose(game.view(game.current)))
    while game.current != 1 or game.phase != Phase.PLACE:
        game.play(HardBot(1).choose(game.view(game.current)))
    easy = EasyBot(0)
    drawn = set()
    for deal in range(8):
        bot.seed_draws(f"{deal} seats")
        easy.reseed(f"{deal} seats")
        act = finish(bot.model_steps(game))
        assert act == easy.choose(game)
        drawn.add(act)
    assert len(drawn) > 1  # easy's choices vary from deal to deal
    # a hard seat decides as hard does; the person's seat as the leanings draw
    game.play(act)
    while game.current != 2 or game.phase != Phase.PLACE:
        game.play(HardBot(1).choose(game.view(game.current)))
    assert finish(bot.model_steps(game)) == HardBot(0).choose(game)
    assert bot.seat_models.get(3, bot.opponent) is bot.opponent and bot.opponent.habits is YARDSTICK_HABITS


def test_a_table_of_no_known_level_changes_no_decision():
    game = Game.new(players=4, seed=11)
    for _ in range(30):
        view = game.view(game.current)
        plain = ExpertBot(4, iterations=3).choose(view)
        told = ExpertBot(4, iterations=3, table=("person", "ismcts-trader", "ismcts-trader", "x"))
        assert told.choose(view) == plain
        game.play(plain)
