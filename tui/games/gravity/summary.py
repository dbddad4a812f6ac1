"""What the shared screens show of a `gravity` game: the end-of-game summary, the seats of a
game started from a scenario, and who plays each character in the saves lists."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.engine.journal import Seat
from core.games.gravity.texts import char_name, monster_name
from core.seat_names import default_name
from tui.games import EndInfo
from tui.games.gravity.describe import short
from tui.games.gravity.describe import tier as tier_name
from tui.i18n import text
from tui.markup import esc

if TYPE_CHECKING:
    from core.engine.journal import Header
    from core.games.gravity.state import GravityState
    from tui.controller import GameController


def _people(controllers: list[int], names: list[str]) -> list[str]:
    return [names[p] if 0 <= p < len(names) else "" for p in controllers]


def end_info(ctl: GameController, lang: str) -> EndInfo:
    view = ctl.view()
    names = ctl.names()
    from core.games.gravity.stats import game_stats

    stats = game_stats(ctl.played_entries(), len(names))
    won = view.result == "won"
    title = text("gravity.end.won" if won else "gravity.end.lost", lang)
    colour = "$support" if won else "$distrust"
    gone = [m for m in view.monsters if not m.loc]
    by = {m: ch for ch, s in stats.chars.items() for m in s.defeated}
    fates = []
    for m in view.monsters:  # each monster with its tier and who defeated it (or where it stands)
        tier = "" if view.variant == "kids" else f"{tier_name(m.id, lang)}, "
        if m.loc:
            fate = text("gravity.end.standing", lang, loc=short(m.loc, lang))
        elif m.id in by:
            fate = text("gravity.end.defeated_by", lang, ch=char_name(by[m.id], lang))
        else:
            fate = text("gravity.end.defeated", lang)
        fates.append(f"{monster_name(m.id, lang)} ({tier}{fate})")
    beaten = "; ".join(fates)
    mode = text("gravity.kids", lang) if view.variant == "kids" else \
        text("gravity.difficulty", lang, k=text(f"gravity.level.{view.difficulty}", lang))
    summary = text("gravity.end.summary", lang, turns=stats.turns, rounds=stats.rounds, moves=stats.moves,
                   alarm=view.alarm, max=view.alarm_max, k=len(gone), n=len(view.monsters), beaten=beaten,
                   mode=mode, events=len(stats.events))
    people = _people(view.controllers, names)
    rows = []
    for seat, c in enumerate(view.chars):
        s = stats.chars.get(c.id)
        if s is None:
            continue
        rows.append([char_name(c.id, lang), people[seat], str(s.roads), str(s.fights), str(len(s.defeated)),
                     str(s.persuaded), str(s.curses), str(s.lifted), str(s.dice)])
    columns = [text(f"gravity.end.col.{k}", lang) for k in
               ("char", "person", "roads", "fights", "defeated", "persuaded", "curses", "lifted", "dice")]
    return EndInfo(f"[b {colour}]{esc(title)}[/]", summary, columns, rows)


def scenario_seats(state: GravityState, lang: str, bot: str) -> list[Seat]:
    """Every character is played by the person at the keyboard (a co-operative game)."""
    people = max(state.controllers, default=0) + 1
    # seat k carries person k's name (see tui/games/gravity/setup_form.py)
    return [Seat(default_name("player", (i if i < people else state.controllers[i]) + 1, lang))
            for i in range(len(state.chars))]


def who(header: Header, names: list[str], lang: str) -> list[str]:
    """Saves lists: each character with the person who plays it."""
    chars = header.options.get("characters", [])
    people = _people(header.options.get("controllers", list(range(len(chars)))), names)
    return [f"{char_name(ch, lang)} ({person})" for ch, person in zip(chars, people, strict=False)]
