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

from typing import Annotated, Any, Literal

import msgspec

from core.engine.positions import uid
from core.engine.protocol import ScenarioAdapter
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
    Animal,
    Attack,
    Frame,
    Habitat,
    Link,
    NewWorldState,
    Player,
)

# The phase each step is asked in.
PHASES = {"develop": "develop", "side": "develop", "feed": "feed", "trigger": "feed",
          "defend": "feed", "scavenger": "feed", "save": "extinction",
          "discard": "extinction", "over": "over"}

Uid = int | str  # 3 or "c3"
Card = int | str  # a card (41, "41") or a card and side ("41b")
Count = Annotated[int, msgspec.Meta(ge=0, le=10**6)]
Tokens = Annotated[int, msgspec.Meta(ge=0, le=99)]
HabitatCard = Annotated[int, msgspec.Meta(ge=1, le=HABITAT_CARDS)]
PerHalf = Tokens | Annotated[list[Tokens], msgspec.Meta(min_length=1, max_length=2)]


class AnimalAt(msgspec.Struct, forbid_unknown_fields=True):
    id: Uid | None = None  # default: the next number
    card: int | None = None  # its face; default: the lowest free card
    properties: list[Card] = []  # property ids or cards ("41b"), oldest first
    red: Tokens = 0
    blue: Tokens = 0
    fat: Tokens = 0
    shelter: bool = False
    poisoned: bool = False
    slept: bool = False
    rotated: list[str] = []  # its rotated properties
    used: list[str] = []  # its properties that acted this turn


class PlayerAt(msgspec.Struct, forbid_unknown_fields=True):
    hand: list[int] = []
    pool: list[int] = []  # the gene pool, top last
    passed: bool = False
    score: Count = 0
    animals: list[AnimalAt] = []


class PairAt(msgspec.Struct, forbid_unknown_fields=True):
    property: str
    a: Uid
    b: Uid
    card: Card | None = None  # default: the lowest free card showing the property
    used: bool = False


class HabitatAt(msgspec.Struct, forbid_unknown_fields=True):
    card: HabitatCard
    red: PerHalf | None = None  # default: as printed (a Болота: 1)
    shelter: PerHalf | None = None


class AttackAt(msgspec.Struct, forbid_unknown_fields=True):
    predator: Uid
    prey: Uid
    targeted: list[Uid] | None = None  # default: [prey]
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


def _explicit(prop: Card) -> tuple[int, str] | None:
    """"41b" / "41a" / "41" / 41 -> (card, side); a property id -> None."""
    if isinstance(prop, int):
        return prop, "a"
    text = prop.lower()
    if text.isascii() and text.isdigit() and len(text) < 6:
        return int(text), "a"
    if text[:-1].isascii() and text[:-1].isdigit() and len(text) < 7 and text[-1] in "ab":
        return int(text[:-1]), text[-1]
    return None


class _Cards:
    """The evolution cards a position places, each once: named ones first, then free ones."""

    def __init__(self) -> None:
        self.used: set[int] = set()
        self.faces = faces()

    def claim(self, card: int, what: str = "card") -> int:
        if not 1 <= card <= CARD_COUNT:
            raise ValueError(f"`{what}`: there is no card {card}")
        if card in self.used:
            raise ValueError(f"`{what}`: card {card} is placed twice")
        self.used.add(card)
        return card

    def side(self, card: int, side: str) -> str:
        """The property a card shows on a side."""
        if not 1 <= card <= CARD_COUNT:
            raise ValueError(f"there is no card {card}")
        face = self.faces[card]
        if side == "b" and len(face) < 2:
            raise ValueError(f"card {card} has no side b")
        return face[0 if side == "a" else 1]

    def showing(self, trait: str) -> int:
        for card in range(1, CARD_COUNT + 1):
            if card not in self.used and trait in self.faces[card]:
                return self.claim(card)
        raise ValueError(f"no free card shows {trait}")

    def any(self) -> int:
        for card in range(1, CARD_COUNT + 1):
            if card not in self.used:
                return self.claim(card)
        raise ValueError("no free card left for an animal")

    def rest(self) -> list[int]:
        return [card for card in range(1, CARD_COUNT + 1) if card not in self.used]


def build(pos: Position, seed: int = 0) -> NewWorldState:
    if not 2 <= len(pos.players) <= 4:
        raise ValueError("a position needs `players`: 2 to 4 of them (NW1)")
    cards = _Cards()
    _claim_named(pos, cards)
    players, animals, used, rotated, next_uid = _rows(pos, cards)
    links = _pairs(pos, cards, animals, used)
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
        target=0 if pos.target == 0 else uid(pos.target, "target"), replace=pos.replace,
        next_uid=next_uid, winners=pos.winners, fixed_dice=pos.fixed_dice,
    )


def _claim_named(pos: Position, cards: _Cards) -> None:
    """The cards a position names, so that properties named by id take only free ones."""
    known = properties()
    for p in pos.players:
        for card in p.hand:
            cards.claim(card, "hand")
        for card in p.pool:
            cards.claim(card, "pool")
        for a in p.animals:
            if a.card is not None:
                cards.claim(a.card, "animals.card")
            for prop in a.properties:
                ex = _explicit(prop)
                if ex is not None:
                    cards.claim(ex[0], "properties")
                elif prop not in known:
                    raise ValueError(f"`properties`: unknown property '{str(prop)[:40]}'")
    for pr in pos.pairs:
        if pr.card is not None:
            ex = _explicit(pr.card)
            if ex is None:
                raise ValueError(f"`pairs.card` is a card number, not '{str(pr.card)[:40]}'")
            cards.claim(ex[0], "pairs.card")
    for key in ("deck", "discard", "box"):
        for card in getattr(pos, key):
            cards.claim(card, key)
    if pos.reveal:
        cards.claim(pos.reveal, "reveal")


def _rows(pos: Position, cards: _Cards) -> tuple[list[Player], dict[int, Animal], list[int],
                                                 list[int], int]:
    """Every seat's hand, gene pool and animals; the property cards that acted this turn and
    those rotated; the next animal number."""
    players: list[Player] = []
    animals: dict[int, Animal] = {}
    rotated: list[int] = []
    used: list[int] = []
    next_uid = 1
    for seat, p in enumerate(pos.players):
        row = []
        for j, a in enumerate(p.animals):
            number = uid(next_uid if a.id is None else a.id, f"players[{seat}].animals[{j}].id")
            if number in animals:
                raise ValueError(f"animal c{number} is defined twice")
            held, traits = [], []
            for prop in a.properties:
                ex = _explicit(prop)
                card, trait = (ex[0], cards.side(*ex)) if ex else (cards.showing(str(prop)), str(prop))
                if trait in PAIRED:
                    raise ValueError(f"c{number}: paired properties go in `pairs`")
                held.append(card)
                traits.append(trait)
            face = cards.any() if a.card is None else a.card
            animals[number] = Animal(number, seat, face, held, traits, a.red, a.blue, a.fat,
                                     a.shelter, poisoned=a.poisoned, slept=a.slept)
            for key, into in (("rotated", rotated), ("used", used)):
                for trait in getattr(a, key):
                    if trait not in traits:
                        raise ValueError(f"c{number} has no {trait[:40]} to have {key}")
                    into.append(held[traits.index(trait)])
            row.append(number)
            next_uid = max(next_uid, number + 1)
        players.append(Player(list(p.hand), row, list(p.pool), p.passed, p.score))
    return players, animals, used, rotated, next_uid


def _pairs(pos: Position, cards: _Cards, animals: dict[int, Animal], used: list[int]) -> dict[int, Link]:
    """The paired properties, each card on both its animals."""
    links: dict[int, Link] = {}
    for pr in pos.pairs:
        if pr.property not in PAIRED:
            raise ValueError(f"`pairs.property`: {pr.property[:40]} is not a paired property")
        a, b = uid(pr.a, "pairs.a"), uid(pr.b, "pairs.b")
        if a not in animals or b not in animals or a == b:
            raise ValueError(f"a pair needs two different animals, not c{a} and c{b}")
        ex = None if pr.card is None else _explicit(pr.card)
        if ex is not None:
            card = ex[0]
            if cards.side(*ex) != pr.property:
                raise ValueError(f"card {card}{ex[1]} does not show {pr.property}")
        else:
            card = cards.showing(pr.property)
        links[card] = Link(card, pr.property, a, b)
        for number in (a, b):
            animals[number].cards.append(card)
            animals[number].traits.append(pr.property)
        if pr.used:
            used.append(card)
    return links


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
    prey, predator = uid(at.prey, "attack.prey"), uid(at.predator, "attack.predator")
    if predator not in animals or prey not in animals:
        raise ValueError("the attack names an animal that is not on the table")
    targeted = [prey] if at.targeted is None else [uid(u, "attack.targeted") for u in at.targeted]
    return Attack(predator, prey, targeted, animals[predator].owner, at.stage)


def _frames(given: list[FrameAt]) -> list[Frame]:
    return [Frame(uid(f.animal, "frames.animal"), f.habitat, f.cards) for f in given]


def scenario_options(s: NewWorldState) -> dict[str, Any]:
    out: dict[str, Any] = {"scenario": s.scenario, "unlimited_hand": s.unlimited}
    if s.scenario != "cataclysm":
        out["length"] = max(1, min(s.length, HABITAT_CARDS - s.n))
    return out


def facts(s: NewWorldState) -> dict[str, Any]:
    """A flat description of a position for scenario expectations (docs/scenarios.md)."""
    from core.games.newworld.queries import can_take, hungry

    at = s.attack
    out: dict[str, Any] = {
        "step": s.step, "decider": s.decider, "go": s.go, "phase": s.phase, "epoch": s.epoch,
        "first": s.first, "last": s.last, "turn": s.turn, "main_done": s.main_done,
        "extra_done": s.extra_done, "arranged": s.arranged, "deck": len(s.deck),
        "deck_top": s.deck[-1] if s.deck else 0, "discard": len(s.discard),
        "discard_cards": sorted(s.discard), "box": len(s.box), "hstack": len(s.hstack),
        "hdiscard": list(s.hdiscard), "habitats": [f"h{h.key}" for h in s.habitats],
        "winners": list(s.winners), "by_lot": s.by_lot, "rotated": sorted(s.rotated),
        "used": sorted(s.turn_used),
        "frames": [f"c{f.animal}@h{f.habitat}:" + ",".join(str(c) for c in f.cards)
                   for f in s.frames],
        "attack": f"c{at.predator}>c{at.prey}" if at else "",
        "targeted": [f"c{u}" for u in at.targeted] if at else [],
        "reveal": s.reveal, "target": f"c{s.target}" if s.target else "",
        "links": sorted(f"{k.card}:{k.trait}:c{k.a}-c{k.b}" for k in s.links.values()),
    }
    for h in s.habitats:
        out[f"h{h.key}.red"] = h.red
        out[f"h{h.key}.shelter"] = h.shelter
    for i, p in enumerate(s.players):
        k = f"p{i}"
        out[f"{k}.hand"] = sorted(p.hand)
        out[f"{k}.hand_size"] = len(p.hand)
        out[f"{k}.pool"] = list(p.pool)
        out[f"{k}.pool_size"] = len(p.pool)
        out[f"{k}.row"] = [f"c{u}" for u in p.row]
        out[f"{k}.passed"] = p.passed
        out[f"{k}.score"] = p.score
        out[f"{k}.swaps"] = p.swaps
    for u, a in s.animals.items():
        k = f"c{u}"
        out[f"{k}.exists"] = True
        out[f"{k}.owner"] = a.owner
        out[f"{k}.card"] = a.card
        out[f"{k}.properties"] = list(a.traits)
        out[f"{k}.cards"] = list(a.cards)
        out[f"{k}.red"] = a.red
        out[f"{k}.blue"] = a.blue
        out[f"{k}.food"] = a.red + a.blue
        out[f"{k}.fat"] = a.fat
        out[f"{k}.shelter"] = a.shelter
        out[f"{k}.need"] = a.need
        out[f"{k}.fed"] = not hungry(a)
        out[f"{k}.can_take"] = can_take(s, a)
        out[f"{k}.poisoned"] = a.poisoned
        out[f"{k}.slept"] = a.slept
    return out


SCENARIO = ScenarioAdapter(schema=Position, build=build, options=scenario_options, facts=facts)
