"""Legal actions of `classic`'s pending decision, and why an action is not legal: `legal_actions`
is the single definition of legality, `explain` says in words why an action missing from it is
(docs/architecture.md, "Legality has one definition"), citing the ruling that forbids it.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.engine.protocol import Action, IllegalAction
from core.games.classic import actions as A
from core.games.classic import queries as Q
from core.games.classic.data import (
    CARNIVOROUS,
    GRAZING,
    HIBERNATION,
    MIMICRY,
    PAIRED,
    PARASITE,
    PIRACY,
    RUNNING,
    SYMBIOSIS,
    TAIL_LOSS,
    faces,
)
from core.games.classic.queries import Pos
from core.games.classic.state import Animal, ClassicState
from core.games.classic.texts import name, say
from core.kits.evolution.animals import card_of, row
from core.kits.evolution.legal import Reason, refusal


def legal_actions(s: ClassicState) -> Sequence[Action]:
    step = s.step
    if step == "feed":
        return _feeding(s, s.go)
    if step == "develop":
        return _development(s, s.decider)
    if step == "defend":
        return defences(s)
    if step == "trigger":
        return [A.Fire(t.card, t.to) for t in s.pending if Q.trigger_live(s, t)]
    if step == "scavenger":
        assert s.attack is not None
        _, found = Q.scavengers(s, s.animals[s.attack.predator].owner)
        return [A.Scavenge(a.uid) for a in found]
    if step == "reserve":
        seat = s.decider
        left = s.players[seat].reserve
        out: list[Action] = [A.Reserve(a.uid, k) for a in Q.reserve_targets(s, seat)
                          for k in range(1, min(left, a.need - a.red - a.blue) + 1)]
        out.append(A.END)
        return out
    if step == "discard":
        return [A.Discard(c) for c in s.players[s.decider].hand]
    return []


def _development(s: ClassicState, seat: int) -> list[Action]:
    """PlayCardOrPass (§3.3): every card as an animal, every side under every animal it may
    go on (§5.1), every paired side on every pair of own animals, or pass. The animals a
    property may go on (`Q.add_block`, `Q.pair_block`) are found once per property, not once
    per card showing it: this runs for every development decision of every playout."""
    hand = s.players[seat].hand
    animals = s.animals
    mine = [animals[u] for u in s.players[seat].row]
    others: list[Animal] | None = None
    table = faces(s.single_poisonous)
    add, pair, add_block = A.Add, A.Pair, Q.add_block  # local names: a hot loop
    out: list[Action] = [A.Create(card) for card in hand]
    append = out.append
    adds: dict[str, list[int]] = {}  # property -> the animals it may go under
    pairs: dict[str, list[tuple[int, int]]] = {}  # paired property -> the pairs it may join
    for card in hand:
        for i, trait in enumerate(table[card]):
            side = "b" if i else "a"
            if trait in PAIRED:
                ps = pairs.get(trait)
                if ps is None:
                    directed = trait == SYMBIOSIS
                    # two own animals: only one already joined by `trait` can be refused
                    ps = pairs[trait] = [
                        (x.uid, y.uid) for x in mine for y in mine
                        if (x.uid < y.uid or (directed and x.uid != y.uid))
                        and (trait not in x.traits or Q.pair_block(s, seat, trait, x, y) is None)]
                for a, b in ps:
                    append(pair(card, side, a, b))
            else:
                ts = adds.get(trait)
                if ts is None:
                    if trait == PARASITE:
                        if others is None:
                            others = [a for a in animals.values() if a.owner != seat]
                        cands = others
                    else:
                        cands = mine
                    ts = adds[trait] = [a.uid for a in cands if add_block(s, seat, trait, a) is None]
                for u in ts:
                    append(add(card, side, u))
    out.append(A.PASS)
    return out


def _feeding(s: ClassicState, seat: int) -> list[Action]:
    """FeedOrAttackOrPass (§3.5 F2): one food action, free property actions, end the go."""
    animals = s.animals
    mine = [animals[u] for u in s.players[seat].row]
    out: list[Action] = []
    if not s.food_done:  # (each `in traits` test below only saves a call that would say no)
        if s.base > 0:
            out += [A.Take(a.uid) for a in mine if Q.can_receive(s, a)]
        for p in mine:
            if CARNIVOROUS in p.traits and Q.predator_ready(s, p):
                out += [A.Attack(p.uid, v.uid) for v in Q.prey_of(s, p)]
        for a in mine:
            if a.fat > 0:
                out += [A.Convert(a.uid, k) for k in range(1, Q.convert_max(s, a) + 1)]
    for a in mine:
        t = a.traits
        if not t:
            continue
        if GRAZING in t and s.base > 0 and card_of(a, GRAZING) not in s.go_used:
            out.append(A.Graze(a.uid))
        if PIRACY in t and Q.pirate_ready(s, a):
            out += [A.Pirate(a.uid, v.uid) for v in Q.pirate_victims(s, a)]
        if HIBERNATION in t and Q.can_hibernate(s, a):
            out.append(A.Hibernate(a.uid))
    if not Q.obliged(s, seat):
        out.append(A.END)
    return out


def defences(s: ClassicState) -> list[A.Defend]:
    """ChooseDefenceOrder (§4.3 step 3, CL14): the prey's owner uses Быстрое, Мимикрия (with
    its target) or Отбрасывание хвоста (with the card it drops) next; `none` only when no
    mandatory defence is left (Быстрое while unused; Мимикрия while it has a target)."""
    at = s.attack
    assert at is not None
    v, p = s.animals[at.prey], s.animals[at.predator]
    cards = Q.defence_cards(s, v)
    if not cards:
        return []
    out: list[A.Defend] = []
    mandatory = False
    if RUNNING in cards:
        out.append(A.DEFEND_RUNNING)
        mandatory = True
    if MIMICRY in cards:
        targets = Q.mimicry_targets(s, p, v)
        out.extend(A.Defend("mimicry", target=t.uid) for t in targets)
        mandatory = mandatory or bool(targets)
    if TAIL_LOSS in cards:
        out.extend(A.Defend("tail", card=c) for c in v.cards)
    if out and not mandatory:
        out.append(A.DEFEND_NONE)
    return out


# --- explanations ----------------------------------------------------------------------------

_STEP_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    "develop": (A.Create, A.Add, A.Pair, A.Pass),
    "feed": (A.Take, A.Attack, A.Convert, A.Graze, A.Pirate, A.Hibernate, A.End),
    "defend": (A.Defend,),
    "trigger": (A.Fire,),
    "scavenger": (A.Scavenge,),
    "reserve": (A.Reserve, A.End),
    "discard": (A.Discard,),
}
_STEP_RULES = {"develop": "CL§3.3", "feed": "CL§3.5", "defend": "CL42", "trigger": "CL42",
               "scavenger": "CL42", "reserve": "CL35", "discard": "CL33"}



def explain(s: ClassicState, action: Action, lang: str = "en") -> IllegalAction:
    """The reason `action` is not legal now, as an IllegalAction citing the ruling."""
    return refusal(_reason(s, action), lang, say, lambda: prompt(s, lang))


def prompt(s: Pos, lang: str) -> str:
    """The pending decision in plain words (of a state, or of a view: the table's)."""
    if s.step in ("", "over"):
        return ""
    args: dict[str, object] = {}
    if s.attack is not None:
        args = {"c": s.attack.predator, "t": s.attack.prey}
    if s.step == "feed":
        return _feed_prompt(s, lang)
    if s.step == "discard":
        p = s.players[s.decider]  # a state, or a view that shows the count only (textview)
        args["k"] = (p.hand_size if p.hand is None else len(p.hand)) - Q.hand_limit()
    if s.step == "reserve":
        args["k"] = s.players[s.decider].reserve
    return say(f"step.{s.step}", lang, **args)


def _feed_prompt(s: Pos, lang: str) -> str:
    """The feeding go in words; where it names what else may be done (food first, CL8; only
    properties once food is taken, CL10), only what the player's animals could do."""
    obliged = Q.obliged(s, s.go)
    if not obliged and not s.food_done:
        return say("step.feed", lang, base=s.base)
    mine = row(s, s.go)
    has = [t for t in (GRAZING, PIRACY, HIBERNATION) if any(t in a.traits for a in mine)]
    alts = [] if s.food_done else \
        [say(f"step.else.{k}", lang) for k, can in
         (("attack", any(CARNIVOROUS in a.traits for a in mine)),
          ("convert", any(a.fat > 0 for a in mine))) if can]
    if has:
        names = [f"«{name(t, lang)}»" if lang == "ru" else name(t, lang) for t in has]
        alts.append(say("step.else.use", lang, list=_either(names, lang)))
    if obliged:
        key = "step.feed_obliged_or" if alts else "step.feed_obliged"
    else:
        key = "step.feed_done" if alts else "step.feed_end"
    return say(key, lang, base=s.base, list=_either(alts, lang))


def _either(items: list[str], lang: str) -> str:
    """"a, b or c"."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + say("step.else.or", lang) + items[-1]


def _reason(s: ClassicState, act: Action) -> Reason:
    if s.step == "over":
        return "CL§7", "illegal.over", {}
    if s.step not in _STEP_ACTIONS:
        return "CL§3.7", "illegal.no_decision", {}
    if not isinstance(act, _STEP_ACTIONS[s.step]):
        return _STEP_RULES[s.step] if s.step in ("defend", "trigger", "scavenger") else "CL§3.7", \
            "illegal.wrong_step", {"step": s.step}
    seat = s.decider
    if isinstance(act, (A.Create, A.Add, A.Pair, A.Discard)) and \
            act.card not in s.players[seat].hand:
        return ("CL33" if s.step == "discard" else "CL§3.3"), "illegal.not_in_hand", {"card": act.card}
    if isinstance(act, (A.Add, A.Pair)):
        return _placement(s, seat, act)
    if s.step == "feed":
        return _feeding_reason(s, s.go, act)
    if isinstance(act, A.Defend):
        return _defence_reason(s, act)
    if isinstance(act, A.Fire):
        return "CL18", "illegal.trigger", {"card": act.card, "c": act.to}
    if isinstance(act, A.Scavenge):
        return "CL17", "illegal.scavenger", {"c": act.animal}
    if isinstance(act, A.Reserve):
        return _reserve_reason(s, seat, act)
    return "CL§3.7", "illegal.generic", {}


def _animal(s: ClassicState, uid: int) -> Animal | None:
    return s.animals.get(uid)


def _placement(s: ClassicState, seat: int, act: A.Add | A.Pair) -> Reason:
    face = Q.face(s, act.card)
    if act.side not in ("a", "b") or (act.side == "b" and len(face) < 2):
        return "CL7", "illegal.side", {"card": act.card}
    trait = face[0 if act.side == "a" else 1]
    if isinstance(act, A.Add):
        if trait in PAIRED:
            return "CL5", "illegal.add.paired", {"p": trait}
        a = _animal(s, act.animal)
        if a is None:
            return "CL§3.3", "illegal.no_animal", {"c": act.animal}
        block = Q.add_block(s, seat, trait, a) or "generic"
        rule = "CL6" if block == "exclusive" else "CL§5.1"
        return rule, f"illegal.add.{block}", {"c": a.uid, "p": trait}
    if trait not in PAIRED:
        return "CL5", "illegal.pair.single", {"p": trait}
    x, y = _animal(s, act.a), _animal(s, act.b)
    if x is None or y is None:
        return "CL§3.3", "illegal.no_animal", {"c": act.a if x is None else act.b}
    if trait != SYMBIOSIS and x.uid > y.uid:
        return "CL5", "illegal.pair.order", {"c": x.uid, "t": y.uid}
    block = Q.pair_block(s, seat, trait, x, y) or "generic"
    rule = "CL§5.1" if block == "joined" else "CL5"  # §5.1: never twice the same pair
    return rule, f"illegal.pair.{block}", {"c": x.uid, "t": y.uid, "p": trait}


def _receive_reason(s: ClassicState, a: Animal) -> Reason:
    """Why `a` cannot receive food now."""
    if a.hibernating:
        return "CL19", "illegal.hibernating", {"c": a.uid}
    if Q.protector_unfed(s, a):
        return "CL§5.2", "illegal.protector_unfed", {"c": a.uid}
    if not a.fat_cards:  # fed, and nowhere to store fat (§3.1: what can receive food)
        return "CL§3.1", "illegal.fed", {"c": a.uid}
    return "CL11", "illegal.full", {"c": a.uid}


def _own(s: ClassicState, seat: int, uid: int) -> tuple[Animal | None, Reason | None]:
    a = _animal(s, uid)
    if a is None:
        return None, ("CL§3.5", "illegal.no_animal", {"c": uid})
    if a.owner != seat:
        return None, ("CL§3.5", "illegal.not_own", {"c": uid})
    return a, None


def _feeding_reason(s: ClassicState, seat: int, act: Action) -> Reason:
    if isinstance(act, A.End):
        return "CL8", "illegal.obliged", {}
    if isinstance(act, (A.Take, A.Attack, A.Convert)) and s.food_done:
        rule = "CL10" if isinstance(act, A.Attack) else "CL12" if isinstance(act, A.Convert) \
            else "CL§3.5"
        return rule, "illegal.food_done", {}
    assert isinstance(act, (A.Take, A.Attack, A.Convert, A.Graze, A.Pirate, A.Hibernate))  # the step's
    uid = act.predator if isinstance(act, A.Attack) else act.animal
    a, why = _own(s, seat, uid)
    if a is None:
        assert why is not None
        return why
    if isinstance(act, A.Take):
        if s.base <= 0:
            return "CL§4.2", "illegal.base_empty", {}
        return _receive_reason(s, a)
    if isinstance(act, A.Attack):
        return _attack_reason(s, a, act)
    if isinstance(act, A.Convert):
        if a.fat <= 0:
            return "CL12", "illegal.convert.no_fat", {"c": a.uid}
        if Q.fed(a):
            return "CL12", "illegal.convert.fed", {"c": a.uid}
        return "CL12", "illegal.convert.too_many", {"c": a.uid, "k": Q.convert_max(s, a)}
    if isinstance(act, A.Graze):
        if GRAZING not in a.traits:
            return "CL§4.4", "illegal.lacks", {"c": a.uid, "p": GRAZING}
        if s.base <= 0:
            return "CL§4.4", "illegal.graze_empty", {}
        return "CL10", "illegal.graze_used", {"c": a.uid}
    if isinstance(act, A.Pirate):
        return _pirate_reason(s, a, act)
    if isinstance(act, A.Hibernate):
        if HIBERNATION not in a.traits:
            return "CL§4.4", "illegal.lacks", {"c": a.uid, "p": HIBERNATION}
        if s.last:
            return "CL10", "illegal.hibernate.last", {}
        if a.hibernating:
            return "CL19", "illegal.hibernating", {"c": a.uid}
        if a.slept and a.slept == s.turn - 1:
            return "CL10", "illegal.hibernate.running", {"c": a.uid}
        return "CL§4.4", "illegal.hibernate.full" if a.fat_cards else "illegal.hibernate.fed", {"c": a.uid}
    return "CL§3.5", "illegal.generic", {}


def _attack_reason(s: ClassicState, p: Animal, act: A.Attack) -> Reason:
    if CARNIVOROUS not in p.traits:
        return "CL§4.3", "illegal.lacks", {"c": p.uid, "p": CARNIVOROUS}
    if card_of(p, CARNIVOROUS) in s.turn_used:
        return "CL10", "illegal.attack.used", {"c": p.uid}
    if p.hibernating:
        return "CL19", "illegal.hibernating", {"c": p.uid}
    if not Q.can_receive(s, p):
        return "CL41", "illegal.attack.cannot_eat", {"c": p.uid}
    v = _animal(s, act.prey)
    if v is None:
        return "CL§4.3", "illegal.no_animal", {"c": act.prey}
    block = Q.prey_block(s, p, v) or "generic"
    return ("CL§4.3" if block in ("self", "generic") else "CL13"), f"illegal.prey.{block}", \
        {"c": p.uid, "t": v.uid}


def _pirate_reason(s: ClassicState, a: Animal, act: A.Pirate) -> Reason:
    if PIRACY not in a.traits:
        return "CL§4.4", "illegal.lacks", {"c": a.uid, "p": PIRACY}
    if card_of(a, PIRACY) in s.turn_used:
        return "CL10", "illegal.pirate.used", {"c": a.uid}
    if Q.fed(a):
        return "CL20", "illegal.pirate.fed", {"c": a.uid}
    if Q.protector_unfed(s, a):  # §4.4: the pirate must be able to receive food (CL20 is silent)
        return "CL§4.4", "illegal.protector_unfed", {"c": a.uid}
    v = _animal(s, act.victim)
    if v is None:
        return "CL§4.4", "illegal.no_animal", {"c": act.victim}
    if v.uid == a.uid:
        return "CL20", "illegal.pirate.self", {}
    if v.red + v.blue <= 0:
        return "CL20", "illegal.pirate.empty", {"t": v.uid}
    return "CL20", "illegal.pirate.victim_fed", {"t": v.uid}


def _defence_reason(s: ClassicState, d: A.Defend) -> Reason:
    at = s.attack
    assert at is not None
    v, p = s.animals[at.prey], s.animals[at.predator]
    trait = {"running": RUNNING, "mimicry": MIMICRY, "tail": TAIL_LOSS}.get(d.kind)
    if trait is None:  # none
        mimic = MIMICRY in Q.defence_cards(s, v) and Q.mimicry_targets(s, p, v)
        return "CL14", "illegal.defend.mandatory_mimicry" if mimic else \
            "illegal.defend.mandatory_running", {"c": v.uid}
    if trait not in v.traits:
        return "CL14", "illegal.lacks", {"c": v.uid, "p": trait}
    if card_of(v, trait) in at.spent:
        return "CL14", "illegal.defend.spent", {"c": v.uid, "p": trait}
    if trait == MIMICRY:
        if s.mimicry3 and card_of(v, MIMICRY) in s.turn_used:
            return "CL15", "illegal.defend.mimicry_turn", {"c": v.uid}
        t = _animal(s, d.target)
        if t is None:
            return "CL15", "illegal.no_animal", {"c": d.target}
        if t.owner != v.owner or t.uid == v.uid:
            return "CL15", "illegal.mimicry.owner", {"t": t.uid}
        if t.uid in at.targeted:
            return "CL15", "illegal.mimicry.targeted", {"t": t.uid}
        return "CL15", "illegal.mimicry.prey", {"t": t.uid, "c": p.uid}
    if trait == TAIL_LOSS:
        return "CL16", "illegal.tail_card", {"card": d.card, "c": v.uid}
    return "CL14", "illegal.generic", {}


def _reserve_reason(s: ClassicState, seat: int, act: A.Reserve) -> Reason:
    a = _animal(s, act.animal)
    if a is None or a.owner != seat:
        return "CL35", "illegal.reserve.own", {"c": act.animal}
    if Q.fed(a):
        return "CL35", "illegal.reserve.fed", {"c": a.uid}
    if Q.protector_unfed(s, a):  # X2: the dependent waits for its protector, as in feeding
        return "CL§3.6", "illegal.protector_unfed", {"c": a.uid}
    return "CL35", "illegal.reserve.too_many", {
        "k": min(s.players[seat].reserve, a.need - a.red - a.blue)}
