"""`evo show` draws `magic` creatures with the app's marks and words (core/games/magic/
textview.py against tui/games/magic/describe.py): ▶ the active creature, ●○ its energy, Zz
asleep, "roused", and #card for the face its owner sees."""

from __future__ import annotations

import pytest
from textual.content import Content

from core.engine.scenario import Scenario, start_session
from core.games.magic import textview as T
from tui.games.magic import describe as D
from tui.i18n import text

POSITION = {
    "step": "action", "active": 1,
    "players": [{"creatures": [{"id": 1, "energy": 3, "card": 40, "properties": ["vampire"]},
                               {"id": 3, "asleep": True, "roused": True}]},
                {"creatures": [{"id": 2}]}],
}


def test_a_creature_is_drawn_with_the_apps_marks() -> None:
    session = start_session(Scenario("marks.toml", "marks", "magic", [], POSITION, []))
    view = session.view(0)
    out = session.rules.render_text(view, "en", session.seat_names("en"))
    for uid in (1, 3):
        cv = view.creatures[uid]
        assert f"  {Content.from_markup(D.creature_title(cv, view)).plain}  " in out  # the app's title
    assert "▶c1 ●●●○" in out and "c3 ○○○○ Zz" in out and "[roused; #" in out


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_words_are_the_apps(lang: str) -> None:
    assert T._l("roused", lang) == text("magic.card.roused", lang)


@pytest.mark.parametrize(("k", "ru", "en"), [(1, "в руке 1 карта", "1 card in hand"),
                                              (3, "в руке 3 карты", "3 cards in hand"),
                                              (5, "в руке 5 карт", "5 cards in hand")])
def test_a_hand_size_agrees_with_its_noun(k: int, ru: str, en: str) -> None:
    position = dict(POSITION, players=[dict(POSITION["players"][0], hand=list(range(1, k + 1))),
                                       POSITION["players"][1]])
    session = start_session(Scenario("hand.toml", "hand", "magic", [], position, []))
    for lang, want in (("ru", ru), ("en", en)):
        out = session.rules.render_text(session.view(0), lang, session.seat_names(lang))
        assert want in out, out
