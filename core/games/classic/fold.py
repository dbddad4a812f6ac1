"""`evolve`: fold one event into a `classic` state — the only place a state changes.

What folding is, and what a check that fails here means: `core.engine.rules_base`.
"""

from __future__ import annotations

from core.engine.rules_base import FoldError, FoldTable
from core.games.classic import events as E
from core.games.classic.data import CARD_COUNT, PAIRED, extra_food, faces, numbers
from core.games.classic.state import Animal, Attack, ClassicState, Link, Player
from core.games.classic.state import clone as clone_state
from core.kits.evolution import fold as K

# The decisions an `Await` may ask for (legal.py has the actions of each).
STEPS = frozenset({"develop", "feed", "defend", "trigger", "scavenger", "reserve", "discard"})


def _seat(s: ClassicState, seat: int) -> int:
    if not 0 <= seat < len(s.players):
        raise FoldError(f"there is no seat {seat}")
    return seat


def _die(value: int) -> None:
    if not 1 <= value <= 6:
        raise FoldError(f"a die showing {value}")


def recount(a: Animal) -> None:
    """The need for food and the fat cards follow from the properties (§3.1)."""
    K.recount(a, extra_food())


def _to_discard(s: ClassicState, owner: int, card: int) -> None:
    """`classic`: the animal owner's own pile (CL24); v0.9: the common pile."""
    if s.v09:
        s.discard.append(card)
    else:
        s.players[owner].pile.append(card)


def _drop_card(s: ClassicState, a: Animal, card: int) -> None:
    """Take one property card off `a` (and off its partner if paired, with its triggers)."""
    if K.drop_card(s, a, card, extra_food()) is not None:
        s.pending = [t for t in s.pending if t.card != card]


def _remove_animal(s: ClassicState, a: Animal) -> None:
    """Death (§4.6): the kit's, to the owner's pile or the common one; no trigger is left to
    feed it."""
    K.remove_animal(s, a, _drop_card, _to_discard)
    s.pending = [t for t in s.pending if t.to != a.uid]


# --- folds ---------------------------------------------------------------------------------

def _started(s: ClassicState | None, e: E.GameStarted) -> ClassicState:
    reserve = numbers()["reserve"] if e.personal else 0
    return ClassicState(
        seed=e.seed, rng_count=e.rng_count, v09=e.v09, personal=e.personal, five=e.five,
        mimicry3=e.mimicry3, single_poisonous=e.single_poisonous, length=e.length,
        players=[Player(reserve=reserve) for _ in range(e.players)], animals={}, links={},
        deck=list(e.deck), discard=[], first=e.first,
    )


def _position(s: ClassicState | None, e: E.PositionSet) -> ClassicState:
    return clone_state(e.state)


def _dealt(s: ClassicState, e: E.Dealt) -> ClassicState:
    deck = s.deck
    for seat, card in zip(e.seats, e.cards, strict=True):
        if not deck or deck[-1] != card:
            raise FoldError(f"card {card} is not on top of the deck")
        deck.pop()
        s.players[seat].hand.append(card)
    return s


def _turn(s: ClassicState, e: E.TurnStarted) -> ClassicState:
    _seat(s, e.first)
    if e.turn < 1:
        raise FoldError(f"turn {e.turn}")
    s.turn, s.first, s.last, s.phase = e.turn, e.first, e.last, "develop"
    s.base, s.dice, s.idle = 0, [], 0
    for p in s.players:
        p.passed = False
        p.bonus = 0
    return s


def _await(s: ClassicState, e: E.Await) -> ClassicState:
    if e.step not in STEPS:
        raise FoldError(f"unknown step '{e.step[:40]}'")
    s.decider, s.step = _seat(s, e.seat), e.step
    return s


def _created(s: ClassicState, e: E.Created) -> ClassicState:
    K.from_hand(s, e.seat, e.card)
    if e.uid in s.animals:
        raise FoldError(f"animal c{e.uid} exists already")
    s.animals[e.uid] = Animal(e.uid, e.seat, e.card)
    s.players[e.seat].row.append(e.uid)
    s.next_uid = max(s.next_uid, e.uid + 1)
    return s


def _added(s: ClassicState, e: E.Added) -> ClassicState:
    a = K.animal(s, e.animal)
    face = faces(s.single_poisonous)[e.card if 0 < e.card <= CARD_COUNT else 0]
    if e.trait in PAIRED or e.trait not in face:
        raise FoldError(f"card {e.card} does not show {e.trait[:40]}")
    K.from_hand(s, e.seat, e.card)
    a.cards.append(e.card)
    a.traits.append(e.trait)
    recount(a)
    return s


def _paired(s: ClassicState, e: E.Paired) -> ClassicState:
    a, b = K.animal(s, e.a), K.animal(s, e.b)
    if e.a == e.b or e.trait not in PAIRED or \
            e.trait not in faces(s.single_poisonous)[e.card if 0 < e.card <= CARD_COUNT else 0]:
        raise FoldError(f"card {e.card} cannot join c{e.a} and c{e.b} with {e.trait[:40]}")
    K.from_hand(s, e.seat, e.card)
    for x in (a, b):
        x.cards.append(e.card)
        x.traits.append(e.trait)
    s.links[e.card] = Link(e.card, e.trait, e.a, e.b)
    return s


def _passed(s: ClassicState, e: E.Passed) -> ClassicState:
    s.players[_seat(s, e.seat)].passed = True
    return s


def _rolled(s: ClassicState, e: E.Rolled) -> ClassicState:
    _seat(s, e.seat)
    for d in e.dice:
        _die(d)
    if e.bonus < 0:
        raise FoldError(f"a food bonus of {e.bonus}")
    K.use_dice(s, len(e.dice))
    s.dice = list(e.dice)
    s.base = sum(e.dice) + e.bonus
    s.phase, s.idle = "feed", 0
    return s


def _go(s: ClassicState, e: E.GoStarted) -> ClassicState:
    s.go, s.acted, s.food_done = _seat(s, e.seat), False, False
    s.go_used = []
    return s


def _go_end(s: ClassicState, e: E.GoEnded) -> ClassicState:
    s.idle = s.idle + 1 if e.declined else 0
    s.acted = s.food_done = False
    s.go_used = []
    return s


def _took(s: ClassicState, e: E.Took) -> ClassicState:
    s.acted = s.food_done = True
    return s


def _food(s: ClassicState, e: E.Food) -> ClassicState:
    a = K.animal(s, e.animal)
    a.red += e.red
    a.blue += e.blue
    a.fat += e.fat
    s.base -= e.base
    if s.base < 0:
        raise FoldError("the food base has no red token left")
    if a.fat > a.fat_cards:
        raise FoldError(f"c{a.uid} has no empty Fat Tissue card")
    return s


def _pending(s: ClassicState, e: E.Pending) -> ClassicState:
    s.pending = s.pending + list(e.triggers)
    return s


def _fired(s: ClassicState, e: E.Fired) -> ClassicState:
    if all(t.card != e.card for t in s.pending):
        raise FoldError(f"card {e.card} has no pending trigger")
    s.pending = [t for t in s.pending if t.card != e.card]
    s.go_used.append(e.card)
    return s


def _cleared(s: ClassicState, e: E.Cleared) -> ClassicState:
    s.pending = []
    return s


def _attacked(s: ClassicState, e: E.Attacked) -> ClassicState:
    K.animal(s, e.predator)
    K.animal(s, e.prey)
    s.attack = Attack(e.predator, e.prey, [e.prey])
    s.turn_used.append(e.card)
    s.acted = s.food_done = True
    return s


def _ran(s: ClassicState, e: E.Ran) -> ClassicState:
    _die(e.die)
    K.use_dice(s, 1)
    at = s.attack
    if at is None:
        raise FoldError("no attack to run from")
    at.spent.append(e.card)
    if e.escaped:
        at.stage = "done"
    return s


def _mimicked(s: ClassicState, e: E.Mimicked) -> ClassicState:
    at = s.attack
    if at is None:
        raise FoldError("no attack to redirect")
    K.animal(s, e.to)
    at.spent.append(e.card)
    if s.mimicry3:
        s.turn_used.append(e.card)
    at.prey = e.to
    at.targeted.append(e.to)
    return s


def _tail(s: ClassicState, e: E.TailLost) -> ClassicState:
    a = K.animal(s, e.animal)
    _drop_card(s, a, e.card)
    _to_discard(s, a.owner, e.card)
    if s.attack is not None:
        s.attack.stage = "done"
    return s


def _bonus_card(s: ClassicState, a: Animal) -> None:
    """v0.9: a lost animal with a property brings its owner a card at X5 (CL32)."""
    if s.v09 and a.cards:
        s.players[a.owner].bonus += 1


def _eaten(s: ClassicState, e: E.Eaten) -> ClassicState:
    prey, predator = K.animal(s, e.prey), K.animal(s, e.predator)
    if prey.owner != predator.owner:
        _bonus_card(s, prey)
    _remove_animal(s, prey)
    if s.attack is not None:
        s.attack.stage = "scavenge"
    return s


def _scavenged(s: ClassicState, e: E.Scavenged) -> ClassicState:
    if s.attack is not None:
        s.attack.stage = "done"
    return s


def _grazed(s: ClassicState, e: E.Grazed) -> ClassicState:
    s.base -= 1
    if s.base < 0:
        raise FoldError("the food base is empty")
    s.go_used.append(e.card)
    s.acted = True
    return s


def _pirated(s: ClassicState, e: E.Pirated) -> ClassicState:
    a, v = K.animal(s, e.animal), K.animal(s, e.victim)
    if e.colour == "red":
        v.red -= 1
        a.red += 1
    elif e.colour != "blue":
        raise FoldError(f"a token of colour '{e.colour[:40]}'")
    else:
        v.blue -= 1
        a.blue += 1
    if v.red < 0 or v.blue < 0:
        raise FoldError(f"c{v.uid} has no {e.colour} token")
    s.turn_used.append(e.card)
    s.acted = True
    return s


def _hibernated(s: ClassicState, e: E.Hibernated) -> ClassicState:
    a = K.animal(s, e.animal)
    a.hibernating = True
    a.slept = s.turn
    s.acted = True
    return s


def _converted(s: ClassicState, e: E.Converted) -> ClassicState:
    K.fat_to_food(s, e.animal, e.k)
    s.acted = s.food_done = True
    return s


def _feeding_end(s: ClassicState, e: E.FeedingEnded) -> ClassicState:
    s.base, s.phase = 0, "extinction"
    return s


def _fat_stored(s: ClassicState, e: E.FatStored) -> ClassicState:
    if not s.personal:
        raise FoldError("fat goes to a reserve only with personal food")
    k = 0
    for uid in s.players[e.seat].row:
        a = s.animals[uid]
        k += a.fat
        a.fat = 0
    if k != e.k:
        raise FoldError(f"seat {e.seat} has {k} fat tokens, not {e.k}")
    s.players[e.seat].reserve += k
    return s


def _died(s: ClassicState, e: E.Died) -> ClassicState:
    a = K.animal(s, e.animal)
    if e.cause not in ("poison", "starved"):
        raise FoldError(f"c{a.uid} cannot die of '{e.cause[:40]}'")
    if e.cause == "starved":
        _bonus_card(s, a)
    _remove_animal(s, a)
    return s


def _reserve(s: ClassicState, e: E.ReserveUsed) -> ClassicState:
    if not s.personal:
        raise FoldError("a reserve is used only with personal food")
    p = s.players[e.seat]
    p.reserve -= e.k
    if p.reserve < 0:
        raise FoldError(f"seat {e.seat} has not that many reserve tokens")
    K.animal(s, e.animal).red += e.k
    return s


def _turned(s: ClassicState, e: E.Turned) -> ClassicState:
    for uid in e.animals:
        K.animal(s, uid).turned = True
    return s


def _straightened(s: ClassicState, e: E.Straightened) -> ClassicState:
    for uid in e.animals:
        K.animal(s, uid).turned = False
    return s


def _cleanup(s: ClassicState, e: E.CleanedUp) -> ClassicState:
    for a in s.animals.values():
        a.red = a.blue = 0
        a.hibernating = False
    s.turn_used, s.go_used, s.pending = [], [], []
    return s


def _discarded(s: ClassicState, e: E.Discarded) -> ClassicState:
    if not s.v09:
        raise FoldError("only v0.9 discards down to a hand limit")
    K.from_hand(s, e.seat, e.card)
    s.discard.append(e.card)
    return s


def _scored(s: ClassicState, e: E.Scored) -> ClassicState:
    for p, k, fed in zip(s.players, e.points, e.fed, strict=True):
        p.score += k
        p.fed = fed
    return s


def _lot(s: ClassicState, e: E.Lot) -> ClassicState:
    if len(e.seats) != len(e.dice):
        raise FoldError("the lot's seats and dice do not match")
    for seat, d in zip(e.seats, e.dice, strict=True):
        _seat(s, seat)
        _die(d)
    K.use_dice(s, len(e.dice))
    return s


def _over(s: ClassicState, e: E.GameEnded) -> ClassicState:
    if not e.winners or any(not 0 <= w < len(s.players) for w in e.winners):
        raise FoldError(f"winners {e.winners[:8]}")
    for p, k in zip(s.players, e.scores, strict=True):
        p.score = k
    s.winners = list(e.winners)
    s.phase = s.step = "over"
    return s


def _nothing(s: ClassicState, e: object) -> ClassicState:
    return s


FOLD: FoldTable[ClassicState] = {
    E.GameStarted: _started,
    E.PositionSet: _position,
    E.Dealt: _dealt,
    E.Reshuffled: K.reshuffled,
    E.TurnStarted: _turn,
    E.Await: _await,
    E.Created: _created,
    E.Added: _added,
    E.Paired: _paired,
    E.Passed: _passed,
    E.Rolled: _rolled,
    E.GoStarted: _go,
    E.GoEnded: _go_end,
    E.Took: _took,
    E.Food: _food,
    E.Pending: _pending,
    E.Fired: _fired,
    E.Cleared: _cleared,
    E.Attacked: _attacked,
    E.Ran: _ran,
    E.Mimicked: _mimicked,
    E.TailLost: _tail,
    E.Eaten: _eaten,
    E.Poisoned: K.poisoned,
    E.Scavenged: _scavenged,
    E.AttackEnded: K.attack_ended,
    E.Grazed: _grazed,
    E.Pirated: _pirated,
    E.Hibernated: _hibernated,
    E.Converted: _converted,
    E.FeedingEnded: _feeding_end,
    E.FatStored: _fat_stored,
    E.Died: _died,
    E.ReserveUsed: _reserve,
    E.Turned: _turned,
    E.Straightened: _straightened,
    E.CleanedUp: _cleanup,
    E.Discarded: _discarded,
    E.Scored: _scored,
    E.Lot: _lot,
    E.GameEnded: _over,
}
