"""Nim's positions from scenario files — a schema and a build, as every game declares them —
and what makes a position possible: its invariants (core/engine/invariants.py)."""

# No `from __future__ import annotations`: msgspec reads these annotations as types.

from collections import Counter
from typing import Annotated, Any

import msgspec

from core.engine.invariants import Invariant, collector
from core.engine.protocol import ScenarioAdapter
from tests.kit.nim.state import COPIES, HAND, VALUES, NimState

Value = Annotated[int, msgspec.Meta(ge=1, le=3)]


class PlayerAt(msgspec.Struct, forbid_unknown_fields=True):
    hand: list[Value] = []


class Position(msgspec.Struct, forbid_unknown_fields=True):
    players: list[PlayerAt]
    heap: Annotated[int, msgspec.Meta(ge=0, le=40)] = 40
    turn: Annotated[int, msgspec.Meta(ge=0, le=9)] = 0
    round: Annotated[int, msgspec.Meta(ge=1, le=10**6)] = 1
    discard: list[Value] = []  # the cards played; the cards neither held nor played are aside


def build(pos: Position, seed: int = 0) -> NimState:
    rest = Counter({v: COPIES for v in VALUES})
    rest.subtract([v for p in pos.players for v in p.hand] + pos.discard)
    if any(k < 0 for k in rest.values()):
        raise ValueError(f"more than {COPIES} cards of one value")
    return NimState(seed, 0, max(5, pos.heap), pos.heap, [sorted(p.hand) for p in pos.players],
                    sorted(rest.elements()), pos.discard, pos.round, pos.turn, "play", pos.turn)


def facts(s: NimState) -> dict[str, Any]:
    out: dict[str, Any] = {"heap": s.heap, "turn": s.turn, "step": s.step, "round": s.round,
                           "winner": s.winner, "aside": len(s.aside), "discard": s.discard[:]}
    for i, h in enumerate(s.hands):
        out[f"p{i}.hand"] = h[:]
        out[f"p{i}.hand_size"] = len(h)
    return out


SCENARIO = ScenarioAdapter(schema=Position, build=build,
                           options=lambda s: {"heap": s.start}, facts=facts)


INVARIANTS: list[Invariant] = []
invariant = collector(INVARIANTS)


@invariant("NIM1")
def two_or_three_seats(s: NimState) -> str | None:
    """Two or three seats play."""
    return None if 2 <= s.n <= 3 else f"{s.n} players (2 or 3)"


@invariant("NIM3")
def every_card_in_one_place(s: NimState) -> str | None:
    """The 12 cards, four of each value, are in the hands, aside or played."""
    held = Counter(v for h in s.hands for v in h) + Counter(s.aside) + Counter(s.discard)
    return None if held == Counter({v: COPIES for v in VALUES}) else \
        "the cards are not four of each value 1..3"


@invariant("NIM3")
def hands_of_four_at_most(s: NimState) -> str | None:
    """A hand holds at most the four cards dealt."""
    big = [i for i, h in enumerate(s.hands) if len(h) > HAND]
    return f"seat {big[0]} holds more than {HAND} cards" if big else None


@invariant("NIM5")
def the_heap_within_its_start(s: NimState) -> str | None:
    """The heap holds 0 stones to those it started with, 5 to 40."""
    if not 5 <= s.start <= 40 or not 0 <= s.heap <= s.start:
        return f"a heap of {s.heap} stones that started with {s.start}"
    return None


@invariant()
def the_seats_named_exist(s: NimState) -> str | None:
    """Whose turn it is and who decides are seats of the game."""
    bad = [name for name in ("turn", "decider") if not 0 <= getattr(s, name) < s.n]
    return f"{bad[0]} is seat {getattr(s, bad[0])}, which does not exist" if bad else None


@invariant("NIM5", settled=True)
def a_winner_once_the_heap_is_empty(s: NimState) -> str | None:
    """The game is over exactly when the heap is empty, won by a seat of the game."""
    over = s.step == "over"
    if over != (s.heap == 0) or over != (s.winner != -1) or (over and not 0 <= s.winner < s.n):
        return f"a heap of {s.heap} with step '{s.step}' and winner {s.winner}"
    return None


@invariant("NIM2", settled=True)
def the_turns_seat_decides(s: NimState) -> str | None:
    """The seat whose turn it is decides, until the game is over."""
    if s.step not in ("play", "over") or (s.step == "play" and s.decider != s.turn):
        return f"seat {s.decider} decides '{s.step}' in seat {s.turn}'s turn"
    return None
