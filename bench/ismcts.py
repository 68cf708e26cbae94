"""The yardstick: information-set Monte Carlo tree search as zou3519/acquire (Scala, 2017) plays
Acquire, re-implemented on acquire8's `Game`. It is a benchmark opponent, never a level of the
game: it lives in bench/, which the .pyxapp, the port and `LEVELS` leave out.

    python -m acquire8.ai.arena --hero hard --field ismcts-intern --games 8 --seed 90001

What the peer does, and so what this does (its src/mcts/ISMCTS.scala, ISTreeNode.scala,
src/acquire/engine/AiPlayer.scala and PlayerType.scala, src/acquire/state/AcquireState.scala,
AcquireSimulator.scala, TilesManager.scala):

- A forced move (one legal action) is played without search (`ISMctsAi.getMove`).
- Otherwise a fresh tree per decision, iterating while under both its iteration cap and its
  time limit (`UCTSearch`'s loop; the clock is read before each iteration). Its levels are its
  iteration caps (`PlayerType.toAi`): Intern 500, Trader 1,000, Manager 2,000, Partner 4,000,
  CEO 10,000. The peer's time limits (250 ms to 5 s) are not copied: Python is slower, so the
  caps are matched and the time limit is an optional parameter (default: none).
- Each iteration re-deals every tile the decider cannot see (`TilesManager.randomizeTiles`:
  the other racks refilled to their sizes, the rest the draw pile), here
  `Game.view(seat).determinize(rng)`.
- Selection (`uctSelectChild`): at a node, if none of the moves legal in this determinization
  is a child yet, selection stops there; else every legal move not yet a child is added, and
  among the children whose move is legal now it takes the first maximum, in legal-move order, of
  UCB1 = stats[p] / n_child + sqrt(2 ln N_parent / n_child), p the seat to move; a child never
  visited (or a parent never visited) scores infinity, so unvisited children come first in
  legal-move order. As in the Scala, N_parent is the parent's own visit count, not an
  availability count (how often the child was legal): the peer keeps no availability counts.
- Expansion (`expand`): every legal move becomes a child and the search descends to one drawn
  uniformly; the game's end expands nothing.
- Playout (`AcquireSimulator.simulate`): uniformly random legal moves to the end, a purchase
  uniform over the legal purchases (`randomBuySharesMove` draws combinations until one is
  legal: uniform over the legal purchases), the end declared at the first chance.
- Back-up: every seat's final net worth / 10,000 (`outcome.map(_/10000)`) added to the stats of
  every node on the path, root included; each of them counts one visit.
- The move played is the root's most-visited child (`maxBy(_.visits)`; the Scala's ties fall
  to its hash map's order, here to the first in legal-move order).

How the moves map (acquire8's actions are finer or coarser than the peer's in places; where
the action set allows, the peer's choice is kept):

- Placing a tile and founding a chain are the same moves (`PlaceTile`, `FoundChain`).
- A purchase is one move of up to three shares in both (the peer's `BuyShares` map, acquire8's
  `BuyShares`): the same set, each multiset of shares once. Legal-move order is acquire8's
  (`legal_actions()`: no purchase first, then by size), not the peer's combination order.
- Ending: the peer buys, then decides `EndTurn(endGame)`; acquire8 declares (`DeclareEnd`, one
  more move among the purchases) and then buys. The tree keeps acquire8's order; the playout
  declares whenever it may, as the peer's playout ends whenever it may.
- A merger: the peer's one move `MergeCorp(prey, predator)` picks, among the tied largest
  chains, the survivor and the first defunct chain at once (ordered pairs), or, with one
  largest, which of the tied second-largest goes next. acquire8 asks the survivor
  (`ChooseSurvivor`) and then, among tied defunct chains, the next (`ChooseDefunct`): one
  of the peer's moves is two of acquire8's when three or more chains tie, one otherwise.
- Disposal: the peer asks every seat, in turn order from the merger's maker, one
  `MergeTransaction(sell, trade)`; acquire8's `Dispose(sell, trade)` is the same set of moves
  in the same order (trade outer, sell inner) but asks only the seats that hold the defunct
  chain: to the others the peer offers one move, (0, 0), a forced step that changes nothing.
- Rules differ only where acquire8's rules do (its hand replacement, its stalemate and
  pool-end endings, the two-player stock market): the yardstick plays acquire8's game.

It plays for its own seat, in a team game too (its rewards are per seat). It is seeded: the
same seed and the same views give the same decisions. `last_iterations` counts the iterations of
the last decision (0 when forced) for the arena's report.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from acquire8.rules import Action, BuyShares, DeclareEnd, Game

# The peer's levels (PlayerType.toAi) by their iteration caps.
LEVELS: dict[str, int] = {"intern": 500, "trader": 1000, "manager": 2000, "partner": 4000, "ceo": 10000}
PREFIX = "ismcts-"  # the arena's names: ismcts-intern ... ismcts-ceo
REWARD_SCALE = 10_000  # the peer's reward: net worth / 10,000
_DECLARE = DeclareEnd()


class Node:
    """One node of the tree (`ISTreeNode`): the move that led to it, its children by move (in
    the order they were added), its visits and every seat's summed reward."""

    __slots__ = ("children", "move", "parent", "stats", "visits")

    def __init__(self, parent: Node | None, move: Action | None, players: int):
        self.parent = parent
        self.move = move
        self.children: dict[Action, Node] = {}
        self.stats = [0.0] * players
        self.visits = 0

    def ucb1(self, child: Node, player: int) -> float:
        """The Scala's `uct1`: infinite for an unvisited child (or parent)."""
        if self.visits == 0 or child.visits == 0:
            return math.inf
        return child.stats[player] / child.visits + math.sqrt(2 * math.log(self.visits) / child.visits)

    def _add(self, legal: Sequence[Action]) -> None:
        """Every legal move not yet a child becomes one (`updateChildrenWithNewMoves`)."""
        children = self.children
        for move in legal:
            if move not in children:
                children[move] = Node(self, move, len(self.stats))

    def select(self, legal: Sequence[Action], player: int) -> Node | None:
        """`uctSelectChild`: None when no legal move is a child yet; else the new legal moves
        join and the first best child by UCB1 among the legal ones, in `legal`'s order."""
        children = self.children
        if not any(move in children for move in legal):
            return None
        self._add(legal)
        best, best_score = None, -math.inf
        for move in legal:
            child = children[move]
            score = self.ucb1(child, player)
            if score > best_score:  # strict: the first maximum wins, as Scala's maxBy
                best, best_score = child, score
        return best

    def expand(self, legal: Sequence[Action], rng: random.Random) -> Node | None:
        """`expand`: every legal move becomes a child; one of them drawn uniformly (None at the
        game's end)."""
        if not legal:
            return None
        self._add(legal)
        return self.children[legal[rng.randrange(len(legal))]]

    def update(self, result: list[float]) -> None:
        self.visits += 1
        stats = self.stats
        for i, r in enumerate(result):
            stats[i] += r


def playout(g: Game, rng: random.Random) -> list[float]:
    """`AcquireSimulator.simulate` on `g` (changed in place: it is the iteration's own
    determinization): uniformly random legal moves to the end, the end declared at the first
    chance; every seat's final net worth / 10,000."""
    legal_actions, apply, may_declare = g.legal_actions, g.play, g.may_declare
    randbelow = rng.randrange
    while True:
        legal = legal_actions()
        if not legal:
            break
        if type(legal[0]) is BuyShares and may_declare():  # the buy phase alone may declare
            apply(_DECLARE)  # then a purchase, drawn from the purchases alone
            continue
        apply(legal[randbelow(len(legal))])
    return [s / REWARD_SCALE for s in g.scores()]


@dataclass
class Search:
    """One decision's search: its tree and how many iterations it ran."""

    root: Node
    iterations: int = 0


def search(view: Game, rng: random.Random, iterations: int, time_limit_ms: float | None = None) -> Search:
    """`ISMCTS.UCTSearch` from the acting seat's view: iterate while under the iteration cap
    and the time limit; each iteration a new determinization, selection, expansion, a playout
    and the back-up along the path."""
    root = Node(None, None, view.players)
    done = Search(root)
    start = time.perf_counter()
    limit = math.inf if time_limit_ms is None else time_limit_ms / 1000
    while done.iterations < iterations and time.perf_counter() - start < limit:
        g = view.determinize(rng)
        node = root
        legal = g.legal_actions()
        child = node.select(legal, g.current)
        while child is not None:
            node = child
            g.play(child.move)  # type: ignore[arg-type]  # only the root has no move
            legal = g.legal_actions()
            child = node.select(legal, g.current)
        child = node.expand(legal, rng)
        if child is not None:
            node = child
            g.play(child.move)  # type: ignore[arg-type]
        result = playout(g, rng)
        walk: Node | None = node
        while walk is not None:
            walk.update(result)
            walk = walk.parent
        done.iterations += 1
    return done


def most_visited(root: Node) -> Action:
    """The root's most-visited child's move (ties: the first added, in legal-move order)."""
    best = max(root.children.values(), key=lambda n: n.visits)
    assert best.move is not None
    return best.move


class IsmctsBot:
    """The peer's `ISMctsAi(maxIter, maxMillis)` as an acquire8 `Bot`: `iterations` the cap,
    `time_limit_ms` the optional time limit per decision. It plays for its own seat
    (`team_play` is accepted for the arena and ignored)."""

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = LEVELS["intern"],
        time_limit_ms: float | None = None,
        team_play: bool = True,
    ):
        if iterations < 1:
            raise ValueError("iterations: at least 1")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.time_limit_ms = time_limit_ms
        self.last_iterations = 0  # of the last decision; 0 when it was forced

    def reseed(self, value: str) -> None:
        self.rng.seed(value)

    def choose(self, view: Game) -> Action:
        view = view.view(view.current)  # what the seat to move may know, even if given more
        legal = view.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        done = search(view, self.rng, self.iterations, self.time_limit_ms)
        self.last_iterations = done.iterations
        return most_visited(done.root)


def make(
    name: str,
    seed: int | None = None,
    iterations: int | None = None,
    time_limit_ms: float | None = None,
    team_play: bool = True,
) -> IsmctsBot:
    """The yardstick by its arena name ("ismcts-intern" ... "ismcts-ceo"); `iterations`
    overrides the level's cap."""
    level = name.removeprefix(PREFIX)
    if not name.startswith(PREFIX) or level not in LEVELS:
        raise ValueError(f"unknown yardstick {name!r}; choose from {', '.join(names())}")
    return IsmctsBot(seed, iterations or LEVELS[level], time_limit_ms, team_play)


def names() -> list[str]:
    """The arena's names of the yardstick's levels."""
    return [PREFIX + level for level in LEVELS]


def measure(players: int = 4, seconds: float = 5.0, seed: int = 1) -> dict:
    """Random playouts a second from a fresh deal's determinizations, and one decision's time
    at the Intern cap (500 iterations) at the start of a game of `players`."""
    rng = random.Random(seed)
    g = Game.new(players=players, seed=seed)
    view = g.view(g.current)
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        playout(view.determinize(rng), rng)
        count += 1
    rate = count / (time.perf_counter() - start)
    bot = IsmctsBot(seed, LEVELS["intern"])
    t0 = time.perf_counter()
    bot.choose(view)
    return {
        "players": players,
        "playouts_per_s": rate,
        "intern_decision_s": time.perf_counter() - t0,
        "intern_iterations": bot.last_iterations,
    }


if __name__ == "__main__":
    m = measure()
    print(
        f"{m['players']} players: {m['playouts_per_s']:.0f} random playouts a second from the first "
        f"decision; an Intern decision ({m['intern_iterations']} iterations) {m['intern_decision_s']:.2f} s"
    )
