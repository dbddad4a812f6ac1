"""`mcts`: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Each iteration samples a full state from the bot's own view (`rules.determinize`), then walks
one shared tree keyed by action sequences. The legal actions differ between samples (the
opponents' sampled hands, the cards that chance deals), so UCB uses *availability counts*: a
child's exploration term counts the iterations in which it was legal, not the parent's visits
(Cowling, Powley & Whitehouse 2012). Decisions with a single legal action get no node.

Below the tree, a rollout follows the game's fast default policy (weighted sampling) for a
few dozen actions and is then cut short by the game's evaluation; a finished game scores
exactly. A game may override parts of the budget (`budget_overrides` of its heuristics), e.g.
rollouts that only finish the current turn with the policy's favourite moves. Each edge
keeps the reward of the seat that chose it. The move played is the root
child with the most visits.

Budgets are iteration counts (so a seeded bot is deterministic) with a wall-clock cap per
decision; the count scales with the number of legal actions between a floor and a ceiling.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Generic, TypeVar

from core.bots.base import BotSpecError
from core.bots.heuristics import heuristics_for

if TYPE_CHECKING:
    from core.engine.protocol import Action, Ruleset

S = TypeVar("S")  # a game's state
V = TypeVar("V")  # a game's view


@dataclass(frozen=True)
class Budget:
    per_action: int  # iterations per legal action at the root ...
    floor: int  # ... but at least this many
    ceiling: int  # ... and at most this many
    ms: float  # the app's safety cap per decision (milliseconds); tournaments, the bench and
    #   reviews count iterations only, so their results do not depend on the machine's load
    depth: int  # actions of default policy below the tree before the evaluation cuts in
    exploration: float = 0.5  # UCB constant (rewards are win chances in [0, 1])
    widening: float = 0.0  # progressive widening: a node visited n times considers only its
    #   ceil(widening * sqrt(n + 1)) moves the default policy likes best (0 = all moves)
    rollout: str = "sample"  # "sample": `depth` moves sampled from the default policy;
    #   "turn": the policy's favourite moves until the current turn ends (at most `depth`)
    scale: float = 1.0  # a game whose decisions are many and cheap to get right scales every
    #   level's iteration counts alike, so the levels keep their order
    root_prior: int = 0  # > 0: greedy's one-ply value of every root move enters its edge as
    #   this many visits, and orders the root's widening (instead of the default policy), so
    #   the search refines greedy's judgement rather than rediscovering it

    def iterations(self, actions: int) -> int:
        n = max(self.floor, min(self.ceiling, self.per_action * actions))
        return max(1, round(n * self.scale))


LEVELS: dict[str, Budget] = {
    "easy": Budget(per_action=10, floor=30, ceiling=100, ms=300, depth=16, widening=1.5),
    "normal": Budget(per_action=40, floor=100, ceiling=400, ms=1000, depth=24, widening=1.5),
    "hard": Budget(per_action=120, floor=300, ceiling=1200, ms=2000, depth=24, widening=1.5),
    "expert": Budget(per_action=300, floor=800, ceiling=3000, ms=3000, depth=32, widening=1.5),
}


class Node:
    """An edge of the tree and the node it leads to (the root has no edge)."""

    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0  # summed reward of the seat that chose this edge


@dataclass
class SearchResult:
    root: Node
    iterations: int
    seconds: float

    def stats(self, legal: list[Action]) -> list[tuple[Action, int, float]]:
        """(action, visits, mean reward) for each of `legal`, most visited first."""
        out = []
        for a in legal:
            c = self.root.children.get(a)
            if c is not None and c.visits:
                out.append((a, c.visits, c.reward / c.visits))
            else:
                out.append((a, 0, 0.0))
        out.sort(key=lambda x: (-x[1], -x[2]))
        return out


def _weighted(rng: random.Random, items: list[Action], weights: list[float]) -> Action:
    total = sum(weights)
    if total <= 0:
        return items[rng.randrange(len(items))]
    x = rng.random() * total
    for item, w in zip(items, weights, strict=True):
        x -= w
        if x < 0:
            return item
    return items[-1]


def search(rules: Ruleset[S, V], view: V, legal: list[Action], rng: random.Random, budget: Budget,
           iterations: int | None = None, cap_ms: float | None = None) -> SearchResult:
    """Run SO-ISMCTS from `view` over the root moves `legal`: the budget's iterations, cut
    short after `cap_ms` milliseconds only where a cap is given (the app's safety cap)."""
    h = heuristics_for(rules)
    pending, legal_actions, clone_free = rules.pending, rules.legal_actions, rules.resolve
    evaluate, policy, turn_id = h.evaluate, h.policy, h.turn_id
    overrides = getattr(h, "budget_overrides", None)  # what suits the game's evaluation
    if overrides:
        budget = replace(budget, **overrides)
    to_turn_end = budget.rollout == "turn"
    root = Node()
    root_moves = set(legal)
    root_order: list[Action] | None = None
    if budget.root_prior > 0:
        root_order = _seed_root(rules, view, legal, rng, root, budget.root_prior)
    n_iter = budget.iterations(len(legal)) if iterations is None else iterations
    c = budget.exploration
    widen = budget.widening
    start = time.perf_counter()
    deadline = start + cap_ms / 1000.0 if cap_ms is not None else math.inf
    done = 0
    for done in range(1, n_iter + 1):  # `done` is read after the loop
        s = rules.determinize(view, rng)
        root.visits += 1
        node = root
        path: list[tuple[Node, int]] = []
        expanded = False
        while True:
            d = pending(s)
            if d is None:
                break
            moves = legal_actions(s)
            if node is root:
                moves = [a for a in moves if a in root_moves] or list(legal)
            if len(moves) == 1 and node is not root:
                clone_free(s, moves[0])  # forced: no branching, no node
                continue
            children = node.children
            if node is root and root_order is not None:
                k = math.ceil(widen * math.sqrt(node.visits + 1)) if widen else len(moves)
                here = set(moves)
                moves = [a for a in root_order if a in here][:k] or moves
            elif widen:
                k = math.ceil(widen * math.sqrt(node.visits + 1))
                if len(moves) > k:
                    w = policy(s, moves)
                    order = sorted(range(len(moves)), key=w.__getitem__, reverse=True)[:k]
                    moves = [moves[i] for i in sorted(order)]
            untried = [a for a in moves if a not in children]
            for a in moves:
                child = children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                a = untried[0] if len(untried) == 1 else _weighted(rng, untried, policy(s, untried))
                child = Node()
                children[a] = child
                expanded = True
            else:
                log = math.log
                best_v = -1.0
                a = moves[0]
                for m in moves:
                    ch = children[m]
                    v = ch.reward / ch.visits + c * math.sqrt(log(ch.avail) / ch.visits)
                    if v > best_v:
                        best_v, a = v, m
                child = children[a]
            path.append((child, d.seat))
            clone_free(s, a)
            node = child
            if expanded:
                break
        # Rollout with the default policy, then the evaluation.
        if to_turn_end:
            turn = turn_id(s)
            for _ in range(budget.depth):
                if pending(s) is None or turn_id(s) != turn:
                    break
                moves = legal_actions(s)
                w = policy(s, moves) if len(moves) > 1 else [1.0]
                clone_free(s, moves[w.index(max(w))])
        else:
            for _ in range(budget.depth):
                if pending(s) is None:
                    break
                moves = legal_actions(s)
                a = moves[0] if len(moves) == 1 else _weighted(rng, moves, policy(s, moves))
                clone_free(s, a)
        reward = evaluate(s)
        for child, seat in path:
            child.visits += 1
            child.reward += reward[seat]
        if done % 8 == 0 and time.perf_counter() > deadline:
            break
    return SearchResult(root, done, time.perf_counter() - start)


def _seed_root(rules: Ruleset[S, V], view: V, legal: list[Action], rng: random.Random, root: Node,
               prior: int) -> list[Action]:
    """Give every root move `prior` visits at greedy's value; return the moves best first."""
    from core.bots.greedy import GreedyBot

    values = GreedyBot(rules, 0).scores(view, legal, rng)
    for a, v in zip(legal, values, strict=True):
        child = Node()
        child.visits = prior
        child.reward = v * prior
        root.children[a] = child
    root.visits += prior
    order = sorted(range(len(legal)), key=values.__getitem__, reverse=True)
    return [legal[i] for i in order]


class MCTSBot(Generic[S, V]):
    def __init__(self, rules: Ruleset[S, V], seed: int, level: str = "normal",
                 budget: Budget | None = None, capped: bool = False) -> None:
        if budget is None:
            if level not in LEVELS:
                known = ", ".join(LEVELS)
                raise BotSpecError(f"unknown mcts level '{level}' (levels: {known})",
                                   "spec.unknown_level", level=level, kind="mcts", known=known)
            budget = LEVELS[level]
        self.spec = f"mcts:{level}"
        self.rules = rules
        self.budget = budget
        self.rng = random.Random(seed)
        self.cap_ms = budget.ms if capped else None  # a wall-clock cap only at the app's table
        self.last: SearchResult | None = None

    def choose(self, view: V, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        result = search(self.rules, view, legal, self.rng, self.budget, cap_ms=self.cap_ms)
        self.last = result
        return result.stats(legal)[0][0]
