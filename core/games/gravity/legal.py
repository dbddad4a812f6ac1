"""Legal actions of the pending decision, and the reason an action is not legal.

`legal_actions` is the single definition of legality; `explain` is only asked after an action
was found missing from it, to tell the player why in words, citing the ruling (G1..G64) or
the spec's section (G§n).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from typing import Any

from core.engine.protocol import IllegalAction
from core.games.gravity import actions as A
from core.games.gravity import happenings
from core.games.gravity import queries as Q
from core.games.gravity.data import board, characters, game
from core.games.gravity.state import OVER, Char, GravityState
from core.games.gravity.texts import say
from core.games.gravity.turn import hand_order, pull_choices


@lru_cache(maxsize=4096)
def _plays(card: str, dests: tuple[int, ...]) -> tuple[A.Play, ...]:
    """The plays of `card` to `dests` (actions are frozen: the same ones serve every time)."""
    return tuple(A.Play(card, d) for d in dests)


@lru_cache(maxsize=16384)
def _walks(card: str, loc: int, blocked: tuple[int, ...], giant: int) -> tuple[A.Play, ...]:
    """The plays of a card that walks (or stays, «0-4»): `Q.destinations` as one cache lookup."""
    distance = game().actions[card].distance
    if distance == 0:
        return _plays(card, (0,))
    return _plays(card, Q.walk_stops(loc, distance, blocked, giant))


@lru_cache(maxsize=4096)
def _in_order(hand: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(hand_order(list(hand)))


@lru_cache(maxsize=1024)
def _pushes(loc: int, kinds: tuple[str, ...]) -> tuple[A.Push, ...]:
    return tuple(A.Push(nb, kind) for kind in kinds for nb in Q.nbrs(loc))


@lru_cache(maxsize=1024)
def _rerolls(n_s: int, n_m: int, n_c: int) -> tuple[A.Reroll | A.Pass, ...]:
    return (*(A.Reroll(a, b, k) for a in range(n_s + 1) for b in range(n_m + 1)
              for k in range(n_c + 1) if a + b + k), A.PASS)


@lru_cache(maxsize=64)
def _choose(monster: str) -> A.ChooseMonster:
    return A.ChooseMonster(monster)


def _ability(s: GravityState, seat: int, c: Char) -> list[A.Action]:
    if c.id == "wendy":
        out: list[A.Action] = [A.MoveDie(a, b) for a, b in Q.wendy_moves(s, seat)]
    else:
        out = [A.Lift(s.chars[i].id, cur) for i, cur in Q.soos_lifts(s, seat)]
    return [*out, A.PASS]


def _action(s: GravityState, seat: int, c: Char) -> list[A.Action]:
    out: list[A.Action] = []
    actions = game().actions
    loc, blocked, giant = c.loc, Q.loner_blocked(s, seat), Q.giant_loc(s)
    for card in _in_order(tuple(c.hand)):
        if c.curses and not Q.card_allowed(s, seat, card):
            continue
        if actions[card].teleport:
            out += _plays(card, tuple(Q.teleport_targets(s, seat)))
        else:
            out += _walks(card, loc, blocked, giant)
    if Q.may_rest(s, seat):
        out.append(A.REST)
    return out


def _pull(s: GravityState, seat: int, c: Char) -> list[A.Action]:
    return pull_choices(s, s.todo[2], bool(s.todo[1]))


def _target(s: GravityState, seat: int, c: Char) -> list[A.Action]:
    return [A.Fight(m.id) for m in Q.monster_at(s, c.loc)]


def _reroll(s: GravityState, seat: int, c: Char) -> list[A.Action]:
    dice = s.dice
    return list(_rerolls(dice.count("s"), dice.count("m"), dice.count("c")))


def _push(s: GravityState, seat: int, c: Char) -> list[A.Action]:
    return list(_pushes(c.loc, tuple(Q.push_kinds(s, seat))))


def _die(s: GravityState, seat: int, c: Char) -> list[A.Action]:
    return [A.PLACE, A.PASS]


def _draw(s: GravityState, seat: int, c: Char) -> list[A.Action]:
    out: list[A.Action] = [A.DRAW]
    if c.id == "stan" and Q.ability_works(s, seat):
        out += [A.Take(card) for card in hand_order(list(set(c.discard)))]
    return [*out, A.PASS]


def _remove(s: GravityState, seat: int, c: Char) -> list[A.Action]:
    return [A.ROLL, A.PASS]


def _uncurse(s: GravityState, seat: int, c: Char) -> list[A.Action]:
    old = sorted(Q.old_curses(s, seat))
    k = min(Q.removal_count(s, seat), len(old))
    out: list[A.Action] = [A.Uncurse(combo) for size in range(1, k + 1) for combo in combinations(old, size)]
    return [*out, A.PASS]


def _monster(s: GravityState, seat: int, c: Char) -> list[A.Action]:
    return [_choose(m) for m in Q.movers(s)]


def _hard_choice(s: GravityState, seat: int, c: Char) -> list[A.Action]:
    return [*(A.Discard(card) for card in hand_order(c.hand)), A.ALARM]


def _happening(make: Callable[[int], A.Action]) -> Callable[[GravityState, int, Char], list[A.Action]]:
    def options(s: GravityState, seat: int, c: Char) -> list[A.Action]:
        item = (s.ev_todo or [0])[0]
        return [make(loc) for loc in happenings.options(s, s.ev, item)]
    return options


# The legal actions of each decision (`step`), from the state, the decider and its character.
_BY_STEP: dict[str, Callable[[GravityState, int, Char], list[A.Action]]] = {
    "ability": _ability, "action": _action, "rumour": _pull, "disorder": _pull,
    "target": _target, "reroll": _reroll, "push": _push, "die": _die, "draw": _draw,
    "remove": _remove, "uncurse": _uncurse, "monster": _monster, "hard_choice": _hard_choice,
    "teleport": _happening(A.Teleport), "retreat": _happening(A.Retreat),
    "remove_die": _happening(A.RemoveDie), "flip": _happening(A.Flip),
}
assert set(happenings.STEPS.values()) <= set(_BY_STEP)


def legal_actions(s: GravityState) -> list[A.Action]:
    fn = _BY_STEP.get(s.step)  # "" and "over": no decision, no actions
    if fn is None:
        return []
    seat = s.decider
    return fn(s, seat, s.chars[seat])


# --- explanations ----------------------------------------------------------------------------

STEP_ACTIONS: dict[str, tuple[type[Any], ...]] = {
    "ability": (A.MoveDie, A.Lift, A.Pass),
    "action": (A.Play, A.Rest),
    "rumour": (A.Pull, A.Skip),
    "disorder": (A.Pull, A.Skip),
    "target": (A.Fight,),
    "reroll": (A.Reroll, A.Pass),
    "push": (A.Push,),
    "die": (A.Place, A.Pass),
    "draw": (A.Draw, A.Take, A.Pass),
    "remove": (A.Roll, A.Pass),
    "uncurse": (A.Uncurse, A.Pass),
    "monster": (A.ChooseMonster,),
    "teleport": (A.Teleport,),
    "hard_choice": (A.Discard, A.Alarm),
    "retreat": (A.Retreat,),
    "remove_die": (A.RemoveDie,),
    "flip": (A.Flip,),
}

_EVENT_RULES = {"teleport": ("G42", "event_dest"), "retreat": ("G44", "retreat"),
                "remove_die": ("G45", "die_where"), "flip": ("G46", "flip_where")}


def explain(s: GravityState, action: A.Action, lang: str = "en") -> IllegalAction:
    """The reason `action` is not legal now, as an IllegalAction citing the ruling."""
    rule, key, args = _reason(s, action)
    if key == "teleport_dest":  # the character's own Teleport text
        args["text"] = characters()[args["text"]].params["teleport_ru" if lang == "ru" else "teleport_en"]
    if "step" in args:
        from core.games.gravity.prompt import prompt_text

        args["step"] = prompt_text(s, lang)
    return IllegalAction(rule, say(f"illegal.{key}", lang, **args))


def _reason(s: GravityState, act: Any) -> tuple[str, str, dict[str, Any]]:
    if s.step == OVER:
        return "G20", "over", {}
    if s.step not in STEP_ACTIONS:
        return "G§4", "no_decision", {}
    if not isinstance(act, STEP_ACTIONS[s.step]):
        return "G§4", "wrong_step", {"step": s.step}
    seat = s.decider
    c = s.chars[seat]
    step = s.step
    if step == "ability":
        return _ability_reason(s, seat, act)
    if step == "action":
        if isinstance(act, A.Rest):
            return "G§8.4", "insomnia", {}  # C10's text (G50 only lets a forced rest through)
        return _play_reason(s, seat, act)
    if step in ("rumour", "disorder"):
        nb = s.todo[2]
        if act.loc != nb:
            return "G12", "pull_where", {"loc": nb}
        if isinstance(act, A.Pull):
            return "G12", "pull_kind", {"loc": nb, "kind": act.kind if act.kind in A.KINDS else "support"}
        if not Q.place(s, nb).die:
            return "G12", "skip_no_die", {}
        return "G§8.2", "skip_manotaur", {}  # the Manotaur's own text
    if step == "target":
        return "G13", "target_here", {"m": act.monster, "ch": c.id}
    if step == "reroll":
        return "G61", "reroll_count", {}
    if step == "push":
        if act.loc not in Q.nbrs(c.loc):
            return "G18", "push_where", {}
        p = Q.place(s, c.loc)
        if act.kind == "distrust" and p.distrust and Q.has(c, "C13"):
            return "G§8.4", "clumsy", {}  # C13's text
        return "G18", "push_kind", {"kind": act.kind if act.kind in A.KINDS else "support"}
    if step == "draw":
        if c.id != "stan" or not Q.ability_works(s, seat):
            return "G22", "not_your_ability", {"ch": c.id}
        return "G22", "take_missing", {"card": act.card}
    if step == "uncurse":
        old = Q.old_curses(s, seat)
        for cur in act.curses:
            if cur not in c.curses:
                return "G23", "not_held", {"ch": c.id, "curse": cur}
            if cur not in old:
                return "G23", "curse_new", {"curse": cur}
        return "G23", "uncurse_many", {"n": Q.removal_count(s, seat)}
    if step == "monster":
        return "G29", "not_nearest", {}
    if step == "hard_choice":
        return "G43", "not_in_hand", {"ch": c.id, "card": act.card}
    if step in _EVENT_RULES:
        rule, key = _EVENT_RULES[step]
        return rule, key, {"loc": act.loc} if step == "teleport" and act.loc in board().locations else {}
    return "G§4", "generic", {}


def _ability_reason(s: GravityState, seat: int, act: A.MoveDie | A.Lift) -> tuple[str, str, dict[str, Any]]:
    c = s.chars[seat]
    if isinstance(act, A.MoveDie):
        if c.id != "wendy":
            return "G26", "not_your_ability", {"ch": c.id}
        return "G61", "wendy", {}
    if c.id != "soos":
        return "G26", "not_your_ability", {"ch": c.id}
    if act.char == c.id:
        return "G61", "soos_self", {}
    owner = next((o for o in s.chars if o.id == act.char), None)
    if owner is None or Q.dist(owner.loc, c.loc) > 1:
        return "G61", "soos_range", {}
    return "G61", "not_held", {"ch": act.char, "curse": act.curse}


def _play_reason(s: GravityState, seat: int, act: A.Play) -> tuple[str, str, dict[str, Any]]:
    c = s.chars[seat]
    card = game().actions.get(act.card)
    if card is None or act.card not in c.hand:
        return "G§4.2", "not_in_hand", {"ch": c.id, "card": act.card}
    if not Q.card_allowed(s, seat, act.card):
        cur = "C16" if card.teleport else "C08"
        return "G9", "card_cursed", {"curse": cur, "card": act.card}
    if not card.teleport and card.distance == 0:
        return "G§4.2", "zero_move", {}
    if act.dest not in board().locations:
        return "G§4.2", "need_dest", {}
    if act.dest == c.loc:
        return "G8", "same_place", {}
    if act.dest in Q.loner_blocked(s, seat):
        return "G8", "loner", {}
    if card.teleport:
        return "G9", "teleport_dest", {"text": c.id}
    giant = Q.alive(s, Q.GIANT)
    if giant is not None and any(end == act.dest for end, _, _ in
                                 Q.route_ends(c.loc, card.distance, Q.loner_blocked(s, seat), 0)):
        # Routes of the right length exist; each enters the giant's location early and stops there.
        return "G11", "giant_in_the_way", {"n": card.distance, "loc": act.dest, "giant": giant.loc}
    if Q.dist(c.loc, act.dest) > card.distance:  # out of reach, whatever the route
        return "G8", "too_far", {"n": card.distance, "loc": act.dest, "card": act.card,
                                 "d": Q.dist(c.loc, act.dest)}
    return "G8", "no_route", {"n": card.distance, "loc": act.dest}

