"""A big `northstar` hand at 80×24: the title counts the cards out of sight and names the find
key; "/" finds a card by its number or the first letters of its trait (the shared
tui/widgets/hand.py)."""

from __future__ import annotations

from typing import Any

from tests.games.northstar.test_tui_positions import session_at
from tests.piloting import check_big_hand, check_finder_in_russian, decision_ready, find_card, settle

# Ann chooses a food card from fourteen: Carnivores 1-7, Horns 53-56, Intelligence 123-125.
BIG_HAND = [1, 2, 3, 4, 5, 6, 7, 53, 54, 55, 56, 123, 124, 125]
BIG: dict[str, Any] = {
    "step": "food", "round": 3,
    "players": [{"hand": BIG_HAND, "species": [{"id": "A1"}]}, {"hand": [60], "species": [{"id": "B1"}]}],
}


async def test_a_big_hand_counts_what_is_out_of_sight_and_finds_a_card(make_app: Any) -> None:
    app = make_app(start=("game", session_at(BIG)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: decision_ready(app))
        await check_big_hand(pilot, app, 124, hidden=10)
        await find_card(pilot, app, "hor")  # Horns: the first one after the cursor, round
        assert app.screen.board.cursor == "h:53"


async def test_the_finder_in_russian(make_app: Any) -> None:
    app = make_app(lang="ru", start=("game", session_at(BIG)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: decision_ready(app))
        await find_card(pilot, app, "рог")  # Рога
        assert app.screen.board.cursor == "h:53"
        await check_finder_in_russian(pilot, app, 124)
