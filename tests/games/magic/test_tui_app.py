"""Pilot tests of the `magic` table: hints (over the table on a small terminal), the table in
another language, the palette's rules lookup, solo setup, the details panel, creatures on
several lines, the status line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.games.magic.positions import MID_GAME, session_at
from tests.piloting import prompt_text, settle
from tui.screens.menu import MenuScreen
from tui.screens.rules import RulesScreen
from tui.screens.setup import SetupScreen
from tui.screens.table import TableScreen
from tui.settings import load_settings


async def test_hint_points_at_a_move(make_app: Any) -> None:
    app = make_app(start=("game", session_at(MID_GAME)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("h")
        await settle(pilot, lambda: "Hint: " in prompt_text(app) and "thinking" not in prompt_text(app))
        line = prompt_text(app)
        # In the player's words: the reason and how sure the bot is, no notation, no percentage
        assert "%" not in line and "activate c" not in line
        assert any(w in line for w in ("clearly the best", "likely the best", "a close call"))
        assert app.screen.board.cursor in ("c:1", "c:3")  # an activation: the cursor is on the creature
        details = str(app.screen.query_one("#details").render())
        # Both legal activations are listed with their reasons and a bar, best first.
        assert "1. c" in details and "2. c" in details and "activate" not in details
        assert details.count("▯") >= 2 and "visits" not in details


async def test_a_hint_asked_mid_choice_starts_the_choice_over(make_app: Any) -> None:
    """A hint names a whole move and points at its first piece: with a card already picked
    (its use still to choose), the choice starts over, so the cursor's piece is one to pick now."""
    app = make_app(start=("game", session_at(dict(MID_GAME, step="add"))))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.stage is not None)
        table = app.screen
        table.board.cursor = "h:12"
        await pilot.press("enter")  # card 12 picked: which side, and on whom, still to choose
        await settle(pilot)
        assert table.sel != table.board.SEL()
        await pilot.press("h")
        await settle(pilot, lambda: "Hint: " in prompt_text(app) and "thinking" not in prompt_text(app))
        assert table.sel == table.board.SEL()
        assert table.board.cursor in table.board.targets()  # Enter picks the hint's first piece


async def test_up_after_the_cursor_jumped_moves_from_where_the_player_left_it(make_app: Any) -> None:
    """A card picked in the hand, its half chosen: the cursor goes by itself to the first of the
    player's creatures. Up then moves from the hand card, as the player expects — to their own
    row, not on to the opponent's (where Enter would be refused)."""
    app = make_app(start=("game", session_at(dict(MID_GAME, step="add"))))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.stage is not None)
        board = app.screen.board
        assert board.zones()[1:] == [["c:1", "c:3"], ["h:12", "h:33", "h:47", "h:58", "h:63"]]
        board.cursor = "h:12"
        await pilot.press("enter", "1")  # card 12, half A: on which of your creatures?
        await settle(pilot)
        assert board.cursor == "c:1" and set(board.targets()) == {"c:1", "c:3"}
        await pilot.press("up")
        assert board.cursor == "c:1"  # up from h:12: the player's own row
        await pilot.press("up")
        assert board.cursor == "c:2"  # and on from there, as ever


async def test_hint_opens_over_the_table_on_a_small_terminal(make_app: Any) -> None:
    from tui.screens.dialogs import InfoScreen

    app = make_app(start=("game", session_at(MID_GAME)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("h")
        await settle(pilot, lambda: isinstance(app.screen, InfoScreen))
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        assert "Hint: " in prompt_text(app)


async def test_language_switch_redraws_the_table_and_persists(make_app: Any, tmp_path: Path) -> None:
    """The step and the creatures in the new language (every game's table: tests/tui/test_app.py)."""
    app = make_app(start=("game", session_at(MID_GAME)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        assert "Step 3 of 3" in prompt_text(app)
        app.set_language("ru")
        await settle(pilot)
        assert "Шаг 3 из 3" in prompt_text(app)
        footer = {b.binding.description for b in app.screen.active_bindings.values()}
        assert "Отмена" in footer
        assert "Вампир" in str(_creature(app, 1).render())
    assert load_settings(tmp_path / "config").lang == "ru"


async def test_solo_setup_seats_the_shade(make_app: Any) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.screen.query_one("#opt-solo").value = True
        await settle(pilot)
        assert app.screen.query_one("#auto-1").display
        await pilot.press("ctrl+s")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.ctl.my_decision())
        header = app.screen.ctl.session.header
        assert [s.kind for s in header.seats] == ["human", "shade"] and header.options["solo"]
        assert "the Shade: 1" in str(app.screen.board.status.render())


async def test_the_palette_finds_a_property_in_the_rules(make_app: Any) -> None:
    from textual.command import CommandPalette

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("ctrl+p")
        await settle(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"stone hide")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert app.screen.heading == "Stone Hide · Каменная шкура"


LONG_CARD: dict[str, Any] = {  # card 46: Scary / Metamorph, two long property texts
    "step": "create", "turn": 0, "round": 1, "first": 0, "source": "moonflower",
    "players": [
        {"hand": [46, 12], "creatures": [{"id": 1, "energy": 1, "properties": ["vampire"]}]},
        {"hand": [5], "creatures": [{"id": 2, "energy": 1}]},
    ],
}


async def _details_while_moving(make_app: Any, size: tuple[int, int]) -> tuple[list[str], set[int], int]:
    """The details text on each item the cursor visits, the panel's heights, the log's height."""
    from tui.board import LOG_MIN

    app = make_app(start=("game", session_at(LONG_CARD)))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause(0.2)
        screen = app.screen
        texts, heights = [], set()
        for key in ["left", "left", "up", "down", "right"]:
            await pilot.press(key)
            await settle(pilot)
            texts.append(str(screen.query_one("#details").render()))
            heights.add(screen.board.details.outer_size.height)
        log_rows = screen.board.log_view.outer_size.height
        if size[1] >= 40:  # from 120×40 the log keeps ten lines of text
            assert log_rows >= LOG_MIN
        return texts, heights, log_rows


async def test_details_fit_the_longest_text_and_keep_their_height(make_app: Any) -> None:
    # 200×60: the side panel widens; at 120×40 the log keeps its ten lines and a long text
    # ends with the info key instead (below)
    texts, heights, _ = await _details_while_moving(make_app, (200, 60))
    assert len(heights) == 1  # moving the cursor never resizes the panel (no layout per key)
    assert any("has it too" in t for t in texts)  # card 46's Metamorph text, to its last words
    assert not any("all of it" in t for t in texts)


async def test_details_too_long_for_the_panel_point_to_the_info_key(make_app: Any) -> None:
    texts, heights, _ = await _details_while_moving(make_app, (100, 32))
    assert len(heights) == 1
    assert any(t.rstrip().endswith("… all of it: i") for t in texts)


# The add step: cards 46 (Scary / Metamorph) and 12 in hand, two creatures of Ann's to take one.
ADD_ON_TWO = {**LONG_CARD, "step": "add",
              "players": [{"hand": [46, 12], "creatures": [{"id": 1}, {"id": 3}]},
                          LONG_CARD["players"][1]]}


async def test_after_a_hinted_card_is_picked_the_cursor_goes_to_the_hinted_creature(
        make_app: Any) -> None:
    from core.games.magic.actions import Add

    app = make_app(start=("game", session_at(ADD_ON_TWO)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        screen._show_hint(screen.ctl.token, [_Hint(Add(46, "B", 3))], "")
        assert screen.board.cursor == "h:46"
        await pilot.press("enter", "2")  # the card, then its half B
        await settle(pilot)
        assert "Metamorph" in prompt_text(app) and screen.board.cursor == "c:3"  # not the first, c1


class _Hint:
    def __init__(self, action: Any) -> None:
        self.action, self.notation, self.reason, self.share = action, "add 46B c3", "why", 1.0


async def test_creatures_wrap_onto_lines_and_the_cursor_moves_between_them(make_app: Any) -> None:
    many = {**LONG_CARD, "step": "activate"}
    many["players"] = [{"hand": [12], "creatures": [{"id": i} for i in (1, 3, 4, 6, 7, 8)]},
                       LONG_CARD["players"][1]]
    app = make_app(start=("game", session_at(many)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause(0.2)
        screen = app.screen
        rows = screen.query_one("#rows").region
        cards = [_creature(app, i).region for i in (1, 3, 4, 6, 7, 8)]
        assert all(rows.x <= r.x and r.right <= rows.right for r in cards)  # none off the side
        assert len({r.y for r in cards}) == 2  # two lines: four, then two
        lines = screen.board.zones()
        assert ["c:1", "c:3", "c:4", "c:6"] in lines and ["c:7", "c:8"] in lines
        screen.board.cursor = "c:3"
        await pilot.press("down")
        assert screen.board.cursor == "c:7"  # the next line of the same seat, not the hand


async def test_a_number_key_with_nothing_under_it_says_how_to_choose(make_app: Any) -> None:
    app = make_app(start=("game", session_at(MID_GAME)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("1")  # activating is picked on the table: no numbered choices
        await settle(pilot)
        assert "No numbered choices here" in prompt_text(app)
        await pilot.press("enter", "7")  # c1's action: gain, attack, sleep (too little to transmute)
        await settle(pilot)
        assert "Pick a choice with 1–3" in prompt_text(app)


async def test_the_status_line_fits_80_columns_in_russian_solo(make_app: Any) -> None:
    from core.engine.journal import Seat

    solo = {"solo": True, "step": "create", "round": 12, "first": 0, "turn": 0, "deck_size": 45,
            "players": [{"hand": [12], "creatures": [{"id": 1}]},
                        {"shade": True, "creatures": [{"id": 2}]}]}
    seats = [Seat("Player 1"), Seat("Shade", kind="shade")]
    app = make_app(lang="ru", start=("game", session_at(solo, seats=seats)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        line = str(app.screen.query_one("#status").render())
        assert line.endswith("(Тени — 1)")  # the whole goal, not cut at the edge
        assert "первый" not in line  # dropped to fit: the seat row says who is first



def _creature(app: Any, uid: int) -> Any:
    """The creature's card as its row draws it."""
    return next(c for row in app.screen.board.rows.values() for c in row.cards if c.uid == uid)


def test_the_help_says_whose_properties_it_lists() -> None:
    """While a card is played (create, add) the help lists the hand's properties under that
    name; once a creature acts, those of the creatures in play."""
    from tui.controller import GameController
    from tui.games.magic.help import decision_help

    for at, heading in ({"step": "add"}, "The properties on your cards"), \
            ({"step": "action", "active": 1}, "Properties in play"):
        session = session_at(dict(MID_GAME, **at))
        ctl = GameController(session, "en")
        body = decision_help(ctl.view(), None, ctl, "en")
        assert f"### {heading}" in body, (at, body)


async def test_a_card_where_a_creature_is_wanted_says_the_lit_ones_are_the_choices(
        make_app: Any) -> None:
    """Choosing the creature for a property, Enter on a hand card: not a bare "cannot be
    chosen now", but that the highlighted ones (the creatures) are the choices."""
    app = make_app(start=("game", session_at(ADD_ON_TWO)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        screen.board.cursor = "h:46"
        await pilot.press("enter", "2")  # the card, then its half: now a creature is wanted
        await settle(pilot)
        screen.board.cursor = "h:12"
        await pilot.press("enter")
        await settle(pilot)
        assert "the highlighted ones are the choices" in prompt_text(app), prompt_text(app)
