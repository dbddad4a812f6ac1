"""`evolve`: fold one event into a `newworld` state — the only place a state changes.

What folding is, and what a check that fails here means: `core.engine.rules_base`.
"""

from __future__ import annotations

from core.engine.rules_base import FoldError, FoldTable
from core.games.newworld import events as E
from core.games.newworld.data import (
    SCAVENGER,
    TAIL_LOSS,
    TRANSFORMATION,
    extra_food,
    faces,
    habitat_cards,
)
from core.games.newworld.state import Animal, Attack, Frame, Habitat, Link, NewWorldState, Player
from core.games.newworld.state import clone as clone_state
from core.kits.evolution import fold as K


def _habitat(s: NewWorldState, key: str) -> Habitat:
    for h in s.habitats:
        if h.key == key:
            return h
    raise FoldError(f"there is no open habitat h{key}")


def recount(a: Animal) -> None:
    """The need for food and the fat cards follow from the properties (§3.1)."""
    K.recount(a, extra_food())


def habitats_of(card: int) -> list[Habitat]:
    """The habitats of a habitat card, upper half first, without tokens (§6.1)."""
    return [Habitat(f"{card}{half}", card, kind) for half, kind in habitat_cards()[card]]


def _take_card(s: NewWorldState, seat: int, card: int, source: str) -> None:
    """A played card leaves the hand, the gene pool's top, or the revealed place."""
    if source == "hand":
        K.from_hand(s, seat, card)
    elif source == "pool":
        pool = s.players[seat].pool
        if not pool or pool[-1] != card:
            raise FoldError(f"card {card} is not on top of seat {seat}'s gene pool")
        pool.pop()
    else:
        if s.reveal != card:
            raise FoldError(f"card {card} is not the revealed card")
        s.reveal = s.target = s.replace = 0


def _drop_card(s: NewWorldState, a: Animal, card: int) -> None:
    """Take one property card off `a` (and off its partner if paired): it is upright again
    and fires no more."""
    K.drop_card(s, a, card, extra_food())
    if card in s.rotated:
        s.rotated.remove(card)
    for f in s.frames:
        if card in f.cards:
            f.cards.remove(card)


def _to_discard(s: NewWorldState, owner: int, card: int) -> None:
    """The common discard pile, open to everyone (NW39)."""
    s.discard.append(card)


def _remove_animal(s: NewWorldState, a: Animal) -> None:
    """Death (§4.6 step 1): the animal card and every property card on it (paired ones leave
    the partner too) go to the discard; its tokens, shelter included, go to the supply (NW45)."""
    K.remove_animal(s, a, _drop_card, _to_discard)
    s.frames = [f for f in s.frames if f.animal != a.uid]


# --- folds ----------------------------------------------------------------------------------

def _started(s: NewWorldState | None, e: E.GameStarted) -> NewWorldState:
    stack = 0 if e.scenario == "cataclysm" else e.length
    row = [h for card in e.habitats[:e.open] for h in habitats_of(card)]
    return NewWorldState(
        seed=e.seed, rng_count=e.rng_count, scenario=e.scenario, unlimited=e.unlimited,
        length=e.length, players=[Player() for _ in range(e.players)], animals={}, links={},
        deck=list(e.deck), discard=[], box=[], habitats=row,
        hstack=list(e.habitats[e.open:e.open + stack]), hdiscard=[],
        hbox=list(e.habitats[e.open + stack:]), first=e.first,
        last=e.scenario == "cataclysm",
    )


def _position(s: NewWorldState | None, e: E.PositionSet) -> NewWorldState:
    return clone_state(e.state)


def _dealt(s: NewWorldState, e: E.Dealt) -> NewWorldState:
    deck = s.deck
    for seat, card in zip(e.seats, e.cards, strict=True):
        if not deck or deck[-1] != card:
            raise FoldError(f"card {card} is not on top of the deck")
        deck.pop()
        p = s.players[seat]
        (p.pool if e.pool else p.hand).append(card)
    return s


def _boxed(s: NewWorldState, e: E.Boxed) -> NewWorldState:
    if len(s.deck) != e.k:
        raise FoldError(f"the deck holds {len(s.deck)} cards, not {e.k}")
    s.box += s.deck
    s.deck = []
    return s


def _epoch(s: NewWorldState, e: E.EpochStarted) -> NewWorldState:
    s.epoch, s.first, s.phase, s.go = e.epoch, e.first, "develop", e.first
    s.arranged = False
    for p in s.players:
        p.passed = False
        p.swaps = 0
    return s


def _await(s: NewWorldState, e: E.Await) -> NewWorldState:
    s.decider, s.step = e.seat, e.step
    if e.step in ("develop", "feed"):
        s.go = e.seat
    return s


def _insert(row: list[int], uid: int, before: int) -> None:
    if before:
        if before not in row:
            raise FoldError(f"c{before} is not in the row")
        row.insert(row.index(before), uid)
    else:
        row.append(uid)


def _created(s: NewWorldState, e: E.Created) -> NewWorldState:
    _take_card(s, e.seat, e.card, e.source)
    if e.uid in s.animals:
        raise FoldError(f"animal c{e.uid} exists already")
    s.animals[e.uid] = Animal(e.uid, e.seat, e.card)
    _insert(s.players[e.seat].row, e.uid, e.before)
    s.next_uid = max(s.next_uid, e.uid + 1)
    s.arranged = False
    return s


def _added(s: NewWorldState, e: E.Added) -> NewWorldState:
    a = K.animal(s, e.animal)
    _take_card(s, e.seat, e.card, e.source)
    if e.trait not in faces()[e.card]:
        raise FoldError(f"card {e.card} does not show {e.trait}")
    a.cards.append(e.card)
    a.traits.append(e.trait)
    recount(a)
    s.arranged = False
    return s


def _paired(s: NewWorldState, e: E.Paired) -> NewWorldState:
    a, b = K.animal(s, e.a), K.animal(s, e.b)
    _take_card(s, e.seat, e.card, e.source)
    for x in (a, b):
        x.cards.append(e.card)
        x.traits.append(e.trait)
    s.links[e.card] = Link(e.card, e.trait, e.a, e.b)
    row = s.players[a.owner].row
    if sorted(e.row) != sorted(row):
        raise FoldError("the rearranged row holds other animals")
    row[:] = e.row
    s.arranged = False
    return s


def _swapped(s: NewWorldState, e: E.Swapped) -> NewWorldState:
    p = s.players[e.seat]
    if sorted(e.row) != sorted(p.row):
        raise FoldError("the rearranged row holds other animals")
    p.row[:] = e.row
    p.swaps += 1
    s.arranged = True
    return s


def _passed(s: NewWorldState, e: E.Passed) -> NewWorldState:
    s.players[e.seat].passed = True
    return s


def _revealed(s: NewWorldState, e: E.Revealed) -> NewWorldState:
    pool = s.players[e.seat].pool
    if not pool or pool[-1] != e.card:
        raise FoldError(f"card {e.card} is not on top of seat {e.seat}'s gene pool")
    pool.pop()
    s.reveal, s.target, s.replace = e.card, e.animal, e.old
    s.arranged = False
    if e.old:  # Превращение is spent whatever the card (§7.4)
        a = K.animal(s, e.animal)
        s.rotated.append(a.cards[a.traits.index(TRANSFORMATION)])
        s.extra_done = True
    return s


def _retargeted(s: NewWorldState, e: E.Retargeted) -> NewWorldState:
    K.animal(s, e.animal)
    s.target = e.animal
    return s


def _habitat_revealed(s: NewWorldState, e: E.HabitatRevealed) -> NewWorldState:
    if not s.hstack or s.hstack[-1] != e.card:
        raise FoldError(f"habitat card {e.card} is not on top of the stack")
    s.hstack.pop()
    s.habitats[:0] = habitats_of(e.card)
    s.last = e.last
    return s


def _filled(s: NewWorldState, e: E.Filled) -> NewWorldState:
    for key, red, shelter in zip(e.keys, e.red, e.shelter, strict=True):
        h = _habitat(s, key)
        h.red, h.shelter = red, shelter
    return s


def _feeding(s: NewWorldState, e: E.FeedingStarted) -> NewWorldState:
    s.phase = "feed"
    s.turn = 0
    for p in s.players:
        p.passed = False
    return s


def _turn(s: NewWorldState, e: E.TurnStarted) -> NewWorldState:
    s.go, s.main_done, s.extra_done = e.seat, False, False
    s.turn += 1
    s.turn_used = []
    return s


def _turn_end(s: NewWorldState, e: E.TurnEnded) -> NewWorldState:
    s.main_done = s.extra_done = False
    s.turn_used = []
    return s


def _foraged(s: NewWorldState, e: E.Foraged) -> NewWorldState:
    K.animal(s, e.animal)
    _habitat(s, e.habitat)
    s.main_done = True
    return s


def _food(s: NewWorldState, e: E.Food) -> NewWorldState:
    a = K.animal(s, e.animal)
    a.red += e.red
    a.blue += e.blue
    a.fat += e.fat
    if e.habitat:
        h = _habitat(s, e.habitat)
        h.red -= e.red + e.fat
        if h.red < 0:
            raise FoldError(f"habitat h{e.habitat} has no red token left")
    if a.fat > a.fat_cards:
        raise FoldError(f"c{a.uid} has no empty Fat Tissue card")
    return s


def _sheltered(s: NewWorldState, e: E.Sheltered) -> NewWorldState:
    a = K.animal(s, e.animal)
    h = _habitat(s, e.habitat)
    if a.shelter or h.shelter <= 0:
        raise FoldError(f"c{a.uid} cannot take a shelter in h{e.habitat}")
    h.shelter -= 1
    a.shelter = True
    s.main_done = True
    return s


def _triggered(s: NewWorldState, e: E.Triggered) -> NewWorldState:
    s.frames.append(Frame(e.animal, e.habitat, list(e.cards)))
    return s


def _fired(s: NewWorldState, e: E.Fired) -> NewWorldState:
    if not s.frames or e.card not in s.frames[-1].cards:
        raise FoldError(f"card {e.card} has no pending trigger")
    s.frames[-1].cards.remove(e.card)
    s.turn_used.append(e.card)
    return s


def _trampled(s: NewWorldState, e: E.Trampled) -> NewWorldState:
    if not s.frames or e.card not in s.frames[-1].cards:
        raise FoldError(f"card {e.card} has no pending trigger")
    s.frames[-1].cards.remove(e.card)
    s.turn_used.append(e.card)
    h = _habitat(s, e.habitat)
    h.red -= 1
    if h.red < 0:
        raise FoldError(f"habitat h{e.habitat} has no red token left")
    return s


def _spared(s: NewWorldState, e: E.Spared) -> NewWorldState:
    if not s.frames or e.card not in s.frames[-1].cards:
        raise FoldError(f"card {e.card} has no pending trigger")
    s.frames[-1].cards.remove(e.card)
    return s


def _frame_done(s: NewWorldState, e: E.FrameDone) -> NewWorldState:
    if not s.frames:
        raise FoldError("no pending triggers to close")
    s.frames.pop()
    return s


def _attacked(s: NewWorldState, e: E.Attacked) -> NewWorldState:
    p = K.animal(s, e.predator)
    K.animal(s, e.prey)
    s.attack = Attack(e.predator, e.prey, [e.prey], p.owner)
    s.rotated.append(e.card)
    s.main_done = True
    return s


def _rolled(s: NewWorldState, e: E.Rolled) -> NewWorldState:
    K.use_dice(s, 1)
    at = s.attack
    if at is None:
        raise FoldError("no attack to defend against")
    s.turn_used.append(e.card)
    if e.success:
        at.stage = "done"  # Рогатое: the predator's death follows and sets "scavenge"
    return s


def _mimicked(s: NewWorldState, e: E.Mimicked) -> NewWorldState:
    at = s.attack
    if at is None:
        raise FoldError("no attack to redirect")
    K.animal(s, e.to)
    s.turn_used.append(e.card)
    s.rotated.append(e.card)
    at.prey = e.to
    at.targeted.append(e.to)
    return s


def _tail(s: NewWorldState, e: E.TailLost) -> NewWorldState:
    a = K.animal(s, e.animal)
    tail = a.cards[a.traits.index(TAIL_LOSS)] if TAIL_LOSS in a.traits else 0
    _drop_card(s, a, e.card)
    s.discard.append(e.card)
    if tail:
        s.turn_used.append(tail)
    if s.attack is not None:
        s.attack.stage = "done"
    return s


def _deterred(s: NewWorldState, e: E.Deterred) -> NewWorldState:
    a = K.animal(s, e.animal)
    _drop_card(s, a, e.card)
    s.discard.append(e.card)
    s.turn_used.append(e.card)
    if s.attack is not None:
        s.attack.stage = "done"
    return s


def _eaten(s: NewWorldState, e: E.Eaten) -> NewWorldState:
    prey = K.animal(s, e.prey)
    K.animal(s, e.predator)
    _remove_animal(s, prey)
    if s.attack is not None:
        s.attack.stage = "scavenge"
    return s


def _died(s: NewWorldState, e: E.Died) -> NewWorldState:
    _remove_animal(s, K.animal(s, e.animal))
    if e.cause == "horned" and s.attack is not None:
        s.attack.stage = "scavenge"  # NW47: an attack death
    return s


def _swamp(s: NewWorldState, e: E.SwampFed) -> NewWorldState:
    for key in e.keys:
        _habitat(s, key).red += 1
    return s


def _scavenged(s: NewWorldState, e: E.Scavenged) -> NewWorldState:
    if e.animal:
        a = K.animal(s, e.animal)
        s.turn_used.append(a.cards[a.traits.index(SCAVENGER)])
    if s.attack is not None:
        s.attack.stage = "done"
    return s


def _pirated(s: NewWorldState, e: E.Pirated) -> NewWorldState:
    a, v = K.animal(s, e.animal), K.animal(s, e.victim)
    if e.colour == "red":
        v.red -= 1
        a.red += 1
    else:
        v.blue -= 1
        a.blue += 1
    if v.red < 0 or v.blue < 0:
        raise FoldError(f"c{v.uid} has no {e.colour} token")
    s.rotated.append(e.card)
    s.extra_done = True
    return s


def _transformed(s: NewWorldState, e: E.Transformed) -> NewWorldState:
    a = K.animal(s, e.animal)
    if e.trait not in faces()[e.card]:
        raise FoldError(f"card {e.card} does not show {e.trait}")
    if e.source == "hand":
        K.from_hand(s, a.owner, e.card)
        s.rotated.append(e.by)
        s.extra_done = True
    else:
        _take_card(s, a.owner, e.card, "reveal")
    _drop_card(s, a, e.old)
    s.discard.append(e.old)
    a.cards.append(e.card)
    a.traits.append(e.trait)
    recount(a)
    return s


def _wasted(s: NewWorldState, e: E.Wasted) -> NewWorldState:
    if s.reveal != e.card:
        raise FoldError(f"card {e.card} is not the revealed card")
    s.reveal = s.target = s.replace = 0
    s.discard.append(e.card)
    return s


def _surplus(s: NewWorldState, e: E.Surplus) -> NewWorldState:
    a = K.animal(s, e.animal)
    a.red -= e.red
    a.blue -= e.blue
    if a.red < 0 or a.blue < 0:
        raise FoldError(f"c{a.uid} has not that much food")
    return s


def _feeding_end(s: NewWorldState, e: E.FeedingEnded) -> NewWorldState:
    s.phase = "extinction"
    s.main_done = s.extra_done = False
    s.turn_used = []
    return s


def _fat_used(s: NewWorldState, e: E.FatUsed) -> NewWorldState:
    K.fat_to_food(s, e.animal, e.k)
    return s


def _hibernated(s: NewWorldState, e: E.Hibernated) -> NewWorldState:
    a = K.animal(s, e.animal)
    _drop_card(s, a, e.card)
    s.discard.append(e.card)
    a.slept = True
    return s


def _cleanup(s: NewWorldState, e: E.CleanedUp) -> NewWorldState:
    for a in s.animals.values():
        a.red = a.blue = 0
        a.shelter = a.poisoned = a.slept = False
    s.rotated, s.turn_used, s.frames = [], [], []
    return s


def _habitat_discarded(s: NewWorldState, e: E.HabitatDiscarded) -> NewWorldState:
    if not s.habitats or s.habitats[-1].card != e.card:
        raise FoldError(f"habitat card {e.card} is not the rightmost")
    s.habitats = [h for h in s.habitats if h.card != e.card]
    s.hdiscard.append(e.card)
    return s


def _discarded(s: NewWorldState, e: E.Discarded) -> NewWorldState:
    K.from_hand(s, e.seat, e.card)
    s.discard.append(e.card)
    return s


def _trimmed(s: NewWorldState, e: E.PoolTrimmed) -> NewWorldState:
    pool = s.players[e.seat].pool
    k = len(e.cards)
    if pool[:k] != e.cards:
        raise FoldError(f"seat {e.seat}'s gene pool does not end with {e.cards}")
    del pool[:k]
    s.discard += e.cards
    return s


def _lot(s: NewWorldState, e: E.Lot) -> NewWorldState:
    K.use_dice(s, len(e.dice))
    return s


def _over(s: NewWorldState, e: E.GameEnded) -> NewWorldState:
    for p, k in zip(s.players, e.scores, strict=True):
        p.score = k
    s.winners = list(e.winners)
    s.by_lot = e.lot
    s.phase = s.step = "over"
    return s


FOLD: FoldTable[NewWorldState] = {
    E.GameStarted: _started,
    E.PositionSet: _position,
    E.Dealt: _dealt,
    E.Boxed: _boxed,
    E.Reshuffled: K.reshuffled,
    E.EpochStarted: _epoch,
    E.Await: _await,
    E.Created: _created,
    E.Added: _added,
    E.Paired: _paired,
    E.Swapped: _swapped,
    E.Passed: _passed,
    E.Revealed: _revealed,
    E.Retargeted: _retargeted,
    E.HabitatRevealed: _habitat_revealed,
    E.Filled: _filled,
    E.FeedingStarted: _feeding,
    E.TurnStarted: _turn,
    E.TurnEnded: _turn_end,
    E.Foraged: _foraged,
    E.Food: _food,
    E.Sheltered: _sheltered,
    E.Triggered: _triggered,
    E.Fired: _fired,
    E.Trampled: _trampled,
    E.Spared: _spared,
    E.FrameDone: _frame_done,
    E.Attacked: _attacked,
    E.Rolled: _rolled,
    E.Mimicked: _mimicked,
    E.TailLost: _tail,
    E.Deterred: _deterred,
    E.Eaten: _eaten,
    E.Died: _died,
    E.Poisoned: K.poisoned,
    E.SwampFed: _swamp,
    E.Scavenged: _scavenged,
    E.AttackEnded: K.attack_ended,
    E.Pirated: _pirated,
    E.Transformed: _transformed,
    E.Wasted: _wasted,
    E.Surplus: _surplus,
    E.FeedingEnded: _feeding_end,
    E.FatUsed: _fat_used,
    E.Hibernated: _hibernated,
    E.CleanedUp: _cleanup,
    E.HabitatDiscarded: _habitat_discarded,
    E.Discarded: _discarded,
    E.PoolTrimmed: _trimmed,
    E.Lot: _lot,
    E.GameEnded: _over,
}
