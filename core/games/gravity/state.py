"""The state of a `gravity` game (spec §4.1). Only `fold.evolve` changes it.

Seats are characters (G2): seat i plays `chars[i]`. Locations are numbered 1..23 and
`places[i - 1]` holds location i's tokens. Decks keep their top as the last element.
The flow is a small machine: `stage` names the next automatic step, `todo` is that step's
work list (neighbours to pull from, pushes left), and `step`/`decider` the pending decision.

Dataclasses compiled with the search, as `magic`'s state (docs/bots.md): msgspec saves them as
the structs they were.
"""

# No `from __future__ import annotations`: the annotations stay objects, which msgspec reads as
# they are (compiled, core/native.py gives them back from this source, as written).

from dataclasses import dataclass, field

OVER = "over"  # `step` once the game has ended


@dataclass
class Place:
    support: int = 0
    distrust: int = 0
    die: bool = False


@dataclass
class Char:
    id: str
    loc: int = 0
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)  # top last
    discard: list[str] = field(default_factory=list)
    curses: list[str] = field(default_factory=list)  # curse types held, in the order taken
    gained: list[int] = field(default_factory=list)  # the turn each curse was taken, parallel to `curses`


@dataclass
class Monster:
    id: str
    loc: int = 0  # 0 once defeated


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
