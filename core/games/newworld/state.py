"""The state of a `newworld` game (spec §2-§4, §6, §7). Only `fold.evolve` changes it.

Each class writes out its `__init__`, which mypyc compiles (a dataclass's own stays
interpreted; docs/bots.md)."""

# No `from __future__ import annotations`: the annotations stay objects, which msgspec reads as
# they are (compiled, core/native.py gives them back from this source, as written).

from dataclasses import dataclass, field

from core.kits.evolution import state as K

Link = K.Link


# The phase each step is asked in (here, not in the scenario module: the invariants a loaded
# save is checked by need it, and a command needs no scenario schema).
PHASES = {"develop": "develop", "side": "develop", "feed": "feed", "trigger": "feed",
          "defend": "feed", "scavenger": "feed", "save": "extinction",
          "discard": "extinction", "over": "over"}


@dataclass
class Animal(K.Animal):
    """An animal of Новый мир's rules: the kit's (uid, owner, card, its cards and traits, red, blue
    and fat tokens), and:"""

    shelter: bool = False  # a green disc (§4.4): no predator may choose it
    need: int = 1  # 1 + the food its properties add (§3.1), kept by the fold
    fat_cards: int = 0  # its Жировой запас cards, kept by the fold
    poisoned: bool = False  # ate a Ядовитое animal: dies at E1 (NW36)
    slept: bool = False  # saved by Спячка at this extinction's E2 (NW25)

    def __init__(self, uid: int, owner: int, card: int, cards: list[int] | None = None,
                 traits: list[str] | None = None, red: int = 0, blue: int = 0, fat: int = 0,
                 shelter: bool = False, need: int = 1, fat_cards: int = 0, poisoned: bool = False,
                 slept: bool = False) -> None:
        super().__init__(uid, owner, card, cards, traits, red, blue, fat)
        self.shelter = shelter
        self.need = need
        self.fat_cards = fat_cards
        self.poisoned = poisoned
        self.slept = slept


@dataclass
class Habitat:
    """One open habitat: a single card, or one half of a double card (§6.1, NW15)."""

    key: str  # "13" a single card; "3u" / "3l" the upper / lower half of card 3
    card: int
    kind: str  # data/habitats.toml
    red: int = 0
    shelter: int = 0

    def __init__(self, key: str, card: int, kind: str, red: int = 0, shelter: int = 0) -> None:
        self.key = key
        self.card = card
        self.kind = kind
        self.red = red
        self.shelter = shelter


@dataclass
class Frame:
    """An animal that has taken food in a habitat, with its triggers still pending (§4.3):
    paired cards (Взаимодействие, Сотрудничество) and its Копытное card. Frames form a stack:
    a partner's frame resolves completely before the next trigger of the first (§3.8)."""

    animal: int
    habitat: str
    cards: list[int]

    def __init__(self, animal: int, habitat: str, cards: list[int]) -> None:
        self.animal = animal
        self.habitat = habitat
        self.cards = cards


@dataclass
class Attack:
    predator: int
    prey: int  # the current target
    targeted: list[int]  # every animal targeted in this attack, in order (NW21)
    hunter: int  # the predator's owner: the scavenger search starts there (NW29)
    stage: str = "defend"  # defend | scavenge (an animal died of it) | done

    def __init__(self, predator: int, prey: int, targeted: list[int], hunter: int,
                 stage: str = "defend") -> None:
        self.predator = predator
        self.prey = prey
        self.targeted = targeted
        self.hunter = hunter
        self.stage = stage


@dataclass
class Player:
    hand: list[int] = field(default_factory=list)
    row: list[int] = field(default_factory=list)  # animal uids, left to right (§2.3)
    # Случайные мутации: the gene pool, top last; nobody sees it (§7.4)
    pool: list[int] = field(default_factory=list)
    passed: bool = False  # passed in this development or feeding phase (NW7)
    score: int = 0  # final points (§7.1)
    swaps: int = 0  # Случайные мутации: row rearrangements this epoch (ArrangeRow)

    def __init__(self, hand: list[int] | None = None, row: list[int] | None = None,
                 pool: list[int] | None = None, passed: bool = False, score: int = 0,
                 swaps: int = 0) -> None:
        self.hand = [] if hand is None else hand
        self.row = [] if row is None else row
        self.pool = [] if pool is None else pool
        self.passed = passed
        self.score = score
        self.swaps = swaps


@dataclass
class NewWorldState:
    seed: int
    rng_count: int  # random operations so far (engine.rng.derived)
    scenario: str  # none | mutations | cataclysm (§7.4, §7.5)
    unlimited: bool  # unlimited hand (§7.2)
    length: int  # habitat cards in the stack at setup = epochs (§7.3); 1 in Катаклизм
    players: list[Player]
    animals: dict[int, Animal]
    links: dict[int, Link]  # paired cards by card number
    deck: list[int]  # evolution deck, top last
    discard: list[int]  # evolution discard pile, open to everyone (NW39)
    box: list[int]  # evolution cards out of the game (Катаклизм), unseen
    habitats: list[Habitat]  # the open habitat row, left to right (halves upper first)
    hstack: list[int]  # habitat stack, top last; unseen (§8)
    hdiscard: list[int]  # discarded habitat cards, open
    hbox: list[int]  # habitat cards returned to the box at setup, unseen
    epoch: int = 0
    first: int = 0  # first player of this epoch
    last: bool = False  # the last epoch, known from H3 (NW48)
    phase: str = ""  # develop | feed | extinction | over
    step: str = ""  # the pending decision kind; "over" once the game has ended
    decider: int = 0  # the seat that must decide `step`
    go: int = 0  # the active player (development and feeding turns)
    turn: int = 0  # feeding turns started in this epoch
    main_done: bool = False  # this feeding turn's main action was taken (§3.5)
    extra_done: bool = False  # this feeding turn's additional action was taken (§4.7)
    arranged: bool = False  # Случайные мутации: the row was rearranged in this turn (NW10)
    # property cards that acted in this player's turn (NW9)
    turn_used: list[int] = field(default_factory=list)
    # rotated cards: Хищное, Мимикрия, Пиратство, Превращение (NW9)
    rotated: list[int] = field(default_factory=list)
    frames: list[Frame] = field(default_factory=list)  # pending food triggers, innermost last (§3.8)
    attack: Attack | None = None
    reveal: int = 0  # Случайные мутации: the revealed card waiting to be placed
    target: int = 0  # ... the animal it is tried on (mutate), or the transforming animal
    replace: int = 0  # ... the property card Превращение replaces (0: a mutation)
    next_uid: int = 1
    winners: list[int] = field(default_factory=list)
    by_lot: bool = False  # the winner was decided by lot (NW40)
    # scenarios: the faces the next dice show (never in a view)
    fixed_dice: list[int] = field(default_factory=list)
    version: int = 0  # events folded so far; lets the rules cache the legal actions of a state

    def __init__(self, seed: int, rng_count: int, scenario: str, unlimited: bool, length: int,
                 players: list[Player], animals: dict[int, Animal], links: dict[int, Link],
                 deck: list[int], discard: list[int], box: list[int], habitats: list[Habitat],
                 hstack: list[int], hdiscard: list[int], hbox: list[int], epoch: int = 0,
                 first: int = 0, last: bool = False, phase: str = "", step: str = "",
                 decider: int = 0, go: int = 0, turn: int = 0, main_done: bool = False,
                 extra_done: bool = False, arranged: bool = False,
                 turn_used: list[int] | None = None, rotated: list[int] | None = None,
                 frames: list[Frame] | None = None, attack: Attack | None = None, reveal: int = 0,
                 target: int = 0, replace: int = 0, next_uid: int = 1,
                 winners: list[int] | None = None, by_lot: bool = False,
                 fixed_dice: list[int] | None = None, version: int = 0) -> None:
        self.seed = seed
        self.rng_count = rng_count
        self.scenario = scenario
        self.unlimited = unlimited
        self.length = length
        self.players = players
        self.animals = animals
        self.links = links
        self.deck = deck
        self.discard = discard
        self.box = box
        self.habitats = habitats
        self.hstack = hstack
        self.hdiscard = hdiscard
        self.hbox = hbox
        self.epoch = epoch
        self.first = first
        self.last = last
        self.phase = phase
        self.step = step
        self.decider = decider
        self.go = go
        self.turn = turn
        self.main_done = main_done
        self.extra_done = extra_done
        self.arranged = arranged
        self.turn_used = [] if turn_used is None else turn_used
        self.rotated = [] if rotated is None else rotated
        self.frames = [] if frames is None else frames
        self.attack = attack
        self.reveal = reveal
        self.target = target
        self.replace = replace
        self.next_uid = next_uid
        self.winners = [] if winners is None else winners
        self.by_lot = by_lot
        self.fixed_dice = [] if fixed_dice is None else fixed_dice
        self.version = version

    @property
    def n(self) -> int:
        """The number of seats (`core.engine.seats.Seated`, which a compiled class cannot mix in)."""
        return len(self.players)


def clone_animal(a: Animal) -> Animal:
    return Animal(a.uid, a.owner, a.card, a.cards[:], a.traits[:], a.red, a.blue, a.fat,
                  a.shelter, a.need, a.fat_cards, a.poisoned, a.slept)


def clone(s: NewWorldState) -> NewWorldState:
    """A deep copy, written out by hand because bots and snapshots clone often."""
    at = s.attack
    return NewWorldState(
        s.seed, s.rng_count, s.scenario, s.unlimited, s.length,
        [Player(p.hand[:], p.row[:], p.pool[:], p.passed, p.score, p.swaps) for p in s.players],
        {u: clone_animal(a) for u, a in s.animals.items()},
        {c: Link(k.card, k.trait, k.a, k.b) for c, k in s.links.items()},
        s.deck[:], s.discard[:], s.box[:],
        [Habitat(h.key, h.card, h.kind, h.red, h.shelter) for h in s.habitats],
        s.hstack[:], s.hdiscard[:], s.hbox[:], s.epoch, s.first, s.last, s.phase, s.step,
        s.decider, s.go, s.turn, s.main_done, s.extra_done, s.arranged, s.turn_used[:],
        s.rotated[:],
        [Frame(f.animal, f.habitat, f.cards[:]) for f in s.frames],
        None if at is None else Attack(at.predator, at.prey, at.targeted[:], at.hunter, at.stage),
        s.reveal, s.target, s.replace, s.next_uid, s.winners[:], s.by_lot, s.fixed_dice[:],
        s.version,
    )
