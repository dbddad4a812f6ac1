"""Every bot answers with one of the legal actions in every registered game, in any set-up;
a forced decision needs no search; progressive widening limits the moves searched; a root
seeded with greedy's values starts from greedy's choice."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from core import games
from core.bots import make_bot
from core.bots.greedy import GreedyBot
from core.bots.heuristics import heuristics_for
from core.bots.mcts import MCTSBot, search
from tests.bots.helpers import TINY, random_positions
from tests.playing import Config, all_configurations

CONFIGS = all_configurations()
POSITIONS = 8


def _bots(config: Config, seed: int) -> list:
    rules = config.rules
    return [make_bot("random", rules, seed), GreedyBot(rules, seed),
            MCTSBot(rules, seed, "tiny", budget=TINY)]


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_bots_choose_legal_actions(config: Config) -> None:
    rules = config.rules
    # every kind of decision the games met (a long first phase must not fill every sample),
    # then positions spread over the games
    pool = random_positions(rules, 25 * POSITIONS, seed=config.seats, seats=config.seats,
                            options=dict(config.options), every=1)
    first = {rules.pending(s).kind: s for s in reversed(pool)}
    positions = [*first.values(), *pool[:: len(pool) // POSITIONS]][: max(POSITIONS, len(first))]
    kinds = set()
    for i, s in enumerate(positions):
        seat = rules.pending(s).seat
        legal = rules.legal_actions(s)
        view = rules.view(s, seat)
        kinds.add(rules.pending(s).kind)
        for bot in _bots(config, i):
            action = bot.choose(view, legal)
            assert action in legal, (bot.spec, rules.format_action(action))
            rules.apply(rules.clone(s), action)  # and the rules accept it
    assert len(kinds) > 1, "the positions should cover several kinds of decision"


@pytest.mark.parametrize("game", games.ids())
def test_a_forced_decision_is_answered_without_search(game: str) -> None:
    rules = games.load(game)
    s = random_positions(rules, 1, seed=9, seats=games.get(game).seats[2])[0]
    legal = rules.legal_actions(s)[:1]
    bot = MCTSBot(rules, 0, "tiny", budget=TINY)
    assert bot.choose(rules.view(s, rules.pending(s).seat), legal) == legal[0]
    assert bot.last is None


def test_progressive_widening_limits_the_moves_searched() -> None:
    tried_games = 0
    for game in games.descriptors():
        rules = game.ruleset
        overrides = getattr(heuristics_for(rules), "budget_overrides", {})
        if "widening" in overrides or overrides.get("root_prior"):
            continue  # the game sets its own widening, or greedy's values seed every root move
        wide = [s for s in random_positions(rules, 60, seed=12, seats=game.seats[2])
                if len(rules.legal_actions(s)) >= 12]
        if not wide:
            continue
        tried_games += 1
        s = wide[0]
        legal = rules.legal_actions(s)
        view = rules.view(s, rules.pending(s).seat)
        narrow = replace(TINY, widening=1.0)
        result = search(rules, view, legal, random.Random(1), narrow, iterations=16)
        tried = [a for a, n, _ in result.stats(legal) if n]
        assert 1 <= len(tried) <= 5  # ceil(sqrt(17)) = 5
        full = search(rules, view, legal, random.Random(1), TINY, iterations=len(legal))
        assert sum(1 for _, n, _ in full.stats(legal) if n) == len(legal)
    assert tried_games, "no game searched with widening had a decision with 12 or more moves"


def test_a_root_seeded_with_greedy_s_values_starts_from_greedy_s_choice() -> None:
    """`root_prior`: before any iteration every root move holds greedy's value in as many
    sampled worlds as the prior has visits, so the search plays greedy's move until its own
    visits say otherwise."""
    for game in games.descriptors():
        rules = game.ruleset
        prior = max(3, getattr(heuristics_for(rules), "budget_overrides", {}).get("root_prior", 0))
        for s in random_positions(rules, 3, seed=21, seats=game.seats[2]):
            legal = rules.legal_actions(s)
            view = rules.view(s, rules.pending(s).seat)
            greedy = GreedyBot(rules, 0)
            greedy.samples = prior
            values = greedy.scores(view, legal, random.Random(4))
            seeded = search(rules, view, legal, random.Random(4), replace(TINY, root_prior=3),
                            iterations=0)
            (_, visits, value), *_ = seeded.stats(legal)
            assert visits == prior and value == pytest.approx(max(values))
            assert all(seeded.root.children[a].visits == prior for a in legal)
