"""Undo and redo by consent in the app: `u` (or `r`, after an undo) asks the others (a client
of a script here), and a request from another seat shows on the table's prompt with its keys
in the footer; `y` agrees and the moves are taken back (or put back), `n` refuses and they
stand."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from core.engine import journal as J
from core.net.client import TableClient
from core.net.server import Server
from tests.piloting import prompt_text, screen_text, settle

GAME = "magic"


async def _open(tmp_path: Path, make_app: Callable[..., Any],
                lang: str = "en") -> tuple[Server, Any, Any, TableClient]:
    server = Server(tmp_path / "server", durable=False)
    await server.start("127.0.0.1", 0)
    table = server.open_table(GAME, [J.Seat("Ann"), J.Seat("Bob")])
    ann, bob = (t.hex() for t in table.tokens if t is not None)
    url = f"ws://127.0.0.1:{server.port}/{table.id}"
    other = TableClient(url, bob)
    await other.connect()
    app = make_app(lang=lang, start=("online", (url, ann, "Ann")))
    return server, table, app, other


def _at_table(app: Any) -> bool:
    from tui.screens.online import OnlineTableScreen

    return isinstance(app.screen, OnlineTableScreen) and app.screen.view is not None


async def _both_moved(pilot: Any, app: Any, table: Any, other: TableClient, first: int) -> None:
    """Moves (Ann's through the screen, Bob's by script) until `first` moved, then the other."""
    from tui.screens.online import OnlineTableScreen

    for _ in range(60):
        last = [e.seat for e in table.session.entries if e.kind == "move"]
        if len(last) >= 2 and last[-2] == first and last[-1] != first:
            return
        seq = len(table.session.entries)
        screen = app.screen
        if isinstance(screen, OnlineTableScreen) and screen.ctl.my_decision():
            screen.submit(screen.legal()[0])
        elif other.my_turn():
            await other.act(other.update.legal[0])  # type: ignore[union-attr]
        await settle(pilot, lambda s=seq: len(table.session.entries) > s
                     and (other.seq == len(table.session.entries)), 10)
    raise AssertionError("the seats did not both move")


@pytest.mark.parametrize("answer", [True, False])
async def test_the_app_asks_and_the_other_answers(answer: bool, tmp_path: Path,
                                                   make_app: Callable[..., Any]) -> None:
    server, table, app, other = await _open(tmp_path, make_app)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: _at_table(app), 20)
        await _both_moved(pilot, app, table, other, first=0)
        entries = len(table.session.entries)
        line = list(table.session.line)
        await pilot.press("u")
        assert await other.wait(lambda: other.asked_to_undo(), 10)
        await settle(pilot, lambda: "waiting for Bob" in prompt_text(app), 10)
        assert "n Withdraw" in screen_text(app)
        await other.answer_undo(answer)
        await settle(pilot, lambda: app.screen.remote.undo_request() is None, 10)
        if answer:
            await settle(pilot, lambda: app.screen.ctl.my_decision(), 10)
            assert table.session.entries[-1].kind == "undo" and len(table.session.line) < len(line)
            assert "taken back" in screen_text(app)
        else:
            assert len(table.session.entries) == entries and table.session.line == line
            assert "does not agree" in screen_text(app)
        await settle(pilot, lambda: "must agree" not in prompt_text(app), 10)  # not stale
    await other.close()
    assert server.ws is not None
    server.ws.close()
    server.close()


@pytest.mark.parametrize(("lang", "key"), [("en", "y"), ("ru", "n")])
async def test_a_request_shows_on_the_table_and_is_answered_by_key(lang: str, key: str, tmp_path: Path,
                                                                  make_app: Callable[..., Any]) -> None:
    server, table, app, other = await _open(tmp_path, make_app, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: _at_table(app), 20)
        await _both_moved(pilot, app, table, other, first=1)
        line = list(table.session.line)
        await other.ask_undo()
        await settle(pilot, lambda: app.screen.remote.asked_to_undo(), 10)
        shown = screen_text(app)
        if lang == "en":
            assert "Bob asks to take back" in prompt_text(app) and "s left" in prompt_text(app)
            assert "y Agree" in shown and "n Refuse" in shown
        else:
            assert "Bob просит забрать назад" in prompt_text(app)
            assert "y Да" in shown and "n Нет" in shown
        await pilot.press(key)
        assert await other.wait(lambda: other.undo_request is None, 10)
        await settle(pilot, lambda: app.screen.remote.undo_request() is None, 10)
        if key == "y":
            assert len(table.session.line) < len(line) and other.my_turn()
        else:
            assert table.session.line == line
        await asyncio.sleep(0)
    await other.close()
    assert server.ws is not None
    server.ws.close()
    server.close()


@pytest.mark.parametrize(("lang", "asker"), [("en", "app"), ("ru", "other")])
async def test_moves_taken_back_are_put_back_by_consent(lang: str, asker: str, tmp_path: Path,
                                                        make_app: Callable[..., Any]) -> None:
    """After an undo, `r` asks to put the moves back (the others agree by their client), or
    another seat's request shows on the prompt and `y` agrees; the moves come back."""
    server, table, app, other = await _open(tmp_path, make_app, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: _at_table(app), 20)
        await _both_moved(pilot, app, table, other, first=0)
        line = list(table.session.line)
        await pilot.press("r")  # nothing taken back yet: it says why
        await settle(pilot, lambda: "Nothing to put back" in screen_text(app)
                     or "Возвращать нечего" in screen_text(app), 10)  # a sentence of its own
        await pilot.press("u")
        assert await other.wait(lambda: other.asked_to_undo(), 10)
        await other.answer_undo(True)
        await settle(pilot, lambda: app.screen.ctl.my_decision() and app.screen.remote.can_redo(), 10)
        assert len(table.session.line) < len(line)
        if asker == "app":
            await pilot.press("r")
            assert await other.wait(lambda: other.asked_to_undo(), 10)
            assert other.undo_request is not None and other.undo_request.redo
            await settle(pilot, lambda: "put back" in prompt_text(app), 10)
            await other.answer_undo(True)
        else:
            seq = other.seq
            await other.ask_redo()
            await settle(pilot, lambda: app.screen.remote.asked_to_undo(), 10)
            assert "Bob просит вернуть" in prompt_text(app)
            await pilot.press("y")
            assert await other.wait(lambda: other.undo_request is None and other.seq > seq, 10)
        await settle(pilot, lambda: table.session.line == line
                     and app.screen.remote.undo_request() is None, 10)
        assert table.session.entries[-1].kind == "redo"
        said = "put back" if lang == "en" else "возвращено"
        await settle(pilot, lambda: said in app.screen.ctl.log[-1].text, 10)
    await other.close()
    assert server.ws is not None
    server.ws.close()
    server.close()
