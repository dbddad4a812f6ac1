"""Effects shared by every part of the `gravity` flow: the transaction that emits and folds
events, dice, the alarm, curses (§4.4 TakeCurse), decks and tokens.

A win or a loss ends the game at once, whatever is pending (G20, mark 16): the helper that
finds it emits the event and raises `Ended`, which the flow catches at the top.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

from core.engine.draws import below, shuffle
from core.engine.rng import derived_bits
from core.engine.tx import Tx as EngineTx
from core.games.gravity import events as E
from core.games.gravity import queries as Q
from core.games.gravity.data import game, is_event, marks_for
from core.games.gravity.fold import FOLD
from core.games.gravity.state import GravityState


class Ended(Exception):
    """The game has just been won or lost; nothing more happens."""


# A `Goto` without a work list, one per stage: events are frozen and never changed, so every
# log may hold the same one (its empty `todo` is only ever copied).
_GOTO: dict[str, E.Goto] = {}


# A step's handler: each takes the actions its step allows (legal.STEP_ACTIONS), which the
# table's key guarantees and a type cannot say, so the table takes any.
Handler: TypeAlias = "Callable[[Tx, Any], None]"


class Tx(EngineTx[GravityState]):
    """The engine's transaction, with the flow's most frequent events as methods: each records
    its event and makes the change that event's fold makes (`fold._goto`, `_await`, `_token`,
    `_flip`, ...) in place, without the fold's table, call and checks, which the rules' own
    events need not pass again. tests/games/gravity/test_gravity_rules.py folds the logs of random
    games and finds the state the rules left, event for event."""

    __slots__ = ()
    await_event = E.Await

    def goto(self, stage: str, todo: list[int] | None = None) -> None:
        """`Goto(stage, todo)`: the flow's next stage and its work list."""
        s = self.s
        if todo is None:
            if self.keep:
                try:
                    self.events.append(_GOTO[stage])
                except KeyError:
                    self.events.append(_GOTO.setdefault(stage, E.Goto(stage)))
            if s.todo:
                s.todo = []
        else:
            if self.keep:
                self.events.append(E.Goto(stage, todo))
            s.todo = todo[:]  # the state's own list: the event's stays as recorded
        s.stage = stage
        if s.step:  # setting a field costs more than reading it
            s.step = ""
        s.version += 1

    def flip(self, loc: int, n: int, to: str, why: str) -> None:
        """`Flipped(loc, n, to, why)`: n tokens on `loc` turn to `to`, where there are n."""
        if self.keep:
            self.events.append(E.Flipped(loc, n, to, why))
        s = self.s
        p = s.places[loc - 1]
        if to == "distrust":
            p.support -= n
            p.distrust += n
        else:
            p.distrust -= n
            p.support += n
        s.version += 1

    def alarm(self, by: int, value: int, why: str) -> None:
        """`AlarmRaised(by, value, why)`."""
        if self.keep:
            self.events.append(E.AlarmRaised(by, value, why))
        s = self.s
        s.alarm = value
        s.version += 1

    def mode(self, ch: str, target: str) -> None:
        """`Mode(ch, target)`: fight `target`, or persuade when it is ""."""
        if self.keep:
            self.events.append(E.Mode(ch, target))
        s = self.s
        s.target = target
        s.roll_for = "fight" if target else "persuade"
        s.version += 1

    def moved(self, ch: str, path: list[int], how: str) -> None:
        """`Moved(ch, path, how)`."""
        if self.keep:
            self.events.append(E.Moved(ch, path, how))
        s = self.s
        for c in s.chars:
            if c.id == ch:
                c.loc = path[-1]
                break
        if how == "stop":
            s.giant_stop = True
        s.version += 1

    def monster_moved(self, monster: str, card: str, loc: int) -> None:
        """`MonsterMoved(monster, card, loc)`: slot 1's card sends `monster` to `loc`."""
        if self.keep:
            self.events.append(E.MonsterMoved(monster, card, loc))
        s = self.s
        s.row.pop(0)
        s.mdiscard.append(card)
        for m in s.monsters:
            if m.id == monster:
                m.loc = loc
                break
        s.version += 1

    def row_added(self, card: str) -> None:
        """`RowAdded(card)`: the movement deck's top card to the row."""
        if self.keep:
            self.events.append(E.RowAdded(card))
        s = self.s
        s.mdeck.pop()
        s.row.append(card)
        s.version += 1

    def turn(self, turn: int, round_: int, seat: int, ch: str) -> None:
        """`TurnStarted(turn, round, seat, ch)`: the turn's own fields start afresh."""
        if self.keep:
            self.events.append(E.TurnStarted(turn, round_, seat, ch))
        s = self.s
        s.turn, s.round, s.active = turn, round_, seat
        s.card, s.rested, s.giant_stop, s.event_resolved = "", False, False, False
        s.ability_used = s.reroll_used = False
        s.target, s.roll_for, s.dice, s.excess = "", "", "", 0
        s.version += 1

    def token(self, src: int, dst: int, kind: str, why: str) -> None:
        """`TokenMoved(src, dst, kind, why)`: one token from `src` to `dst`, where `src` has one."""
        if self.keep:
            self.events.append(E.TokenMoved(src, dst, kind, why))
        s = self.s
        a, b = s.places[src - 1], s.places[dst - 1]
        if kind == "support":
            a.support -= 1
            b.support += 1
        else:
            a.distrust -= 1
            b.distrust += 1
        s.version += 1


def new_tx(s: GravityState | None) -> Tx:
    """A transaction over `s` that folds with the `gravity` fold table."""
    return Tx(s, FOLD)


def shuffled(s: GravityState, cards: list[str]) -> list[str]:
    """A shuffle with the state's next random operation (the event that records it counts it)."""
    out = cards[:]
    shuffle(derived_bits(s.seed, s.rng_count), out)
    return out


# --- dice (§5, G52) ---------------------------------------------------------------------

def faces(s: GravityState, n: int) -> tuple[str, int]:
    """n die faces: a scenario's fixed faces first, then random ones; and how many were fixed."""
    fixed = min(n, len(s.fixed_dice))
    out = s.fixed_dice[:fixed]
    if n > fixed:
        bits = derived_bits(s.seed, s.rng_count)
        table = game().faces
        sides = len(table)
        k = sides.bit_length()
        for _ in range(n - fixed):  # rng.below, inline: a die at a time
            r = bits(k)
            while r >= sides:
                r = bits(k)
            out += table[r]
    return out, fixed


def roll(tx: Tx, seat: int, wanted: int, limit: int, purpose: str) -> None:
    """Roll min(wanted, limit) dice; `excess` is what the cap kept back (G14, G15)."""
    n = min(wanted, limit)
    out, fixed = faces(tx.s, n)
    excess = wanted - n if purpose != "remove" else 0
    tx.emit(E.Rolled(tx.s.chars[seat].id, out, wanted, excess, purpose, fixed))


# --- the alarm (§7, G39-G41) ------------------------------------------------------------

def raise_alarm(tx: Tx, by: int, why: str) -> None:
    """Raise the alarm; queue the marks passed for the first time; lose at once at the end."""
    s = tx.s
    if by <= 0:
        return
    old = s.alarm
    tx.alarm(by, min(old + by, game().alarm_max), why)
    for at, effect in marks_for(s.variant == "kids"):
        if old < at <= tx.s.alarm and at not in tx.s.marks:  # marks ascend: most stop at once
            tx.emit(E.MarkReached(at, effect))
            if effect == "loss":
                tx.emit(E.GameLost())
                raise Ended


# --- decks --------------------------------------------------------------------------------

def top_movement(tx: Tx) -> str | None:
    """The top movement card, reshuffling the whole discard first if the deck is empty (G36)."""
    s = tx.s
    if not s.mdeck:
        if not s.mdiscard:
            return None
        tx.emit(E.MovementReshuffled(shuffled(s, s.mdiscard)))
    return tx.s.mdeck[-1]


def draw_action(tx: Tx, seat: int) -> bool:
    """Draw the top action card, first reshuffling the discard if the deck is empty (T7)."""
    c = tx.s.chars[seat]
    if not c.deck:
        if not c.discard:
            return False
        tx.emit(E.ActionsReshuffled(c.id, shuffled(tx.s, c.discard)))
        c = tx.s.chars[seat]
    tx.emit(E.Drew(c.id, [c.deck[-1]]))
    return True


# --- curses (§4.4 TakeCurse, §8.4) ------------------------------------------------------

def take_curse(tx: Tx, seat: int, why: str) -> None:
    """Draw a curse for `seat` (G37, G38) and resolve its immediate effect."""
    while True:
        s = tx.s
        held = s.chars[seat].curses
        if not _other(held, s.cdeck) and not _other(held, s.cdiscard):
            return  # nothing the character could take: both piles empty, or only types it holds
        if not s.cdeck:
            tx.emit(E.CursesReshuffled(shuffled(s, s.cdiscard)))
        top = tx.s.cdeck[-1]
        if top in held:
            tx.emit(E.CurseDuplicate(s.chars[seat].id, top))
            continue
        tx.emit(E.CurseTaken(s.chars[seat].id, top, why))
        _immediate(tx, seat, top)
        return


def _other(held: list[str], pile: list[str]) -> bool:
    """The pile holds a curse of a type not in `held`."""
    for cur in pile:  # noqa: SIM110 - a loop: any() over a generator costs a frame per curse
        if cur not in held:
            return True
    return False


def _immediate(tx: Tx, seat: int, curse: str) -> None:
    if curse == "C07":  # Bill's Eye (G49)
        for _ in range(Q.curse_num("C07", "cards")):
            card = top_movement(tx)
            if card is None:
                return
            tx.emit(E.CardMilled(card))
            if is_event(card):
                tx.emit(E.Queued(card))  # G35: resolved after the current step
    elif curse == "C14":  # Panic
        raise_alarm(tx, Q.curse_num("C14", "alarm"), "panic")
    elif curse == "C18":  # Nightmare
        for _ in range(Q.curse_num("C18", "cards")):
            hand = tx.s.chars[seat].hand
            if not hand:
                return
            card = hand[below(derived_bits(tx.s.seed, tx.s.rng_count), len(hand))]
            tx.emit(E.ActionDiscarded(tx.s.chars[seat].id, card, "nightmare", random=True))


def curse_each(tx: Tx, seats: list[int], why: str) -> None:
    for seat in seats:
        take_curse(tx, seat, why)


# --- tokens -------------------------------------------------------------------------------

def pull_all(tx: Tx, dst: int, kinds: tuple[str, ...], why: str) -> int:
    """Pull 1 token of the first available kind from every neighbour (setup, Lure): where no
    choice can arise. Returns the distrust tokens pulled."""
    pulled = 0
    for nb in Q.nbrs(dst):
        p = Q.place(tx.s, nb)
        for kind in kinds:
            if (p.support if kind == "support" else p.distrust) > 0:
                tx.token(nb, dst, kind, why)
                pulled += kind == "distrust"
                break
    return pulled


def flip_all(tx: Tx, loc: int, why: str) -> None:
    n = Q.place(tx.s, loc).support
    if n:
        tx.flip(loc, n, "distrust", why)
