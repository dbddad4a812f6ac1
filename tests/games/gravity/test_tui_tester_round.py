"""A tester's round at the «Гравити Фолз» table: nothing cut off (a refusal keeps its reason and
rule, the top line its courage dice, the route line its end), the roll counted before it is
made, and words that agree with the turn track — pilot tests, with the pieces without Textual."""

from __future__ import annotations

from typing import Any

from textual.content import Content

from core.games.gravity import queries as Q
from core.games.gravity.scenario import SCENARIO
from tests.games.gravity.positions import GRAVITY_NEAR_WIN, gravity_at
from tests.piloting import settle, table_ready
from tui.games.gravity import describe as D
from tui.games.gravity.stages import Sel, build_stage

# Mabel on the Cemetery with «2-2»; the Gnome Monster and Zhivogryz on the Junkyard, the only way
# to the Arcade in two roads (scenario g11_giant_blocks_the_route).
GIANT: dict[str, Any] = {
    "tokens": "empty",
    "characters": [{"id": "mabel", "loc": 15, "hand": ["2-2"]}],
    "monsters": [{"id": "M2", "loc": 4}, {"id": "M3", "loc": 4}, {"id": "M1", "loc": 21}],
    "row": ["L08", "L11", "L10"],
}


async def test_a_refusal_keeps_its_reason_and_rule_and_the_map_does_not_move(make_app: Any) -> None:
    app = make_app(lang="ru", start=("game", gravity_at(GIANT)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: table_ready(app))
        town = app.screen.query_one("#gv-map")
        before = town.region
        await pilot.press("1")  # «2-2»: where to?
        await settle(pilot)
        app.screen.board.cursor = 3  # the Arcade: only through the giant's Junkyard
        await pilot.press("enter")
        await settle(pilot)
        message = app.screen.prompt.query_one("#prompt-message")
        said = str(message.render())
        assert "сразился с ним. [G11]" in said and said.endswith("почему") and "Великан из гномов" in said
        assert message.size.height == 2  # wrapped onto a second line, not cut
        assert town.region == before  # the choices fit on one line: the map kept its place
        status = str(app.screen.query_one("#gv-status").render())
        assert status.endswith("кубиков храбрости 19")


async def test_the_route_line_shows_the_tokens_passed_and_the_roll_at_its_end(make_app: Any) -> None:
    app = make_app(start=("game", gravity_at(GRAVITY_NEAR_WIN)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: table_ready(app))
        await pilot.press("1")  # «2-2»
        app.screen.board.cursor = 4
        await pilot.press("down")  # to the Diner: Zhivogryz and a support token there
        info = str(app.screen.query_one("#gv-mapinfo").render())
        assert "Route: Cemetery → Junkyard → Diner +1-0 ☠ (2 roads)" in info  # no tokens: no mark
        assert "roll there: 3 dice" in info  # «2-2» 2 + 1 support


def test_the_roll_is_counted_before_it_is_made_with_the_curses_beyond_the_cap() -> None:
    s = SCENARIO.state(dict(GIANT, locations={"L04": {"support": 9}}), 0)
    assert Q.roll_forecast(s, 0, "2-2", 4) == (11, 7, 4)
    assert Q.roll_forecast(s, 0, "2-2", 3) == (2, 2, 0)
    assert D.forecast(s, 0, "2-2", 4, "en") == "11 dice → 7 rolled + 4 curses"
    assert D.forecast(s, 0, "2-2", 4, "ru") == "11 куб. → 7 в броске + 4 проклятия"
    assert D.forecast(s, 0, "2-2", 3, "en") == "2 dice"


def test_the_dice_line_says_what_the_coming_roll_will_be() -> None:
    session = gravity_at({
        "tokens": "empty",
        "characters": [{"id": "mabel", "loc": 7, "hand": ["0-4", "1-3"]}],
        "monsters": [{"id": "M3", "loc": 7}, {"id": "M4", "loc": 7}, {"id": "M1", "loc": 21}],
        "locations": {"L07": {"support": 4}},
        "row": ["L08", "L11", "L10"],
    })
    session.act("play 0-4")  # two monsters here: Mabel chooses which to fight, before the roll
    view = session.view(0)
    assert view.step == "target"
    line = D.roll_ahead(view, "en")
    assert line.startswith("A fight is next (you choose the monster):")
    assert line.endswith("4 + support 4 = 8 dice → 7 rolled + 1 curse")


def test_the_teleport_is_named_once_and_mabel_and_stan_draw_in_step_t7() -> None:
    view = gravity_at(GRAVITY_NEAR_WIN).view(0)
    details = Content.from_markup(D.char_details(view, 0, ["Ann"], "en")).plain
    assert "Teleport: to any location with another character" in details
    assert details.count("Teleport") == 1
    for ch in ("mabel", "stan"):
        for lang in ("en", "ru"):
            assert "T7" in D.ability_text(ch, lang) and "step 5" not in D.ability_text(ch, lang)


def test_drawing_says_what_it_does_when_the_deck_is_empty() -> None:
    empty = {"tokens": "empty",
             "characters": [{"id": "dipper", "loc": 1, "hand": ["0-4"], "deck": [],
                             "discard": ["1-3", "2-2", "3-1", "4-0", "tp"]},
                            {"id": "mabel", "loc": 8, "hand": ["0-4"], "deck": ["1-3"],
                             "discard": ["2-2", "3-1", "4-0", "tp"]}],
             "monsters": [{"id": "M3", "loc": 5}, {"id": "M1", "loc": 21}, {"id": "M4", "loc": 14}],
             "row": ["L08", "L11", "L10"], "stage": "t7"}
    session = gravity_at(empty)
    view = session.view(0)
    assert view.step == "draw"
    st = build_stage(view, session.legal_actions(), Sel(), "en")
    assert st.options[0].label == "Draw: the deck is empty — the discard (5) is shuffled into a new one"
    mabel = dict(empty, turn=1, active=1)
    session = gravity_at(mabel)
    view = session.view(1)
    assert view.step == "draw"
    st = build_stage(view, session.legal_actions(), Sel(), "en")
    assert st.options[0].label == "Refill the hand to 3: 2 cards (deck 1, then the discard is shuffled in)"


async def test_the_map_line_holds_every_cards_roll_it_can_on_a_small_table(make_app: Any) -> None:
    """80 × 24 keeps one line under the map: the rolls of five cards do not all fit, so the line
    ends in "…" instead of being cut off mid-word (the prompt lists every card)."""
    hand = ["1-3", "2-2", "3-1", "4-0", "0-4"]
    for lang in ("en", "ru"):
        app = make_app(lang=lang, start=("game", gravity_at(dict(GIANT, characters=[
            {"id": "mabel", "loc": 15, "hand": hand}]))))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, lambda a=app: table_ready(a))
            board, info = app.screen.board, app.screen.query_one("#gv-mapinfo")
            shortened = 0
            for loc in range(1, 24):
                board.cursor = loc
                board._show_marks()
                await pilot.pause()
                line = info.render()
                assert Content.from_markup(str(line)).cell_length <= info.size.width, (lang, loc, str(line))
                shortened += str(line).endswith("…")
            assert shortened, lang  # some place is reached by more cards than the line holds
