"""A big `newworld` hand at 80×24: the title counts the cards out of sight and names the find
key; "/" finds a card by its number or the first letters of a property (the shared
tui/widgets/hand.py)."""

from __future__ import annotations

from typing import Any

from tests.games.newworld.test_tui_positions import CATACLYSM, session_at
from tests.piloting import prompt_text, settle
from tui.games.newworld import describe as D
from tui.screens.dialogs import AskScreen
from tui.screens.table import TableScreen
from tui.widgets.hand import card_matches

BIG_HAND = CATACLYSM["players"][0]["hand"]


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
    position = CATACLYSM  # Ann holds cards 21…40
    app = make_app(start=("game", session_at(position)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: _ready(app))
        board = app.screen.board
        left, right = board.hand.out_of_sight()
        assert left == 0 and right >= 14
        assert f"out of sight: {right}→" in str(board.hand.border_title)
        assert "/ finds a card" in str(board.hand.border_title)
        table = app.screen
        assert "**/** finds a card" in table.ui.decision_help(table.view, table.stage, table.ctl, "en")
        await _find(pilot, app, str(BIG_HAND[-3]))
        assert board.cursor == f"h:{BIG_HAND[-3]}"
        assert f"Card {BIG_HAND[-3]}: 1 of 1" in prompt_text(app)
        left, right = board.hand.out_of_sight()
        assert left >= 12 and f"←{left}" in str(board.hand.border_title)
        # By the first letters of a property: the next card that has it, round to the first.
        name = D.prop_name(D.card_face(BIG_HAND[-1])[0], "en")
        matching = [c for c in BIG_HAND if card_matches(c, board.card_names(c), name[:4])]
        await _find(pilot, app, name[:4].lower())
        after_38 = [c for c in matching if c > BIG_HAND[-3]]
        assert board.cursor == f"h:{(after_38 or matching)[0]}"
        await _find(pilot, app, "zzz")
        assert "No card in the hand matches" in prompt_text(app)


async def test_the_finder_in_russian(make_app: Any) -> None:
    position = CATACLYSM  # Ann holds cards 21…40
    app = make_app(lang="ru", start=("game", session_at(position)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: _ready(app))
        board = app.screen.board
        title = str(board.hand.border_title)
        assert "не видно:" in title and "/ — найти карту" in title
        await _find(pilot, app, str(BIG_HAND[4]))
        assert board.cursor == f"h:{BIG_HAND[4]}" and f"Карта {BIG_HAND[4]}: 1 из 1" in prompt_text(app)
