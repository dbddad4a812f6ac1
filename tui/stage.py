"""How a decision is asked on the table, one small choice at a time: the shared part.

A game's stages module (`tui/games/<g>/stages.py`) turns (view, legal actions, selection so
far) into a `Stage`: the prompt, the numbered options, and — in fields of its own subclass —
what may be picked on the board and what picking it leads to (a complete action, or a deeper
selection). Pure logic, no Textual: the table renders a Stage and submits the action it yields.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

OPTION_KEYS = "1234567890"

Result = Any  # an action, or a selection to continue with


@dataclass
class Option:
    label: str
    result: Result
    key: str = ""
    enabled: bool = True  # False only on a checklist: a control waiting for ticks, or a box
    # that cannot be ticked more (a move the rules would refuse is never listed)
    hint: str = ""  # why a disabled option is disabled
    tick: bool = False  # a checklist entry
    order: int = 0  # a ticked entry: its position in the chosen order (1, 2, …); 0: not ticked
    ordered: bool = True  # False: a ticked box shows no position (an unordered checklist)


@dataclass
class Stage:
    prompt: str
    options: list[Option] = field(default_factory=list)
    default: Result | None = None  # what Enter does when the cursor is on nothing pickable
    back: Any = None  # the selection Esc goes back to; None: nothing to go back to
    zone: str = "none"  # a row board's: where its cursor starts (hand | mine | others | …)

    def option_for_key(self, key: str) -> Option | None:
        return next((o for o in self.options if o.key == key), None)

    def picks(self) -> list[Result]:
        """What picking an item on the board may lead to now (hand cards, animals, places, a
        change of mind): a game's Stage lists its own."""
        return []

    def offered(self) -> list[Result]:
        """Everything this stage offers: its enabled options, Enter's default and the board's
        picks. Each must lead to a move the rules accept (tests/tui/test_offers.py)."""
        out = [o.result for o in self.options if o.enabled]
        if self.default is not None:
            out.append(self.default)
        return out + self.picks()


def number(options: list[Option]) -> list[Option]:
    """Keys 1..9, 0 for the first ten options; the rest are left out."""
    keep = options[: len(OPTION_KEYS)]
    for key, o in zip(OPTION_KEYS, keep, strict=False):
        o.key = key
    return keep


def name_only_move(stage: Stage, legal: list[Any], say: Callable[[Any], str]) -> Stage:
    """Where one move only is legal, the prompt names it: an option for it comes first (unless
    one is there already), labelled `say(move)`, so the player need not hunt for it."""
    if len(legal) != 1 or any(o.enabled and o.result == legal[0] for o in stage.options):
        return stage
    stage.options = number([Option(say(legal[0]), legal[0]), *stage.options])
    return stage
