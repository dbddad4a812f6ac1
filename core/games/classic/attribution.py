"""Who did what in a `classic` game: the «Эволюция» kit's attribution over classic's events."""

from __future__ import annotations

from core.games.classic import events as E
from core.kits.evolution import attribution


class Attribution(attribution.Attribution):
    E = E
