"""What the shared screens show of a `newworld` game: the end-of-game scoring table (with the
tie-break) and the seats of a game started from a scenario."""

from __future__ import annotations

from typing import Any

from core import games
from core.engine.journal import Seat
from core.games.newworld import events as E
from tui.games import EndInfo
from tui.i18n import text
from tui.markup import esc


def _t(key: str, lang: str, **args: Any) -> str:
    return text(f"newworld.{key}", lang, **args)


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
    entries = ctl.played_entries()
    stats = games.get("newworld").game_stats(entries, len(names))
    winners = list(outcome.winners) if outcome else []
    breakdown = list(outcome.breakdown) if outcome and outcome.breakdown else [{} for _ in names]
    scores = list(outcome.scores) if outcome else [0] * len(names)
    rows = []
    for i, name in enumerate(names):
        crown = " ★" if i in winners else ""
        b = breakdown[i] if i < len(breakdown) else {}
        s = stats.seats[i]
        rows.append([name + crown, str(b.get("animals_alive", 0)), str(b.get("animals", 0)),
                     str(b.get("properties", 0)), str(b.get("bonus", 0)), str(scores[i]),
                     str(s.kills), str(s.lost)])
    cols = ["seat", "alive", "animals", "properties", "bonus", "total", "kills", "lost"]
    columns = [_t(f"end.col.{c}", lang) for c in cols]
    if len(winners) == 1:
        title = text("end.winner", lang, name=names[winners[0]])
    elif winners:
        title = _t("end.title_shared", lang, names=", ".join(names[w] for w in winners))
    else:
        title = text("table.over", lang)
    summary = [_t("end.summary", lang, epochs=stats.rounds, moves=stats.moves),
               _t("end.scoring", lang)]
    tie = _tie(scores, breakdown, winners, _lots(entries, names), lang)
    if tie:
        summary.append(tie)
    return EndInfo(title=f"[b $accent]{esc(title)}[/]", summary=" ".join(summary),
                   columns=columns, rows=rows)


def _tie(scores: list[int], breakdown: list[dict[str, Any]], winners: list[int],
         lots: list[str], lang: str) -> str:
    """How a tie on points was broken (§7.1: more surviving animals, then a lot), or ""."""
    if not scores or not winners:
        return ""
    best = max(scores)
    tied = [i for i, k in enumerate(scores) if k == best]
    if len(tied) < 2:
        return ""
    if lots:
        return _t("end.tie_lot", lang, list="; ".join(lots))
    alive = [breakdown[i].get("animals_alive", 0) for i in tied]
    if alive.count(max(alive)) == 1:
        return _t("end.tie_animals", lang)
    return _t("end.tie_shared", lang)


def scenario_seats(state: Any, lang: str, bot: str) -> list[Seat]:
    """The person at the keyboard plays seat 0; the others are bots."""
    return [Seat(text("setup.player_name", lang, k=1)) if i == 0 else
            Seat(text("setup.bot_name", lang, k=i + 1), kind="bot", bot=bot)
            for i in range(len(state.players))]
