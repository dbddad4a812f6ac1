"""Bot specs and the registry."""

from __future__ import annotations

import pytest

from core import games
from core.bots import Bot, BotSpecError, make_bot
from core.bots.base import BOT_KINDS, check_spec, specs
from core.bots.greedy import GreedyBot
from core.bots.mcts import LEVELS, MCTSBot

RULES = games.load(games.ids()[0])  # any game: the registry of bots knows none


def test_every_listed_spec_makes_a_bot() -> None:
    for spec in specs():
        bot: Bot = make_bot(spec, RULES, seed=1)
        assert callable(bot.choose)
    assert set(BOT_KINDS) == {"random", "greedy", "mcts"}


def test_mcts_without_level_is_normal() -> None:
    bot = make_bot("mcts", RULES, seed=1)
    assert isinstance(bot, MCTSBot)
    assert bot.budget == LEVELS["normal"]
    assert isinstance(make_bot("greedy", RULES), GreedyBot)


@pytest.mark.parametrize("spec", ["nobody", "mcts:godlike", "greedy:hard", "random:easy", ""])
def test_unknown_specs_are_refused(spec: str) -> None:
    with pytest.raises(BotSpecError):
        make_bot(spec, RULES)
    with pytest.raises(BotSpecError):
        check_spec(spec)


def test_level_budgets_grow_and_respect_the_time_limits() -> None:
    order = ["easy", "normal", "hard", "expert"]
    ceilings = [LEVELS[lv].ceiling for lv in order]
    assert ceilings == sorted(ceilings) and len(set(ceilings)) == 4
    assert LEVELS["normal"].ms <= 1000
    assert LEVELS["expert"].ms <= 3000
    for lv in order:
        b = LEVELS[lv]
        assert b.iterations(1) == b.floor and b.iterations(10_000) == b.ceiling
