"""The bot levels the setup screen offers, read from the core's registry at run time.

Bot kinds are registered in `core.bots.base.BOT_KINDS`; levels appear here as soon as the
core lists them (a `levels` attribute on the factory, or a `BOT_LEVELS` table), so new bots
need no change in the UI.
"""

from __future__ import annotations

from typing import Any

from core.bots import base
from tui.i18n import has, text

# Levels documented for the kinds being added in parallel, used only when the core does not
# list them itself; each spec is checked with make_bot before it is offered.
_KNOWN_LEVELS: dict[str, tuple[str, ...]] = {"mcts": ("easy", "normal", "hard", "expert")}


def _levels(kind: str, factory: Any) -> tuple[str, ...]:
    table = getattr(base, "BOT_LEVELS", None)
    if isinstance(table, dict) and kind in table:
        levels = tuple(table[kind])
    else:
        levels = tuple(getattr(factory, "levels", None) or _KNOWN_LEVELS.get(kind, ("",)))
    named = tuple(lv for lv in levels if lv)
    return named or ("",)  # "mcts" alone is one of its levels already


def bot_specs(rules: Any) -> list[str]:
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
    return specs or ["random"]


def bot_label(spec: str, lang: str) -> str:
    """A bot's name for people: "Bot — random", "Бот — МКТС, сложный"."""
    kind, _, level = spec.partition(":")
    kind_key, level_key = f"bot.kind.{kind}", f"bot.level.{level}"
    kind_name = text(kind_key, lang) if has(kind_key) else kind
    if not level:
        return text("bot.label", lang, kind=kind_name)
    level_name = text(level_key, lang) if has(level_key) else level
    return text("bot.label_level", lang, kind=kind_name, level=level_name)
