"""End-of-game statistics of an «Эволюция» game, derived from the events of the line played:
per seat its score, the animals and property cards it put down, the food its animals got, its
attacks, kills and losses; the rounds (turns or epochs), the moves, the winners."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from core.engine.protocol import Event
from core.kits.evolution.attribution import Attribution

if TYPE_CHECKING:
    from core.engine.journal import Entry
    from core.kits.evolution.rules import EvolutionRules


@dataclass
class SeatStats:
    score: int = 0
    animals: int = 0  # animals created during play
    properties: int = 0  # property cards played (a paired card once)
    food: int = 0  # food and fat tokens its animals received
    attacks: int = 0
    kills: int = 0
    lost: int = 0  # own animals eaten or dead (starved, poisoned, by horns)


SS = TypeVar("SS", bound=SeatStats)  # a game's seat statistics


@dataclass
class GameStats(Generic[SS]):
    seats: list[SS] = field(default_factory=list)
    rounds: int = 0  # turns (classic) or epochs (Новый мир) begun
    moves: int = 0
    winners: list[int] = field(default_factory=list)
    by_lot: bool = False  # a lot broke the tie (CL28 / NW40)


# A game's own counts: (event, of) where `of(uid)` is the stats of the animal's owner, if known.
Count = Callable[[Event, Callable[[int], SS | None]], None]


def game_stats(entries: Iterable[Entry], seats: int, rules: EvolutionRules[Any],
               seat_stats: type[SS], count: Count[SS] | None = None) -> GameStats[SS]:
    """`entries`: the setup entry, then the moves in effect, oldest first. `rules`: the game's
    ruleset (its events, attribution and rounds); `count(event, of)`: the game's own
    counts, `of(uid)` being the stats of the animal's owner; `seat_stats`: their type."""
    out = GameStats([seat_stats() for _ in range(seats)])
    E = rules.events
    track = rules.attribution()
    assert E is not None and rules.rounds is not None and isinstance(track, Attribution)
    start, number = rules.rounds

    def of(uid: int) -> SS | None:
        seat = track.owners.get(uid)
        return out.seats[seat] if seat is not None and 0 <= seat < seats else None

    for entry in entries:
        out.moves += entry.kind == "move"
        events: list[Any] = entry.events  # the game's own, told apart by their type (E.*)
        for ev in events:
            t = type(ev)
            lost = of(ev.prey) if t is E.Eaten else of(ev.animal) if t is E.Died else None
            track(ev)
            if t is start:
                out.rounds = max(out.rounds, getattr(ev, number))
            elif t is E.PositionSet:
                out.rounds = max(out.rounds, getattr(ev.state, number))
            elif t is E.Created:
                out.seats[ev.seat].animals += 1
            elif t in (E.Added, E.Paired):
                out.seats[ev.seat].properties += 1
            elif t is E.Food:
                s = of(ev.animal)
                if s:
                    s.food += ev.red + ev.blue + ev.fat
            elif t is E.Attacked:
                s = of(ev.predator)
                if s:
                    s.attacks += 1
            elif t is E.Eaten:
                s = of(ev.predator)
                if s:
                    s.kills += 1
            elif t is E.Lot:
                out.by_lot = True
            elif t is E.GameEnded:
                for i, k in enumerate(ev.scores[:seats]):
                    out.seats[i].score = k
                out.winners = list(ev.winners)
            elif count is not None:
                count(ev, of)
            if lost is not None:
                lost.lost += 1
    return out
