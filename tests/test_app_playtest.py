"""Controller fixes from the playtest (no Pyxel): two-player market bonuses, merger summary
order, settings during a game, pass-and-play stats, hints, the disposal cue."""

from __future__ import annotations

from acquire8 import storage as storage_mod
from acquire8.app import buttons as bt
from acquire8.app import text as txt
from acquire8.app.constants import SUMMARY_HEAD_CHARS
from acquire8.app.control import app as capp
from acquire8.app.control import decisions as dec
from acquire8.app.control import menus as menus
from acquire8.app.control import play as cplay
from acquire8.app.control import scene as cscene
from acquire8.app.control.menus.rows import PREFERENCE_ROWS
from acquire8.app.control.scene import TURN_QUIET_FRAMES
from acquire8.app.control.stages import Deciding
from acquire8.app.control.standings import GameOver, Summary, summary_lines
from acquire8.app.demo import game_over
from acquire8.rules import BuyShares
from acquire8.rules import events as ev


def two_player_game(seed: int) -> tuple[GameOver, list[tuple[list[ev.Event], list[tuple[str, str]]]]]:
    """A whole two-player game (you and one greedy player) and every merger summary shown."""
    app = capp.App(settings=storage_mod.Settings(opponents=1, levels=["greedy"] * 5), seed=seed)
    summaries = []
    real = app.push

    def push(scene: cscene.Scene) -> None:
        if isinstance(scene, Summary):
            summaries.append((list(scene.table.shown), scene.lines))
        real(scene)

    app.push = push  # type: ignore[method-assign]
    return game_over(app), summaries


def test_the_market_bonus_shows_in_summaries_and_final_scoring_but_moves_no_cash():
    over, summaries = two_player_game(1)
    play = over.play
    market = [e for e in play.shown if isinstance(e, ev.MarketBonus)]
    assert market, "seed 1 has market bonuses"
    with_market = 0
    for shown, lines in summaries:
        merger = shown[max(i for i, e in enumerate(shown) if isinstance(e, ev.MergerStarted)) :]
        for e in merger:
            if isinstance(e, ev.MarketBonus):
                with_market += 1
                assert any(text.startswith(f" Market +{txt.money(e.amount)}") for text, _ in lines)
    assert with_market
    last_buy = max(i for i, e in enumerate(play.shown) if isinstance(e, ev.SharesBought))
    end = [e for e in play.shown[last_buy:] if isinstance(e, ev.MarketBonus)]
    assert over.market == sum(e.amount for e in end) > 0
    g = play.game
    assert play.app.anim.money == [g.cash(s) for s in range(g.players)]  # no seat got the market's money
    assert [bonus for _, _, _, bonus, _ in sorted(over.rows, key=lambda r: r[1])] == [
        sum(e.amount for e in play.shown[last_buy:] if isinstance(e, ev.BonusPaid) and e.seat == s)
        for s in range(g.players)
    ]
    assert txt.brief(market[0]).startswith("Market takes ")


def test_the_merger_summary_lists_the_majority_before_the_minority():
    merger = [
        ev.MergerStarted(0, "You", "T", ("L",)),
        ev.BonusPaid(0, "You", "L", 1500, "minority"),
        ev.BonusPaid(1, "Ana", "L", 3000, "majority"),
        ev.SharesSold(0, "You", "L", 2, 600),
        ev.MarketBonus(-1, "Market", "L", 750, "minority"),
        ev.ChainDefunct(-1, "", "L", "T", 8),
    ]
    texts = [text for text, _ in summary_lines(merger)]
    assert texts[:4] == ["Luxor -> Tower", " Ana +$3,000 maj", " You +$1,500 min", " You sold 2 $600"]
    assert " Market +$750 min" in texts


def test_the_merger_summary_says_the_survivors_size_whole_in_its_heading():
    """ "Continental now has 19 tiles" would end on the panel's frame: a shorter line says it."""
    for survivor, size, line in (("T", 8, "Tower now has 8 tiles"), ("C", 19, "Continental: 19 tiles now")):
        merger = [ev.MergerStarted(0, "You", survivor, ("L",)), ev.ChainDefunct(-1, "", "L", survivor, size)]
        assert summary_lines(merger)[-1] == (line, survivor)
        assert len(line) <= SUMMARY_HEAD_CHARS


def test_settings_during_a_game_offer_only_what_the_game_follows():
    from acquire8.app.demo import my_decision, position, press, run_until, start
    from acquire8.rules import Game

    app = capp.App(seed=2)
    play = start(app, Game.from_json(position()))
    run_until(app, my_decision(play))
    press(app, bt.MENU)
    pause = app.scene
    assert isinstance(pause, menus.Pause)
    while pause.menu.item != "Settings":
        press(app, bt.DOWN)
    press(app, bt.X)
    settings = app.scene
    assert isinstance(settings, menus.SettingsScene) and settings.in_game
    assert settings.menu.items == [*PREFERENCE_ROWS, "back"]
    options, opponents = app.settings.options, app.settings.opponents
    for _ in settings.menu.items:  # every row changed once: no game rule among them
        press(app, bt.RIGHT, bt.DOWN)
    assert (app.settings.options, app.settings.opponents) == (options, opponents)
    assert not app.settings.music and app.settings.pace == "fast"
    # From the title every row is there.
    title_settings = menus.SettingsScene(app)
    assert {"end", "holdings", "opponents", "level0"} <= set(title_settings.menu.items)


def _hint(app: capp.App) -> None:
    from acquire8.app.demo import press

    press(app, bt.MENU)
    pause = app.scene
    assert isinstance(pause, menus.Pause)
    pause.menu.index = pause.menu.items.index("Hint")
    app.update(frozenset({bt.X}))


def _demo(tile: str) -> tuple[capp.App, cplay.Play]:
    """The demo position with `tile` placed by you: the decision that follows is up."""
    from acquire8.app.demo import my_decision, position, press, run_until, select_tile, start
    from acquire8.rules import Game

    app = capp.App(seed=2)
    play = start(app, Game.from_json(position()))
    run_until(app, my_decision(play))
    select_tile(app, play, tile)
    press(app, bt.X)
    run_until(app, my_decision(play))
    return app, play


def test_the_hint_preselects_the_chain_to_found():
    app, play = _demo("10B")
    ui = play.screen
    assert isinstance(ui, dec.ChoiceScreen) and ui.kind == "found"
    _hint(app)
    advised = play.chosen.hint
    assert play.screen is ui and ui.option.action == advised
    ui.index = (ui.index + 1) % len(ui.options)  # looked elsewhere; asking again comes back
    _hint(app)
    assert ui.option.action == advised
    app.update(frozenset())
    app.update(frozenset({bt.X}))
    assert play.actions[-1] == advised


def test_the_hint_puts_the_advised_shares_in_the_cart():

    app, play = _demo("9I")  # a lone tile: the purchase comes next
    ui = play.screen
    assert isinstance(ui, dec.BuyScreen)
    _hint(app)
    advised = play.chosen.hint
    assert isinstance(advised, BuyShares) and advised.chains  # seed 2: two American, one Worldwide
    assert sorted(ui.cart) == sorted(advised.chains) and ui.option == "DONE"
    app.update(frozenset())
    app.update(frozenset({bt.X}))
    assert play.actions[-1] == advised


def test_the_log_wraps_at_words_with_an_indent_and_opens_on_an_entry():
    from acquire8.app.demo import position, start
    from acquire8.rules import Game

    app = capp.App(seed=2)
    play = start(app, Game.from_json(position()))
    entries = [
        txt.log_line(ev.SharesTraded(1, "Ana", "W", "C", 12, 6)),
        txt.log_line(ev.ChainDefunct(-1, "", "W", "C", 33)),
    ]
    play.log[:] = [f"Line {i}" for i in range(19)] + entries * 4 + ["Your turn"]  # 36 lines
    log = menus.Log(app, play.log)
    words = {w for entry in play.log for w in entry.split()}
    for line in log.lines:
        assert len(line) <= txt.LINE_CHARS and all(w in words for w in line.split())  # whole words
    assert any(line.startswith("  ") for line in log.lines)  # long entries go on indented
    assert len(log.lines) == 36 and log.top == 21  # 20 would open on the rest of an entry
    assert not log.lines[log.top].startswith("  ")
    assert log.top + log.ROWS >= len(log.lines)  # the newest entry still in view
    log.update(frozenset({bt.DOWN}))
    assert log.top == 21  # already at the bottom: down does not move it back up
    log.update(frozenset({bt.UP}))
    assert log.top == 20


# ---------------------------------------------------------------- play-test, round 4


def _taps_in_own_turns(seed: int, every: int) -> list[tuple[tuple[str, ...], str | None]]:
    """A whole game against three normal players in which the person takes a turn's first
    decision once X is live, then only taps X, every `every` frames (30: once a second),
    whatever is on screen; each of the person's purchases with the chain they founded in
    that turn (None)."""
    app = capp.App(settings=storage_mod.Settings(opponents=3, levels=["normal"] * 5, pace="fast"), seed=seed)
    app.update(frozenset({bt.X}))  # New game
    app.update(frozenset({bt.X}))  # Start
    play = app.scene
    assert isinstance(play, cplay.Play)
    for frame in range(60_000):
        if isinstance(app.scene, GameOver):
            break
        stage, scene = play.stage, app.scene
        # A decision (or a summary that pays you) after others played is made once X is live:
        # a steady tap never makes it (test_app_turn_guard.py).
        guarded = scene if isinstance(scene, Summary) else stage if isinstance(stage, Deciding) else None
        calm = guarded is not None and guarded.need == TURN_QUIET_FRAMES
        tap = (guarded.armed and frame % 2 == 0) if calm else frame % every == 0
        app.update(frozenset({bt.X}) if tap else frozenset())
    assert isinstance(app.scene, GameOver)
    bought, founded = [], None
    for e in play.shown:
        if isinstance(e, ev.TurnStarted):
            founded = None
        elif isinstance(e, ev.ChainFounded) and e.seat == 0:
            founded = e.chain
        elif isinstance(e, ev.SharesBought) and e.seat == 0:
            bought.append((e.chains, founded))
    return bought


def test_tapping_x_in_your_own_turns_never_buys_a_chain_you_did_not_choose():
    """The buy step opens on the chain just founded, else on DONE: taps of X at one and two a
    second through whole games buy nothing but shares of a chain the person founded then."""
    founded_and_bought = 0
    for seed, every in ((1, 30), (2, 15), (3, 30)):
        bought = _taps_in_own_turns(seed, every)
        assert bought, "the person never bought or passed"
        for chains, founded in bought:
            assert set(chains) <= ({founded} if founded else set()), (seed, chains, founded)
            founded_and_bought += bool(chains)
    assert founded_and_bought, "no chain founded by tapping: the founded-chain case went untested"
