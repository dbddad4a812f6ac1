"""End-of-game statistics of a `newworld` game: the «Эволюция» kit's, counted by epochs, and
the shelters each seat's animals took."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.games.newworld import events as E
from core.games.newworld.rules import RULES
from core.kits.evolution import stats
from core.kits.evolution.stats import GameStats

if TYPE_CHECKING:
    from core.engine.journal import Entry
    from core.engine.protocol import Event


@dataclass
class SeatStats(stats.SeatStats):
    shelters: int = 0


def _count(ev: Event, of: Callable[[int], SeatStats | None]) -> None:
    if type(ev) is E.Sheltered:
        s = of(ev.animal)
        if s:
            s.shelters += 1


def game_stats(entries: Iterable[Entry], seats: int) -> GameStats[SeatStats]:
    """`entries`: the setup entry, then the moves in effect, oldest first."""
    return stats.game_stats(entries, seats, RULES, SeatStats, _count)
