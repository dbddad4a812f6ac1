"""The bot interface and the registry of bot kinds.

A spec is "kind" or "kind:level": "random", "greedy", "mcts:easy|normal|hard|expert" (mcts
alone means mcts:normal). Bot modules are imported on first use, so importing the registry
stays cheap and free of cycles.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeVar

from core.bots.texts import Worded

if TYPE_CHECKING:
    from core.engine.protocol import Action, AnyRuleset, Ruleset

S = TypeVar("S")  # a game's state
V = TypeVar("V")  # a game's view
V_in = TypeVar("V_in", contravariant=True)


class BotSpecError(Worded):
    """A bot spec that names no known bot or level, or bots a tournament cannot seat. `key`
    (with `params`) names the text in core/bots/texts.toml that says it to a player."""


class Bot(Protocol[V_in]):
    spec: str

    def choose(self, view: V_in, legal: list[Action]) -> Action:
        """One of `legal`, decided from `view` alone (contract 6)."""
        ...


class RandomBot:
    """Uniform over the legal actions."""

    def __init__(self, rules: object, seed: int) -> None:
        self.spec = "random"
        self.rng = random.Random(seed)

    def choose(self, view: object, legal: list[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


def _random(rules: AnyRuleset, seed: int, level: str, capped: bool) -> Bot[object]:
    return RandomBot(rules, seed)


def _greedy(rules: AnyRuleset, seed: int, level: str, capped: bool) -> Bot[object]:
    from core.bots.greedy import GreedyBot

    return GreedyBot(rules, seed, level)


def _mcts(rules: AnyRuleset, seed: int, level: str, capped: bool) -> Bot[object]:
    from core.bots.mcts import MCTSBot

    return MCTSBot(rules, seed, level or "normal", capped=capped)


# Each makes a bot for the ruleset it is given (whose views the bot then reads).
BOT_KINDS: dict[str, Callable[[AnyRuleset, int, str, bool], Bot[object]]] = {
    "random": _random,
    "greedy": _greedy,
    "mcts": _mcts,
}

# The levels each kind accepts ("" = no level given).
BOT_LEVELS: dict[str, tuple[str, ...]] = {
    "random": ("",),
    "greedy": ("",),
    "mcts": ("", "easy", "normal", "hard", "expert"),
}


def check_spec(spec: str) -> tuple[str, str]:
    """(kind, level) of a spec; raises BotSpecError for an unknown kind or level."""
    kind, _, level = spec.partition(":")
    if kind not in BOT_KINDS:
        raise BotSpecError(f"unknown bot '{kind}' (known: {', '.join(BOT_KINDS)})", "spec.unknown_bot",
                           kind=kind, known=", ".join(BOT_KINDS))
    levels = BOT_LEVELS.get(kind)
    if levels is not None and level not in levels:
        known = ", ".join(x for x in levels if x) or "none"
        raise BotSpecError(f"unknown level '{level}' for bot '{kind}' (levels: {known})",
                           "spec.unknown_level", level=level, kind=kind, known=known)
    return kind, level


def make_bot(spec: str, rules: Ruleset[S, V], seed: int = 0, capped: bool = False) -> Bot[V]:
    """A bot from a spec "kind" or "kind:level" (e.g. "random", "mcts:normal"). Its budget is
    counted in iterations; `capped` adds the level's wall-clock cap, for the app's table only
    (issue #26: a tournament's result must not depend on the machine's load)."""
    kind, level = check_spec(spec)
    return BOT_KINDS[kind](rules, seed, level, capped)


def specs() -> list[str]:
    """Every valid spec, for help texts and menus."""
    return [f"{k}:{lv}" if lv else k for k, levels in BOT_LEVELS.items() for lv in levels]
