"""One broadcast narrates an event once for every seat when its text does not depend on who
is told it (its narration rule never asked who the viewer is: Telling.looked); each seat's log
is still, line for line, what the game narrates for that seat."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from core import games
from core.engine import journal as J
from core.engine.rules_base import Narration, Telling
from core.net.server import Server
from core.net.table import PUBLIC, Conn
from tests.net.helpers import table_seats


@pytest.mark.parametrize("game", games.ids())
def test_texts_told_alike_are_each_seats_own(game: str, tmp_path: Path) -> None:
    async def body() -> None:
        server = Server(tmp_path, durable=False)
        seats = [J.Seat(s.name) for s in table_seats(game)]  # people: no bot plays meanwhile
        table = server.open_table(game, seats)
        rng = random.Random(7)
        for _ in range(150):
            pend = table.session.pending()
            if pend is None:
                break
            await table.make(pend.seat, rng.choice(table.session.legal_actions()))
        infos = table.seat_infos()
        names = [x.name for x in infos]
        alike: dict[tuple[int, int, str], str | None] = {}
        rules = table.rules
        for viewer in [*range(len(seats)), PUBLIC]:
            conn = Conn(None, lang="ru" if viewer == 1 else "en", seat=None if viewer == PUBLIC else viewer)
            seen_as = table.viewer(conn)  # a spectator sees everything once the game is over
            own = [(rules.narrate(ev, seen_as, conn.lang, names), about)
                   for item in table.items
                   for ev, about in zip(table.session.entries[item].events, table.about[item], strict=True)]
            sent = table._log(conn, 0, infos, alike)
            assert [(x.text, x.seat) for x in sent] == [(t, a) for t, a in own if t]
        assert alike  # some texts were told alike, and in a game of hidden cards not all
        if games.get(game).hidden_information:
            assert len(alike) < sum(len(table.session.entries[i].events) for i in table.items) * 2
        table.close()
    asyncio.run(asyncio.wait_for(body(), 120))


def test_a_rule_that_asks_who_is_told_is_not_told_alike() -> None:
    def private(e: object, t: Telling) -> str:
        return "yours" if t.sees(0) else "someone's"

    def by_name(e: object, t: Telling) -> str:
        return "seen" if t.viewer is None else "told"

    def public(e: object, t: Telling) -> str:
        return t.say("x") + t.who(0)

    class A: ...
    class B: ...
    class C: ...
    n = Narration(lambda key, lang, **args: key, {A: private, B: by_name, C: public})
    assert n.told(A(), 0, "en", ["Ann"]) == ("yours", True)
    assert n.told(B(), None, "en", ["Ann"]) == ("seen", True)
    assert n.told(C(), 1, "en", ["Ann"]) == ("xAnn", False)
    assert n.told(object(), 1, "en") == (None, False)
