"""The state of a `northstar` game (spec §2-§4, §7). Only `fold.evolve` changes it.

Species are numbered per owner: the k-th species a seat ever makes is `A1`, `A2`, … for the
first seat, `B1`, … for the second (uid = 1000·seat + k). Numbering per owner keeps a secret
plan of the short variant secret: a new species' number says nothing about what the other
seats planned (spec §7.4).

Each class writes out its `__init__`, which mypyc compiles (a dataclass's own stays
interpreted; docs/bots.md)."""

# No `from __future__ import annotations`: the annotations stay objects, which msgspec reads as
# they are (compiled, core/native.py gives them back from this source, as written).

from dataclasses import dataclass, field
from typing import Final

from core.games.northstar.steps import Effect, PlayStep

SEAT_LETTERS: Final = "ABCDEF"
UID_BASE: Final = 1000  # uid = UID_BASE * seat + k, k >= 1


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

    def __init__(self, uid: int, owner: int, pop: int = 1, body: int = 1,
                 cards: list[int] | None = None, traits: list[str] | None = None,
                 hidden: list[int] | None = None, plant: int = 0, meat: int = 0, fatfood: int = 0,
                 fat: int = 0) -> None:
        self.uid = uid
        self.owner = owner
        self.pop = pop
        self.body = body
        self.cards = [] if cards is None else cards
        self.traits = [] if traits is None else traits
        self.hidden = [] if hidden is None else hidden
        self.plant = plant
        self.meat = meat
        self.fatfood = fatfood
        self.fat = fat

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

    def __init__(self, hand: list[int] | None = None, row: list[int] | None = None, made: int = 0,
                 food: int = 0, done: bool = False, plan: list[PlayStep] | None = None,
                 bag_plant: int = 0, bag_meat: int = 0, bag_fat: int = 0, score: int = 0) -> None:
        self.hand = [] if hand is None else hand
        self.row = [] if row is None else row
        self.made = made
        self.food = food
        self.done = done
        self.plan = [] if plan is None else plan
        self.bag_plant = bag_plant
        self.bag_meat = bag_meat
        self.bag_fat = bag_fat
        self.score = score

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

    def __init__(self, seed: int, rng_count: int, short: bool, open_bags: bool,
                 players: list[Player], species: dict[int, Species], deck: list[int],
                 discard: list[int], removed: list[int], hole: int = 0,
                 shown: list[int] | None = None, round: int = 0, first: int = 0, last: int = 0,
                 phase: str = "", step: str = "", decider: int = 0, go: int = 0, fed: bool = False,
                 acted: bool = False, idle: int = 0, off: list[str] | None = None,
                 effects: list[Effect] | None = None, winners: list[int] | None = None,
                 version: int = 0) -> None:
        self.seed = seed
        self.rng_count = rng_count
        self.short = short
        self.open_bags = open_bags
        self.players = players
        self.species = species
        self.deck = deck
        self.discard = discard
        self.removed = removed
        self.hole = hole
        self.shown = [] if shown is None else shown
        self.round = round
        self.first = first
        self.last = last
        self.phase = phase
        self.step = step
        self.decider = decider
        self.go = go
        self.fed = fed
        self.acted = acted
        self.idle = idle
        self.off = [] if off is None else off
        self.effects = [] if effects is None else effects
        self.winners = [] if winners is None else winners
        self.version = version

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
