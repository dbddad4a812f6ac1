"""How `magic` plugs into the app's shared screens (see tui/games.py)."""

from __future__ import annotations

from typing import Any

from core.engine.journal import Seat
from core.games.magic import events as E
from tui.games import EndInfo, GameUI
from tui.i18n import text
from tui.magic import rules_doc
from tui.magic.log import actor, track_owners
from tui.magic.stats import game_stats
from tui.markup import esc


def _table(ctl: Any) -> Any:
    from tui.screens.table import TableScreen

    return TableScreen(ctl)


def _replay(session: Any) -> Any:
    from tui.magic.replay import MagicReplayScreen

    return MagicReplayScreen(session)


def _setup_form() -> Any:
    from tui.magic.setup_form import MagicSetupForm

    return MagicSetupForm()


def end_info(ctl: Any, lang: str) -> EndInfo:
    names = ctl.names()
    outcome = ctl.outcome()
    winners = ", ".join(names[w] for w in outcome.winners) if outcome else "—"
    stats = game_stats(ctl.played_entries(), len(names))
    rows = []
    for i, s in enumerate(stats.seats):
        crown = " ★" if outcome and i in outcome.winners else ""
        rows.append([names[i] + crown, str(s.transmutations), str(s.energy), str(s.attacks),
                     str(s.created), str(s.burned)])
    return EndInfo(
        title=f"[b $accent]{esc(text('end.winner', lang, name=winners))}[/]",
        summary=text("end.summary", lang, rounds=stats.rounds, moves=stats.moves),
        columns=[text(f"end.col.{c}", lang) for c in
                 ("seat", "transmutations", "energy", "attacks", "created", "burned")],
        rows=rows)


def scenario_seats(state: Any, lang: str, bot: str) -> list[Seat]:
    """The person at the keyboard plays seat 0; the others are bots (the Shade stays the Shade)."""
    seats = []
    for i, player in enumerate(state.players):
        if getattr(player, "shade", False):
            seats.append(Seat(text("setup.shade", lang), kind="shade"))
        elif i == 0:
            seats.append(Seat(text("setup.player_name", lang, k=1)))
        else:
            seats.append(Seat(text("setup.bot_name", lang, k=i + 1), kind="bot", bot=bot))
    return seats


def round_of(ev: Any) -> int | None:
    if isinstance(ev, E.RoundStarted):
        return ev.round
    if isinstance(ev, E.PositionSet):
        return ev.state.round
    return None


PLUGIN = GameUI(
    game="magic",
    table=_table,
    replay=_replay,
    end_info=end_info,
    rules_markdown=rules_doc.rules_markdown,
    rule_sections=rules_doc.sections,
    setup_form=_setup_form,
    scenario_seats=scenario_seats,
    track_owners=track_owners,
    actor=actor,
    owners_of=lambda state: {u: c.owner for u, c in state.creatures.items()},
    round_of=round_of,
    hidden_hands=True,
)
