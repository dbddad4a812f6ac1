"""What one seat may see of a `classic` game (spec §8, contract 6), and sampling the rest.

Everyone sees the animals with their property cards, tokens and flags, the pair links (with
the Симбиоз direction), the food base and the roll that made it, the pending attack and
triggers, counts of hands, deck and discard piles, scores and reserves. A seat sees its own
hand and the faces of its own animal cards; in v0.9 everyone may look through the common
discard pile (animal faces included). Nobody sees the deck order, the cards in a `classic`
discard pile, the seed or the random counter. `viewer=None` is the omniscient view.
"""

from __future__ import annotations

import random

import msgspec

from core.engine.unseen import Unseen
from core.games.classic import queries as Q
from core.games.classic.data import CARD_COUNT
from core.games.classic.state import Animal, Attack, ClassicState, Link, Player, Trigger
from core.kits.evolution.views import AnimalView as EvolutionAnimalView
from core.kits.evolution.views import Seated, links_of, seen_cards


class AnimalView(EvolutionAnimalView, frozen=True):
    """The kit's (uid, owner, card, cards, traits, partners, roles), and:"""

    used: list[int]  # its cards used this turn or go (Хищник, Пиратство, Топотун, ...)
    red: int
    blue: int
    fat: int
    need: int
    fat_cards: int
    fed: bool
    hibernating: bool
    slept: int
    poisoned: bool
    turned: bool


class PlayerView(msgspec.Struct, frozen=True):
    hand_size: int
    hand: list[int] | None  # the viewer's own hand only
    row: list[int]
    pile_size: int  # `classic`: the own discard pile, face down; its size is public (CL28)
    passed: bool
    score: int
    fed: int
    reserve: int
    bonus: int


class ClassicView(msgspec.Struct, Seated, frozen=True):
    viewer: int | None
    v09: bool
    personal: bool
    five: bool
    mimicry3: bool
    single_poisonous: bool
    length: int
    players: list[PlayerView]
    animals: dict[int, AnimalView]
    links: dict[int, Link]
    deck_size: int
    discard: list[int]  # v0.9: the common pile, open to everyone (§8); `classic`: empty
    turn: int
    first: int  # the first player of this turn
    last: bool  # this is the last turn (§3.1)
    phase: str
    step: str
    decider: int
    go: int
    base: int
    dice: list[int]
    idle: int
    acted: bool
    food_done: bool
    go_used: list[int]
    turn_used: list[int]
    pending: list[Trigger]
    attack: Attack | None
    next_uid: int
    winners: list[int]


def _animal_view(s: ClassicState, a: Animal, face: int | None) -> AnimalView:
    partners, roles = links_of(s, a)
    used = [c for c in a.cards if c in s.turn_used or c in s.go_used]
    return AnimalView(a.uid, a.owner, face, a.cards[:], a.traits[:], partners, roles, used,
                      a.red, a.blue, a.fat, a.need, a.fat_cards, Q.fed(a), a.hibernating,
                      a.slept, a.poisoned, a.turned)


def view(s: ClassicState, viewer: int | None) -> ClassicView:
    def sees(seat: int) -> bool:
        return viewer is None or viewer == seat

    animals = {u: _animal_view(s, a, a.card if sees(a.owner) else None)
               for u, a in s.animals.items()}
    players = [PlayerView(len(p.hand), p.hand[:] if sees(i) else None, p.row[:], len(p.pile),
                          p.passed, p.score, p.fed, p.reserve, p.bonus)
               for i, p in enumerate(s.players)]
    at = s.attack
    return ClassicView(
        viewer, s.v09, s.personal, s.five, s.mimicry3, s.single_poisonous, s.length, players,
        animals, {c: Link(k.card, k.trait, k.a, k.b) for c, k in s.links.items()}, len(s.deck),
        s.discard[:], s.turn, s.first, s.last, s.phase, s.step, s.decider, s.go, s.base,
        s.dice[:], s.idle, s.acted, s.food_done, s.go_used[:], s.turn_used[:], s.pending[:],
        None if at is None else Attack(at.predator, at.prey, at.targeted[:], at.spent[:], at.stage),
        s.next_uid, s.winners[:],
    )


def determinize(v: ClassicView, rng: random.Random) -> ClassicState:
    """A full state consistent with the view: hidden cards and orders sampled with `rng`."""
    unseen = Unseen(CARD_COUNT, seen_cards(v), rng)
    take = unseen.take
    players = [Player(p.hand[:] if p.hand is not None else take(p.hand_size), p.row[:],
                      take(p.pile_size), p.passed, p.score, p.fed, p.reserve, p.bonus)
               for p in v.players]
    animals = {
        u: Animal(u, a.owner, a.card if a.card is not None else take(1)[0], a.cards[:],
                  a.traits[:], a.red, a.blue, a.fat, a.need, a.fat_cards, a.hibernating, a.slept,
                  a.poisoned, a.turned)
        for u, a in v.animals.items()
    }
    deck = take(v.deck_size)
    if unseen.cards:
        raise ValueError("the view's counts do not add up to the deck")
    at = v.attack
    return ClassicState(
        seed=rng.randrange(2**31), rng_count=0, v09=v.v09, personal=v.personal, five=v.five,
        mimicry3=v.mimicry3, single_poisonous=v.single_poisonous, length=v.length,
        players=players, animals=animals,
        links={c: Link(k.card, k.trait, k.a, k.b) for c, k in v.links.items()}, deck=deck,
        discard=v.discard[:], turn=v.turn, first=v.first, last=v.last, phase=v.phase,
        step=v.step, decider=v.decider, go=v.go, base=v.base, dice=v.dice[:], idle=v.idle,
        acted=v.acted, food_done=v.food_done, go_used=v.go_used[:], turn_used=v.turn_used[:],
        pending=v.pending[:],
        attack=None if at is None else Attack(at.predator, at.prey, at.targeted[:], at.spent[:],
                                              at.stage),
        next_uid=v.next_uid, winners=v.winners[:],
    )
