"""The character phase (spec §4.2, T1-T10): its stages and the handlers of its decisions.

A stage function runs one automatic step of the flow. It returns True after moving the flow
on (a `Goto`), False after posting a decision (an `Await`); the handler of that decision
finishes the step and moves the flow on. Stage names: t1..t10 start the spec's steps (queued
effects are resolved before them, G39); the others continue a step.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from core.engine.draws import below
from core.engine.rng import derived_bits
from core.games.gravity import actions as A
from core.games.gravity import events as E
from core.games.gravity import queries as Q
from core.games.gravity.data import game, monsters
from core.games.gravity.effects import Ended, Handler, Tx, draw_action, faces, roll, take_curse
from core.games.gravity.state import GravityState


def pull_choices(s: GravityState, nb: int, may_skip: bool) -> list[A.Action]:
    """What may be taken from neighbour `nb`: a token of each kind it holds, and leaving it
    alone when it has a courage die (G12). One option means no decision."""
    p = Q.place(s, nb)
    out: list[A.Action] = []
    if p.support:
        out.append(A.Pull(nb, A.SUPPORT))
    if p.distrust:
        out.append(A.Pull(nb, A.DISTRUST))
    if out and p.die and may_skip:
        out.append(A.Skip(nb))
    return out


def pulls(tx: Tx, stage: str, todo: list[int], step: str, why: str, then: tuple[str, list[int]]) -> bool:
    """Pull 1 token from each neighbour in `todo` = [destination, may_skip, neighbours...],
    asking the active player only where there is a real choice (Rumours, Disorder): where
    `pull_choices` offers more than one option (counted here without building them)."""
    s = tx.s
    places = s.places
    dst, may_skip = todo[0], todo[1]
    for i in range(2, len(todo)):
        p = places[todo[i] - 1]
        if (p.support and p.distrust) or ((p.support or p.distrust) and p.die and may_skip):
            rest = [dst, may_skip, *todo[i:]]
            if s.stage != stage or s.todo != rest:
                tx.goto(stage, rest)
            tx.ask(s.active, step)
            return False
        if p.support or p.distrust:
            tx.token(todo[i], dst, A.SUPPORT if p.support else A.DISTRUST, why)
    tx.goto(*then)
    return True


def on_pull(tx: Tx, a: A.Pull | A.Skip, why: str) -> None:
    """Rumours or Disorder: the choice for the first neighbour left in the work list."""
    s = tx.s
    if isinstance(a, A.Pull):
        tx.token(a.loc, s.todo[0], a.kind, why)
    tx.goto(s.stage, [s.todo[0], s.todo[1], *s.todo[3:]])


@cache
def _hand_rank() -> dict[str, int]:
    return {card: i for i, card in enumerate(game().actions)}


def hand_order(cards: list[str]) -> list[str]:
    """Action cards in the order the game's data lists them."""
    return sorted(cards, key=_hand_rank().__getitem__)


def rest(tx: Tx, seat: int, forced: bool) -> None:
    """T2r: every action card back to hand; Lost Card leaves one random card out as the deck (G48)."""
    s = tx.s
    c = s.chars[seat]
    cards = hand_order(c.hand + c.deck + c.discard)
    if Q.has(c, "C02") and cards:
        out = cards.pop(below(derived_bits(s.seed, s.rng_count), len(cards)))
        tx.emit(E.Rested(c.id, cards, [out], forced, random=True))
    else:
        tx.emit(E.Rested(c.id, cards, [], forced))


# --- T1 / T9: Wendy's and Soos's windows (G26) ---------------------------------------------

def _window(tx: Tx, nxt: str) -> bool:
    s = tx.s
    if Q.window_uses(s, s.active):
        tx.ask(s.active, "ability")
        return False
    tx.goto(nxt)
    return True


def t1(tx: Tx) -> bool:
    return _window(tx, "t2")


def t9(tx: Tx) -> bool:
    return _window(tx, "t10")


def on_ability(tx: Tx, a: A.MoveDie | A.Lift | A.Pass) -> None:
    s = tx.s
    if isinstance(a, A.MoveDie):
        tx.emit(E.DieMoved(s.chars[s.active].id, a.src, a.dst))
    elif isinstance(a, A.Lift):
        tx.emit(E.CurseLifted(a.char, a.curse, by=s.chars[s.active].id))
    tx.goto("t2" if s.stage == "t1" else "t10")


# --- T2 / T3: the action card or rest, and the move (G8-G11, G25) ----------------------------

def t2(tx: Tx) -> bool:
    s = tx.s
    if Q.playable(s, s.active):
        tx.ask(s.active, "action")
        return False
    rest(tx, s.active, forced=True)  # G9: nothing playable
    tx.goto("t9")
    return True


def on_action(tx: Tx, a: A.Play | A.Rest) -> None:
    s = tx.s
    seat = s.active
    if isinstance(a, A.Rest):
        rest(tx, seat, forced=False)
        tx.goto("t9")
        return
    card = game().actions[a.card]
    walk = None
    if card.distance and not card.teleport:
        for end, path, stopped in Q.routes(s, seat, card.distance):
            if end == a.dest:
                walk = path, stopped
                break
        else:
            raise ValueError(f"no route of {card.distance} roads to L{a.dest:02d}")
    ch = s.chars[seat].id
    tx.emit(E.CardPlayed(ch, a.card))
    if card.teleport:
        tx.moved(ch, [a.dest], "teleport")
    elif walk is not None:
        tx.moved(ch, list(walk[0]), "stop" if walk[1] else "walk")
    tx.goto("t4")  # G10: Rumours and the roll follow every card


# --- T4: Rumours (G12) ---------------------------------------------------------------------

def t4(tx: Tx) -> bool:
    s = tx.s
    c = s.chars[s.active]
    if "C04" in c.curses:  # Nobody Listens
        tx.goto("t5")
        return True
    return pulls(tx, "t4_pull", with_tokens(s, c.loc, 1), "rumour", "rumours", ("t5", []))


def with_tokens(s: GravityState, loc: int, may_skip: int) -> list[int]:
    """The work list of pulls to `loc`: [loc, may_skip, the neighbours holding a token...]."""
    places = s.places
    todo = [loc, may_skip]
    for nb in Q.nbrs(loc):
        p = places[nb - 1]
        if p.support or p.distrust:
            todo.append(nb)
    return todo


def t4_pull(tx: Tx) -> bool:
    return pulls(tx, "t4_pull", tx.s.todo, "rumour", "rumours", ("t5", []))


# --- T5: fight or persuade (§5, G13-G20) -----------------------------------------------------

def t5(tx: Tx) -> bool:
    s = tx.s
    seat = s.active
    here = Q.monster_at(s, s.chars[seat].loc)
    giant = Q.alive(s, Q.GIANT)
    if s.giant_stop and giant is not None and giant.loc == s.chars[seat].loc:
        target = giant.id  # G11, G13: the stop forces the fight against the giant
    elif len(here) > 1:
        tx.ask(seat, "target")
        return False
    else:
        target = here[0].id if here else ""
    tx.mode(s.chars[seat].id, target)
    tx.goto("t5_roll")
    return True


def on_target(tx: Tx, a: A.Fight) -> None:
    tx.mode(tx.s.chars[tx.s.active].id, a.monster)
    tx.goto("t5_roll")


def t5_roll(tx: Tx) -> bool:
    s = tx.s
    seat = s.active
    if s.target == Q.GREMLOBLIN and not Q.kids(s):  # T5b
        for _ in range(monsters()[Q.GREMLOBLIN].num("curses")):
            take_curse(tx, seat, "gremloblin")
    s = tx.s
    roll(tx, seat, Q.dice_wanted(s, seat), Q.cap(s.chars[seat]), s.roll_for)
    return _after_roll(tx, "t5_apply")


def _after_roll(tx: Tx, nxt: str) -> bool:
    s = tx.s
    if Q.can_reroll(s, s.active):
        tx.ask(s.active, "reroll")
        return False
    tx.goto(nxt)
    return True


def on_reroll(tx: Tx, a: A.Reroll | A.Pass) -> None:
    s = tx.s
    if isinstance(a, A.Reroll):
        picks: list[int] = []
        for face, n in (("s", a.s), ("m", a.m), ("c", a.c)):
            picks += [i for i, f in enumerate(s.dice) if f == face][:n]
        picks.sort()
        new, fixed = faces(s, len(picks))
        out = list(s.dice)
        for i, f in zip(picks, new, strict=True):
            out[i] = f
        tx.emit(E.Rerolled(s.chars[s.active].id, picks, "".join(out), fixed))
    tx.goto("t8_apply" if tx.s.roll_for == "remove" else "t5_apply")


def _rumble(s: GravityState) -> bool:
    return s.roll_for == "fight" and s.target == Q.RUMBLE and not Q.kids(s)


def t5_apply(tx: Tx) -> bool:
    """T5e: successes (G16, G17, G20)."""
    s = tx.s
    seat = s.active
    loc = s.chars[seat].loc
    wins = s.dice.count("s")
    if s.roll_for == "persuade":
        n = min(wins, Q.place(s, loc).distrust)
        if n:
            tx.flip(loc, n, "support", "persuade")
    else:
        need = Q.needed(s, s.target, loc)
        block = Q.condition_block(s, seat, s.target)
        if wins >= need and not block:
            tx.emit(E.MonsterDefeated(s.chars[seat].id, s.target, wins, need))
            if not Q.live(tx.s):
                tx.emit(E.GameWon())
                raise Ended
        else:
            tx.emit(E.FightFailed(s.chars[seat].id, s.target, wins, need, block if wins >= need else "short"))
    s = tx.s
    pushes = 0 if _rumble(s) else s.dice.count("m")
    tx.goto("t5_push", [pushes])
    return True


def t5_push(tx: Tx) -> bool:
    """T5f: one push per movement face while tokens are left (G18)."""
    s = tx.s
    if s.todo[0] > 0 and Q.push_kinds(s, s.active):
        tx.ask(s.active, "push")
        return False
    tx.goto("t5_curse")
    return True


def on_push(tx: Tx, a: A.Push) -> None:
    s = tx.s
    tx.token(s.chars[s.active].loc, a.loc, a.kind, "push")
    tx.goto("t5_push", [s.todo[0] - 1])


def t5_curse(tx: Tx) -> bool:
    """T5g: one curse for any curse face (G19; Bad Luck, G51; Rumble), then the excess (G15)."""
    s = tx.s
    seat = s.active
    printed = s.dice.count("c")
    shown = printed + (s.dice.count("m") if _rumble(s) else 0)
    excess = s.excess
    if shown:
        extra = printed - 1 if Q.has(s.chars[seat], "C05") and printed > 1 else 0
        take_curse(tx, seat, "roll")
        for _ in range(extra):
            take_curse(tx, seat, "bad_luck")
    for _ in range(excess):
        take_curse(tx, seat, "excess")
    tx.goto("t6")
    return True


# --- T6-T8: courage die, draw, curse removal (G21-G24) --------------------------------------

def t6(tx: Tx) -> bool:
    s = tx.s
    if Q.can_place_die(s, s.active):
        tx.ask(s.active, "die")
        return False
    tx.goto("t7")
    return True


def on_die(tx: Tx, a: A.Place | A.Pass) -> None:
    s = tx.s
    if isinstance(a, A.Place):
        tx.emit(E.DiePlaced(s.chars[s.active].id, s.chars[s.active].loc))
    tx.goto("t7")


def t7(tx: Tx) -> bool:
    s = tx.s
    if Q.can_draw(s, s.active):
        tx.ask(s.active, "draw")
        return False
    tx.goto("t8")
    return True


def on_draw(tx: Tx, a: A.Draw | A.Take | A.Pass) -> None:
    s = tx.s
    seat = s.active
    c = s.chars[seat]
    if isinstance(a, A.Take):
        tx.emit(E.CardTaken(c.id, a.card))
    elif isinstance(a, A.Draw):
        if c.id == "mabel" and Q.ability_works(s, seat):
            while len(tx.s.chars[seat].hand) < Q.hand_limit(tx.s.chars[seat]) and draw_action(tx, seat):
                pass
        else:
            draw_action(tx, seat)
    tx.goto("t8")


def t8(tx: Tx) -> bool:
    s = tx.s
    if Q.can_try_removal(s, s.active):
        tx.ask(s.active, "remove")
        return False
    tx.goto("t9")
    return True


def on_remove(tx: Tx, a: A.Roll | A.Pass) -> None:
    s = tx.s
    if isinstance(a, A.Pass):
        tx.goto("t9")
        return
    c = s.chars[s.active]
    wanted = max(0, Q.place(s, c.loc).support - Q.fewer(c))
    roll(tx, s.active, wanted, Q.cap(c), "remove")  # G14: capped, no excess curses
    _after_roll(tx, "t8_apply")


def t8_apply(tx: Tx) -> bool:
    s = tx.s
    if Q.removal_count(s, s.active) and Q.old_curses(s, s.active):
        tx.ask(s.active, "uncurse")
        return False
    tx.goto("t9")
    return True


def on_uncurse(tx: Tx, a: A.Uncurse | A.Pass) -> None:
    s = tx.s
    if isinstance(a, A.Uncurse):
        for cur in a.curses:
            tx.emit(E.CurseLifted(s.chars[s.active].id, cur))
    tx.goto("t9")


# --- T10 ---------------------------------------------------------------------------------------

def t10(tx: Tx) -> bool:
    """Bad Reputation (C03) flips support here before the monster phase."""
    s = tx.s
    c = s.chars[s.active]
    if Q.has(c, "C03"):
        n = min(Q.curse_num("C03", "flips"), Q.place(s, c.loc).support)
        if n:
            tx.flip(c.loc, n, "distrust", "reputation")
    tx.goto("m1")
    return True


STAGES: dict[str, Callable[[Tx], bool]] = {
    "t1": t1, "t2": t2, "t4": t4, "t4_pull": t4_pull, "t5": t5, "t5_roll": t5_roll,
    "t5_apply": t5_apply, "t5_push": t5_push, "t5_curse": t5_curse, "t6": t6, "t7": t7,
    "t8": t8, "t8_apply": t8_apply, "t9": t9, "t10": t10,
}

HANDLERS: dict[str, Handler] = {
    "ability": on_ability, "action": on_action, "rumour": lambda tx, a: on_pull(tx, a, "rumours"),
    "target": on_target, "reroll": on_reroll, "push": on_push, "die": on_die, "draw": on_draw,
    "remove": on_remove, "uncurse": on_uncurse,
}
