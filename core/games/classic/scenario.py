"""Positions of `classic` from scenario files, and the facts that scenario steps check
(docs/scenarios.md). Whether a position is possible is for the invariants (invariants.py).

A property is a property id (the lowest-numbered free card showing it, side as printed) or a
card and side ("41b"; "41" is side a). An animal's face `card` defaults to the lowest free
card. `used` names its properties already used (Хищник, Пиратство, Мимикрия this turn;
Топотун this go); a pair's `fired` marks its card as fired in this go. Cards not placed go to
the deck under the listed ones; beyond `deck_size` they go to the v0.9 common pile, or in
`classic` to the players' own piles in turn (after any `pile_size`).
"""

# No `from __future__ import annotations`: msgspec reads these annotations as types.

from typing import Annotated, Literal

import msgspec

from core.engine.protocol import Facts, Options, ScenarioAdapter
from core.games.classic.data import (
    CARD_COUNT,
    CARNIVOROUS,
    GRAZING,
    MIMICRY,
    PAIRED,
    PIRACY,
    faces,
    properties,
    v09_length,
)
from core.games.classic.fold import recount
from core.games.classic.state import PHASES, Animal, Attack, ClassicState, Link, Player, Trigger
from core.kits.evolution import positions as P
from core.kits.evolution import schema as K
from core.kits.evolution.schema import Count, Uid

Die = Annotated[int, msgspec.Meta(ge=1, le=6)]


class AnimalAt(K.AnimalAt, forbid_unknown_fields=True):
    hibernating: bool = False
    slept: Count = 0  # the turn it last hibernated
    poisoned: bool = False
    turned: bool = False
    # its properties already used (this turn, or this go)
    used: list[str] = msgspec.field(default_factory=list)


class PlayerAt(msgspec.Struct, forbid_unknown_fields=True):
    hand: list[int] = []
    pile: list[int] = []
    pile_size: Count = 0  # cards not placed that go to this pile first
    passed: bool = False
    score: Count = 0
    fed: Count = 0
    reserve: Count = 0
    bonus: Count = 0
    animals: list[AnimalAt] = []


class PairAt(K.PairAt, forbid_unknown_fields=True):
    fired: bool = False


class AttackAt(K.AttackAt, forbid_unknown_fields=True):
    spent: list[Count] = msgspec.field(default_factory=list)  # defence cards spent
    stage: Literal["defend", "scavenge", "done"] = "defend"


class TriggerAt(msgspec.Struct, forbid_unknown_fields=True):
    card: Count
    to: Uid


class Position(msgspec.Struct, forbid_unknown_fields=True):
    players: list[PlayerAt]
    ruleset: Literal["classic", "v09"] = "classic"
    personal_food: bool = False
    five_players: bool | None = None  # default: five players
    mimicry: Literal["second", "third"] = "second"
    single_poisonous: bool = False
    pairs: list[PairAt] = []
    step: Literal[tuple(PHASES)] = "develop"  # type: ignore[valid-type]
    turn: Annotated[int, msgspec.Meta(ge=1, le=10**6)] = 1
    length: Count | None = None  # default: v0.9's for the players, 0 in classic
    first: Count = 0
    go: Count | None = None  # default: `first`
    decider: Count | None = None  # default: `go`
    last: bool | None = None  # default: v0.9's last turn, or classic's empty deck
    base: Count = 0
    dice: list[Die] = []
    idle: Count = 0
    acted: bool = False
    food_done: bool = False
    attack: AttackAt | None = None
    pending: list[TriggerAt] = []
    deck: list[int] = []  # top first
    deck_size: Count | None = None  # default: every card not placed
    discard: list[int] = []  # the v0.9 common pile
    fixed_dice: list[Die] = []
    winners: list[Count] = []


def build(pos: Position, seed: int = 0) -> ClassicState:
    n = len(pos.players)
    if not 2 <= n <= 5:
        raise ValueError("a position needs `players`: 2 to 5 of them")
    cards = P.Cards(faces(pos.single_poisonous), CARD_COUNT)
    _claim_named(pos, cards)
    players, animals, go_used, turn_used, next_uid = _rows(pos, cards)
    links = cards.pairs(pos.pairs, animals, PAIRED, Link, lambda pr: pr.fired, go_used)
    for a in animals.values():
        recount(a)
    rest = cards.rest()
    for p, given in zip(players, pos.players, strict=True):
        p.pile += rest[:given.pile_size]
        del rest[:given.pile_size]
    deck_size = len(pos.deck) + len(rest) if pos.deck_size is None else pos.deck_size
    if not len(pos.deck) <= deck_size <= len(pos.deck) + len(rest):
        raise ValueError("deck_size does not fit the cards left")
    deck_top_first = pos.deck + rest[:deck_size - len(pos.deck)]
    leftover = rest[deck_size - len(pos.deck):]
    v09 = pos.ruleset == "v09"
    if v09:
        discard = pos.discard + leftover
    elif pos.discard:
        raise ValueError("`discard` is the v0.9 common pile; classic piles are per player")
    else:
        discard = []
        for i, card in enumerate(leftover):
            players[i % n].pile.append(card)
    five = n == 5 if pos.five_players is None else pos.five_players
    if n == 5 and not (v09 and five):
        raise ValueError("five players only in v0.9 with five_players (CL2)")
    length = (v09_length(n) if v09 else 0) if pos.length is None else pos.length
    go = pos.first if pos.go is None else pos.go
    return ClassicState(
        seed=seed, rng_count=0, v09=v09, personal=pos.personal_food, five=five,
        mimicry3=pos.mimicry == "third", single_poisonous=pos.single_poisonous, length=length,
        players=players, animals=animals, links=links, deck=deck_top_first[::-1],
        discard=discard, turn=pos.turn, first=pos.first,
        last=(pos.turn == length if v09 else not deck_top_first) if pos.last is None else pos.last,
        phase=PHASES[pos.step], step=pos.step, decider=go if pos.decider is None else pos.decider,
        go=go, base=pos.base, dice=pos.dice, idle=pos.idle, acted=pos.acted,
        food_done=pos.food_done, go_used=go_used, turn_used=turn_used,
        pending=[Trigger(t.card, P.uid(t.to, f"pending[{i}].to")) for i, t in enumerate(pos.pending)],
        attack=_attack(pos.attack, animals), next_uid=next_uid, winners=pos.winners,
        fixed_dice=pos.fixed_dice,
    )


def _claim_named(pos: Position, cards: P.Cards) -> None:
    """The cards a position names, so that properties named by id take only free ones."""
    for p in pos.players:
        cards.claim_all(p.hand, "hand")
        cards.claim_all(p.pile, "pile")
        cards.claim_animals(p.animals, properties())
    cards.claim_pairs(pos.pairs)
    cards.claim_all(pos.deck, "deck")
    cards.claim_all(pos.discard, "discard")


def _rows(pos: Position, cards: P.Cards) -> tuple[list[Player], dict[int, Animal], list[int],
                                                 list[int], int]:
    """Every seat's hand, pile and animals; the property cards used this go and this turn;
    the next animal number."""
    go_used: list[int] = []
    turn_used: list[int] = []

    def make(number: int, seat: int, face: int, held: list[int], traits: list[str],
             a: AnimalAt) -> Animal:
        for trait in a.used:
            if trait not in traits:
                raise ValueError(f"c{number} has no {trait[:40]} to have used")
            card = held[traits.index(trait)]
            if trait == GRAZING:
                go_used.append(card)
            elif trait in (CARNIVOROUS, PIRACY, MIMICRY):
                turn_used.append(card)
        return Animal(number, seat, face, held, traits, a.red, a.blue, a.fat,
                      hibernating=a.hibernating, slept=a.slept, poisoned=a.poisoned,
                      turned=a.turned)

    rows, animals, next_uid = P.lay_out([p.animals for p in pos.players], cards, PAIRED, make)
    players = [Player(list(p.hand), row, list(p.pile), p.passed, p.score, p.fed, p.reserve,
                      p.bonus) for p, row in zip(pos.players, rows, strict=True)]
    return players, animals, go_used, turn_used, next_uid


def _attack(at: AttackAt | None, animals: dict[int, Animal]) -> Attack | None:
    if at is None:
        return None
    predator, prey, targeted = P.targets(at)
    attack = Attack(predator, prey, targeted, at.spent, at.stage)
    for number in (attack.predator, attack.prey):
        if number not in animals and attack.stage == "defend":
            raise ValueError(f"the attack's c{number} does not exist")
    return attack


def scenario_options(s: ClassicState) -> Options:
    out: Options = {"ruleset": "v09" if s.v09 else "classic",
                           "mimicry": "third" if s.mimicry3 else "second",
                           "single_poisonous": s.single_poisonous}
    if s.v09:
        out.update(personal_food=s.personal, five_players=s.five)
    return out


def facts(s: ClassicState) -> Facts:
    """A flat description of a position for scenario expectations (docs/scenarios.md)."""
    from core.games.classic.queries import fed

    out = P.table_facts(s)
    out.update({"turn": s.turn, "base": s.base, "dice": list(s.dice), "idle": s.idle,
                "acted": s.acted, "food_done": s.food_done,
                "used": sorted(s.turn_used + s.go_used),
                "pending": [f"{t.card}>c{t.to}" for t in s.pending]})
    for i, p in enumerate(s.players):
        k = f"p{i}"
        out.update(P.seat_facts(i, p))
        out.update({f"{k}.pile": len(p.pile), f"{k}.fed": p.fed, f"{k}.reserve": p.reserve,
                    f"{k}.bonus": p.bonus})
    for u, a in s.animals.items():
        k = f"c{u}"
        out.update(P.animal_facts(a))
        out.update({f"{k}.fed": fed(a), f"{k}.hibernating": a.hibernating,
                    f"{k}.slept": a.slept, f"{k}.turned": a.turned})
    return out


SCENARIO = ScenarioAdapter(schema=Position, build=build, options=scenario_options, facts=facts)
