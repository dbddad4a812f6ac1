"""End-of-game statistics of a `classic` game: the «Эволюция» kit's, counted by turns."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.games.classic.rules import RULES
from core.kits.evolution import stats
from core.kits.evolution.stats import GameStats


def game_stats(entries: Iterable[Any], seats: int) -> GameStats:
    """`entries`: the setup entry, then the moves in effect, oldest first."""
    return stats.game_stats(entries, seats, RULES)
