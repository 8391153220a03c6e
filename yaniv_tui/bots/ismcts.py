"""Information Set MCTS (Cowling, Powley and Whitehouse, 2012): one tree over the seat's own decisions, grown in a
freshly guessed world each iteration, the others played by the hard bot inside it."""

from __future__ import annotations

import math
import random
import time

from yaniv_tui.engine import Action, CallYaniv, Game, PlayerView, SlapDown
from yaniv_tui.engine.determinize import game_from_view

from .expert import CALL_SLACK, CANDIDATES, TABLE_SLACK, ExpertBot, guess_hidden
from .measures import Odds
from .memory import Memory

#: Iterations a move when no clock is given: about the CPU time of the expert's 20 guesses.
DEFAULT_ITERATIONS = 60
#: How many of its own turns an iteration looks ahead (the round's end comes first when it comes).
HORIZON = 2
#: The exploration constant of UCB1, in the points the leaves are judged in.
EXPLORATION = 6.0
#: A play-out that has not come back to the seat's turn after this many turns is judged as it stands.
ROLLOUT_TURNS = 80


class Node:
    """One of the seat's decisions, reached by the seat's own actions from the root: the statistics of each
    action taken from it, and how often each was available (legal in the world of the iteration)."""

    __slots__ = ("available", "children", "squares", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        self.available = 0

    def spread(self) -> float:
        """The variance of this decision's worth over the iterations through it."""
        mean = self.total / self.visits
        return max(0.0, self.squares / self.visits - mean * mean)

    def pick(self, actions: list[Action], exploration: float) -> tuple[Action, Node, bool]:
        """The action to follow among `actions` (those of this world, best ranked first): the first not yet tried,
        else the best by UCB1 counted over the iterations in which each was available. Whether it is new."""
        children = self.children
        for action in actions:
            child = children.get(action)
            if child is not None:
                child.available += 1
        for action in actions:
            if action not in children:
                child = children[action] = Node()
                child.available = 1
                return action, child, True
        best: tuple[Action, Node] | None = None
        best_score = -math.inf
        for action in actions:
            child = children[action]
            score = child.total / child.visits + exploration * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score = (action, child), score
        assert best is not None
        return best[0], best[1], False


class IsmctsBot:
    """Single-observer ISMCTS over its own decisions, from its seat's view alone.

    Each iteration deals the hidden cards anew as the expert guesses them (`guess_hidden`), walks the tree of its
    own decisions in that world (at each, the expert's ranker's best few plays, and the call where the expert
    would weigh it) with UCB1 over availability counts, adds one decision, plays on with its ranker for itself and
    hard bots for the others until `horizon` of its own turns have been played or the round ends, and judges the
    world as the expert does (`ExpertBot.judge`). The most visited first decision is played.

    `iterations` fixes its work a move (a seeded game replays the same on any machine); `budget_ms` caps it by
    the clock as well (with `iterations` None, the clock alone).
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | None = DEFAULT_ITERATIONS,
        budget_ms: float | None = None,
        horizon: int = HORIZON,
        exploration: float = EXPLORATION,
        search_call: bool = False,
        margin: float | None = None,
    ) -> None:
        if iterations is None and budget_ms is None:
            raise ValueError("ISMCTS needs a number of iterations, a time budget, or both")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.budget_ms = budget_ms
        self.horizon = horizon
        self.exploration = exploration
        self.search_call = search_call
        self.margin = margin
        # The expert lends its ranker, its second look, its model of the others and its judgement of a leaf.
        self.expert = ExpertBot(seed, budget_ms=None, samples=1)
        self.ranker = self.expert.ranker
        self.model = self.expert.model

    def choose(self, view: PlayerView) -> Action:
        started = time.perf_counter()
        if view.phase == "slap":
            assert view.slap_card is not None
            return SlapDown(view.slap_card)
        if not view.hand:
            return CallYaniv()
        memory = Memory(view)
        odds = Odds(memory.unseen, view.rules)
        deadline = None if self.budget_ms is None else started + 0.95 * self.budget_ms / 1000
        ranked = self.ranker.best_plays(view, memory, odds, CANDIDATES)
        third = None if deadline is None else started + (deadline - started) / 3
        rerank = self.expert.lookahead.rerank
        plays: list[Action] = list(rerank(view.hand, ranked, memory.unseen, odds, view.rules, third))
        if view.may_call:
            worth = self.ranker.call_worth(view, memory, odds)
            if self.search_call:
                plays.insert(0 if worth > self.ranker.margin_now(view) else len(plays), CallYaniv())
            else:
                slack = CALL_SLACK if len(memory.opponents(view)) <= 1 else TABLE_SLACK
                if worth > self.ranker.margin_now(view) - slack:
                    return CallYaniv()
        if len(plays) == 1:
            return plays[0]
        root = Node()
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and time.perf_counter() > deadline:
                break
            self._iterate(view, memory, root, plays)
            done += 1
        if not root.children:
            return plays[0]
        if self.margin is not None:
            return self._clearly_best(root, plays, self.margin)
        # The most visited first decision; a tie goes to the better ranked.
        return max(plays, key=lambda a: (root.children[a].visits if a in root.children else -1, -plays.index(a)))

    @staticmethod
    def _clearly_best(root: Node, plays: list[Action], margin: float) -> Action:
        """The best ranked play unless another did better on average by `margin` standard errors."""
        first = root.children.get(plays[0])
        if first is None or first.visits < 2:
            return plays[0]
        best, best_edge = plays[0], 0.0
        for action in plays[1:]:
            node = root.children.get(action)
            if node is None or node.visits < 2:
                continue
            edge = node.total / node.visits - first.total / first.visits
            error = math.sqrt(node.spread() / node.visits + first.spread() / first.visits)
            if edge > margin * error and edge > best_edge:
                best, best_edge = action, edge
        return best

    def _iterate(self, view: PlayerView, memory: Memory, root: Node, plays: list[Action]) -> None:
        """One iteration: a guessed world, a walk down the tree, one new decision, a play-out, the leaf's worth
        backed up along the path."""
        me = view.seat
        hands, deck = guess_hidden(view, memory, self.rng)
        world = game_from_view(view, hands, deck, seed=self.rng.getrandbits(32), check=False)
        rounds = len(world.history)
        node = root
        path: list[Node] = []
        own = 0
        growing = True  # still in the tree: each own decision picked by UCB1 until one is added
        while True:
            if growing:
                actions = plays if node is root else self._actions(world.view(me))
                action, node, new = node.pick(actions, self.exploration)
                path.append(node)
                growing = not new
            else:
                action = self.ranker.choose(world.view(me))
            world.apply(action)
            own += 1
            if not self._to_own_turn(world, me, rounds) or own >= self.horizon:
                break
        value = self.expert.judge(view, world, rounds)
        for visited in path:
            visited.visits += 1
            visited.total += value
            visited.squares += value * value

    def _actions(self, view: PlayerView) -> list[Action]:
        """The decisions the tree weighs at a later turn of its own in a world: the ranker's best few plays, and
        the call where it may call (first when the ranker would call)."""
        if not view.hand:
            return [CallYaniv()]
        memory = Memory(view)
        odds = Odds(memory.unseen, view.rules)
        actions: list[Action] = [play for _, play in self.ranker.best_plays(view, memory, odds, CANDIDATES)]
        if view.may_call:
            calls = self.ranker.call_worth(view, memory, odds) > self.ranker.margin_now(view)
            actions.insert(0 if calls else len(actions), CallYaniv())
        return actions

    def _to_own_turn(self, world: Game, me: int, rounds: int) -> bool:
        """Play the others (and its own slap-downs) on until the seat's next turn; False if the round or the game
        ended first (or the play-out ran long)."""
        turns = 0
        while len(world.history) == rounds and not world.is_over and turns < ROLLOUT_TURNS:
            if world.current != me:
                world.apply(self.model.choose(world.view(world.current)))
            elif world.phase == "turn":
                return True
            else:
                assert world.slap_card is not None
                world.apply(SlapDown(world.slap_card))
            turns += 1
        return False
