"""The bot levels the setup screen offers, read from the core's registry at run time.

Bot kinds are registered in `core.bots.base.BOT_KINDS`; levels appear here as soon as the
core lists them (a `levels` attribute on the factory, or a `BOT_LEVELS` table), so new bots
need no change in the UI.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from core import games
from core.bots import base
from core.bots.heuristics import informed
from tui.i18n import has, text

if TYPE_CHECKING:
    from core.engine.protocol import AnyRuleset

PREFERRED_BOTS = ("greedy", "mcts:easy", "random")  # the default bot of a new seat, best first

# Levels documented for the kinds being added in parallel, used only when the core does not
# list them itself; each spec is checked with make_bot before it is offered.
_KNOWN_LEVELS: dict[str, tuple[str, ...]] = {"mcts": ("easy", "normal", "hard", "expert")}


def _levels(kind: str, factory: object) -> tuple[str, ...]:
    table = getattr(base, "BOT_LEVELS", None)
    if isinstance(table, dict) and kind in table:
        levels = tuple(table[kind])
    else:
        levels = tuple(getattr(factory, "levels", None) or _KNOWN_LEVELS.get(kind, ("",)))
    named = tuple(lv for lv in levels if lv)
    return named or ("",)  # "mcts" alone is one of its levels already


def bot_specs(rules: AnyRuleset) -> list[str]:
    """Every bot spec that can be made for this game, e.g. ["random", "mcts:easy", ...]."""
    specs = []
    for kind, factory in base.BOT_KINDS.items():
        for level in _levels(kind, factory):
            spec = f"{kind}:{level}" if level else kind
            try:
                base.make_bot(spec, rules, 0)
            except Exception:  # a level the registry does not accept after all
                continue
            specs.append(spec)
    specs = [s for s in specs if _kind_plays(rules, s.partition(":")[0], specs)]
    return specs or ["random"]


def default_bot(specs: list[str]) -> str:
    return next((b for b in PREFERRED_BOTS if b in specs), specs[0])


def _kind_plays(rules: AnyRuleset, kind: str, specs: list[str]) -> bool:
    if kind == "random" or informed(rules):
        return True
    level = next(s for s in specs if s.partition(":")[0] == kind)
    return _probe(rules.game_id, level)


@cache
def _probe(game_id: str, spec: str) -> bool:
    """For a game the bots have no knowledge of: can this bot make one opening decision?
    (A generic bot may need more of the game than the protocol gives it; then only the
    bots that work are offered.)"""
    from core.engine.session import GameSession

    try:
        low, high = games.get(game_id).seats[:2]
        session = GameSession.new(game_id, seats=min(max(2, low), high), seed=1)
        pending = session.pending()
        if pending is None:
            return True
        base.make_bot(spec, session.rules, 0).choose(session.view(pending.seat), session.legal_actions())
    except Exception:
        return False
    return True


def bot_label(spec: str, lang: str) -> str:
    """A bot's name for people: "Bot — random", "Бот — МКТС, сложный"."""
    kind, _, level = spec.partition(":")
    kind_key, level_key = f"bot.kind.{kind}", f"bot.level.{level}"
    kind_name = text(kind_key, lang) if has(kind_key) else kind
    if not level:
        return text("bot.label", lang, kind=kind_name)
    level_name = text(level_key, lang) if has(level_key) else level
    return text("bot.label_level", lang, kind=kind_name, level=level_name)
