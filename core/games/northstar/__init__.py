"""North Star Games' «Evolution» (game id `northstar`; Russian edition «Эволюция. Естественный
отбор»): the descriptor the registry finds.

2-6 players (NS1; two players: 40 cards out, 2 traits a species, NS26); the short variant
with simultaneous play of phase 3 (§7.4, NS27); food bags secret or open (NS29).
"""

from __future__ import annotations

from core.engine.descriptor import GameDescriptor, Option

GAME = GameDescriptor(
    id="northstar",
    order=5,
    package=__name__,
    seats=(2, 6, 2),
    seats_rule="NS1",
    ruling_prefix="NS",
    section_prefix="NS",
    spec="northstar_evolution.md",
    rules="core.games.northstar.rules:RULES",
    heuristics="core.games.northstar.bot:HEURISTICS",
    scenario="core.games.northstar.scenario:SCENARIO",
    invariants="core.games.northstar.invariants:INVARIANTS",
    statistics="core.games.northstar.stats:game_stats",
    native=("bot", "flow", "fold", "legal", "plan", "queries", "state", "tx"),
    options=(
        Option("short", "bool", default=False, rule="NS27"),
        Option("open_bags", "bool", default=False, rule="NS29"),
    ),
)
