"""Instructions a simulation of MCTS searches over the bench positions, counted by valgrind
(callgrind): a figure the machine's load does not move, for before/after comparisons
(docs/bots.md, "side by side again"):

    .venv/bin/python scripts/search_instructions.py GAME [LEVEL] [ITERATIONS]

It runs itself twice under callgrind in the checkout it is started from (older ones too): once
searching 3 bench positions for ITERATIONS (100) iterations each at LEVEL (normal), the time
cap lifted, and once only setting them up; the difference over the simulations made is the
figure. Needs `valgrind` (apt-get install valgrind).
"""

from __future__ import annotations

import dataclasses
import random
import re
import subprocess
import sys


def _inner(game: str, level: str, iterations: int, search_too: bool) -> int:
    from core.bots.bench import positions
    from core.bots.mcts import LEVELS, search
    from core.games import load

    rules = load(game)
    budget = dataclasses.replace(LEVELS[level], ms=10**9)  # iterations only, on every version
    worlds = []
    for s in positions(game, 3):
        d = rules.pending(s)
        worlds.append((rules.view(s, d.seat), rules.legal_actions(s)))
    if not search_too:
        return 0
    rng = random.Random(1)
    return sum(search(rules, v, legal, rng, budget, iterations=iterations).iterations
               for v, legal in worlds)


def _counted(args: list[str]) -> tuple[int, int]:
    """(instructions, simulations) of one run of this script under callgrind."""
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, __file__, "--inner", *args],
                         capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    sims = re.search(r"^simulations (\d+)$", out.stdout, re.M)
    if found is None or sims is None:
        raise SystemExit(f"no count in valgrind's output:\n{out.stderr[-2000:]}")
    return int(found.group(1)), int(sims.group(1))


def main(argv: list[str]) -> None:
    if argv and argv[0] == "--inner":
        game, level, iterations, mode = argv[1:5]
        print("simulations", _inner(game, level, int(iterations), mode == "search"))
        return
    if not argv:
        raise SystemExit(__doc__)
    game = argv[0]
    level = argv[1] if len(argv) > 1 else "normal"
    iterations = argv[2] if len(argv) > 2 else "100"
    searched, sims = _counted([game, level, iterations, "search"])
    setup, _ = _counted([game, level, iterations, "setup"])
    print(f"{game} {level}: {sims} simulations, {(searched - setup) / sims / 1e6:.3f} M "
          f"instructions a simulation ({searched - setup:,} in all)")


if __name__ == "__main__":
    main(sys.argv[1:])
