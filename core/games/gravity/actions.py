"""Actions of `gravity`: one tagged struct per kind of choice (decision catalogue: docs/notation.md).

Choices that reveal nothing in between are one action: the played card and where the
character goes (`play 3-1 L07`), the curses discarded after a removal roll. Routes that end on
the same location are the same choice (the route only matters for its end, C06 and the Gnome
Monster, and the legal ends already account for both), so a distance card names its end.
Locations are ints 1..23 (`L07`), curses and events their ids, monsters `M1`..`M9`.
"""

# No `from __future__ import annotations`: msgspec would compile the strings at every start.

from typing import Union

import msgspec

from core.engine.notation import Notated

SUPPORT, DISTRUST = "support", "distrust"
KINDS = (SUPPORT, DISTRUST)


class GravityAction(msgspec.Struct, Notated, frozen=True, tag_field="t", gc=False):
    """`str(action)` is its notation. Not tracked by the garbage collector (`gc=False`, every
    action type inherits it): an action holds numbers and words and no reference back to
    anything, so it can be part of no cycle; a search makes thousands of them a second."""


class Pass(GravityAction, frozen=True, tag="pass"):
    """Decline an optional step: an ability, a reroll, the courage die, the draw, the removal."""


class Rest(GravityAction, frozen=True, tag="rest"):
    pass


class Play(GravityAction, frozen=True, tag="play"):
    card: str  # "0-4", "1-3", "2-2", "3-1", "4-0", "tp"
    dest: int = 0  # where the character ends (0 for «0-4»)


class Pull(GravityAction, frozen=True, tag="pull"):
    """Rumours or Disorder: take a token of `kind` from neighbour `loc`."""

    loc: int
    kind: str


class Skip(GravityAction, frozen=True, tag="skip"):
    """Rumours or Disorder: leave neighbour `loc` (it holds a courage die) alone (G12)."""

    loc: int


class Fight(GravityAction, frozen=True, tag="fight"):
    monster: str


class Reroll(GravityAction, frozen=True, tag="reroll"):
    """Dipper: roll again this many success, movement and curse dice."""

    s: int = 0
    m: int = 0
    c: int = 0


class Push(GravityAction, frozen=True, tag="push"):
    loc: int
    kind: str


class Place(GravityAction, frozen=True, tag="place"):
    """Put a courage die from the supply on the character's location (T6)."""


class Draw(GravityAction, frozen=True, tag="draw"):
    """Draw from the action deck (Mabel: refill the hand) in T7."""


class Take(GravityAction, frozen=True, tag="take"):
    """Stan takes this card from his discard pile in T7."""

    card: str


class Roll(GravityAction, frozen=True, tag="roll"):
    """Try to remove curses (T8)."""


class Uncurse(GravityAction, frozen=True, tag="uncurse"):
    curses: tuple[str, ...]  # sorted


class MoveDie(GravityAction, frozen=True, tag="wendy"):
    src: int
    dst: int


class Lift(GravityAction, frozen=True, tag="soos"):
    char: str
    curse: str


class ChooseMonster(GravityAction, frozen=True, tag="monster"):
    monster: str


class Teleport(GravityAction, frozen=True, tag="teleport"):
    loc: int


class Discard(GravityAction, frozen=True, tag="discard"):
    card: str


class Alarm(GravityAction, frozen=True, tag="alarm"):
    pass


class Retreat(GravityAction, frozen=True, tag="retreat"):
    loc: int


class RemoveDie(GravityAction, frozen=True, tag="remove"):
    loc: int


class Flip(GravityAction, frozen=True, tag="flip"):
    loc: int


Action = Union[
    Pass, Rest, Play, Pull, Skip, Fight, Reroll, Push, Place, Draw, Take, Roll, Uncurse,
    MoveDie, Lift, ChooseMonster, Teleport, Discard, Alarm, Retreat, RemoveDie, Flip,
]

PASS, REST, PLACE, DRAW, ROLL, ALARM = Pass(), Rest(), Place(), Draw(), Roll(), Alarm()
