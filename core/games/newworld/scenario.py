"""Positions of `newworld` from scenario files, and the facts that scenario steps check
(docs/scenarios.md). Whether a position is possible is for the invariants (invariants.py).

A property is a property id (the lowest-numbered free card showing it, on the side it is
printed) or a card and side ("41b"; "41" is side a). A habitat's tokens default to its printed
values (a Болота: 1); a double card takes a pair [upper, lower]. An animal's face `card`
defaults to the lowest free card. `rotated` names its rotated properties (Хищное, Мимикрия,
Пиратство, Превращение), `used` those that acted this turn; a pair's `used` marks its card.
Evolution cards not placed go to the deck under the listed ones; beyond `deck_size` they go
to the discard pile (the box in Катаклизм). Habitat cards not placed go to the stack, then
the box.
"""

# No `from __future__ import annotations`: msgspec reads these annotations as types.

from typing import Annotated, Literal

import msgspec

from core.engine.protocol import Facts, Options, ScenarioAdapter
from core.games.newworld.data import (
    CARD_COUNT,
    HABITAT_CARDS,
    PAIRED,
    faces,
    habitat_kinds,
    numbers,
    properties,
)
from core.games.newworld.fold import habitats_of, recount
from core.games.newworld.state import (
    PHASES,
    Animal,
    Attack,
    Frame,
    Habitat,
    Link,
    NewWorldState,
    Player,
)
from core.kits.evolution import positions as P
from core.kits.evolution import schema as K
from core.kits.evolution.schema import Count, Tokens, Uid

HabitatCard = Annotated[int, msgspec.Meta(ge=1, le=HABITAT_CARDS)]
PerHalf = Tokens | Annotated[list[Tokens], msgspec.Meta(min_length=1, max_length=2)]


class AnimalAt(K.AnimalAt, forbid_unknown_fields=True):
    shelter: bool = False
    poisoned: bool = False
    slept: bool = False
    rotated: list[str] = msgspec.field(default_factory=list)  # its rotated properties
    used: list[str] = msgspec.field(default_factory=list)  # its properties that acted this turn


class PlayerAt(msgspec.Struct, forbid_unknown_fields=True):
    hand: list[int] = []
    pool: list[int] = []  # the gene pool, top last
    passed: bool = False
    score: Count = 0
    animals: list[AnimalAt] = []


class PairAt(K.PairAt, forbid_unknown_fields=True):
    used: bool = False


class HabitatAt(msgspec.Struct, forbid_unknown_fields=True):
    card: HabitatCard
    red: PerHalf | None = None  # default: as printed (a Болота: 1)
    shelter: PerHalf | None = None


class AttackAt(K.AttackAt, forbid_unknown_fields=True):
    stage: Literal["defend", "scavenge", "done"] = "defend"


class FrameAt(msgspec.Struct, forbid_unknown_fields=True):
    animal: Uid
    habitat: str
    cards: list[Annotated[int, msgspec.Meta(ge=1, le=CARD_COUNT)]] = []


class Position(msgspec.Struct, forbid_unknown_fields=True):
    players: list[PlayerAt]
    scenario: Literal["none", "mutations", "cataclysm"] = "none"
    unlimited_hand: bool = False
    length: HabitatCard | None = None  # default: 6 (1 in Катаклизм)
    pairs: list[PairAt] = []
    habitats: list[HabitatAt] = []  # left to right
    hstack: list[HabitatCard] = []  # top first
    hstack_size: Count | None = None  # default: length - epoch
    hdiscard: list[HabitatCard] = []
    step: Literal[tuple(PHASES)] = "develop"  # type: ignore[valid-type]
    epoch: HabitatCard = 1
    first: Count = 0
    go: Count | None = None  # default: `first`
    decider: Count | None = None  # default: `go`
    last: bool | None = None  # default: Катаклизм, or no habitat card left to come
    main_done: bool = False
    extra_done: bool = False
    arranged: bool = False
    turn: Count | None = None  # default: 1 while feeding, else 0
    attack: AttackAt | None = None
    frames: list[FrameAt] = []
    reveal: Annotated[int, msgspec.Meta(ge=0, le=CARD_COUNT)] = 0
    target: Uid = 0
    replace: Annotated[int, msgspec.Meta(ge=0, le=CARD_COUNT)] = 0
    deck: list[int] = []  # top first
    deck_size: Count | None = None  # default: every card not placed
    discard: list[int] = []
    box: list[int] = []
    fixed_dice: list[Annotated[int, msgspec.Meta(ge=1, le=6)]] = []
    winners: list[Count] = []


def build(pos: Position, seed: int = 0) -> NewWorldState:
    if not 2 <= len(pos.players) <= 4:
        raise ValueError("a position needs `players`: 2 to 4 of them (NW1)")
    cards = P.Cards(faces(), CARD_COUNT)
    _claim_named(pos, cards)
    players, animals, used, rotated, next_uid = _rows(pos, cards)
    links = cards.pairs(pos.pairs, animals, PAIRED, Link, lambda pr: pr.used, used)
    for x in animals.values():
        recount(x)
    rest = cards.rest()
    deck_size = len(pos.deck) + len(rest) if pos.deck_size is None else pos.deck_size
    if not len(pos.deck) <= deck_size <= len(pos.deck) + len(rest):
        raise ValueError("`deck_size` does not fit the cards left")
    extra = deck_size - len(pos.deck)
    deck_top_first = pos.deck + rest[:extra]
    cataclysm = pos.scenario == "cataclysm"
    box = pos.box + (rest[extra:] if cataclysm else [])
    discard = pos.discard + ([] if cataclysm else rest[extra:])
    habitats = _habitat_row(pos.habitats)
    placed = sorted({h.card for h in habitats}) + pos.hdiscard + pos.hstack
    if len(set(placed)) != len(placed):
        raise ValueError("a habitat card is placed twice")
    hrest = [c for c in range(1, HABITAT_CARDS + 1) if c not in placed]
    length = pos.length or (1 if cataclysm else numbers()["length"])
    default_stack = 0 if cataclysm else max(0, length - pos.epoch)
    hsize = max(len(pos.hstack), default_stack) if pos.hstack_size is None else pos.hstack_size
    if not len(pos.hstack) <= hsize <= len(pos.hstack) + len(hrest):
        raise ValueError("`hstack_size` does not fit the habitat cards left")
    hstack_top_first = pos.hstack + hrest[:hsize - len(pos.hstack)]
    phase = PHASES[pos.step]
    go = pos.first if pos.go is None else pos.go
    return NewWorldState(
        seed=seed, rng_count=0, scenario=pos.scenario, unlimited=pos.unlimited_hand,
        length=length, players=players, animals=animals, links=links,
        deck=deck_top_first[::-1], discard=discard, box=box, habitats=habitats,
        hstack=hstack_top_first[::-1], hdiscard=pos.hdiscard,
        hbox=hrest[hsize - len(pos.hstack):], epoch=pos.epoch, first=pos.first,
        last=cataclysm or not hstack_top_first if pos.last is None else pos.last, phase=phase,
        step=pos.step, decider=go if pos.decider is None else pos.decider, go=go,
        turn=(1 if phase == "feed" else 0) if pos.turn is None else pos.turn,
        main_done=pos.main_done, extra_done=pos.extra_done, arranged=pos.arranged,
        turn_used=used, rotated=rotated, frames=_frames(pos.frames),
        attack=_attack(pos.attack, animals), reveal=pos.reveal,
        target=0 if pos.target == 0 else P.uid(pos.target, "target"), replace=pos.replace,
        next_uid=next_uid, winners=pos.winners, fixed_dice=pos.fixed_dice,
    )


def _claim_named(pos: Position, cards: P.Cards) -> None:
    """The cards a position names, so that properties named by id take only free ones."""
    for p in pos.players:
        cards.claim_all(p.hand, "hand")
        cards.claim_all(p.pool, "pool")
        cards.claim_animals(p.animals, properties())
    cards.claim_pairs(pos.pairs)
    for key in ("deck", "discard", "box"):
        cards.claim_all(getattr(pos, key), key)
    if pos.reveal:
        cards.claim(pos.reveal, "reveal")


def _rows(pos: Position, cards: P.Cards) -> tuple[list[Player], dict[int, Animal], list[int],
                                                 list[int], int]:
    """Every seat's hand, gene pool and animals; the property cards that acted this turn and
    those rotated; the next animal number."""
    rotated: list[int] = []
    used: list[int] = []

    def make(number: int, seat: int, face: int, held: list[int], traits: list[str],
             a: AnimalAt) -> Animal:
        for key, marked, into in (("rotated", a.rotated, rotated), ("used", a.used, used)):
            for trait in marked:
                if trait not in traits:
                    raise ValueError(f"c{number} has no {trait[:40]} to have {key}")
                into.append(held[traits.index(trait)])
        return Animal(number, seat, face, held, traits, a.red, a.blue, a.fat, a.shelter,
                      poisoned=a.poisoned, slept=a.slept)

    rows, animals, next_uid = P.lay_out([p.animals for p in pos.players], cards, PAIRED, make)
    players = [Player(list(p.hand), row, list(p.pool), p.passed, p.score)
               for p, row in zip(pos.players, rows, strict=True)]
    return players, animals, used, rotated, next_uid


def _habitat_row(given: list[HabitatAt]) -> list[Habitat]:
    kinds = habitat_kinds()
    out: list[Habitat] = []
    for entry in given:
        halves = habitats_of(entry.card)
        for i, h in enumerate(halves):
            k = kinds[h.kind]
            red, shelter = _half(entry.red, i), _half(entry.shelter, i)
            h.red = red if red is not None else (1 if k.swamp else k.red)
            h.shelter = shelter if shelter is not None else k.shelter
        out += halves
    return out


def _half(value: int | list[int] | None, i: int) -> int | None:
    """A habitat's `red` or `shelter`: one number, or one per half [upper, lower]."""
    if isinstance(value, list):
        return value[i] if i < len(value) else None
    return value


def _attack(at: AttackAt | None, animals: dict[int, Animal]) -> Attack | None:
    if at is None:
        return None
    predator, prey, targeted = P.targets(at)
    if predator not in animals or prey not in animals:
        raise ValueError("the attack names an animal that is not on the table")
    return Attack(predator, prey, targeted, animals[predator].owner, at.stage)


def _frames(given: list[FrameAt]) -> list[Frame]:
    return [Frame(P.uid(f.animal, "frames.animal"), f.habitat, f.cards) for f in given]


def scenario_options(s: NewWorldState) -> Options:
    out: Options = {"scenario": s.scenario, "unlimited_hand": s.unlimited}
    if s.scenario != "cataclysm":
        out["length"] = max(1, min(s.length, HABITAT_CARDS - s.n))
    return out


def facts(s: NewWorldState) -> Facts:
    """A flat description of a position for scenario expectations (docs/scenarios.md)."""
    from core.games.newworld.queries import can_take, hungry

    out = P.table_facts(s)
    out.update({
        "epoch": s.epoch, "turn": s.turn, "main_done": s.main_done, "extra_done": s.extra_done,
        "arranged": s.arranged, "discard_cards": sorted(s.discard), "box": len(s.box),
        "hstack": len(s.hstack), "hdiscard": list(s.hdiscard),
        "habitats": [f"h{h.key}" for h in s.habitats], "by_lot": s.by_lot,
        "rotated": sorted(s.rotated), "used": sorted(s.turn_used),
        "frames": [f"c{f.animal}@h{f.habitat}:" + ",".join(str(c) for c in f.cards)
                   for f in s.frames],
        "reveal": s.reveal, "target": f"c{s.target}" if s.target else "",
    })
    for h in s.habitats:
        out[f"h{h.key}.red"] = h.red
        out[f"h{h.key}.shelter"] = h.shelter
    for i, p in enumerate(s.players):
        k = f"p{i}"
        out.update(P.seat_facts(i, p))
        out.update({f"{k}.pool": list(p.pool), f"{k}.pool_size": len(p.pool),
                    f"{k}.swaps": p.swaps})
    for u, a in s.animals.items():
        k = f"c{u}"
        out.update(P.animal_facts(a))
        out.update({f"{k}.shelter": a.shelter, f"{k}.fed": not hungry(a),
                    f"{k}.can_take": can_take(s, a), f"{k}.slept": a.slept})
    return out


SCENARIO = ScenarioAdapter(schema=Position, build=build, options=scenario_options, facts=facts)
