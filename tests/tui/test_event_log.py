"""The event log lays out and paints again only what a change touches (a replay step: the new
line and the marks that moved), and what it shows is what a full layout and paint give."""

from __future__ import annotations

import random

from textual.app import App, ComposeResult

from tui.widgets.event_log import Entry, EventLog


class _LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield EventLog(id="log")


async def test_a_partial_layout_gives_the_rows_of_a_full_one() -> None:
    rng = random.Random(1)
    words = [f"word{k}" for k in range(60)]
    pool = [Entry(" ".join(rng.choice(words) for _ in range(rng.randrange(1, 30))),
                  "Ann" if i % 3 else "", i % 4) for i in range(200)]
    other = [Entry(f"another line {i}") for i in range(200)]
    app = _LogApp()
    async with app.run_test(size=(60, 20)):
        log = app.query_one(EventLog)
        for step in range(300):
            n = rng.randrange(0, 200)
            source = other if step % 50 == 49 else pool  # now and then a log of other lines
            highlight = rng.choice([None, n - 1]) if n else None
            fresh = rng.choice([None, rng.randrange(0, n + 1)])
            log.set_entries(source[:n], highlight=highlight, fresh=fresh)
            partial = list(log._rows)
            log._frame = (log.scroll_offset.y, log.scrollable_content_region.width)  # as a frame does
            shown = [log.render_line(y).text for y in range(log.size.height)]
            log._wrapped.clear()
            log._painted.clear()
            log._relayout(0)
            assert partial == log._rows, step
            assert shown == [log.render_line(y).text for y in range(log.size.height)], step


async def test_a_line_wrapped_past_the_end_is_wrapped_again_when_it_comes_back_different() -> None:
    app = _LogApp()
    async with app.run_test(size=(40, 10)):
        log = app.query_one(EventLog)
        log.set_entries([Entry("one"), Entry("two " * 30)])
        log.set_entries([Entry("one")])  # an undo
        log.set_entries([Entry("one"), Entry("three")])  # another move in its place
        assert len(log._rows) == 2
        assert "Three" in log._strips(1)[0].text
