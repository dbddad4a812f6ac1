"""What one seat may see of a `newworld` game (spec §8, contract 6), and sampling the rest.

Everyone sees the habitat row (each habitat's food, shelters, requirement and printed
values), the sizes of the habitat stack, the deck, the box and every gene pool, both discard
piles in full (NW39), the animals with their property cards, tokens, rotations and links
(with the Симбиоз direction), who has passed, the pending attack and triggers, a revealed
card, scores. A seat sees its own hand and the faces of its own animal cards. Nobody sees the
deck order, the habitat stack, the box, a gene pool (its owner neither), the seed or the
random counter; `viewer=None` is the omniscient view (gene pools included).
"""

from __future__ import annotations

import random

import msgspec

from core.engine.unseen import Unseen
from core.games.newworld import queries as Q
from core.games.newworld.data import CARD_COUNT, HABITAT_CARDS, habitat_kinds
from core.games.newworld.state import (
    Animal,
    Attack,
    Frame,
    Habitat,
    Link,
    NewWorldState,
    Player,
)
from core.kits.evolution.views import AnimalView as EvolutionAnimalView
from core.kits.evolution.views import Seated, links_of, seen_cards


class AnimalView(EvolutionAnimalView, frozen=True):
    """The kit's (uid, owner, card, cards, traits, partners, roles), and:"""

    rotated: list[int]  # its rotated cards (Хищное, Мимикрия, Пиратство, Превращение)
    used: list[int]  # its cards that acted in this turn (NW9)
    red: int
    blue: int
    fat: int
    shelter: bool
    need: int
    fat_cards: int
    fed: bool
    can_take: bool  # §3.1: could take food now (hungry or an empty Жировой запас, no Симбиоз block)
    poisoned: bool
    slept: bool


class HabitatView(msgspec.Struct, frozen=True):
    key: str  # "13", "3u", "3l": h13, h3u, h3l in notation
    card: int
    kind: str
    needs: str  # "" open to all; a property id; "none" = only animals without properties
    red: int
    shelter: int
    printed_red: int  # what H2 refills it to (a Болота: 1 when empty, §6.3)
    printed_shelter: int
    swamp: bool


class PlayerView(msgspec.Struct, frozen=True):
    hand_size: int
    hand: list[int] | None  # the viewer's own hand only
    pool_size: int
    pool: list[int] | None  # the gene pool: the omniscient view only (§8)
    row: list[int]
    passed: bool
    score: int  # final points, once the game is over
    points: int  # what the surviving animals would score now (§7.1), for the table
    swaps: int


class NewWorldView(msgspec.Struct, Seated, frozen=True):
    viewer: int | None
    scenario: str
    unlimited: bool
    length: int
    players: list[PlayerView]
    animals: dict[int, AnimalView]
    links: dict[int, Link]
    deck_size: int
    discard: list[int]  # open to everyone (NW39)
    box_size: int
    habitats: list[HabitatView]  # left to right
    hstack_size: int
    hdiscard: list[int]
    hbox_size: int
    epoch: int
    first: int  # the first player of this epoch
    last: bool  # the last epoch, known from H3 (NW48)
    phase: str
    step: str
    decider: int
    go: int
    turn: int
    main_done: bool
    extra_done: bool
    arranged: bool
    turn_used: list[int]
    rotated: list[int]
    frames: list[Frame]
    attack: Attack | None
    reveal: int
    target: int
    replace: int
    next_uid: int
    winners: list[int]
    by_lot: bool


def _animal_view(s: NewWorldState, a: Animal, face: int | None) -> AnimalView:
    partners, roles = links_of(s, a)
    return AnimalView(
        a.uid, a.owner, face, a.cards[:], a.traits[:], partners, roles,
        [c for c in a.cards if c in s.rotated], [c for c in a.cards if c in s.turn_used],
        a.red, a.blue, a.fat, a.shelter, a.need, a.fat_cards, not Q.hungry(a), Q.can_take(s, a),
        a.poisoned, a.slept)


def _habitat_view(h: Habitat) -> HabitatView:
    k = habitat_kinds()[h.kind]
    return HabitatView(h.key, h.card, h.kind, k.needs, h.red, h.shelter,
                       1 if k.swamp else k.red, k.shelter, k.swamp)


def view(s: NewWorldState, viewer: int | None) -> NewWorldView:
    def sees(seat: int) -> bool:
        return viewer is None or viewer == seat

    animals = {u: _animal_view(s, a, a.card if sees(a.owner) else None)
               for u, a in s.animals.items()}
    players = [PlayerView(len(p.hand), p.hand[:] if sees(i) else None, len(p.pool),
                          p.pool[:] if viewer is None else None, p.row[:], p.passed, p.score,
                          sum(Q.score_of(s, i).values()), p.swaps)
               for i, p in enumerate(s.players)]
    at = s.attack
    return NewWorldView(
        viewer, s.scenario, s.unlimited, s.length, players, animals,
        {c: Link(k.card, k.trait, k.a, k.b) for c, k in s.links.items()}, len(s.deck),
        s.discard[:], len(s.box), [_habitat_view(h) for h in s.habitats], len(s.hstack),
        s.hdiscard[:], len(s.hbox), s.epoch, s.first, s.last, s.phase, s.step, s.decider, s.go,
        s.turn, s.main_done, s.extra_done, s.arranged, s.turn_used[:], s.rotated[:],
        [Frame(f.animal, f.habitat, f.cards[:]) for f in s.frames],
        None if at is None else Attack(at.predator, at.prey, at.targeted[:], at.hunter, at.stage),
        s.reveal, s.target, s.replace, s.next_uid, s.winners[:], s.by_lot,
    )


def determinize(v: NewWorldView, rng: random.Random) -> NewWorldState:
    """A full state consistent with the view: hidden cards and orders sampled with `rng`."""
    known = seen_cards(v)
    if v.reveal:
        known.add(v.reveal)
    for p in v.players:
        if p.pool is not None:
            known.update(p.pool)
    unseen = Unseen(CARD_COUNT, known, rng)
    take = unseen.take
    players = [Player(p.hand[:] if p.hand is not None else take(p.hand_size), p.row[:],
                      p.pool[:] if p.pool is not None else take(p.pool_size), p.passed,
                      p.score, p.swaps)
               for p in v.players]
    animals = {
        u: Animal(u, a.owner, a.card if a.card is not None else take(1)[0], a.cards[:],
                  a.traits[:], a.red, a.blue, a.fat, a.shelter, a.need, a.fat_cards, a.poisoned,
                  a.slept)
        for u, a in v.animals.items()
    }
    deck = take(v.deck_size)
    box = take(v.box_size)
    if unseen.cards:
        raise ValueError("the view's counts do not add up to the deck")
    hidden = Unseen(HABITAT_CARDS, {h.card for h in v.habitats} | set(v.hdiscard), rng)
    hstack = hidden.take(v.hstack_size)
    hbox = hidden.take(v.hbox_size)
    if hidden.cards:
        raise ValueError("the view's habitat counts do not add up")
    at = v.attack
    return NewWorldState(
        seed=rng.randrange(2**31), rng_count=0, scenario=v.scenario, unlimited=v.unlimited,
        length=v.length, players=players, animals=animals,
        links={c: Link(k.card, k.trait, k.a, k.b) for c, k in v.links.items()}, deck=deck,
        discard=v.discard[:], box=box,
        habitats=[Habitat(h.key, h.card, h.kind, h.red, h.shelter) for h in v.habitats],
        hstack=hstack, hdiscard=v.hdiscard[:], hbox=hbox, epoch=v.epoch, first=v.first,
        last=v.last, phase=v.phase, step=v.step, decider=v.decider, go=v.go,
        turn=v.turn, main_done=v.main_done, extra_done=v.extra_done, arranged=v.arranged,
        turn_used=v.turn_used[:], rotated=v.rotated[:],
        frames=[Frame(f.animal, f.habitat, f.cards[:]) for f in v.frames],
        attack=None if at is None else Attack(at.predator, at.prey, at.targeted[:], at.hunter,
                                              at.stage),
        reveal=v.reveal, target=v.target, replace=v.replace, next_uid=v.next_uid,
        winners=v.winners[:], by_lot=v.by_lot,
    )
