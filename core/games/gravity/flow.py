"""The `gravity` state machine (spec §3, §4): setup, the driver, the queue of effects.

`run` advances the flow until a decision is pending or the game ends: it resolves an event
card in progress, then (at the start of a step, G39) the queued effects first in first out,
then the stage named in the state. `act` answers the pending decision and runs on.
"""

from __future__ import annotations

from collections.abc import Callable

from core.engine.draws import below, sample, shuffle
from core.engine.protocol import Options
from core.engine.rng import derived, derived_bits
from core.engine.tx import Tx as EngineTx
from core.games.gravity import actions as A
from core.games.gravity import events as E
from core.games.gravity import happenings, monster_phase, turn
from core.games.gravity import queries as Q
from core.games.gravity.data import (
    action_cards,
    curse_deck,
    events,
    game,
    location_cards,
    monsters,
    three_plus_cards,
    tier_pools,
)
from core.games.gravity.effects import Ended, Tx, curse_each, flip_all, pull_all, raise_alarm, shuffled
from core.games.gravity.state import GravityState

# Stages that begin one of the spec's steps: queued effects are resolved before them (G39).
STEP_STARTS = frozenset({"t1", "t2", "t4", "t5", "t6", "t7", "t8", "t9", "t10", "m1", "m2", "m3", "m4"})

STAGES: dict[str, Callable[[Tx], bool]] = {**turn.STAGES, **monster_phase.STAGES}
HANDLERS = {**turn.HANDLERS, **monster_phase.HANDLERS, **happenings.HANDLERS}


# --- setup (§3) -----------------------------------------------------------------------------

def setup(engine_tx: EngineTx[GravityState], seats: int, opts: Options, seed: int) -> None:
    tx: Tx = engine_tx  # type: ignore[assignment]  # the ruleset's tx_type: gravity's own
    kids = opts["variant"] == "kids"
    g = game()
    counter = 0

    def bits() -> Callable[[int], int]:
        """The next random operation's generator (its getrandbits)."""
        nonlocal counter
        counter += 1
        return derived_bits(seed, counter - 1)

    def pick(population: list[str], k: int) -> list[str]:
        """`derived(seed, counter).sample`: from the bare generator where its pool method serves."""
        nonlocal counter
        if len(population) <= 21:
            return sample(bits(), population, k)
        counter += 1
        return derived(seed, counter - 1).sample(population, k)

    chosen = list(opts["monsters"])
    if not chosen:  # quick game: one of each tier; kids: any three figures (G5)
        if kids:
            chosen = pick(sorted(monsters()), g.monsters)
        else:
            chosen = [pool[below(bits(), len(pool))] for pool in tier_pools()]
    order = chosen[:] if opts["monster_order"] == "listed" else pick(chosen, len(chosen))
    removed = [] if seats >= g.three_plus_from else list(three_plus_cards())  # G3
    mdeck = list(location_cards())
    if removed:
        mdeck = [card for card in mdeck if card not in removed]
    shuffle(bits(), mdeck)
    decks = []
    for _ in range(seats):
        deck = list(action_cards(kids))
        shuffle(bits(), deck)
        decks.append(deck)
    cdeck = list(curse_deck())
    shuffle(bits(), cdeck)
    n_events = 0 if kids else g.difficulty[opts["difficulty"]]
    picked = pick(sorted(events()), n_events) if n_events else []
    first = opts["first"] if opts["first"] >= 0 else below(bits(), seats)  # G7
    tx.emit(E.GameStarted(seed, counter, opts["variant"], opts["difficulty"], list(opts["controllers"]),
                     list(opts["characters"]), order, mdeck, removed, decks, cdeck,
                     g.courage_dice - 1, first))
    s = tx.s
    for mid in order:  # step 6 (G4: no choice can arise)
        loc = int(s.mdeck[-1][1:])
        tx.emit(E.MonsterPlaced(mid, loc))
        raise_alarm(tx, pull_all(tx, loc, ("support", "distrust"), "setup"), "setup")
        flip_all(tx, loc, "setup")
    s = tx.s
    for seat in range(seats):  # step 7 (G6)
        tx.emit(E.CharacterPlaced(s.chars[seat].id, int(s.mdeck[-1][1:])))
    hand = g.hand
    for seat in range(seats):  # step 8
        deck = s.chars[seat].deck
        tx.emit(E.Drew(s.chars[seat].id, deck[len(deck) - hand:][::-1]))
    for _ in range(g.row):  # step 10
        tx.row_added(s.mdeck[-1])
    if picked:  # step 11 (G59)
        unused = [e for e in sorted(events()) if e not in picked]
        tx.emit(E.EventsShuffled(shuffled(s, s.mdeck + picked), unused))
    tx.turn(1, 1, first, s.chars[first].id)
    tx.goto("t1")
    run(tx)


# --- the driver -------------------------------------------------------------------------------

def dequeue(tx: Tx) -> None:
    """Resolve the first queued effect (§4.4): mark 6, mark 11 or an EffectEvent (G35)."""
    s = tx.s
    item = s.queue[0]
    if item == "curse_all":  # G41
        tx.emit(E.Dequeued(item))
        curse_each(tx, Q.clockwise(tx.s), "mark")
    elif item == "shrink_row":  # G34
        tx.emit(E.Dequeued(item))
        cap = game().shrunk_row
        tx.emit(E.RowShrunk(cap, tx.s.row[cap:]))
    else:
        resolve = not s.event_resolved
        tx.emit(E.Dequeued(item, resolve))
        if not resolve:
            raise_alarm(tx, 1, "event")


def run(tx: Tx) -> None:
    """Advance until a decision is pending or the game is over."""
    stages = STAGES
    try:
        while True:
            s = tx.s
            if s.result or s.step:  # over, or a decision is pending
                return
            if s.ev:
                if not happenings.step(tx):
                    return
            elif s.queue and s.stage in STEP_STARTS:
                dequeue(tx)
            elif not stages[s.stage](tx):
                return
    except Ended:
        return


def resolve(engine_tx: EngineTx[GravityState], action: A.Action) -> None:
    """Resolve a legal action for the pending decision, then run on."""
    tx: Tx = engine_tx  # type: ignore[assignment]  # the ruleset's tx_type (no cast() call)
    try:
        HANDLERS[tx.s.step](tx, action)
    except Ended:
        return
    run(tx)
