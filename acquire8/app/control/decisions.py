"""The person's decision screens, one class per kind. Each `update()` returns a Decision (what
to apply, a message, a sound) and never changes the game or the play: the play applies it.
Options and their effects come from the rules core (`legal_actions`, `tile_effect`, a copy)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from acquire8.app.buttons import DOWN, LEFT, RIGHT, UP, X
from acquire8.app.control.insight import (
    buy_standing,
    end_standing,
    is_hidden,
    preview,
    survivor_line,
    survivor_outcome,
    tile_preview,
)
from acquire8.app.control.scene import Pressed
from acquire8.app.text import LINE_CHARS, chain_name, fit, money, tier_name
from acquire8.rules import (
    CHAINS,
    Action,
    BuyShares,
    ChooseDefunct,
    DeclareEnd,
    Dispose,
    Game,
    Phase,
    PlaceTile,
)
from acquire8.rules import events as ev
from acquire8.rules.tables import MAX_BUY


@dataclass(frozen=True)
class Decision:
    action: Action | None = None  # what the play applies; None: nothing decided yet
    message: str | None = None  # a line for the message bar
    sound: str | None = None
    declined: bool = False  # "no" to declaring the end: the purchase comes next


MOVED = Decision(sound="move")
REFUSED = Decision(sound="refuse")


def hand_order(tiles: list[str]) -> list[str]:
    """A hand as the screen lists it: by row, then column."""
    return sorted(tiles, key=lambda t: (t[-1], int(t[:-1])))


class PlaceScreen:
    """Pick a hand tile with left/right; X places it if the rules allow."""

    kind = "place"

    def __init__(self, game: Game, pick: str | None = None):
        self.tiles = hand_order(game.hand(game.current))
        legal = {a.tile for a in game.legal_actions() if isinstance(a, PlaceTile)}
        self.playable = [t in legal for t in self.tiles]
        self.previews = [preview(game, t) for t in self.tiles]
        self.game = game
        self._details: dict[str, list[str]] = {}
        if pick in self.tiles and self.playable[self.tiles.index(pick)]:
            self.index = self.tiles.index(pick)
        else:
            self.index = self.playable.index(True) if True in self.playable else 0
        self.details = self._detail()

    def _detail(self) -> list[str]:
        """What the selected tile would pay, from the rules core on a copy (insight/): one or
        two lines; worked out once per tile, when it is first selected."""
        tile = self.tile
        if tile is None:
            return []
        if tile not in self._details:
            self._details[tile] = tile_preview(self.game, tile)
        return self._details[tile]

    @property
    def tile(self) -> str | None:
        return self.tiles[self.index] if self.tiles else None

    def update(self, pressed: Pressed) -> Decision | None:
        if not self.tiles:
            return None
        step = (RIGHT in pressed) - (LEFT in pressed)
        result = None
        if step:
            self.index = (self.index + step) % len(self.tiles)
            self.details = self._detail()
            result = MOVED
        if X in pressed:
            if self.playable[self.index]:
                return Decision(PlaceTile(self.tiles[self.index]))
            why = fit(f"Can't place {self.tile}: {self.previews[self.index]}")
            return Decision(message=why, sound="refuse")
        return result


@dataclass(frozen=True)
class Option:
    label: str
    action: Action | None
    info: str = ""
    chain: str = ""


class ChoiceScreen:
    """One choice among a few options, cycled with left/right (found, survivor, defunct order)."""

    def __init__(self, kind: str, title: str, options: list[Option]):
        self.kind = kind
        self.title = title
        self.options = options
        self.index = 0

    @property
    def option(self) -> Option:
        return self.options[self.index]

    def update(self, pressed: Pressed) -> Decision | None:
        step = (RIGHT in pressed) - (LEFT in pressed)
        if self.options[0].chain:  # chains side by side: up/down move too (never a yes/no)
            step = step or (DOWN in pressed) - (UP in pressed)
        result = None
        if step:
            self.index = (self.index + step) % len(self.options)
            result = MOVED
        if X in pressed:
            return Decision(self.option.action)
        return result


class DeclareScreen:
    """May the deciding player end the game? NO or YES, then a second question that says
    what ending gives ("You'd finish 2nd ..."); only that second X declares."""

    kind = "declare"

    def __init__(self, game: Game):
        self.standing = end_standing(game)
        self.confirming = False
        self.index = 0  # 0: no (keep playing), 1: yes

    @property
    def title(self) -> str:
        return "Really end the game?" if self.confirming else "End the game now?"

    @property
    def labels(self) -> tuple[str, str]:
        return ("BACK", "END IT") if self.confirming else ("NO", "YES")

    @property
    def info(self) -> str:
        if self.confirming:
            return self.standing  # whole: the view gives it two lines when it needs them
        return "Keep playing" if self.index == 0 else "Game ends after your purchase"

    def update(self, pressed: Pressed) -> Decision | None:
        step = (RIGHT in pressed) - (LEFT in pressed)  # never up/down: a yes/no must be seen
        result = None
        if step:
            self.index = (self.index + step) % 2
            result = MOVED
        if X not in pressed:
            return result
        if self.index == 0:
            if self.confirming:  # back to the first question, on NO
                self.confirming = False
                return Decision(sound="move")
            return Decision(declined=True, sound="confirm")
        if not self.confirming:
            self.confirming = True
            self.index = 0  # the second question starts on BACK: two deliberate presses end it
            return Decision(sound="move")
        return Decision(DeclareEnd())


class DisposeScreen:
    """Sell / trade / keep the defunct chain's shares. Up/down pick a row, left/right change
    it, X goes to the next row and confirms on DONE: left/right + X alone suffice."""

    kind = "dispose"
    ROWS = ("sell", "trade", "done")

    def __init__(self, game: Game, turn: Sequence[ev.Event] = ()):
        state = game.merger_state() or {}
        self.chain = state.get("defunct") or ""
        self.survivor = state.get("survivor") or ""
        self.held = game.shares(game.current, self.chain)
        self.legal = {(a.sell, a.trade) for a in game.legal_actions() if isinstance(a, Dispose)}
        self.price = game.price(self.chain)
        self.bank = game.bank_shares(self.survivor)
        self.sell = self.trade = 0
        self.row = 0
        self.holders = _other_holders(game, self.chain, turn) if self.chain else ""

    @property
    def keep(self) -> int:
        return self.held - self.sell - self.trade

    def update(self, pressed: Pressed) -> Decision | None:
        result = None
        step = (DOWN in pressed) - (UP in pressed)
        if step:
            self.row = (self.row + step) % len(self.ROWS)
            result = MOVED
        turn = (RIGHT in pressed) - (LEFT in pressed)
        if turn and self.row < 2:
            sell, trade = self.sell, self.trade
            if self.row == 0:
                sell += turn
            else:
                trade += 2 * turn
            if (sell, trade) in self.legal:
                self.sell, self.trade = sell, trade
                result = MOVED
            else:
                result = REFUSED
        if X in pressed:
            if self.row < 2:
                self.row += 1
                return MOVED
            if (self.sell, self.trade) in self.legal:
                return Decision(Dispose(self.sell, self.trade))
        return result


def _other_holders(game: Game, chain: str, turn: Sequence[ev.Event] = ()) -> str:
    """The others' holdings of the chain being disposed of ("Ana also holds 4 Luxor", "Also
    holding Luxor: Ana 4, Bob 2"), and when
    no one else holds any now, who sold or traded theirs in this merger ("Ana sold all: only
    you hold L"); "" when holdings are hidden."""
    if is_hidden(game):
        return ""
    seat = game.current
    held = [(game.names[s], game.shares(s, chain)) for s in range(game.players) if s != seat]
    held = [(name, n) for name, n in held if n]
    if not held:
        gone = [
            e
            for e in turn
            if isinstance(e, ev.SharesSold | ev.SharesTraded) and e.chain == chain and e.seat != seat
        ]
        if not gone:
            return fit(f"No one else holds {chain}")
        names = list(dict.fromkeys(e.name for e in gone))
        sold = any(isinstance(e, ev.SharesSold) for e in gone)
        traded = any(isinstance(e, ev.SharesTraded) for e in gone)
        verb = "sold/traded" if sold and traded else "sold" if sold else "traded"
        line = f"{'+'.join(names)} {verb} all: only you hold {chain}"
        return fit(line if len(line) <= LINE_CHARS else f"Only you hold {chain} now")
    name = chain_name(chain)
    if len(held) == 1:
        lines = [f"{held[0][0]} also holds {held[0][1]} {c}" for c in (name, chain)]
    else:
        counts = ", ".join(f"{who} {n}" for who, n in held)
        lines = [*(f"Also holding {c}: {counts}" for c in (name, chain)), f"{chain} also: {counts}"]
    return fit(next((line for line in lines if len(line) <= LINE_CHARS), lines[-1]))


EMPTY_CART = "Cart empty: nothing to undo"  # why UNDO is greyed


class BuyScreen:
    """Up to three shares: X on a chain adds one, UNDO takes the last back, DONE buys. It opens
    on the chain the player just founded, else on DONE: a tap of X never buys a chain the
    player did not move to."""

    kind = "buy"

    def __init__(self, game: Game, founded: str | None = None):
        self.game = game
        self.legal = {a.chains for a in game.legal_actions() if isinstance(a, BuyShares)}
        self.chains = game.chains_on_board()
        self.options = [*self.chains, *(["UNDO"] if self.chains else []), "DONE"]
        self.cart: list[str] = []
        self._standings: dict[tuple[str, tuple[str, ...]], str] = {}
        self.cash = game.cash(game.current)
        opening = founded if founded in self.chains and self.can_add(founded) else "DONE"
        self.index = self.options.index(opening)
        self.standing = self._standing()

    @property
    def option(self) -> str:
        return self.options[self.index]

    def bundle(self, extra: tuple[str, ...] = ()) -> tuple[str, ...]:
        return tuple(sorted([*self.cart, *extra], key=CHAINS.index))

    def can_add(self, chain: str) -> bool:
        return self.bundle((chain,)) in self.legal

    @property
    def cost(self) -> int:
        return sum(self.game.price(c) for c in self.cart)

    @property
    def info(self) -> str:
        """What the selected option is, in a line: a chain's name, price and bank shares, or
        what UNDO or DONE would do."""
        opt, g = self.option, self.game
        if opt in CHAINS:
            return f"{chain_name(opt)} {money(g.price(opt))} bank {g.bank_shares(opt)}"
        if opt == "UNDO":  # greyed while the cart is empty: say why
            return f"Take back the last share ({self.cart[-1]})" if self.cart else EMPTY_CART
        then = "end the game" if g.declared else "end the turn"
        return f"Buy the cart and {then}" if self.cart else f"Buy nothing and {then}"

    def _standing(self) -> str:
        """How one more share of the selected chain would change your standing in it ("+1 I:
        you'd hold 5, Ana 4"); "" on UNDO, DONE or a chain you cannot add."""
        option = self.option
        if option not in self.chains or not self.can_add(option):
            return ""
        key = (option, tuple(self.cart))
        if key not in self._standings:
            self._standings[key] = buy_standing(self.game, option, tuple(self.cart))
        return self._standings[key]

    def update(self, pressed: Pressed) -> Decision | None:
        decision = self._update(pressed)
        self.standing = self._standing()  # the cursor or the cart may have changed
        return decision

    def take_back(self) -> Decision:
        """The last share out of the cart (UNDO, or the undo button while the cart holds some)."""
        if not self.cart:
            return REFUSED
        self.cart.pop()
        self.standing = self._standing()
        return MOVED

    def _update(self, pressed: Pressed) -> Decision | None:
        step = (RIGHT in pressed) - (LEFT in pressed)
        result = None
        if step:
            self.index = (self.index + step) % len(self.options)
            result = MOVED
        if X not in pressed:
            return result
        option = self.option
        if option == "DONE":
            return Decision(BuyShares(self.bundle()))
        if option == "UNDO":
            return self.take_back()
        if self.can_add(option):
            self.cart.append(option)
            if not self.can_add(option):  # nothing more of it: jump to DONE, so X-X-X finishes
                self.index = len(self.options) - 1
            return Decision(sound="buy")
        if len(self.cart) >= MAX_BUY:
            message = "Three shares a turn at most"
        elif self.game.bank_shares(option) <= self.cart.count(option):
            message = f"The bank has no more {option}"
        else:
            message = f"Not enough cash for {option}"
        return Decision(message=message, sound="refuse")


Screen = PlaceScreen | ChoiceScreen | DeclareScreen | DisposeScreen | BuyScreen


def this_turn(shown: Sequence[ev.Event]) -> list[ev.Event]:
    """The events shown since the turn began."""
    start = next((i for i in range(len(shown) - 1, -1, -1) if isinstance(shown[i], ev.TurnStarted)), -1)
    return list(shown[start + 1 :])


def founded_this_turn(turn: Sequence[ev.Event], game: Game) -> str | None:
    """The chain the player deciding now founded in this turn, if any: their buy step opens on
    it (a tap of X then buys what they chose to found, never another chain)."""
    for e in turn:
        if isinstance(e, ev.ChainFounded) and e.seat == game.current and e.chain in game.chains_on_board():
            return e.chain
    return None


def nothing_to_buy(game: Game) -> str | None:
    """Why the purchase has no choice to offer (the rules list only the empty one), or None."""
    legal = game.legal_actions()
    if game.phase != Phase.BUY or legal != [BuyShares(())]:
        return None
    chains = game.chains_on_board()
    if not chains:
        return "Nothing to buy: no chain on the board"
    stocked = [c for c in chains if game.bank_shares(c)]
    if stocked and game.cash(game.current) < min(game.price(c) for c in stocked):
        return "Nothing to buy: not enough cash"
    return "Nothing to buy: the bank is out"


def make_screen(
    game: Game, pick: str | None = None, declined: bool = False, shown: Sequence[ev.Event] = ()
) -> Screen:
    """The decision screen for the rules' current phase (`pick`: the hand tile selected last;
    `declined`: the end was already refused this turn; `shown`: the events shown so far, for
    the chain founded this turn and what the others did in a merger)."""
    phase = game.phase
    legal: list[Any] = game.legal_actions()  # the actions' type follows the phase
    if phase == Phase.PLACE:
        return PlaceScreen(game, pick)
    if phase == Phase.FOUND:
        options = []
        for a in legal:
            after = game.copy()
            after.apply(a)  # the rules say how big the new chain is, hence its price
            info = f"{chain_name(a.chain)} ({tier_name(a.chain)}) {money(after.price(a.chain))}"
            options.append(Option(a.chain, a, info, a.chain))
        return ChoiceScreen("found", f"Found a chain with {game.pending_tile()}", options)
    if phase == Phase.SURVIVOR:
        options = []
        for a in legal:
            info = survivor_line(a.chain, survivor_outcome(game, a.chain))
            options.append(Option(a.chain, a, info, a.chain))
        return ChoiceScreen("survivor", "Tie! Which chain survives?", options)
    if phase == Phase.DEFUNCT:
        options = [
            Option(a.chain, a, f"{chain_name(a.chain)} is paid out first", a.chain)
            for a in legal
            if isinstance(a, ChooseDefunct)
        ]
        return ChoiceScreen("defunct", "Which defunct chain first?", options)
    if phase == Phase.DISPOSE:
        return DisposeScreen(game, this_turn(shown))
    if DeclareEnd() in legal and not declined:
        return DeclareScreen(game)
    return BuyScreen(game, founded_this_turn(this_turn(shown), game))


def preselect(screen: Screen, advice: Action) -> None:
    """The hint's advice set up in its screen, for X to confirm (or to change)."""
    if isinstance(screen, PlaceScreen) and isinstance(advice, PlaceTile) and advice.tile in screen.tiles:
        screen.index = screen.tiles.index(advice.tile)
        screen.details = screen._detail()
    elif isinstance(screen, ChoiceScreen):
        for i, opt in enumerate(screen.options):
            if opt.action == advice:
                screen.index = i
    elif isinstance(screen, DeclareScreen):
        screen.index = 1 if isinstance(advice, DeclareEnd) else 0
    elif isinstance(screen, DisposeScreen) and isinstance(advice, Dispose):
        if (advice.sell, advice.trade) in screen.legal:
            screen.sell, screen.trade, screen.row = advice.sell, advice.trade, 2
    elif isinstance(screen, BuyScreen) and isinstance(advice, BuyShares):
        screen.cart = []
        for chain in advice.chains:
            if screen.can_add(chain):
                screen.cart.append(chain)
        screen.index = screen.options.index("DONE")
        screen.standing = screen._standing()


@dataclass(frozen=True)
class Cursor:
    """Where a decision screen's choice stands: the option selected, a disposal's row and
    amounts, a purchase's cart. Undo keeps it with the game and puts it back on the screen
    made afresh from that game."""

    kind: str
    index: int = 0
    row: int = 0
    sell: int = 0
    trade: int = 0
    cart: tuple[str, ...] = ()


def cursor_of(screen: Screen | None) -> Cursor | None:
    """The screen's cursor as a value; None without a screen and for the end's question (it
    starts afresh, on NO)."""
    if isinstance(screen, DisposeScreen):
        return Cursor(screen.kind, row=screen.row, sell=screen.sell, trade=screen.trade)
    if isinstance(screen, BuyScreen):
        return Cursor(screen.kind, index=screen.index, cart=tuple(screen.cart))
    if isinstance(screen, PlaceScreen | ChoiceScreen):
        return Cursor(screen.kind, index=screen.index)
    return None


def put_cursor(screen: Screen, cursor: Cursor | None) -> None:
    """`cursor` back on a screen of its kind, and the lines that follow from it worked out."""
    if cursor is None or cursor.kind != screen.kind:
        return
    if isinstance(screen, DisposeScreen):
        screen.row, screen.sell, screen.trade = cursor.row, cursor.sell, cursor.trade
    elif isinstance(screen, BuyScreen):
        screen.index, screen.cart = cursor.index, list(cursor.cart)
        screen.standing = screen._standing()
    elif isinstance(screen, PlaceScreen):
        screen.index = cursor.index
        screen.details = screen._detail()
    elif isinstance(screen, ChoiceScreen):
        screen.index = cursor.index


def restore_cart(screen: BuyScreen, cart: list[str], option: str) -> None:
    """A buy step's cart and selected option put back (a continued game): only what the
    rules still allow goes in."""
    for chain in cart:
        if chain in screen.chains and screen.can_add(chain):
            screen.cart.append(chain)
    if option in screen.options:
        screen.index = screen.options.index(option)
    screen.standing = screen._standing()
