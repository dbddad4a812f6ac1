"""`evo show` draws a `classic` animal with the app's marks and words (core/games/classic/
textview.py against tui/games/classic): ● food and ○ the food still missing, ◆/◇ fat, ↔ → ←
partners, ✓ used, and the card's bottom line — fed, hibernating, poisoned, hungry."""

from __future__ import annotations

import pytest

from core.engine.scenario import Scenario, start_session
from core.games.classic.texts import say
from tui.games.classic import describe as D
from tui.i18n import text

POSITION = {
    "step": "feed", "base": 3, "ruleset": "v09",
    "players": [{"animals": [{"id": 1, "red": 1, "blue": 1, "fat": 1, "turned": True,
                              "properties": ["big", "fat_tissue", "fat_tissue", "grazing"],
                              "used": ["grazing"]},
                             {"id": 2}]},
                {"animals": [{"id": 3, "poisoned": True, "red": 1}]}],
    "pairs": [{"property": "cooperation", "a": 1, "b": 2}],
}


def shown(lang: str) -> str:
    session = start_session(Scenario("marks.toml", "marks", "classic", [], POSITION, []))
    return session.rules.render_text(session.view(None), lang, session.seat_names(lang))


def test_an_animal_is_drawn_with_the_apps_marks() -> None:
    out = shown("en")
    assert "c1 ●● (1 red, 1 blue)" in out and "c2 ○" in out  # tokens, then the food missing
    assert "Fat Tissue ◆, Fat Tissue ◇" in out and "Grazing ✓" in out
    assert "Cooperation ↔c2" in out and "Cooperation ↔c1" in out
    assert "[fed; hungry;" in out and "c3 ●  —  [poisoned; fed;" in out
    assert "·" not in out and "*" not in out


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("word", ["fed", "hibernating", "poisoned", "turned"])
def test_the_words_are_the_apps(word: str, lang: str) -> None:
    assert say(f"label.{word}", lang) == text(f"classic.animal.{word}", lang)


def test_the_marks_are_the_apps() -> None:
    from core.kits.evolution import textview as T

    assert T.ROLE_MARK == D.ROLE_MARK
    assert D.fat_mark(True).count(T.FAT_FULL) == 1 and D.fat_mark(False).count(T.FAT_EMPTY) == 1
