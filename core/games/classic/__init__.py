"""Classic «Эволюция» (game id `classic`): the descriptor the registry finds.

Rule sets: `classic` (the 2nd-edition rules, 2-4 players) and `v09` (the fan variant v0.9)
with its personal food reserve and five players; either may use 3rd-edition mimicry and the
"single Ядовитое" deck (spec §1, §7, CL1-CL3, CL15).
"""

from __future__ import annotations

from core.engine.descriptor import GameDescriptor, Option

GAME = GameDescriptor(
    id="classic",
    order=3,
    package=__name__,
    seats=(2, 4, 2),
    seats_rule="CL2",
    ruling_prefix="CL",
    section_prefix="CL",
    spec="classic_evolution.md",
    rules="core.games.classic.rules:RULES",
    heuristics="core.games.classic.bot:HEURISTICS",
    scenario="core.games.classic.scenario:SCENARIO",
    invariants="core.games.classic.invariants:INVARIANTS",
    statistics="core.games.classic.stats:game_stats",
    native=("bot", "flow", "fold", "legal", "queries", "state"),
    options=(
        Option("ruleset", "choice", default="classic", choices=("classic", "v09"), rule="CL1"),
        Option("personal_food", "bool", default=False, applies=("ruleset", ("v09",)), off=False,
               rule="CL34"),
        # CL2: five seats only in v0.9's five-player sub-variant (3d6 food, 5 turns).
        Option("five_players", "bool", default=False,
               applies=("ruleset", ("v09",)), off=False, rule="CL2"),
        Option("mimicry", "choice", default="second", choices=("second", "third"), rule="CL15"),
        Option("single_poisonous", "bool", default=False, rule="CL3"),
    ),
    fixed_seats=lambda options: 5 if options.get("five_players") else None,
)

