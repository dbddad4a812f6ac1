"""Actions of `classic`: one tagged struct per kind of choice (spec §3.7 decision table).

Sub-choices that reveal nothing are one action: a card with its side and its target animal
(ChooseSide + the target), a paired card with both partners and, for Симбиоз, the direction
(ChoosePairTargets + ChooseSymbiosisDirection), a defence with its Мимикрия target or the card
that Отбрасывание хвоста drops (ChooseDefenceOrder + MimicryRedirect / TailLossChoice).
Notation: docs/notation.md.
"""

# No `from __future__ import annotations`: msgspec would compile the strings at every start.

from typing import Union

import msgspec

from core.engine.notation import Notated


class ClassicAction(msgspec.Struct, Notated, frozen=True, tag_field="t", gc=False):
    """`str(action)` is its notation. Not tracked by the garbage collector (`gc=False`, every
    action type inherits it): an action holds numbers and words and no reference back to
    anything, so it can be part of no cycle; a search makes thousands of them a second."""


# --- development (§3.3) -------------------------------------------------------------------

class Create(ClassicAction, frozen=True, tag="create"):
    """CreateAnimal: a card from the hand becomes an animal at the right end of the row."""

    card: int


class Add(ClassicAction, frozen=True, tag="add"):
    """AddProperty: side "a" (main) or "b" (second) of a card under one animal."""

    card: int
    side: str
    animal: int


class Pair(ClassicAction, frozen=True, tag="pair"):
    """A paired property on two own animals; for Симбиоз `a` protects `b` (CL21)."""

    card: int
    side: str
    a: int
    b: int


class Pass(ClassicAction, frozen=True, tag="pass"):
    """Development: pass for the rest of the phase."""


# --- feeding (§3.5) -----------------------------------------------------------------------

class Take(ClassicAction, frozen=True, tag="take"):
    """TakeRed: one red token from the base to an own animal."""

    animal: int


class Attack(ClassicAction, frozen=True, tag="attack"):
    predator: int
    prey: int


class Convert(ClassicAction, frozen=True, tag="convert"):
    """ConvertFat: k fat tokens of an own unfed animal become blue food (CL12)."""

    animal: int
    k: int


class Graze(ClassicAction, frozen=True, tag="graze"):
    """Топотун of `animal` removes one red token from the base."""

    animal: int


class Pirate(ClassicAction, frozen=True, tag="pirate"):
    """Пиратство of `animal` takes a token from `victim`."""

    animal: int
    victim: int


class Hibernate(ClassicAction, frozen=True, tag="hibernate"):
    animal: int


class End(ClassicAction, frozen=True, tag="end"):
    """End the go (feeding), or stop spending the personal reserve (X2)."""


# --- reactions (§3.7, §3.8) ---------------------------------------------------------------

class Defend(ClassicAction, frozen=True, tag="defend"):
    """The prey's owner's next defence: running | mimicry (to `target`) | tail (dropping
    `card`) | none (the prey is eaten)."""

    kind: str
    target: int = 0
    card: int = 0


class Fire(ClassicAction, frozen=True, tag="trigger"):
    """OrderTriggers: paired card `card` fires next, giving food to animal `to`."""

    card: int
    to: int


class Scavenge(ClassicAction, frozen=True, tag="scavenger"):
    """ScavengerChoice: which own Падальщик gets the blue token."""

    animal: int


# --- extinction (§3.6) --------------------------------------------------------------------

class Reserve(ClassicAction, frozen=True, tag="reserve"):
    """PersonalFoodUse: k reserve tokens to an own unfed animal."""

    animal: int
    k: int


class Discard(ClassicAction, frozen=True, tag="discard"):
    """DiscardToHandLimit: one card from the hand to the common discard."""

    card: int


Action = Union[
    Create, Add, Pair, Pass, Take, Attack, Convert, Graze, Pirate, Hibernate, End, Defend, Fire,
    Scavenge, Reserve, Discard,
]

PASS, END = Pass(), End()
DEFEND_RUNNING, DEFEND_NONE = Defend("running"), Defend("none")
