"""Every `classic` card reads in a hand card, in both languages and with either Poisonous
option: one name may take both lines («Отбрасывание / хвоста»), two names a line each, cut
as a typesetter cuts them if they must be (never in mid-word with an ellipsis)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from textual.content import Content

from core.games.classic.data import faces
from tui.games.classic import describe as D
from tui.games.classic.widgets import HAND_TEXT, HandCard


@pytest.mark.parametrize("single_poisonous", [False, True])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_card_fits_its_hand_card(lang: str, single_poisonous: bool) -> None:
    view = SimpleNamespace(single_poisonous=single_poisonous)
    for card in range(1, len(faces())):
        hand_card = HandCard(card)
        hand_card.show(view, lang)
        lines = [Content.from_markup(line).plain for line in hand_card.body.split("\n")]
        face = D.card_face(view, card)
        if len(face) == 1:  # wraps onto the card's two lines
            assert lines == [D.prop_name(face[0], lang)]
            assert len(Content(lines[0]).wrap(HAND_TEXT)) <= 2
        else:
            assert all(len(line) <= HAND_TEXT and "…" not in line for line in lines), lines
