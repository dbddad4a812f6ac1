"""Events of `magic`: facts, random outcomes included, folded by `fold.evolve`.

`REVEALING` lists the event types that make hidden information known (a draw, a shuffle, a
new source); strict undo refuses to take back a move that produced one (contract 7).
"""

# No `from __future__ import annotations`: msgspec would compile every annotation string of
# these structs at every start (contract 10: a command's start stays cheap).

from typing import Union

import msgspec

from core.games.magic.state import MagicState


class MagicEvent(msgspec.Struct, frozen=True, tag_field="t", omit_defaults=True):
    pass


class GameStarted(MagicEvent, tag="start"):
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


class PositionSet(MagicEvent, tag="position"):
    """A whole position, from a scenario file."""

    state: MagicState


class SourceRevealed(MagicEvent, tag="source"):
    source: str
    lower: int
    upper: int


class CreatureCreated(MagicEvent, tag="create"):
    seat: int
    uid: int
    card: int
    dealt: bool = False  # from the top of the deck (setup, the Shade) rather than the hand
    faceless: bool = False  # nobody may look at its face: a Shade creature (MC-R50)


class Drew(MagicEvent, tag="draw"):
    seat: int
    cards: list[int]


class Reshuffled(MagicEvent, tag="reshuffle"):
    """The discard pile shuffled into a new deck (MC-R8)."""

    deck: list[int]


class RoundStarted(MagicEvent, tag="round"):
    round: int
    first: int


class Await(MagicEvent, tag="await"):
    """The next decision: `seat` must decide `step`."""

    seat: int
    step: str


class HandKept(MagicEvent, tag="keep"):
    seat: int


class HandSwapped(MagicEvent, tag="swap"):
    seat: int
    count: int


class TurnStarted(MagicEvent, tag="turn"):
    seat: int


class PropertyAdded(MagicEvent, tag="add"):
    seat: int
    creature: int
    card: int
    trait: str


class Activated(MagicEvent, tag="activate"):
    seat: int
    creature: int


class Copied(MagicEvent, tag="metamorph"):
    creature: int
    source: int
    trait: str


class Scared(MagicEvent, tag="scare"):
    creature: int
    target: int


class Roused(MagicEvent, tag="rouse"):
    creature: int
    target: int


class Gifted(MagicEvent, tag="gift"):
    creature: int
    target: int


class EnergyTaken(MagicEvent, tag="gain"):
    creature: int
    part: str


class Gulped(MagicEvent, tag="voracious"):
    """Прожорливое's second token from the lower part (MC-R30)."""

    creature: int


class Molted(MagicEvent, tag="molt"):
    creature: int
    card: int
    trait: str


class Transmuted(MagicEvent, tag="transmute"):
    seat: int
    creature: int
    tokens: int  # the seat's transmutation tokens after this one


class GameWon(MagicEvent, tag="win"):
    seat: int


class AttackDeclared(MagicEvent, tag="attack"):
    creature: int
    target: int
    props: list[str]


class Hit(MagicEvent, tag="hit"):
    """One attacking property resolved. A successful Огнедышащее burns in `Burned`."""

    creature: int
    target: int
    prop: str
    success: bool
    gain: int = 0


class Burned(MagicEvent, tag="burn"):
    creature: int
    target: int
    card: int
    trait: str
    gain: int = 0


class Pricked(MagicEvent, tag="thorns"):
    creature: int
    target: int
    lost: int


class WillSleep(MagicEvent, tag="drowsy"):
    creature: int
    reason: str  # "sleep", "attack", "voracious" or "pesky"


class FellAsleep(MagicEvent, tag="asleep"):
    creature: int


class ActivationEnded(MagicEvent, tag="end"):
    creature: int


class RoundEnded(MagicEvent, tag="round_end"):
    round: int
    solo: bool = False  # only the human's creatures counted (MC-R39)


class AllWoke(MagicEvent, tag="wake"):
    pass


class ChoiceRevealed(MagicEvent, tag="choice"):
    """Solo: the Shade reveals its top choice card (spec §7.2)."""

    value: int
    purpose: str


class ChoicesShuffled(MagicEvent, tag="choice_shuffle"):
    deck: list[int]


class ShadeGrew(MagicEvent, tag="shade_prop"):
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
