"""Events of `northstar`: facts, random outcomes included, folded by `fold.evolve`.

Every shuffle (the deck at setup with the two-player removal, every reshuffle) is recorded in
an event, so folding a log never needs the generator. `REVEALING` lists the event types that
make hidden information known; strict undo refuses to take back a move that produced one
(contract 7).
"""

# No `from __future__ import annotations`: msgspec would compile the strings at every start.

from typing import Union

import msgspec

from core.games.northstar.state import NorthStarState
from core.games.northstar.steps import Effect, PlayStep


class NSEvent(msgspec.Struct, frozen=True, tag_field="t", omit_defaults=True, gc=False):
    """An event. Not tracked by the garbage collector (`gc=False`, every event type inherits
    it): an event holds numbers, words and lists of them, or a position, and no reference back
    to anything, so it can be part of no cycle; a move makes several of them."""


class GameStarted(NSEvent, frozen=True, tag="start"):
    """Setup (§2.3): the shuffled draw pile (top last), the cards removed unseen with two
    players (NS26), the first player chosen at random."""

    seed: int
    rng_count: int
    players: int
    short: bool
    open_bags: bool
    deck: list[int]
    removed: list[int]
    first: int


class PositionSet(NSEvent, frozen=True, tag="position"):
    """A whole position, from a scenario file or a branch."""

    state: NorthStarState


class RoundStarted(NSEvent, frozen=True, tag="round"):
    """Phase 1 begins: the round's number and first player (the marker passed left, §3.6 4d)."""

    round: int
    first: int


class PhaseStarted(NSEvent, frozen=True, tag="phase"):
    """food (phase 2) | play (phase 3) | before (4a) | feed (4c) | end (4d)."""

    phase: str


class Await(NSEvent, frozen=True, tag="await"):
    """The next decision: `seat` must decide `step`."""

    seat: int
    step: str


class SpeciesAdded(NSEvent, frozen=True, tag="species"):
    """A new board (p = 1, b = 1) at the left or right end of the own row: free in phase 1
    (`card` 0, P1.1), or for a discarded hand card (NewSpecies, NS23)."""

    seat: int
    uid: int
    left: bool = False
    card: int = 0


class Dealt(NSEvent, frozen=True, tag="deal"):
    """Cards from the top of the draw pile to `seat`'s hand, top first: the deal of phase 1
    (`why` deal) or the draw for an extinct species (`why` extinction, NS30)."""

    seat: int
    cards: list[int]
    why: str = "deal"


class Reshuffled(NSEvent, frozen=True, tag="reshuffle"):
    """The discard pile shuffled into a new draw pile (NS24)."""

    deck: list[int]


class LastRound(NSEvent, frozen=True, tag="last"):
    """A reshuffle flags `round` as the last round (NS24)."""

    round: int


class FoodChosen(NSEvent, frozen=True, tag="choose"):
    """ChooseFoodCard: the card goes face down onto the watering hole (§3.4)."""

    seat: int
    card: int


class TraitPlaced(NSEvent, frozen=True, tag="place"):
    """PlaceTrait: face down on the species (§3.5)."""

    seat: int
    species: int
    card: int
    trait: str


class TraitDropped(NSEvent, frozen=True, tag="drop"):
    """DiscardTrait: the card goes to the discard pile face up; fat on a Fat Tissue goes into
    the owner's bag (NS14)."""

    seat: int
    species: int
    card: int
    trait: str
    fat: int = 0


class Grown(NSEvent, frozen=True, tag="grow"):
    """IncreaseBodySize (`track` body) or IncreasePopulation (`track` pop): the card is
    discarded face up."""

    seat: int
    species: int
    card: int
    track: str
    to: int  # the track's new value


class TurnDone(NSEvent, frozen=True, tag="done"):
    """A phase-3 turn is over (short variant: the plan is submitted); `auto`: nothing to play."""

    seat: int
    auto: bool = False


class Planned(NSEvent, frozen=True, tag="plan"):
    """Short variant (§7.4): a card use joins the seat's secret plan."""

    seat: int
    step: PlayStep


class PlansShown(NSEvent, frozen=True, tag="plans"):
    """Short variant: every seat has submitted; the plans are applied now, in turn order."""


class TraitsRevealed(NSEvent, frozen=True, tag="reveal"):
    """End of phase 3: every face-down trait turns face up (§3.5): `cards[i]` on `species[i]`."""

    species: list[int]
    cards: list[int]
    traits: list[str]


class Effects(NSEvent, frozen=True, tag="effects"):
    """4a: `seat`'s before-reveal effects, to be resolved (NS19)."""

    seat: int
    effects: list[Effect]


class EffectUsed(NSEvent, frozen=True, tag="effect"):
    """4a: one before-reveal effect resolves now (its result follows)."""

    species: int
    trait: str


class FatMoved(NSEvent, frozen=True, tag="fat_move"):
    """4a Fat Tissue: `k` fat from the card onto the board (not a take, §4.1)."""

    species: int
    k: int


class Bred(NSEvent, frozen=True, tag="fertile"):
    """4a Fertile: +1 population (NS18), now `pop`."""

    species: int
    pop: int


class FoodRevealed(NSEvent, frozen=True, tag="food_reveal"):
    """4b: the food cards turn up (`cards` in turn order); their numbers add to `total`; the
    watering hole changes by `change` (a negative total removes only what is there, NS20).
    The cards go to the discard pile."""

    cards: list[int]
    total: int
    change: int
    hole: int  # the watering hole afterwards


class TurnStarted(NSEvent, frozen=True, tag="turn"):
    seat: int


class Took(NSEvent, frozen=True, tag="take"):
    """A take (§4.1): `board` units onto the board, `fat` onto the Fat Tissue card, of `kind`
    plant | meat, from `place` hole | bank. `forage`: Foraging's extra unit is included (NS15).
    `why`: eat | meat | scavenger | cooperation | long_neck | intelligence."""

    species: int
    kind: str
    place: str
    board: int
    fat: int
    why: str
    forage: bool = False


class Attacked(NSEvent, frozen=True, tag="attack"):
    """The feeding action Attack (§4.3)."""

    attacker: int
    target: int


class PopLost(NSEvent, frozen=True, tag="pop_loss"):
    """One population lost (`why` attack | horns); food above the new population goes into the
    owner's bag (NS7): that many plant, meat and fat units."""

    species: int
    why: str
    pop: int  # the population afterwards
    plant: int = 0
    meat: int = 0
    fatfood: int = 0


class Extinct(NSEvent, frozen=True, tag="extinct"):
    """Population 0 (§4.6): food and fat into the owner's bag, the trait cards to the discard
    pile, the board leaves the row."""

    species: int


class Smarted(NSEvent, frozen=True, tag="intel"):
    """Intelligence (§4.5): `card` discarded; herbivore `species` takes food next, or the trait
    name `off` is switched off for the rest of this turn (NS13)."""

    seat: int
    card: int
    species: int = 0
    off: str = ""


class TurnEnded(NSEvent, frozen=True, tag="turn_end"):
    """A feeding turn ends; `idle`: no food taken, no attack, no Intelligence (NS5); `auto`:
    the seat had nothing to do."""

    seat: int
    idle: bool
    auto: bool = False


class Starved(NSEvent, frozen=True, tag="starve"):
    """4d step 1: population reduced to the food on the board."""

    species: int
    pop: int


class Bagged(NSEvent, frozen=True, tag="bag"):
    """4d step 2: all food on `seat`'s boards into his bag (fat on cards stays)."""

    seat: int
    plant: int
    meat: int
    fatfood: int
    total: int  # what the bag holds afterwards (told to its owner only, NS29)


class FatBagged(NSEvent, frozen=True, tag="fat_bag"):
    """End of the game (§7.1): the fat on `seat`'s Fat Tissue cards into his bag."""

    seat: int
    k: int


class GameEnded(NSEvent, frozen=True, tag="over"):
    """Scoring (§7.1): each seat's bag, population and trait points; the winners after the
    tie-breaks (NS25: several means a shared victory)."""

    bags: list[int]
    pops: list[int]
    traits: list[int]
    winners: list[int]


Event = Union[
    GameStarted, PositionSet, RoundStarted, PhaseStarted, Await, SpeciesAdded, Dealt, Reshuffled,
    LastRound, FoodChosen, TraitPlaced, TraitDropped, Grown, TurnDone, Planned, PlansShown,
    TraitsRevealed, Effects, EffectUsed, FatMoved, Bred, FoodRevealed, TurnStarted, Took,
    Attacked, PopLost, Extinct, Smarted, TurnEnded, Starved, Bagged, FatBagged, GameEnded,
]

REVEALING = (GameStarted, PositionSet, Dealt, Reshuffled, PlansShown, TraitsRevealed,
             FoodRevealed, GameEnded)
# What of it chance dealt: the deck's order. The plans, face-down traits and food cards shown
# were chosen by the players, and the bags opened at the end hold what they gathered (NS29):
# the review does not count those as luck.
CHANCE = (GameStarted, PositionSet, Dealt, Reshuffled)
