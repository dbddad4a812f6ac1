"""Pure questions about a `northstar` position: hunger, room, neighbours, attack legality
(§4.3), what a seat may do now. Nothing here changes a state."""

from __future__ import annotations

from core.games.northstar.data import (
    AMBUSH,
    BURROWING,
    CARNIVORE,
    CLIMBING,
    FAT,
    HERDING,
    HORNS,
    INTELLIGENCE,
    PACK,
    SHELL,
    SYMBIOSIS,
    UNSWITCHABLE,
    WARNING,
    numbers,
)
from core.games.northstar.state import NorthStarState, Species

PLANT, MEAT = "plant", "meat"
HOLE, BANK = "hole", "bank"


def active(s: NorthStarState, x: Species, trait: str) -> bool:
    """The species has the trait and Intelligence has not switched it off this turn (NS13)."""
    return trait in x.traits and (not s.off or trait not in s.off)


def carnivore(x: Species) -> bool:
    return CARNIVORE in x.traits  # Carnivore is never switched off (NS13)


def hungry(x: Species) -> bool:
    """§3.1: food on the board below the population (NS4)."""
    return x.food < x.pop


def fat_room(s: NorthStarState, x: Species) -> int:
    return x.body - x.fat if active(s, x, FAT) and x.fat < x.body else 0


def pop_after_attack(s: NorthStarState, a: Species, t: Species) -> int:
    """`a`'s population once its attack on `t` is made: Horns cost it one (NS11); 0 kills it."""
    return a.pop - (1 if active(s, t, HORNS) else 0)


def meat_taken(s: NorthStarState, a: Species, t: Species) -> int:
    """The meat `a` would take for attacking `t` now (§4.3, NS8): the target's printed body
    size, as much as fits on its board and Fat Tissue once Horns has cost it a population
    (NS11; the food above that population goes to the bag, NS7); none if that kills it."""
    pop = pop_after_attack(s, a, t)
    if pop <= 0:
        return 0
    return min(t.body, max(0, pop - min(a.food, pop)) + fat_room(s, a))


def can_take(s: NorthStarState, x: Species) -> bool:
    """Could hold one more unit: hungry, or fed with Fat Tissue room (NS4)."""
    return x.food < x.pop or fat_room(s, x) > 0


def row(s: NorthStarState, seat: int) -> list[Species]:
    sp = s.species
    return [sp[u] for u in s.players[seat].row]


def neighbours(s: NorthStarState, x: Species) -> tuple[Species | None, Species | None]:
    r = s.players[x.owner].row
    i = r.index(x.uid)
    left = s.species[r[i - 1]] if i > 0 else None
    right = s.species[r[i + 1]] if i + 1 < len(r) else None
    return left, right


def right_of(s: NorthStarState, x: Species) -> Species | None:
    r = s.players[x.owner].row
    i = r.index(x.uid)
    return s.species[r[i + 1]] if i + 1 < len(r) else None


def seats_from(s: NorthStarState, seat: int) -> list[int]:
    n = len(s.players)
    return [(seat + j) % n for j in range(n)]


def attack_size(s: NorthStarState, a: Species) -> int:
    """§4.3: body size, plus the population with Pack Hunting."""
    return a.body + a.pop if active(s, a, PACK) else a.body


def defence_size(s: NorthStarState, t: Species) -> int:
    """§4.3: body size, plus 4 with Hard Shell (NS9)."""
    return t.body + numbers()["hard_shell"] if active(s, t, SHELL) else t.body


def blockers(s: NorthStarState, a: Species, t: Species) -> list[str] | None:
    """The target's defences that stop carnivore `a` (trait ids, in the order §4.3 lists
    them), or None when nothing could make the attack legal (itself, or too small even
    without Hard Shell)."""
    if a.uid == t.uid:
        return None
    size = attack_size(s, a)
    if size <= t.body:
        return None
    out: list[str] = []
    off = s.off
    tt = t.traits
    if SHELL in tt and SHELL not in off and size <= t.body + numbers()["hard_shell"]:
        out.append(SHELL)
    if BURROWING in tt and BURROWING not in off and t.food >= t.pop:
        out.append(BURROWING)
    if CLIMBING in tt and CLIMBING not in off and CLIMBING not in a.traits:
        out.append(CLIMBING)
    if HERDING in tt and HERDING not in off and a.pop <= t.pop:
        out.append(HERDING)
    warning = WARNING not in off and (AMBUSH not in a.traits or AMBUSH in off)
    symbiosis = SYMBIOSIS in tt and SYMBIOSIS not in off
    if symbiosis or warning:
        left, right = neighbours(s, t)
        if symbiosis and right is not None and right.body > t.body:
            out.append(SYMBIOSIS)
        if warning and ((left is not None and WARNING in left.traits) or
                        (right is not None and WARNING in right.traits)):
            out.append(WARNING)
    return out


def attack_block(s: NorthStarState, a: Species, t: Species) -> str | None:
    """Why carnivore `a` may not attack `t` (a key of `illegal.prey.*`), or None."""
    if a.uid == t.uid:
        return "self"
    b = blockers(s, a, t)
    if b is None:
        return "size"
    return b[0] if b else None


def attackers(s: NorthStarState, seat: int) -> list[Species]:
    """Own carnivores that could eat (hungry, or fed with fat room, NS4)."""
    return [x for x in row(s, seat) if CARNIVORE in x.traits and can_take(s, x)]


def targets(s: NorthStarState, a: Species) -> list[Species]:
    out = []
    for seat in range(len(s.players)):
        for t in row(s, seat):
            if t.uid != a.uid:
                b = blockers(s, a, t)
                if b is not None and not b:
                    out.append(t)
    return out


def has_target(s: NorthStarState, a: Species) -> bool:
    """`targets(s, a)` is not empty."""
    for seat in range(len(s.players)):
        for t in row(s, seat):
            if t.uid != a.uid:
                b = blockers(s, a, t)
                if b is not None and not b:
                    return True
    return False


def eaters(s: NorthStarState, seat: int) -> list[Species]:
    """Own herbivores that may eat plant food from the watering hole (§4.2)."""
    if s.hole <= 0:
        return []
    return [x for x in row(s, seat) if CARNIVORE not in x.traits and can_take(s, x)]


def obliged(s: NorthStarState, seat: int) -> bool:
    """A hungry species of the seat can eat: a feeding action is compulsory (NS5, §4.3 step 6);
    filling Fat Tissue never obliges (NS4)."""
    for x in row(s, seat):
        if x.food >= x.pop:
            continue
        if CARNIVORE in x.traits:
            if has_target(s, x):
                return True
        elif s.hole > 0:
            return True
    return False


def switchable(s: NorthStarState) -> list[str]:
    """Trait names a carnivore's Intelligence may switch off now: on the table, not yet off,
    never Carnivore or Intelligence (NS13)."""
    names = {t for x in s.species.values() for t in x.traits}
    return sorted(names.difference(UNSWITCHABLE).difference(s.off))


def smart_herbivores(s: NorthStarState, seat: int) -> list[Species]:
    """Own hungry herbivores with Intelligence (§4.5)."""
    return [x for x in row(s, seat)
            if INTELLIGENCE in x.traits and CARNIVORE not in x.traits and x.food < x.pop]


def smart_carnivore(s: NorthStarState, seat: int) -> bool:
    return any(INTELLIGENCE in x.traits and CARNIVORE in x.traits for x in row(s, seat))


def can_eat_somehow(s: NorthStarState, seat: int, x: Species) -> bool:
    """A hungry species of `seat` can still get food in its owner's turn: plant food on the
    watering hole, its Intelligence with a card in hand, a target, or a target its owner's
    carnivore Intelligence could open with the cards in hand (NS4, NS13)."""
    if CARNIVORE not in x.traits:
        return s.hole > 0 or (INTELLIGENCE in x.traits and bool(s.players[seat].hand))
    cards = len(s.players[seat].hand)
    smart = cards > 0 and smart_carnivore(s, seat)
    for other in range(len(s.players)):
        for t in row(s, other):
            b = blockers(s, x, t)
            if b is not None and (not b or (smart and len(b) <= cards)):
                return True
    return False


def feeding_goes_on(s: NorthStarState) -> bool:
    """NS4: the feeding phase ends when every species is fed or no hungry species can eat."""
    for seat in range(len(s.players)):
        for x in row(s, seat):
            if x.food < x.pop and can_eat_somehow(s, seat, x):
                return True
    return False


def has_play(s: NorthStarState, seat: int) -> bool:
    """Phase 3 offers something: a card in hand, or a trait to discard."""
    p = s.players[seat]
    return bool(p.hand) or any(s.species[u].cards for u in p.row)


def points(s: NorthStarState, seat: int) -> dict[str, int]:
    """§7.1 as it stands: bag (with the fat still on cards, bagged at the end), population,
    trait cards."""
    p = s.players[seat]
    r = row(s, seat)
    return {"bag": p.bag + sum(x.fat for x in r), "population": sum(x.pop for x in r),
            "traits": sum(len(x.cards) for x in r)}
