"""The state of a `magic` game (spec §3.1). Only `fold.evolve` changes it.

Dataclasses, not msgspec structs: compiled with the search (core/native.py) they are mypyc's
own classes, whose fields compiled code reads directly instead of through Python's attribute
lookup; msgspec saves and loads them exactly as it did the structs (a JSON object of the
fields, in order).

Each class writes out its `__init__`, which mypyc compiles (a dataclass's own stays
interpreted; docs/bots.md)."""

# No `from __future__ import annotations`: the annotations stay objects, which msgspec reads as
# they are (compiled, core/native.py gives them back from this source, as written).

from dataclasses import dataclass, field
from typing import Final

# Where a discarded card's identity is known (spec §9): everyone, nobody, or one seat.
SEEN_BY_ALL: Final = -1
SEEN_BY_NONE: Final = -2

# The steps a game may wait at (here, not in the scenario module: the invariants a loaded save
# is checked by need them, and a command needs no scenario schema).
STEPS: Final = ("swap", "create", "add", "activate", "effects", "action", "voracious", "molt",
                "burn", "over")
ACTIVE_STEPS: Final = ("effects", "action", "voracious", "molt", "burn")  # an activated creature's


@dataclass
class Creature:
    uid: int  # public id, "c<uid>" in notation; the card face is hidden from other seats
    owner: int
    card: int
    energy: int = 0
    asleep: bool = False
    roused: bool = False  # woken by Назойливое this round (MC-R28)
    cards: list[int] = field(default_factory=list)  # property cards under it, oldest first (MC-R3)
    traits: list[str] = field(default_factory=list)  # the shown half of each card in `cards`

    def __init__(self, uid: int, owner: int, card: int, energy: int = 0, asleep: bool = False,
                 roused: bool = False, cards: list[int] | None = None,
                 traits: list[str] | None = None) -> None:
        self.uid = uid
        self.owner = owner
        self.card = card
        self.energy = energy
        self.asleep = asleep
        self.roused = roused
        self.cards = [] if cards is None else cards
        self.traits = [] if traits is None else traits


@dataclass
class Player:
    hand: list[int] = field(default_factory=list)
    row: list[int] = field(default_factory=list)  # creature uids left -> right, as created (MC-R3)
    tokens: int = 0  # transmutation tokens
    shade: bool = False  # the rules-driven Shade of the solo mode (spec §7)

    def __init__(self, hand: list[int] | None = None, row: list[int] | None = None, tokens: int = 0,
                 shade: bool = False) -> None:
        self.hand = [] if hand is None else hand
        self.row = [] if row is None else row
        self.tokens = tokens
        self.shade = shade


@dataclass
class Attack:
    target: int
    props: list[str]  # the attacker's chosen order (MC-R18)
    next: int = 0  # index of the property to resolve next

    def __init__(self, target: int, props: list[str], next: int = 0) -> None:
        self.target = target
        self.props = props
        self.next = next


@dataclass
class MagicState:
    seed: int
    rng_count: int  # random operations so far (engine.rng.derived)
    win_at: int
    solo: bool
    players: list[Player]
    creatures: dict[int, Creature]
    deck: list[int]  # the top of the deck is the last element
    discard: list[int]
    discard_seen: list[int]  # parallel to `discard`: SEEN_BY_ALL, SEEN_BY_NONE or a seat
    cycle: list[str]  # the energy deck in the order the sources come up (it cycles)
    reveals: int = 0  # sources revealed so far; the current one is cycle[(reveals-1) % 10]
    source: str = ""
    lower: int = 0
    upper: int = 0
    round: int = 0
    first: int = 0  # first player of the round
    turn: int = 0  # seat whose turn it is
    step: str = ""  # the pending decision kind; "over" once the game is won
    decider: int = 0  # the seat that must decide `step`
    active: int = 0  # the activated creature's uid, 0 = none
    # on-activation properties used in this activation (MC-R26)
    used: list[str] = field(default_factory=list)
    # Метаморф copies held until the end of the activation (MC-R27)
    copied: list[str] = field(default_factory=list)
    sleep_pending: bool = False  # the active creature falls asleep at EndOfActivation (MC-R14)
    attack: Attack | None = None
    next_uid: int = 1
    winner: int = -1
    choices: list[int] = field(default_factory=list)  # solo: the face-down choice deck, top last
    # solo: choice cards revealed since the last shuffle (spec §7.2)
    choices_shown: list[int] = field(default_factory=list)
    version: int = 0  # events folded so far; lets the rules cache the legal actions of a state

    def __init__(self, seed: int, rng_count: int, win_at: int, solo: bool, players: list[Player],
                 creatures: dict[int, Creature], deck: list[int], discard: list[int],
                 discard_seen: list[int], cycle: list[str], reveals: int = 0, source: str = "",
                 lower: int = 0, upper: int = 0, round: int = 0, first: int = 0, turn: int = 0,
                 step: str = "", decider: int = 0, active: int = 0, used: list[str] | None = None,
                 copied: list[str] | None = None, sleep_pending: bool = False,
                 attack: Attack | None = None, next_uid: int = 1, winner: int = -1,
                 choices: list[int] | None = None, choices_shown: list[int] | None = None,
                 version: int = 0) -> None:
        self.seed = seed
        self.rng_count = rng_count
        self.win_at = win_at
        self.solo = solo
        self.players = players
        self.creatures = creatures
        self.deck = deck
        self.discard = discard
        self.discard_seen = discard_seen
        self.cycle = cycle
        self.reveals = reveals
        self.source = source
        self.lower = lower
        self.upper = upper
        self.round = round
        self.first = first
        self.turn = turn
        self.step = step
        self.decider = decider
        self.active = active
        self.used = [] if used is None else used
        self.copied = [] if copied is None else copied
        self.sleep_pending = sleep_pending
        self.attack = attack
        self.next_uid = next_uid
        self.winner = winner
        self.choices = [] if choices is None else choices
        self.choices_shown = [] if choices_shown is None else choices_shown
        self.version = version

    @property
    def n(self) -> int:
        """The number of seats (`core.engine.seats.Seated`, which a compiled class cannot mix in)."""
        return len(self.players)


def clone(s: MagicState) -> MagicState:
    """A deep copy, written out by hand because bots and snapshots clone often."""
    creatures = {
        u: Creature(c.uid, c.owner, c.card, c.energy, c.asleep, c.roused, c.cards[:], c.traits[:])
        for u, c in s.creatures.items()
    }
    players = [Player(p.hand[:], p.row[:], p.tokens, p.shade) for p in s.players]
    a = s.attack
    return MagicState(
        s.seed, s.rng_count, s.win_at, s.solo, players, creatures, s.deck[:], s.discard[:],
        s.discard_seen[:], s.cycle[:], s.reveals, s.source, s.lower, s.upper, s.round, s.first,
        s.turn, s.step, s.decider, s.active, s.used[:], s.copied[:], s.sleep_pending,
        None if a is None else Attack(a.target, a.props[:], a.next), s.next_uid, s.winner,
        s.choices[:], s.choices_shown[:], s.version,
    )
