"""A big `newworld` hand at 80×24: the title counts the cards out of sight and names the find
key; "/" finds a card by its number or the first letters of a property (the shared
tui/widgets/hand.py)."""

from __future__ import annotations

from typing import Any

from tests.games.newworld.test_tui_positions import CATACLYSM, session_at
from tests.piloting import (
    check_big_hand,
    check_find_by_name,
    check_finder_in_russian,
    decision_ready,
    settle,
)
from tui.games.newworld import describe as D

BIG_HAND = CATACLYSM["players"][0]["hand"]  # Ann holds cards 21…40


async def test_a_big_hand_counts_what_is_out_of_sight_and_finds_a_card(make_app: Any) -> None:
    app = make_app(start=("game", session_at(CATACLYSM)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: decision_ready(app))
        await check_big_hand(pilot, app, BIG_HAND[-3], hidden=14, passed=12)
        # By the first letters of a property: the next card that has it, round to the first.
        name = D.prop_name(D.card_face(BIG_HAND[-1])[0], "en")
        await check_find_by_name(pilot, app, BIG_HAND, name)


async def test_the_finder_in_russian(make_app: Any) -> None:
    app = make_app(lang="ru", start=("game", session_at(CATACLYSM)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: decision_ready(app))
        assert "не видно:" in str(app.screen.board.hand.border_title)
        await check_finder_in_russian(pilot, app, BIG_HAND[4])
