"""A change is one frame (tui/screens/settled.py): a replay step or a jump whose layout makes
scroll bars come or go, the log shorter or the hand's title longer is laid out again at once and
painted once, not in two or three frames a timer's tick apart."""

from __future__ import annotations

from typing import Any

import pytest

from tests.piloting import demo, settle
from tui.screens.settled import with_bars


def _painting_counted(app: Any) -> list[int]:
    """`[frames]`, counting the frames the app paints from now on."""
    frames = [0]
    display = app._display

    def counted(screen: Any, renderable: Any) -> None:
        if renderable is not None:
            frames[0] += 1
        display(screen, renderable)

    app._display = counted
    return frames


def _pending(app: Any) -> bool:
    """Something asked the screen for a layout or a repaint that is not painted yet."""
    screen = app.screen
    if screen._layout_required or screen._scroll_required or screen._repaint_required \
            or screen._dirty_widgets:
        return True
    widgets = with_bars(screen._compositor.widgets)
    return any(w._layout_required or w._scroll_required or w._repaint_required for w in widgets)


async def _frames_of(pilot: Any, frames: list[int], poke: Any) -> int:
    """The frames painted for `poke`, waited for until nothing is pending."""
    frames[0] = 0
    poke()
    for _ in range(2):  # pending work shows between ticks: look again after a quiet while
        await settle(pilot, lambda: not _pending(pilot.app), timeout=10.0)
        await pilot.pause(0.03)
    return frames[0]


@pytest.mark.parametrize(("game", "size"), [("magic", (120, 40)), ("magic", (80, 24)),
                                            ("classic", (80, 24)), ("newworld", (80, 24))])
async def test_every_replay_step_and_jump_is_one_frame(make_app: Any, game: str,
                                                       size: tuple[int, int]) -> None:
    app = make_app(start=("replay", demo(game)))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.pause(0.2)
        frames = _painting_counted(app)
        screen = app.screen
        counts: dict[str, int] = {}
        for i in range(30):
            counts[f"step {i}"] = await _frames_of(pilot, frames, lambda: screen.action_step(1))
        for r in sorted(screen.model.rounds, reverse=True):
            counts[f"round {r}"] = await _frames_of(pilot, frames, lambda r=r: screen.go_to_round(r))
        assert {k: n for k, n in counts.items() if n > 1} == {}
        assert sum(n == 1 for n in counts.values()) > len(counts) // 2  # the pokes did paint

