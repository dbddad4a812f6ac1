"""The state of a `magic` game (spec §3.1). Only `fold.evolve` changes it."""

# No `from __future__ import annotations`: msgspec would compile the strings at every start.

import msgspec

from core.engine.seats import Seated

# Where a discarded card's identity is known (spec §9): everyone, nobody, or one seat.
SEEN_BY_ALL = -1
SEEN_BY_NONE = -2

# The steps a game may wait at (here, not in the scenario module: the invariants a loaded save
# is checked by need them, and a command needs no scenario schema).
STEPS = ("swap", "create", "add", "activate", "effects", "action", "voracious", "molt", "burn",
         "over")
ACTIVE_STEPS = ("effects", "action", "voracious", "molt", "burn")  # an activated creature's


class Creature(msgspec.Struct):
    uid: int  # public id, "c<uid>" in notation; the card face is hidden from other seats
    owner: int
    card: int
    energy: int = 0
    asleep: bool = False
    roused: bool = False  # woken by Назойливое this round (MC-R28)
    cards: list[int] = []  # property cards under it, oldest first (MC-R3)
    traits: list[str] = []  # the shown half of each card in `cards`


class Player(msgspec.Struct):
    hand: list[int] = []
    row: list[int] = []  # creature uids left -> right, in creation order (MC-R3)
    tokens: int = 0  # transmutation tokens
    shade: bool = False  # the rules-driven Shade of the solo mode (spec §7)


class Attack(msgspec.Struct):
    target: int
    props: list[str]  # the attacker's chosen order (MC-R18)
    next: int = 0  # index of the property to resolve next


class MagicState(msgspec.Struct, Seated):
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
    used: list[str] = []  # on-activation properties used in this activation (MC-R26)
    copied: list[str] = []  # Метаморф copies held until the end of the activation (MC-R27)
    sleep_pending: bool = False  # the active creature falls asleep at EndOfActivation (MC-R14)
    attack: Attack | None = None
    next_uid: int = 1
    winner: int = -1
    choices: list[int] = []  # solo: the face-down choice deck, top last (spec §7.2)
    choices_shown: list[int] = []  # solo: choice cards revealed since the last shuffle
    version: int = 0  # events folded so far; lets the rules cache the legal actions of a state


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
