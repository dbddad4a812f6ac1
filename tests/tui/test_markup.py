"""Names made to fit a narrow place (a hand card): cut as a typesetter cuts them."""

from __future__ import annotations

import pytest

from tui.markup import abbreviate


@pytest.mark.parametrize(("name", "width", "shown"), [
    ("Отбрасывание хвоста", 19, "Отбрасывание хвоста"),  # fits: whole
    ("Отбрасывание хвоста", 16, "Отбрасыв. хвоста"),  # after a consonant, before a vowel
    ("Отбрасывание хвоста", 14, "Отбрас. хвоста"),
    ("Developmental Error", 16, "Developm. Error"),
    ("Defensive Herding", 16, "Defens. Herding"),
    ("Взаимодействие", 10, "Взаимодей…"),  # one word: only an ellipsis can shorten it
    ("Отбрасывание хвоста", 8, "Отбрасы…"),  # the last word stays whole, or nothing fits
])
def test_a_name_is_cut_only_as_far_as_it_must(name: str, width: int, shown: str) -> None:
    assert abbreviate(name, width) == shown
    assert len(abbreviate(name, width)) <= width
