"""What a seat may see of a `gravity` game (spec §10, contract 6), and sampling the rest.

The game is open: every seat sees the same thing — everything but the order of the decks and
which events are still hidden (in the movement deck or left out at setup). Each deck is shown
as its unordered contents; the movement deck's events that were never revealed only as a
count. `viewer` is kept for the protocol; it changes nothing else.
"""

from __future__ import annotations

import random

import msgspec

from core.engine.draws import shuffle
from core.games.gravity import queries as Q
from core.games.gravity.data import events, game, is_event
from core.games.gravity.state import Char, GravityState, Monster, Place


class PlaceView(msgspec.Struct, frozen=True):
    support: int
    distrust: int
    die: bool


class CharView(msgspec.Struct, frozen=True):
    id: str
    loc: int
    hand: list[str]
    deck: list[str]  # contents, sorted: the order is hidden
    discard: list[str]
    curses: list[str]
    gained: list[int]


class MonsterView(msgspec.Struct, frozen=True):
    id: str
    loc: int  # 0 once defeated


class GravityView(msgspec.Struct, frozen=True):
    viewer: int | None
    variant: str
    difficulty: str
    controllers: list[int]
    chars: list[CharView]
    monsters: list[MonsterView]
    places: list[PlaceView]
    supply: int
    alarm: int
    alarm_max: int
    marks: list[int]
    queue: list[str]
    row: list[str]
    row_cap: int
    mdeck_size: int
    mdeck_known: list[str]  # the movement deck's location cards and seen events, sorted
    mdeck_hidden: int  # events in the movement deck that were never revealed
    unused: int  # events left out at setup (never seen)
    seen: list[str]
    mdiscard: list[str]
    removed: list[str]
    cdeck: list[str]  # sorted
    cdiscard: list[str]
    turn: int
    round: int
    first: int
    active: int
    stage: str
    todo: list[int]
    step: str
    decider: int
    card: str
    rested: bool
    giant_stop: bool
    event_resolved: bool
    ability_used: bool
    reroll_used: bool
    target: str
    roll_for: str
    dice: str
    excess: int
    ev: str
    ev_held: bool
    ev_todo: list[int] | None
    result: str
    movers: list[str]  # the monster(s) M1 would move now; several = the active player chooses


def view(s: GravityState, viewer: int | None) -> GravityView:
    known = sorted(c for c in s.mdeck if not is_event(c) or c in s.seen)
    return GravityView(
        viewer, s.variant, s.difficulty, s.controllers[:],
        [CharView(c.id, c.loc, c.hand[:], sorted(c.deck), c.discard[:], c.curses[:], c.gained[:])
         for c in s.chars],
        [MonsterView(m.id, m.loc) for m in s.monsters],
        [PlaceView(p.support, p.distrust, p.die) for p in s.places],
        s.supply, s.alarm, game().alarm_max, s.marks[:], s.queue[:], s.row[:], s.row_cap,
        len(s.mdeck), known, len(s.mdeck) - len(known), len(s.unused), s.seen[:], s.mdiscard[:],
        s.removed[:], sorted(s.cdeck), s.cdiscard[:], s.turn, s.round, s.first, s.active, s.stage,
        s.todo[:], s.step, s.decider, s.card, s.rested, s.giant_stop, s.event_resolved,
        s.ability_used, s.reroll_used, s.target, s.roll_for, s.dice, s.excess, s.ev, s.ev_held,
        None if s.ev_todo is None else s.ev_todo[:], s.result,
        Q.movers(s) if s.chars and not s.result else [],
    )


def determinize(v: GravityView, rng: random.Random) -> GravityState:
    """A full state consistent with the view: deck orders and hidden events sampled with `rng`."""
    bits = rng.getrandbits  # `rng.shuffle`'s order (core.engine.draws), compiled
    pool = [e for e in sorted(events()) if e not in v.seen]
    if v.mdeck_hidden + v.unused > len(pool):
        raise ValueError("the view hides more events than exist")
    hidden = rng.sample(pool, v.mdeck_hidden + v.unused)
    mdeck = v.mdeck_known + hidden[:v.mdeck_hidden]
    shuffle(bits, mdeck)
    chars = []
    for c in v.chars:
        deck = c.deck[:]
        shuffle(bits, deck)
        chars.append(Char(c.id, c.loc, c.hand[:], deck, c.discard[:], c.curses[:], c.gained[:]))
    cdeck = v.cdeck[:]
    shuffle(bits, cdeck)
    return GravityState(
        seed=rng.randrange(2**31), rng_count=0, variant=v.variant, difficulty=v.difficulty,
        controllers=v.controllers[:], chars=chars,
        monsters=[Monster(m.id, m.loc) for m in v.monsters],
        places=[Place(p.support, p.distrust, p.die) for p in v.places], supply=v.supply,
        alarm=v.alarm, marks=v.marks[:], queue=v.queue[:], row=v.row[:], row_cap=v.row_cap,
        mdeck=mdeck, mdiscard=v.mdiscard[:], removed=v.removed[:], unused=hidden[v.mdeck_hidden:],
        seen=v.seen[:], cdeck=cdeck, cdiscard=v.cdiscard[:], turn=v.turn, round=v.round,
        first=v.first, active=v.active, stage=v.stage, todo=v.todo[:], step=v.step,
        decider=v.decider, card=v.card, rested=v.rested, giant_stop=v.giant_stop,
        event_resolved=v.event_resolved, ability_used=v.ability_used, reroll_used=v.reroll_used,
        target=v.target, roll_for=v.roll_for, dice=v.dice, excess=v.excess, ev=v.ev,
        ev_held=v.ev_held, ev_todo=None if v.ev_todo is None else v.ev_todo[:], result=v.result,
    )
