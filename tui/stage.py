"""How a decision is asked on the table, one small choice at a time: the shared part.

A game's stages module (`tui/games/<g>/stages.py`) turns (view, legal actions, selection so
far) into a `Stage`: the prompt, the numbered options, and — in fields of its own subclass —
what may be picked on the board and what picking it leads to (a complete action, or a deeper
selection). Pure logic, no Textual: the table renders a Stage and submits the action it yields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

OPTION_KEYS = "1234567890"

Result = Any  # an action, or a selection to continue with


@dataclass
class Option:
    label: str
    result: Result
    key: str = ""
    enabled: bool = True
    probe: Any = None  # a disabled option: the action whose refusal explains why
    hint: str = ""  # why a disabled option is disabled, when no action explains it
    tick: bool = False  # a checklist entry
    order: int = 0  # a ticked entry: its position in the chosen order (1, 2, …); 0: not ticked
    ordered: bool = True  # False: a ticked box shows no position (an unordered checklist)


@dataclass
class Stage:
    prompt: str
    options: list[Option] = field(default_factory=list)
    default: Result | None = None  # what Enter does when the cursor is on nothing pickable
    back: Any = None  # the selection Esc goes back to; None: nothing to go back to

    def option_for_key(self, key: str) -> Option | None:
        return next((o for o in self.options if o.key == key), None)


def number(options: list[Option]) -> list[Option]:
    """Keys 1..9, 0 for the first ten options; the rest are left out."""
    keep = options[: len(OPTION_KEYS)]
    for key, o in zip(OPTION_KEYS, keep, strict=False):
        o.key = key
    return keep
