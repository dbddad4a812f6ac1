"""Bot heuristics for `classic`: a position evaluation, a fast default policy and hint reasons.

The game-agnostic bots of `core/bots/` find this module through the game's descriptor.
Everything here is a read-only question about a position.

The evaluation counts in *points*: what each player would score if the game ended after this
turn's extinction, each animal weighted by its chance to survive it (fed, or how much of its
need it has), plus the worth of cards in hand and of useful properties for the turns to come.
In v0.9 the points already banked count in full and the expected points of each remaining
turn are added. Points become win chances by a softmax, so the value of a seat is in [0, 1].
"""

from __future__ import annotations

import math
from typing import Any

from core.games.classic import actions as A
from core.games.classic import queries as Q
from core.games.classic.data import (
    BIG,
    CARNIVOROUS,
    FAT,
    PAIRED,
    PARASITE,
    SYMBIOSIS,
    faces,
    food_dice,
    score_bonus,
)
from core.games.classic.state import Animal, ClassicState

HAND_CARD = 0.9  # a card in hand: a future animal or property
HAND_LAST = 0.1  # ... worth little once the deck is empty (classic) or in the last turn
FAT_TOKEN = 0.4  # stored food for a lean go
TEMPERATURE = 3.0  # points -> win chances; 3 points ahead is roughly 73 %

# What a property is worth beyond the points it scores (protection, food, hunting).
TRAIT_VALUE = {
    "carnivorous": 0.8, "big": 0.5, "parasite": -1.5, "fat_tissue": 0.4, "swimming": 0.5,
    "running": 0.5, "mimicry": 0.4, "scavenger": 0.3, "symbiosis": 0.3, "piracy": 0.3,
    "tail_loss": 0.4, "communication": 0.4, "grazing": 0.2, "hibernation": 0.4,
    "poisonous": 0.5, "cooperation": 0.4, "burrowing": 0.5, "camouflage": 0.6,
    "sharp_vision": 0.2,
}
PROTECTION = ("big", "swimming", "running", "mimicry", "tail_loss", "poisonous", "burrowing",
              "camouflage")


def _mean_base(n: int) -> float:
    dice, bonus = food_dice(n)
    return 3.5 * dice + bonus


def _cover(s: ClassicState, seat: int) -> float:
    """How much of the seat's missing food the food base may still bring this turn: its share
    of the base against what its unfed animals lack (fat counts, CL12)."""
    if s.phase == "develop":
        share = _mean_base(len(s.players)) / len(s.players)
    elif s.phase == "feed":
        share = s.base / len(s.players)
    else:
        return 0.0
    missing = 0
    for uid in s.players[seat].row:
        a = s.animals[uid]
        if not Q.fed(a):
            missing += max(0, a.need - a.red - a.blue - a.fat)
    return 1.0 if missing <= 0 else min(1.0, share / missing)


def _survival(s: ClassicState, a: Animal, cover: float) -> float:
    """The chance that `a` survives this turn's extinction, judged from its food and its
    owner's share of the food base."""
    if a.poisoned:
        return 0.0
    if Q.fed(a):
        return 1.0
    frac = min(1.0, (a.red + a.blue + a.fat) / a.need)
    if s.phase == "extinction":  # v0.9 only asks here: a hungry animal turns, or dies (CL30)
        return 0.0 if a.turned or not s.v09 else 0.5
    return frac + (1.0 - frac) * (0.15 + 0.75 * cover)


def _animal_points(s: ClassicState, a: Animal, bonus: dict[str, int]) -> float:
    """What `a` scores if it survives: classic 2 + a card each + bonus; v0.9 2 + bonus."""
    extra = sum(bonus.get(t, 0) for t in a.traits)
    if s.v09:
        return 2.0 + extra
    own = sum(1.0 if t not in PAIRED else 0.5 for t in a.traits)  # a paired card once
    return 2.0 + own + extra


def points(s: ClassicState) -> list[float]:
    bonus = score_bonus()
    last = s.last or (not s.v09 and not s.deck)
    left = max(0, s.length - s.turn) if s.v09 else 0
    out = []
    for seat, p in enumerate(s.players):
        value = 0.0
        cover = _cover(s, seat)
        for uid in p.row:
            a = s.animals[uid]
            alive = _survival(s, a, cover)
            worth = _animal_points(s, a, bonus)
            future = sum(TRAIT_VALUE.get(t, 0.2) for t in a.traits) + FAT_TOKEN * a.fat
            if s.v09:
                if a.turned and alive < 1.0:
                    alive *= 0.5  # a second hungry turn kills it (CL40)
                value += worth * alive * (1 + 0.6 * left) + future * (0.3 + 0.2 * left)
            else:
                value += worth * alive + (0.0 if last else future * alive * 0.5)
        value += len(p.hand) * (HAND_LAST if last else HAND_CARD)
        if s.v09:
            value += p.score + 0.01 * p.fed + 0.01 * p.reserve
        else:
            value += 0.01 * len(p.pile)  # the tie-break (CL28)
        out.append(value)
    return out


def evaluate(s: ClassicState) -> list[float]:
    """Win chances per seat in [0, 1], summing to 1; exact once the game is over."""
    n = len(s.players)
    if s.step == "over":
        share = 1.0 / len(s.winners) if s.winners else 0.0
        return [share if i in s.winners else 0.0 for i in range(n)]
    pts = points(s)
    top = max(pts)
    exps = [math.exp((x - top) / TEMPERATURE) for x in pts]
    total = sum(exps)
    return [e / total for e in exps]


# --- the default policy -------------------------------------------------------------------

def policy(s: ClassicState, legal: list[Any]) -> list[float]:
    """Weights of a cheap default policy over `legal` (rollouts, expansion order, completion):
    feed the hungry, hunt other players' animals, protect and grow one's own, keep a few
    cards. Runs inside every rollout step, so it is written for speed."""
    step = s.step
    if step == "feed":
        return [_feed_weight(s, a) for a in legal]
    if step == "develop":
        return _develop_weights(s, legal)
    if step == "defend":
        return [_defend_weight(s, a) for a in legal]
    if step == "reserve":
        return [0.3 if a.__class__ is A.End else 3.0 for a in legal]
    if step == "discard":
        table = faces(s.single_poisonous)
        return [1.0 / (0.2 + max(TRAIT_VALUE.get(t, 0.2) for t in table[a.card])) for a in legal]
    return [1.0] * len(legal)


def _feed_weight(s: ClassicState, a: Any) -> float:
    k = a.__class__
    seat = s.go
    if k is A.Take:
        x = s.animals[a.animal]
        return 6.0 if x.red + x.blue < x.need else 1.5
    if k is A.Attack:
        v = s.animals[a.prey]
        if v.owner == seat:
            return 0.05
        return 5.0 + len(v.cards)
    if k is A.Convert:
        return 4.0
    if k is A.Pirate:
        return 3.0 if s.animals[a.victim].owner != seat else 0.05
    if k is A.Hibernate:
        return 2.5 if s.base <= 1 else 0.4
    if k is A.Graze:
        return 1.0
    return 1.0  # End


def _develop_weights(s: ClassicState, legal: list[Any]) -> list[float]:
    seat = s.decider
    mine = len(s.players[seat].row)
    table = faces(s.single_poisonous)
    hand = len(s.players[seat].hand)
    out = []
    for a in legal:
        k = a.__class__
        if k is A.Create:
            out.append(3.0 if mine < 3 else 1.0 if mine < 6 else 0.3)
        elif k is A.Add:
            trait = table[a.card][0 if a.side == "a" else 1]
            if trait == PARASITE:
                out.append(2.5)
            else:
                x = s.animals[a.animal]
                w = 0.5 + TRAIT_VALUE.get(trait, 0.2)
                if trait in (CARNIVOROUS, BIG) and x.need >= 3:
                    w *= 0.3  # a hungry animal gets hungrier
                out.append(max(0.05, w))
        elif k is A.Pair:
            trait = table[a.card][0 if a.side == "a" else 1]
            out.append(0.3 if trait == SYMBIOSIS else 0.6)
        else:  # Pass
            out.append(0.5 + 0.5 * max(0, 3 - hand) + (1.5 if s.last and not s.v09 else 0.0))
    return out


def _defend_weight(s: ClassicState, d: A.Defend) -> float:
    if d.kind == "running":
        return 3.0
    if d.kind == "mimicry":
        t = s.animals[d.target]
        return 1.0 / (1.0 + len(t.cards))
    if d.kind == "tail":
        assert s.attack is not None
        v = s.animals[s.attack.prey]
        trait = v.traits[v.cards.index(d.card)]
        return 1.0 / (0.3 + max(0.0, TRAIT_VALUE.get(trait, 0.2)))
    return 0.1


def turn_id(s: ClassicState) -> tuple[Any, ...]:
    """The go a position is in: a development go is one card; a feeding go lasts until it
    ends (reactions inside it by other seats keep its id)."""
    if s.phase == "develop":
        return s.turn, s.phase, s.decider, sum(len(p.hand) for p in s.players)
    return s.turn, s.phase, s.go, s.idle


# --- hint reasons --------------------------------------------------------------------------

def reason(view: Any, action: Any, lang: str) -> tuple[str, dict[str, str]]:
    """A reason key (`reason.<key>` in the game's texts) and its arguments, from the view."""
    from core.games.classic.texts import name

    animals = view.animals
    me = view.decider
    t = type(action)
    if t is A.Create:
        return "create", {}
    if t is A.Pass:
        return "pass", {}
    if t is A.Add:
        trait = faces(view.single_poisonous)[action.card][0 if action.side == "a" else 1]
        args = {"p": name(trait, lang), "c": f"c{action.animal}"}
        if trait == PARASITE:
            return "add_parasite", args
        if trait == CARNIVOROUS:
            return "add_attack", args
        if trait == FAT:
            return "add_fat", args
        if trait in PROTECTION:
            return "add_defence", args
        return "add", args
    if t is A.Pair:
        trait = faces(view.single_poisonous)[action.card][0 if action.side == "a" else 1]
        args = {"p": name(trait, lang), "c": f"c{action.a}", "t": f"c{action.b}"}
        return ("symbiosis" if trait == SYMBIOSIS else "pair"), args
    if t is A.Take:
        a = animals[action.animal]
        food = a.red + a.blue
        if food >= a.need:
            return "take_fat", {"c": f"c{a.uid}"}
        return "take", {"c": f"c{a.uid}", "k": str(food + 1), "n": str(a.need)}
    if t is A.Attack:
        v = animals[action.prey]
        key = "attack_own" if v.owner == me else "attack"
        return key, {"c": f"c{action.predator}", "t": f"c{action.prey}"}
    if t is A.Convert:
        return "convert", {"c": f"c{action.animal}"}
    if t is A.Graze:
        return "graze", {}
    if t is A.Pirate:
        return "pirate", {"c": f"c{action.animal}", "t": f"c{action.victim}"}
    if t is A.Hibernate:
        return "hibernate", {"c": f"c{action.animal}"}
    if t is A.End:
        return ("reserve_end" if view.step == "reserve" else "end"), {}
    if t is A.Defend:
        if action.kind == "tail" and view.attack is not None:
            v = animals[view.attack.prey]
            trait = v.traits[v.cards.index(action.card)]
            return "defend_tail", {"p": name(trait, lang)}
        return f"defend_{action.kind}", {"t": f"c{action.target}"}
    if t is A.Fire:
        return "trigger", {"c": f"c{action.to}"}
    if t is A.Scavenge:
        return "scavenger", {"c": f"c{action.animal}"}
    if t is A.Reserve:
        return "reserve", {"c": f"c{action.animal}"}
    if t is A.Discard:
        return "discard", {}
    return "move", {}


class ClassicHeuristics:
    """The object `core.bots.heuristics` hands to the bots for game id `classic`."""

    evaluate = staticmethod(evaluate)
    policy = staticmethod(policy)
    reason = staticmethod(reason)
    turn_id = staticmethod(turn_id)


HEURISTICS = ClassicHeuristics()
