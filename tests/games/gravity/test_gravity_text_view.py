"""`evo show` draws the `gravity` town and the alarm with the app's marks (core/games/gravity/
textview.py against tui/games/gravity): "+support-distrust" and ◆ for a courage die, as the
map shows a location; the alarm track as the app draws it (● the marker, ▲ the marks)."""

from __future__ import annotations

from textual.content import Content

from core.engine.session import GameSession
from core.games.gravity import textview as T
from tui.games.gravity import describe as D


def test_the_town_and_the_alarm_are_drawn_with_the_apps_marks() -> None:
    session = GameSession.new("gravity", seats=3, seed=3)
    view = session.view(None)
    out = session.rules.render_text(view, "en", session.seat_names("en"))
    assert f"Alarm 0/16 {T.alarm_track(view)}" in out and T.alarm_track(view).startswith("●□")
    assert T.alarm_track(view).count("▲") == 3  # the marks 6, 11 and 16
    for loc, p in enumerate(view.places, 1):
        mark = Content.from_markup(D.tokens_mark(view, loc)).plain.split(" ")
        line = next(ln for ln in out.splitlines() if ln.startswith(f"  L{loc:02d} "))
        if p.support or p.distrust:
            assert mark[0] in line  # "+2-0"
        if p.die:
            assert " ◆" in line and "◆" in mark
