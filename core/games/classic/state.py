"""The state of a `classic` game (spec §2-§4). Only `fold.evolve` changes it.

Each class but the frozen `Trigger` writes out its `__init__`, which mypyc compiles (a
dataclass's own stays interpreted; docs/bots.md)."""

# No `from __future__ import annotations`: the annotations stay objects, which msgspec reads as
# they are (compiled, core/native.py gives them back from this source, as written).

from dataclasses import dataclass, field

from core.kits.evolution import state as K

Link = K.Link


# The phase each step is asked in (here, not in the scenario module: the invariants a loaded
# save is checked by need it, and a command needs no scenario schema).
PHASES = {"develop": "develop", "feed": "feed", "defend": "feed", "trigger": "feed",
          "scavenger": "feed", "reserve": "extinction", "discard": "extinction", "over": "over"}


@dataclass
class Animal(K.Animal):
    """An animal of classic's rules: the kit's (uid, owner, card, its cards and traits, red, blue
    and fat tokens), and:"""

    need: int = 1  # 1 + the food its properties add (§3.1), kept by the fold
    fat_cards: int = 0  # its Жировой запас cards, kept by the fold
    hibernating: bool = False  # Спячка this turn: counts as fed (CL19)
    slept: int = 0  # the last turn it used Спячка, 0 = never (CL10)
    poisoned: bool = False  # ate a Ядовитое animal: dies at X1 (CL22)
    turned: bool = False  # v0.9: turned 90° as hungry at the last X3 (CL30, CL40)

    def __init__(self, uid: int, owner: int, card: int, cards: list[int] | None = None,
                 traits: list[str] | None = None, red: int = 0, blue: int = 0, fat: int = 0,
                 need: int = 1, fat_cards: int = 0, hibernating: bool = False, slept: int = 0,
                 poisoned: bool = False, turned: bool = False) -> None:
        super().__init__(uid, owner, card, cards, traits, red, blue, fat)
        self.need = need
        self.fat_cards = fat_cards
        self.hibernating = hibernating
        self.slept = slept
        self.poisoned = poisoned
        self.turned = turned


@dataclass(frozen=True)
class Trigger:
    """A pending paired trigger (§3.8): `card` would give food to animal `to`."""

    card: int
    to: int


@dataclass
class Attack:
    predator: int
    prey: int  # the current target
    targeted: list[int]  # every animal targeted in this attack, in order (CL15)
    spent: list[int] = field(default_factory=list)  # defence cards already used in this attack
    stage: str = "defend"  # defend | scavenge (the prey was eaten) | done

    def __init__(self, predator: int, prey: int, targeted: list[int],
                 spent: list[int] | None = None, stage: str = "defend") -> None:
        self.predator = predator
        self.prey = prey
        self.targeted = targeted
        self.spent = [] if spent is None else spent
        self.stage = stage


@dataclass
class Player:
    hand: list[int] = field(default_factory=list)
    row: list[int] = field(default_factory=list)  # animal uids, left to right in creation order (CL37)
    pile: list[int] = field(default_factory=list)  # `classic`: the player's own face-down discard pile (CL24)
    passed: bool = False  # passed in this development phase
    score: int = 0  # `v09`: points so far
    fed: int = 0  # `v09`: fed animals at the last scoring (tie-break)
    reserve: int = 0  # `v09` + personal food: tokens in the personal reserve
    bonus: int = 0  # `v09`: bonus cards owed at this turn's X5 (CL32)

    def __init__(self, hand: list[int] | None = None, row: list[int] | None = None,
                 pile: list[int] | None = None, passed: bool = False, score: int = 0, fed: int = 0,
                 reserve: int = 0, bonus: int = 0) -> None:
        self.hand = [] if hand is None else hand
        self.row = [] if row is None else row
        self.pile = [] if pile is None else pile
        self.passed = passed
        self.score = score
        self.fed = fed
        self.reserve = reserve
        self.bonus = bonus


@dataclass
class ClassicState:
    seed: int
    rng_count: int  # random operations so far (engine.rng.derived)
    v09: bool  # the fan variant v0.9 rather than the classic rules
    personal: bool  # v0.9 personal food reserve
    five: bool  # v0.9 five players
    mimicry3: bool  # 3rd-edition mimicry: each Мимикрия card once per turn (CL15)
    single_poisonous: bool  # the Ядовитое/Хищник line is a one-property card (CL3)
    length: int  # v0.9: the number of turns (§7.2); 0 in classic
    players: list[Player]
    animals: dict[int, Animal]
    links: dict[int, Link]  # paired cards by card number
    deck: list[int]  # the top of the deck is the last element
    discard: list[int]  # v0.9: the common pile, open to everyone (§8)
    turn: int = 0
    first: int = 0  # first player of this turn
    last: bool = False  # this is the last turn (§3.1)
    phase: str = ""  # develop | feed | extinction | over
    step: str = ""  # the pending decision kind; "over" once the game has ended
    decider: int = 0  # the seat that must decide `step`
    go: int = 0  # whose go it is (development, feeding), or whose turn at X2 and X5
    base: int = 0  # red tokens in the food base
    # this turn's food roll (the base is their sum plus a bonus, §6)
    dice: list[int] = field(default_factory=list)
    idle: int = 0  # goes in a row in which nobody did anything (CL9)
    acted: bool = False  # something was done in this go (CL8, CL39)
    food_done: bool = False  # this go's food action was taken (§3.5)
    # cards used in this go: Топотун, fired paired cards (CL5, CL10)
    go_used: list[int] = field(default_factory=list)
    # cards used this turn: Хищник, Пиратство, Мимикрия (3rd ed.)
    turn_used: list[int] = field(default_factory=list)
    pending: list[Trigger] = field(default_factory=list)  # paired triggers waiting to fire (§3.8)
    attack: Attack | None = None
    next_uid: int = 1
    winners: list[int] = field(default_factory=list)
    # scenarios: the faces the next dice show (never in a view)
    fixed_dice: list[int] = field(default_factory=list)
    version: int = 0  # events folded so far; lets the rules cache the legal actions of a state

    def __init__(self, seed: int, rng_count: int, v09: bool, personal: bool, five: bool,
                 mimicry3: bool, single_poisonous: bool, length: int, players: list[Player],
                 animals: dict[int, Animal], links: dict[int, Link], deck: list[int],
                 discard: list[int], turn: int = 0, first: int = 0, last: bool = False,
                 phase: str = "", step: str = "", decider: int = 0, go: int = 0, base: int = 0,
                 dice: list[int] | None = None, idle: int = 0, acted: bool = False,
                 food_done: bool = False, go_used: list[int] | None = None,
                 turn_used: list[int] | None = None, pending: list[Trigger] | None = None,
                 attack: Attack | None = None, next_uid: int = 1, winners: list[int] | None = None,
                 fixed_dice: list[int] | None = None, version: int = 0) -> None:
        self.seed = seed
        self.rng_count = rng_count
        self.v09 = v09
        self.personal = personal
        self.five = five
        self.mimicry3 = mimicry3
        self.single_poisonous = single_poisonous
        self.length = length
        self.players = players
        self.animals = animals
        self.links = links
        self.deck = deck
        self.discard = discard
        self.turn = turn
        self.first = first
        self.last = last
        self.phase = phase
        self.step = step
        self.decider = decider
        self.go = go
        self.base = base
        self.dice = [] if dice is None else dice
        self.idle = idle
        self.acted = acted
        self.food_done = food_done
        self.go_used = [] if go_used is None else go_used
        self.turn_used = [] if turn_used is None else turn_used
        self.pending = [] if pending is None else pending
        self.attack = attack
        self.next_uid = next_uid
        self.winners = [] if winners is None else winners
        self.fixed_dice = [] if fixed_dice is None else fixed_dice
        self.version = version

    @property
    def n(self) -> int:
        """The number of seats (`core.engine.seats.Seated`, which a compiled class cannot mix in)."""
        return len(self.players)


def clone_animal(a: Animal) -> Animal:
    return Animal(a.uid, a.owner, a.card, a.cards[:], a.traits[:], a.red, a.blue, a.fat, a.need,
                  a.fat_cards, a.hibernating, a.slept, a.poisoned, a.turned)


def clone(s: ClassicState) -> ClassicState:
    """A deep copy, written out by hand because bots and snapshots clone often."""
    at = s.attack
    return ClassicState(
        s.seed, s.rng_count, s.v09, s.personal, s.five, s.mimicry3, s.single_poisonous, s.length,
        [Player(p.hand[:], p.row[:], p.pile[:], p.passed, p.score, p.fed, p.reserve, p.bonus)
         for p in s.players],
        {u: clone_animal(a) for u, a in s.animals.items()},
        {c: Link(k.card, k.trait, k.a, k.b) for c, k in s.links.items()},
        s.deck[:], s.discard[:], s.turn, s.first, s.last, s.phase, s.step, s.decider, s.go,
        s.base, s.dice[:], s.idle, s.acted, s.food_done, s.go_used[:], s.turn_used[:],
        s.pending[:],
        None if at is None else Attack(at.predator, at.prey, at.targeted[:], at.spent[:], at.stage),
        s.next_uid, s.winners[:], s.fixed_dice[:], s.version,
    )
