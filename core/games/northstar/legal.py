"""Legal actions of the pending decision, and the reason an action is not legal.

`legal_actions` is the single definition of legality; `explain` is only asked after an action
was found missing from it, to tell the player why in words, citing the ruling that forbids it.
In the short variant a seat's card uses are judged on its projection (its own secret plan
applied, `plan.project`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from core.engine.protocol import Action, IllegalAction
from core.games.northstar import actions as A
from core.games.northstar import queries as Q
from core.games.northstar.data import (
    CARNIVORE,
    INTELLIGENCE,
    UNSWITCHABLE,
    card_traits,
    trait_limit,
    traits,
)
from core.games.northstar.fold import TRACK_MAX
from core.games.northstar.plan import project
from core.games.northstar.state import NorthStarState, Species

if TYPE_CHECKING:
    from core.games.northstar.view import NorthStarView
from core.games.northstar.texts import say
from core.kits.evolution.legal import Reason, refusal


def legal_actions(s: NorthStarState) -> Sequence[Action]:
    step = s.step
    if step == "feed":
        acts, end_ok = feed_actions(s, s.go)
        return [*acts, A.END] if end_ok else acts
    if step == "play":
        return play_actions(s, s.decider)
    if step == "plan":
        return play_actions(project(s, s.decider), s.decider)
    if step == "food":
        return [A.ChooseFood(c) for c in s.players[s.decider].hand]
    if step == "order":
        return [A.Order(e.species, e.trait) for e in s.effects]
    return []


def play_actions(t: NorthStarState, seat: int) -> list[Action]:
    """PlayCardsTurn (§3.5): each hand card as a face-down trait on an own species with room
    and without that trait (NS21), as a new species at either end (NS23), as +1 body size or
    population (NS32); discarding any trait card of an own species; or ending the turn."""
    p = t.players[seat]
    mine = [t.species[u] for u in p.row]
    limit = trait_limit(len(t.players))
    names = card_traits()
    # per species, once: (uid, traits if it has room for one more, body < 6, pop < 6)
    rooms = [(x.uid, x.traits) for x in mine if len(x.cards) < limit]  # room for one more
    grows = [(x.uid, track) for x in mine  # the tracks below 6, per species
             for track, now in (("body", x.body), ("pop", x.pop)) if now < TRACK_MAX]
    out: list[Action] = []
    add = out.append
    Place, NewSpecies, Grow = A.Place, A.NewSpecies, A.Grow
    for card in p.hand:
        trait = names[card]
        for uid, room in rooms:
            if trait not in room:
                add(Place(card, uid))
        add(NewSpecies(card, True))
        add(NewSpecies(card, False))
        for uid, track in grows:
            add(Grow(card, uid, track))
    for x in mine:
        for card in x.cards:
            add(A.Drop(x.uid, card))
    add(A.END)
    return out


def feed_actions(s: NorthStarState, seat: int) -> tuple[list[Action], bool]:
    """FeedOrAttack (§3.6 4c): the feeding actions while none was taken this turn (EatPlant,
    Attack with its target), Intelligence (§4.5); and whether EndTurn is allowed (after the
    feeding action, or when no hungry species can eat: NS4, NS5)."""
    out: list[Action] = []
    if not s.fed:
        out.extend(A.Eat(x.uid) for x in Q.eaters(s, seat))
        for a in Q.attackers(s, seat):
            out.extend(A.Attack(a.uid, t.uid) for t in Q.targets(s, a))
    hand = s.players[seat].hand
    if hand:
        for x in Q.smart_herbivores(s, seat):
            out.extend(A.Smart(c, x.uid) for c in hand)
        if Q.smart_carnivore(s, seat):
            for name in Q.switchable(s):
                out.extend(A.Smart(c, 0, name) for c in hand)
    return out, s.fed or not Q.obliged(s, seat)


def can_feed(s: NorthStarState, seat: int) -> bool:
    """`feed_actions(s, seat)` offers something besides EndTurn (the flow asks this after
    every feeding step, so it stops at the first action found)."""
    if not s.fed:
        if Q.eaters(s, seat):
            return True
        for a in Q.attackers(s, seat):
            if Q.has_target(s, a):
                return True
    if s.players[seat].hand:
        if Q.smart_herbivores(s, seat):
            return True
        if Q.smart_carnivore(s, seat) and Q.switchable(s):
            return True
    return False


# --- explanations ----------------------------------------------------------------------------

_STEP_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    "food": (A.ChooseFood,),
    "play": (*A.PLAY_STEPS, A.End),
    "plan": (*A.PLAY_STEPS, A.End),
    "order": (A.Order,),
    "feed": (A.Eat, A.Attack, A.Smart, A.End),
}

# Which ruling forbids an attack, by the defence that stops it (§4.3).
_PREY_RULES = {"self": "NS§4.3", "size": "NS§4.3", "NS_HARD_SHELL": "NS9",
               "NS_BURROWING": "NS§4.3", "NS_CLIMBING": "NS§4.3", "NS_DEF_HERDING": "NS§4.3",
               "NS_SYMBIOSIS": "NS9", "NS_WARNING_CALL": "NS10"}



def explain(s: NorthStarState, action: Action, lang: str = "en") -> IllegalAction:
    """The reason `action` is not legal now, as an IllegalAction citing the ruling."""
    return refusal(_reason(s, action), lang, say, lambda: prompt(s, lang))


def prompt(s: NorthStarState | NorthStarView, lang: str) -> str:
    """The pending decision in plain words (from a state or a view: the fields are the same)."""
    step = s.step
    if step in ("", "over"):
        return ""
    if step == "feed":
        if s.fed:
            return say("step.feed_done", lang, k=s.hole)
        obliged = Q.obliged(s, s.go) if isinstance(s, NorthStarState) else s.obliged
        return say("step.feed_obliged" if obliged else "step.feed", lang, k=s.hole)
    if step == "order":
        return say("step.order", lang)
    if step in ("play", "plan"):
        return say(f"step.{step}", lang, k=trait_limit(len(s.players)))
    return say(f"step.{step}", lang)


def _reason(s: NorthStarState, act: Action) -> Reason:
    if s.step == "over":
        return "NS§7.1", "illegal.over", {}
    if s.step not in _STEP_ACTIONS:
        return "NS§3.7", "illegal.no_decision", {}
    if not isinstance(act, _STEP_ACTIONS[s.step]):
        if isinstance(act, A.Drop):  # NS21: only in the own phase-3 turn
            return "NS21", "illegal.drop_when", {}
        return "NS§3.7", "illegal.wrong_step", {"step": s.step}
    seat = s.decider
    if s.step == "food":
        assert isinstance(act, A.ChooseFood)  # the step's actions (_STEP_ACTIONS)
        return "NS§3.4", "illegal.not_in_hand", {"card": act.card}
    if s.step in ("play", "plan"):
        return _play_reason(project(s, seat) if s.step == "plan" else s, seat, act)
    if s.step == "order":
        assert isinstance(act, A.Order)
        return "NS19", "illegal.order", {"c": act.species, "p": act.trait}
    return _feed_reason(s, s.go, act)


def _own(s: NorthStarState, seat: int, uid: int) -> Species | Reason:
    """The seat's own species `uid`, or why it cannot act (a Reason, a tuple)."""
    x = s.species.get(uid)
    if x is None:
        return "NS§3.5", "illegal.no_species", {"c": uid}
    if x.owner != seat:
        return "NS§3.5", "illegal.not_own", {"c": uid}
    return x


def _play_reason(t: NorthStarState, seat: int, act: Action) -> Reason:
    p = t.players[seat]
    if isinstance(act, A.Drop):
        x = _own(t, seat, act.species)
        if isinstance(x, tuple):
            return x
        return "NS§3.5", "illegal.drop", {"c": x.uid, "card": act.card}
    assert isinstance(act, (A.Place, A.NewSpecies, A.Grow))  # End is always legal in a play
    if act.card not in p.hand:
        return "NS§3.5", "illegal.not_in_hand", {"card": act.card}
    if isinstance(act, A.NewSpecies):
        return "NS23", "illegal.generic", {}
    x = _own(t, seat, act.species)
    if isinstance(x, tuple):
        return x
    if isinstance(act, A.Grow):
        if act.track not in ("body", "pop"):
            return "NS§3.5", "illegal.generic", {}
        return "NS32", f"illegal.grow.{act.track}", {"c": x.uid}
    trait = card_traits()[act.card]
    if trait in x.traits:  # §3.5: no trait name twice on one species
        return "NS§3.5", "illegal.place.twice", {"c": x.uid, "p": trait}
    two = len(t.players) == 2
    return ("NS26" if two else "NS21"), "illegal.place.limit", \
        {"c": x.uid, "k": trait_limit(len(t.players))}


def _feed_reason(s: NorthStarState, seat: int, act: Action) -> Reason:
    if isinstance(act, A.End):
        hungry = next((x.uid for x in Q.row(s, seat)
                       if x.food < x.pop and ((Q.carnivore(x) and Q.targets(s, x)) or
                                              (not Q.carnivore(x) and s.hole > 0))), 0)
        return "NS5", "illegal.obliged", {"c": hungry}
    if isinstance(act, A.Smart):
        return _smart_reason(s, seat, act)
    if s.fed:
        return "NS5", "illegal.fed", {}
    assert isinstance(act, (A.Eat, A.Attack))  # the step's actions (_STEP_ACTIONS)
    uid = act.attacker if isinstance(act, A.Attack) else act.species
    x = _own(s, seat, uid)
    if isinstance(x, tuple):
        return x
    if isinstance(act, A.Eat):
        if Q.carnivore(x):
            return "NS6", "illegal.eat.carnivore", {"c": x.uid}
        if s.hole <= 0:
            return "NS§4.2", "illegal.eat.empty", {}
        return "NS4", "illegal.full", {"c": x.uid}
    if not Q.carnivore(x):
        return "NS§4.3", "illegal.attack.herbivore", {"c": x.uid}
    if not Q.can_take(s, x):
        return "NS4", "illegal.full", {"c": x.uid}
    t = s.species.get(act.target)
    if t is None:
        return "NS§4.3", "illegal.no_species", {"c": act.target}
    block = Q.attack_block(s, x, t) or "self"
    return _PREY_RULES[block], f"illegal.prey.{block}", {"c": x.uid, "t": t.uid}


def _smart_reason(s: NorthStarState, seat: int, act: A.Smart) -> Reason:
    if act.card not in s.players[seat].hand:
        return "NS§4.5", "illegal.not_in_hand", {"card": act.card}
    if act.species:
        x = _own(s, seat, act.species)
        if isinstance(x, tuple):
            return x
        if INTELLIGENCE not in x.traits:
            return "NS13", "illegal.smart.lacks", {"c": x.uid}
        if CARNIVORE in x.traits:
            return "NS13", "illegal.smart.carnivore", {"c": x.uid}
        return "NS§4.5", "illegal.smart.fed", {"c": x.uid}  # a herbivore's, while it is hungry
    if not Q.smart_carnivore(s, seat):
        return "NS13", "illegal.smart.no_carnivore", {}
    if act.off in UNSWITCHABLE:
        return "NS13", "illegal.smart.unswitchable", {"p": act.off}
    if act.off in s.off:
        return "NS13", "illegal.smart.already", {"p": act.off}
    if act.off in traits():
        return "NS13", "illegal.smart.absent", {"p": act.off}
    return "NS13", "illegal.generic", {}
