"""Actions of `newworld`: one tagged struct per kind of choice (spec §3.7 decision table).

Sub-choices that reveal nothing are one action: a card with its side and its target
(ChooseSide + the target), a paired card with both partners and, for Симбиоз, the direction
(ChooseSymbiosisDirection); ArrangeRow is folded into the play that needs it (CreateAnimal
names the place, a paired card brings its partners together, see `queries.join_row`) except
in Случайные мутации, where the order decides where a card lands and `swap` is a move of its
own; a defence with its Мимикрия target or the card Отбрасывание хвоста drops
(ChooseDefenceOrder + MimicryRedirect / TailLossChoice); Превращение with the property it
replaces and the new card and side (TransformChoice). Notation: docs/notation.md.
"""

# No `from __future__ import annotations`: msgspec would compile the strings at every start.

from typing import Union

import msgspec

from core.engine.notation import Notated


class NWAction(msgspec.Struct, Notated, frozen=True, tag_field="t", gc=False):
    """`str(action)` is its notation. Not tracked by the garbage collector (`gc=False`, every
    action type inherits it): an action holds numbers and words and no reference back to
    anything, so it can be part of no cycle; a search makes thousands of them a second."""


# --- development (§3.3) ------------------------------------------------------------------

class Create(NWAction, frozen=True, tag="create"):
    """CreateAnimal: a hand card becomes an animal, just left of `before` (0: right end)."""

    card: int
    before: int = 0


class Add(NWAction, frozen=True, tag="add"):
    """AddProperty: side a (main) or b (short) of a hand card under one animal."""

    card: int
    side: str
    animal: int


class Pair(NWAction, frozen=True, tag="pair"):
    """A paired property on two own animals; for Симбиоз `a` protects `b` (NW30)."""

    card: int
    side: str
    a: int
    b: int


class Pass(NWAction, frozen=True, tag="pass"):
    """Pass for the rest of the phase (development or feeding, NW7)."""


# --- Случайные мутации (§7.4) -------------------------------------------------------------

class Mutate(NWAction, frozen=True, tag="mutate"):
    """MutationDeclare: the top gene-pool card as a new animal (animal 0) or as a property of
    own animal `animal`."""

    animal: int = 0


class Side(NWAction, frozen=True, tag="side"):
    """The side of the revealed gene-pool card (and, for Симбиоз, the protector `a` and the
    dependent `b`)."""

    side: str
    a: int = 0
    b: int = 0


class Swap(NWAction, frozen=True, tag="swap"):
    """ArrangeRow (Случайные мутации): two groups of own animals, named by their leftmost
    animals, change places; the same group twice turns it round."""

    a: int
    b: int


# --- feeding (§3.5) -------------------------------------------------------------------------

class Feed(NWAction, frozen=True, tag="feed"):
    """FeedInHabitat: `animal` takes one red token in `habitat` (a key: "13", "3u", "3l")."""

    animal: int
    habitat: str


class Shelter(NWAction, frozen=True, tag="shelter"):
    """TakeShelter: `animal` takes a shelter disc in `habitat`."""

    animal: int
    habitat: str


class Attack(NWAction, frozen=True, tag="attack"):
    predator: int
    prey: int


class Pirate(NWAction, frozen=True, tag="pirate"):
    """Piracy: `animal`'s Пиратство takes a token from `victim`."""

    animal: int
    victim: int


class Transform(NWAction, frozen=True, tag="transform"):
    """Transformation: `animal`'s Превращение replaces its property card `old` with side
    `side` of hand card `card` (Случайные мутации: card 0, the top gene-pool card)."""

    animal: int
    old: int
    card: int = 0
    side: str = ""


class End(NWAction, frozen=True, tag="end"):
    """EndTurn (feeding)."""


# --- reactions (§3.7, §3.8) ---------------------------------------------------------------

class Fire(NWAction, frozen=True, tag="trigger"):
    """OrderTriggers: the pending paired card `card` acts next."""

    card: int


class Trample(NWAction, frozen=True, tag="trample"):
    """HoofedChoice: Копытное returns one more red token of the habitat to the supply."""


class Spare(NWAction, frozen=True, tag="spare"):
    """HoofedChoice: Копытное is not used."""


class Defend(NWAction, frozen=True, tag="defend"):
    """ChooseDefenceOrder: horned | running | mimicry (to `target`) | tail (dropping `card`) |
    deterrence | none (the prey is eaten)."""

    kind: str
    target: int = 0
    card: int = 0


class Scavenge(NWAction, frozen=True, tag="scavenger"):
    """ScavengerChoice: which own Падальщик gets the blue token."""

    animal: int


# --- extinction (§3.6) ----------------------------------------------------------------------

class Save(NWAction, frozen=True, tag="save"):
    """OrderTriggers at E2: `first` (fat | sleep) is used first for `animal` (NW25)."""

    animal: int
    first: str


class Discard(NWAction, frozen=True, tag="discard"):
    """DiscardToHandLimit: one hand card to the discard pile."""

    card: int


Action = Union[
    Create, Add, Pair, Pass, Mutate, Side, Swap, Feed, Shelter, Attack, Pirate, Transform, End,
    Fire, Trample, Spare, Defend, Scavenge, Save, Discard,
]

PASS, END, TRAMPLE, SPARE = Pass(), End(), Trample(), Spare()
DEFEND_NONE = Defend("none")
