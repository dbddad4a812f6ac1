"""What one seat may see of a `northstar` game (spec §8, contract 6), and sampling the rest.

Everyone sees each player's species boards left to right (population, body size, face-up
traits, food by kind and fat), which species carry face-down traits (not which traits), the
watering hole and the food cards revealed this round, the discard pile, the sizes of every
hand, the draw pile and the removed cards, whose food card is chosen and whose phase-3 turn
or plan is done, the effects waiting before the reveal, the traits Intelligence switched off,
and — for the player feeding — every attack his carnivores could try with the defences that
stop it. A seat sees its own hand, its chosen food card, its own face-down traits, its food
bag (everyone's with the "open bags" option, and once the game is scored, NS29) and, in the
short variant, its own secret plan with the position it leads to (`draft`); of another
seat's plan only "submitted / not yet". Nobody sees the draw pile's order, the removed
cards, the seed or the random counter. `viewer=None` is the omniscient view.
"""

from __future__ import annotations

import random

import msgspec

from core.engine.unseen import Unseen
from core.games.northstar import queries as Q
from core.games.northstar.data import (
    CARD_COUNT,
    CARNIVORE,
    FAT,
    HORNS,
    card_food,
    card_traits,
    trait_limit,
)
from core.games.northstar.plan import project
from core.games.northstar.state import NorthStarState, Player, Species
from core.games.northstar.steps import Effect, PlayStep


class SpeciesView(msgspec.Struct, frozen=True):
    uid: int  # "A1" in notation
    owner: int
    pop: int
    body: int
    cards: list[int]  # trait cards in the order placed; 0 = face down, unseen by this viewer
    traits: list[str]  # the trait of each card; "" = face down, unseen
    hidden: list[bool]  # parallel: the card is still face down (§3.5)
    plant: int  # food on the board by kind (NS2)
    meat: int
    fatfood: int
    fat: int  # on its Fat Tissue card
    food: int
    hungry: bool
    fat_room: int  # units of fat it could still store (Fat Tissue, NS4)
    carnivore: bool  # a face-up Carnivore


class PlayerView(msgspec.Struct, frozen=True):
    hand_size: int
    hand: list[int] | None  # the viewer's own hand only
    hand_traits: list[str] | None  # parallel: each card's trait
    hand_food: list[int] | None  # parallel: each card's printed food number (§5.3)
    row: list[int]  # species, left to right
    made: int  # species made so far (the next one is `made + 1`)
    food_chosen: bool  # a food card lies face down for this round (§3.4)
    food: int | None  # which: its owner only, until the reveal
    done: bool  # phase 3: turn over / short variant: plan submitted
    plan: list[PlayStep] | None  # short variant: the viewer's own secret plan only
    bag: int | None  # food in the bag: its owner only; everyone's with open bags or once scored (NS29)
    bag_kinds: list[int] | None  # plant, meat, fat in the bag (same rule)
    points: int  # what the table shows of his score: population + trait cards
    score: int  # final points, once the game is over


class AttackOption(msgspec.Struct, frozen=True):
    """A carnivore of the feeding player against one species (§4.3): `blocked_by` names the
    defences that stop it (trait ids; "size" when it is not larger even without Hard Shell);
    empty = the attack is legal now."""

    attacker: int
    target: int
    blocked_by: list[str]
    attack_size: int
    defence_size: int
    meat: int  # the target's printed body size (NS8)
    horns: bool  # the target's Horns will cost the attacker 1 population (NS11)
    takes: int = 0  # the meat the attacker would take: what fits of `meat` (Q.meat_taken)
    fatal: bool = False  # Horns take the attacker's last population: it dies, no meat (NS11)


class DraftView(msgspec.Struct, frozen=True):
    """Short variant: the viewer's own species and hand as his secret plan leaves them."""

    hand: list[int]
    row: list[int]
    species: dict[int, SpeciesView]


class NorthStarView(msgspec.Struct, frozen=True):
    viewer: int | None
    short: bool
    open_bags: bool
    trait_limit: int
    players: list[PlayerView]
    species: dict[int, SpeciesView]
    deck_size: int
    discard: list[int]  # face up, open to everyone
    removed_size: int  # two players: 40 cards out unseen (NS26)
    hole: int  # plant food on the watering hole
    shown: list[int]  # the food cards revealed this round
    shown_total: int  # their food numbers added up
    round: int
    first: int
    last: int  # the round flagged last (0: none yet)
    phase: str
    step: str
    decider: int
    go: int
    fed: bool
    acted: bool
    idle: int
    obliged: bool  # feeding: the player to decide must take a feeding action (NS5)
    off: list[str]
    effects: list[Effect]
    attacks: list[AttackOption]
    draft: DraftView | None
    winners: list[int]

    @property
    def n(self) -> int:
        return len(self.players)


def _species_view(s: NorthStarState, x: Species, sees: bool) -> SpeciesView:
    if x.hidden and not sees:
        hide = set(x.hidden)
        cards = [0 if c in hide else c for c in x.cards]
        traits = ["" if c in hide else t for c, t in zip(x.cards, x.traits, strict=True)]
    else:
        cards, traits = x.cards[:], x.traits[:]
    hidden = [c in x.hidden for c in x.cards] if x.hidden else [False] * len(x.cards)
    def shown(trait: str) -> bool:  # a face-down trait does not work yet (NS22)
        return trait in x.traits and not (x.hidden and x.cards[x.traits.index(trait)] in x.hidden)

    return SpeciesView(x.uid, x.owner, x.pop, x.body, cards, traits, hidden, x.plant, x.meat,
                       x.fatfood, x.fat, x.food, x.food < x.pop,
                       Q.fat_room(s, x) if shown(FAT) else 0, shown(CARNIVORE))


def _attacks(s: NorthStarState) -> list[AttackOption]:
    if s.step != "feed" or s.fed:
        return []
    out = []
    for a in Q.attackers(s, s.go):
        size = Q.attack_size(s, a)
        for seat in range(s.n):
            for t in Q.row(s, seat):
                if t.uid == a.uid:
                    continue
                b = Q.blockers(s, a, t)
                out.append(AttackOption(a.uid, t.uid, ["size"] if b is None else b, size,
                                        Q.defence_size(s, t), t.body, Q.active(s, t, HORNS),
                                        Q.meat_taken(s, a, t), Q.pop_after_attack(s, a, t) <= 0))
    return out


def view(s: NorthStarState, viewer: int | None) -> NorthStarView:
    def sees(seat: int) -> bool:
        return viewer is None or viewer == seat

    species = {u: _species_view(s, x, sees(x.owner)) for u, x in s.species.items()}
    names, food = card_traits(), card_food()
    players = []
    for i, p in enumerate(s.players):
        bag_open = sees(i) or s.open_bags or s.step == "over"  # scoring opened every bag (NS29)
        r = [s.species[u] for u in p.row]
        hand = p.hand[:] if sees(i) else None
        players.append(PlayerView(
            len(p.hand), hand, None if hand is None else [names[c] for c in hand],
            None if hand is None else [food[c] for c in hand], p.row[:], p.made, bool(p.food),
            (p.food or None) if sees(i) else None, p.done, p.plan[:] if sees(i) else None,
            p.bag if bag_open else None,
            [p.bag_plant, p.bag_meat, p.bag_fat] if bag_open else None,
            sum(x.pop for x in r) + sum(len(x.cards) for x in r), p.score))
    draft = None
    if viewer is not None and s.players[viewer].plan:
        t = project(s, viewer)
        mine = t.players[viewer]
        draft = DraftView(mine.hand[:], mine.row[:],
                          {u: _species_view(t, t.species[u], True) for u in mine.row})
    obliged = s.step == "feed" and not s.fed and Q.obliged(s, s.go)
    return NorthStarView(
        viewer, s.short, s.open_bags, trait_limit(s.n), players, species, len(s.deck),
        s.discard[:], len(s.removed), s.hole, s.shown[:], sum(food[c] for c in s.shown),
        s.round, s.first, s.last, s.phase, s.step, s.decider, s.go, s.fed, s.acted, s.idle,
        obliged, s.off[:], s.effects[:],
        _attacks(s), draft, s.winners[:],
    )


def determinize(v: NorthStarView, rng: random.Random) -> NorthStarState:
    """A full state consistent with the view: hidden cards and orders sampled with `rng`.

    Face-down traits get cards whose trait their species does not carry yet (NS21); another
    seat's chosen food card, hand, the removed cards and the draw pile come from the rest.
    Another seat's secret plan is taken to be empty (nothing of it can be known), and a bag
    the viewer may not see is guessed at the size of his own."""
    known: set[int] = set(v.discard)
    for x in v.species.values():
        known.update(c for c in x.cards if c)
    for p in v.players:
        if p.hand is not None:
            known.update(p.hand)
        if p.food:
            known.add(p.food)
    unseen = Unseen(CARD_COUNT, known, rng)
    pool, take = unseen.cards, unseen.take
    names = card_traits()

    species: dict[int, Species] = {}
    for u, x in v.species.items():
        cards, traits = list(x.cards), list(x.traits)
        for i, card in enumerate(cards):
            if card:
                continue
            j = next((j for j in range(len(pool) - 1, -1, -1) if names[pool[j]] not in traits),
                     None)
            if j is None:
                raise ValueError(f"no card fits the face-down trait of species {u}")
            cards[i] = pool.pop(j)
            traits[i] = names[cards[i]]
        hidden = [c for c, h in zip(cards, x.hidden, strict=True) if h]
        species[u] = Species(u, x.owner, x.pop, x.body, cards, traits, hidden, x.plant, x.meat,
                             x.fatfood, x.fat)
    guess = 0
    if v.viewer is not None:
        guess = v.players[v.viewer].bag or 0
    players = []
    for p in v.players:
        hand = p.hand[:] if p.hand is not None else take(p.hand_size)
        food = (p.food or 0) if p.hand is not None else (take(1)[0] if p.food_chosen else 0)
        kinds = p.bag_kinds if p.bag_kinds is not None else [guess, 0, 0]
        players.append(Player(hand, p.row[:], p.made, food, p.done,
                              p.plan[:] if p.plan is not None else [], kinds[0], kinds[1],
                              kinds[2], p.score))
    removed = take(v.removed_size)
    deck = take(v.deck_size)
    if pool:
        raise ValueError("the view's counts do not add up to the 129 cards")
    return NorthStarState(
        seed=rng.randrange(2**31), rng_count=0, short=v.short, open_bags=v.open_bags,
        players=players, species=species, deck=deck, discard=v.discard[:], removed=removed,
        hole=v.hole, shown=v.shown[:], round=v.round, first=v.first, last=v.last,
        phase=v.phase, step=v.step, decider=v.decider, go=v.go, fed=v.fed, acted=v.acted,
        idle=v.idle, off=v.off[:], effects=v.effects[:], winners=v.winners[:],
    )
