"""«Гравити Фолз» (game id `gravity`), a co-operative game: the descriptor the registry finds.

Seats are characters (G2); `controllers` says which person plays each one.
"""

from __future__ import annotations

from core.engine.descriptor import GameDescriptor, Option
from core.engine.protocol import Options, OptionsError
from core.games.gravity.data import CHARACTERS


def _monster_id(word: str) -> str:
    from core.games.gravity.data import monsters

    for mid, m in monsters().items():
        if word.upper() == mid or word.lower() in (m.params["slug"], m.en.lower()):
            return mid
    raise OptionsError(f"monsters: unknown monster '{word}' (M1..M9 or a name such as gremloblin)",
                       "option.unknown_monster", option="monsters", word=word)


def _monster_choices() -> list[str]:
    from core.games.gravity.data import monsters

    return sorted(monsters())


def _monster_label(mid: str, lang: str) -> str:
    from core.games.gravity.data import tier
    from core.games.gravity.texts import monster_name, say

    return f"{monster_name(mid, lang)} ({say(f'tier.{tier(mid)}', lang)})"


def _check(options: Options, seats: int) -> None:
    from core.games.gravity.data import game

    chars = options["characters"]
    if len(chars) != seats or len(set(chars)) != seats:
        raise OptionsError(f"characters: {seats} different ones of {', '.join(CHARACTERS)} (G2)",
                           "option.need_characters", option="characters", k=seats,
                           names=", ".join(CHARACTERS))
    if len(options["controllers"]) != seats or not all(0 <= c < seats for c in options["controllers"]):
        raise OptionsError(f"controllers: one person number 1..{seats} per character (G2)",
                           "option.need_controllers", option="controllers", last=seats)
    chosen = options["monsters"]
    if chosen and (len(chosen) != game().monsters or len(set(chosen)) != len(chosen)):
        raise OptionsError(f"monsters: choose {game().monsters} different monsters, or none "
                           "for a quick game (G5)", "option.need_monsters", option="monsters",
                           k=game().monsters)
    if not -1 <= options["first"] < seats:
        raise OptionsError(f"first: a seat 1..{seats}, or -1 for random (G7)",
                           "option.bad_first", option="first", last=seats)


GAME = GameDescriptor(
    id="gravity",
    order=2,
    package=__name__,
    seats=(1, 5, 3),
    seats_rule="G2",
    ruling_prefix="G",
    section_prefix="G",
    spec="gravity_falls.md",
    rules="core.games.gravity.rules:RULES",
    heuristics="core.games.gravity.bot:HEURISTICS",
    scenario="core.games.gravity.scenario:SCENARIO",
    invariants="core.games.gravity.invariants:INVARIANTS",
    statistics="core.games.gravity.stats:game_stats",
    native=("bot", "effects", "flow", "fold", "happenings", "legal", "monster_phase", "queries", "state",
            "turn"),
    cooperative=True,
    hidden_information=False,
    options=(
        Option("variant", "choice", default="standard", choices=("standard", "kids"), rule="G58"),
        Option("difficulty", "choice", default="normal", choices=("easy", "normal", "hard"),
               applies=("variant", ("standard",)), off="", rule="G59"),
        Option("characters", "list", default=lambda seats: list(CHARACTERS[:seats]),
               choices=CHARACTERS, form=False),
        Option("controllers", "list", item="int", default=lambda seats: list(range(seats)),
               form=False, numbered=True),
        Option("monsters", "list", default=[], choices=_monster_choices, parse_item=_monster_id,
               rule="G5", count=3, suggested=("M1", "M4", "M7"), label_of=_monster_label),
        Option("monster_order", "choice", default="random", choices=("random", "listed")),
        Option("first", "int", default=-1, low=-1, form=False, numbered=True),
    ),
    check=_check,
)
