"""End-of-game statistics of a `newworld` game, derived from the events of the line played."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from core.games.newworld import events as E
from core.games.newworld.attribution import Attribution


@dataclass
class SeatStats:
    score: int = 0
    animals: int = 0  # animals created during play
    properties: int = 0  # property cards played (a paired card once)
    food: int = 0  # food and fat tokens its animals received
    shelters: int = 0
    attacks: int = 0
    kills: int = 0
    lost: int = 0  # own animals eaten, starved, poisoned or killed by horns


@dataclass
class GameStats:
    seats: list[SeatStats] = field(default_factory=list)
    epochs: int = 0
    moves: int = 0
    winners: list[int] = field(default_factory=list)
    by_lot: bool = False


def game_stats(entries: Iterable[Any], seats: int) -> GameStats:
    """`entries`: the setup entry, then the moves in effect, oldest first."""
    out = GameStats([SeatStats() for _ in range(seats)])
    track = Attribution()
    for entry in entries:
        out.moves += entry.kind == "move"
        for ev in entry.events:
            lost = _lost_owner(ev, track.owners)
            track(ev)
            _count(ev, track.owners, out)
            if lost is not None and 0 <= lost < seats:
                out.seats[lost].lost += 1
    return out


def _lost_owner(ev: Any, owners: dict[int, int]) -> int | None:
    if isinstance(ev, E.Eaten):
        return owners.get(ev.prey)
    if isinstance(ev, E.Died):
        return owners.get(ev.animal)
    return None


def _count(ev: Any, owners: dict[int, int], out: GameStats) -> None:
    def of(uid: int) -> SeatStats | None:
        seat = owners.get(uid)
        return out.seats[seat] if seat is not None and 0 <= seat < len(out.seats) else None

    t = type(ev)
    if t is E.EpochStarted:
        out.epochs = max(out.epochs, ev.epoch)
    elif t is E.PositionSet:
        out.epochs = max(out.epochs, ev.state.epoch)
    elif t is E.Created:
        out.seats[ev.seat].animals += 1
    elif t in (E.Added, E.Paired):
        out.seats[ev.seat].properties += 1
    elif t is E.Food:
        s = of(ev.animal)
        if s:
            s.food += ev.red + ev.blue + ev.fat
    elif t is E.Sheltered:
        s = of(ev.animal)
        if s:
            s.shelters += 1
    elif t is E.Attacked:
        s = of(ev.predator)
        if s:
            s.attacks += 1
    elif t is E.Eaten:
        s = of(ev.predator)
        if s:
            s.kills += 1
    elif t is E.GameEnded:
        for i, k in enumerate(ev.scores[: len(out.seats)]):
            out.seats[i].score = k
        out.winners = list(ev.winners)
        out.by_lot = ev.lot
