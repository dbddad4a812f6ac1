"""F1 / ? on the `classic` table: what the pending decision means, the turn's phases, the marks
on the table, the keys, the properties in play and (v0.9) the open common discard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.games.classic.data import faces, properties
from tui.games.classic.describe import prop_name
from tui.i18n import text
from tui.kits.evolution.help import bottom_hand, help_page, section
from tui.kits.evolution.words import rule_lines

if TYPE_CHECKING:
    from core.games.classic.view import ClassicView
    from tui.controller import GameController
    from tui.stage import Stage


def _in_play(view: ClassicView, ctl: GameController) -> list[str]:
    """The properties on the table, then those in the bottom seat's hand."""
    pids = [t for a in view.animals.values() for t in a.traits]
    return pids + [t for card in bottom_hand(view, ctl) for t in faces(view.single_poisonous)[card]]


def _discard(view: ClassicView, lang: str) -> list[str]:
    groups: dict[str, int] = {}
    for card in view.discard:
        face = " / ".join(prop_name(t, lang) for t in faces(view.single_poisonous)[card])
        groups[face] = groups.get(face, 0) + 1
    return [f"- {face} ×{k}" for face, k in sorted(groups.items())]


def decision_help(view: ClassicView | None, stage: Stage | None, ctl: GameController,
                  lang: str) -> str:
    own: list[str] = []
    if view is not None:
        own += section(text("help.props", lang), rule_lines(_in_play(view, ctl), properties(), lang))
        if view.v09:
            own += section(text("classic.help.discard", lang),
                           _discard(view, lang) or [text("classic.details.discard_empty", lang)])
    return help_page("classic", view, stage, ctl, lang, own)
