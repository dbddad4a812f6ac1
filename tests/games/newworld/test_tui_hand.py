"""Every `newworld` card reads in a hand card, in both languages: a name too long for it is
cut as a typesetter cuts it («Отбрасыв. хвоста»), never in mid-word with an ellipsis, and the
details say it whole."""

from __future__ import annotations

import pytest
from textual.content import Content

from core.games.newworld.data import faces
from tui.games.newworld import describe as D
from tui.games.newworld.widgets import HAND_TEXT, HandCard


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_card_fits_its_hand_card(lang: str) -> None:
    cut = set()
    for card in range(1, len(faces())):
        hand_card = HandCard(card)
        hand_card.show(lang)
        lines = [Content.from_markup(line).plain for line in hand_card.body.split("\n")]
        assert all(len(line) <= HAND_TEXT and "…" not in line for line in lines), lines
        for pid, line in zip(D.card_face(card), lines, strict=True):
            if D.prop_name(pid, lang) not in line:
                cut.add(line)
                assert D.prop_name(pid, lang) in D.card_details(card, lang)  # whole in the details
    assert cut == ({"Отбрасыв. хвоста"} if lang == "ru" else {"Developm. Error"})
