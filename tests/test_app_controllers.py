"""The front end's controllers, without Pyxel: every decision screen, including bad presses."""

from __future__ import annotations

import json

import pytest

from acquire8 import storage as storage_mod
from acquire8.ai import make_bot
from acquire8.app import buttons as bt
from acquire8.app import text as txt
from acquire8.app.constants import FPS
from acquire8.app.control import app as capp
from acquire8.app.control import decisions as dec
from acquire8.app.control import menus as menus
from acquire8.app.control import play as cplay
from acquire8.app.control.scene import GUARD_FRAMES, TURN_QUIET_FRAMES
from acquire8.app.control.stages import Deciding
from acquire8.app.control.standings import SUMMARY_READ_FRAMES, GameOver, Summary
from acquire8.app.demo import (
    NOTHING,
    my_decision,
    position,
    press,
    run_until,
    select,
    select_tile,
    start,
    where,
)
from acquire8.rules import GAME_MODES, BuyShares, Dispose, Game, Phase, PlaceTile
from acquire8.rules import events as ev
from acquire8.rules.tables import END_SIZE, MAX_BUY, SAFE_SIZE, START_CASH, TILE_NAMES
from tests.keepers import Autosaves, SavedGame
from tests.positions import chain_row

EMPTY_ROW = "............"


def make_game(
    rows: dict[str, str],
    hands: list[list[str]],
    cash: list[int] | None = None,
    shares: list[dict[str, int]] | None = None,
    current: int = 0,
    options: dict | None = None,
) -> Game:
    """A position (docs/DESIGN.md format) from a few board rows ("A": "TTT.LLL....."), the rest empty."""
    board = [rows.get(r, EMPTY_ROW) for r in "ABCDEFGHI"]
    n = len(hands)
    cash = cash or [6000] * n
    shares = shares or [{} for _ in range(n)]
    used = {t for h in hands for t in h}
    used |= {
        f"{c + 1}{r}"
        for r, row in zip("ABCDEFGHI", board, strict=True)
        for c, x in enumerate(row)
        if x != "."
    }
    pool = [t for t in TILE_NAMES if t not in used]
    players = [
        {"name": capp.NAMES[s], "cash": cash[s], "shares": shares[s], "hand": hands[s]} for s in range(n)
    ]
    data = {"format": 1, "board": board, "players": players, "pool": pool, "current": current}
    if options:
        data["options"] = options
    return Game.from_json(json.dumps(data))


def begin(game: Game) -> tuple[capp.App, cplay.Play]:
    app = capp.App(seed=0)
    play = start(app, game)
    run_until(app, my_decision(play))
    return app, play


# ------------------------------------------------------------------ placing


def test_place_previews_come_from_the_rules_and_dead_tiles_are_refused():
    rows = {"A": chain_row("T", SAFE_SIZE), "C": chain_row("L", SAFE_SIZE), "F": "......#....."}  # both safe
    game = make_game(rows, [["1B", "5D", "8F", "1I", "3E", "5I"], ["9I", "10I", "11I", "12I", "9H", "10H"]])
    app, play = begin(game)
    ui = play.screen
    assert isinstance(ui, dec.PlaceScreen)
    previews = dict(zip(ui.tiles, ui.previews, strict=True))
    assert previews["1B"] == "DEAD" and previews["5D"] == "GROW L" and previews["8F"] == "FOUND"
    assert previews["1I"] == "LONE"
    assert ui.tile != "1B"  # the cursor starts on a playable tile
    select_tile(app, play, "1B")
    before = game.to_json()
    app.effects.clear()
    press(app, bt.X)
    assert app.effects == ["refuse"]
    assert "1B" in play.message and "DEAD" in play.message
    assert game.to_json() == before and game.phase == Phase.PLACE  # nothing happened
    select_tile(app, play, "5D")
    press(app, bt.X)
    assert play.actions == [PlaceTile("5D")] and game.chain_size("L") == SAFE_SIZE + 1


def test_left_right_wrap_around_the_hand():
    game = Game.from_json(position())
    app, play = begin(game)
    ui = play.screen
    assert isinstance(ui, dec.PlaceScreen)
    start_index = ui.index
    press(app, bt.LEFT)
    assert ui.index == (start_index - 1) % len(ui.tiles)
    for _ in range(len(ui.tiles)):
        press(app, bt.RIGHT)
    assert ui.index == (start_index - 1) % len(ui.tiles)
    press(app, bt.UP, bt.DOWN)  # up/down do nothing on the hand
    assert ui.index == (start_index - 1) % len(ui.tiles) and game.phase == Phase.PLACE


def test_no_eighth_chain_is_greyed_and_refused():
    rows = {
        "A": "TT.LL.AA.WW.",
        "C": "FF.II.CC....",
        "E": "......#.....",
    }
    game = make_game(rows, [["7F", "1I", "3I", "5I", "7I", "9I"], ["2G", "4G", "6G", "8G", "10G", "12G"]])
    app, play = begin(game)
    ui = play.screen
    assert ui.previews[ui.tiles.index("7F")] == "NO 8TH CHAIN"
    assert not ui.playable[ui.tiles.index("7F")]
    select_tile(app, play, "7F")
    press(app, bt.X)
    assert game.phase == Phase.PLACE and "7F" in game.hand(0)


# ------------------------------------------------------------------ choices


def test_found_offers_only_chains_off_the_board_and_founds_the_chosen_one():
    game = Game.from_json(position())
    app, play = begin(game)
    select_tile(app, play, "10B")
    press(app, bt.X)
    run_until(app, my_decision(play))
    ui = play.screen
    assert isinstance(ui, dec.ChoiceScreen) and ui.kind == "found"
    assert [o.label for o in ui.options] == ["F", "I", "C"]
    press(app, bt.RIGHT, bt.RIGHT, bt.RIGHT)  # wraps back to the first
    assert ui.option.label == "F"
    press(app, bt.LEFT)
    assert ui.option.label == "C" and "$400" in ui.option.info  # the price of a 2-tile Continental
    press(app, bt.X)
    assert game.chain_size("C") == 2 and game.shares(0, "C") == 1
    assert game.phase == Phase.BUY


def test_survivor_tie_lets_the_person_choose():
    rows = {"A": "TTT.LLL....."}
    game = make_game(rows, [["4A", "1I", "3I", "5I", "7I", "9I"], ["2G", "4G", "6G", "8G", "10G", "12G"]])
    app, play = begin(game)
    select_tile(app, play, "4A")
    press(app, bt.X)
    run_until(app, my_decision(play))
    ui = play.screen
    assert isinstance(ui, dec.ChoiceScreen) and ui.kind == "survivor"
    assert [o.label for o in ui.options] == ["T", "L"]
    press(app, bt.RIGHT, bt.X)
    run_until(app, lambda: game.phase != Phase.SURVIVOR and not play.pending())
    assert game.chain_size("L") == 7 and game.chain_size("T") == 0


def test_defunct_order_of_equal_chains_is_the_persons_choice():
    rows = {
        "C": "....L.......",
        "D": "....L.......",
        "E": "TTTT........",
        "F": "....A.......",
        "G": "....A.......",
    }
    hands = [["5E", "1I", "3I", "5I", "7I", "9I"], ["2H", "4H", "6H", "8H", "10H", "12H"]]
    game = make_game(rows, hands, shares=[{"L": 1, "A": 1}, {}])
    app, play = begin(game)
    select_tile(app, play, "5E")
    press(app, bt.X)
    run_until(app, my_decision(play))
    ui = play.screen
    assert isinstance(ui, dec.ChoiceScreen) and ui.kind == "defunct"
    assert sorted(o.label for o in ui.options) == ["A", "L"]
    press(app, bt.RIGHT)
    chosen = ui.option.label
    press(app, bt.X)
    run_until(app, my_decision(play))
    assert isinstance(play.screen, dec.DisposeScreen) and play.screen.chain == chosen  # paid out first
    first_bonus = next(e for e in play.shown if isinstance(e, ev.BonusPaid))
    assert first_bonus.chain == chosen


# ------------------------------------------------------------------ disposing


def dispose_game(bank_t: int = 20) -> tuple[capp.App, cplay.Play]:
    rows = {"A": "TTTT.LLL...."}
    others = 25 - bank_t
    game = make_game(
        rows,
        [["5A", "1I", "3I", "5I", "7I", "9I"], ["2G", "4G", "6G", "8G", "10G", "12G"]],
        shares=[{"L": 6}, {"T": others}],
    )
    app, play = begin(game)
    select_tile(app, play, "5A")
    press(app, bt.X)
    run_until(app, my_decision(play))
    return app, play


def test_dispose_with_left_right_and_x_alone():
    app, play = dispose_game()
    ui = play.screen
    assert isinstance(ui, dec.DisposeScreen) and ui.held == 6 and ui.chain == "L" and ui.survivor == "T"
    press(app, bt.RIGHT, bt.RIGHT)  # sell 2
    press(app, bt.X)  # on to trade
    press(app, bt.RIGHT, bt.RIGHT)  # trade 4
    assert (ui.sell, ui.trade, ui.keep) == (2, 4, 0)
    app.effects.clear()
    press(app, bt.RIGHT)  # nothing left to trade: refused, unchanged
    assert app.effects == ["refuse"] and ui.trade == 4
    press(app, bt.X)  # to DONE
    cash = play.game.cash(0)
    press(app, bt.X)
    assert play.actions[-1] == Dispose(2, 4)
    assert play.game.cash(0) == cash + 2 * 300 and play.game.shares(0, "T") == 2


def test_dispose_cannot_trade_beyond_the_bank_nor_go_negative():
    app, play = dispose_game(bank_t=1)
    ui = play.screen
    press(app, bt.LEFT)  # sell -1: refused
    assert ui.sell == 0
    press(app, bt.DOWN, bt.RIGHT, bt.RIGHT)  # trade 2, then 4 (the bank has one T): refused
    assert ui.trade == 2
    press(app, bt.UP, bt.RIGHT, bt.RIGHT, bt.RIGHT, bt.RIGHT, bt.RIGHT)  # sell up to the 4 left
    assert (ui.sell, ui.trade, ui.keep) == (4, 2, 0)
    press(app, bt.DOWN, bt.DOWN, bt.X)
    assert play.actions[-1] == Dispose(4, 2)


# ------------------------------------------------------------------ buying and ending


def buy_game(
    cash: int, rows: dict[str, str] | None = None, options: dict | None = None
) -> tuple[capp.App, cplay.Play]:
    rows = rows or {"A": "TTTT........", "C": "IIIII......."}
    hands = [["1I", "3I", "5I", "7I", "9I", "11I"], ["2G", "4G", "6G", "8G", "10G", "12G"]]
    game = make_game(rows, hands, cash=[cash, 6000], options=options)
    app, play = begin(game)
    select_tile(app, play, "1I")
    press(app, bt.X)
    run_until(app, my_decision(play))
    return app, play


def test_the_hints_words_go_once_the_cart_is_not_the_one_it_advised():
    app, play = buy_game(6000)
    play.show_hint()
    ui, advice = play.screen, play.chosen.hint
    assert isinstance(ui, dec.BuyScreen) and isinstance(advice, BuyShares) and advice.chains
    hint_words = play.message
    assert ui.cart == list(advice.chains) and play.notice == hint_words  # the advice in the cart
    press(app, bt.LEFT)  # the cursor moves: the cart is still the advised one, the words stay
    assert play.notice == hint_words
    press(app, bt.UNDO)  # a share taken back: the words no longer hold
    assert len(ui.cart) == len(advice.chains) - 1
    assert play.notice is None and play.chosen.hint is None and play.message != hint_words


def test_a_greyed_undo_says_why_it_is_grey():
    _app, play = buy_game(6000)
    ui = play.screen
    assert isinstance(ui, dec.BuyScreen) and not ui.cart
    ui.index = ui.options.index("UNDO")
    assert ui.info == "Cart empty: nothing to undo"


def test_buy_three_shares_then_the_cursor_waits_on_done():
    app, play = buy_game(6000)
    ui = play.screen
    assert isinstance(ui, dec.BuyScreen) and ui.options == ["T", "I", "UNDO", "DONE"]
    assert ui.option == "DONE"  # nothing founded this turn: X alone buys nothing
    press(app, bt.RIGHT)  # round to T
    press(app, bt.X, bt.X, bt.RIGHT, bt.X)
    assert ui.cart == ["T", "T", "I"] and ui.option == "DONE"
    assert ui.cost == 2 * 400 + 700
    press(app, bt.LEFT, bt.LEFT, bt.LEFT)  # back on T: a fourth share is refused
    app.effects.clear()
    press(app, bt.X)
    assert app.effects == ["refuse"] and ui.cart == ["T", "T", "I"] and "Three" in play.message
    press(app, bt.RIGHT, bt.RIGHT, bt.X)  # UNDO
    assert ui.cart == ["T", "T"]
    press(app, bt.RIGHT, bt.X)
    assert play.actions[-1] == BuyShares(("T", "T"))
    assert play.game.cash(0) == 6000 - 800 and play.game.shares(0, "T") == 2


def test_buying_more_than_the_cash_allows_is_refused():
    app, play = buy_game(900)
    ui = play.screen
    assert isinstance(ui, dec.BuyScreen) and ui.option == "DONE"
    press(app, bt.RIGHT, bt.X, bt.X)  # T at $400 twice; a third is more than the cash
    assert ui.cart == ["T", "T"]
    press(app, bt.LEFT, bt.LEFT, bt.LEFT, bt.X)  # back on T
    assert ui.cart == ["T", "T"] and "cash" in play.message
    press(app, bt.RIGHT, bt.RIGHT, bt.X, bt.X, bt.X)  # UNDO twice, a third with an empty cart: refused
    assert ui.cart == []
    press(app, bt.RIGHT, bt.X)
    assert play.actions[-1] == BuyShares(()) and play.game.cash(0) == 900


@pytest.mark.parametrize(
    ("rows", "cash", "why"),
    [
        ({"A": "TTTT........", "E": "IIIIII......"}, 300, "not enough cash"),  # T at $400, I at $700
        ({}, 6000, "no chain on the board"),
    ],
)
def test_a_buy_step_with_nothing_to_buy_passes_by_itself(rows, cash, why):
    hands = [["1I", "3I", "5I", "7I", "9I", "11I"], ["2C", "4C", "6C", "8C", "10C", "12C"]]
    game = make_game(rows, hands, cash=[cash, 6000])
    app, play = begin(game)
    select_tile(app, play, "1I")
    press(app, bt.X)
    for _ in range(3):
        app.update(NOTHING)
    assert play.actions[-2:] == [PlaceTile("1I"), BuyShares(())]  # no X was needed for the purchase
    assert game.current == 1 and any(why in line for line in play.log)
    assert why in play.message  # the notice stays on the message line while it is read


def test_declare_prompt_only_when_allowed_and_no_keeps_playing():
    safe = {"A": chain_row("T", SAFE_SIZE)}
    app, play = buy_game(6000, rows=safe)
    ui = play.screen
    assert isinstance(ui, dec.DeclareScreen) and ui.labels[ui.index] == "NO"
    press(app, bt.UP, bt.DOWN)  # up/down never flip a yes/no
    assert ui.index == 0
    press(app, bt.X)
    run_until(app, my_decision(play))
    assert isinstance(play.screen, dec.BuyScreen) and not play.game.declared
    # Not allowed: no prompt at all.
    _app2, play2 = buy_game(6000)
    assert isinstance(play2.screen, dec.BuyScreen)


def test_declaring_the_end_finishes_the_game_after_the_purchase():
    app, play = buy_game(6000, rows={"A": chain_row("T", SAFE_SIZE)})
    press(app, bt.RIGHT, bt.X)  # YES: a second question, on BACK, with what ending gives
    ui = play.screen
    assert isinstance(ui, dec.DeclareScreen) and ui.confirming and ui.labels[ui.index] == "BACK"
    assert ui.info.startswith("You'd ") and not play.game.declared
    press(app, bt.X)  # BACK: the first question again, nothing declared
    assert not ui.confirming and not play.game.declared
    press(app, bt.RIGHT, bt.X, bt.RIGHT, bt.X)  # YES, then END IT
    run_until(app, my_decision(play))
    assert play.game.declared and isinstance(play.screen, dec.BuyScreen)
    press(app, bt.RIGHT, bt.X, bt.X, bt.X, bt.X)  # round to T: three T shares, then DONE
    run_until(app, lambda: isinstance(app.scene, GameOver))
    over = app.scene
    assert play.game.is_over
    assert over.ending == "You ended it: all chains safe"  # who ended it and why, on the standings
    assert [r[0] for r in sorted(over.rows, key=lambda r: r[1])] == play.game.scores()


def test_auto_end_rule_never_prompts():
    _app, play = buy_game(6000, rows={"A": chain_row("T", SAFE_SIZE)}, options={"end": "auto"})
    assert isinstance(play.screen, dec.BuyScreen)


# ------------------------------------------------------------------ computer turns


def test_presses_during_computer_turns_never_act_for_the_person():
    game = Game.from_json(position())
    game.apply(PlaceTile("9I"))
    game.apply(BuyShares(()))  # now Ana's turn
    app = capp.App(seed=0)
    play = start(app, game)
    assert game.current == 1
    hand = game.hand(0)
    for b in (bt.LEFT, bt.RIGHT, bt.UP, bt.DOWN):
        press(app, b)
    assert play.screen is None and game.hand(0) == hand
    press(app, bt.O)  # the chart opens during computer turns
    assert isinstance(app.scene, menus.Chart)
    select(app, "chains")  # the pages flip by presses then too
    assert app.scene.PAGES[app.scene.page] == "chains"
    press(app, bt.O)
    assert app.scene is play
    press(app, bt.X)  # hurry
    assert play.hurrying
    run_until(app, my_decision(play), limit=400)
    assert game.current == 0 and not play.hurrying


def test_computer_turns_are_paced_and_x_skips_ahead():
    def frames_to_my_turn(hurry: bool) -> int:
        game = Game.from_json(position())
        game.apply(PlaceTile("9I"))
        game.apply(BuyShares(()))
        app = capp.App(seed=0)
        play = start(app, game)
        for f in range(5000):
            if my_decision(play)():
                return f
            app.update(frozenset({bt.X}) if hurry and f == 1 else NOTHING)
        raise AssertionError("stuck")

    slow, fast = frames_to_my_turn(False), frames_to_my_turn(True)
    assert slow > 3 * cplay.PACE_FRAMES["normal"]  # three computer turns shown step by step
    assert fast < slow // 3


class SteppingBot:
    """A bot that thinks over several frames through the start/step hook."""

    def __init__(self, steps: int):
        self.steps = steps
        self.calls = 0

    def start(self, view: Game) -> None:
        self.view, self.left = view, self.steps

    def step(self, budget_ms: float) -> object:
        self.calls += 1
        self.left -= 1
        return self.view.legal_actions()[0] if self.left <= 0 else None

    def choose(self, view: Game) -> object:
        return view.legal_actions()[0]

    def reseed(self, value: str) -> None:
        pass


def test_stepping_bots_think_across_frames():
    game = Game.new(players=2, seed=3, names=["You", "Ana"])
    app = capp.App(settings=storage_mod.Settings(pace="instant"), seed=0)
    app.frames.clock = lambda: 0.0  # stopped: every frame has the same slice, however busy
    bots = {0: SteppingBot(5), 1: SteppingBot(5)}
    play = cplay.Play(app, game, bots, people=set())
    app.goto(play)
    counts = []
    for _ in range(15):
        app.update(NOTHING)
        counts.append(len(play.actions))
    assert counts == [0] * 4 + [1] * 5 + [2] * 5 + [3]  # one action per five frames of thinking
    assert bots[0].calls + bots[1].calls == 15


def test_a_bot_mistake_does_not_stop_the_game():
    class Wrong:
        def choose(self, view: Game) -> object:
            return PlaceTile("12I") if view.phase == Phase.PLACE else BuyShares(("Z",))

        def reseed(self, value: str) -> None:
            pass

    game = Game.new(players=2, seed=5, names=["You", "Ana"])
    app = capp.App(seed=0)
    play = cplay.Play(app, game, {0: Wrong(), 1: Wrong()}, people=set())
    app.goto(play)
    for _ in range(200):
        app.update(frozenset({bt.X}))
    assert len(play.actions) > 20  # the game went on, each mistake replaced by a legal action
    assert any("not in your hand" in line for line in play.log)


# ------------------------------------------------------------------ menus


def test_title_setup_defaults_start_with_one_press():
    app = capp.App(seed=9)
    assert isinstance(app.scene, menus.Title) and app.scene.menu.items[0] == "New game"
    press(app, bt.X)
    assert isinstance(app.scene, menus.Setup)
    press(app, bt.X)
    play = app.scene
    assert isinstance(play, cplay.Play) and play.game.players == 4 and play.human == 0
    assert set(type(b).__name__ for b in play.bots.values())


def test_setup_changes_opponents_levels_and_end_rule():
    app = capp.App(seed=9)
    press(app, bt.X)
    setup = app.scene
    press(app, bt.DOWN)  # wraps from Start to the first row, the way to play
    assert setup.rows[setup.row] == "mode"
    select(app, "opponents")
    press(app, bt.RIGHT, bt.RIGHT)  # 3 -> 4 -> 5
    assert app.settings.opponents == 5 and setup.rows.count("end") == 1
    assert setup.rows == [row.name for row in menus.setup_rows(app.settings)] + ["start"]
    assert [name for name in setup.rows if name.startswith("level")] == [f"level{i}" for i in range(5)]
    press(app, bt.RIGHT)  # wraps to 1
    assert app.settings.opponents == 1
    select(app, "level0")
    press(app, bt.RIGHT)
    assert (
        app.settings.levels[0]
        == menus.LEVELS[(menus.LEVELS.index(menus.DEFAULT_LEVEL) + 1) % len(menus.LEVELS)]
    )
    select(app, "end")
    press(app, bt.RIGHT)
    assert app.settings.options.end == "auto"
    app.settings.levels[0] = "random"  # a fast one for this test
    press(app, bt.X)
    play = app.scene
    assert play.game.players == 2 and play.game.options.end == "auto"


def test_setup_back_returns_to_title():
    app = capp.App(seed=9)
    press(app, bt.X, bt.O)
    assert isinstance(app.scene, menus.Title)


def test_quit_is_hidden_on_the_web_and_asks_first_on_desktop():
    assert "Quit" not in capp.App(can_quit=False).scene.menu.items
    app = capp.App()
    title = app.scene
    items = title.menu.items
    for _ in range(items.index("Quit")):
        press(app, bt.DOWN)
    press(app, bt.X)
    ask = app.scene
    assert isinstance(ask, menus.Confirm) and ask.labels == ("BACK", "QUIT") and not app.quit
    press(app, bt.X)  # the answer first offered is BACK: nothing happens
    assert app.scene is title and not app.quit and title.menu.item == "Quit"
    press(app, bt.X, bt.RIGHT, bt.X)
    assert app.quit


@pytest.mark.parametrize("saved", [False, True])
def test_the_title_menu_stops_at_its_ends(saved):
    # A saved game: Continue is on the title, the cursor on it.
    app = capp.App(can_quit=True, keeper=SavedGame() if saved else None)
    title = app.scene
    assert title.menu.items[-1] == "Quit" and ("Continue" in title.menu.items) == saved
    title.menu.index = 0
    press(app, bt.UP)  # Up on the first item stays there: it never lands on Quit
    assert title.menu.item == "New game"
    title.menu.index = len(title.menu.items) - 1
    press(app, bt.DOWN)
    assert title.menu.item == "Quit"
    press(app, bt.UP)
    assert title.menu.item == title.menu.items[-2]


def test_pause_menu_log_help_and_quit_to_title():
    game = Game.from_json(position())
    app, play = begin(game)
    press(app, bt.MENU)
    assert isinstance(app.scene, menus.Pause)
    press(app, bt.MENU)
    assert app.scene is play
    press(app, bt.MENU)
    select(app, "Log")
    press(app, bt.X)
    log = app.scene
    assert isinstance(log, menus.Log) and log.lines
    press(app, bt.X)  # closes the log, back to the pause menu, on Resume: X does not reopen it
    pause = app.scene
    assert isinstance(pause, menus.Pause) and pause.menu.item == "Resume"
    select(app, "How to play")
    press(app, bt.X)
    assert isinstance(app.scene, menus.Help)
    for _ in range(len(menus.HELP_PAGES)):
        press(app, bt.X)  # page on, then close
    assert app.scene is pause and pause.menu.item == "Resume"
    press(app, bt.X)  # Resume: back in the game
    assert app.scene is play
    press(app, bt.MENU, bt.UP, bt.X)  # past the top: quit
    assert isinstance(app.scene, menus.Confirm) and app.scenes[0] is play  # a second question first
    press(app, bt.X)  # BACK: still in the game
    assert isinstance(app.scene, menus.Pause)
    press(app, bt.X)
    press(app, bt.MENU)  # MENU closes the question; nothing is confirmed
    assert isinstance(app.scene, menus.Pause)
    press(app, bt.X, bt.RIGHT, bt.X)
    assert isinstance(app.scene, menus.Title)


def test_settings_toggle_and_mark_changes():
    app = capp.App()
    press(app, bt.DOWN, bt.DOWN, bt.X)
    assert isinstance(app.scene, menus.SettingsScene)
    press(app, bt.X)
    assert not app.settings.music
    press(app, bt.DOWN, bt.DOWN, bt.RIGHT)
    assert app.settings.pace == "fast"
    press(app, bt.UP, bt.UP, bt.UP, bt.X)  # up past the top: the last row, BACK
    assert isinstance(app.scene, menus.Title)


def test_wrap_keeps_lines_within_the_screen():
    text = "Ana gets $12,000 majority+minority bonus in Continental"
    lines = txt.wrap(text)
    assert all(len(line) <= txt.LINE_CHARS for line in lines) and " ".join(lines) == text
    n = txt.LINE_CHARS
    assert txt.wrap("x" * 70) == ["x" * n, "x" * n, "x" * (70 - 2 * n)]


def test_wrap_breaks_a_path_after_its_slashes_never_inside_a_name():
    path = "/home/someone/.local/share/acquire8/exports/acquire8-game.json"
    lines = txt.wrap(f"Saved to {path}", 31)
    assert lines[0] == "Saved to" and "".join(lines[1:]) == path
    assert all(len(line) <= 31 for line in lines) and all(line.endswith("/") for line in lines[1:-1])


@pytest.mark.parametrize(
    "event",
    [
        ev.BonusPaid(1, "Ana", "C", 12000, "both"),
        ev.MergerStarted(1, "Ana", "C", ("T", "L", "A")),
        ev.SharesSold(0, "You", "C", 25, 30000),
        ev.DeadTilesReplaced(0, "You", ("1A", "2B", "3C", "4D", "5E")),
        ev.Stalemate(-1, ""),
    ],
)
def test_messages_fit_one_line(event):
    line = txt.brief(event)
    assert line and len(line) <= txt.LINE_CHARS


@pytest.mark.parametrize(
    "event",
    [
        ev.ChainDefunct(-1, "", "W", "C", 12),
        ev.ChainDefunct(-1, "", "W", "C", 7),
        ev.SharesTraded(1, "Ana", "W", "C", 12, 6),
        ev.BonusPaid(0, "You", "C", 12000, "both"),
        ev.MarketBonus(-1, "Market", "C", 7000, "majority"),
        ev.SharesSold(2, "Bob", "C", 25, 30000),
        ev.ChainFounded(1, "Ana", "C", 2, True),
        ev.MarketHolds(-1, "Market", "C", 3),
        ev.MergerStarted(1, "Ana", "C", ("W",)),
    ],
)
def test_event_messages_are_whole_and_never_cut(event):
    line = txt.brief(event)
    assert line and len(line) <= txt.LINE_CHARS and not line.endswith("..")


def test_fit_never_cuts_a_word():
    text = "Ana discards dead 10A 11B 12C 1D 2E 3F"
    line = txt.fit(text)
    assert len(line) <= txt.LINE_CHARS and line.endswith("..")
    kept = line[:-2]
    assert text.startswith(kept) and text[len(kept)] == " "  # the cut falls between words
    assert txt.fit("short") == "short"


def test_help_pages_fit_the_screen():
    for title, body in menus.HELP_PAGES:
        lines = txt.wrap(body, 31)
        assert len(lines) <= 14 and all(len(line) <= 31 for line in lines), title
        assert len(f"HOW TO PLAY: {title}") <= txt.LINE_CHARS


def test_how_to_play_holds_the_rules_a_player_needs_in_the_game_itself():
    """A web or handheld player has no repository to read: every part of a game is explained
    in the pages, and nothing sends the player elsewhere."""
    titles = [title for title, _ in menus.HELP_PAGES]
    text = " ".join(body for _, body in menus.HELP_PAGES)
    for part in ("A TURN", "FOUNDING", "MERGERS: BONUSES", "MERGERS: SHARES", "BUYING", "THE END"):
        assert part in titles
    rules_words = (txt.money(START_CASH), f"up to {MAX_BUY} shares", f"{END_SIZE}+", f"{SAFE_SIZE}+")
    for needed in (
        "nearest 1A",
        "one share of it free",
        "10x",
        "5x",
        "SELL",
        "TRADE 2",
        "KEEP",
        *rules_words,
    ):
        assert needed in text, needed
    assert "all shares are sold" in text and "most cash wins" in text
    assert all(mode.upper() in text or mode in text for mode in GAME_MODES)  # every way to play
    for elsewhere in ("RULES.md", "repository", "docs/", "http"):
        assert elsewhere not in text


def test_the_progress_hook_runs_after_every_turn_and_every_decision_of_yours():
    saves: dict[int, list[int]] = {}  # frame -> how many actions each save held
    keeper = Autosaves(lambda play: saves.setdefault(app.frame, []).append(len(play.actions)))
    app = capp.App(settings=storage_mod.Settings(levels=["greedy"] * 5), seed=4, keeper=keeper)
    press(app, bt.X, bt.X)
    play = app.scene
    assert play.levels == {1: "greedy", 2: "greedy", 3: "greedy"}
    yours: list[tuple[int, int]] = []  # (frame, actions after it) of each decision of yours
    for i in range(3000):
        if play.game.is_over:
            break
        deciding, before = isinstance(play.stage, Deciding), len(play.actions)
        app.update(frozenset({bt.X}) if i % (TURN_QUIET_FRAMES + 1) == 0 else NOTHING)
        if deciding and len(play.actions) > before:
            yours.append((app.frame, before + 1))
    turns = sum(1 for e in play.shown if isinstance(e, ev.TurnStarted))
    assert turns > 4 and sum(map(len, saves.values())) >= turns and len(yours) > 4
    for frame, done in yours:  # saved in the next frame, your decision in it: Continue resumes there
        assert max(saves.get(frame + 1, [0])) >= done, (frame, done)


@pytest.mark.parametrize("people", [set(), {0}])
def test_no_computer_thinks_in_the_frame_that_autosaves(people):
    """On a slow handheld a save takes a third of a frame: it gets a frame without thinking,
    also when X hurries the computers (then a turn's save and the next decision meet)."""
    saved, thought = set(), set()
    app = capp.App(
        settings=storage_mod.Settings(pace="instant"),
        seed=3,
        keeper=Autosaves(lambda play: saved.add(app.frame)),
    )
    bots = {s: make_bot("hard", s) for s in range(3) if s not in people}  # they think frame by frame
    for bot in bots.values():
        step = bot.step
        bot.step = lambda budget, step=step: thought.add(app.frame) or step(budget)
    play = cplay.Play(app, Game.new(players=3, seed=3, names=["A", "B", "C"]), bots, people=people, seed=3)
    app.goto(play)
    for i in range(20_000):
        if play.game.is_over:
            break
        app.update(frozenset({bt.X}) if i % (TURN_QUIET_FRAMES + 2) == 0 else NOTHING)
    assert play.game.is_over and len(saved) > 20 and len(thought) > 20
    assert saved & thought == {app.frame}  # only the game's end, which is kept at once


def test_the_log_names_your_drawn_tiles_but_only_counts_the_others():
    game = Game.from_json(position())
    app, play = begin(game)
    select_tile(app, play, "9I")
    press(app, bt.X)
    run_until(app, my_decision(play))
    assert play.screen.option == "DONE"
    press(app, bt.X)  # buy nothing
    run_until(app, my_decision(play))
    mine = [line for line in play.log if line.startswith("You draw")]
    assert mine and mine[0].split()[-1] in game.hand(0)
    assert any(line.startswith("Ana draws 1 tile") for line in play.log)


def _anas_turn() -> tuple[Game, capp.App, cplay.Play]:
    """A game on screen at Ana's turn, the computers to move before the person."""
    game = Game.from_json(position())
    game.apply(PlaceTile("9I"))
    game.apply(BuyShares(()))
    app = capp.App(seed=0)
    return game, app, start(app, game)


@pytest.mark.parametrize("held", [False, True])
def test_a_mashed_or_held_x_that_hurried_the_computers_never_decides(held):
    game, app, play = _anas_turn()
    hand = game.hand(0)
    down = frozenset({bt.X})
    for frame in range(600):  # X pressed every other frame (or held) through computer turns and far beyond
        if held:
            app.update(down if frame == 0 else NOTHING, down)
        else:
            app.update(down if frame % 2 else NOTHING)
    assert game.current == 0 and game.hand(0) == hand and play.guarding  # your turn, nothing decided
    for _ in range(GUARD_FRAMES):  # let go of X for 0.4 s: not enough at a turn's start
        app.update(NOTHING)
    assert play.guarding
    for _ in range(TURN_QUIET_FRAMES - GUARD_FRAMES):  # 1.1 s in all
        app.update(NOTHING)
    assert not play.guarding and play.stage.recap  # the turn opens on what the others did
    press(app, bt.X)  # X closes the recap ...
    assert not play.stage.recap and game.hand(0) == hand
    press(app, bt.X)  # ... the board under it is a new screen: an X at once places nothing
    assert game.hand(0) == hand and play.guarding
    for _ in range(play.stage.need - 1):  # X up for the guard's time again ...
        app.update(NOTHING)
    assert not play.guarding and play.stage.need == TURN_QUIET_FRAMES
    press(app, bt.X)
    assert len(game.hand(0)) == len(hand) - 1  # ... and now X places


def test_a_tap_after_a_pause_closes_the_recap_and_the_next_tap_places_nothing():
    """Seen in play: X tapped every 0.45 s to hurry the computers, with one 1.45 s pause once
    the turn had come. The tap after the pause closes the recap (X had been up long enough);
    the next tap, 0.45 s later, must not place a tile from a hand never seen."""
    game, app, play = _anas_turn()
    hand = game.hand(0)
    tap, pause = round(0.45 * FPS), round(1.45 * FPS)
    assert tap < TURN_QUIET_FRAMES < pause
    frame = 0
    while not (isinstance(play.stage, Deciding) and game.current == 0):  # hurrying the computers
        app.update(frozenset({bt.X}) if frame % tap == 0 else NOTHING)
        frame += 1
        assert frame < 3000
    for frame in range(3 * tap):  # the taps go on a moment over the recap: swallowed
        app.update(frozenset({bt.X}) if frame % tap == 0 else NOTHING)
    assert play.stage.recap and game.hand(0) == hand
    for _ in range(pause):
        app.update(NOTHING)
    app.update(frozenset({bt.X}))  # the tap after the pause closes the recap
    assert not play.stage.recap and game.hand(0) == hand
    for _ in range(10):  # and the rhythm goes on: not one tap places a tile
        for _ in range(tap - 1):
            app.update(NOTHING)
        app.update(frozenset({bt.X}))
        assert game.hand(0) == hand and game.current == 0 and play.guarding


# ------------------------------------------------------------------ play-test, round 4


def test_the_buy_step_opens_on_the_chain_you_just_founded_and_x_x_x_buys_it():
    game = make_game(
        {"A": "#...........", "E": "TT.........."}, [["2A", "5G", "7G", "9I", "11C", "12H"], ["1I"]]
    )
    app, play = begin(game)
    select_tile(app, play, "2A")
    press(app, bt.X)  # place: a chain to found
    run_until(app, my_decision(play))
    ui = play.screen
    assert isinstance(ui, dec.ChoiceScreen) and ui.kind == "found"
    press(app, bt.RIGHT, bt.X)  # not the first chain offered: the second
    run_until(app, my_decision(play))
    ui = play.screen
    assert isinstance(ui, dec.BuyScreen)
    chain = next(e.chain for e in play.shown if isinstance(e, ev.ChainFounded))
    assert ui.chains[0] == "T" and ui.option == chain != "T"  # not Tower, first on the board
    press(app, bt.X, bt.X, bt.X)
    assert ui.cart == [chain] * 3 and ui.option == "DONE"


def test_x_at_your_turns_start_is_answered_at_once_when_you_were_not_pressing_it():
    """The guard counts X's quiet time from before the turn began: after a long calm, the
    first X acts (closes the recap); a tap shortly before the turn still guards it."""
    game = Game.from_json(position())
    game.apply(PlaceTile("9I"))
    game.apply(BuyShares(()))  # Ana's turn: the computers play, the person waits without X
    app = capp.App(seed=0)
    play = start(app, game)
    run_until(app, lambda: isinstance(play.stage, Deciding) and play.game.current == 0)
    assert play.stage.armed and not play.guarding and play.stage.recap  # live at once
    assert play.flashing  # YOUR TURN still flashes, for the eye
    press(app, bt.X)
    assert not play.stage.recap
    for _ in range(TURN_QUIET_FRAMES):
        app.update(NOTHING)
    assert not play.flashing


def test_a_tap_just_before_your_turn_still_guards_it():
    game = Game.from_json(position())
    game.apply(PlaceTile("9I"))
    game.apply(BuyShares(()))
    app = capp.App(seed=0)
    play = start(app, game)
    for frame in range(3000):  # a tap every 20 frames (0.67 s) until the turn comes
        if isinstance(play.stage, Deciding) and play.game.current == 0:
            break
        app.update(frozenset({bt.X}) if frame % 20 == 0 else NOTHING)
    assert play.guarding and play.stage.quiet < 20
    press(app, bt.X)
    assert play.stage.recap  # swallowed: a hurried X never decides


def test_holding_x_hurries_the_computers_and_decides_nothing():
    game = Game.from_json(position())
    game.apply(PlaceTile("9I"))
    game.apply(BuyShares(()))
    held, calm = capp.App(seed=0), capp.App(seed=0)
    plays = start(held, game.copy()), start(calm, game.copy())
    frames = [0, 0]
    for i, (app, play) in enumerate(zip((held, calm), plays, strict=True)):
        down = frozenset({bt.X}) if app is held else NOTHING
        while not (isinstance(play.stage, Deciding) and play.game.current == 0):
            assert frames[i] < 5000, f"the person's turn never came: {where(app)}"
            app.update(down if frames[i] == 0 else NOTHING, down)
            frames[i] += 1
    assert frames[0] * 3 < frames[1]  # held: far faster than the computers' own pace
    assert plays[0].guarding and plays[0].game.hand(0) == game.hand(0)  # nothing decided


def _summary(pays_you: bool, pace: str = "normal") -> tuple[capp.App, Summary]:
    app = capp.App(settings=storage_mod.Settings(pace=pace), seed=0)
    play = start(app, Game.from_json(position()))
    merger = [
        ev.MergerStarted(1, "Ana", "T", ("L",)),
        ev.BonusPaid(0 if pays_you else 1, "You" if pays_you else "Ana", "L", 3000, "majority"),
        ev.SharesSold(1, "Ana", "L", 2, 600),
        ev.ChainDefunct(1, "Ana", "L", "T", 9),
    ]
    summary = Summary(app, play, merger)
    app.push(summary)
    return app, summary


@pytest.mark.parametrize("pace", ["slow", "normal", "fast", "instant"])
def test_the_others_merger_summary_goes_on_by_itself_after_a_reading_pause(pace):
    app, summary = _summary(pays_you=False, pace=pace)
    for _ in range(SUMMARY_READ_FRAMES[pace] - 1):
        app.update(NOTHING)
    assert app.scene is summary  # long enough to read, at the pace chosen
    app.update(NOTHING)
    assert app.scene is not summary
    assert SUMMARY_READ_FRAMES["slow"] > SUMMARY_READ_FRAMES["normal"] > SUMMARY_READ_FRAMES["fast"]


def test_a_merger_summary_that_pays_you_waits_for_x_and_x_closes_any_at_once():
    app, summary = _summary(pays_you=True)
    assert summary.yours
    for _ in range(SUMMARY_READ_FRAMES["slow"] * 2):
        app.update(NOTHING)
    assert app.scene is summary
    press(app, bt.X)
    assert app.scene is not summary
    app, summary = _summary(pays_you=False)
    press(app, bt.X)
    assert app.scene is not summary


def test_disposing_says_who_sold_theirs_when_no_one_else_holds_the_chain():
    rows = {"A": "LL.TTT......"}
    game = make_game(rows, [["3A", "5E"], ["9I"], ["10I"]], shares=[{"L": 2}, {"L": 2}, {}])
    turn = [
        ev.MergerStarted(0, "You", "T", ("L",)),
        ev.BonusPaid(0, "You", "L", 3000, "both"),
        ev.SharesSold(1, "Ana", "L", 2, 600),
    ]
    game.apply(PlaceTile("3A"))
    game_after_ana = make_game(rows, [["5E"], ["9I"], ["10I"]], shares=[{"L": 2}, {}, {}])
    screen = dec.DisposeScreen(game, turn)
    assert screen.holders == "Ana also holds 2 Luxor"  # she still holds them in this position
    merged = game_after_ana
    assert dec._other_holders(merged, "L", turn) == "Ana sold all: only you hold L"
    assert dec._other_holders(merged, "L", turn[:2]) == "No one else holds L"
    both = [*turn, ev.SharesSold(2, "Bob", "L", 1, 300), ev.SharesTraded(2, "Bob", "L", "T", 2, 1)]
    # too long with every name: what matters, whole ("Ana+Bob sold/traded all: only you hold L")
    assert dec._other_holders(merged, "L", both) == "Only you hold L now"


def test_equal_cash_shares_the_place_in_the_final_standings():
    over = game_over_with_cash([22400, 30000, 22400, 9000])
    assert [(row[2], place) for row, place in zip(over.rows, over.places, strict=True)] == [
        ("Ana", 1),
        ("You", 2),
        ("Bob", 2),
        ("Cy", 4),
    ]


def game_over_with_cash(cash: list[int]) -> GameOver:
    game = make_game({}, [["1A"], ["2B"], ["3C"], ["4D"]], cash=cash)
    app = capp.App(seed=0)
    play = start(app, game)
    play.game = game
    return GameOver(app, play)


def _to_buy_on_done(pace: str) -> tuple[capp.App, cplay.Play]:
    """The demo position at `pace`: the person has placed a lone tile; the buy screen is on DONE."""
    app = capp.App(settings=storage_mod.Settings(pace=pace), seed=0)
    play = start(app, Game.from_json(position()))
    run_until(app, my_decision(play))
    select_tile(app, play, "12D")
    press(app, bt.X)
    run_until(app, my_decision(play))
    assert isinstance(play.screen, dec.BuyScreen) and play.screen.option == "DONE"
    return app, play


def test_the_press_that_decides_held_as_a_person_holds_it_does_not_hurry_the_computers():
    app, play = _to_buy_on_done("normal")
    down = frozenset({bt.X})
    app.update(down, down)  # DONE, held 0.15 s as a finger holds a key
    for _ in range(4):
        app.update(NOTHING, down)
    assert play.game.current != 0 and not play.hurrying  # the computers play at their pace
    before = app.frame
    run_until(app, lambda: isinstance(play.stage, Deciding) and play.game.current == 0)
    assert app.frame - before > 3 * cplay.PACE_FRAMES["normal"]  # three turns shown one step at a time


def test_at_instant_pace_steady_taps_from_done_never_decide_and_a_calm_x_does():
    """The computers' round takes no time at the instant pace: taps of X twice a second from
    DONE on reach the next turn at once, yet decide nothing there (the press on DONE counts as
    any other); once they stop for 1.1 s, X acts."""
    app, play = _to_buy_on_done("instant")
    down = frozenset({bt.X})
    for frame in range(10 * 15):  # five seconds, a tap every 15 frames, each held 3 frames
        app.update(down if frame % 15 == 0 else NOTHING, down if frame % 15 < 3 else NOTHING)
    bought = [i for i, e in enumerate(play.shown) if isinstance(e, ev.SharesBought) and e.seat == 0]
    after_done = play.shown[bought[-1] + 1 :]
    assert [e for e in after_done if e.seat == 0 and isinstance(e, ev.TilePlaced | ev.SharesBought)] == []
    assert isinstance(play.stage, Deciding) and play.game.current == 0 and play.guarding and play.stage.recap
    for _ in range(TURN_QUIET_FRAMES):
        app.update(NOTHING)
    press(app, bt.X)
    assert not play.stage.recap  # the calm X closes the recap
