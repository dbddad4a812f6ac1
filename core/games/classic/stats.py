"""End-of-game statistics of a `classic` game: the «Эволюция» kit's, counted by turns."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from core.games.classic.rules import RULES
from core.kits.evolution import stats
from core.kits.evolution.stats import GameStats, SeatStats

if TYPE_CHECKING:
    from core.engine.journal import Entry


def game_stats(entries: Iterable[Entry], seats: int) -> GameStats[SeatStats]:
    """`entries`: the setup entry, then the moves in effect, oldest first."""
    return stats.game_stats(entries, seats, RULES, SeatStats)
