"""«Эволюция. Новый мир» (game id `newworld`): the descriptor the registry finds.

2-4 players (NW1); six epochs, or the game-length variant's number (§7.3); the unlimited-hand
variant (§7.2); the scenarios «Случайные мутации» and «Катаклизм» (§7.4, §7.5), which do not
combine with each other nor Катаклизм with the game length (NW43).
"""

from __future__ import annotations

from core.engine.descriptor import GameDescriptor, Option
from core.engine.protocol import Options, OptionsError

HABITAT_CARDS = 20  # §2.1; the stack holds at most 20 - P cards (§7.3)


def _check(options: Options, seats: int) -> None:
    length = options["length"]
    most = HABITAT_CARDS - seats
    if options["scenario"] != "cataclysm" and length > most:
        raise OptionsError(f"length: {length} is more than the {most} habitat cards left for "
                           f"the stack with {seats} players (§7.3)", "options.too_long",
                           k=length, n=most)


GAME = GameDescriptor(
    id="newworld",
    order=4,
    package=__name__,
    seats=(2, 4, 2),
    seats_rule="NW1",
    ruling_prefix="NW",
    section_prefix="NW",
    spec="new_world.md",
    rules="core.games.newworld.rules:RULES",
    heuristics="core.games.newworld.bot:HEURISTICS",
    scenario="core.games.newworld.scenario:SCENARIO",
    invariants="core.games.newworld.invariants:INVARIANTS",
    statistics="core.games.newworld.stats:game_stats",
    native=("bot", "flow", "fold", "legal", "queries", "state"),
    options=(
        Option("scenario", "choice", default="none", choices=("none", "mutations", "cataclysm"),
               rule="NW43"),
        # §7.3: K habitat cards in the stack, K epochs; Катаклизм is one epoch (NW43).
        Option("length", "int", default=6, low=1, high=HABITAT_CARDS - 2,
               applies=("scenario", ("none", "mutations")), off=0, rule="NW43"),
        Option("unlimited_hand", "bool", default=False, rule="NW43"),
    ),
    check=_check,
)
