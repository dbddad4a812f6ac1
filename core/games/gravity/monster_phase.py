"""The monster phase (spec §4.3, M1-M4): the stages and the decisions of the active player.

m1..m4 start the spec's steps; every card M3 reveals is a step of its own (G39), so the
stage `m3` repeats itself and queued effects are resolved between the cards.
"""

from __future__ import annotations

from collections.abc import Callable

from core.games.gravity import actions as A
from core.games.gravity import events as E
from core.games.gravity import queries as Q
from core.games.gravity.data import card_location, is_event
from core.games.gravity.effects import Handler, Tx, flip_all, raise_alarm, take_curse, top_movement
from core.games.gravity.turn import on_pull, pulls, with_tokens


def m1(tx: Tx) -> bool:
    s = tx.s
    candidates = Q.movers(s)
    if not s.row or not candidates:
        tx.goto("m3")
        return True
    if len(candidates) > 1:  # G29: equally near, the active player chooses
        tx.ask(s.active, "monster")
        return False
    move(tx, candidates[0])
    return True


def move(tx: Tx, mid: str) -> None:
    """Slot 1's card moves the monster, unless a courage die stands there (G30, G31)."""
    s = tx.s
    card = s.row[0]
    loc = card_location(card)
    if Q.place(s, loc).die:
        tx.emit(E.MonsterBlocked(mid, card, loc))
        tx.goto("m3")
        return
    tx.monster_moved(mid, card, loc)
    for i, m in enumerate(s.monsters):
        if m.id == mid:
            tx.goto("m2", [i])
            return
    raise ValueError(f"monster {mid} is not in the game")


def on_monster(tx: Tx, a: A.ChooseMonster) -> None:
    move(tx, a.monster)


def m2(tx: Tx) -> bool:
    """Disorder (G33): curses, then pulls, then the alarm, then the flip."""
    s = tx.s
    m = s.monsters[s.todo[0]]
    loc = m.loc
    for seat in Q.clockwise(s):  # a curse moves no one: the locations stay as they were
        if s.chars[seat].loc == loc:
            take_curse(tx, seat, "disorder")
    s = tx.s
    may_skip = 0 if m.id == Q.MANOTAUR and not Q.kids(s) else 1
    return pulls(tx, "m2_pull", with_tokens(s, loc, may_skip), "disorder", "disorder", ("m2_end", [loc]))


def m2_pull(tx: Tx) -> bool:
    s = tx.s
    return pulls(tx, "m2_pull", s.todo, "disorder", "disorder", ("m2_end", [s.todo[0]]))


def m2_end(tx: Tx) -> bool:
    s = tx.s
    loc = s.todo[0]
    raise_alarm(tx, Q.place(s, loc).distrust, "disorder")
    flip_all(tx, loc, "disorder")
    tx.goto("m3")
    return True


def m3(tx: Tx) -> bool:
    """Refill the row one card at a time; an event is resolved once per turn (G35)."""
    s = tx.s
    if len(s.row) >= s.row_cap:
        tx.goto("m4")
        return True
    card = top_movement(tx)
    if card is None:
        tx.goto("m4")
        return True
    if is_event(card):
        resolve = not tx.s.event_resolved
        tx.emit(E.EventRevealed(card, resolve))
        if not resolve:
            raise_alarm(tx, 1, "event")
    else:
        tx.row_added(card)
    return True


def m4(tx: Tx) -> bool:
    s = tx.s
    nxt = (s.active + 1) % s.n
    tx.turn(s.turn + 1, s.round + (nxt == s.first), nxt, s.chars[nxt].id)
    tx.goto("t1")
    return True


# Annotated: the flow merges these with the turn's, and mypyc needs their type across the cycle.
STAGES: dict[str, Callable[[Tx], bool]] = {
    "m1": m1, "m2": m2, "m2_pull": m2_pull, "m2_end": m2_end, "m3": m3, "m4": m4}

HANDLERS: dict[str, Handler] = {"monster": on_monster, "disorder": lambda tx, a: on_pull(tx, a, "disorder")}
