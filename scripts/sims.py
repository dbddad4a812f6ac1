"""Simulations per CPU second per MCTS level, for the checkout on sys.path (a quick look beside `evo bench`): python scripts/sims.py GAME..."""
import json, random, sys, time
from core.bots.bench import positions, _decider
from core.bots.mcts import LEVELS, search
from core.games import load
n = {"easy": 4, "normal": 3, "hard": 2, "expert": 1}
for game in sys.argv[1:]:
    rules = load(game)
    pool = positions(game, 6)
    out = {}
    for level, k in n.items():
        rng = random.Random(1)
        sims = 0; cpu = 0.0
        for s in pool[:k]:
            legal = rules.legal_actions(s)
            view = rules.view(s, _decider(rules, s))
            t = time.process_time()
            r = search(rules, view, legal, rng, LEVELS[level])
            cpu += time.process_time() - t
            sims += r.iterations
        out[level] = round(sims / cpu)
    print(json.dumps({"game": game, **out}), flush=True)
