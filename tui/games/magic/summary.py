"""What the shared screens show of a `magic` game: the end-of-game summary and the seats of
a game started from a scenario."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core import games
from core.engine.journal import Seat
from core.seat_names import default_name
from tui.games import EndInfo
from tui.i18n import text
from tui.markup import esc

if TYPE_CHECKING:
    from core.games.magic.state import MagicState
    from tui.controller import GameController


def end_info(ctl: GameController, lang: str) -> EndInfo:
    names = ctl.names()
    outcome = ctl.outcome()
    winners = ", ".join(names[w] for w in outcome.winners) if outcome else "—"
    from core.games.magic.stats import game_stats

    stats = game_stats(ctl.played_entries(), len(names))
    rows = []
    for i, s in enumerate(stats.seats):
        crown = " ★" if outcome and i in outcome.winners else ""
        rows.append([names[i] + crown, str(s.transmutations), str(s.energy), str(s.attacks),
                     str(s.created), str(s.burned)])
    return EndInfo(
        title=f"[b $accent]{esc(text('end.winner', lang, name=winners))}[/]",
        summary=text("end.summary", lang, rounds=stats.rounds, moves=stats.moves),
        columns=[text(f"magic.end.col.{c}", lang) for c in
                 ("seat", "transmutations", "energy", "attacks", "created", "burned")],
        rows=rows)


def scenario_seats(state: MagicState, lang: str, bot: str) -> list[Seat]:
    """The person at the keyboard plays seat 0; the others are bots (the Shade stays the Shade)."""
    seats = []
    for i, player in enumerate(state.players):
        if getattr(player, "shade", False):
            seats.append(Seat(games.get("magic").automaton_name("shade", lang).capitalize(),
                              kind="shade"))
        elif i == 0:
            seats.append(Seat(default_name("player", 1, lang)))
        else:
            seats.append(Seat(default_name("bot", i + 1, lang), kind="bot", bot=bot))
    return seats
