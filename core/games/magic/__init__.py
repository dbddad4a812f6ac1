"""«Эволюция волшебных тварей» (game id `magic`): the descriptor the registry finds."""

from __future__ import annotations

from core.engine.descriptor import GameDescriptor, Option
from core.engine.protocol import Options, OptionsError


def _check(options: Options, seats: int) -> None:
    if options["solo"] and options["variant"] != "standard":
        raise OptionsError("the Quartet variant is not used in solo (MC-R51)", "option.quartet_solo")
    if options["variant"] == "quartet" and seats > 3:
        raise OptionsError("the Quartet variant is for 2 or 3 players (MC-R51)",
                           "option.quartet_players")


def _automated(options: Options, seats: int) -> dict[int, str]:
    return {1: "shade"} if options.get("solo") else {}  # MC-R39: the Shade sits second


GAME = GameDescriptor(
    id="magic",
    order=1,
    package=__name__,
    seats=(2, 4, 2),
    seats_rule="MC-R1",
    ruling_prefix="MC-",
    section_prefix="MC",
    spec="magical_creatures.md",
    rules="core.games.magic.rules:RULES",
    heuristics="core.games.magic.bot:HEURISTICS",
    scenario="core.games.magic.scenario:SCENARIO",
    invariants="core.games.magic.invariants:INVARIANTS",
    statistics="core.games.magic.stats:game_stats",
    native=("bot", "choices", "flow", "fold", "legal", "queries", "shade", "state", "tx"),
    options=(
        Option("variant", "choice", default="standard", choices=("standard", "quartet")),
        Option("solo", "bool", default=False),
    ),
    automata=("shade",),
    automated=_automated,
    fixed_seats=lambda options: 2 if options.get("solo") else None,
    check=_check,
)
