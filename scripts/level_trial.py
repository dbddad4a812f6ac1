"""A trial of a level's settings (issue #26): level UPPER as the game plays it, with some fields
of its budget changed, against level LOWER as the game plays it, in a seat-rotated tournament:

    .venv/bin/python scripts/level_trial.py GAME UPPER LOWER GAMES SEED [FIELD=VALUE ...]

LOWER may also be a bot of another kind (`greedy`), played as it is.

e.g. `scripts/level_trial.py newworld hard normal 100 2802 exploration=0.2`. The game's
overrides (`budget_overrides`, the levels' `level_overrides`) are folded into the two trial
budgets, which no overrides then touch. Figures: docs/bots.md (newworld's ladder).
"""

from __future__ import annotations

import sys
from dataclasses import fields, replace
from typing import Any

from core.bots import base, mcts
from core.bots.heuristics import heuristics_for
from core.bots.ladder import Step
from core.bots.tournament import run_tournament
from core.games import load


def changes(pairs: list[str]) -> dict[str, Any]:
    """FIELD=VALUE pairs as a budget's fields, each of the field's type."""
    kinds = {f.name: f.type for f in fields(mcts.Budget)}
    out: dict[str, Any] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        kind = kinds.get(name)
        if kind is None:
            sys.exit(f"no budget field {name!r} (fields: {', '.join(kinds)})")
        out[name] = value if kind == "str" else float(value) if kind == "float" else int(value)
    return out


if __name__ == "__main__":
    game, upper, lower = sys.argv[1:4]
    for level in (upper, lower):
        if level not in mcts.LEVELS and (level == upper or level not in base.BOT_KINDS):
            sys.exit(f"no level {level!r} (levels: {', '.join(mcts.LEVELS)}; "
                     f"LOWER may be a bot: {', '.join(base.BOT_KINDS)})")
    games, seed = int(sys.argv[4]), int(sys.argv[5])
    changed = changes(sys.argv[6:])
    rules = load(game)
    trial_upper = replace(mcts.for_game(rules, mcts.LEVELS[upper]), level="", **changed)
    mcts.LEVELS["trial_upper"] = trial_upper
    lower_spec = lower  # a bot of another kind (greedy) as it is
    if lower in mcts.LEVELS:
        mcts.LEVELS["trial_lower"] = replace(mcts.for_game(rules, mcts.LEVELS[lower]), level="")
        lower_spec = "mcts:trial_lower"
    type(heuristics_for(rules)).budget_overrides = {}  # type: ignore[attr-defined]  # folded in
    base.BOT_LEVELS["mcts"] = (*base.BOT_LEVELS["mcts"], "trial_lower", "trial_upper")
    # the pool forks, so its workers see the two levels
    result = run_tournament(game, ["mcts:trial_upper", lower_spec], games, seed, jobs=2)
    step = Step(upper, lower, result)
    lo, hi = step.ci95
    print(f"{upper} {changed or ''} against {lower}: {step.wins:g} of {step.games} "
          f"({step.rate:.1%}, {lo:.1%}–{hi:.1%}, {step.verdict()}), errors {result.errors}, "
          f"{result.seconds:.0f} s, ms a move {result.ms_per_decision(0):.1f} / "
          f"{result.ms_per_decision(1):.1f}")
