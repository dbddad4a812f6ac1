"""`evo show` draws `newworld` animals and habitats with the app's marks and words
(core/games/newworld/textview.py against tui/games/newworld): ● food and ○ what is missing or
eaten, ⌂ shelters, ⚑ the property a habitat needs, ◆/◇ fat, ↔ partners, ↻ rotated, ✓ used."""

from __future__ import annotations

import pytest

from core.engine.scenario import Scenario, start_session
from core.games.newworld import textview as T
from core.games.newworld.texts import say
from core.kits.evolution import textview as K
from tui.games.newworld import describe as D
from tui.i18n import text

POSITION = {
    "step": "feed", "habitats": [{"card": 11}, {"card": 1}],
    "players": [{"animals": [{"id": 1, "blue": 1, "fat": 1, "shelter": True,
                              "properties": ["big", "fat_tissue", "fat_tissue"]},
                             {"id": 2}]},
                {"animals": [{"id": 3, "red": 1}]}],
    "pairs": [{"property": "cooperation", "a": 1, "b": 2}],
}


def shown(lang: str) -> str:
    session = start_session(Scenario("marks.toml", "marks", "newworld", [], POSITION, []))
    return session.rules.render_text(session.view(None), lang, session.seat_names(lang))


def test_animals_and_habitats_are_drawn_with_the_apps_marks() -> None:
    out = shown("en")
    assert "c1 ●○ (1 blue)  Big, Fat Tissue ◆, Fat Tissue ◇, Cooperation ↔c2  [⌂;" in out
    assert "c3 ●  —  [fed;" in out
    assert "— ⚑ Big" in out and "— open to all" in out and "●●" in out
    assert "·" not in out and "*" not in out


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_words_are_the_apps(lang: str) -> None:
    for word in ("fed", "slept", "poisoned"):
        assert say(f"label.{word}", lang) == text(f"newworld.animal.{word}", lang)
    assert say("label.open", lang) == text("newworld.habitat.open", lang)
    assert say("label.no_property", lang) == text("newworld.habitat.no_props", lang)
    assert say("label.swamp", lang) == text("newworld.habitat.swamp_short", lang)


def test_the_marks_are_the_apps() -> None:
    assert (K.ROLE_MARK, T.ROTATED, K.USED, T.SHELTER) == (D.ROLE_MARK, D.ROTATED, D.USED, D.SHELTER)
