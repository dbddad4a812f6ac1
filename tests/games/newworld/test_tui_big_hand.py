"""A big `newworld` hand at 80×24: the title counts the cards out of sight and names the find
key; "/" finds a card by its number or the first letters of a property (the shared
tui/widgets/hand.py)."""

from __future__ import annotations

from typing import Any

from tests.games.newworld.test_tui_positions import CATACLYSM, session_at
from tests.piloting import big_hand_counts_and_finds, big_hand_in_russian
from tui.games.newworld import describe as D

BIG_HAND = CATACLYSM["players"][0]["hand"]  # Ann holds cards 21…40


async def test_a_big_hand_counts_what_is_out_of_sight_and_finds_a_card(make_app: Any) -> None:
    await big_hand_counts_and_finds(make_app, session_at(CATACLYSM), BIG_HAND,
                                    lambda view, card: D.prop_name(D.card_face(card)[0], "en"))


async def test_the_finder_in_russian(make_app: Any) -> None:
    await big_hand_in_russian(make_app, session_at(CATACLYSM), BIG_HAND)
