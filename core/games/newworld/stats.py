"""End-of-game statistics of a `newworld` game: the «Эволюция» kit's, counted by epochs, and
the shelters each seat's animals took."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from core.games.newworld import events as E
from core.games.newworld.rules import RULES
from core.kits.evolution import stats
from core.kits.evolution.stats import GameStats


@dataclass
class SeatStats(stats.SeatStats):
    shelters: int = 0


def _count(ev: Any, of: Callable[[int], Any]) -> None:
    if type(ev) is E.Sheltered:
        s = of(ev.animal)
        if s:
            s.shelters += 1


def game_stats(entries: Iterable[Any], seats: int) -> GameStats:
    """`entries`: the setup entry, then the moves in effect, oldest first."""
    return stats.game_stats(entries, seats, RULES, _count, SeatStats)
