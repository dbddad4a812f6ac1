"""Bot heuristics for `classic`: a position evaluation, a fast default policy and hint reasons.

The game-agnostic bots of `core/bots/` find this module through the game's descriptor.
Everything here is a read-only question about a position.

The evaluation counts in *points*: each player's expected score. Every animal's points
(classic: 2, a card per property, the bonus of Хищник, Большое, Паразит) are weighted by its
chance to survive this turn — its share of the food (the base shared out between the players
as they take a token in turn, what its predators can hunt, fat it can convert), less the risk
that another player's predator reaches it — and, in classic, by its chance to be fed through
the next few turns against an average base. Cards in hand, the cards the animals will draw and
the worth of useful properties for the turns to come are added. In v0.9 the points already
banked count in full and the expected points of each remaining turn are added. Points become
win chances by a softmax, so the value of a seat is in [0, 1].
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from core.bots.chances import win_chances
from core.engine.protocol import Action
from core.games.classic import actions as A
from core.games.classic import queries as Q
from core.games.classic.data import (
    BIG,
    CARNIVOROUS,
    FAT,
    HIBERNATION,
    PAIRED,
    PARASITE,
    SYMBIOSIS,
    faces,
    food_dice,
    numbers,
    properties,
    score_bonus,
)
from core.games.classic.state import Animal, ClassicState
from core.kits.evolution import bot as K

if TYPE_CHECKING:
    from core.games.classic.view import ClassicView

HAND_CARD: Final = 0.9  # a card in hand: a future animal or property
HAND_LAST: Final = 0.1  # ... worth little once the deck is empty (classic) or in the last turn
FAT_TOKEN: Final = 0.4  # stored food for a lean go
TEMPERATURE: Final = 3.0  # points -> win chances; 3 points ahead is roughly 73 %
DRAW_CARD: Final = 0.25  # classic: each animal brings a card in every deal to come ...
DRAW_TURNS: Final = 3  # ... counted for this many deals at most
HORIZON: Final = 3  # classic: future turns an animal must be fed through, counted at most
HUNT: Final = 0.6  # the chance a ready predator with prey makes a kill this turn

# What a property is worth beyond the points it scores (protection, food, hunting).
TRAIT_VALUE = {
    "carnivorous": 0.8, "big": 0.5, "parasite": -1.5, "fat_tissue": 0.4, "swimming": 0.5,
    "running": 0.5, "mimicry": 0.4, "scavenger": 0.3, "symbiosis": 0.3, "piracy": 0.3,
    "tail_loss": 0.4, "communication": 0.4, "grazing": 0.2, "hibernation": 0.4,
    "poisonous": 0.5, "cooperation": 0.4, "burrowing": 0.5, "camouflage": 0.6,
    "sharp_vision": 0.2,
}
PROTECTION: Final = ("big", "swimming", "running", "mimicry", "tail_loss", "poisonous", "burrowing",
              "camouflage")
# Properties whose hint says what they do for the animal (`reason.add_<property>`).
ADD_REASON: Final = ("scavenger", "piracy", "grazing", "hibernation", "sharp_vision")
# Policy: how much an attack on prey with these properties is worth trying (Ядовитое kills the
# predator at extinction).
ATTACK_ODDS = {"running": 0.5, "tail_loss": 0.6, "poisonous": 0.05, "mimicry": 0.7}
# How much of an attack on an animal still kills it, by its active defences and deterrents.
DEFENCE_LEFT = {"running": 0.5, "tail_loss": 0.3, "mimicry": 0.6, "poisonous": 0.6}


def _mean_base(n: int) -> float:
    dice, bonus = food_dice(n)
    return 3.5 * dice + bonus


def _turns_left(s: ClassicState) -> int:
    """Turns still to be played after this one."""
    if s.v09:
        return max(0, s.length - s.turn)
    if s.last or not s.deck:
        return 0
    draw = sum(len(p.row) + 1 for p in s.players)
    return -(-len(s.deck) // draw)


def _threats(s: ClassicState, rows: list[list[Animal]]) -> tuple[dict[int, float], dict[int, float]]:
    """The food each predator may expect from hunting this turn, and each animal's risk of
    being eaten by another player's predator. A seat's predators make at most one kill each
    and share the prey they can reach."""
    food: dict[int, float] = {}
    risk: dict[int, float] = {}
    if s.phase == "extinction":
        return food, risk
    if s.phase == "feed":
        def ready(p: Animal) -> bool:
            return Q.predator_ready(s, p)
    else:
        def ready(p: Animal) -> bool:
            return not p.hibernating
    animals = s.animals.values()
    for seat, row in enumerate(rows):
        hunters, reach = K.hunting(s, animals, row, seat, ready, Q.prey_block)
        if not hunters:
            continue
        kills = HUNT * min(len(hunters), len(reach))
        each = 2.0 * kills / len(hunters)
        for u in hunters:
            food[u] = each
        K.add_risk(risk, reach, kills, DEFENCE_LEFT)
    return food, risk


def _coverage(base: float, rows: list[list[Animal]], missing: list[list[float]],
              hunt: dict[int, float], worth: list[list[float]]) -> list[list[float]]:
    """The share of its missing food each animal gets: a predator first eats what it hunts,
    the base is shared out between the players (`waterfill`), and each feeds his animals
    the most valuable per token first."""
    n = len(missing)
    rest = []
    for i in range(n):
        m = missing[i]
        if hunt:
            r = rows[i]
            m = [max(0.0, x - hunt.get(r[j].uid, 0.0)) for j, x in enumerate(m)]
        rest.append(m)
    got = K.waterfill(base, [sum(m) for m in rest])
    out = []
    for i in range(n):
        m, need = rest[i], missing[i]
        cover = [1.0] * len(m)
        avail = got[i]
        order = sorted((j for j in range(len(m)) if m[j] > 0), key=lambda j: -worth[i][j] / m[j])
        for j in order:
            if avail >= m[j]:
                avail -= m[j]
            else:
                cover[j] = (need[j] - m[j] + avail) / need[j]
                avail = 0.0
        out.append(cover)
    return out


_TABLES: list[dict[str, tuple[float, float, float]]] = []


def _trait_table() -> dict[str, tuple[float, float, float]]:
    """Property -> (classic points, v0.9 points, worth beyond the points), built once: a
    property card scores 1 in classic (a paired card 1 for both partners), plus its bonus."""
    if not _TABLES:
        bonus = score_bonus()
        _TABLES.append({t: ((0.5 if t in PAIRED else 1.0) + bonus.get(t, 0), float(bonus.get(t, 0)),
                             TRAIT_VALUE.get(t, 0.2)) for t in properties()})
    return _TABLES[0]


def points(s: ClassicState) -> list[float]:
    """Each seat's expected score: every animal's points weighted by its chance to survive
    this turn (its share of the food, the predators that can reach it) and, in classic, the
    turns to come; plus cards in hand and the cards its animals will draw."""
    v09 = s.v09
    phase = s.phase
    left = _turns_left(s)
    last = s.last if v09 else left == 0
    rows = [[s.animals[u] for u in p.row] for p in s.players]
    worth, extra = _worth(rows, 1 if v09 else 0)
    hunt, risk = _threats(s, rows)
    mean_base = _mean_base(len(s.players))
    # This turn: what each animal still lacks, and the base it competes for.
    if phase == "extinction":
        cover = None
    else:
        base = s.base if phase == "feed" else mean_base
        cover = _coverage(base, rows, _missing(s, rows), hunt, worth)
    # The turns to come (classic): the full need against an average base.
    if left and not v09:
        future = _coverage(mean_base, rows, [[float(a.need) for a in r] for r in rows], hunt,
                           worth)
        horizon = min(left, HORIZON)
        draws = DRAW_CARD * min(left, DRAW_TURNS)
    else:
        future = None
        horizon = 0
        draws = 0.0
    out = []
    for seat, p in enumerate(s.players):
        value = 0.0
        for j, a in enumerate(rows[seat]):
            if a.poisoned:
                continue
            alive = _alive(s, a, None if cover is None else cover[seat][j], risk)
            w = worth[seat][j]
            if v09:
                if a.turned and alive < 1.0:
                    alive *= 0.5  # a second hungry turn kills it (CL40)
                value += w * alive * (1 + 0.6 * left) + extra[seat][j] * (0.3 + 0.2 * left)
            elif future is None:
                value += w * alive
            else:
                q = 0.3 + 0.65 * future[seat][j]
                r = risk.get(a.uid)
                if r:
                    q *= 1.0 - 0.5 * min(0.85, r)
                value += (w + 0.5 * extra[seat][j]) * alive * q ** horizon + draws * alive
        value += len(p.hand) * (HAND_LAST if last else HAND_CARD)
        if v09:
            value += p.score + 0.01 * p.fed + 0.01 * p.reserve
        else:
            value += 0.01 * len(p.pile)  # the tie-break (CL28)
        out.append(value)
    return out


def _worth(rows: list[list[Animal]], pick: int) -> tuple[list[list[float]], list[list[float]]]:
    """What each animal scores if it survives (`pick`: the classic or the v0.9 column of the
    trait table), and what its properties and fat are worth for the turns to come."""
    table = _trait_table()
    worth: list[list[float]] = []
    extra: list[list[float]] = []
    for r in rows:
        wr, er = [], []
        for a in r:
            w, e = 2.0, FAT_TOKEN * a.fat
            for t in a.traits:
                x = table[t]
                w += x[pick]
                e += x[2]
            wr.append(w)
            er.append(e)
        worth.append(wr)
        extra.append(er)
    return worth, extra


def _missing(s: ClassicState, rows: list[list[Animal]]) -> list[list[float]]:
    """The food each animal still lacks this turn (less where Спячка may spare it)."""
    sleep = s.phase == "develop" and not s.last
    missing = []
    for r in rows:
        m = []
        for a in r:
            food = a.red + a.blue
            if a.poisoned or a.hibernating or food >= a.need:
                m.append(0.0)
                continue
            x = float(max(0, a.need - food - a.fat))
            if sleep and HIBERNATION in a.traits and a.slept != s.turn - 1:
                x *= 0.4
            m.append(x)
        missing.append(m)
    return missing


def _alive(s: ClassicState, a: Animal, cover: float | None, risk: dict[int, float]) -> float:
    """An animal's chance to survive this turn: at extinction, whether it is fed; else its
    share of the food (`cover`), less the risk of being eaten."""
    if cover is None:  # extinction: fed or not is settled
        if Q.fed(a):
            return 1.0
        return 0.0 if a.turned or not s.v09 else 0.5  # v0.9: a hungry animal turns (CL30)
    alive = cover if s.phase == "feed" else 0.05 + 0.95 * cover
    r = risk.get(a.uid)
    if r:
        alive *= 1.0 - min(0.85, r)
    return alive


def evaluate(s: ClassicState) -> list[float]:
    return win_chances(s, points, TEMPERATURE)


# --- the default policy -------------------------------------------------------------------

def _discard_weights(s: ClassicState, legal: list[Any]) -> list[float]:
    table = faces(s.single_poisonous)
    return [1.0 / (0.2 + max(TRAIT_VALUE.get(t, 0.2) for t in table[a.card])) for a in legal]


def _feed_weight(s: ClassicState, a: Any) -> float:
    k = type(a)
    seat = s.go
    if k is A.Take:
        x = s.animals[a.animal]
        return 6.0 if x.red + x.blue < x.need else 1.5
    if k is A.Attack:
        return K.hunt_weight(s, a, ATTACK_ODDS)
    if k is A.Convert:
        return 4.0
    if k is A.Pirate:
        return 3.0 if s.animals[a.victim].owner != seat else 0.05
    if k is A.Hibernate:
        return 2.5 if s.base <= 1 else 0.4
    if k is A.Graze:
        return 1.0
    return 1.0  # End


_ADD_WEIGHTS: dict[str, tuple[float, float]] = {}


def _add_weights(trait: str) -> tuple[float, float]:
    """The default policy's weight of a property played on an animal: (on most animals, on one
    that needs 3 food or more); found once per property: the policy weighs every development
    move of every playout."""
    w = _ADD_WEIGHTS.get(trait)
    if w is None:
        if trait == PARASITE:
            w = (2.5, 2.5)
        else:
            base = 0.5 + TRAIT_VALUE.get(trait, 0.2)
            hungry = base * 0.3 if trait in (CARNIVOROUS, BIG) else base  # hungrier still
            w = (max(0.05, base), max(0.05, hungry))
        _ADD_WEIGHTS[trait] = w
    return w


def _develop_weights(s: ClassicState, legal: list[Any]) -> list[float]:
    seat = s.decider
    mine = len(s.players[seat].row)
    table = faces(s.single_poisonous)
    hand = len(s.players[seat].hand)
    last = s.last or (not s.v09 and not s.deck)
    animals = s.animals
    add, create, pair, known = A.Add, A.Create, A.Pair, _ADD_WEIGHTS
    out: list[float] = []
    append = out.append
    for a in legal:
        k = type(a)
        if k is add:
            trait = table[a.card][0 if a.side == "a" else 1]
            w = known.get(trait) or _add_weights(trait)
            append(w[1] if animals[a.animal].need >= 3 else w[0])
        elif k is create:
            append(3.0 if mine < 3 else 1.0 if mine < 6 else 0.3)
        elif k is pair:
            trait = table[a.card][0 if a.side == "a" else 1]
            append(0.3 if trait == SYMBIOSIS else 0.6)
        elif last:  # Pass: cards left in hand score nothing
            append(0.2)
        else:  # Pass
            append(0.5 + 0.5 * max(0, 3 - hand))
    return out


_DEFENCES = {"running": 3.0}  # Быстрое first: it may save the animal and costs nothing


# A cheap default policy (rollouts, expansion order, completion): feed the hungry, hunt other
# players' animals (not Ядовитое ones), protect and grow one's own, keep a few cards until the
# last turn. It runs inside every rollout step, so it is written for speed.
policy: K.Weights[ClassicState] = K.by_step({
    "feed": K.one_by_one(_feed_weight), "develop": _develop_weights,
    "defend": K.defending(TRAIT_VALUE, _DEFENCES),
    "reserve": lambda s, legal: [0.3 if type(a) is A.End else 3.0 for a in legal],
    "discard": _discard_weights,
})


def turn_id(s: ClassicState) -> tuple[object, ...]:
    """The go a position is in: a development go is one card; a feeding go lasts until it
    ends (reactions inside it by other seats keep its id)."""
    if s.phase == "develop":
        return s.turn, s.phase, s.decider, sum(len(p.hand) for p in s.players)
    return s.turn, s.phase, s.go, s.idle


# --- hint reasons --------------------------------------------------------------------------

def reason(view: ClassicView, action: Action, lang: str) -> tuple[str, dict[str, str]]:
    """A reason key (`reason.<key>` in the game's texts) and its arguments, from the view."""
    from core.games.classic.texts import name

    table = faces(view.single_poisonous)
    said = K.reason(view, action, lang, A, table, name, Q.give, numbers())
    if said is not None:
        key, args = said
        return ("create_v09" if key == "create" and view.v09 else key), args
    animals = view.animals
    if isinstance(action, A.Add):
        trait = table[action.card][0 if action.side == "a" else 1]
        args = {"p": name(trait, lang), "c": f"c{action.animal}", "card": str(action.card)}
        if trait == PARASITE:
            return "add_parasite", args
        if trait == CARNIVOROUS:
            return "add_attack", args
        if trait == FAT:
            return "add_fat", args
        if trait in PROTECTION:
            return "add_defence", args
        if trait in ADD_REASON:
            return f"add_{trait}", args
        return "add", args
    if isinstance(action, A.Take):
        a = animals[action.animal]
        food = a.red + a.blue
        if food >= a.need:
            return "take_fat", {"c": f"c{a.uid}"}
        return "take", {"c": f"c{a.uid}", "k": str(food + 1), "n": str(a.need)}
    if isinstance(action, A.Convert):
        return "convert", {"c": f"c{action.animal}", "k": str(action.k)}
    if isinstance(action, A.Graze):
        return "graze", {}
    if isinstance(action, A.Hibernate):
        return "hibernate", {"c": f"c{action.animal}"}
    if isinstance(action, A.End):
        return ("reserve_end" if view.step == "reserve" else "end"), {}
    if isinstance(action, A.Fire):
        return "trigger", {"c": f"c{action.to}"}
    if isinstance(action, A.Reserve):
        return "reserve", {"c": f"c{action.animal}"}
    return "move", {}


class ClassicHeuristics:
    """The object `core.bots.heuristics` hands to the bots for game id `classic`."""

    evaluate = staticmethod(evaluate)
    policy = staticmethod(policy)
    reason = staticmethod(reason)
    turn_id = staticmethod(turn_id)
    # Rollouts of 6 sampled moves, then the evaluation: with 20–40 iterations a decision they
    # won 17 of 22 seat-rotated games against rollouts of 24 moves (docs/bots.md), at well
    # under half the cost of an iteration.
    budget_overrides: ClassVar[dict[str, Any]] = {"depth": 6}


HEURISTICS = ClassicHeuristics()
