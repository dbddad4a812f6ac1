"""What the shared screens show of a `classic` game: the end-of-game scoring table (with the
tie-break) and the seats of a game started from a scenario."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.games.classic import events as E
from tui.games import EndInfo
from tui.kits.evolution.summary import Breakdown, Ending, end_screen, ending, tie_said
from tui.kits.evolution.summary import scenario_seats as scenario_seats

if TYPE_CHECKING:
    from core.games.classic.view import ClassicView
    from core.kits.evolution.stats import SeatStats
    from tui.controller import GameController


def end_info(ctl: GameController, lang: str) -> EndInfo:
    from core.games.classic.stats import game_stats

    end = ending(ctl, "classic", game_stats)
    view = ctl.view()

    def cells(i: int, b: Breakdown, s: SeatStats) -> list[str]:
        if view.v09:
            row = [str(end.scores[i]), str(b.get("fed", 0))]
            if view.personal:
                row.append(str(b.get("reserve", 0)))
        else:
            row = [str(b.get("animals", 0)), str(b.get("properties", 0)), str(b.get("bonus", 0)),
                   str(end.scores[i]), str(b.get("discard", 0))]
        return [*row, str(s.kills), str(s.lost)]

    if view.v09:
        cols = ["seat", "points", "fed", *(["reserve"] if view.personal else [])]
    else:
        cols = ["seat", "animals", "properties", "bonus", "total", "pile"]
    summary = [end.t("end.summary", lang, turns=end.stats.rounds, moves=end.stats.moves),
               end.t("end.summary_v09" if view.v09 else "end.summary_classic", lang)]
    return end_screen(end, lang, [*cols, "kills", "lost"], cells, summary, _tie(view, end, lang))


def _tie(view: ClassicView, end: Ending[SeatStats], lang: str) -> str:
    """How a tie on points was broken (spec §7.1, §7.2), or "" if there was none."""

    def broken(seats: list[int]) -> str:
        if len(end.winners) > 1:
            return end.t("end.tie_shared", lang)
        if not view.v09:
            return end.t("end.tie_pile", lang)
        fed = [end.breakdown[i].get("fed", 0) for i in seats]
        return end.t("end.tie_fed" if fed.count(max(fed)) == 1 else "end.tie_reserve", lang)

    return tie_said(end, E.Lot, lang, broken)
