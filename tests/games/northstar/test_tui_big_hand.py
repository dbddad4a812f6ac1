"""A big `northstar` hand at 80×24: the title counts the cards out of sight and names the find
key; "/" finds a card by its number or the first letters of its trait (the shared
tui/widgets/hand.py)."""

from __future__ import annotations

from typing import Any

from tests.games.northstar.test_tui_positions import session_at
from tests.piloting import prompt_text, settle
from tui.screens.dialogs import AskScreen
from tui.screens.table import TableScreen

# Ann chooses a food card from fourteen: Carnivores 1-7, Horns 53-56, Intelligence 123-125.
BIG_HAND = [1, 2, 3, 4, 5, 6, 7, 53, 54, 55, 56, 123, 124, 125]
BIG: dict[str, Any] = {
    "step": "food", "round": 3,
    "players": [{"hand": BIG_HAND, "species": [{"id": "A1"}]}, {"hand": [60], "species": [{"id": "B1"}]}],
}


def _ready(app: Any) -> bool:
    return isinstance(app.screen, TableScreen) and app.screen.view is not None and \
        app.screen.stage is not None


async def _find(pilot: Any, app: Any, query: str) -> None:
    await pilot.press("slash")
    await settle(pilot, lambda: isinstance(app.screen, AskScreen))
    await pilot.press(*query, "enter")
    await settle(pilot, lambda: isinstance(app.screen, TableScreen))
    await settle(pilot)


async def test_a_big_hand_counts_what_is_out_of_sight_and_finds_a_card(make_app: Any) -> None:
    app = make_app(start=("game", session_at(BIG)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: _ready(app))
        board = app.screen.board
        left, right = board.hand.out_of_sight()
        assert left == 0 and right >= 10
        assert f"out of sight: {right}→" in str(board.hand.border_title)
        assert "/ finds a card" in str(board.hand.border_title)
        table = app.screen
        assert "**/** finds a card" in table.ui.decision_help(table.view, table.stage, table.ctl, "en")
        await _find(pilot, app, "124")
        assert board.cursor == "h:124" and "Card 124: 1 of 1" in prompt_text(app)
        await _find(pilot, app, "hor")  # Horns: the first one after the cursor, round
        assert board.cursor == "h:53"
        await _find(pilot, app, "zzz")
        assert "No card in the hand matches" in prompt_text(app)


async def test_the_finder_in_russian(make_app: Any) -> None:
    app = make_app(lang="ru", start=("game", session_at(BIG)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: _ready(app))
        board = app.screen.board
        assert "/ — найти карту" in str(board.hand.border_title)
        await _find(pilot, app, "рог")  # Рога
        assert board.cursor == "h:53"
