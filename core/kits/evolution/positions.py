"""What both «Эволюция» games' scenario positions (docs/scenarios.md) share: a property named by
id or by card and side, the cards a position places (each once: named ones first, then free
ones), an animal's properties, the pairs, the attack under way, and the facts of animals,
seats and the table that scenario steps check. A game's scenario module declares its position
as msgspec structs and builds its state with these."""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

from core.engine.positions import uid as uid  # for the games' positions too
from core.kits.evolution.schema import AnimalAt, AttackAt, Card, PairAt
from core.kits.evolution.shapes import Beast
from core.kits.evolution.state import Link

if TYPE_CHECKING:
    from core.engine.protocol import Facts

PA = TypeVar("PA", bound=PairAt)  # a game's pair
AA = TypeVar("AA", bound=AnimalAt)  # a game's animal, as a position gives it
B = TypeVar("B")  # a game's animal
L = TypeVar("L")  # a game's pair link


class Carded(Protocol):
    """An animal being built, its cards and what they show."""

    cards: list[int]
    traits: list[str]


class FacedBeast(Beast, Protocol):
    @property
    def card(self) -> int: ...


class Seated(Protocol):
    """A seat of a state, as its facts read it."""

    @property
    def hand(self) -> Sequence[int]: ...

    @property
    def row(self) -> Sequence[int]: ...

    @property
    def passed(self) -> bool: ...

    @property
    def score(self) -> int: ...


class Laid(Protocol):
    """A state, as the facts of its table read it."""

    @property
    def step(self) -> str: ...

    @property
    def decider(self) -> int: ...

    @property
    def go(self) -> int: ...

    @property
    def phase(self) -> str: ...

    @property
    def first(self) -> int: ...

    @property
    def last(self) -> bool: ...

    @property
    def deck(self) -> Sequence[int]: ...

    @property
    def discard(self) -> Sequence[int]: ...

    @property
    def winners(self) -> Sequence[int]: ...

    @property
    def attack(self) -> Aimed | None: ...

    @property
    def links(self) -> Mapping[int, Link]: ...


class Aimed(Protocol):
    """The attack under way, as the facts read it."""

    @property
    def predator(self) -> int: ...

    @property
    def prey(self) -> int: ...

    @property
    def targeted(self) -> Sequence[int]: ...


def explicit(prop: Card) -> tuple[int, str] | None:
    """"41b" / "41a" / "41" / 41 -> (card, side); a property id -> None."""
    if isinstance(prop, int):
        return prop, "a"
    text = prop.lower()
    if text.isascii() and text.isdigit() and len(text) < 6:
        return int(text), "a"
    if text[:-1].isascii() and text[:-1].isdigit() and len(text) < 7 and text[-1] in "ab":
        return int(text[:-1]), text[-1]
    return None


class Cards:
    """The property cards a position places, each once: named ones first, then free ones.
    `faces[card]`: the properties it shows (index 0 unused)."""

    def __init__(self, faces: Sequence[Sequence[str]], count: int) -> None:
        self.used: set[int] = set()
        self.faces = faces
        self.count = count

    def claim(self, card: int, what: str = "card") -> int:
        if not 1 <= card <= self.count:
            raise ValueError(f"`{what}`: there is no card {card}")
        if card in self.used:
            raise ValueError(f"`{what}`: card {card} is placed twice")
        self.used.add(card)
        return card

    def claim_all(self, cards: Iterable[int], what: str) -> None:
        for card in cards:
            self.claim(card, what)

    def side(self, card: int, side: str) -> str:
        """The property a card shows on a side."""
        if not 1 <= card <= self.count:
            raise ValueError(f"there is no card {card}")
        face = self.faces[card]
        if side == "b" and len(face) < 2:
            raise ValueError(f"card {card} has no side b")
        return face[0 if side == "a" else 1]

    def showing(self, trait: str) -> int:
        for card in range(1, self.count + 1):
            if card not in self.used and trait in self.faces[card]:
                return self.claim(card)
        raise ValueError(f"no free card shows {trait}")

    def any(self) -> int:
        for card in range(1, self.count + 1):
            if card not in self.used:
                return self.claim(card)
        raise ValueError("no free card left for an animal")

    def rest(self) -> list[int]:
        return [card for card in range(1, self.count + 1) if card not in self.used]

    def claim_animals(self, animals: Iterable[AnimalAt], known: Container[str]) -> None:
        """The cards the animals name (faces and properties by card); a property named by id
        must be one the game knows."""
        for a in animals:
            if a.card is not None:
                self.claim(a.card, "animals.card")
            for prop in a.properties:
                ex = explicit(prop)
                if ex is not None:
                    self.claim(ex[0], "properties")
                elif prop not in known:
                    raise ValueError(f"`properties`: unknown property '{str(prop)[:40]}'")

    def claim_pairs(self, pairs: Iterable[PairAt]) -> None:
        """The cards the pairs name."""
        for pr in pairs:
            if pr.card is not None:
                ex = explicit(pr.card)
                if ex is None:
                    raise ValueError(f"`pairs.card` is a card number, not '{str(pr.card)[:40]}'")
                self.claim(ex[0], "pairs.card")

    def properties(self, a: AnimalAt, number: int, paired: Iterable[str]) -> tuple[list[int], list[str]]:
        """An animal's property cards and what they show, oldest first (pairs come apart)."""
        held, traits = [], []
        for prop in a.properties:
            ex = explicit(prop)
            card, trait = (ex[0], self.side(*ex)) if ex else (self.showing(str(prop)), str(prop))
            if trait in paired:
                raise ValueError(f"c{number}: paired properties go in `pairs`")
            held.append(card)
            traits.append(trait)
        return held, traits

    def pairs(self, given: Iterable[PA], animals: Mapping[int, Carded], paired: Iterable[str],
              link: Callable[[int, str, int, int], L], marked: Callable[[PA], bool],
              marks: list[int]) -> dict[int, L]:
        """The paired properties, each card on both its animals (`link(card, trait, a, b)`);
        the cards of those `marked` (fired, used) go into `marks`."""
        links: dict[int, L] = {}
        for pr in given:
            if pr.property not in paired:
                raise ValueError(f"`pairs.property`: {pr.property[:40]} is not a paired property")
            a, b = uid(pr.a, "pairs.a"), uid(pr.b, "pairs.b")
            if a not in animals or b not in animals or a == b:
                raise ValueError(f"a pair needs two different animals, not c{a} and c{b}")
            ex = None if pr.card is None else explicit(pr.card)
            if ex is not None:
                card = ex[0]
                if self.side(*ex) != pr.property:
                    raise ValueError(f"card {card}{ex[1]} does not show {pr.property}")
            else:
                card = self.showing(pr.property)
            links[card] = link(card, pr.property, a, b)
            for number in (a, b):
                animals[number].cards.append(card)
                animals[number].traits.append(pr.property)
            if marked(pr):
                marks.append(card)
        return links


def lay_out(seats: Sequence[Sequence[AA]], cards: Cards, paired: Iterable[str],
            make: Callable[[int, int, int, list[int], list[str], AA], B]) -> tuple[
                list[list[int]], dict[int, B], int]:
    """Every seat's animals (`seats[seat]`, left to right), numbered and given their property
    cards and faces, each built by `make(number, seat, face, cards, traits, given)`: the rows
    of numbers, the animals by number, the next animal number."""
    animals: dict[int, B] = {}
    rows: list[list[int]] = []
    next_uid = 1
    for seat, given in enumerate(seats):
        row = []
        for j, a in enumerate(given):
            number = animal_number(a, next_uid, seat, j, animals)
            held, traits = cards.properties(a, number, paired)
            face = cards.any() if a.card is None else a.card
            animals[number] = make(number, seat, face, held, traits, a)
            row.append(number)
            next_uid = max(next_uid, number + 1)
        rows.append(row)
    return rows, animals, next_uid


def animal_number(a: AnimalAt, next_uid: int, seat: int, j: int, animals: Mapping[int, object]) -> int:
    """An animal's number: as given, or the next one; never one taken."""
    number = uid(next_uid if a.id is None else a.id, f"players[{seat}].animals[{j}].id")
    if number in animals:
        raise ValueError(f"animal c{number} is defined twice")
    return number


def targets(at: AttackAt) -> tuple[int, int, list[int]]:
    """An attack's predator, prey and the animals it was aimed at (by default the prey)."""
    prey = uid(at.prey, "attack.prey")
    targeted = [prey] if at.targeted is None else [uid(u, "attack.targeted") for u in at.targeted]
    return uid(at.predator, "attack.predator"), prey, targeted


def table_facts(s: Laid) -> Facts:
    """The facts of the table both games have: the decision, the deck, the winners, the attack
    and the pairs."""
    at = s.attack
    return {
        "step": s.step, "decider": s.decider, "go": s.go, "phase": s.phase, "first": s.first,
        "last": s.last, "deck": len(s.deck), "deck_top": s.deck[-1] if s.deck else 0,
        "discard": len(s.discard), "winners": list(s.winners),
        "attack": f"c{at.predator}>c{at.prey}" if at else "",
        "targeted": [f"c{u}" for u in at.targeted] if at else [],
        "links": sorted(f"{k.card}:{k.trait}:c{k.a}-c{k.b}" for k in s.links.values()),
    }


def seat_facts(i: int, p: Seated) -> Facts:
    k = f"p{i}"
    return {f"{k}.hand": sorted(p.hand), f"{k}.hand_size": len(p.hand),
            f"{k}.row": [f"c{u}" for u in p.row], f"{k}.passed": p.passed, f"{k}.score": p.score}


def animal_facts(a: FacedBeast) -> Facts:
    k = f"c{a.uid}"
    return {f"{k}.exists": True, f"{k}.owner": a.owner, f"{k}.card": a.card,
            f"{k}.properties": list(a.traits), f"{k}.cards": list(a.cards), f"{k}.red": a.red,
            f"{k}.blue": a.blue, f"{k}.food": a.red + a.blue, f"{k}.fat": a.fat,
            f"{k}.need": a.need, f"{k}.poisoned": a.poisoned}
