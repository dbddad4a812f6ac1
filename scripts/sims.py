"""Simulations per CPU second per MCTS level over the bench positions, for the checkout on
sys.path (a quick look beside `evo bench`; CPU time, so a busy machine disturbs it less):

    .venv/bin/python scripts/sims.py GAME...
"""

from __future__ import annotations

import json
import random
import sys
import time

from core.bots.bench import _decider, positions
from core.bots.mcts import LEVELS, search
from core.games import load

POSITIONS = {"easy": 4, "normal": 3, "hard": 2, "expert": 1}

if __name__ == "__main__":
    for game in sys.argv[1:]:
        rules = load(game)
        pool = positions(game, max(POSITIONS.values()))
        out: dict[str, object] = {"game": game}
        for level, k in POSITIONS.items():
            rng = random.Random(1)
            sims, cpu = 0, 0.0
            for s in pool[:k]:
                legal = rules.legal_actions(s)
                view = rules.view(s, _decider(rules, s))
                began = time.process_time()
                sims += search(rules, view, legal, rng, LEVELS[level]).iterations
                cpu += time.process_time() - began
            out[level] = round(sims / cpu)
        print(json.dumps(out), flush=True)
