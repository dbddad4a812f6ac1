"""Game-agnostic bots over the ruleset protocol. A bot sees a view and the legal actions only.

    bot = make_bot("mcts:hard", rules, seed=7)
    action = bot.choose(view, legal_actions)

Specs: "random", "greedy", "mcts[:easy|normal|hard|expert]" (core/bots/base.py).
Modules: greedy.py (one-ply look-ahead), mcts.py (SO-ISMCTS), heuristics.py (where games plug
in their evaluation, default policy and hint reasons, each in core/games/<g>/bot.py and
named by its descriptor), hint.py (hints for a human seat), tournament.py (seat-rotated
matches with Wilson intervals), bench.py (figures for `evo bench`), texts.toml (the bots'
own texts, ru/en).
"""

from __future__ import annotations

from core.bots.base import Bot, BotSpecError, make_bot

__all__ = ["Bot", "BotSpecError", "make_bot"]
