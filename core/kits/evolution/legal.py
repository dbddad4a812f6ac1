"""What the «Эволюция» games' legality modules share: a refusal said in players' words."""

from __future__ import annotations

from collections.abc import Callable

from core.engine.protocol import IllegalAction
from core.engine.rules_base import Reason

__all__ = ["Reason", "refusal"]



def refusal(reason: Reason, lang: str, say: Callable[..., str],
            step: Callable[[], str]) -> IllegalAction:
    """The IllegalAction for `reason`, citing its ruling; a text naming the decision being made
    gets it in plain words (`step()`, the game's prompt)."""
    rule, key, args = reason
    if "step" in args:
        args["step"] = step()
    return IllegalAction(rule, say(key, lang, **args))
