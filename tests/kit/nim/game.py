"""Nim's rules (contract 1) in one module, which serves the kit's `GameRules` in every role but
notation (notation.py): the fold, the flow, legality, views, the text view and narration."""

from __future__ import annotations

import random
import sys
from typing import Any, ClassVar

from core.engine.protocol import IllegalAction, Outcome
from core.engine.rng import derived
from core.engine.rules_base import FoldError, GameRules, Narration, Telling, Tx
from tests.kit.nim import GAME, notation
from tests.kit.nim.actions import Action, Play, Take
from tests.kit.nim.state import (
    COPIES,
    HAND,
    VALUES,
    Await,
    Dealt,
    Event,
    NimState,
    NimView,
    Played,
    PositionSet,
    RoundStarted,
    Started,
    Took,
    Won,
    clone,
)

DECK = sorted(v for v in VALUES for _ in range(COPIES))
TAKE = Take()


def say(key: str, lang: str, **args: Any) -> str:
    return GAME.text(key, lang, **args)


def _who(seat: int, lang: str, names: list[str] | None = None) -> str:
    return names[seat] if names and 0 <= seat < len(names) and names[seat] else \
        say("game.player", lang, k=seat + 1)


# --- the fold: the only code that changes a state --------------------------------------------

def _seat(s: NimState, seat: int) -> None:
    if not 0 <= seat < s.n:
        raise FoldError(f"there is no seat {seat}")


def _started(s: Any, e: Started) -> NimState:
    if not 2 <= e.seats <= 3 or e.heap < 1:
        raise FoldError(f"a game of {e.seats} seats and {e.heap} stones")
    return NimState(e.seed, e.rng_count, e.heap, e.heap, [[] for _ in range(e.seats)],
                    list(e.aside))


def _dealt(s: NimState, e: Dealt) -> NimState:
    _seat(s, e.seat)
    s.hands[e.seat] = sorted(s.hands[e.seat] + e.cards)
    return s


def _position(s: Any, e: PositionSet) -> NimState:
    return clone(e.state)


def _round(s: NimState, e: RoundStarted) -> NimState:
    s.round = e.round
    return s


def _await(s: NimState, e: Await) -> NimState:
    _seat(s, e.seat)
    if e.step != "play":
        raise FoldError(f"unknown step '{e.step[:40]}'")
    s.turn = s.decider = e.seat
    s.step = e.step
    return s


def _played(s: NimState, e: Played) -> NimState:
    _seat(s, e.seat)
    if e.value not in s.hands[e.seat] or e.took != min(e.value, s.heap):
        raise FoldError(f"seat {e.seat} cannot play {e.value} and take {e.took}")
    s.hands[e.seat].remove(e.value)
    s.discard.append(e.value)
    s.heap -= e.took
    return s


def _took(s: NimState, e: Took) -> NimState:
    _seat(s, e.seat)
    if s.hands[e.seat] or s.heap < 1:
        raise FoldError(f"seat {e.seat} cannot take a stone")
    s.heap -= 1
    return s


def _won(s: NimState, e: Won) -> NimState:
    _seat(s, e.seat)
    s.winner, s.step = e.seat, "over"
    return s


FOLD = {Started: _started, Dealt: _dealt, PositionSet: _position, RoundStarted: _round,
        Await: _await, Played: _played, Took: _took, Won: _won}


# --- the flow --------------------------------------------------------------------------------

def setup(tx: Tx[NimState], seats: int, options: dict[str, Any], seed: int) -> None:
    deck = DECK[:]
    derived(seed, 0).shuffle(deck)  # the deal (NIM3): recorded in the events
    dealt = seats * HAND
    tx.emit(Started(seed, 1, options["heap"], seats, sorted(deck[dealt:])))
    for seat in range(seats):
        tx.emit(Dealt(seat, sorted(deck[seat * HAND:(seat + 1) * HAND])))
    tx.emit(RoundStarted(1))
    tx.emit(Await(0, "play"))


def resolve(tx: Tx[NimState], action: Any) -> None:
    s = tx.s
    seat = s.decider
    if isinstance(action, Play):
        tx.emit(Played(seat, action.value, min(action.value, s.heap)))  # NIM2
    else:
        tx.emit(Took(seat))  # NIM4
    if tx.s.heap == 0:
        tx.emit(Won(seat))  # NIM5
        return
    nxt = (seat + 1) % s.n
    if nxt == 0:
        tx.emit(RoundStarted(s.round + 1))
    tx.emit(Await(nxt, "play"))


# --- legality --------------------------------------------------------------------------------

def legal_actions(s: NimState) -> list[Any]:
    if s.step != "play":
        return []
    hand = s.hands[s.decider]
    return [Play(v) for v in sorted(set(hand))] if hand else [TAKE]


def explain(s: NimState, action: Any, lang: str = "en") -> IllegalAction:
    if s.step != "play":
        return IllegalAction("NIM5", say("illegal.over", lang))
    hand = s.hands[s.decider]
    if isinstance(action, Play):
        if not hand:
            return IllegalAction("NIM4", say("illegal.empty", lang))
        return IllegalAction("NIM2", say("illegal.no_card", lang, value=action.value))
    return IllegalAction("NIM4", say("illegal.must_play", lang))


def prompt(s: NimState, lang: str) -> str:
    if s.step != "play":
        return say("prompt.over", lang)
    return say("prompt.play" if s.hands[s.decider] else "prompt.take", lang,
               who=_who(s.decider, lang))


# --- views -----------------------------------------------------------------------------------

def view(s: NimState, seat: int | None) -> NimView:
    """What `seat` may see (NIM3): its own hand, the others' sizes, the cards played."""
    return NimView(seat, s.start, s.heap,
                   [h[:] if seat is None or i == seat else None for i, h in enumerate(s.hands)],
                   [len(h) for h in s.hands], len(s.aside), s.discard[:], s.round, s.turn,
                   s.step, s.decider, s.winner)


def determinize(v: NimView, rng: random.Random) -> NimState:
    """A state the view cannot tell from the real one: what it does not show dealt at random."""
    unseen = DECK[:]
    for card in v.discard + [c for h in v.hands if h is not None for c in h]:
        unseen.remove(card)
    rng.shuffle(unseen)
    hands = []
    for h, size in zip(v.hands, v.sizes, strict=True):
        hands.append(sorted(h) if h is not None else sorted(unseen[:size]))
        if h is None:
            del unseen[:size]
    return NimState(0, 0, v.start, v.heap, hands, sorted(unseen), v.discard[:], v.round, v.turn,
                    v.step, v.decider, v.winner)


# --- text ------------------------------------------------------------------------------------

def render(v: NimView, lang: str, names: list[str]) -> str:
    lines = [say("view.heap", lang, heap=v.heap)]
    for seat, (hand, size) in enumerate(zip(v.hands, v.sizes, strict=True)):
        who = _who(seat, lang, names)
        lines.append(say("view.hidden", lang, who=who, k=size) if hand is None else
                     say("view.hand", lang, who=who,
                         cards=", ".join(map(str, hand)) or say("view.none", lang)))
    played = ", ".join(map(str, v.discard)) or say("view.none", lang)
    lines += [say("view.discard", lang, cards=played), say("view.aside", lang, k=v.aside)]
    if v.step == "play":
        what = say("prompt.play" if v.sizes[v.decider] else "prompt.take", lang,
                   who=_who(v.decider, lang, names))
        lines.append(say("view.now", lang, what=what))
    return "\n".join(lines)


def _dealt_told(e: Dealt, t: Telling) -> str:
    if t.sees(e.seat):
        return t.say("event.dealt_own", who=t.who(e.seat), cards=", ".join(map(str, e.cards)))
    return t.say("event.dealt", who=t.who(e.seat), k=len(e.cards))


NARRATION = Narration(say, {
    Started: lambda e, t: t.say("event.started", heap=e.heap),
    Dealt: _dealt_told,
    RoundStarted: lambda e, t: t.say("event.round", k=e.round),
    Played: lambda e, t: t.say("event.played", who=t.who(e.seat), value=e.value, took=e.took),
    Took: lambda e, t: t.say("event.took", who=t.who(e.seat)),
    Won: lambda e, t: t.say("event.won", who=t.who(e.seat)),
})

_HERE = sys.modules[__name__]


class NimRules(GameRules[NimState]):
    game_id = "nim"
    action_type = Action
    event_type = Event
    state_type = NimState
    view_type = NimView
    fold = FOLD
    opening = (Started, PositionSet)
    position_type = PositionSet
    revealing = (Started, PositionSet, Dealt)
    narration = NARRATION
    legal: ClassVar[Any] = _HERE
    flow: ClassVar[Any] = _HERE
    views: ClassVar[Any] = _HERE
    notation: ClassVar[Any] = notation
    textview: ClassVar[Any] = _HERE

    clone = staticmethod(clone)

    def outcome(self, s: NimState) -> Outcome | None:
        if s.step != "over":
            return None
        return Outcome([s.winner], [int(i == s.winner) for i in range(s.n)])

    def round_started(self, event: Any) -> int | None:
        if isinstance(event, RoundStarted):
            return event.round
        return event.state.round if isinstance(event, PositionSet) else None

    def log_attribution(self) -> Any:
        return lambda event: None  # every narrated event names its seat


RULES = NimRules()
