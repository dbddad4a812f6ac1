"""Pilot tests of the `classic` table: development and feeding goes, pairs, an attack with
its preview and the prey's defence, refusals with their rulings, undo, the hot-seat curtain
and the replay — all through key presses."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import DataTable

from core.games.classic import actions as A
from tests.games.classic.test_tui_positions import DEFEND, DEVELOP, FEED, V09, session_at
from tests.piloting import (
    NARROW,
    TWO_PEOPLE,
    WIDE,
    check_hot_seat_defence,
    details,
    played_out,
    prompt_text,
    settle,
    table_of,
)
from tui.screens.handover import HandoverScreen
from tui.screens.replay import ReplayScreen


async def test_a_development_go_new_animal_and_a_property_by_keys(make_app: Any) -> None:
    session = session_at(DEVELOP)
    async with table_of(make_app, session) as (app, pilot):
        table = app.screen
        assert table.board.cursor == "h:69"  # the first card of the hand
        assert "Development" in prompt_text(app)
        await pilot.press("enter")  # card 69
        assert "Card 69 (Symbiosis)" in prompt_text(app)
        await pilot.press("right", "right", "right", "enter")  # card 45 instead: Big / Carnivorous
        assert "Card 45 (Big / Carnivorous)" in prompt_text(app)
        await pilot.press("3")  # Carnivorous…
        assert table.board.cursor == "a:3"  # c1 has Carnivorous already: the first that can take it
        table.board.cursor = "a:1"
        await pilot.press("enter")  # refused, with the ruling
        assert "c1 already has Carnivorous" in prompt_text(app) and "[CL §5.1]" in prompt_text(app)
        await pilot.press("escape")  # back to the card's sides
        assert "play it as what" in prompt_text(app)
        await pilot.press("1")  # a new animal after all
        await settle(pilot, lambda: table.ctl.my_decision())
        assert A.Create(45) in [e.action for e in session.entries]
        assert "a:6" in table.board.items()  # the new animal, at the right end of Ann's row


async def test_a_pair_and_the_symbiosis_direction_by_keys(make_app: Any) -> None:
    session = session_at(DEVELOP)
    async with table_of(make_app, session) as (app, pilot):
        table = app.screen
        await pilot.press("enter", "2")  # card 69, Symbiosis
        assert "choose the protector" in prompt_text(app)
        await pilot.press("right", "right", "enter")  # c5 protects…
        assert "c5 protects" in prompt_text(app)
        assert table.board.targets() == {"a:1", "a:3"}
        await pilot.press("enter")  # … c1
        await settle(pilot, lambda: table.ctl.my_decision())
        assert session.entries[1].action == A.Pair(69, "a", 5, 1)
        card = table.board.rows[0].cards[0]
        assert "←c5" in str(card.render())  # the dependent names its protector
        await pilot.press("enter", "2")  # card 77 (the cursor keeps its place in the hand): Cooperation
        assert "the first of two" in prompt_text(app)
        await pilot.press("enter", "enter")  # c1, then the first partner offered
        await settle(pilot, lambda: table.ctl.my_decision())
        pair = next(e.action for e in session.entries if isinstance(e.action, A.Pair) and e.action.card == 77)
        assert 1 in (pair.a, pair.b)


async def test_a_feeding_go_by_keys_and_undo(make_app: Any) -> None:
    session = session_at(FEED)
    async with table_of(make_app, session) as (app, pilot):
        table = app.screen
        await pilot.press("1")  # CL8: ending the go is not offered while food can be taken
        assert "take food first" in prompt_text(app) and "No numbered choices" in prompt_text(app)
        assert table.board.cursor == "a:1"
        await pilot.press("enter")  # c1
        assert "What does c1 do?" in prompt_text(app)
        await pilot.press("right", "enter")  # c3 instead: a change of mind on the board
        assert "What does c3 do?" in prompt_text(app)
        await pilot.press("2")  # Grazing: a free action
        await settle(pilot, lambda: table.ctl.my_decision())
        assert session.entries[-1].action == A.Graze(3)
        await pilot.press("enter", "enter")  # c3 again (the cursor stayed), take a red token
        await settle(pilot, lambda: table.ctl.my_decision() or session.pending().seat != 0)
        assert A.Take(3) in [e.action for e in session.entries]
        await settle(pilot, lambda: table.ctl.my_decision())
        await pilot.press("u")  # back to Ann's last decision, over the bot's moves
        await settle(pilot, lambda: table.ctl.my_decision())
        assert "Took back" in prompt_text(app)
        assert session.state.base == 4 and not session.state.food_done


async def test_an_attack_previews_the_defences_then_the_bot_defends(make_app: Any) -> None:
    session = session_at(FEED)
    async with table_of(make_app, session) as (app, pilot):
        table = app.screen
        await pilot.press("enter", "2")  # c1: Attack…
        assert "hunts" in prompt_text(app)
        assert table.board.cursor == "a:2"  # the first prey of another player
        assert "can defend" in details(app) and "Running" in details(app)
        await pilot.press("right", "enter")  # c4 is Big
        assert "c4 is Big" in prompt_text(app) and "[CL13]" in prompt_text(app)
        table.board.cursor = "a:8"
        table.board.move(0, 0)
        shown = " ".join(details(app).split())  # as read, whatever the panel's line breaks
        assert "Poisonous" in shown and "c1 dies at extinction" in shown
        await pilot.press("enter")  # c8: the attack waits for a confirmation
        assert "It is Poisonous" in prompt_text(app)
        table.board.cursor = "a:2"
        await pilot.press("enter")  # another prey instead: a new preview, still no attack
        assert "Running (escapes on 4–6)" in prompt_text(app)
        table.board.cursor = "h:69"
        await pilot.press("enter")  # Enter off the prey does not attack it
        assert "Pick a choice with 1–2" in prompt_text(app)
        table.board.cursor = "a:2"
        assert session.entries[-1].kind != "move" or not isinstance(session.entries[-1].action, A.Attack)
        await pilot.press("enter")
        await settle(pilot, lambda: table.ctl.my_decision() or session.pending() is None)
        assert A.Attack(1, 2) in [e.action for e in session.entries]
        assert any(isinstance(e.action, A.Defend) for e in session.entries)  # the bot's choice


async def test_the_prey_owner_decides_the_defence(make_app: Any) -> None:
    session = session_at(DEFEND)
    async with table_of(make_app, session) as (app, pilot):
        assert "c2 attacks c1" in prompt_text(app)
        await pilot.press("3")  # CL14: no defence is not offered while Mimicry can be used
        assert "No more defence" not in prompt_text(app) and "with 1–2" in prompt_text(app)
        await pilot.press("2")  # Tail Loss…
        assert "which property of c1" in prompt_text(app)
        await pilot.press("3")  # drop Fat Tissue (card 50)
        await settle(pilot, lambda: session.entries[-1].action == A.Defend("tail", card=50))
        assert 1 in session.state.animals and 50 not in session.state.animals[1].cards


async def test_hotseat_hides_the_other_hand_and_hands_over_for_the_defence(make_app: Any) -> None:
    await check_hot_seat_defence(make_app, session_at(FEED, seats=TWO_PEOPLE), ([69, 21], [22, 23]),
                                 ("enter", "2", "enter", "enter"))  # c1 attacks c2


async def test_v09_shows_the_turn_of_n_points_reserve_and_the_open_discard(make_app: Any) -> None:
    async with table_of(make_app, session_at(V09)) as (app, pilot):
        board = app.screen.board
        assert "Turn 3 of 10" in str(board.status.render())
        header = str(board.rows[0].header.render())
        assert "points 6" in header and "reserve 1" in header
        assert "hungry" in board.rows[0].cards[0].border_subtitle
        await pilot.press("up", "up", "up")  # to the food base
        assert board.cursor == "base"
        assert "Scavenger ×2 (17, 18)" in details(app)


async def test_the_replay_shows_the_board_for_a_chosen_viewer(make_app: Any) -> None:
    """Two people at one keyboard, the game still in play: each hand only behind the cover."""
    session = session_at(DEVELOP, seats=TWO_PEOPLE)
    for move in ("create 45", "pass", "pass"):
        session.act(move) if session.pending().seat == 0 else session.act(session.legal_actions()[-1])
    app = make_app(start=("replay", session))
    async with app.run_test(size=WIDE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        await pilot.press("end", "v")
        await settle(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert screen.viewer == 0
        assert [c.card for c in screen.board.hand.cards] == [69, 77, 57, 21, 1]
        await pilot.press("v")
        await settle(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert screen.viewer == 1
        assert screen.board.row_order()[-1] == 1


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_end_table_fits_80_columns(make_app: Any, lang: str) -> None:
    """Eight columns of the 2nd edition's scoring on one line each were wider than 80 columns
    (the last, "Lost", cut to "Lo" and out of the keys' reach): their labels fold onto two
    lines, and the whole table is in sight."""
    from tui.screens.end import EndScreen

    session = played_out(session_at(DEVELOP))
    app = make_app(start=("game", session), lang=lang)
    async with app.run_test(size=NARROW) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.pause()
        table = app.screen.query_one("#end-table", DataTable)
        assert len(table.columns) == 8 and table.header_height == 2
        assert table.virtual_size.width <= table.scrollable_content_region.width
        labels = [str(c.label) for c in table.columns.values()]
        assert ("Lost" if lang == "en" else "Потеряно") in labels
        assert ("For\nanimals" if lang == "en" else "За\nживотных") in labels


async def test_a_tall_animal_of_another_player_shows_whole_at_80x24(make_app: Any) -> None:
    """A row of nine animals keeps most of the height for itself (70 %), which left the
    others' rows four or five lines at 80×24: an animal of six properties showed five, the
    rest out of reach. With the cursor on another's animal the own row gives way (25 %)."""
    tall = {**FEED, "pairs": [], "players": [
        {**FEED["players"][0], "animals": [{"id": 2 * k + 1} for k in range(9)]},
        {**FEED["players"][1], "animals": [
            {"id": 2, "properties": ["camouflage", "fat_tissue", "big", "swimming", "scavenger",
                                     "running"]},
            *FEED["players"][1]["animals"][1:]]}]}
    async with table_of(make_app, session_at(tall), NARROW) as (app, pilot):
        board = app.screen.board
        rows = app.screen.query_one("#cl-rows")
        await pilot.press("up", "up")  # the bot's second line (c8), then its first
        await pilot.pause()
        await pilot.pause()
        assert board.cursor == "a:2"
        card = board.items()["a:2"].region  # in the rows' view, none of it under the own row
        assert rows.region.contains_region(card) and not card.overlaps(board.rows[0].region)
        await pilot.press("down", "down")  # back on one's own: the own row has its room again
        await pilot.pause()
        await pilot.pause()
        assert board.cursor.startswith("a:") and board.items()[board.cursor] in board.rows[0].cards
        assert board.rows[0].size.height > 3
