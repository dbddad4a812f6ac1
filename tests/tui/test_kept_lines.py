"""Lines kept between frames (tui/widgets/framed_lines.py) are the lines Textual would render:
stepping through a replay (the log scrolling, cards growing and entering rows, marks moving)
and jumping back, every line of the screen as painted equals the same screen painted again by
Textual's own line cache from nothing."""

from __future__ import annotations

from typing import Any

import pytest
from textual._styles_cache import StylesCache

from core.engine.session import GameSession
from tests.piloting import demo, settle
from tui.widgets.framed_lines import KeptLines


def _painted(app: Any) -> list[Any]:
    return app.screen._compositor.render_strips()


def _painted_by_textual(app: Any) -> list[Any]:
    """The screen painted with a fresh plain line cache in every widget, then put back."""
    screen = app.screen
    widgets = [*screen.walk_children(with_self=True)]
    widgets += [w.vertical_scrollbar for w in list(widgets) if w.show_vertical_scrollbar]
    kept = {w: w._styles_cache for w in widgets}
    assert any(isinstance(c, KeptLines) for c in kept.values())
    try:
        for w in widgets:
            w._styles_cache = StylesCache()
        return _painted(app)
    finally:
        for w, cache in kept.items():
            w._styles_cache = cache


@pytest.mark.parametrize(("game", "size"), [("classic", (120, 40)), ("newworld", (80, 24))])
async def test_kept_lines_paint_what_textual_paints(make_app: Any, game: str,
                                                    size: tuple[int, int]) -> None:
    app = make_app(start=("replay", demo(game)))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for key in ["right"] * 24 + ["down"] * 6 + ["home", "end", "left"]:
            await pilot.press(key)
            await pilot.pause()
            before = _painted(app)
            assert before == _painted_by_textual(app), key
            assert _painted(app) == before  # and the kept lines are as they were


def _table(game: str) -> GameSession:
    """A new game against random bots, as `evo bench --app` times its cursor keys."""
    from core.engine.bench import bench_seats
    from core.engine.journal import Seat

    seats = [Seat("Ann"), *(Seat(f"Bot {k}", kind="bot", bot="random")
                            for k in range(1, bench_seats(game)))]
    return GameSession.new(game, seats=seats, seed=11, durable=False)


@pytest.mark.parametrize(("game", "size"), [("northstar", (120, 40)), ("magic", (80, 24))])
async def test_cursor_keys_paint_what_textual_paints(make_app: Any, game: str,
                                                     size: tuple[int, int]) -> None:
    """The cursor going back and forth over the table: the cards it leaves and comes back to
    are drawn from what each kept of its looks, the details panel from its kept texts; every
    frame is Textual's own, and still is after a theme is chosen (the kept looks and texts
    are of the old colours)."""
    app = make_app(start=("game", _table(game)))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        keys = ["right", "left", "down", "up"] * 3 + ["right"] * 4 + ["left"] * 4
        for k, key in enumerate(keys):
            if k == len(keys) // 2:
                app.theme = "evo-light"
            await pilot.press(key)
            await pilot.pause()
            before = _painted(app)
            assert before == _painted_by_textual(app), (k, key)
            assert _painted(app) == before
