"""What the shared screens show of a `newworld` game: the end-of-game scoring table (with the
tie-break) and the seats of a game started from a scenario."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.games.newworld import events as E
from tui.games import EndInfo
from tui.kits.evolution.summary import Breakdown, Ending, end_screen, ending, tie_said
from tui.kits.evolution.summary import scenario_seats as scenario_seats

if TYPE_CHECKING:
    from core.games.newworld.stats import SeatStats
    from tui.controller import GameController


def end_info(ctl: GameController, lang: str) -> EndInfo:
    from core.games.newworld.stats import game_stats

    end = ending(ctl, "newworld", game_stats)

    def cells(i: int, b: Breakdown, s: SeatStats) -> list[str]:
        return [str(b.get("animals_alive", 0)), str(b.get("animals", 0)),
                str(b.get("properties", 0)), str(b.get("bonus", 0)), str(end.scores[i]),
                str(s.kills), str(s.lost)]

    cols = ["seat", "alive", "animals", "properties", "bonus", "total", "kills", "lost"]
    summary = [end.t("end.summary", lang, epochs=end.stats.rounds, moves=end.stats.moves),
               end.t("end.scoring", lang)]
    return end_screen(end, lang, cols, cells, summary, _tie(end, lang))


def _tie(end: Ending[SeatStats], lang: str) -> str:
    """How a tie on points was broken (§7.1: more surviving animals, then a lot), or ""."""

    def broken(seats: list[int]) -> str:
        alive = [end.breakdown[i].get("animals_alive", 0) for i in seats]
        return end.t("end.tie_animals" if alive.count(max(alive)) == 1 else "end.tie_shared", lang)

    return tie_said(end, E.Lot, lang, broken)
