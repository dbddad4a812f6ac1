"""The state of a `gravity` game (spec §4.1). Only `fold.evolve` changes it.

Seats are characters (G2): seat i plays `chars[i]`. Locations are numbered 1..23 and
`places[i - 1]` holds location i's tokens. Decks keep their top as the last element.
The flow is a small machine: `stage` names the next automatic step, `todo` is that step's
work list (neighbours to pull from, pushes left), and `step`/`decider` the pending decision.
"""

# No `from __future__ import annotations`: msgspec would compile the strings at every start.

import msgspec

OVER = "over"  # `step` once the game has ended


class Place(msgspec.Struct):
    support: int = 0
    distrust: int = 0
    die: bool = False


class Char(msgspec.Struct):
    id: str
    loc: int = 0
    hand: list[str] = []
    deck: list[str] = []  # top last
    discard: list[str] = []
    curses: list[str] = []  # curse types held, in the order taken
    gained: list[int] = []  # the turn each curse was taken, parallel to `curses`


class Monster(msgspec.Struct):
    id: str
    loc: int = 0  # 0 once defeated


class GravityState(msgspec.Struct):
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
    marks: list[int] = []  # alarm marks reached, in order
    queue: list[str] = []  # queued effects: curse_all, shrink_row or an event id (§4.4)
    row: list[str] = []  # face-up movement cards, slot 1 first
    row_cap: int = 3
    mdeck: list[str] = []  # movement deck, top last
    mdiscard: list[str] = []
    removed: list[str] = []  # «3+» cards out of the game (G3)
    unused: list[str] = []  # events left out at setup (hidden from everyone)
    seen: list[str] = []  # events revealed at least once (their identity is public)
    cdeck: list[str] = []  # curse deck, top last
    cdiscard: list[str] = []
    turn: int = 0
    round: int = 0
    first: int = 0
    active: int = 0
    stage: str = ""
    todo: list[int] = []
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
