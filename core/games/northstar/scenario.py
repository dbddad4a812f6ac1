"""Positions of `northstar` from scenario files, and the facts that scenario steps check
(docs/scenarios.md). Whether a position is possible is for the invariants (invariants.py).

A seat's species are written left to right; each `id` is the seat's letter and its number
(A1, A2 for the first seat, B1 for the second …; default: the next number). A trait is a word
of the notation (the lowest-numbered free card of that trait) or a card number; `hidden`
names the traits still face down. `made` defaults to the highest species number of the seat;
`plan` (short variant) is a list of card uses in notation. Cards not placed go, in order of
number: to the removed cards (two players: up to 40, unless `removed` is given), then to the
draw pile under the listed ones (up to `deck_size`), then to the discard pile.
"""

# No `from __future__ import annotations`: msgspec reads these annotations as types.

from typing import Annotated, Literal

import msgspec

from core.engine.protocol import Facts, NotationError, Options, ScenarioAdapter
from core.games.northstar.data import CARD_COUNT, card_traits, numbers, traits, words
from core.games.northstar.state import (
    PHASES,
    SEAT_LETTERS,
    UID_BASE,
    NorthStarState,
    Player,
    Species,
    species_label,
    species_uid,
)
from core.games.northstar.steps import Drop, Effect, Grow, NewSpecies, Place, PlayStep

Count = Annotated[int, msgspec.Meta(ge=0, le=10**6)]
Tokens = Annotated[int, msgspec.Meta(ge=0, le=99)]
Named = int | str  # a species ("A1" or its number), a trait (its word or a card)


class SpeciesAt(msgspec.Struct, forbid_unknown_fields=True):
    id: Named | None = None  # default: the seat's next number
    pop: Tokens = 1
    body: Tokens = 1
    traits: list[Named] = []
    hidden: list[Named] = []  # traits still face down
    plant: Tokens = 0
    meat: Tokens = 0
    fatfood: Tokens = 0
    fat: Tokens = 0


class PlayerAt(msgspec.Struct, forbid_unknown_fields=True):
    hand: list[int] = []
    food: int = 0  # the food card chosen, face down (0: none)
    done: bool = False
    made: Count | None = None  # default: the seat's highest species number
    bag: Count | Annotated[list[Count], msgspec.Meta(min_length=3, max_length=3)] = 0  # or [plant, meat, fat]
    score: Count = 0
    plan: list[str] = []  # short variant: card uses in notation
    species: list[SpeciesAt] = []  # left to right


class EffectAt(msgspec.Struct, forbid_unknown_fields=True):
    species: Named
    trait: str


class Position(msgspec.Struct, forbid_unknown_fields=True):
    players: list[PlayerAt]
    short: bool = False
    open_bags: bool = False
    step: Literal[tuple(PHASES)] = "play"  # type: ignore[valid-type]
    round: Annotated[int, msgspec.Meta(ge=1, le=10**6)] = 1
    first: Count = 0
    go: Count | None = None  # default: `first`
    decider: Count | None = None  # default: `go`
    last: Count = 0  # the round flagged last (0: none yet)
    hole: Count = 0
    shown: list[int] = []  # food cards revealed
    fed: bool = False
    acted: bool = False
    idle: Count = 0
    off: list[str] = []  # traits switched off
    effects: list[EffectAt] = []  # before-reveal effects waiting
    deck: list[int] = []  # top first
    deck_size: Count | None = None  # default: every card not placed
    discard: list[int] = []
    removed: list[int] | None = None  # default: two players' 40 cards
    winners: list[Count] = []


def _uid(value: Named, what: str) -> int:
    if isinstance(value, str):
        w = value.upper()
        seat = SEAT_LETTERS.find(w[:1]) if w[:1] else -1
        if seat < 0 or not w[1:].isascii() or not w[1:].isdigit() or len(w) > 5:
            raise ValueError(f"`{what}` must be a species like A1, not '{value[:20]}'")
        return species_uid(seat, int(w[1:]))
    if not 1 <= value <= UID_BASE * len(SEAT_LETTERS):
        raise ValueError(f"`{what}` must be a species like A1, not {value}")
    return value


def _trait_word(value: str, what: str) -> str:
    word = value.lower()
    found = words().get(word) or (value if value in traits() else None)
    if found is None:
        raise ValueError(f"`{what}`: unknown trait '{word[:30]}'")
    return found


class _Cards:
    """The cards a position places, each once: named ones first, then free ones."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def claim(self, card: int, what: str = "card") -> int:
        if not 1 <= card <= CARD_COUNT:
            raise ValueError(f"{what}: there is no card {card} (cards are 1-{CARD_COUNT})")
        if card in self.used:
            raise ValueError(f"card {card} is placed twice")
        self.used.add(card)
        return card

    def carrying(self, trait: str) -> int:
        names = card_traits()
        for card in range(1, CARD_COUNT + 1):
            if card not in self.used and names[card] == trait:
                return self.claim(card)
        raise ValueError(f"no free card carries {trait}")

    def rest(self) -> list[int]:
        return [card for card in range(1, CARD_COUNT + 1) if card not in self.used]


def build(pos: Position, seed: int = 0) -> NorthStarState:
    n = len(pos.players)
    if not 2 <= n <= 6:
        raise ValueError("a position needs `players`: 2 to 6 of them (NS1)")
    cards = _Cards()
    # Explicit cards first, so that traits named by word take only free cards.
    for p in pos.players:
        for card in p.hand:
            cards.claim(card, "hand")
        if p.food:
            cards.claim(p.food, "food (the chosen food card)")
        for x in p.species:
            for t in x.traits:
                if not isinstance(t, str):
                    cards.claim(t, "trait card")
    for key in ("deck", "discard", "removed"):
        for card in getattr(pos, key) or []:
            cards.claim(card, key)
    species: dict[int, Species] = {}
    players = [_seat(seat, p, cards, species) for seat, p in enumerate(pos.players)]
    rest = cards.rest()
    removed = pos.removed
    if removed is None:
        k = numbers()["removed_two"] if n == 2 else 0
        removed, rest = rest[:k], rest[k:]
    deck_size = len(pos.deck) + len(rest) if pos.deck_size is None else pos.deck_size
    if not len(pos.deck) <= deck_size <= len(pos.deck) + len(rest):
        raise ValueError("deck_size does not fit the cards left")
    extra = deck_size - len(pos.deck)
    go = pos.first if pos.go is None else pos.go
    s = NorthStarState(
        seed=seed, rng_count=0, short=pos.short, open_bags=pos.open_bags, players=players,
        species=species, deck=(pos.deck + rest[:extra])[::-1], discard=pos.discard + rest[extra:],
        removed=removed, hole=pos.hole, shown=pos.shown, round=pos.round, first=pos.first,
        last=pos.last, phase=PHASES[pos.step], step=pos.step,
        decider=go if pos.decider is None else pos.decider, go=go, fed=pos.fed,
        acted=pos.acted, idle=pos.idle, off=[_trait_word(w, "off") for w in pos.off],
        effects=[Effect(_uid(e.species, "effects.species"), _trait_word(e.trait, "effects.trait"))
                 for e in pos.effects],
        winners=pos.winners,
    )
    for seat, p in enumerate(pos.players):
        s.players[seat].plan = [_card_use(text) for text in p.plan]
    return s


def _seat(seat: int, p: PlayerAt, cards: _Cards, species: dict[int, Species]) -> Player:
    """A seat's hand, food card, bag and species (added to `species`), left to right."""
    names = card_traits()
    row: list[int] = []
    top = 0
    for x in p.species:
        number = _uid(species_uid(seat, top + 1) if x.id is None else x.id, "species id")
        label = species_label(number)
        if number // UID_BASE != seat:
            raise ValueError(f"species {label} is not seat {seat}'s (its letter is "
                             f"{SEAT_LETTERS[seat]})")
        if number in species:
            raise ValueError(f"species {label} is defined twice")
        top = max(top, number % UID_BASE)
        held = [cards.carrying(_trait_word(t, "traits")) if isinstance(t, str) else t
                for t in x.traits]
        shown = [names[card] for card in held]
        hidden = []
        for h in x.hidden:
            if isinstance(h, str):
                trait = _trait_word(h, "hidden")
                if trait not in shown:
                    raise ValueError(f"{label} has no {h} to hide")
                hidden.append(held[shown.index(trait)])
            elif h not in held:
                raise ValueError(f"card {h} is not on {label}")
            else:
                hidden.append(h)
        species[number] = Species(number, seat, x.pop, x.body, held, shown, hidden, x.plant,
                                  x.meat, x.fatfood, x.fat)
        row.append(number)
    made = top if p.made is None else p.made
    if made < top:
        raise ValueError(f"`made` must be at least {top}, the seat's highest species number")
    bag = p.bag if isinstance(p.bag, list) else [p.bag, 0, 0]
    return Player(list(p.hand), row, made, p.food, p.done, [], bag[0], bag[1], bag[2], p.score)


def _card_use(text: str) -> PlayStep:
    """One step of a short-variant plan: a card use in notation."""
    from core.games.northstar.notation import parse_action

    try:
        action = parse_action(text)
    except NotationError as exc:
        raise ValueError(f"plan: {exc}") from None
    if not isinstance(action, Place | Drop | NewSpecies | Grow):
        raise ValueError(f"plan: '{text[:40]}' is not a card use")
    return action


def scenario_options(s: NorthStarState) -> Options:
    return {"short": s.short, "open_bags": s.open_bags}


def facts(s: NorthStarState) -> Facts:
    """A flat description of a position for scenario expectations (docs/scenarios.md);
    `pN.bag_seen_by` lists the seats whose view shows seat N's bag (NS29)."""
    from core.games.northstar.view import view

    views = [view(s, seat) for seat in range(len(s.players))]
    out: Facts = {
        "step": s.step, "decider": s.decider, "go": s.go, "phase": s.phase, "round": s.round,
        "first": s.first, "last": s.last, "hole": s.hole, "shown": list(s.shown), "idle": s.idle,
        "fed": s.fed, "acted": s.acted, "deck": len(s.deck), "deck_top": s.deck[-1] if s.deck else 0,
        "discard": len(s.discard), "discard_top": s.discard[-1] if s.discard else 0,
        "removed": len(s.removed), "winners": list(s.winners),
        "off": [traits()[t].word for t in s.off],
        "effects": [f"{species_label(e.species)} {traits()[e.trait].word}" for e in s.effects],
    }
    for i, p in enumerate(s.players):
        k = f"p{i}"
        out[f"{k}.hand"] = sorted(p.hand)
        out[f"{k}.hand_size"] = len(p.hand)
        out[f"{k}.row"] = [species_label(u) for u in p.row]
        out[f"{k}.food"] = p.food
        out[f"{k}.done"] = p.done
        out[f"{k}.plan"] = len(p.plan)
        out[f"{k}.bag"] = p.bag
        out[f"{k}.bag_plant"] = p.bag_plant
        out[f"{k}.bag_meat"] = p.bag_meat
        out[f"{k}.bag_fat"] = p.bag_fat
        out[f"{k}.bag_seen_by"] = [v for v in range(len(views)) if views[v].players[i].bag is not None]
        out[f"{k}.score"] = p.score
        out[f"{k}.made"] = p.made
    for u, x in s.species.items():
        k = species_label(u)
        out[f"{k}.exists"] = True
        out[f"{k}.pop"] = x.pop
        out[f"{k}.body"] = x.body
        out[f"{k}.food"] = x.food
        out[f"{k}.plant"] = x.plant
        out[f"{k}.meat"] = x.meat
        out[f"{k}.fatfood"] = x.fatfood
        out[f"{k}.fat"] = x.fat
        out[f"{k}.traits"] = [traits()[t].word for t in x.traits]
        out[f"{k}.cards"] = list(x.cards)
        out[f"{k}.hidden"] = [traits()[x.traits[x.cards.index(c)]].word for c in x.hidden]
    return out


SCENARIO = ScenarioAdapter(schema=Position, build=build, options=scenario_options, facts=facts)
