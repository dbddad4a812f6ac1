"""Legal actions of `newworld`'s pending decision, and why an action is not legal: `legal_actions`
is the single definition of legality, `explain` says in words why an action missing from it is
(docs/architecture.md, "Legality has one definition"), citing the ruling that forbids it.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.engine.protocol import Action, IllegalAction
from core.games.newworld import actions as A
from core.games.newworld import queries as Q
from core.games.newworld.data import (
    BIG,
    BURROWING,
    CAMOUFLAGE,
    CARNIVOROUS,
    DETERRENCE,
    FAT,
    HERDING,
    HIBERNATION,
    HORNED,
    MIMICRY,
    NEGATIVE,
    NOCTURNAL,
    OTHERS_ONLY,
    PAIRED,
    PARTNERSHIP,
    PIRACY,
    RUNNING,
    STASIS,
    SWIMMING,
    SYMBIOSIS,
    TAIL_LOSS,
    TRANSFORMATION,
    faces,
    numbers,
)
from core.games.newworld.state import Animal, NewWorldState
from core.games.newworld.texts import say
from core.kits.evolution.animals import card_of, row, seats_from
from core.kits.evolution.legal import Reason, refusal


def legal_actions(s: NewWorldState) -> Sequence[Action]:
    step = s.step
    if step == "feed":
        return Q.feed_options(s, s.go)
    if step == "develop":
        if s.scenario == "mutations":
            return _mutation_turn(s, s.decider)
        return _development(s, s.decider)
    if step == "trigger":
        return Q.trigger_options(s)
    if step == "defend":
        return Q.defences(s)
    if step == "side":
        return side_options(s)
    if step == "scavenger":
        assert s.attack is not None
        return [A.Scavenge(a.uid) for a in Q.scavengers(s, s.attack.hunter)[1]]
    if step == "save":
        a = save_target(s)
        return [A.Save(a.uid, "fat"), A.Save(a.uid, "sleep")] if a is not None else []
    if step == "discard":
        return [A.Discard(c) for c in s.players[s.decider].hand]
    return []


def _development(s: NewWorldState, seat: int) -> list[Action]:
    """PlayCardOrPass (§3.3): every card as an animal at every place (NW10), every side under
    every animal it may go on (§5.1), every paired side on every pair of own animals that can
    be brought together, or pass (Катаклизм: only with 2 cards or fewer, NW42)."""
    hand = s.players[seat].hand
    animals = s.animals
    mine = [animals[u] for u in s.players[seat].row]
    free = [a for a in mine if STASIS not in a.traits]  # NW12: Стазис bars all but negative
    spots = Q.create_spots(s, seat)
    table = faces()
    add, pair = A.Add, A.Pair  # local names: this runs for every development decision
    out: list[Action] = [A.Create(card, b) for card in hand for b in spots]
    append = out.append
    adds: dict[str, list[int]] = {}
    pairs: dict[str, list[tuple[int, int]]] = {}
    joinable: list[tuple[int, int, Sequence[str]]] | None = None
    for card in hand:
        ta, tb = table[card]
        for side, trait in (("a", ta), ("b", tb)):
            if trait in PAIRED:
                ps = pairs.get(trait)
                if ps is None:
                    if joinable is None:
                        joinable = _joinable(s, mine, free)
                    ps = pairs[trait] = [(x, y) for x, y, joined in joinable
                                         if (x < y or trait == SYMBIOSIS) and trait not in joined]
                for a, b in ps:
                    append(pair(card, side, a, b))
            elif trait in _SPECIAL:
                ts = adds.get(trait)
                if ts is None:
                    ts = adds[trait] = _special_targets(s, seat, trait, mine, free)
                for u in ts:
                    append(add(card, side, u))
            else:  # §5.1: an own animal without it and without Стазис (NW12)
                for animal in free:  # loops, not comprehensions: one to three targets, mostly
                    if trait not in animal.traits:
                        append(add(card, side, animal.uid))
    if may_pass(s, seat):
        out.append(A.PASS)
    return out


_UNJOINED: tuple[str, ...] = ()  # the properties joining a pair not joined yet


def _joinable(s: NewWorldState, mine: list[Animal],
              free: list[Animal]) -> list[tuple[int, int, Sequence[str]]]:
    """Ordered pairs of different own animals without Стазис (`free`, NW12) a paired card may
    join, whatever the property (`Q.pair_block` but for the property itself, NW11), with the
    properties already joining them: neighbours already or able to become neighbours (§3.3
    ArrangeRow). Written out for speed: every development decision with a paired card."""
    near = {a.uid: Q.neighbours(s, a) for a in mine} if s.links else {}
    if not any(near.values()):  # nothing joined: any two can become neighbours
        return [(x.uid, y.uid, _UNJOINED) for x in free for y in free if x is not y]
    group: dict[int, int] = {}  # animal -> the first animal of its group
    for a in mine:
        if a.uid not in group:
            group[a.uid] = a.uid
            todo = [a.uid]
            while todo:
                for o in near[todo.pop()]:
                    if o not in group:
                        group[o] = a.uid
                        todo.append(o)
    out: list[tuple[int, int, Sequence[str]]] = []
    for x in free:
        ux = x.uid
        nx = near[ux]
        gx = group[ux]
        open_x = len(nx) < 2
        for y in free:
            uy = y.uid
            if uy in nx:
                out.append((ux, uy, Q.linked_traits(s, x, uy)))
            elif open_x and len(near[uy]) < 2 and gx != group[uy]:  # never x itself: one group
                out.append((ux, uy, _UNJOINED))
    return out


_SPECIAL = OTHERS_ONLY | NEGATIVE | {FAT}  # properties with their own placement rules


def _special_targets(s: NewWorldState, seat: int, trait: str, mine: list[Animal],
                     free: list[Animal]) -> list[int]:
    """The animals a negative property or Жировой запас may go under (`Q.add_block`
    written out for speed); `free`: own animals without Стазис."""
    if trait == FAT:  # NW12: barred by Стазис; fat may repeat
        return [a.uid for a in free]
    if trait in OTHERS_ONLY:
        cands = [a for a in s.animals.values() if a.owner != seat]
    elif trait == STASIS:
        cands = list(s.animals.values())
    else:
        cands = mine
    return [a.uid for a in cands if trait not in a.traits]  # negative: Стазис does not bar


def may_pass(s: NewWorldState, seat: int) -> bool:
    if s.arranged:  # NW10: the row was rearranged for a card to be played
        return False
    if s.scenario == "cataclysm":  # NW42
        return len(s.players[seat].hand) <= numbers()["cataclysm_keep"]
    return True


def _mutation_turn(s: NewWorldState, seat: int) -> list[Action]:
    """MutationDeclare (§7.4): the top gene-pool card as an animal or as a property of an own
    animal; ArrangeRow (two groups change places, or one turns round) before it; or pass."""
    out: list[Action] = [A.Mutate(0)]
    out += [A.Mutate(u) for u in s.players[seat].row]
    gs = Q.groups(s, seat)
    for i, g in enumerate(gs):
        for h in gs[i + 1:]:
            out.append(A.Swap(g[0], h[0]))
        if len(g) > 1:
            out.append(A.Swap(g[0], g[0]))
    if may_pass(s, seat):
        out.append(A.PASS)
    return out


def side_options(s: NewWorldState) -> list[A.Side]:
    a = s.animals[s.target]
    if s.replace:
        return Q.transform_sides(s, s.reveal, a, s.replace)
    return Q.mutation_sides(s, s.decider, s.reveal, a)


def save_target(s: Q.Pos) -> Q.Beast | None:
    """E2: the first hungry animal in turn order for which both fat and Спячка could act."""
    for seat in seats_from(s, s.first):
        for a in row(s, seat):
            if not a.slept and Q.hungry(a) and a.fat > 0 and HIBERNATION in a.traits \
                    and not s.last:
                found: Q.Beast = a
                return found
    return None


# --- explanations ----------------------------------------------------------------------------

_STEP_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    "develop": (A.Create, A.Add, A.Pair, A.Pass, A.Mutate, A.Swap),
    "side": (A.Side,),
    "feed": (A.Feed, A.Shelter, A.Attack, A.Pirate, A.Transform, A.End, A.Pass),
    "trigger": (A.Fire, A.Trample, A.Spare),
    "defend": (A.Defend,),
    "scavenger": (A.Scavenge,),
    "save": (A.Save,),
    "discard": (A.Discard,),
}
_STEP_RULES = {"develop": "NW§3.3", "side": "NW41", "feed": "NW§3.5", "trigger": "NW14",
               "defend": "NW19", "scavenger": "NW29", "save": "NW25", "discard": "NW38"}
_STATIC = {BIG: "big", SWIMMING: "swimming", NOCTURNAL: "nocturnal", CAMOUFLAGE: "camouflage",
           BURROWING: "burrowing", PARTNERSHIP: "partnership", SYMBIOSIS: "symbiosis",
           HERDING: "herding"}



def explain(s: NewWorldState, action: Action, lang: str = "en") -> IllegalAction:
    """The reason `action` is not legal now, as an IllegalAction citing the ruling."""
    return refusal(_reason(s, action), lang, say, lambda: prompt(s, lang))


def prompt(s: Q.Pos, lang: str) -> str:
    """The pending decision in plain words (of a state, or of a view: the table's, whose fields
    its queries read alike)."""
    if s.step in ("", "over"):
        return ""
    args: dict[str, object] = {}
    if s.attack is not None:
        args = {"c": s.attack.predator, "t": s.attack.prey}
    step = s.step
    if step == "develop":
        if s.scenario == "mutations" and s.arranged:  # NW10: no passing now
            return say("step.mutate_arranged", lang)
        key = "step.mutate" if s.scenario == "mutations" else \
            "step.develop_cataclysm" if s.scenario == "cataclysm" else "step.develop"
        return say(key, lang, k=numbers()["cataclysm_keep"])
    if step == "feed":
        key = "step.feed_done" if s.main_done else \
            "step.feed_obliged" if Q.obliged(s, s.go) else "step.feed"
        return say(key, lang)
    if step == "side":
        return say("step.transform_side" if s.replace else "step.side", lang, card=s.reveal,
                   c=s.target)
    if step == "save":
        a = save_target(s)
        return say("step.save", lang, c=a.uid if a is not None else 0)
    if step == "discard":
        p = s.players[s.decider]  # a state, or a view that shows the count only (textview)
        args["k"] = (p.hand_size if p.hand is None else len(p.hand)) - Q.hand_limit()
    if step == "trigger" and s.frames:
        args["c"] = s.frames[-1].animal
    return say(f"step.{step}", lang, **args)


def _reason(s: NewWorldState, act: Action) -> Reason:
    if s.step == "over":
        return "NW§7.1", "illegal.over", {}
    if s.step not in _STEP_ACTIONS:
        return "NW§3.7", "illegal.no_decision", {}
    if not isinstance(act, _STEP_ACTIONS[s.step]):
        return _STEP_RULES.get(s.step, "NW§3.7"), "illegal.wrong_step", {"step": s.step}
    seat = s.decider
    if s.step == "develop":
        return _development_reason(s, seat, act)
    if s.step == "side":
        return "NW41", "illegal.side", {"card": s.reveal, "c": s.target}
    if s.step == "feed":
        return _feeding_reason(s, s.go, act)
    if s.step == "trigger":
        if isinstance(act, A.Spare):
            return "NW17", "illegal.spare", {}
        if isinstance(act, A.Trample):
            return "NW17", "illegal.trample", {}
        assert isinstance(act, A.Fire)  # the step's actions (_STEP_ACTIONS)
        return "NW14", "illegal.trigger", {"card": act.card}
    if isinstance(act, A.Defend):
        return _defence_reason(s, act)
    if isinstance(act, A.Scavenge):
        return "NW29", "illegal.scavenger", {"c": act.animal}
    if isinstance(act, A.Save):
        a = save_target(s)
        return "NW25", "illegal.save", {"c": a.uid if a is not None else act.animal}
    if isinstance(act, A.Discard):
        return "NW38", "illegal.not_in_hand", {"card": act.card}
    return "NW§3.7", "illegal.generic", {}


def _animal(s: NewWorldState, uid: int) -> Animal | None:
    return s.animals.get(uid)


def _development_reason(s: NewWorldState, seat: int, act: Action) -> Reason:
    mutations = s.scenario == "mutations"
    if isinstance(act, A.Pass):
        if s.arranged:
            return "NW10", "illegal.pass_arranged", {}
        return "NW42", "illegal.pass_cataclysm", {"k": numbers()["cataclysm_keep"]}
    if isinstance(act, (A.Mutate, A.Swap)) != mutations:
        return "NW§7.4", "illegal.mutations_only" if mutations is False else \
            "illegal.mutations_play", {}
    if isinstance(act, A.Mutate):
        a = _animal(s, act.animal)
        if a is None:
            return "NW§7.4", "illegal.no_animal", {"c": act.animal}
        return "NW§7.4", "illegal.mutation_own", {"c": act.animal}
    if isinstance(act, A.Swap):
        return "NW10", "illegal.swap", {"c": act.a, "t": act.b}
    assert isinstance(act, (A.Create, A.Add, A.Pair))  # the step's actions (_STEP_ACTIONS)
    if act.card not in s.players[seat].hand:
        return "NW§3.3", "illegal.not_in_hand", {"card": act.card}
    if isinstance(act, A.Create):
        return "NW10", "illegal.create_spot", {"c": act.before}
    if act.side not in ("a", "b"):
        return "NW§3.3", "illegal.side_letter", {"card": act.card}
    trait = faces()[act.card][0 if act.side == "a" else 1]
    if isinstance(act, A.Add):
        a = _animal(s, act.animal)
        if a is None:
            return "NW§3.3", "illegal.no_animal", {"c": act.animal}
        block = Q.add_block(s, seat, trait, a) or "generic"
        rule = "NW12" if block == "stasis" else "NW§5.1"
        return rule, f"illegal.add.{block}", {"c": a.uid, "p": trait}
    if trait not in PAIRED:
        return "NW§5.1", "illegal.pair.single", {"p": trait}
    x, y = _animal(s, act.a), _animal(s, act.b)
    if x is None or y is None:
        return "NW§3.3", "illegal.no_animal", {"c": act.a if x is None else act.b}
    if trait != SYMBIOSIS and x.uid > y.uid:
        return "NW§3.3", "illegal.pair.order", {"c": x.uid, "t": y.uid}
    block = Q.pair_block(s, seat, trait, x, y) or "generic"
    rule = {"stasis": "NW12", "joined": "NW11", "middle": "NW10", "ring": "NW10"}.get(
        block, "NW§5.1")
    return rule, f"illegal.pair.{block}", {"c": x.uid, "t": y.uid, "p": trait}


def _own(s: NewWorldState, seat: int, uid: int) -> tuple[Animal | None, Reason | None]:
    a = _animal(s, uid)
    if a is None:
        return None, ("NW§3.5", "illegal.no_animal", {"c": uid})
    if a.owner != seat:
        return None, ("NW§3.5", "illegal.not_own", {"c": uid})
    return a, None


def _take_reason(s: NewWorldState, a: Animal) -> Reason:
    """Why `a` cannot take food now."""
    if Q.blocked(s, a):  # Симбиоз (§5.2): no food while the protector is hungry
        return "NW§5.2", "illegal.blocked", {"c": a.uid}
    return "NW5", "illegal.full", {"c": a.uid}


def _feeding_reason(s: NewWorldState, seat: int, act: Action) -> Reason:
    if isinstance(act, A.Pass):
        if s.main_done or s.extra_done:  # F3: pass only when nothing was done this turn
            return "NW§3.5", "illegal.pass_acted", {}
        return "NW6", "illegal.obliged", {}
    if isinstance(act, A.End):
        if not s.main_done and not s.extra_done:
            return "NW§3.5", "illegal.end_nothing", {}
        return "NW6", "illegal.obliged", {}
    if isinstance(act, (A.Feed, A.Shelter, A.Attack)) and s.main_done:
        return "NW§3.5", "illegal.main_done", {}
    if isinstance(act, (A.Pirate, A.Transform)) and s.extra_done:
        return "NW§3.5", "illegal.extra_done", {}  # F3: one additional action per turn
    assert isinstance(act, (A.Feed, A.Shelter, A.Attack, A.Pirate, A.Transform))  # the step's
    uid = act.predator if isinstance(act, A.Attack) else act.animal
    a, why = _own(s, seat, uid)
    if a is None:
        assert why is not None
        return why
    if isinstance(act, (A.Feed, A.Shelter)):
        h = Q.habitat(s, act.habitat)
        if h is None:
            return "NW§6.1", "illegal.no_habitat", {"h": act.habitat}
        if isinstance(act, A.Shelter):
            if a.shelter:
                return "NW§4.4", "illegal.has_shelter", {"c": a.uid}
            if h.shelter <= 0:
                return "NW§4.4", "illegal.no_shelter", {"h": h.key}
        else:
            if not Q.can_take(s, a):
                return _take_reason(s, a)
            if h.red <= 0:
                return "NW§4.2", "illegal.no_food", {"h": h.key}
        if not Q.accessible(h, a):
            return "NW§6.1", "illegal.access", {"h": h.key, "c": a.uid, "hk": h.kind}
        return "NW§3.5", "illegal.generic", {}
    if isinstance(act, A.Attack):
        return _attack_reason(s, a, act)
    if isinstance(act, A.Pirate):
        return _pirate_reason(s, a, act)
    return _transform_reason(s, a, act)


def _attack_reason(s: NewWorldState, p: Animal, act: A.Attack) -> Reason:
    if CARNIVOROUS not in p.traits:
        return "NW§4.5", "illegal.lacks", {"c": p.uid, "p": CARNIVOROUS}
    if card_of(p, CARNIVOROUS) in s.rotated:
        return "NW9", "illegal.attack.used", {"c": p.uid}
    if not Q.predator_ready(s, p):
        return "NW§4.5", "illegal.attack.fed", {"c": p.uid}
    v = _animal(s, act.prey)
    if v is None:
        return "NW§4.5", "illegal.no_animal", {"c": act.prey}
    block = Q.prey_block(s, p, v) or "generic"
    args: dict[str, object] = {"c": p.uid, "t": v.uid}
    if block == "self":
        return "NW§4.5", "illegal.prey.self", args
    if block == "shelter":
        return "NW§4.4", "illegal.prey.shelter", args
    if block == "not_swimming":  # §4.5 step 1: outside the ignore budget of NW18
        return "NW§4.5", "illegal.prey.not_swimming", args
    if block == "defences" or Q.budget(p, v):  # more static defences than may be ignored
        miss = Q.unsatisfied(s, p, v)
        return "NW18", "illegal.prey.defences", {**args, "k": Q.budget(p, v), "n": len(miss),
                                                 "list": miss}
    rule = "NW22" if block == PARTNERSHIP else "NW§4.5"  # NW22: the Partnership condition
    return rule, f"illegal.prey.{_STATIC.get(block, 'generic')}", args


def _pirate_reason(s: NewWorldState, a: Animal, act: A.Pirate) -> Reason:
    if PIRACY not in a.traits:
        return "NW§4.7", "illegal.lacks", {"c": a.uid, "p": PIRACY}
    if card_of(a, PIRACY) in s.rotated:  # §4.7: each card once per feeding phase
        return "NW§4.7", "illegal.pirate.used", {"c": a.uid}
    if not Q.hungry(a):
        return "NW26", "illegal.pirate.fed", {"c": a.uid}
    if Q.blocked(s, a):
        return "NW§4.7", "illegal.blocked", {"c": a.uid}
    v = _animal(s, act.victim)
    if v is None:
        return "NW§4.7", "illegal.no_animal", {"c": act.victim}
    if v.uid == a.uid:
        return "NW26", "illegal.pirate.self", {}
    if v.red + v.blue <= 0:
        return "NW26", "illegal.pirate.empty", {"t": v.uid}
    return "NW26", "illegal.pirate.victim_fed", {"t": v.uid}


def _transform_reason(s: NewWorldState, a: Animal, act: A.Transform) -> Reason:
    if TRANSFORMATION not in a.traits:
        return "NW§4.7", "illegal.lacks", {"c": a.uid, "p": TRANSFORMATION}
    if card_of(a, TRANSFORMATION) in s.rotated:
        return "NW§4.7", "illegal.transform.used", {"c": a.uid}
    if act.old not in a.cards:
        return "NW27", "illegal.transform.not_on", {"c": a.uid, "card": act.old}
    if act.old in s.links:
        return "NW27", "illegal.transform.paired_old", {"c": a.uid, "card": act.old}
    mutations = s.scenario == "mutations"
    if mutations:
        if act.card:
            return "NW§7.4", "illegal.transform.pool", {}
        return "NW§7.4", "illegal.transform.pool_empty", {}
    if not act.card:
        return "NW27", "illegal.transform.card", {}
    if act.card not in s.players[a.owner].hand:
        return "NW§4.7", "illegal.not_in_hand", {"card": act.card}
    if act.side not in ("a", "b"):
        return "NW§4.7", "illegal.side_letter", {"card": act.card}
    trait = faces()[act.card][0 if act.side == "a" else 1]
    block = Q.transform_block(s, a, act.old, trait, False) or "generic"
    rule = {"stasis": "NW24", "paired": "NW27", "same": "NW27"}.get(block, "NW§5.1")
    return rule, f"illegal.transform.{block}", {"c": a.uid, "p": trait}


def _defence_reason(s: NewWorldState, d: A.Defend) -> Reason:
    at = s.attack
    assert at is not None
    v = s.animals[at.prey]
    trait = {"horned": HORNED, "running": RUNNING, "mimicry": MIMICRY, "tail": TAIL_LOSS,
             "deterrence": DETERRENCE}.get(d.kind)
    if trait is None:  # none
        return "NW19", "illegal.defend.mandatory", {"c": v.uid}
    if trait not in v.traits:
        return "NW19", "illegal.lacks", {"c": v.uid, "p": trait}
    card = card_of(v, trait)
    if card in s.turn_used:
        return "NW9", "illegal.defend.spent", {"c": v.uid, "p": trait}
    if trait == MIMICRY:
        if card in s.rotated:
            return "NW9", "illegal.defend.mimicry_used", {"c": v.uid}
        t = _animal(s, d.target)
        if t is None:
            return "NW21", "illegal.no_animal", {"c": d.target}
        if t.owner != v.owner or t.uid == v.uid:
            return "NW21", "illegal.mimicry.owner", {"t": t.uid}
        if t.uid in at.targeted:
            return "NW21", "illegal.mimicry.targeted", {"t": t.uid}
        return "NW21", "illegal.mimicry.prey", {"t": t.uid, "c": at.predator}
    if trait == TAIL_LOSS:
        return "NW§4.5", "illegal.tail_card", {"card": d.card, "c": v.uid}
    return "NW19", "illegal.generic", {}
