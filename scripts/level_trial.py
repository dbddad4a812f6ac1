"""A trial of a level's rollouts (issue #26): a level's budget with sampled rollouts of DEPTH
moves, against mcts:easy as the game plays it, in a seat-rotated tournament. The game's
`budget_overrides` and easy's `level_overrides` are folded into the two trial levels, which
no level's overrides then touch:

    .venv/bin/python scripts/level_trial.py GAME DEPTH GAMES SEED [LEVEL]

(docs/bots.md, newworld: normal's budget with DEPTH 12 won 123 of 160 games, seed 3101.)
"""

from __future__ import annotations

import sys
from dataclasses import replace

from core.bots import base, mcts
from core.bots.heuristics import heuristics_for
from core.bots.stats import wilson
from core.bots.tournament import run_tournament
from core.games import load

if __name__ == "__main__":
    game, depth, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    level = sys.argv[5] if len(sys.argv) > 5 else "normal"
    rules = load(game)
    heuristics = type(heuristics_for(rules))
    lower = replace(mcts.for_game(rules, mcts.LEVELS["easy"]), level="")
    upper = replace(mcts.for_game(rules, mcts.LEVELS[level]), rollout="sample", depth=depth,
                    level="")
    heuristics.budget_overrides = {}  # type: ignore[attr-defined]  # folded in above
    mcts.LEVELS["trial_lower"], mcts.LEVELS["trial_upper"] = lower, upper
    base.BOT_LEVELS["mcts"] = (*base.BOT_LEVELS["mcts"], "trial_lower", "trial_upper")
    # the pool forks, so its workers see the two levels
    result = run_tournament(game, ["mcts:trial_upper", "mcts:trial_lower"], games, seed, jobs=2)
    wins, n = result.wins(0), len(result.finished)
    lo, hi = wilson(wins, n)
    print(f"{level} with sampled rollouts of {depth}: {wins:g} of {n} against easy "
          f"({wins / n:.1%}, {lo:.1%}–{hi:.1%}), errors {result.errors}")
