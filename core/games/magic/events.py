"""Events of `magic`: facts, random outcomes included, folded by `fold.evolve`.

`REVEALING` lists the event types that make hidden information known (a draw, a shuffle, a
new source); strict undo refuses to take back a move that produced one (contract 7).
"""

# No `from __future__ import annotations`: msgspec would compile the strings at every start.

from typing import Union

import msgspec

from core.games.magic.state import MagicState


class MagicEvent(msgspec.Struct, frozen=True, tag_field="t", omit_defaults=True, gc=False):
    """An event. Not tracked by the garbage collector (`gc=False`, every event type inherits
    it): an event holds numbers, words and lists of them, or a position, and no reference back
    to anything, so it can be part of no cycle; a move makes several of them."""


class GameStarted(MagicEvent, frozen=True, tag="start"):
    seed: int
    rng_count: int
    players: int
    win_at: int
    solo: bool
    shade: int  # the Shade's seat in solo, else -1
    deck: list[int]  # shuffled property deck, top last
    cycle: list[str]  # shuffled energy deck, first source first
    first: int
    choices: list[int] = []  # solo: shuffled choice deck, top last


class PositionSet(MagicEvent, frozen=True, tag="position"):
    """A whole position, from a scenario file."""

    state: MagicState


class SourceRevealed(MagicEvent, frozen=True, tag="source"):
    source: str
    lower: int
    upper: int


class CreatureCreated(MagicEvent, frozen=True, tag="create"):
    seat: int
    uid: int
    card: int
    dealt: bool = False  # from the top of the deck (setup, the Shade) rather than the hand
    faceless: bool = False  # nobody may look at its face: a Shade creature (MC-R50)


class Drew(MagicEvent, frozen=True, tag="draw"):
    seat: int
    cards: list[int]


class Reshuffled(MagicEvent, frozen=True, tag="reshuffle"):
    """The discard pile shuffled into a new deck (MC-R8)."""

    deck: list[int]


class RoundStarted(MagicEvent, frozen=True, tag="round"):
    round: int
    first: int


class Await(MagicEvent, frozen=True, tag="await"):
    """The next decision: `seat` must decide `step`."""

    seat: int
    step: str


class HandKept(MagicEvent, frozen=True, tag="keep"):
    seat: int


class HandSwapped(MagicEvent, frozen=True, tag="swap"):
    seat: int
    count: int


class TurnStarted(MagicEvent, frozen=True, tag="turn"):
    seat: int


class PropertyAdded(MagicEvent, frozen=True, tag="add"):
    seat: int
    creature: int
    card: int
    trait: str


class Activated(MagicEvent, frozen=True, tag="activate"):
    seat: int
    creature: int


class Copied(MagicEvent, frozen=True, tag="metamorph"):
    creature: int
    source: int
    trait: str


class Scared(MagicEvent, frozen=True, tag="scare"):
    creature: int
    target: int


class Roused(MagicEvent, frozen=True, tag="rouse"):
    creature: int
    target: int


class Gifted(MagicEvent, frozen=True, tag="gift"):
    creature: int
    target: int


class EnergyTaken(MagicEvent, frozen=True, tag="gain"):
    creature: int
    part: str


class Gulped(MagicEvent, frozen=True, tag="voracious"):
    """Прожорливое's second token from the lower part (MC-R30)."""

    creature: int


class Molted(MagicEvent, frozen=True, tag="molt"):
    creature: int
    card: int
    trait: str


class Transmuted(MagicEvent, frozen=True, tag="transmute"):
    seat: int
    creature: int
    tokens: int  # the seat's transmutation tokens after this one


class GameWon(MagicEvent, frozen=True, tag="win"):
    seat: int


class AttackDeclared(MagicEvent, frozen=True, tag="attack"):
    creature: int
    target: int
    props: list[str]


class Hit(MagicEvent, frozen=True, tag="hit"):
    """One attacking property resolved. A successful Огнедышащее burns in `Burned`."""

    creature: int
    target: int
    prop: str
    success: bool
    gain: int = 0


class Burned(MagicEvent, frozen=True, tag="burn"):
    creature: int
    target: int
    card: int
    trait: str
    gain: int = 0


class Pricked(MagicEvent, frozen=True, tag="thorns"):
    creature: int
    target: int
    lost: int


class WillSleep(MagicEvent, frozen=True, tag="drowsy"):
    creature: int
    reason: str  # "sleep", "attack", "voracious" or "pesky"


class FellAsleep(MagicEvent, frozen=True, tag="asleep"):
    creature: int


class ActivationEnded(MagicEvent, frozen=True, tag="end"):
    creature: int


class RoundEnded(MagicEvent, frozen=True, tag="round_end"):
    round: int
    solo: bool = False  # only the human's creatures counted (MC-R39)


class AllWoke(MagicEvent, frozen=True, tag="wake"):
    pass


class ChoiceRevealed(MagicEvent, frozen=True, tag="choice"):
    """Solo: the Shade reveals its top choice card (spec §7.2)."""

    value: int
    purpose: str


class ChoicesShuffled(MagicEvent, frozen=True, tag="choice_shuffle"):
    deck: list[int]


class ShadeGrew(MagicEvent, frozen=True, tag="shade_prop"):
    """Solo: the Shade's drawn card; `creature` 0 = discarded for want of a recipient."""

    card: int
    trait: str
    creature: int


Event = Union[
    GameStarted, PositionSet, SourceRevealed, CreatureCreated, Drew, Reshuffled, RoundStarted,
    Await, HandKept, HandSwapped, TurnStarted, PropertyAdded, Activated, Copied, Scared, Roused,
    Gifted, EnergyTaken, Gulped, Molted, Transmuted, GameWon, AttackDeclared, Hit, Burned,
    Pricked, WillSleep, FellAsleep, ActivationEnded, RoundEnded, AllWoke, ChoiceRevealed,
    ChoicesShuffled, ShadeGrew,
]

REVEALING = (GameStarted, PositionSet, SourceRevealed, Drew, Reshuffled, HandSwapped,
             ChoiceRevealed, ChoicesShuffled, ShadeGrew)
