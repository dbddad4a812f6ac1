"""How far the review can be trusted (issue #25), measured rather than assumed: `evo bench --review`.

- **Planted blunders**: in positions of bot games, every legal move is measured by an *oracle* —
  the review's own measurement with four times the worlds and another seed — and the worst move
  that loses 15 points or more against the best (its interval clear of 10), there and again on
  fresh worlds, is planted as the move played. The share the review calls an inaccuracy or
  worse should be 95 % or more.
- **A strong bot's moves**: the moves `mcts:hard` chooses, judged; the share called a mistake or
  a blunder should be 5 % or less.
- **Calibration**: each called loss measured again on fresh worlds, eight times as many; the
  share of fresh means inside the stated interval should be near 93.5 % (the fresh mean's own
  spread takes 1.5 points off 95 %: `EXPECTED_INSIDE`).
- **Cost**: a whole 2-player game of greedy bots reviewed for both players, as `evo review` does
  it (key moments' replies included), in CPU seconds of one process: the goal is 60 or less.

The oracle shares the review's evaluation (the default policy and the game's `evaluate`), so
these figures check the search that screens, the paired statistics and the thresholds — not
whether the evaluation itself judges the game well; that is what the bots' ladder measures.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import msgspec

from core.bots.mcts import MCTSBot
from core.review.analysis import Moment, Reviewer, Settings
from core.review.paired import Z95, estimate, paired

if TYPE_CHECKING:
    from core.engine.protocol import Action, AnyRuleset

PLANT_LOSS = 15.0  # points: a planted move loses at least this much by the oracle ...
PLANT_LOW = 10.0  # ... with the interval's lower bound at least this
MAX_LEGAL = 12  # the oracle measures every legal move: positions with more are skipped


def _positions(rules: AnyRuleset, count: int, seed: int) -> list[object]:
    """Decision states of greedy self-play (the bots' bench positions) the oracle can measure
    whole: at most MAX_LEGAL legal moves."""
    from core.bots.bench import positions

    pool = positions(rules.game_id, 4 * count, seed)
    return [s for s in pool if len(rules.legal_actions(s)) <= MAX_LEGAL][:count]


def review_figures(game_id: str, positions: int = 20, seed: int = 1) -> dict[str, object]:
    """Planted blunders found, a strong bot's moves called mistakes, and calibration."""
    from core import games

    rules = games.load(game_id)
    cfg = Settings(seed=seed)
    oracle_cfg = msgspec.structs.replace(cfg, seed=seed + 7919, worlds=4 * cfg.worlds)
    planted = found = flattered = 0
    hard_judged = hard_called = 0
    inside = remeasured = 0
    for k, s in enumerate(_positions(rules, positions, seed)):
        decision = rules.pending(s)
        assert decision is not None  # _positions keeps only states with a decision
        seat = decision.seat
        legal = rules.legal_actions(s)
        view = rules.view(s, seat)
        oracle = Reviewer(rules, seat, oracle_cfg)
        values = oracle.measure(view, legal, k, oracle_cfg.worlds)
        best = max(range(len(legal)), key=lambda i: estimate(values[i]).mean)
        worst = min(range(len(legal)), key=lambda i: estimate(values[i]).mean)
        reviewer = Reviewer(rules, seat, cfg)
        planting = _planting(oracle, view, legal[best], legal[worst], values[best], values[worst], k)
        flattered += planting == "flattered"
        if planting == "planted":
            planted += 1
            m = reviewer.judge(s, legal, legal[worst], k, k)
            found += m.verdict in ("inaccuracy", "mistake", "blunder")
            if m.verdict and m.verdict != "unclear" and m.loss is not None:
                remeasured += 1
                inside += _inside(rules, reviewer, view, m, oracle_cfg, k)
        move = MCTSBot(rules, seed + k, "hard").choose(view, legal)
        m = reviewer.judge(s, legal, move, 10_000 + k, k)
        hard_judged += 1
        hard_called += m.verdict in ("mistake", "blunder")
    return {"game": game_id, "positions": positions,
            "planted": planted, "planted_found": found, "plant_flattered": flattered,
            "planted_found_share": round(found / planted, 3) if planted else None,
            "hard_moves": hard_judged, "hard_called_mistakes": hard_called,
            "hard_mistake_share": round(hard_called / hard_judged, 3) if hard_judged else None,
            "calibration_checked": remeasured, "calibration_inside": inside,
            "calibration_share": round(inside / remeasured, 3) if remeasured else None,
            "calibration_expected": round(EXPECTED_INSIDE, 3)}


def _planting(oracle: Reviewer, view: object, best: Action, worst: Action, best_values: list[float],
              worst_values: list[float], k: int) -> str:
    """Whether the worst move is a known blunder: "planted" when its loss to the best clears
    PLANT_LOSS (and its interval PLANT_LOW) on the worlds that chose the pair and again on as
    many fresh ones; "flattered" when only on the first (the highest and lowest of a dozen
    means flatter their difference: the first measure alone planted moves losing less than a
    blunder); "" when not even there."""
    said = ""
    for values in ((best_values, worst_values),
                   oracle.measure(view, [best, worst], 30_000 + k, len(best_values), "plant")):
        loss = paired(*values)
        if not (loss.mean >= PLANT_LOSS and loss.low >= PLANT_LOW):
            return said
        said = "flattered"
    return "planted"


COST_GOAL_S = 60.0  # CPU seconds for a whole 2-player game, every player, on one core


def review_cost(game_id: str, seed: int = 1, settings: Settings | None = None) -> dict[str, object]:
    """CPU seconds (this process only: the machine may be busy) to review both players of a
    whole 2-player game between greedy bots, told as `evo review` tells it (`settings`: the
    review's defaults unless a test asks for less)."""
    import time

    from core.bots.base import make_bot
    from core.engine.journal import Seat
    from core.engine.session import GameSession
    from core.review.report import review_seats, tell_all

    seats = [Seat(name=f"Bot {i + 1}", kind="bot", bot="greedy") for i in range(2)]
    session = GameSession.new(game_id, seats=seats, seed=seed, path=None, durable=False)
    bots = [make_bot("greedy", session.rules, seed + i) for i in range(2)]
    while (decision := session.pending()) is not None:
        session.act(bots[decision.seat].choose(session.view(decision.seat), session.legal_actions()))
    start = time.process_time()
    reviews = [r for r, _ in review_seats(session, [0, 1], settings or Settings(), use_cache=False)]
    tell_all(session, reviews, "en", ["Bot 1", "Bot 2"])
    spent = time.process_time() - start
    return {"cost_moves": len(session.moves_on_line()),
            "cost_decisions_measured": sum(len(r.judged()) for r in reviews),
            "cost_finished": session.outcome() is not None,
            "cost_cpu_s": round(spent, 1), "cost_goal_s": COST_GOAL_S}


FRESH = 8  # a called loss is measured again on this many times its worlds, fresh ones
# The share of fresh means inside a right 95 % interval: the fresh mean has its own spread, an
# eighth of the variance, so |fresh − said| stays within 1.96 said half-widths less often than 95 %
EXPECTED_INSIDE = math.erf(Z95 / math.sqrt(1 + 1 / FRESH) / math.sqrt(2))


def _inside(rules: AnyRuleset, reviewer: Reviewer, view: object, m: Moment, fresh: Settings,
            k: int) -> bool:
    """Whether a fresh measurement of the called loss, on FRESH times its worlds, falls inside
    its interval."""
    played, better = rules.parse_action(m.played), rules.parse_action(m.better)
    again = Reviewer(rules, reviewer.seat, fresh).measure(view, [played, better], 20_000 + k,
                                                          FRESH * m.worlds)
    new = paired(again[1], again[0])
    assert m.loss is not None, "a called move has its loss"
    return m.loss.low <= new.mean <= m.loss.high
