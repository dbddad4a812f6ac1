"""Bot heuristics for `newworld`: a position evaluation, a fast default policy and hint reasons.

The game-agnostic bots of `core/bots/` find this module through the game's descriptor.
Everything here is a read-only question about a position.

The evaluation counts in *points*: what each player would score if his animals lived to the
end, each animal weighted by its chance to get through this epoch's extinction (fed, its
player's share of the red food on the table as the players take a token each in turn, its
predators' kills, fat, Спячка, the other players' predators that can reach it) and the epochs
after it; plus the worth of cards in hand and of useful properties for the epochs to come.
A habitat's access condition is not weighed here (the food is shared as if every animal could
reach it): the search sees it in the legal moves. Points become win chances by a softmax, so
the value of a seat is in [0, 1].
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from core.bots.chances import win_chances
from core.engine.protocol import Action
from core.games.newworld import actions as A
from core.games.newworld import queries as Q
from core.games.newworld.data import (
    CARNIVOROUS,
    FAT,
    HIBERNATION,
    NEGATIVE,
    PAIRED,
    SYMBIOSIS,
    faces,
    habitat_kinds,
    numbers,
    score_bonus,
)
from core.games.newworld.state import Animal, NewWorldState
from core.kits.evolution import bot as K

if TYPE_CHECKING:
    from core.games.newworld.view import NewWorldView

HAND_CARD: Final = 1.0  # a card in hand: a future animal or property
HAND_LAST: Final = 0.05  # ... worth almost nothing once the last development is over
FAT_TOKEN: Final = 0.4  # stored food for a lean epoch
TEMPERATURE: Final = 3.0  # points -> win chances; 3 points ahead is roughly 73 %
HORIZON: Final = 3  # future epochs an animal must be fed through, counted at most
HUNT: Final = 0.5  # the chance a ready predator with prey makes a kill this epoch
SHELTER_GUARD: Final = 0.1  # what is left of the predation risk under a shelter (none: it is safe)

# What a property is worth beyond the points it scores (protection, food, hunting).
TRAIT_VALUE = {
    "carnivorous": 0.6, "big": 0.4, "swimming": 0.5, "nocturnal": 0.5, "burrowing": 0.4,
    "fat_tissue": 0.5, "camouflage": 0.6, "sharp_vision": 0.1, "running": 0.5, "horned": 0.5,
    "tail_loss": 0.4, "deterrence": 0.3, "mimicry": 0.3, "poisonous": 0.4, "scavenger": 0.3,
    "piracy": 0.3, "transformation": 0.1, "hibernation": 0.4, "communication": 0.4,
    "cooperation": 0.5, "partnership": 0.3, "symbiosis": 0.2, "hoofed": 0.1,
    "cosmopolitan": 0.5, "parasite": -2.5, "dev_error": -1.2, "stasis": -1.0, "intellect": 0.2,
    "herding": 0.3,
}
PROTECTION: Final = ("big", "swimming", "nocturnal", "burrowing", "camouflage", "running", "horned",
              "tail_loss", "deterrence", "mimicry", "poisonous", "partnership", "herding")
ACCESS: Final = ("big", "swimming", "nocturnal", "cosmopolitan")
# How much of an attack on an animal still kills it, by its active defences and deterrents.
DEFENCE_LEFT = {"running": 0.5, "horned": 0.67, "tail_loss": 0.3, "deterrence": 0.2,
                "mimicry": 0.6, "poisonous": 0.6}


def epochs_left(s: NewWorldState) -> int:
    """Epochs still to be played after this one."""
    if s.last:
        return 0
    return max(0, len(s.hstack) - (1 if s.phase == "develop" else 0))


def _mean_food(s: NewWorldState) -> float:
    """The red food an epoch brings: what the open habitats are refilled to, one more card."""
    kinds = habitat_kinds()
    total = 0.0
    for h in s.habitats:
        k = kinds[h.kind]
        total += max(h.red, 1) if k.swamp else k.red
    per_card = total / max(1, len({h.card for h in s.habitats}))
    return total + (per_card if s.phase == "develop" and not s.last else 0.0)


def _threats(s: NewWorldState, rows: list[list[Animal]]) -> tuple[list[float], dict[int, float]]:
    """Expected food from hunting per seat this epoch, and each animal's risk of being eaten by
    another player's predator."""
    n = len(rows)
    hunt = [0.0] * n
    risk: dict[int, float] = {}
    if s.phase == "extinction":
        return hunt, risk
    feeding = s.phase == "feed"

    def ready(p: Animal) -> bool:
        return not feeding or Q.predator_ready(s, p)

    animals = s.animals.values()
    for seat in range(n):
        hunters, reach = K.hunting(s, animals, rows[seat], seat, ready, Q.prey_block)
        if not hunters:
            continue
        kills = HUNT * min(len(hunters), len(reach))
        hunt[seat] = 2.0 * kills
        K.add_risk(risk, reach, kills, DEFENCE_LEFT)
    return hunt, risk


_TABLES: list[dict[str, tuple[float, float]]] = []


def _trait_table() -> dict[str, tuple[float, float]]:
    """Property -> (the points its card scores: 1, a paired card half, plus its bonus; its
    worth beyond the points), built once: the evaluation runs in every search iteration."""
    if not _TABLES:
        bonus = score_bonus()
        _TABLES.append({t: ((0.5 if t in PAIRED else 1.0) + bonus.get(t, 0), TRAIT_VALUE.get(t, 0.2))
                        for t in (*TRAIT_VALUE, *bonus)})
    return _TABLES[0]


def _animal_points(a: Animal, table: dict[str, tuple[float, float]]) -> tuple[float, float]:
    """What `a` scores if it survives (3 + a card each, a paired card half, + bonus) and what
    its properties are worth beyond that."""
    points, worth = 3.0, 0.0
    for t in a.traits:
        x = table.get(t)
        if x is None:
            x = (0.5 if t in PAIRED else 1.0, 0.2)
        points += x[0]
        worth += x[1]
    return points, worth


def points(s: NewWorldState) -> list[float]:
    """Each seat's expected score (see the module docstring)."""
    table = _trait_table()
    n = len(s.players)
    animals = s.animals
    rows = [[animals[u] for u in p.row] for p in s.players]
    left = epochs_left(s)
    hunt, risk = _threats(s, rows)
    phase = s.phase
    mean_food = _mean_food(s)
    if phase == "feed":
        base = float(sum(h.red for h in s.habitats))
    else:
        base = mean_food
    can_sleep = not s.last
    missing: list[list[float]] = []
    for row in rows:
        short: list[float] = []
        for a in row:
            if a.poisoned or not Q.hungry(a) or a.slept:
                short.append(0.0)
                continue
            x = float(max(0, a.need - a.red - a.blue - a.fat))
            if can_sleep and HIBERNATION in a.traits:
                x *= 0.3
            short.append(x)
        missing.append(short)
    demand = [sum(m) for m in missing]
    own = [min(hunt[i], demand[i]) for i in range(n)]
    got = K.waterfill(base, [demand[i] - own[i] for i in range(n)]) if phase != "extinction" \
        else [0.0] * n
    future_need = [sum(float(a.need) for a in r) for r in rows]
    future = K.waterfill(mean_food + 1.0, future_need)
    out = []
    for seat, p in enumerate(s.players):
        value = 0.0
        avail = got[seat] + own[seat]
        need_now = demand[seat] or 1.0
        cover_now = min(1.0, avail / need_now)
        cover_future = min(1.0, future[seat] / (future_need[seat] or 1.0))
        for j, a in enumerate(rows[seat]):
            if a.poisoned:
                continue
            m = missing[seat][j]
            alive = 1.0 if m == 0 else (0.0 if phase == "extinction" else
                                        (0.1 + 0.9 * cover_now) * (1.0 if phase == "feed" else 0.9))
            r = risk.get(a.uid)
            if r and not a.shelter:
                alive *= 1.0 - min(0.85, r)
            keep = alive
            if left:
                q = 0.35 + 0.6 * cover_future
                if r:
                    q *= 1.0 - 0.4 * min(0.85, r)
                keep *= q ** min(left, HORIZON)
            worth, extra = _animal_points(a, table)
            extra += FAT_TOKEN * a.fat
            value += worth * keep + (0.4 * extra if left else 0.0) * alive
        held = len(p.pool) if s.scenario == "mutations" else len(p.hand)
        late = s.last and phase != "develop"
        value += held * (HAND_LAST if late else HAND_CARD * (0.6 if s.scenario == "mutations" else 1.0))
        value -= 0.002 * p.swaps  # rearranging for nothing is no gain (keeps the bots from dithering)
        out.append(value)
    return out


def evaluate(s: NewWorldState) -> list[float]:
    return win_chances(s, points, TEMPERATURE)


# --- the default policy -------------------------------------------------------------------

def _side_weights(s: NewWorldState, legal: list[Any]) -> list[float]:
    """A revealed card's side: the more useful property (Случайные мутации)."""
    table = faces()
    return [max(0.05, 0.5 + TRAIT_VALUE.get(table[s.reveal][0 if a.side == "a" else 1], 0.2))
            for a in legal]


def _discard_weights(s: NewWorldState, legal: list[Any]) -> list[float]:
    table = faces()
    return [1.0 / (0.2 + max(0.0, max(TRAIT_VALUE.get(t, 0.2) for t in table[a.card])))
            for a in legal]


def _feed_weight(s: NewWorldState, a: Any) -> float:
    k = type(a)
    seat = s.go
    if k is A.Feed:
        x = s.animals[a.animal]
        return 6.0 if x.red + x.blue < x.need else 2.0
    if k is A.Attack:
        return K.hunt_weight(s, a)
    if k is A.Shelter:
        return 2.5
    if k is A.Pirate:
        return 3.0 if s.animals[a.victim].owner != seat else 0.05
    if k is A.Transform:
        return 0.3
    if k is A.Pass:
        return 0.5
    return 1.0  # End


_ADD_WEIGHTS: dict[str, tuple[float, float, bool]] = {}


def _add_weights(trait: str) -> tuple[float, float, bool]:
    """The default policy's weight of a property played on an animal: a negative one (on
    another player's animal, on one's own; True), else (on most animals, on one that needs 3
    food or more; False). Found once per property: the policy weighs every development move of
    every playout."""
    w = _ADD_WEIGHTS.get(trait)
    if w is None:
        if trait in NEGATIVE:
            w = (2.0, 0.05, True)
        else:
            base = 0.5 + TRAIT_VALUE.get(trait, 0.2)
            hungry = base * 0.3 if trait == CARNIVOROUS else base  # a hungry animal gets hungrier
            w = (max(0.05, base), max(0.05, hungry), False)
        _ADD_WEIGHTS[trait] = w
    return w


def _develop_weights(s: NewWorldState, legal: list[Any]) -> list[float]:
    seat = s.decider
    mine = len(s.players[seat].row)
    table = faces()
    hand = len(s.players[seat].hand)
    animals = s.animals
    create = 3.0 if mine < 3 else 1.2 if mine < 6 else 0.3  # a new animal at the right end ...
    inside = 0.05 * create  # ... or inside the row
    add_, create_, pair_, known = A.Add, A.Create, A.Pair, _ADD_WEIGHTS  # local names: hot loop
    out: list[float] = []
    append = out.append
    for a in legal:
        k = type(a)
        if k is create_:
            append(inside if a.before else create)
        elif k is add_:
            trait = table[a.card][0 if a.side == "a" else 1]
            w = known.get(trait) or _add_weights(trait)
            x = animals[a.animal]
            if w[2]:
                append(w[0] if x.owner != seat else w[1])
            else:
                append(w[1] if x.need >= 3 else w[0])
        elif k is pair_:
            trait = table[a.card][0 if a.side == "a" else 1]
            append(0.3 if trait == SYMBIOSIS else 0.7)
        elif k is A.Mutate:
            append(2.5 if not a.animal else 1.2)
        elif k is A.Swap:
            append(0.01)
        else:  # Pass
            append(0.3 + 0.5 * max(0, 3 - hand) + (1.5 if s.last else 0.0))
    return out


def _save_weight(s: NewWorldState, a: A.Save) -> float:
    """Fat first when it feeds the animal (Спячка and its point stay); else Спячка first,
    which saves it anyway, and the fat stays for a later epoch (NW25)."""
    x = s.animals[a.animal]
    enough = x.fat >= x.need - x.red - x.blue
    return 3.0 if (a.first == "fat") == enough else 0.3


# The dice first (they may save the animal and cost nothing), then Устрашение.
_DEFENCES = {"horned": 3.0, "running": 3.0, "deterrence": 2.0}


# A cheap default policy (rollouts, expansion order, completion): feed the hungry, hunt other
# players' animals, shelter the threatened, grow and protect one's own, keep a few cards. It
# runs inside every rollout step, so it is written for speed.
policy: K.Weights[NewWorldState] = K.by_step({
    "feed": K.one_by_one(_feed_weight), "develop": _develop_weights,
    "defend": K.defending(TRAIT_VALUE, _DEFENCES),
    "trigger": lambda s, legal: [1.5 if type(a) is A.Trample else 1.0 for a in legal],
    "side": _side_weights, "save": K.one_by_one(_save_weight), "discard": _discard_weights,
})


def turn_id(s: NewWorldState) -> tuple[object, ...]:
    """The turn a position is in: a development turn is one card (rearranging the row first
    keeps it); a feeding turn lasts until it ends (other seats' reactions keep its id)."""
    if s.phase == "develop":
        cards = sum(len(p.hand) + len(p.pool) for p in s.players)
        return s.epoch, s.phase, s.decider, cards, len(s.animals)
    return s.epoch, s.phase, s.go, s.turn


# --- hint reasons --------------------------------------------------------------------------

def reason(view: NewWorldView, action: Action, lang: str) -> tuple[str, dict[str, str]]:
    """A reason key (`reason.<key>` in the game's texts) and its arguments, from the view."""
    from core.games.newworld.texts import habitat_name, name

    table = faces()
    said = K.reason(view, action, lang, A, table, name, Q.give, numbers())
    if said is not None:  # a creation names the card: two differ in it (or only in the place)
        return said
    animals = view.animals
    me = view.decider
    if isinstance(action, A.Add):
        trait = table[action.card][0 if action.side == "a" else 1]
        args = {"p": name(trait, lang), "c": f"c{action.animal}", "card": str(action.card)}
        if trait in NEGATIVE and animals[action.animal].owner != me:
            return "add_negative", args
        if trait == CARNIVOROUS:
            return "add_attack", args
        if trait == FAT:
            return "add_fat", args
        if trait in ACCESS:
            return "add_food", args
        if trait in PROTECTION:
            return "add_defence", args
        if trait in NEGATIVE:
            return "add_points", args
        return "add", args
    if isinstance(action, A.Mutate):
        return ("mutate", {"c": f"c{action.animal}"}) if action.animal else ("mutate_new", {})
    if isinstance(action, A.Swap):
        return "swap", {}
    if isinstance(action, A.Side):
        return "side", {"p": name(table[view.reveal][0 if action.side == "a" else 1], lang)}
    if isinstance(action, A.Feed):
        a = animals[action.animal]
        food = a.red + a.blue
        if food >= a.need:
            return "feed_fat", {"c": f"c{a.uid}"}
        kind = next((h.kind for h in view.habitats if h.key == action.habitat), "")
        return "feed", {"c": f"c{a.uid}", "h": f"h{action.habitat}", "hk": habitat_name(kind, lang),
                        "k": str(food + 1), "n": str(a.need)}
    if isinstance(action, A.Shelter):
        kind = next((h.kind for h in view.habitats if h.key == action.habitat), "")
        return "shelter", {"c": f"c{action.animal}", "h": f"h{action.habitat}",
                           "hk": habitat_name(kind, lang)}
    if isinstance(action, A.Transform):
        if not action.card:
            return "transform_pool", {"c": f"c{action.animal}"}
        trait = table[action.card][0 if action.side == "a" else 1]
        return "transform", {"c": f"c{action.animal}", "p": name(trait, lang),
                             "card": str(action.card)}
    if isinstance(action, A.End):
        return "end", {}
    if isinstance(action, A.Fire):  # name the property the pending card shows, not the card's number
        for a in animals.values():
            if action.card in a.cards:
                return "trigger", {"p": name(a.traits[a.cards.index(action.card)], lang)}
        return "move", {}
    if isinstance(action, A.Trample):
        return "trample", {}
    if isinstance(action, A.Spare):
        return "spare", {}
    if isinstance(action, A.Save):
        return f"save_{action.first}", {}
    return "move", {}


class NewWorldHeuristics:
    """The object `core.bots.heuristics` hands to the bots for game id `newworld`."""

    evaluate = staticmethod(evaluate)
    policy = staticmethod(policy)
    reason = staticmethod(reason)
    turn_id = staticmethod(turn_id)
    # Rollouts only finish the current turn with the policy's favourite moves: 24 sampled
    # moves cost ~0.9 ms an iteration (mostly enumerating development moves), so a decision
    # hit the 1 s cap before its iteration budget and played by the machine's load; the
    # evaluation already judges where the food and the predators will go (docs/bots.md).
    budget_overrides: ClassVar[dict[str, str | int | float]] = {"rollout": "turn"}
    # ... except above easy: a feeding turn is one decision, so turn rollouts score a move and
    # the reply by the evaluation alone, and more of them only confirm easy's choice (normal
    # won 48.5 % of 400 games against easy). Sampled rollouts of 12 moves look past the turn
    # (normal won 79.8 % of 400 games against easy). Three times the iterations gave hard
    # nothing more (44 of 100 games against normal); rollouts of 24 at normal's iterations won
    # 55.3 % of 300; with the root's iterations shared by sequential halving (the root's moves
    # differ by less than a rollout's noise, and UCB spreads its visits evenly over them)
    # 63.3 % of 300 (docs/bots.md, the ladder). Expert looks as far with its own iterations.
    level_overrides: ClassVar[dict[str, dict[str, str | int | float]]] = {
        "normal": {"rollout": "sample", "depth": 12},
        # normal's iterations and worlds, written out: read from LEVELS when this module is
        # first imported, they were whatever a test had put there for the while
        "hard": {"rollout": "sample", "depth": 24, "root_prior": 0, "root": "halving",
                 "per_action": 40, "floor": 100, "ceiling": 400, "worlds": 32},
        "expert": {"rollout": "sample", "depth": 24, "root": "halving"}}


HEURISTICS = NewWorldHeuristics()
