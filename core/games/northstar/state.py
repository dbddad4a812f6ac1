"""The state of a `northstar` game (spec §2-§4, §7). Only `fold.evolve` changes it.

Species are numbered per owner: the k-th species a seat ever makes is `A1`, `A2`, … for the
first seat, `B1`, … for the second (uid = 1000·seat + k). Numbering per owner keeps a secret
plan of the short variant secret: a new species' number says nothing about what the other
seats planned (spec §7.4).
"""

# No `from __future__ import annotations`: the annotations stay objects, which msgspec reads as
# they are (compiled, core/native.py gives them back from this source, as written).

from dataclasses import dataclass, field

from core.games.northstar.steps import Effect, PlayStep

SEAT_LETTERS = "ABCDEF"
UID_BASE = 1000  # uid = UID_BASE * seat + k, k >= 1


def species_uid(seat: int, k: int) -> int:
    return UID_BASE * seat + k


def species_owner(uid: int) -> int:
    return uid // UID_BASE


def species_label(uid: int) -> str:
    """`A1` for seat 0's first species (notation, texts)."""
    seat, k = divmod(uid, UID_BASE)
    letter = SEAT_LETTERS[seat] if 0 <= seat < len(SEAT_LETTERS) else "?"
    return f"{letter}{k}"


# The phase each step is asked in (here, not in the scenario module: the invariants a loaded
# save is checked by need it, and a command needs no scenario schema).
PHASES = {"food": "food", "play": "play", "plan": "play", "order": "before", "feed": "feed",
          "over": "over"}


@dataclass
class Species:
    uid: int  # see the module docstring; "A1" in notation
    owner: int
    pop: int = 1  # population 1-6 (0 only on the way to extinction)
    body: int = 1  # body size 1-6
    cards: list[int] = field(default_factory=list)  # trait cards, in the order placed
    traits: list[str] = field(default_factory=list)  # the trait of each card in `cards`
    hidden: list[int] = field(default_factory=list)  # cards still face down (placed in this phase 3, §3.5)
    plant: int = 0  # food on the board, by kind (NS2)
    meat: int = 0
    fatfood: int = 0  # fat moved onto the board before the reveal (§3.6 4a)
    fat: int = 0  # fat on its Fat Tissue card

    @property
    def food(self) -> int:
        return self.plant + self.meat + self.fatfood


@dataclass
class Player:
    hand: list[int] = field(default_factory=list)
    row: list[int] = field(default_factory=list)  # species uids, left to right
    made: int = 0  # species this seat has made so far (the k of its next uid is made + 1)
    food: int = 0  # the food card chosen face down this round (0: none yet), §3.4
    done: bool = False  # phase 3: his turn is over (short variant: his plan is submitted)
    # short variant: the secret card uses, applied at the reveal
    plan: list[PlayStep] = field(default_factory=list)
    bag_plant: int = 0  # the food bag, by kind (NS2, NS29)
    bag_meat: int = 0
    bag_fat: int = 0
    score: int = 0  # final points (§7.1)

    @property
    def bag(self) -> int:
        return self.bag_plant + self.bag_meat + self.bag_fat


@dataclass
class NorthStarState:
    seed: int
    rng_count: int  # random operations so far (engine.rng.derived)
    short: bool  # the short variant: phase 3 played by all at once (§7.4)
    open_bags: bool  # the food bags' totals are open to everyone (NS29)
    players: list[Player]
    species: dict[int, Species]
    deck: list[int]  # draw pile, top last; nobody sees its order
    discard: list[int]  # discard pile, face up
    removed: list[int]  # two players: 40 cards out of the game unseen (NS26)
    hole: int = 0  # plant food on the watering hole (§6)
    # the food cards revealed this round (they went to the discard pile)
    shown: list[int] = field(default_factory=list)
    round: int = 0
    first: int = 0  # the first player of this round
    last: int = 0  # the round flagged as the last one (0: none yet), NS24
    phase: str = ""  # deal | food | play | before | feed | over
    step: str = ""  # the pending decision kind; "over" once the game has ended
    decider: int = 0  # the seat that must decide `step`
    go: int = 0  # the active player (phase 3, before the reveal, feeding turns)
    fed: bool = False  # this feeding turn's feeding action was taken (NS5)
    acted: bool = False  # this feeding turn was not idle (food taken, attack, Intelligence)
    idle: int = 0  # idle feeding turns in a row (NS5)
    off: list[str] = field(default_factory=list)  # trait names Intelligence switched off for this turn (NS13)
    # the before-reveal effects the active player has still to resolve
    effects: list[Effect] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    version: int = 0  # events folded so far; lets the rules cache the legal actions of a state

    @property
    def n(self) -> int:
        """The number of seats (`core.engine.seats.Seated`, which a compiled class cannot mix in)."""
        return len(self.players)


def clone_species(x: Species) -> Species:
    return Species(x.uid, x.owner, x.pop, x.body, x.cards[:], x.traits[:], x.hidden[:], x.plant,
                   x.meat, x.fatfood, x.fat)


def clone_player(p: Player) -> Player:
    return Player(p.hand[:], p.row[:], p.made, p.food, p.done, p.plan[:], p.bag_plant,
                  p.bag_meat, p.bag_fat, p.score)


def clone(s: NorthStarState) -> NorthStarState:
    """A deep copy, written out by hand because bots and snapshots clone often (actions and
    effects are frozen and shared)."""
    return NorthStarState(
        s.seed, s.rng_count, s.short, s.open_bags, [clone_player(p) for p in s.players],
        {u: clone_species(x) for u, x in s.species.items()}, s.deck[:], s.discard[:],
        s.removed[:], s.hole, s.shown[:], s.round, s.first, s.last, s.phase, s.step, s.decider,
        s.go, s.fed, s.acted, s.idle, s.off[:], s.effects[:], s.winners[:], s.version,
    )
