"""Every `northstar` card reads in a hand card, in both languages: a trait too long for it is
cut as a typesetter cuts it ("Defens. Herding"), never in mid-word with an ellipsis, and the
details say it whole."""

from __future__ import annotations

import pytest
from textual.content import Content

from core.games.northstar.data import card_traits
from tui.games.northstar import describe as D
from tui.games.northstar.widgets import HAND_TEXT, HandCard


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_card_fits_its_hand_card(lang: str) -> None:
    cut = set()
    for card in range(1, len(card_traits())):
        hand_card = HandCard(card)
        hand_card.show(lang)
        lines = [Content.from_markup(line).plain for line in hand_card.body.split("\n")]
        assert all(len(line) <= HAND_TEXT and "…" not in line for line in lines), lines
        name = D.trait_name(card_traits()[card], lang)
        if name not in lines[0]:
            cut.add(lines[0])
            assert name in D.card_details(card, lang)  # whole in the details
    assert cut == (set() if lang == "ru" else {"Defens. Herding"})
