"""A trial of a level's rollouts (issue #26), before the levels can differ in them: a level's
budget with sampled rollouts of DEPTH moves, against mcts:easy as the game plays it now, in a
seat-rotated tournament. A game's `budget_overrides` hold for every level, so for the run they
are folded into the two trial levels instead:

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
    heuristics = type(heuristics_for(load(game)))
    overrides = dict(getattr(heuristics, "budget_overrides", None) or {})
    heuristics.budget_overrides = {}  # type: ignore[attr-defined]  # folded in below
    mcts.LEVELS["trial_lower"] = replace(mcts.LEVELS["easy"], **overrides)
    mcts.LEVELS["trial_upper"] = replace(mcts.LEVELS[level],
                                         **{**overrides, "rollout": "sample", "depth": depth})
    base.BOT_LEVELS["mcts"] = (*base.BOT_LEVELS["mcts"], "trial_lower", "trial_upper")
    # the pool forks, so its workers see the two levels
    result = run_tournament(game, ["mcts:trial_upper", "mcts:trial_lower"], games, seed, jobs=2)
    wins, n = result.wins(0), len(result.finished)
    lo, hi = wilson(wins, n)
    print(f"{level} with sampled rollouts of {depth}: {wins:g} of {n} against easy "
          f"({wins / n:.1%}, {lo:.1%}–{hi:.1%}), errors {result.errors}")
