"""Pure questions about a `newworld` position (spec §3-§6). Nothing here changes a state.

Views have the same field names as states where these functions look, so the bots' hint
reasons can ask them about a view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias, TypeVar

from core.games.newworld import actions as A
from core.games.newworld.data import (
    CARNIVOROUS,
    COMMUNICATION,
    COOPERATION,
    COSMOPOLITAN,
    DETERRENCE,
    DEV_ERROR,
    FAT,
    HERDING,
    HOOFED,
    HORNED,
    INTELLECT,
    MIMICRY,
    NEGATIVE,
    NO_PROPERTY,
    OTHERS_ONLY,
    PAIRED,
    PARTNERSHIP,
    PIRACY,
    RUNNING,
    SCAVENGER,
    STASIS,
    SWIMMING,
    SYMBIOSIS,
    TAIL_LOSS,
    TRANSFORMATION,
    faces,
    habitat_kinds,
    numbers,
    score_bonus,
)
from core.games.newworld.state import Animal, Habitat, NewWorldState
from core.kits.evolution.animals import card_of, dependent, held_back, portion, row, seats_from
from core.kits.evolution.animals import score_of as kit_score
from core.kits.evolution.prey import static_defences

if TYPE_CHECKING:  # the view's module imports this one
    from core.games.newworld.view import AnimalView, HabitatView, NewWorldView

# What the bots' hints and the table ask about a view as well as a state:
Pos = TypeVar("Pos", NewWorldState, "NewWorldView")
Beast: TypeAlias = "Animal | AnimalView"


def hungry(a: Beast) -> bool:
    """§3.1: food tokens below the need; fat never counts (NW4)."""
    return a.red + a.blue < a.need


def partner(s: Pos, card: int, uid: int) -> int:
    """The other animal of paired card `card` on animal `uid`."""
    link = s.links[card]
    return link.b if link.a == uid else link.a


def blocked(s: Pos, a: Beast, gone: int = 0) -> bool:
    """A Симбиоз dependent whose protector is hungry receives no food (§5.2, NW30)."""
    return held_back(s, a, hungry, gone)


def can_take(s: Pos, a: Beast) -> bool:
    """§3.1 "can take food": hungry, or fed with an empty Жировой запас card, and not
    blocked by Симбиоз (NW5)."""
    if a.red + a.blue >= a.need and a.fat >= a.fat_cards:
        return False
    return SYMBIOSIS not in a.traits or not blocked(s, a)  # the test first: this runs often


def give(s: Pos, a: Beast, n: int, gone: int = 0) -> tuple[int, int]:
    """GiveFood (§4.1) of `n` units: (food tokens, fat tokens) it would place (once animal
    `gone`, if given, has left the table: a predator's prey is gone before it is fed)."""
    if blocked(s, a, gone):
        return 0, 0
    return portion(a, n)


# --- habitats ---------------------------------------------------------------------------------

def habitat(s: NewWorldState, key: str) -> Habitat | None:
    for h in s.habitats:
        if h.key == key:
            return h
    return None


def accessible(h: Habitat | HabitatView, a: Beast) -> bool:
    """§6.1: no requirement, the named property, or Космополитное; Ледники only for an animal
    without any property (paired included)."""
    return fits(habitat_kinds()[h.kind].needs, a.traits)


def fits(needs: str, traits: list[str]) -> bool:
    """An animal with `traits` meets a habitat's access requirement `needs` (§6.1)."""
    if not needs or COSMOPOLITAN in traits:
        return True
    if needs == NO_PROPERTY:
        return not traits
    return needs in traits


def open_places(s: Pos) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The habitats with food and those with shelter left, as (key, access requirement)."""
    kinds = habitat_kinds()
    food, cover = [], []
    for h in s.habitats:
        if h.red > 0:
            food.append((h.key, kinds[h.kind].needs))
        if h.shelter > 0:
            cover.append((h.key, kinds[h.kind].needs))
    return food, cover


def feed_places(s: NewWorldState, a: Animal) -> list[Habitat]:
    return [h for h in s.habitats if h.red > 0 and accessible(h, a)]


def shelter_places(s: NewWorldState, a: Animal) -> list[Habitat]:
    return [h for h in s.habitats if h.shelter > 0 and accessible(h, a)]


# --- attacks (§4.5) ---------------------------------------------------------------------------

def predator_ready(s: Pos, p: Beast) -> bool:
    """Step 1: Хищное upright (NW9), and the predator hungry or fed with an empty Жировой
    запас card."""
    if CARNIVOROUS not in p.traits or card_of(p, CARNIVOROUS) in s.rotated:
        return False
    return p.red + p.blue < p.need or p.fat < p.fat_cards


def _fed(a: Beast) -> bool:
    return not hungry(a)


def unsatisfied(s: Pos, p: Beast, v: Beast) -> list[str]:
    """The static defences of `v` that `p` does not overcome (§4.5 step 1), as property ids."""
    tv = v.traits
    if not tv:  # no properties, no defences: a common prey, worth the quick answer
        return []
    out = static_defences(p, v, _fed)
    if PARTNERSHIP in tv:  # NW22: protected while a partner is hungry
        animals = s.animals
        for card, trait in zip(v.cards, v.traits, strict=True):
            if trait == PARTNERSHIP and hungry(animals[partner(s, card, v.uid)]):
                out.append(PARTNERSHIP)
                break
    if SYMBIOSIS in tv and dependent(s, v):
        out.append(SYMBIOSIS)
    if HERDING in tv and len(s.players[p.owner].row) < len(s.players[v.owner].row):
        out.append(HERDING)
    return out


def budget(p: Beast, v: Beast) -> int:
    """NW18: Интеллект of the predator and Ошибка развития of the prey each ignore one."""
    return (INTELLECT in p.traits) + (DEV_ERROR in v.traits)


def prey_block(s: Pos, p: Beast, v: Beast) -> str | None:
    """Why `p` may not choose `v` as prey (a key of `illegal.prey.*`), or None (§4.5 step 1)."""
    if v.uid == p.uid:
        return "self"
    if v.shelter:
        return "shelter"
    if SWIMMING in p.traits and SWIMMING not in v.traits:
        return "not_swimming"
    miss = unsatisfied(s, p, v)
    if miss and len(miss) > budget(p, v):
        return miss[0] if len(miss) == 1 else "defences"
    return None


def prey_of(s: Pos, p: Beast) -> list[Beast]:
    return [v for v in s.animals.values() if prey_block(s, p, v) is None]


def mimicry_targets(s: NewWorldState, p: Animal, v: Animal) -> list[Animal]:
    """NW21: another animal of the prey's owner, a legal prey for `p`, not targeted yet."""
    at = s.attack
    assert at is not None  # asked during an attack
    targeted = at.targeted
    out = []
    for u in s.players[v.owner].row:
        if u == v.uid or u in targeted:
            continue
        w = s.animals[u]
        if prey_block(s, p, w) is None:
            out.append(w)
    return out


def defences(s: NewWorldState) -> list[A.Defend]:
    """ChooseDefenceOrder (§4.5 step 3): the current prey's usable defences, each card once
    per turn; `none` only when no automatic one (Рогатое, Быстрое, Мимикрия with a target)
    is left (NW19)."""
    at = s.attack
    assert at is not None  # asked during an attack
    v, p = s.animals[at.prey], s.animals[at.predator]
    used = s.turn_used
    horned = running = deterrence = False
    mimic: list[Animal] = []
    tail = False
    for card, trait in zip(v.cards, v.traits, strict=True):
        if card in used:
            continue
        if trait == HORNED:
            horned = True
        elif trait == RUNNING:
            running = True
        elif trait == MIMICRY:
            if card not in s.rotated:
                mimic = mimicry_targets(s, p, v)
        elif trait == TAIL_LOSS:
            tail = True
        elif trait == DETERRENCE:
            deterrence = True
    out: list[A.Defend] = []
    if horned:
        out.append(A.Defend("horned"))
    if running:
        out.append(A.Defend("running"))
    out.extend(A.Defend("mimicry", target=w.uid) for w in mimic)
    mandatory = bool(out)
    if tail:
        out.extend(A.Defend("tail", card=c) for c in v.cards)
    if deterrence:
        out.append(A.Defend("deterrence"))
    if out and not mandatory:
        out.append(A.DEFEND_NONE)
    return out


def scavengers(s: NewWorldState, hunter: int) -> tuple[int, list[Animal]]:
    """NW29: the first player clockwise from the predator's owner with a Падальщик that can
    take food (its card not used this turn), and his such scavengers in row order."""
    used = s.turn_used
    for seat in seats_from(s, hunter):
        found = [a for a in row(s, seat) if SCAVENGER in a.traits and can_take(s, a)
                 and card_of(a, SCAVENGER) not in used]
        if found:
            return seat, found
    return -1, []


# --- food triggers (§4.3) -------------------------------------------------------------------

_TRIGGERS = frozenset((COMMUNICATION, COOPERATION, HOOFED))  # fire on a habitat meal


def trigger_cards(s: NewWorldState, a: Animal) -> list[int]:
    """The cards of `a` that fire when it takes food in a habitat, not used this turn."""
    used = s.turn_used
    out = []  # a loop, not a comprehension: runs after every meal, mostly finding nothing
    for card, trait in zip(a.cards, a.traits, strict=True):
        if trait in _TRIGGERS and card not in used:
            out.append(card)
    return out


def trigger_live(s: NewWorldState, uid: int, key: str, card: int) -> bool:
    """A pending trigger of `uid` (which took food in habitat `key`) that can act now."""
    if card in s.turn_used:
        return False
    link = s.links.get(card)
    h = habitat(s, key)
    if link is None:  # Копытное
        return h is not None and h.red > 0
    b = s.animals.get(link.b if link.a == uid else link.a)
    if b is None or not can_take(s, b):
        return False
    if link.trait == COMMUNICATION:  # NW15: the same habitat, with access
        return h is not None and h.red > 0 and accessible(h, b)
    return True


def live_triggers(s: NewWorldState) -> list[int]:
    f = s.frames[-1]
    return [c for c in f.cards if trigger_live(s, f.animal, f.habitat, c)]


def trigger_options(s: NewWorldState) -> list[A.Action]:
    """OrderTriggers / HoofedChoice: fire a paired card, use Копытное, or (when Копытное is
    the only one left) leave it unused (NW14, NW17)."""
    live = live_triggers(s)
    out: list[A.Action] = []
    hoof = False
    for c in live:
        if c in s.links:
            out.append(A.Fire(c))
        else:
            hoof = True
    if hoof:
        out.append(A.TRAMPLE)
        if len(live) == 1:
            out.append(A.SPARE)
    return out


# --- additional actions (§4.7) ---------------------------------------------------------------

def pirate_ready(s: NewWorldState, a: Animal) -> bool:
    """NW26: Пиратство upright, the pirate hungry and not blocked by Симбиоз."""
    return PIRACY in a.traits and card_of(a, PIRACY) not in s.rotated and hungry(a) \
        and not blocked(s, a)


def pirate_victims(s: NewWorldState, a: Animal) -> list[Animal]:
    """NW26: another hungry animal of any player holding a food token."""
    return [v for v in s.animals.values()
            if v.uid != a.uid and v.red + v.blue > 0 and v.red + v.blue < v.need]


def transform_ready(s: NewWorldState, a: Animal) -> bool:
    return TRANSFORMATION in a.traits and card_of(a, TRANSFORMATION) not in s.rotated


def transform_block(s: NewWorldState, a: Animal, old: int, trait: str, mutations: bool) -> str | None:
    """NW27: why `trait` may not replace property card `old` of `a` (an `illegal.transform.*`
    key), or None. The new property must differ, be unpaired and be legal for `a` once the
    old card is gone (§5.1, Стазис NW24)."""
    i = a.cards.index(old)
    return _replace_block(a.traits[i], a.traits[:i] + a.traits[i + 1:], trait, mutations)


def _replace_block(gone: str, rest: list[str], trait: str, mutations: bool) -> str | None:
    """`transform_block` once the replaced property `gone` and the others (`rest`) are known."""
    if trait in PAIRED:
        return "paired"
    if trait == gone:
        return "same"
    if not mutations and trait in OTHERS_ONLY:
        return "negative_own"
    if trait != FAT and trait in rest:
        return "duplicate"
    if STASIS in rest and trait not in NEGATIVE:
        return "stasis"
    return None


def transform_olds(s: NewWorldState, a: Animal) -> list[int]:
    """The property cards of `a` Превращение may replace: every unpaired one (NW27)."""
    links = s.links
    return [c for c in a.cards if c not in links]


def transforms(s: NewWorldState, a: Animal, hand: list[int], mutations: bool) -> list[A.Transform]:
    if not transform_ready(s, a):
        return []
    olds = transform_olds(s, a)
    if mutations:  # the top gene-pool card, revealed when used (§7.4)
        return [A.Transform(a.uid, old) for old in olds] if s.players[a.owner].pool else []
    table = faces()
    out = []
    for old in olds:
        i = a.cards.index(old)
        gone, rest = a.traits[i], a.traits[:i] + a.traits[i + 1:]
        for card in hand:
            for side, trait in zip("ab", table[card], strict=True):
                if _replace_block(gone, rest, trait, False) is None:
                    out.append(A.Transform(a.uid, old, card, side))
    return out


# --- the feeding turn (§3.5) -------------------------------------------------------------------

def main_actions(s: Pos, seat: int) -> list[A.Action]:
    animals = s.animals
    mine = [animals[u] for u in s.players[seat].row]
    food, cover = open_places(s)
    feed, shelter, attack = A.Feed, A.Shelter, A.Attack  # local names: runs every feeding turn
    out: list[A.Action] = []
    append = out.append  # loops, not comprehensions: a few actions per animal; `not needs`
    # before `fits` saves a call for the habitats open to all
    if food:
        for a in mine:
            if can_take(s, a):
                t = a.traits
                for k, needs in food:
                    if not needs or fits(needs, t):
                        append(feed(a.uid, k))
    if cover:
        for a in mine:
            if not a.shelter:
                t = a.traits
                for k, needs in cover:
                    if not needs or fits(needs, t):
                        append(shelter(a.uid, k))
    for p in mine:
        if CARNIVOROUS in p.traits and predator_ready(s, p):  # the test first: saves a call
            out += [attack(p.uid, v.uid) for v in prey_of(s, p)]
    return out


def extra_actions(s: NewWorldState, seat: int) -> list[A.Action]:
    animals = s.animals
    out: list[A.Action] = []
    hand = s.players[seat].hand
    mutations = s.scenario == "mutations"
    for u in s.players[seat].row:
        a = animals[u]
        t = a.traits
        if PIRACY in t and pirate_ready(s, a):
            out.extend(A.Pirate(a.uid, v.uid) for v in pirate_victims(s, a))
        if TRANSFORMATION in t:
            out.extend(transforms(s, a, hand, mutations))
    return out


def obliging(s: Pos, mains: list[A.Action]) -> bool:
    """NW6: one of these main actions obliges — feeding (a fed animal filling fat too), a
    shelter, or an attack by a hungry predator."""
    animals = s.animals
    for a in mains:  # noqa: SIM110 -- a loop, not any(): every feeding decision asks
        if type(a) is not A.Attack or hungry(animals[a.predator]):
            return True
    return False


def obliged(s: Pos, seat: int) -> bool:
    """NW6: a main action is legal that obliges."""
    return obliging(s, main_actions(s, seat))


def any_main(s: NewWorldState, seat: int) -> bool:
    """Some main action is legal (a quick check: the first one found is enough)."""
    animals = s.animals
    habitats = s.habitats
    kinds = habitat_kinds()  # `accessible` written out: every feeding turn starts here
    for u in s.players[seat].row:
        a = animals[u]
        t = a.traits
        if can_take(s, a):
            for h in habitats:
                if h.red > 0:
                    needs = kinds[h.kind].needs
                    if not needs or fits(needs, t):
                        return True
        if not a.shelter:
            for h in habitats:
                if h.shelter > 0:
                    needs = kinds[h.kind].needs
                    if not needs or fits(needs, t):
                        return True
        if CARNIVOROUS in t and predator_ready(s, a):
            for v in animals.values():
                if prey_block(s, a, v) is None:
                    return True
    return False


def any_extra(s: NewWorldState, seat: int) -> bool:
    """Some additional action is legal (a quick check, as `any_main`)."""
    animals = s.animals
    for u in s.players[seat].row:
        a = animals[u]
        t = a.traits
        if PIRACY in t and pirate_ready(s, a) and pirate_victims(s, a):
            return True
        if TRANSFORMATION in t and transforms(s, a, s.players[seat].hand,
                                              s.scenario == "mutations"):
            return True
    return False


def has_option(s: NewWorldState, seat: int) -> bool:
    """F2: any main or additional action is legal for the player."""
    return any_main(s, seat) or any_extra(s, seat)


def more_to_do(s: NewWorldState, seat: int) -> bool:
    """After an action in a feeding turn: anything left but ending the turn."""
    if not s.main_done and any_main(s, seat):
        return True
    return not s.extra_done and any_extra(s, seat)


def feed_options(s: NewWorldState, seat: int) -> list[A.Action]:
    """FeedOrAttackOrPass (§3.5 F3): at most one main and one additional action a turn;
    `end` once a main action was taken, or after an additional one when nothing obliges;
    `pass` only before anything and when nothing obliges (NW6, NW8)."""
    out: list[A.Action] = []
    oblige = False
    if not s.main_done:
        mains = main_actions(s, seat)
        oblige = obliging(s, mains)
        out += mains
    if not s.extra_done:
        out += extra_actions(s, seat)
    if s.main_done or (s.extra_done and not oblige):
        out.append(A.END)
    if not s.main_done and not s.extra_done and not oblige:
        out.append(A.PASS)
    return out


# --- development (§3.3, §5.1) ------------------------------------------------------------------

def add_block(s: NewWorldState, seat: int, trait: str, a: Animal, mutations: bool = False) -> str | None:
    """Why `trait` may not go under `a` for `seat` (a key of `illegal.add.*`), or None."""
    if trait in PAIRED:
        return "paired"
    if mutations:  # §7.4: the scenario targets own animals only, negative ones included
        if a.owner != seat:
            return "mutation_own"
    elif trait in OTHERS_ONLY:
        if a.owner == seat:
            return "negative_own"
    elif trait != STASIS and a.owner != seat:
        return "not_own"
    if trait != FAT and trait in a.traits:
        return "duplicate"
    if STASIS in a.traits and trait not in NEGATIVE:  # NW12
        return "stasis"
    return None


def neighbours(s: NewWorldState, a: Animal) -> set[int]:
    """The animals joined to `a` by paired cards."""
    links = s.links
    out = set()
    for c in a.cards:
        link = links.get(c)
        if link is not None:
            out.add(link.b if link.a == a.uid else link.a)
    return out


def linked_traits(s: NewWorldState, a: Animal, b: int) -> list[str]:
    links = s.links
    out = []
    for c in a.cards:
        link = links.get(c)
        if link is not None and b in (link.a, link.b):
            out.append(link.trait)
    return out


def joined(s: NewWorldState, a: Animal, b: int) -> bool:
    """`a` and animal `b` share a paired card (`linked_traits` is not empty)."""
    links = s.links
    for c in a.cards:
        link = links.get(c)
        if link is not None and (link.a == b or link.b == b):
            return True
    return False


def group(s: NewWorldState, uid: int) -> set[int]:
    """The animals joined to `uid` through paired cards (one group of the row)."""
    seen = {uid}
    todo = [uid]
    while todo:
        for other in neighbours(s, s.animals[todo.pop()]):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def pair_block(s: NewWorldState, seat: int, trait: str, x: Animal, y: Animal) -> str | None:
    """Why a paired `trait` may not join `x` and `y` (a key of `illegal.pair.*`), or None.
    The two must be own, different, free of Стазис (NW12), not joined by this property yet
    (NW11), and able to become neighbours with every link kept (§3.3 ArrangeRow)."""
    if x.uid == y.uid:
        return "same"
    if x.owner != seat or y.owner != seat:
        return "not_own"
    if STASIS in x.traits or STASIS in y.traits:
        return "stasis"
    joined = linked_traits(s, x, y.uid)
    if trait in joined:
        return "joined"
    if joined:
        return None  # neighbours already
    if len(neighbours(s, x)) >= 2 or len(neighbours(s, y)) >= 2:
        return "middle"
    if y.uid in group(s, x.uid):
        return "ring"
    return None


def groups(s: NewWorldState, seat: int) -> list[list[int]]:
    """The own row cut into groups of animals joined by paired cards, left to right."""
    r = s.players[seat].row
    out: list[list[int]] = []
    for i, u in enumerate(r):
        if i and linked_traits(s, s.animals[r[i - 1]], u):
            out[-1].append(u)
        else:
            out.append([u])
    return out


def join_row(s: NewWorldState, seat: int, x: int, y: int) -> list[int]:
    """The row after a paired card joins `x` and `y` (ArrangeRow folded into the play): if they
    are not neighbours, y's group moves next to x's — after it when x ends its group on the
    right, else before it — turned so that y faces x. Everything else keeps its order."""
    r = s.players[seat].row
    i, j = r.index(x), r.index(y)
    if abs(i - j) == 1:
        return r[:]
    gs = groups(s, seat)
    gx = next(g for g in gs if x in g)
    gy = next(g for g in gs if y in g)
    rest = [g for g in gs if g is not gy]
    k = rest.index(gx)
    if gx[-1] == x:
        moved = gy if gy[0] == y else gy[::-1]
        rest.insert(k + 1, moved)
    else:
        moved = gy if gy[-1] == y else gy[::-1]
        rest.insert(k, moved)
    return [u for g in rest for u in g]


def swap_row(s: NewWorldState, seat: int, a: int, b: int) -> list[int]:
    """ArrangeRow in Случайные мутации: the groups starting with `a` and `b` change places;
    the same group named twice is turned round."""
    gs = groups(s, seat)
    ia = next(i for i, g in enumerate(gs) if g[0] == a)
    ib = next(i for i, g in enumerate(gs) if g[0] == b)
    if ia == ib:
        gs[ia] = gs[ia][::-1]
    else:
        gs[ia], gs[ib] = gs[ib], gs[ia]
    return [u for g in gs for u in g]


def create_spots(s: NewWorldState, seat: int) -> list[int]:
    """Where a new animal may go (NW10): 0 = the right end, or just left of an own animal
    that is not joined to its left neighbour (the row is never split inside a pair)."""
    r = s.players[seat].row
    if not s.links:
        return [0, *r]
    animals = s.animals
    out = [0]
    for i, u in enumerate(r):
        if i == 0 or not joined(s, animals[r[i - 1]], u):
            out.append(u)
    return out


def right_of(s: NewWorldState, a: Animal) -> Animal | None:
    r = s.players[a.owner].row
    i = r.index(a.uid)
    return s.animals[r[i + 1]] if i + 1 < len(r) else None


def mutation_sides(s: NewWorldState, seat: int, card: int, a: Animal) -> list[A.Side]:
    """NW41: the sides of revealed card `card` that fit own animal `a` — a paired side with
    its right neighbour (both directions for Симбиоз)."""
    out: list[A.Side] = []
    for side, trait in zip("ab", faces()[card], strict=True):
        if trait in PAIRED:
            r = right_of(s, a)
            if r is not None and pair_block(s, seat, trait, a, r) is None:
                if trait == SYMBIOSIS:
                    out.append(A.Side(side, a.uid, r.uid))
                    out.append(A.Side(side, r.uid, a.uid))
                else:
                    out.append(A.Side(side))
        elif add_block(s, seat, trait, a, True) is None:
            out.append(A.Side(side))
    return out


def transform_sides(s: NewWorldState, card: int, a: Animal, old: int) -> list[A.Side]:
    """Случайные мутации: the sides of the revealed card that may replace `old` on `a`."""
    return [A.Side(side) for side, trait in zip("ab", faces()[card], strict=True)
            if transform_block(s, a, old, trait, True) is None]


# --- scoring (§7.1) ---------------------------------------------------------------------------

def score_of(s: NewWorldState, seat: int) -> dict[str, int]:
    """3 per surviving animal, 1 per property card (a paired card once, each Жировой запас
    card), plus +1 Хищное, Большое, Ошибка развития, Стазис and +2 Паразит."""
    return kit_score(s, seat, numbers(), score_bonus())


def hand_limit() -> int:
    return numbers()["hand"]
