"""End-of-game statistics of a `magic` game, derived from the events of the line that was played."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from core.games.magic import events as E
from core.games.magic.attribution import Attribution

if TYPE_CHECKING:
    from core.engine.journal import Entry
    from core.engine.protocol import Event


@dataclass
class SeatStats:
    transmutations: int = 0
    energy: int = 0  # tokens and energy gained by the seat's creatures
    attacks: int = 0
    created: int = 0  # creatures created during play (not the starting ones)
    burned: int = 0  # properties burned off other creatures


@dataclass
class GameStats:
    seats: list[SeatStats] = field(default_factory=list)
    rounds: int = 0
    moves: int = 0


def game_stats(entries: Iterable[Entry], seats: int) -> GameStats:
    """`entries`: the setup entry, then the moves in effect, oldest first."""
    out = GameStats([SeatStats() for _ in range(seats)])
    track = Attribution()
    for entry in entries:
        setup = entry.kind == "setup"
        out.moves += entry.kind == "move"
        for ev in entry.events:
            track(ev)
            _count(ev, track.owners, out, setup)
    return out


def _count(ev: Event, owners: dict[int, int], out: GameStats, setup: bool) -> None:
    def of(uid: int) -> SeatStats | None:
        seat = owners.get(uid)
        return out.seats[seat] if seat is not None and 0 <= seat < len(out.seats) else None

    if isinstance(ev, E.RoundStarted):
        out.rounds = max(out.rounds, ev.round)
    elif isinstance(ev, E.PositionSet):
        out.rounds = max(out.rounds, ev.state.round)
        for i, p in enumerate(ev.state.players[: len(out.seats)]):
            out.seats[i].transmutations = p.tokens
    elif isinstance(ev, E.Transmuted):
        out.seats[ev.seat].transmutations = ev.tokens
    elif isinstance(ev, E.CreatureCreated) and not setup:
        out.seats[ev.seat].created += 1
    elif isinstance(ev, (E.EnergyTaken, E.Gulped, E.Molted)):
        s = of(ev.creature)
        if s:
            s.energy += 1
    elif isinstance(ev, (E.Hit, E.Burned)):
        s = of(ev.creature)
        if s:
            s.energy += ev.gain
            s.burned += isinstance(ev, E.Burned)
    elif isinstance(ev, E.AttackDeclared):
        s = of(ev.creature)
        if s:
            s.attacks += 1
