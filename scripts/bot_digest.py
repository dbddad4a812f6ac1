"""A digest of bot decisions per game: the moves greedy and MCTS choose over the bench positions
(with every root child's visits and reward), and a whole review's findings, hashed, so a speed-up
can show that the bots and the review decide exactly as before.

    .venv/bin/python scripts/bot_digest.py [--review-default] GAME...

`--review-default` reviews with the review's default settings (what `review_cost` measures,
a minute or more); otherwise with small ones (seconds).
"""

from __future__ import annotations

import hashlib
import random
import sys
import time

import msgspec

from core import games
from core.bots.bench import _decider, positions
from core.bots.greedy import GreedyBot
from core.bots.mcts import LEVELS, search


def decisions(game: str, h: hashlib._Hash) -> None:
    rules = games.load(game)
    pool = positions(game, 10)
    greedy = GreedyBot(rules, 1)
    for k, s in enumerate(pool):
        legal = rules.legal_actions(s)
        view = rules.view(s, _decider(rules, s))
        h.update(rules.format_action(greedy.choose(view, legal)).encode())
        for level in ("easy", "normal", "hard") if k < 3 else ("easy", "normal"):
            r = search(rules, view, legal, random.Random(k), LEVELS[level])
            for a, visits, mean in r.stats(legal):
                h.update(f"{rules.format_action(a)}:{visits}:{mean!r};".encode())


def review(game: str, h: hashlib._Hash, default: bool) -> None:
    from core.bots.base import make_bot
    from core.engine.journal import Seat
    from core.engine.session import GameSession
    from core.review.analysis import Settings
    from core.review.report import review_seats

    seats = [Seat(name=f"Bot {i + 1}", kind="bot", bot="greedy") for i in range(2)]
    session = GameSession.new(game, seats=seats, seed=1, path=None, durable=False)
    bots = [make_bot("greedy", session.rules, 1 + i) for i in range(2)]
    while (decision := session.pending()) is not None:
        session.act(bots[decision.seat].choose(session.view(decision.seat),
                                               session.legal_actions()))
    settings = Settings() if default else Settings(screen=16, worlds=8, max_worlds=16, sight=2)
    for r, _ in review_seats(session, [0, 1], settings, use_cache=False):
        h.update(msgspec.json.encode(r))


if __name__ == "__main__":
    args = sys.argv[1:]
    default = "--review-default" in args
    for game in [a for a in args if not a.startswith("--")]:
        h = hashlib.sha256()
        t0 = time.process_time()
        decisions(game, h)
        t1 = time.process_time()
        d1 = h.hexdigest()[:16]
        review(game, h, default)
        t2 = time.process_time()
        print(game, "decisions", d1, "with review", h.hexdigest()[:16],
              f"(cpu s: decisions {t1 - t0:.1f}, review {t2 - t1:.1f})", flush=True)
