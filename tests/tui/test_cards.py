"""Cards are reconciled in place: kept, added, removed and reordered without remounting (a
remount under the same ids would clash while the removal is still on its way)."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from tui.widgets.cards import CardSet


class Row(CardSet, Horizontal):
    pass


class CardsApp(App):
    def compose(self) -> ComposeResult:
        yield Row(id="row")


def _make(name: str, widget_id: str) -> Static:
    return Static(name, id=widget_id)


async def test_cards_keep_their_widgets_through_adds_removals_and_reorders() -> None:
    app = CardsApp()
    async with app.run_test() as pilot:
        row = app.query_one(Row)
        first = row.sync([(n, n) for n in ("a", "b", "c")], _make)
        await pilot.pause()
        for order in (("c", "a", "b"), ("b", "c"), ("d", "b", "c", "a"), ("a", "b", "c", "d")):
            out = row.sync([(n, n) for n in order], _make)  # several in a row, no pause between
            assert [w.card_id for w in out] == list(order)
        await pilot.pause()
        assert [w.card_id for w in row.children] == ["a", "b", "c", "d"]
        kept: dict[str, Any] = {w.id: w for w in first}
        assert row.query_one("#b") is kept["b"] and row.query_one("#c") is kept["c"]
