"""Pure questions about a `classic` position (spec §3-§5). Nothing here changes a state.

Views have the same field names as states where these functions look, so the bots' hint
reasons can ask them about a view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias, TypeVar

from core.games.classic.data import (
    CARNIVOROUS,
    COMMUNICATION,
    COOPERATION,
    FAT,
    GRAZING,
    HIBERNATION,
    MIMICRY,
    PARASITE,
    PIRACY,
    RUNNING,
    SCAVENGER,
    TAIL_LOSS,
    faces,
    numbers,
    score_bonus,
)
from core.games.classic.state import Animal, ClassicState, Trigger
from core.kits.evolution.animals import (
    card_of as card_of,
)
from core.kits.evolution.animals import (
    dependent,
    fat_for_need,
    held_back,
    portion,
    row,
    seats_from,
)
from core.kits.evolution.animals import score_of as kit_score
from core.kits.evolution.prey import static_defences

if TYPE_CHECKING:  # the view's module imports this one
    from core.games.classic.view import AnimalView, ClassicView

# What the bots' hints and the table ask about a view as well as a state:
Pos = TypeVar("Pos", ClassicState, "ClassicView")
Beast: TypeAlias = "Animal | AnimalView"


def face(s: ClassicState, card: int) -> tuple[str, ...]:
    return faces(s.single_poisonous)[card]


def fed(a: Beast) -> bool:
    """§3.1: food covers the need, or the animal hibernates (CL19). Fat does not count."""
    return a.hibernating or a.red + a.blue >= a.need


def unfed(a: Beast) -> bool:
    return not fed(a)


def protector_unfed(s: Pos, a: Beast, gone: int = 0) -> bool:
    """A Симбиоз dependent whose protector is unfed cannot receive food (§5.2)."""
    return held_back(s, a, unfed, gone)


def can_receive(s: Pos, a: Beast) -> bool:
    """§3.1: not hibernating, not a dependent of an unfed protector, and unfed or with an
    empty Жировой запас card (CL11)."""
    if a.hibernating:
        return False
    if a.red + a.blue >= a.need and a.fat >= a.fat_cards:
        return False
    return not protector_unfed(s, a)


def give(s: Pos, a: Beast, n: int, gone: int = 0) -> tuple[int, int]:
    """GiveFood (§4.1) of `n` units: (food tokens, fat tokens) it would place, food while
    unfed, then fat on empty Жировой запас cards (CL11) — once animal `gone`, if given, has
    left the table (a predator's prey is gone before it is fed)."""
    if a.hibernating or protector_unfed(s, a, gone):
        return 0, 0
    return portion(a, n)


# --- feeding ---------------------------------------------------------------------------------

def can_take(s: Pos, seat: int) -> bool:
    """TakeRed is possible for the player: red in the base and an animal that can receive."""
    if s.base <= 0:
        return False
    animals = s.animals
    for u in s.players[seat].row:  # noqa: SIM110 - hot path: a plain loop beats any()
        if can_receive(s, animals[u]):
            return True
    return False


def obliged(s: Pos, seat: int) -> bool:
    """CL8/CL39: nothing done in this go yet, and red could be taken."""
    return not s.acted and can_take(s, seat)


def predator_ready(s: Pos, p: Beast) -> bool:
    """§4.3 step 1: Хищник not used this turn, not hibernating, able to eat (CL41)."""
    return CARNIVOROUS in p.traits and card_of(p, CARNIVOROUS) not in s.turn_used \
        and can_receive(s, p)


def prey_block(s: Pos, p: Beast, v: Beast) -> str | None:
    """Why `p` may not attack `v` (a key of `illegal.prey.*`), or None (§4.3 step 1, CL13)."""
    if v.uid == p.uid:
        return "self"
    miss = static_defences(p, v, fed, True)  # not_swimming (positional: a hot call)
    if miss:
        return miss[0]
    if dependent(s, v):
        return "symbiosis"
    return None


def prey_of(s: ClassicState, p: Animal) -> list[Animal]:
    return [v for v in s.animals.values() if prey_block(s, p, v) is None]


def has_prey(s: ClassicState, p: Animal) -> bool:
    """`prey_of` is not empty (without finding every prey)."""
    for v in s.animals.values():  # noqa: SIM110 - hot path: a plain loop beats any()
        if prey_block(s, p, v) is None:
            return True
    return False


def grazers(s: ClassicState, seat: int) -> list[Animal]:
    """Топотун: red in the base, each card once per go (CL10, CL39)."""
    if s.base <= 0:
        return []
    return [a for a in row(s, seat) if GRAZING in a.traits and card_of(a, GRAZING) not in s.go_used]


def pirate_ready(s: ClassicState, a: Animal) -> bool:
    """Пиратство: once per turn; the pirate is unfed and can receive food (CL20)."""
    return PIRACY in a.traits and card_of(a, PIRACY) not in s.turn_used and not fed(a) \
        and not protector_unfed(s, a)


def pirate_victims(s: ClassicState, a: Animal) -> list[Animal]:
    """Another unfed animal, of any player, holding a red or blue token (CL20)."""
    return [v for v in s.animals.values()
            if v.uid != a.uid and v.red + v.blue > 0 and not fed(v)]


def can_hibernate(s: ClassicState, a: Animal) -> bool:
    """Спячка: not in the last turn, not two turns running (CL10); unfed, or fed with an empty
    Жировой запас card (§4.4)."""
    return HIBERNATION in a.traits and not s.last and not a.hibernating \
        and not (a.slept and a.slept == s.turn - 1) and (a.red + a.blue < a.need or a.fat < a.fat_cards)


def convert_max(s: ClassicState, a: Animal) -> int:
    """ConvertFat: up to the food it still needs (CL12); 0 if it cannot convert."""
    if a.fat <= 0 or fed(a):
        return 0
    return fat_for_need(a)


def has_option(s: ClassicState, seat: int) -> bool:
    """Anything but ending the go is possible for the player in his feeding go."""
    animals = s.animals
    mine = [animals[u] for u in s.players[seat].row]
    if not mine:
        return False
    if not s.food_done:
        if s.base > 0:
            for a in mine:
                if can_receive(s, a):
                    return True
        for a in mine:  # (the `fat` and `in traits` tests only save calls that would say no)
            if a.fat > 0 and convert_max(s, a) > 0:
                return True
            if CARNIVOROUS in a.traits and predator_ready(s, a) and has_prey(s, a):
                return True
    for a in mine:
        t = a.traits
        if not t:
            continue
        if GRAZING in t and s.base > 0 and card_of(a, GRAZING) not in s.go_used:
            return True
        if HIBERNATION in t and can_hibernate(s, a):
            return True
        if PIRACY in t and pirate_ready(s, a) and pirate_victims(s, a):
            return True
    return False


# --- reactions -------------------------------------------------------------------------------

def trigger_live(s: ClassicState, t: Trigger) -> bool:
    """A pending paired trigger that can still give food (§4.2)."""
    link = s.links.get(t.card)
    if link is None or t.card in s.go_used:
        return False
    if link.trait == COMMUNICATION and s.base <= 0:
        return False
    return can_receive(s, s.animals[t.to])


def triggers_of(s: ClassicState, a: Animal, red_from_base: bool) -> list[Trigger]:
    """The paired triggers a food receipt of `a` fires (§4.2, CL18): Сотрудничество always,
    Взаимодействие only for red taken from the base; a card fires once per go (CL5)."""
    traits = a.traits
    if COOPERATION not in traits and COMMUNICATION not in traits:  # most animals: the quick answer
        return []
    out: list[Trigger] = []
    for card, trait in zip(a.cards, traits, strict=True):
        if trait == COOPERATION or (trait == COMMUNICATION and red_from_base):
            if card in s.go_used:
                continue
            link = s.links[card]
            to = link.b if link.a == a.uid else link.a
            t = Trigger(card, to)
            if t not in s.pending:
                out.append(t)
    return out


def mimicry_targets(s: ClassicState, p: Animal, v: Animal) -> list[Animal]:
    """Where Мимикрия may send the attack: another animal of the prey's owner, a legal prey
    for this predator, not targeted in this attack yet (CL15); with the 3rd-edition option an
    animal already targeted may be chosen again once its own Мимикрия is spent."""
    at = s.attack
    assert at is not None  # asked during an attack
    out = []
    for u in s.players[v.owner].row:
        if u == v.uid or u == p.uid:
            continue
        t = s.animals[u]
        if u in at.targeted and not (s.mimicry3 and MIMICRY in t.traits
                                     and card_of(t, MIMICRY) in s.turn_used):
            continue
        if prey_block(s, p, t) is None:
            out.append(t)
    return out


def defence_cards(s: ClassicState, v: Animal) -> dict[str, int]:
    """The prey's active defences still usable in this attack: property -> card (§4.3)."""
    at = s.attack
    assert at is not None  # asked during an attack
    out: dict[str, int] = {}
    for trait in (RUNNING, MIMICRY, TAIL_LOSS):
        if trait in v.traits:
            card = card_of(v, trait)
            if card in at.spent or (trait == MIMICRY and s.mimicry3 and card in s.turn_used):
                continue
            out[trait] = card
    return out


def scavengers(s: ClassicState, predator_owner: int) -> tuple[int, list[Animal]]:
    """CL17: the first player clockwise from the predator's owner with a Падальщик that can
    receive food, and his such scavengers (in row order); (-1, []) if nobody."""
    for seat in seats_from(s, predator_owner):
        found = [a for a in row(s, seat) if SCAVENGER in a.traits and can_receive(s, a)]
        if found:
            return seat, found
    return -1, []


# --- extinction ------------------------------------------------------------------------------

def reserve_targets(s: ClassicState, seat: int) -> list[Animal]:
    """X2: own unfed animals the reserve may feed; a dependent not while its protector is
    unfed (§7.2, CL35)."""
    if s.players[seat].reserve <= 0:
        return []
    return [a for a in row(s, seat) if not fed(a) and not protector_unfed(s, a)]


def hand_limit() -> int:
    return numbers()["v09_hand_limit"]


# --- development -----------------------------------------------------------------------------

def add_block(s: ClassicState, seat: int, trait: str, a: Animal) -> str | None:
    """Why `trait` may not go under `a` for `seat` (a key of `illegal.add.*`), or None (§5.1)."""
    if trait == PARASITE:
        if a.owner == seat:
            return "parasite_own"
    elif a.owner != seat:
        return "not_own"
    if trait in a.traits and trait != FAT:
        return "duplicate"
    if (trait == CARNIVOROUS and SCAVENGER in a.traits) or (trait == SCAVENGER and CARNIVOROUS in a.traits):
        return "exclusive"
    return None


def pair_block(s: ClassicState, seat: int, trait: str, a: Animal, b: Animal) -> str | None:
    """Why a paired `trait` may not join `a` and `b` (`illegal.pair.*`), or None (CL5)."""
    if a.uid == b.uid:
        return "same"
    if a.owner != seat or b.owner != seat:
        return "not_own"
    for card, t in zip(a.cards, a.traits, strict=True):
        if t == trait:
            link = s.links[card]
            if b.uid in (link.a, link.b):
                return "joined"
    return None


def score_of(s: Pos, seat: int) -> dict[str, int]:
    """`classic` scoring (§7.1, CL27): 2 per animal, 1 per property card (a paired card once),
    plus the bonus of Хищник, Большое, Паразит."""
    return kit_score(s, seat, numbers(), score_bonus())


def v09_points(s: Pos, seat: int) -> tuple[int, int]:
    """v0.9 X6 (§7.2): (points, fed animals) — 2 per fed (not turned) animal plus the bonus of
    Хищник, Большое, Паразит on it."""
    bonus = score_bonus()
    per = numbers()["animal"]
    points = count = 0
    for a in row(s, seat):
        if a.turned:
            continue
        count += 1
        points += per + sum(bonus.get(t, 0) for t in a.traits)
    return points, count
