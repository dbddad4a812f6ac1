"""The state of a `gravity` game (spec §4.1). Only `fold.evolve` changes it.

Seats are characters (G2): seat i plays `chars[i]`. Locations are numbered 1..23 and
`places[i - 1]` holds location i's tokens. Decks keep their top as the last element.
The flow is a small machine: `stage` names the next automatic step, `todo` is that step's
work list (neighbours to pull from, pushes left), and `step`/`decider` the pending decision.

Dataclasses compiled with the search, as `magic`'s state (docs/bots.md): msgspec saves them as
the structs they were.

Each class writes out its `__init__`, which mypyc compiles (a dataclass's own stays
interpreted; docs/bots.md)."""

# No `from __future__ import annotations`: the annotations stay objects, which msgspec reads as
# they are (compiled, core/native.py gives them back from this source, as written).

from dataclasses import dataclass, field

OVER = "over"  # `step` once the game has ended


@dataclass
class Place:
    support: int = 0
    distrust: int = 0
    die: bool = False

    def __init__(self, support: int = 0, distrust: int = 0, die: bool = False) -> None:
        self.support = support
        self.distrust = distrust
        self.die = die


@dataclass
class Char:
    id: str
    loc: int = 0
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)  # top last
    discard: list[str] = field(default_factory=list)
    curses: list[str] = field(default_factory=list)  # curse types held, in the order taken
    gained: list[int] = field(default_factory=list)  # the turn each curse was taken, parallel to `curses`

    def __init__(self, id: str, loc: int = 0, hand: list[str] | None = None,
                 deck: list[str] | None = None, discard: list[str] | None = None,
                 curses: list[str] | None = None, gained: list[int] | None = None) -> None:
        self.id = id
        self.loc = loc
        self.hand = [] if hand is None else hand
        self.deck = [] if deck is None else deck
        self.discard = [] if discard is None else discard
        self.curses = [] if curses is None else curses
        self.gained = [] if gained is None else gained


@dataclass
class Monster:
    id: str
    loc: int = 0  # 0 once defeated

    def __init__(self, id: str, loc: int = 0) -> None:
        self.id = id
        self.loc = loc


@dataclass
class GravityState:
    seed: int
    rng_count: int  # random operations so far (engine.rng.derived)
    variant: str  # "standard" or "kids"
    difficulty: str  # "easy", "normal", "hard"; "" in the kids' variant
    controllers: list[int]  # the person controlling each seat (G2); the rules never read it
    chars: list[Char]
    monsters: list[Monster]  # in monster order (G5)
    places: list[Place]
    supply: int  # courage dice in the supply (G24)
    alarm: int = 0
    marks: list[int] = field(default_factory=list)  # alarm marks reached, in order
    # queued effects: curse_all, shrink_row or an event id (§4.4)
    queue: list[str] = field(default_factory=list)
    row: list[str] = field(default_factory=list)  # face-up movement cards, slot 1 first
    row_cap: int = 3
    mdeck: list[str] = field(default_factory=list)  # movement deck, top last
    mdiscard: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # «3+» cards out of the game (G3)
    unused: list[str] = field(default_factory=list)  # events left out at setup (hidden from everyone)
    seen: list[str] = field(default_factory=list)  # events revealed at least once (their identity is public)
    cdeck: list[str] = field(default_factory=list)  # curse deck, top last
    cdiscard: list[str] = field(default_factory=list)
    turn: int = 0
    round: int = 0
    first: int = 0
    active: int = 0
    stage: str = ""
    todo: list[int] = field(default_factory=list)
    step: str = ""
    decider: int = 0
    # per turn (reset by TurnStarted)
    card: str = ""  # the action card played, "" after a rest
    rested: bool = False
    giant_stop: bool = False
    event_resolved: bool = False
    ability_used: bool = False
    reroll_used: bool = False
    # the current roll
    target: str = ""  # the monster fought, "" when persuading
    roll_for: str = ""  # "fight", "persuade" or "remove"
    dice: str = ""  # faces of the current roll, one letter per die (s, m, c)
    excess: int = 0  # dice wanted beyond the cap (G15)
    # an event card being resolved
    ev: str = ""
    ev_held: bool = False  # revealed in M3: discarded when resolved
    ev_todo: list[int] | None = None  # seats or monster indices still to act; None = not begun
    fixed_dice: str = ""  # scenarios only: faces the next dice show instead of random ones
    result: str = ""  # "", "won" or "lost"
    version: int = 0  # events folded so far; lets the rules cache the legal actions

    def __init__(self, seed: int, rng_count: int, variant: str, difficulty: str,
                 controllers: list[int], chars: list[Char], monsters: list[Monster],
                 places: list[Place], supply: int, alarm: int = 0, marks: list[int] | None = None,
                 queue: list[str] | None = None, row: list[str] | None = None, row_cap: int = 3,
                 mdeck: list[str] | None = None, mdiscard: list[str] | None = None,
                 removed: list[str] | None = None, unused: list[str] | None = None,
                 seen: list[str] | None = None, cdeck: list[str] | None = None,
                 cdiscard: list[str] | None = None, turn: int = 0, round: int = 0, first: int = 0,
                 active: int = 0, stage: str = "", todo: list[int] | None = None, step: str = "",
                 decider: int = 0, card: str = "", rested: bool = False, giant_stop: bool = False,
                 event_resolved: bool = False, ability_used: bool = False,
                 reroll_used: bool = False, target: str = "", roll_for: str = "", dice: str = "",
                 excess: int = 0, ev: str = "", ev_held: bool = False,
                 ev_todo: list[int] | None = None, fixed_dice: str = "", result: str = "",
                 version: int = 0) -> None:
        self.seed = seed
        self.rng_count = rng_count
        self.variant = variant
        self.difficulty = difficulty
        self.controllers = controllers
        self.chars = chars
        self.monsters = monsters
        self.places = places
        self.supply = supply
        self.alarm = alarm
        self.marks = [] if marks is None else marks
        self.queue = [] if queue is None else queue
        self.row = [] if row is None else row
        self.row_cap = row_cap
        self.mdeck = [] if mdeck is None else mdeck
        self.mdiscard = [] if mdiscard is None else mdiscard
        self.removed = [] if removed is None else removed
        self.unused = [] if unused is None else unused
        self.seen = [] if seen is None else seen
        self.cdeck = [] if cdeck is None else cdeck
        self.cdiscard = [] if cdiscard is None else cdiscard
        self.turn = turn
        self.round = round
        self.first = first
        self.active = active
        self.stage = stage
        self.todo = [] if todo is None else todo
        self.step = step
        self.decider = decider
        self.card = card
        self.rested = rested
        self.giant_stop = giant_stop
        self.event_resolved = event_resolved
        self.ability_used = ability_used
        self.reroll_used = reroll_used
        self.target = target
        self.roll_for = roll_for
        self.dice = dice
        self.excess = excess
        self.ev = ev
        self.ev_held = ev_held
        self.ev_todo = ev_todo
        self.fixed_dice = fixed_dice
        self.result = result
        self.version = version

    @property
    def n(self) -> int:
        return len(self.chars)


def clone(s: GravityState) -> GravityState:
    """A deep copy, written out by hand because bots and snapshots clone often."""
    return GravityState(
        s.seed, s.rng_count, s.variant, s.difficulty, s.controllers[:],
        [Char(c.id, c.loc, c.hand[:], c.deck[:], c.discard[:], c.curses[:], c.gained[:])
         for c in s.chars],
        [Monster(m.id, m.loc) for m in s.monsters],
        [Place(p.support, p.distrust, p.die) for p in s.places],
        s.supply, s.alarm, s.marks[:], s.queue[:], s.row[:], s.row_cap, s.mdeck[:],
        s.mdiscard[:], s.removed[:], s.unused[:], s.seen[:], s.cdeck[:], s.cdiscard[:],
        s.turn, s.round, s.first, s.active, s.stage, s.todo[:], s.step, s.decider,
        s.card, s.rested, s.giant_stop, s.event_resolved, s.ability_used, s.reroll_used,
        s.target, s.roll_for, s.dice, s.excess, s.ev, s.ev_held,
        None if s.ev_todo is None else s.ev_todo[:], s.fixed_dice, s.result, s.version,
    )
