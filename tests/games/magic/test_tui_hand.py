"""Every `magic` card reads in a hand card, in both languages: both halves' names whole (a
name too long would be cut as a typesetter cuts it, never in mid-word with an ellipsis)."""

from __future__ import annotations

import pytest
from textual.content import Content

from core.games.magic.data import cards
from tui.games.magic import describe as D
from tui.games.magic.widgets import HandCard


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_card_fits_its_hand_card(lang: str) -> None:
    for card, halves in cards().items():
        hand_card = HandCard(card)
        hand_card.show(lang)
        lines = [Content.from_markup(line).plain for line in hand_card.body.split("\n")]
        assert all(len(line) <= D.HAND_TEXT and "…" not in line for line in lines), lines
        for pid, line in zip(halves, lines, strict=True):
            assert D.prop_name(pid, lang) in line
