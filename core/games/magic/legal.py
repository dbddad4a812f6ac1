"""Legal actions of the pending decision, and the reason an action is not legal.

`legal_actions` is the single definition of legality; `explain` is only asked after an action
was found missing from it, to tell the player why in words, citing the ruling.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import permutations
from typing import TYPE_CHECKING

from core.engine.protocol import Action, IllegalAction
from core.engine.rules_base import Reason
from core.games.magic import actions as A
from core.games.magic import queries as Q
from core.games.magic.data import cards, sources
from core.games.magic.state import Creature, MagicState
from core.games.magic.texts import say

if TYPE_CHECKING:
    from core.games.magic.actions import MagicAction


@cache
def _ordered_subsets(props: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every order of every non-empty subset of `props` (at most 15: three properties), once
    per set of properties (the same tuples, which the policy's tables key on)."""
    out: list[tuple[str, ...]] = []
    for k in range(1, len(props) + 1):
        out.extend(permutations(props, k))
    return out


def legal_actions(s: MagicState) -> Sequence[Action]:
    step = s.step
    seat = s.decider
    if step == "swap":
        return [A.KEEP, A.SWAP]
    if step == "create":
        out: list[Action] = [A.Create(c) for c in s.players[seat].hand]
        out.append(A.PASS)
        return out
    if step == "add":  # (plain loops: a search enumerates this at every step of a playout)
        out = []
        add, Add, halves = out.append, A.Add, cards()
        mine = Q.row(s, seat)
        for card in s.players[seat].hand:
            for side, trait in zip("AB", halves[card], strict=False):
                for c in mine:
                    if trait not in c.traits:
                        add(Add(card, side, c.uid))
        add(A.PASS)
        return out
    if step == "activate":
        creatures, Activate = s.creatures, A.Activate
        return [Activate(u) for u in s.players[seat].row if not creatures[u].asleep]
    if step == "effects":
        a = Q.active(s)
        out = [A.Metamorph(u, t) for u, t in Q.copy_choices(s, a)]
        out += [A.Scare(t.uid) for t in Q.scare_targets(s, a)]
        out += [A.Rouse(t.uid) for t in Q.rouse_targets(s, a)]
        out += [A.Gift(t.uid) for t in Q.gift_targets(s, a)]
        out.append(A.PASS)
        return out
    if step == "action":
        a = Q.active(s)
        out = [A.Gain(p) for p in Q.gain_parts(s, a)]
        if Q.can_transmute(s, a):
            out.append(A.TRANSMUTE)
        props = Q.attacking(s, a)
        if props:
            orders = _ordered_subsets(tuple(props))
            add, AttackWith = out.append, A.AttackWith
            for t in Q.targets(s, a):
                uid = t.uid
                for o in orders:
                    add(AttackWith(uid, o))
        out.append(A.SLEEP)
        return out
    if step == "voracious":
        # MC-R30: a second token only from a lower part that still has one, into a free cell
        gulp = [A.VORACIOUS] if Q.can_gulp(s, Q.active(s)) else []
        return [*gulp, A.PASS]
    if step == "molt":
        return [A.Molt(c) for c in Q.molt_cards(s, Q.active(s))] + [A.PASS]
    if step == "burn":
        assert s.attack is not None
        return [A.Burn(c) for c in s.creatures[s.attack.target].cards]
    return []


# --- explanations ------------------------------------------------------------------------

_STEP_ACTIONS: dict[str, tuple[type, ...]] = {
    "swap": (A.Keep, A.Swap),
    "create": (A.Create, A.Pass),
    "add": (A.Add, A.Pass),
    "activate": (A.Activate,),
    "effects": (A.Metamorph, A.Scare, A.Rouse, A.Gift, A.Pass),
    "action": (A.Gain, A.Transmute, A.AttackWith, A.Sleep),
    "voracious": (A.Voracious, A.Pass),
    "molt": (A.Molt, A.Pass),
    "burn": (A.Burn,),
}

_BLOCK_RULES = {
    "self": "MC-R16", "invisible": "MC-R16", "ghostly_target": "MC-R16",
    "ghostly_attacker": "MC-R16",
}


def explain(s: MagicState, action: MagicAction, lang: str = "en") -> IllegalAction:
    """The reason `action` is not legal now, as an IllegalAction citing the ruling."""
    rule, key, args = _reason(s, action)
    if "step" in args:  # name the decision being made in plain words
        target = s.attack.target if s.attack else 0
        args["step"] = say(f"step.{args['step']}", lang, c=s.active, t=target)
    return IllegalAction(rule, say(key, lang, **args))


def _reason(s: MagicState, act: Action) -> Reason:
    if s.step == "over":
        return "MC-R52", "illegal.over", {}
    if s.step not in _STEP_ACTIONS:
        return "MC§3.2", "illegal.no_decision", {}
    if not isinstance(act, _STEP_ACTIONS[s.step]):
        return "MC§3.4", "illegal.wrong_step", {"step": s.step}
    seat = s.decider
    hand = s.players[seat].hand
    if isinstance(act, (A.Create, A.Add)) and act.card not in hand:
        return "MC§3.4", "illegal.not_in_hand", {"card": act.card}
    if isinstance(act, A.Add):
        if act.half not in ("A", "B"):  # a card has two halves, A and B (§3.4 AddProperty)
            return "MC§3.4", "illegal.generic", {}
        c = s.creatures.get(act.creature)
        if c is None:
            return "MC§3.4", "illegal.no_creature", {"c": act.creature}
        if c.owner != seat:
            return "MC§3.4", "illegal.not_own", {"c": act.creature}
        trait = cards()[act.card][0 if act.half == "A" else 1]
        return "MC§3.4", "illegal.duplicate", {"c": act.creature, "p": trait}
    if isinstance(act, A.Activate):
        c = s.creatures.get(act.creature)
        if c is None:
            return "MC§3.4", "illegal.no_creature", {"c": act.creature}
        if c.owner != seat:
            return "MC§3.4", "illegal.not_own", {"c": act.creature}
        return "MC§3.4", "illegal.asleep", {"c": act.creature}
    if s.active and s.active in s.creatures:
        found = _active_reason(s, Q.active(s), act)
        if found is not None:
            return found
    return "MC§3.4", "illegal.generic", {}


def _active_reason(s: MagicState, a: Creature, act: Action) -> Reason | None:
    if isinstance(act, (A.Metamorph, A.Scare, A.Rouse, A.Gift)):
        prop = {A.Metamorph: "metamorph", A.Scare: "scary", A.Rouse: "pesky", A.Gift: "giving"}[
            type(act)]
        if not Q.has(s, a, prop):
            return "MC-R26", "illegal.lacks", {"c": a.uid, "p": prop}
        if prop in s.used:
            return "MC-R26", "illegal.used", {"p": prop}
        other = s.creatures.get(act.source if isinstance(act, A.Metamorph) else act.target)
        if other is None:
            c = act.source if isinstance(act, A.Metamorph) else act.target
            return "MC§3.4", "illegal.no_creature", {"c": c}
        if isinstance(act, A.Metamorph):
            if other.uid == a.uid:
                return "MC-R27", "illegal.copy_self", {}
            if act.prop not in other.traits:
                return "MC-R27", "illegal.copy_missing", {"c": other.uid, "p": act.prop}
            return "MC-R27", "illegal.copy_has", {"p": act.prop}
        if isinstance(act, A.Scare):
            return "MC-R31", f"illegal.scare.{Q.scare_block(s, a, other)}", {"c": other.uid}
        if isinstance(act, A.Rouse):
            return "MC-R28", f"illegal.rouse.{Q.rouse_block(s, a, other)}", {"c": other.uid}
        return "MC-R33", f"illegal.gift.{Q.gift_block(s, a, other)}", {"c": other.uid}
    if isinstance(act, A.Gain):
        if act.part not in ("lower", "upper"):
            return "MC§4.1", "illegal.generic", {}
        if a.energy >= Q.FULL:
            return "MC§4.1", "illegal.full", {"c": a.uid}
        if act.part == "lower":
            return "MC§4.1", "illegal.lower_empty", {}
        if s.upper <= 0:
            return "MC§4.1", "illegal.upper_empty", {}
        return "MC§4.1", "illegal.upper_key", {"p": sources()[s.source].key or ""}
    if isinstance(act, A.Transmute):  # §4.2; MC-R23 is Маленькое's exception to it
        rule = "MC-R23" if Q.has(s, a, "tiny") else "MC§4.2"
        return rule, "illegal.transmute", {"c": a.uid, "e": a.energy}
    if isinstance(act, A.AttackWith):
        return _attack_reason(s, a, act)
    if isinstance(act, A.Voracious):
        return "MC-R30", "illegal.voracious", {}
    if isinstance(act, A.Molt):
        return "MC-R29", "illegal.molt", {"card": act.card}
    if isinstance(act, A.Burn):
        return "MC-R21", "illegal.burn", {"card": act.card}
    return None


def _attack_reason(s: MagicState, a: Creature, act: A.AttackWith) -> Reason:
    mine = Q.attacking(s, a)
    if not mine:
        return "MC-R17", "illegal.no_attacking", {"c": a.uid}
    t = s.creatures.get(act.target)
    if t is None:
        return "MC§3.4", "illegal.no_creature", {"c": act.target}
    block = Q.target_block(s, a, t)
    if block is not None:
        return _BLOCK_RULES[block], f"illegal.target.{block}", {"c": t.uid}
    if not act.props:
        return "MC-R18", "illegal.attack_empty", {}
    if len(set(act.props)) != len(act.props):
        return "MC-R18", "illegal.attack_repeat", {}
    for p in act.props:
        if p not in mine:
            return "MC-R18", "illegal.lacks", {"c": a.uid, "p": p}
    return "MC§4.3", "illegal.generic", {}
