"""What the shared screens show of a `classic` game: the end-of-game scoring table (with the
tie-break) and the seats of a game started from a scenario."""

from __future__ import annotations

from typing import Any

from core import games
from core.engine.journal import Seat
from core.games.classic import events as E
from tui.games import EndInfo
from tui.i18n import text
from tui.markup import esc


def _lots(entries: list[Any], names: list[str]) -> list[str]:
    """Every lot drawn to break a tie: "Ann 5, Boris 3" per roll."""
    out = []
    for entry in entries:
        for ev in entry.events:
            if isinstance(ev, E.Lot):
                out.append(", ".join(f"{names[s]} {d}" for s, d in zip(ev.seats, ev.dice, strict=True)))
    return out


def end_info(ctl: Any, lang: str) -> EndInfo:
    names = ctl.names()
    outcome = ctl.outcome()
    view = ctl.view()
    entries = ctl.played_entries()
    stats = games.get("classic").game_stats(entries, len(names))
    winners = list(outcome.winners) if outcome else []
    breakdown = list(outcome.breakdown) if outcome and outcome.breakdown else [{} for _ in names]
    scores = list(outcome.scores) if outcome else [0] * len(names)
    rows = []
    for i, name in enumerate(names):
        crown = " ★" if i in winners else ""
        b = breakdown[i] if i < len(breakdown) else {}
        s = stats.seats[i]
        if view.v09:
            row = [name + crown, str(scores[i]), str(b.get("fed", 0))]
            if view.personal:
                row.append(str(b.get("reserve", 0)))
        else:
            row = [name + crown, str(b.get("animals", 0)), str(b.get("properties", 0)),
                   str(b.get("bonus", 0)), str(scores[i]), str(b.get("discard", 0))]
        rows.append([*row, str(s.kills), str(s.lost)])
    if view.v09:
        cols = ["seat", "points", "fed", *(["reserve"] if view.personal else [])]
    else:
        cols = ["seat", "animals", "properties", "bonus", "total", "pile"]
    columns = [text(f"classic.end.col.{c}", lang) for c in [*cols, "kills", "lost"]]
    if len(winners) == 1:
        title = text("end.winner", lang, name=names[winners[0]])
    elif winners:
        title = text("classic.end.title_shared", lang, names=", ".join(names[w] for w in winners))
    else:
        title = text("table.over", lang)
    summary = [text("classic.end.summary", lang, turns=stats.rounds, moves=stats.moves),
               text("classic.end.summary_v09" if view.v09 else "classic.end.summary_classic", lang)]
    tie = _tie(view, scores, breakdown, winners, _lots(entries, names), lang)
    if tie:
        summary.append(tie)
    return EndInfo(title=f"[b $accent]{esc(title)}[/]", summary=" ".join(summary), columns=columns,
                   rows=rows)


def _tie(view: Any, scores: list[int], breakdown: list[dict[str, Any]], winners: list[int],
         lots: list[str], lang: str) -> str:
    """How a tie on points was broken (spec §7.1, §7.2), or "" if there was none."""
    if not scores or not winners:
        return ""
    best = max(scores)
    tied = [i for i, k in enumerate(scores) if k == best]
    if len(tied) < 2:
        return ""
    if lots:
        return text("classic.end.tie_lot", lang, list="; ".join(lots))
    if len(winners) > 1:
        return text("classic.end.tie_shared", lang)
    if not view.v09:
        return text("classic.end.tie_pile", lang)
    fed = [breakdown[i].get("fed", 0) for i in tied]
    if fed.count(max(fed)) == 1:
        return text("classic.end.tie_fed", lang)
    return text("classic.end.tie_reserve", lang)


def scenario_seats(state: Any, lang: str, bot: str) -> list[Seat]:
    """The person at the keyboard plays seat 0; the others are bots."""
    return [Seat(text("setup.player_name", lang, k=1)) if i == 0 else
            Seat(text("setup.bot_name", lang, k=i + 1), kind="bot", bot=bot)
            for i in range(len(state.players))]
