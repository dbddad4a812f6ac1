"""Filling texts: placeholders, and plural forms chosen by a number in either language."""

from __future__ import annotations

import pytest

from core.textdata import fill, plural


@pytest.mark.parametrize(("n", "form"), [(1, "карта"), (2, "карты"), (4, "карты"), (5, "карт"),
                                         (11, "карт"), (12, "карт"), (14, "карт"), (21, "карта"),
                                         (22, "карты"), (25, "карт"), (101, "карта"), (111, "карт")])
def test_russian_plurals(n: int, form: str) -> None:
    assert plural(n, ["карта", "карты", "карт"]) == form


def test_english_plurals_and_filling() -> None:
    assert [plural(n, ["card", "cards"]) for n in (0, 1, 2)] == ["cards", "card", "cards"]
    assert fill("{k} {k:move/moves} taken back", k=1) == "1 move taken back"
    assert fill("{k} {k:move/moves}, {x:>3}", k=3, x=7) == "3 moves,   7"  # other specs still work

