"""Actions of `magic`: one tagged struct per kind of choice (spec §3.4 decision catalogue).

Sub-choices that do not depend on hidden outcomes are folded into one action (the
Метаморф source and property; the attack target and ordered properties); the app still
asks for them one at a time. Notation: docs/notation.md.
"""

# No `from __future__ import annotations`: msgspec would compile the strings at every start.

from typing import Union

import msgspec

from core.engine.notation import Notated


class MagicAction(msgspec.Struct, Notated, frozen=True, tag_field="t", gc=False):
    """`str(action)` is its notation. Not tracked by the garbage collector (`gc=False`, every
    action type inherits it): an action holds numbers and words and no reference back to
    anything, so it can be part of no cycle; a search makes thousands of them a second."""


class Keep(MagicAction, frozen=True, tag="keep"):
    """HandSwap: keep the hand."""


class Swap(MagicAction, frozen=True, tag="swap"):
    """HandSwap: discard the whole hand and draw as many cards."""


class Pass(MagicAction, frozen=True, tag="pass"):
    """Decline an optional step: create, add property, activation effects, Прожорливое, Линяющее."""


class Create(MagicAction, frozen=True, tag="create"):
    card: int


class Add(MagicAction, frozen=True, tag="add"):
    card: int
    half: str  # "A" or "B"
    creature: int


class Activate(MagicAction, frozen=True, tag="activate"):
    creature: int


class Metamorph(MagicAction, frozen=True, tag="metamorph"):
    source: int
    prop: str


class Scare(MagicAction, frozen=True, tag="scare"):
    target: int


class Rouse(MagicAction, frozen=True, tag="rouse"):
    target: int


class Gift(MagicAction, frozen=True, tag="gift"):
    target: int


class Gain(MagicAction, frozen=True, tag="gain"):
    part: str  # "lower" or "upper"


class Transmute(MagicAction, frozen=True, tag="transmute"):
    pass


class AttackWith(MagicAction, frozen=True, tag="attack"):
    target: int
    props: tuple[str, ...]  # distinct attacking properties in resolution order


class Sleep(MagicAction, frozen=True, tag="sleep"):
    pass


class Voracious(MagicAction, frozen=True, tag="voracious"):
    """Take the second token that Прожорливое allows."""


class Molt(MagicAction, frozen=True, tag="molt"):
    card: int


class Burn(MagicAction, frozen=True, tag="burn"):
    card: int


Action = Union[
    Keep, Swap, Pass, Create, Add, Activate, Metamorph, Scare, Rouse, Gift, Gain, Transmute,
    AttackWith, Sleep, Voracious, Molt, Burn,
]

# Singletons for the actions without fields (saves allocations in hot loops).
KEEP, SWAP, PASS, TRANSMUTE, SLEEP, VORACIOUS = Keep(), Swap(), Pass(), Transmute(), Sleep(), Voracious()
