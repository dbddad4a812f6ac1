"""What the shared screens show of a `northstar` game: the end-of-game scoring table (bag,
population, traits, with the tie-break) and the seats of a game started from a scenario."""

from __future__ import annotations

from typing import Any

from core import games
from core.engine.journal import Seat
from tui.games import EndInfo
from tui.i18n import text
from tui.markup import esc


def _t(key: str, lang: str, **args: Any) -> str:
    return text(f"northstar.{key}", lang, **args)


def end_info(ctl: Any, lang: str) -> EndInfo:
    names = ctl.names()
    outcome = ctl.outcome()
    entries = ctl.played_entries()
    stats = games.get("northstar").game_stats(entries, len(names))
    winners = list(outcome.winners) if outcome else []
    breakdown = list(outcome.breakdown) if outcome and outcome.breakdown else [{} for _ in names]
    scores = list(outcome.scores) if outcome else [0] * len(names)
    rows = []
    for i, name in enumerate(names):
        crown = " ★" if i in winners else ""
        b = breakdown[i] if i < len(breakdown) else {}
        s = stats.seats[i]
        rows.append([name + crown, str(b.get("bag", 0)), str(b.get("population", 0)),
                     str(b.get("traits", 0)), str(scores[i]), str(b.get("species", 0)),
                     str(s.attacks), str(s.extinct)])
    cols = ["seat", "bag", "population", "traits", "total", "species", "attacks", "extinct"]
    columns = [_t(f"end.col.{c}", lang) for c in cols]
    if len(winners) == 1:
        title = text("end.winner", lang, name=names[winners[0]])
    elif winners:
        title = _t("end.title_shared", lang, names=", ".join(names[w] for w in winners))
    else:
        title = text("table.over", lang)
    summary = [_t("end.summary", lang, rounds=stats.rounds, moves=stats.moves),
               _t("end.scoring", lang)]
    tie = tie_break(scores, breakdown, winners, lang)
    if tie:
        summary.append(tie)
    return EndInfo(title=f"[b $accent]{esc(title)}[/]", summary=" ".join(summary),
                   columns=columns, rows=rows)


def tie_break(scores: list[int], breakdown: list[dict[str, Any]], winners: list[int],
              lang: str) -> str:
    """How a tie on points was broken (§7.1: most trait points, then most population points,
    else a shared victory), or "" when there was none."""
    if not scores or not winners:
        return ""
    best = max(scores)
    tied = [i for i, k in enumerate(scores) if k == best]
    if len(tied) < 2:
        return ""
    if len(winners) > 1:
        return _t("end.tie_shared", lang)
    traits = [breakdown[i].get("traits", 0) for i in tied]
    if traits.count(max(traits)) == 1:
        return _t("end.tie_traits", lang)
    return _t("end.tie_population", lang)


def scenario_seats(state: Any, lang: str, bot: str) -> list[Seat]:
    """The person at the keyboard plays seat 0; the others are bots."""
    return [Seat(text("setup.player_name", lang, k=1)) if i == 0 else
            Seat(text("setup.bot_name", lang, k=i + 1), kind="bot", bot=bot)
            for i in range(len(state.players))]
