"""The pending `gravity` decision in plain words (for the table, `evo legal` and refusals)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.games.gravity import queries as Q
from core.games.gravity.data import monsters
from core.games.gravity.state import OVER, GravityState
from core.games.gravity.texts import char_name, say

if TYPE_CHECKING:
    from core.games.gravity.view import GravityView


def prompt_text(s: GravityState | GravityView, lang: str) -> str:
    """The pending decision in plain words (of a state, or of a view: only public fields are read)."""
    step = s.step
    if step in ("", OVER):
        return ""
    c = s.chars[s.decider]
    args: dict[str, Any] = {"ch": c.id}
    if step in ("rumour", "disorder"):
        args["loc"] = s.todo[2]
    elif step in ("reroll", "uncurse"):
        args["dice"] = s.dice
        args["n"] = Q.removal_count(s, s.decider)
    elif step == "push":
        args["n"] = s.todo[0]
    elif step == "remove":
        args["n"] = Q.removal_dice(s, s.decider)
    elif step == "monster":
        args["loc"] = int(s.row[0][1:])
    elif step in ("remove_die", "flip"):
        item = (s.ev_todo or [0])[0]
        args["ev"] = s.ev
        if s.ev == "E6":
            args["who"] = char_name(s.chars[item].id, lang)
        else:
            args["who"] = monsters()[s.monsters[item].id].name(lang)
            args["m"] = s.monsters[item].id
    return say(f"step.{step}", lang, **args)
