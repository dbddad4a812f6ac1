"""Event cards E1-E8 (spec §8.3): resolved one character or monster at a time.

`ev_todo` lists the seats (active first, then round the table) or monster indices (monster
order) still to act. Each is resolved at once when nothing is to be chosen (no option or a
single one); otherwise the character's controller (E1-E3) or the active player (E5-E7)
decides. Moves caused by events trigger nothing else (G42, G44).
"""

from __future__ import annotations

from core.games.gravity import actions as A
from core.games.gravity import events as E
from core.games.gravity import queries as Q
from core.games.gravity.data import TELEPORT
from core.games.gravity.effects import Handler, Tx, raise_alarm, take_curse
from core.games.gravity.state import GravityState

BY_SEAT = ("E1", "E2", "E3", "E6", "E8")  # the others act per monster


def start_list(s: GravityState, ev: str) -> list[int]:
    if ev in BY_SEAT:
        return Q.clockwise(s)
    return [i for i, m in enumerate(s.monsters) if m.loc]


def options(s: GravityState, ev: str, item: int) -> list[int]:
    """The locations the current character or monster may choose among."""
    if ev == "E1":
        # G42: evaluated when the character moves; Broken Teleport (C16) discards without moving
        return [] if Q.has(s.chars[item], "C16") else Q.teleport_targets(s, item)
    if ev == "E3":
        return Q.retreats(s, item)
    if ev == "E5":
        return sorted(Q.dice_around(s, s.monsters[item].loc))
    if ev == "E6":
        return sorted(Q.dice_around(s, s.chars[item].loc))
    if ev == "E7":
        loc = s.monsters[item].loc
        return sorted(x for x in (loc, *Q.nbrs(loc)) if Q.place(s, x).support)
    return []


STEPS = {"E1": "teleport", "E2": "hard_choice", "E3": "retreat", "E5": "remove_die",
         "E6": "remove_die", "E7": "flip"}


def _apply(tx: Tx, ev: str, item: int, loc: int) -> None:
    """The effect of the choice `loc` for the current item."""
    if ev == "E1":
        tx.moved(tx.s.chars[item].id, [loc], "glitch")
    elif ev == "E3":
        tx.moved(tx.s.chars[item].id, [loc], "retreat")
    elif ev in ("E5", "E6"):
        tx.emit(E.DieRemoved(loc, "onslaught" if ev == "E5" else "night"))
    elif ev == "E7":
        tx.flip(loc, 1, "distrust", "bad_news")


def _lure(tx: Tx, item: int) -> None:
    """E4: pull 1 support token from every neighbour that has one, courage dice ignored."""
    loc = tx.s.monsters[item].loc
    for nb in Q.nbrs(loc):
        if Q.place(tx.s, nb).support:
            tx.token(nb, loc, "support", "lure")


def _ambush(tx: Tx, item: int) -> None:
    s = tx.s
    loc = s.chars[item].loc
    if any(Q.dist(loc, m.loc) <= 1 for m in Q.live(s)):
        take_curse(tx, item, "ambush")


def step(tx: Tx) -> bool:
    """Resolve the event in progress as far as it goes without a decision."""
    s = tx.s
    ev = s.ev
    if s.ev_todo is None:
        tx.emit(E.EventProgress(start_list(s, ev)))
    todo = list(tx.s.ev_todo or [])
    for i, item in enumerate(todo):
        s = tx.s
        if ev == "E4":
            _lure(tx, item)
            continue
        if ev == "E8":
            _ambush(tx, item)
            continue
        if ev == "E2":
            if s.chars[item].hand:
                _ask(tx, todo[i:], item, "hard_choice")
                return False
            raise_alarm(tx, 1, "hard_choice")  # G43: an empty hand means the alarm
            continue
        if ev == "E1" and TELEPORT in s.chars[item].hand:
            opts = options(s, ev, item)
            tx.emit(E.ActionDiscarded(s.chars[item].id, TELEPORT, "glitch"))
        elif ev == "E1":
            continue
        else:
            opts = options(s, ev, item)
        if len(opts) == 1:
            _apply(tx, ev, item, opts[0])
        elif len(opts) > 1:
            _ask(tx, todo[i:], item, STEPS[ev])
            return False
    tx.emit(E.EventEnded(ev))
    return True


def _ask(tx: Tx, rest: list[int], item: int, step: str) -> None:
    s = tx.s
    if s.ev_todo != rest:
        tx.emit(E.EventProgress(rest))
    decider = item if s.ev in ("E1", "E2", "E3") else s.active
    tx.ask(decider, step)


def on_choice(tx: Tx, a: A.Teleport | A.Discard | A.Alarm | A.Retreat | A.RemoveDie | A.Flip) -> None:
    """The decision for the first item of the event's work list."""
    s = tx.s
    item = (s.ev_todo or [0])[0]
    if isinstance(a, A.Discard):
        tx.emit(E.ActionDiscarded(s.chars[item].id, a.card, "hard_choice"))
    elif isinstance(a, A.Alarm):
        raise_alarm(tx, 1, "hard_choice")
    else:
        _apply(tx, s.ev, item, a.loc)
    tx.emit(E.EventProgress((tx.s.ev_todo or [])[1:]))


HANDLERS: dict[str, Handler] = {step: on_choice for step in set(STEPS.values())}
