"""Escape means back everywhere: the menu asks before quitting, the hot-seat curtain goes back
to the menu (the game is saved), and a table goes back to the menu."""

from __future__ import annotations

from typing import Any

from core import games
from tests.piloting import new_game, settle, table_ready
from tui.games import playable
from tui.screens.dialogs import ConfirmScreen
from tui.screens.handover import HandoverScreen
from tui.screens.menu import MenuScreen


async def test_escape_on_the_menu_asks_before_quitting(make_app: Any) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")  # no: still here
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert app.is_running
        await pilot.press("escape", "y")
        await settle(pilot, lambda: not app.is_running)


async def test_escape_on_the_hot_seat_curtain_goes_back_to_the_menu(make_app: Any, tmp_path: Any) -> None:
    game = next(g for g in playable() if games.get(g).hidden_information)
    session = new_game(game, humans=2, seats=2, path=tmp_path / "hotseat.evo")
    app = make_app(start=("game", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
    assert session.writer is None  # the table let the save go: another window may open it


async def test_escape_leaves_nothing_but_the_menu(make_app: Any) -> None:
    """From a table, Esc steps back (a selection), and `m` leaves; the menu stays put."""
    app = make_app(start=("game", new_game(playable()[0])))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: table_ready(app))
        await pilot.press("escape")  # nothing picked: nothing to step back from
        assert table_ready(app)
        await pilot.press("m")
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))


async def test_hot_seat_undo_of_another_persons_move_asks_them(make_app: Any, tmp_path: Any) -> None:
    from tui.screens.table import TableScreen

    game = next(g for g in playable() if games.get(g).hidden_information)
    session = new_game(game, humans=2, seats=2, path=tmp_path / "hotseat.evo")
    app = make_app(start=("game", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandoverScreen))
        first = session.pending().seat
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.ctl.my_decision())
        table = app.screen
        while session.pending().seat == first:  # the first person plays until the other decides
            table.submit(table.ctl.legal()[0])
        await settle(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and table.ctl.my_decision())
        moves = len(session.line)
        await pilot.press("u")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert table.ctl.names()[first] in str(app.screen.question)
        await pilot.press("n")  # the other person says no: nothing is taken back
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        assert len(session.line) == moves
        await pilot.press("u")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await settle(pilot, lambda: len(session.line) < moves)
