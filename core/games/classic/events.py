"""Events of `classic`: facts, random outcomes included, folded by `fold.evolve`.

Every die (food base, Быстрое, the lot) and every shuffle is recorded in an event, so
folding a log never needs the generator. `REVEALING` lists the event types that make hidden
information known (a deal, a shuffle); strict undo refuses to take back a move that produced
one (contract 7).
"""

# No `from __future__ import annotations`: msgspec would compile the strings at every start.

from typing import Union

import msgspec

from core.games.classic.state import ClassicState, Trigger


class ClassicEvent(msgspec.Struct, frozen=True, tag_field="t", omit_defaults=True, gc=False):
    """An event. Not tracked by the garbage collector (`gc=False`, every event type inherits
    it): an event holds numbers, words and lists of them, or a position, and no reference back
    to anything, so it can be part of no cycle; a move makes several of them."""


class GameStarted(ClassicEvent, frozen=True, tag="start"):
    seed: int
    rng_count: int
    players: int
    v09: bool
    personal: bool
    five: bool
    mimicry3: bool
    single_poisonous: bool
    length: int  # v0.9 turns, 0 in classic
    deck: list[int]  # the shuffled deck, top last
    first: int  # chosen at random (§2.3)


class PositionSet(ClassicEvent, frozen=True, tag="position"):
    """A whole position, from a scenario file or a branch."""

    state: ClassicState


class Dealt(ClassicEvent, frozen=True, tag="deal"):
    """Cards dealt one at a time from the top: `cards[i]` goes to seat `seats[i]`."""

    seats: list[int]
    cards: list[int]
    bonus: bool = False  # v0.9 bonus cards for lost animals (CL32)


class Reshuffled(ClassicEvent, frozen=True, tag="reshuffle"):
    """v0.9: the common discard pile shuffled into a new deck (§7.2)."""

    deck: list[int]


class TurnStarted(ClassicEvent, frozen=True, tag="turn"):
    turn: int
    first: int
    last: bool  # the last turn (§3.1): no Спячка (CL10), v0.9 no draw (CL31)


class Await(ClassicEvent, frozen=True, tag="await"):
    """The next decision: `seat` must decide `step`."""

    seat: int
    step: str


# --- development --------------------------------------------------------------------------

class Created(ClassicEvent, frozen=True, tag="create"):
    seat: int
    uid: int
    card: int


class Added(ClassicEvent, frozen=True, tag="add"):
    seat: int  # who played the card (a Паразит goes under another player's animal)
    animal: int
    card: int
    trait: str


class Paired(ClassicEvent, frozen=True, tag="pair"):
    seat: int
    card: int
    trait: str
    a: int  # Симбиоз: the protector
    b: int  # Симбиоз: the dependent


class Passed(ClassicEvent, frozen=True, tag="pass"):
    seat: int
    auto: bool = False  # the hand is empty (§3.3)


# --- food base and feeding ------------------------------------------------------------------

class Rolled(ClassicEvent, frozen=True, tag="roll"):
    """The food base (§3.4): the dice the first player rolled, plus the table's bonus."""

    seat: int
    dice: list[int]
    bonus: int


class GoStarted(ClassicEvent, frozen=True, tag="go"):
    seat: int


class GoEnded(ClassicEvent, frozen=True, tag="go_end"):
    seat: int
    declined: bool  # nothing was done in the go (CL9)
    auto: bool = False  # there was nothing to do


class Took(ClassicEvent, frozen=True, tag="take"):
    """TakeRed: the go's food action (the token arrives in the `food` event after it)."""

    animal: int


class Food(ClassicEvent, frozen=True, tag="food"):
    """Tokens placed on an animal: `red` and `blue` food, `fat` yellow tokens (CL11); `base`
    red tokens left the food base. `why`: take, communication, cooperation, kill, tail,
    scavenger."""

    animal: int
    why: str
    red: int = 0
    blue: int = 0
    fat: int = 0
    base: int = 0


class Pending(ClassicEvent, frozen=True, tag="pending"):
    """Paired triggers fired by a food receipt join the pending set (§3.8)."""

    triggers: list[Trigger]


class Fired(ClassicEvent, frozen=True, tag="fire"):
    """A pending paired card fires toward `to`; it fires no more in this go (CL5)."""

    card: int
    to: int


class Cleared(ClassicEvent, frozen=True, tag="pending_clear"):
    """The pending triggers left can do nothing (no red, or the partner cannot receive)."""


class Attacked(ClassicEvent, frozen=True, tag="attack"):
    predator: int
    prey: int
    card: int  # the Хищник card, used for this turn (CL10)


class Ran(ClassicEvent, frozen=True, tag="run"):
    """Быстрое: a d6, 4-6 escapes (CL14)."""

    animal: int
    card: int
    die: int
    escaped: bool


class Mimicked(ClassicEvent, frozen=True, tag="mimic"):
    animal: int
    to: int
    card: int


class TailLost(ClassicEvent, frozen=True, tag="tail"):
    animal: int
    card: int
    trait: str


class Eaten(ClassicEvent, frozen=True, tag="eaten"):
    prey: int
    predator: int


class Poisoned(ClassicEvent, frozen=True, tag="poison"):
    animal: int


class Scavenged(ClassicEvent, frozen=True, tag="scavenge"):
    """The scavenger chosen for an eaten animal (0: nobody can eat, CL17)."""

    animal: int


class AttackEnded(ClassicEvent, frozen=True, tag="attack_end"):
    pass


class Grazed(ClassicEvent, frozen=True, tag="graze"):
    animal: int
    card: int


class Pirated(ClassicEvent, frozen=True, tag="pirate"):
    animal: int
    victim: int
    card: int
    colour: str  # red | blue: the stolen token keeps its colour (CL20)


class Hibernated(ClassicEvent, frozen=True, tag="hibernate"):
    animal: int
    card: int


class Converted(ClassicEvent, frozen=True, tag="convert"):
    animal: int
    k: int


class FeedingEnded(ClassicEvent, frozen=True, tag="feeding_end"):
    left: int  # red tokens removed from the base (§3.5 F4)


# --- extinction and draw --------------------------------------------------------------------

class FatStored(ClassicEvent, frozen=True, tag="fat_reserve"):
    """v0.9 personal food, F5: leftover fat goes into the reserve (CL34)."""

    seat: int
    k: int


class Died(ClassicEvent, frozen=True, tag="died"):
    animal: int
    cause: str  # poison | starved


class ReserveUsed(ClassicEvent, frozen=True, tag="reserve"):
    seat: int
    animal: int
    k: int


class Turned(ClassicEvent, frozen=True, tag="turned"):
    animals: list[int]


class Straightened(ClassicEvent, frozen=True, tag="straightened"):
    animals: list[int]


class CleanedUp(ClassicEvent, frozen=True, tag="cleanup"):
    """X4: food tokens off the animals (fat stays), used cards untapped, hibernation over."""


class Discarded(ClassicEvent, frozen=True, tag="discard"):
    seat: int
    card: int


class Scored(ClassicEvent, frozen=True, tag="score"):
    """v0.9 X6: points of this turn and fed animals, per seat."""

    points: list[int]
    fed: list[int]


class Lot(ClassicEvent, frozen=True, tag="lot"):
    """A tie decided by lot (CL28): one d6 per tied seat; the highest wins, ties roll again."""

    seats: list[int]
    dice: list[int]


class GameEnded(ClassicEvent, frozen=True, tag="over"):
    scores: list[int]
    winners: list[int]


Event = Union[
    GameStarted, PositionSet, Dealt, Reshuffled, TurnStarted, Await, Created, Added, Paired,
    Passed, Rolled, GoStarted, GoEnded, Took, Food, Pending, Fired, Cleared, Attacked, Ran,
    Mimicked, TailLost, Eaten, Poisoned, Scavenged, AttackEnded, Grazed, Pirated, Hibernated,
    Converted, FeedingEnded, FatStored, Died, ReserveUsed, Turned, Straightened, CleanedUp,
    Discarded, Scored, Lot, GameEnded,
]

REVEALING = (GameStarted, PositionSet, Dealt, Reshuffled, Rolled, Ran, Lot)
