"""Events of `newworld`: facts, random outcomes included, folded by `fold.evolve`.

Every shuffle (evolution deck, habitat cards, reshuffles), every die (Быстрое, Рогатое, the
lot) and every reveal is recorded in an event, so folding a log never needs the generator.
`REVEALING` lists the event types that make hidden information known; strict undo refuses to
take back a move that produced one (contract 7).
"""

# No `from __future__ import annotations`: msgspec would compile the strings at every start.

from typing import Union

import msgspec

from core.games.newworld.state import NewWorldState


class NWEvent(msgspec.Struct, frozen=True, tag_field="t", omit_defaults=True, gc=False):
    """An event. Not tracked by the garbage collector (`gc=False`, every event type inherits
    it): an event holds numbers, words and lists of them, or a position, and no reference back
    to anything, so it can be part of no cycle; a move makes several of them."""


class GameStarted(NWEvent, frozen=True, tag="start"):
    """Setup (§2.3): the shuffled evolution deck (top last) and habitat cards; the first
    `open` habitat cards go face up left to right, the next `length` form the stack (top
    last), the rest go back to the box unseen."""

    seed: int
    rng_count: int
    players: int
    scenario: str
    unlimited: bool
    length: int
    deck: list[int]
    habitats: list[int]
    open: int
    first: int


class PositionSet(NWEvent, frozen=True, tag="position"):
    """A whole position, from a scenario file or a branch."""

    state: NewWorldState


class Dealt(NWEvent, frozen=True, tag="deal"):
    """Cards from the top of the deck, one at a time: `cards[i]` goes to seat `seats[i]` —
    into the hand, or face down onto the gene pool (`pool`, Случайные мутации)."""

    seats: list[int]
    cards: list[int]
    pool: bool = False


class Boxed(NWEvent, frozen=True, tag="box"):
    """Катаклизм: the rest of the deck goes to the box unseen (§7.5)."""

    k: int


class Reshuffled(NWEvent, frozen=True, tag="reshuffle"):
    """The discard pile shuffled into a new deck (NW38)."""

    deck: list[int]


class EpochStarted(NWEvent, frozen=True, tag="epoch"):
    epoch: int
    first: int


class Await(NWEvent, frozen=True, tag="await"):
    """The next decision: `seat` must decide `step`."""

    seat: int
    step: str


# --- development ----------------------------------------------------------------------------

class Created(NWEvent, frozen=True, tag="create"):
    """A new animal: from the hand, the gene pool's top (unseen), or the revealed card that
    fitted nowhere (`source` hand | pool | reveal); placed just left of `before` (0: right end)."""

    seat: int
    uid: int
    card: int
    before: int = 0
    source: str = "hand"


class Added(NWEvent, frozen=True, tag="add"):
    seat: int  # who played the card (a Паразит goes under another player's animal)
    animal: int
    card: int
    trait: str
    source: str = "hand"  # hand | reveal


class Paired(NWEvent, frozen=True, tag="pair"):
    """A paired card joins `a` and `b` (Симбиоз: `a` protects `b`); `row` is the owner's row
    afterwards (the partners brought together, §3.3 ArrangeRow)."""

    seat: int
    card: int
    trait: str
    a: int
    b: int
    row: list[int]
    source: str = "hand"


class Swapped(NWEvent, frozen=True, tag="swap"):
    """ArrangeRow: the owner's row afterwards."""

    seat: int
    row: list[int]


class Passed(NWEvent, frozen=True, tag="pass"):
    seat: int
    auto: bool = False  # nothing to play, or nothing possible in feeding (F2)


class Revealed(NWEvent, frozen=True, tag="reveal"):
    """Случайные мутации: the top gene-pool card is shown, to be placed on `animal` (a
    mutation) or to replace property card `old` of `animal` (Превращение)."""

    seat: int
    card: int
    animal: int
    old: int = 0


class Retargeted(NWEvent, frozen=True, tag="retarget"):
    """Случайные мутации: neither side fits; the card is tried on the animal to the right."""

    animal: int


# --- habitats -------------------------------------------------------------------------------

class HabitatRevealed(NWEvent, frozen=True, tag="habitat"):
    """H1: the top of the habitat stack goes face up at the left end; `last`: the stack is
    now empty (H3, NW48)."""

    card: int
    last: bool


class Filled(NWEvent, frozen=True, tag="fill"):
    """H2: each listed habitat now holds `red[i]` food and `shelter[i]` discs."""

    keys: list[str]
    red: list[int]
    shelter: list[int]


# --- feeding --------------------------------------------------------------------------------

class FeedingStarted(NWEvent, frozen=True, tag="feeding"):
    pass


class TurnStarted(NWEvent, frozen=True, tag="turn"):
    seat: int


class TurnEnded(NWEvent, frozen=True, tag="turn_end"):
    seat: int


class Foraged(NWEvent, frozen=True, tag="forage"):
    """FeedInHabitat: the turn's main action (the token moves in the `food` event after it)."""

    animal: int
    habitat: str


class Food(NWEvent, frozen=True, tag="food"):
    """Tokens placed on an animal (GiveFood, §4.1): `red` / `blue` food, `fat` yellow tokens on
    empty Жировой запас cards. With `habitat`, red + fat tokens left that habitat. `why`:
    habitat, communication, cooperation, kill, tail, scavenger."""

    animal: int
    why: str
    red: int = 0
    blue: int = 0
    fat: int = 0
    habitat: str = ""


class Sheltered(NWEvent, frozen=True, tag="shelter"):
    animal: int
    habitat: str


class Triggered(NWEvent, frozen=True, tag="triggers"):
    """`animal` has taken food in `habitat`: its food triggers join the stack (§4.3)."""

    animal: int
    habitat: str
    cards: list[int]


class Fired(NWEvent, frozen=True, tag="fire"):
    """A pending paired card acts (once per turn, NW9)."""

    card: int
    to: int


class Trampled(NWEvent, frozen=True, tag="trample"):
    """Копытное: one more red token of the habitat back to the supply (NW17)."""

    animal: int
    card: int
    habitat: str


class Spared(NWEvent, frozen=True, tag="spare"):
    """Копытное not used."""

    card: int


class FrameDone(NWEvent, frozen=True, tag="triggers_done"):
    """The innermost pending triggers can do nothing more."""


class Attacked(NWEvent, frozen=True, tag="attack"):
    predator: int
    prey: int
    card: int  # the Хищное card, rotated for the epoch (NW9)


class Rolled(NWEvent, frozen=True, tag="roll"):
    """A defence die (NW20): Рогатое (`kind` horned, 5-6 kills the predator) or Быстрое
    (running, 4-6 escapes)."""

    animal: int
    card: int
    kind: str
    die: int
    success: bool


class Mimicked(NWEvent, frozen=True, tag="mimic"):
    animal: int
    to: int
    card: int


class TailLost(NWEvent, frozen=True, tag="tail"):
    animal: int
    card: int
    trait: str


class Deterred(NWEvent, frozen=True, tag="deter"):
    animal: int
    card: int


class Eaten(NWEvent, frozen=True, tag="eaten"):
    prey: int
    predator: int


class Died(NWEvent, frozen=True, tag="died"):
    animal: int
    cause: str  # horned | poison | starved


class Poisoned(NWEvent, frozen=True, tag="poison"):
    animal: int


class SwampFed(NWEvent, frozen=True, tag="swamp"):
    """A death adds a red token to each listed Болота (§6.3)."""

    keys: list[str]


class Scavenged(NWEvent, frozen=True, tag="scavenge"):
    """The scavenger chosen for an attack death (0: nobody can eat, NW29)."""

    animal: int


class AttackEnded(NWEvent, frozen=True, tag="attack_end"):
    pass


class Pirated(NWEvent, frozen=True, tag="pirate"):
    animal: int
    victim: int
    card: int
    colour: str  # red | blue: the stolen token keeps its colour (NW3)


class Transformed(NWEvent, frozen=True, tag="transform"):
    """Превращение (card `by`): property card `old` of `animal` is discarded, `card` shows
    `trait` under it instead."""

    animal: int
    by: int
    old: int
    card: int
    trait: str
    source: str = "hand"  # hand | reveal


class Wasted(NWEvent, frozen=True, tag="wasted"):
    """Случайные мутации: the revealed card fits nowhere and is discarded (§7.4)."""

    card: int
    animal: int = 0
    by: int = 0  # the Превращение card spent on it


class Surplus(NWEvent, frozen=True, tag="surplus"):
    """Food beyond the need goes back to the supply (NW35)."""

    animal: int
    red: int = 0
    blue: int = 0


class FeedingEnded(NWEvent, frozen=True, tag="feeding_end"):
    pass


# --- extinction, draw, end ------------------------------------------------------------------

class FatUsed(NWEvent, frozen=True, tag="fat"):
    """E2: fat tokens become food (NW4)."""

    animal: int
    k: int


class Hibernated(NWEvent, frozen=True, tag="hibernate"):
    """E2: Спячка is discarded and the animal survives this extinction (NW25)."""

    animal: int
    card: int


class CleanedUp(NWEvent, frozen=True, tag="cleanup"):
    """E5: food and shelters off the animals (fat stays), rotated cards upright, poison gone."""


class HabitatDiscarded(NWEvent, frozen=True, tag="habitat_discard"):
    card: int


class Discarded(NWEvent, frozen=True, tag="discard"):
    seat: int
    card: int


class PoolTrimmed(NWEvent, frozen=True, tag="pool_trim"):
    """Случайные мутации: gene-pool cards beyond the cap go to the discard from its bottom."""

    seat: int
    cards: list[int]


class Lot(NWEvent, frozen=True, tag="lot"):
    """A tie decided by lot (NW40): one d6 per tied seat; the highest wins, ties roll again."""

    seats: list[int]
    dice: list[int]


class GameEnded(NWEvent, frozen=True, tag="over"):
    scores: list[int]
    animals: list[int]
    winners: list[int]
    lot: bool = False


Event = Union[
    GameStarted, PositionSet, Dealt, Boxed, Reshuffled, EpochStarted, Await, Created, Added,
    Paired, Swapped, Passed, Revealed, Retargeted, HabitatRevealed, Filled, FeedingStarted,
    TurnStarted, TurnEnded, Foraged, Food, Sheltered, Triggered, Fired, Trampled, Spared,
    FrameDone, Attacked, Rolled, Mimicked, TailLost, Deterred, Eaten, Died, Poisoned, SwampFed,
    Scavenged, AttackEnded, Pirated, Transformed, Wasted, Surplus, FeedingEnded, FatUsed,
    Hibernated, CleanedUp, HabitatDiscarded, Discarded, PoolTrimmed, Lot, GameEnded,
]

REVEALING = (GameStarted, PositionSet, Dealt, Reshuffled, Revealed, HabitatRevealed, Rolled,
             Lot)
