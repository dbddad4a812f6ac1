"""After others' turns the table marks the items whose text changed (a creature fed, a card
played, an animal born) until the player's next key; the player's own moves mark nothing.
Every game whose board lists its items (Board.items)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.piloting import new_game, settle, table_ready
from tui.games import playable


def marked(table: Any) -> set[str]:
    return {k for k, w in table.board.items().items() if w.has_class("-news")}


@pytest.mark.parametrize("game", playable())
async def test_what_others_changed_is_marked_until_the_next_key(make_app: Any, game: str) -> None:
    session = new_game(game, bot="random")
    app = make_app(start=("game", session), pace="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: table_ready(app) and app.screen.ctl.my_decision(), timeout=20)
        table = app.screen
        if not table.board.items():
            pytest.skip(f"{game}: the board lists no items")

        def answered() -> bool:
            return table.ctl.my_decision() or session.outcome() is not None

        for _ in range(40):  # play until the bots' turns changed something on the table
            table.submit(table.ctl.legal()[0])  # the table is redrawn at once, before any bot
            own = len(table.ctl.log)
            before = table._items_text()  # what Ann sees after her move
            await settle(pilot, answered, timeout=60)
            if session.outcome() is not None:
                pytest.skip("the game ended before a bot changed the table")
            if len(table.ctl.log) == own:
                assert not marked(table)  # only Ann moved: nothing is news to her
                continue
            now = table._items_text()
            changed = {k for k in now if before.get(k) != now[k]}
            if changed:
                break
        else:
            pytest.skip("the bots changed nothing on the table")
        assert marked(table) == changed
        await pilot.press("right")
        assert not marked(table)
