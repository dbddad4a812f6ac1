"""`mcts`: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Each iteration samples a full state from the bot's own view (`rules.determinize`), then walks
one shared tree keyed by action sequences. The legal actions differ between samples (the
opponents' sampled hands, the cards that chance deals), so UCB uses *availability counts*: a
child's exploration term counts the iterations in which it was legal, not the parent's visits
(Cowling, Powley & Whitehouse 2012). Decisions with a single legal action get no node.

Below the tree, a rollout follows the game's fast default policy (weighted sampling) for a
few dozen actions and is then cut short by the game's evaluation; a finished game scores
exactly. A game may override parts of the budget (`budget_overrides` of its heuristics), e.g.
rollouts that only finish the current turn with the policy's favourite moves, and parts of one
level's budget (`level_overrides`), so that its levels differ in what they do. Each edge
keeps the reward of the seat that chose it. The move played is the root
child with the most visits.

Budgets are iteration counts (so a seeded bot is deterministic) with a wall-clock cap per
decision; the count scales with the number of legal actions between a floor and a ceiling.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Generic, TypeVar

from core.bots.base import BotSpecError
from core.bots.heuristics import heuristics_for
from core.engine.rules_base import quick

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
    root_prior: int = 0  # > 0: greedy's one-ply value of every root move in this many sampled
    #   worlds enters its edge as that many visits, and orders the root's widening (instead of
    #   the default policy), so the search refines greedy's judgement rather than rediscovering
    #   it; a game's `budget_overrides` may ask for at least some prior at every level
    worlds: int = 0  # > 0: the search samples this many worlds and cycles through copies of
    #   them (a copy costs a fraction of a sample); 0: a fresh world every iteration
    level: str = ""  # the level this budget is, whose `level_overrides` of a game apply
    root: str = "ucb"  # how the root shares the iterations among its moves: "ucb" as every
    #   node; "halving": sequential halving, every move alike, then the better half, … (below)

    def iterations(self, actions: int) -> int:
        return max(1, self.floor, min(self.ceiling, self.per_action * actions))


LEVELS: dict[str, Budget] = {
    "easy": Budget(per_action=10, floor=30, ceiling=100, ms=300, depth=16, widening=1.5, worlds=16,
                   level="easy"),
    "normal": Budget(per_action=40, floor=100, ceiling=400, ms=1000, depth=24, widening=1.5,
                     worlds=32, level="normal"),
    "hard": Budget(per_action=120, floor=300, ceiling=1200, ms=2000, depth=24, widening=1.5,
                   worlds=64, root_prior=4, level="hard"),
    "expert": Budget(per_action=300, floor=800, ceiling=3000, ms=3000, depth=32, widening=1.5,
                     worlds=128, root_prior=8, level="expert"),
}


def for_game(rules: Ruleset[S, V], budget: Budget) -> Budget:
    """`budget` as the game plays it: its `budget_overrides` (which may ask for at least some
    root prior at every level), then those of the budget's level in its `level_overrides`."""
    h = heuristics_for(rules)
    overrides = getattr(h, "budget_overrides", None)
    if overrides:
        prior = max(budget.root_prior, overrides.get("root_prior", 0))
        budget = replace(budget, **{**overrides, "root_prior": prior})
    own = (getattr(h, "level_overrides", None) or {}).get(budget.level)
    return replace(budget, **own) if own else budget


class Node:
    """An edge of the tree and the node it leads to (the root has no edge)."""

    __slots__ = ("avail", "children", "order", "ranked", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0  # summed reward of the seat that chose this edge
        self.order: list[Action] | None = None  # the moves best first, once widening ranks them
        self.ranked: set[Action] = set()  # ... as a set


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
    """An item drawn with probability proportional to its weight (uniform if none has any)."""
    # bisect_right over the running sums, as a compiled loop (the same sums, added in the same
    # order): no list of sums, no calls through the modules' dicts
    total = 0.0
    for w in weights:
        total += w
    if total <= 0:
        return items[rng.randrange(len(items))]
    x = rng.random() * total
    acc = 0.0
    for i, w in enumerate(weights):
        acc += w
        if acc > x:
            return items[i]
    return items[-1]


class _Search(Generic[S, V]):
    """One search's tree and the calls it makes, so that an iteration is three method calls:
    `descend` (selection and expansion in a sampled world), `rollout`, and the backup."""

    def __init__(self, rules: Ruleset[S, V], view: V, legal: list[Action], rng: random.Random,
                 budget: Budget) -> None:
        h = heuristics_for(rules)
        # The moves and the resolution without the legal-actions cache and the events, which
        # nobody reads inside a search (the same moves and states: `Quick`).
        self.seat, self.legal_actions, self.resolve = quick(rules)
        self.evaluate, self.policy, self.turn_id = h.evaluate, h.policy, h.turn_id
        self.rng, self.budget, self.legal = rng, budget, legal
        self.root = Node()
        if budget.root_prior > 0:
            self.root.order = _seed_root(rules, view, legal, rng, self.root, budget.root_prior)
            self.root.ranked = set(legal)

    def widen(self, node: Node, s: S, moves: list[Action]) -> list[Action]:
        """The moves a node visited `node.visits` times considers: the default policy's
        favourites, ranked once per node (in the first world that needs it; moves that other
        worlds bring are ranked after them), not again at every visit."""
        k = math.ceil(self.budget.widening * math.sqrt(node.visits + 1))
        if len(moves) <= k:
            return moves
        order = node.order
        if order is not None and moves is self.legal:  # the root: the same moves every time
            return order[:k]
        here = set(moves)
        if order is None or not here.issubset(node.ranked):
            new = moves if order is None else [a for a in moves if a not in node.ranked]
            w = self.policy(s, new)
            ranked = [new[i] for i in sorted(range(len(new)), key=w.__getitem__, reverse=True)]
            node.order = order = ranked if order is None else order + ranked
            node.ranked = set(order)
        out = []
        for a in order:  # the first k of `order` here (not the whole order filtered)
            if a in here:
                out.append(a)
                if len(out) == k:
                    break
        return out

    def descend(self, s: S, first: Action | None = None) -> list[tuple[Node, int]]:
        """Walk the tree by UCB over availability counts in the sampled world `s` (changing
        it), expand one node; the edges taken and the seats that chose them. `first`: the
        root's move, chosen by the caller (sequential halving)."""
        seat_of, legal_actions, resolve = self.seat, self.legal_actions, self.resolve
        c, widening, log, sqrt = self.budget.exploration, self.budget.widening, math.log, math.sqrt
        node = self.root
        node.visits += 1
        path: list[tuple[Node, int]] = []
        # The root's moves are the seat's own, the same in every world (contract 6); with
        # `first`, the one move the root considers this time.
        at_root = self.legal if first is None else [first]
        while (seat := seat_of(s)) >= 0:
            moves = at_root if node is self.root else legal_actions(s)
            if len(moves) == 1 and node is not self.root:
                resolve(s, moves[0])  # forced: no branching, no node
                continue
            if widening:
                moves = self.widen(node, s, moves)
            # One pass: every child here was available once more; UCB picks among them unless
            # a move is untried (then the values are not needed and no longer computed).
            children = node.children
            untried = []
            a, best = moves[0], -1.0
            for m in moves:
                ch = children.get(m)
                if ch is None:
                    untried.append(m)
                    continue
                avail = ch.avail = ch.avail + 1
                if not untried:
                    v = ch.reward / ch.visits + c * sqrt(log(avail) / ch.visits)
                    if v > best:
                        best, a = v, m
            if untried:
                if len(untried) == 1 or node.order is not None:
                    a = untried[0]  # widened: the best-ranked move not yet tried
                else:
                    a = _weighted(self.rng, untried, self.policy(s, untried))
                children[a] = child = Node()
                path.append((child, seat))
                resolve(s, a)
                return path
            node = children[a]
            path.append((node, seat))
            resolve(s, a)
        return path

    def backup(self, path: list[tuple[Node, int]], reward: list[float]) -> None:
        """Each edge taken adds the reward of the seat that chose it."""
        for child, seat in path:
            child.visits += 1
            child.reward += reward[seat]

    def rollout(self, s: S) -> None:
        """The default policy below the tree, until the evaluation takes over: `depth` sampled
        moves, or the policy's favourites until the current turn ends."""
        seat_of, legal_actions, resolve, policy = self.seat, self.legal_actions, self.resolve, self.policy
        if self.budget.rollout == "turn":
            turn = self.turn_id(s)
            for _ in range(self.budget.depth):
                if seat_of(s) < 0 or self.turn_id(s) != turn:
                    return
                moves = legal_actions(s)
                if len(moves) == 1:
                    resolve(s, moves[0])
                else:
                    w = policy(s, moves)
                    resolve(s, moves[w.index(max(w))])
            return
        rng = self.rng
        for _ in range(self.budget.depth):
            if seat_of(s) < 0:  # the game is over
                return
            moves = legal_actions(s)
            resolve(s, moves[0] if len(moves) == 1 else _weighted(rng, moves, policy(s, moves)))


def search(rules: Ruleset[S, V], view: V, legal: list[Action], rng: random.Random, budget: Budget,
           iterations: int | None = None, cap_ms: float | None = None) -> SearchResult:
    """Run SO-ISMCTS from `view` over the root moves `legal`: the budget's iterations, cut
    short after `cap_ms` milliseconds only where a cap is given (the app's safety cap)."""
    budget = for_game(rules, budget)
    tree = _Search(rules, view, legal, rng, budget)
    determinize, clone, descend, rollout, evaluate, backup = (
        rules.determinize, rules.clone, tree.descend, tree.rollout, tree.evaluate, tree.backup)
    n_iter = budget.iterations(len(legal)) if iterations is None else iterations
    firsts = _halving(tree.root, legal, n_iter) if budget.root == "halving" else None
    worlds: list[S] = []
    start = time.perf_counter()
    deadline = start + cap_ms / 1000.0 if cap_ms is not None else math.inf
    done = 0
    for done in range(1, n_iter + 1):  # `done` is read after the loop
        if not budget.worlds:
            s = determinize(view, rng)
        elif len(worlds) < budget.worlds:
            worlds.append(determinize(view, rng))
            s = clone(worlds[-1])
        else:
            s = clone(worlds[done % budget.worlds])
        path = descend(s) if firsts is None else descend(s, next(firsts))
        rollout(s)
        backup(path, evaluate(s))
        if done % 8 == 0 and time.perf_counter() > deadline:
            break
    return SearchResult(tree.root, done, time.perf_counter() - start)


def _halving(root: Node, legal: list[Action], n: int) -> Iterator[Action]:
    """The root's move for each of `n` iterations by sequential halving (Karnin, Koren &
    Somekh 2013): the iterations are split among ceil(log2(moves)) rounds; in each, every move
    still in gets the same share, then the better half by mean reward stays. UCB spreads the
    visits over moves whose values differ by less than a rollout's noise, so the most visited
    is nearly a draw among the good ones; halving spends the later rounds on the few best and
    compares them on many rollouts each. Iterations left over go to the last one in."""
    alive = list(legal)
    rounds = max(1, math.ceil(math.log2(len(alive))))
    left = n
    for r in range(rounds):
        share = max(1, left // (rounds - r) // len(alive))
        for _ in range(share):
            yield from alive
        left -= share * len(alive)
        kids = root.children
        alive.sort(key=lambda a: kids[a].reward / kids[a].visits, reverse=True)
        del alive[max(1, (len(alive) + 1) // 2):]
    while True:
        yield alive[0]


def _seed_root(rules: Ruleset[S, V], view: V, legal: list[Action], rng: random.Random, root: Node,
               prior: int) -> list[Action]:
    """Give every root move `prior` visits at greedy's value in `prior` sampled worlds; return
    the moves best first."""
    from core.bots.greedy import GreedyBot

    greedy = GreedyBot(rules, 0)
    greedy.samples = prior
    values = greedy.scores(view, legal, rng)
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
