"""What the shared screens show of a `northstar` game: the end-of-game scoring table (bag,
population, traits, with the tie-break) and the seats of a game started from a scenario."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.games import EndInfo
from tui.i18n import text
from tui.kits.evolution.summary import Breakdown, end_screen, ending, tied
from tui.kits.evolution.summary import scenario_seats as scenario_seats

if TYPE_CHECKING:
    from core.games.northstar.stats import SeatStats
    from tui.controller import GameController


def _t(key: str, lang: str, **args: object) -> str:
    return text(f"northstar.{key}", lang, **args)


def end_info(ctl: GameController, lang: str) -> EndInfo:
    from core.games.northstar.stats import game_stats

    end = ending(ctl, "northstar", game_stats)

    def cells(i: int, b: Breakdown, s: SeatStats) -> list[str]:
        return [str(b.get("bag", 0)), str(b.get("population", 0)), str(b.get("traits", 0)),
                str(end.scores[i]), str(b.get("species", 0)), str(s.attacks), str(s.extinct)]

    cols = ["seat", "bag", "population", "traits", "total", "species", "attacks", "extinct"]
    summary = [_t("end.summary", lang, rounds=end.stats.rounds, moves=end.stats.moves),
               _t("end.scoring", lang)]
    tie = tie_break(end.scores, end.breakdown, end.winners, lang)
    return end_screen(end, lang, cols, cells, summary, tie)


def tie_break(scores: list[int], breakdown: list[Breakdown], winners: list[int],
              lang: str) -> str:
    """How a tie on points was broken (§7.1: most trait points, then most population points,
    else a shared victory), or "" when there was none."""
    seats = tied(scores, winners)
    if not seats:
        return ""
    if len(winners) > 1:
        return _t("end.tie_shared", lang)
    traits = [breakdown[i].get("traits", 0) for i in seats]
    if traits.count(max(traits)) == 1:
        return _t("end.tie_traits", lang)
    return _t("end.tie_population", lang)
