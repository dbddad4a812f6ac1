"""Who did what in a `newworld` game: the «Эволюция» kit's attribution over Новый мир's events."""

from __future__ import annotations

from core.games.newworld import events as E
from core.kits.evolution import attribution


class Attribution(attribution.Attribution):
    E = E
