"""`evo show` draws `northstar` species with the app's marks and words (core/games/northstar/
textview.py against tui/games/northstar): ⚔ a carnivore, "pop 3 · body 2", ● food and ○ what is
missing to the population, ◆/◇ fat and room, ▒ face down, ⊘ switched off, hungry or fed."""

from __future__ import annotations

import pytest

from core.engine.scenario import Scenario, start_session
from core.games.northstar import textview as T
from core.games.northstar.texts import say
from tui.games.northstar import describe as D
from tui.i18n import text

POSITION = {
    "step": "feed", "hole": 2,
    "players": [{"species": [{"id": "A1", "pop": 3, "body": 2, "meat": 1, "fatfood": 1,
                              "traits": ["carnivore", "fat"], "fat": 1}]},
                {"species": [{"id": "B1"}]}],
}


def shown(lang: str) -> str:
    session = start_session(Scenario("marks.toml", "marks", "northstar", [], POSITION, []))
    return session.rules.render_text(session.view(None), lang, session.seat_names(lang))


def test_a_species_is_drawn_with_the_apps_marks() -> None:
    out = shown("en")
    assert "A1 ⚔  pop 3 · body 2  ●●○ (1 meat, 1 fat) ◆◇  Carnivore, Fat Tissue  [hungry]" in out
    assert "B1  pop 1 · body 1  ○  —  [hungry]" in out and "·]" not in out


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_words_are_the_apps(lang: str) -> None:
    assert say("label.dials", lang, p=3, b=2) == text("northstar.species.dials", lang, p=3, b=2)
    for word in ("hungry", "fed"):
        assert say(f"label.{word}", lang) == text(f"northstar.species.{word}", lang)
    assert say("label.hidden", lang) == text("northstar.species.face_down", lang)


def test_the_marks_are_the_apps() -> None:
    assert (T.HIDDEN, T.OFF) == (D.HIDDEN, D.OFF)
