"""Bot figures for `evo bench`: greedy decisions per second, MCTS simulations per decision and
per second.

The positions are taken from seeded 2-seat greedy self-play of the game (every few decisions with
more than one legal action), so the figures are comparable from run to run; only the
timings vary with the machine. Simulations per second are counted in CPU time (the process's,
not the wall clock's), which other work on a shared machine disturbs far less.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Any

from core import native
from core.bots.greedy import GreedyBot
from core.bots.mcts import LEVELS, search
from core.bots.texts import text

if TYPE_CHECKING:
    from core.engine.protocol import AnyRuleset


def positions(game_id: str, count: int, seed: int = 1, every: int = 5) -> list[object]:
    """Up to `count` decision states (with ≥2 legal actions) from greedy self-play."""
    from core.engine.bench import bench_seats
    from core.games import load

    rules = load(game_id)
    seats = bench_seats(game_id)
    out: list[object] = []
    game = 0
    while len(out) < count:
        state = None
        for event in rules.setup({}, seed * 1000 + game, seats):
            state = rules.evolve(state, event)
        bots = [GreedyBot(rules, seed + game + k) for k in range(seats)]
        k = 0
        while (d := rules.pending(state)) is not None and len(out) < count:
            legal = rules.legal_actions(state)
            if len(legal) > 1:
                k += 1
                if k % every == 0:
                    out.append(rules.clone(state))
            rules.apply(state, bots[d.seat].choose(rules.view(state, d.seat), legal))
        game += 1
    return out


def _decider(rules: AnyRuleset, s: object) -> int:
    d = rules.pending(s)
    assert d is not None  # `positions` holds decision states only
    return d.seat


def bot_figures(game_id: str, quick: bool = False) -> dict[str, Any]:
    """Greedy decisions/s and, per MCTS level, simulations and milliseconds per decision.

    `quick` measures fewer positions (seconds instead of a minute or two)."""
    from core.games import load

    rules = load(game_id)
    greedy_n = 30 if quick else 200
    mcts_n = {"easy": 3, "normal": 2, "hard": 1, "expert": 1} if quick else {
        "easy": 20, "normal": 12, "hard": 8, "expert": 5}
    pool = positions(game_id, max(greedy_n, *mcts_n.values()))
    figures: dict[str, Any] = {"game": game_id, "quick": quick, "native": native.KIND}

    bot = GreedyBot(rules, seed=1)
    start = time.perf_counter()
    for s in pool[:greedy_n]:
        bot.choose(rules.view(s, _decider(rules, s)), rules.legal_actions(s))
    elapsed = time.perf_counter() - start
    figures["greedy"] = {"positions": greedy_n,
                         "decisions_per_s": round(greedy_n / elapsed, 1),
                         "ms_per_decision": round(1000 * elapsed / greedy_n, 2)}

    mcts: dict[str, Any] = {}
    rng = random.Random(1)
    for level, n in mcts_n.items():
        budget = LEVELS[level]
        sims, times, cpu = [], [], 0.0
        for s in pool[:n]:
            legal = rules.legal_actions(s)
            view = rules.view(s, _decider(rules, s))
            began = time.process_time()
            result = search(rules, view, legal, rng, budget)
            cpu += time.process_time() - began
            sims.append(result.iterations)
            times.append(result.seconds)
        mcts[level] = {
            "positions": n,
            "simulations_per_decision": round(sum(sims) / n, 1),
            "ms_per_decision": round(1000 * sum(times) / n, 1),
            "max_ms": round(1000 * max(times), 1),
            "simulations_per_s": round(sum(sims) / max(cpu, 1e-6), 1),
            "budget": {"iterations": [budget.floor, budget.ceiling], "ms": budget.ms},
        }
    figures["mcts"] = mcts
    return figures


def format_figures(figures: dict[str, Any], lang: str) -> str:
    """The bot figures as indented lines for `evo bench`, in Russian or English."""
    greedy = figures["greedy"]
    lines = [f"  {text('bench.native_' + figures['native'], lang)}",
             f"  {text('bench.greedy', lang)}: {greedy['decisions_per_s']:,.1f} "
             f"({greedy['ms_per_decision']} ms)"]
    for level, m in figures["mcts"].items():
        lines.append("  " + text("bench.mcts", lang, level=level, sims=m["simulations_per_decision"],
                                 ms=m["ms_per_decision"], rate=f"{m['simulations_per_s']:,.0f}"))
    return "\n".join(lines)
