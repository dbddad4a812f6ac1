"""`greedy`: one-ply look-ahead with the game's evaluation.

For each candidate action the bot samples a few full states consistent with its view
(`rules.determinize`), applies the candidate, finishes the rest of its own turn with the
default policy's favourite moves (so that a choice like "activate this creature" is judged by
what the creature then does), and evaluates the position the opponent faces. The candidate
with the best mean value wins; ties are broken by the bot's seeded generator, so the bot is
deterministic for a given seed.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Generic, TypeVar

from core.bots.heuristics import heuristics_for
from core.engine.rules_base import Quick, quick

if TYPE_CHECKING:
    from core.engine.protocol import Action, Ruleset

S = TypeVar("S")  # a game's state
V = TypeVar("V")  # a game's view

SAMPLES = 2  # determinizations per decision; the same ones judge every candidate
COMPLETION_LIMIT = 12  # own follow-up decisions played by the default policy at most


def best_index(weights: list[float]) -> int:
    """The first index of the largest weight (a deterministic argmax)."""
    best = 0
    for i in range(1, len(weights)):
        if weights[i] > weights[best]:
            best = i
    return best


class GreedyBot(Generic[S, V]):
    def __init__(self, rules: Ruleset[S, V], seed: int, level: str = "") -> None:
        self.spec = "greedy"
        self.rules = rules
        self.h = heuristics_for(rules)
        self.rng = random.Random(seed)
        self.samples = SAMPLES

    def choose(self, view: V, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(view, legal)
        top = max(scores)
        best = [a for a, v in zip(legal, scores, strict=True) if v >= top - 1e-12]
        return best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]

    def scores(self, view: V, legal: list[Action], rng: random.Random | None = None) -> list[float]:
        """Mean value of each candidate for the deciding seat over worlds sampled with `rng`
        (the bot's own generator unless another search lends its own)."""
        rules, h = self.rules, self.h
        rng = rng or self.rng
        worlds = [rules.determinize(view, rng) for _ in range(self.samples)]
        decision = rules.pending(worlds[0])
        seat = decision.seat if decision is not None else 0
        q = quick(rules)  # this call's own: its transaction is not shared between threads
        out = []
        for action in legal:
            total = 0.0
            for world in worlds:
                s = rules.clone(world)
                turn = h.turn_id(s)
                q.play(s, action)
                self._complete_turn(s, seat, turn, q)
                total += h.evaluate(s)[seat]
            out.append(total / len(worlds))
        return out

    def _complete_turn(self, s: S, seat: int, turn: object, q: Quick) -> None:
        rules, h = self.rules, self.h
        for _ in range(COMPLETION_LIMIT):
            d = rules.pending(s)
            if d is None or d.seat != seat or h.turn_id(s) != turn:
                return
            legal = q.moves(s)
            action = legal[0] if len(legal) == 1 else legal[best_index(h.policy(s, legal))]
            q.play(s, action)
