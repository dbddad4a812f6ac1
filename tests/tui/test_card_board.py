"""A row of cards drawn by one widget (tui/widgets/card_board.py): laid out as the grid of card
widgets was, framed by the cards' CSS, clickable, and a card growing or coming into a row
mounts nothing."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult

from tests.piloting import demo, settle
from tui.widgets.card_board import CardBoard, DrawnCard
from tui.widgets.cursor import Picked


class Card(DrawnCard):
    CSS_CLASS = "card"

    def __init__(self, n: int, card_id: str) -> None:
        super().__init__(card_id)
        self.key = f"k:{n}"


class Row(CardBoard):
    MIN_CELL = 22


class Cards(App[None]):
    CSS = """
    .card { border: round white; padding: 0 1; }
    .card.-cursor { border: heavy red; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.row = Row()
        self.picked: list[str] = []

    def compose(self) -> ComposeResult:
        yield self.row

    def on_picked(self, event: Picked) -> None:
        self.picked.append(event.key)

    def show(self, texts: list[str]) -> list[Card]:
        cards = self.row.sync([(f"c{i}", i) for i in range(len(texts))], Card)
        for card, body in zip(cards, texts, strict=True):
            card.frame(f"c{card.key[2:]}")
            card.paint(body)
        self.row.settle()
        return cards


def _line(app: Cards, y: int) -> str:
    return "".join(seg.text for seg in app.screen._compositor.render_strips()[y])


async def test_cards_lie_in_equal_columns_and_wrap_each_line_as_tall_as_its_tallest() -> None:
    app = Cards()
    async with app.run_test(size=(70, 20)) as pilot:
        cards = app.show(["a", "b\nb", "c", "d"])
        await pilot.pause()
        assert app.row.columns == 3  # (70 + 1) // 22
        assert [c.region.width for c in cards[:3]] == [22, 23, 23]  # 68 cells shared as Textual shares them
        assert [c.region.height for c in cards] == [3, 4, 3, 3]
        assert cards[3].region.y == 4  # the next line starts below the tallest card
        assert app.row.size.height == 7
        assert _line(app, 0).startswith("╭─ c0 ───")
        cards[3].paint("d\nd\nd")  # grows: the row is taller
        await pilot.pause()
        assert app.row.size.height == 9
        assert len(app.row.children) == 0  # drawn, not mounted


async def test_a_mark_restyles_the_card_and_a_click_picks_it() -> None:
    app = Cards()
    async with app.run_test(size=(70, 20)) as pilot:
        cards = app.show(["a", "b", "c"])
        await pilot.pause()
        cards[1].mark(True, False, False, False)
        await pilot.pause()
        assert _line(app, 0)[cards[1].region.x] == "┏"  # the cursor's CSS: a heavy frame
        assert _line(app, 0)[cards[0].region.x] == "╭"
        await pilot.click(offset=(cards[2].region.x + 2, 1))
        assert app.picked == ["k:2"]


async def test_a_replay_step_mounts_no_card(make_app: Any) -> None:
    """Cards come into the rows and grow through the demo's first steps; the screen's widgets
    stay the same ones."""
    session = demo("classic")
    app = make_app(start=("replay", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = app.screen.board
        widgets = set(app.screen.walk_children())
        counts = []
        for _ in range(20):
            await pilot.press("right")
            await pilot.pause()
            counts.append(sum(len(row.cards) for row in board.rows.values()))
        assert max(counts) > min(counts)  # animals came into the rows
        assert set(app.screen.walk_children()) == widgets


def _painted(app: Any) -> list[list[tuple[str, Any]]]:
    return [[(seg.text, seg.style) for seg in strip] for strip in app.screen._compositor.render_strips()]


async def test_a_theme_chosen_while_cards_are_shown_repaints_them_in_it(make_app: Any) -> None:
    """The cards' looks are resolved again in the new theme: the screen is as if the app had
    started in it."""
    session = demo("classic")
    screens = []
    for switch in (True, False):
        app = make_app(start=("replay", session), **({} if switch else {"theme": "evo-light"}))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            for _ in range(12):
                await pilot.press("right")
            if switch:
                app.theme = "evo-light"
            await settle(pilot)
            screens.append(_painted(app))
    assert screens[0] == screens[1]
