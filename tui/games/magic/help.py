"""F1 / ? on the table: what the pending decision means, the keys, and the properties in play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.games.magic.data import ATTACKING, cards, properties
from tui.i18n import has, text
from tui.kits.evolution.words import rule_lines

if TYPE_CHECKING:
    from core.games.magic.view import MagicView
    from tui.controller import GameController
    from tui.stage import Stage


def decision_help(view: MagicView | None, stage: Stage | None, ctl: GameController,
                  lang: str) -> str:
    out: list[str] = []
    step = view.step if view is not None else ""
    if stage is not None:
        out += [f"## {stage.prompt}", ""]
    elif (pending := ctl.pending()) is not None:
        out += [f"## {text('help.not_yours', lang, name=ctl.names()[pending.seat])}", ""]
    key = f"magic.help.step.{step}"
    if has(key):
        out += [text(key, lang), ""]
    out += [f"### {text('help.keys', lang)}", "", text("help.keys_body", lang), "",
            text("help.find", lang), ""]
    if step in ("create", "add"):
        out += [text("magic.help.pass_round", lang), ""]
    pids: list[str] = []
    heading = "help.props"
    if view is not None and step in ("create", "add", "swap"):
        heading = "help.props_hand"  # the hand's cards: what the player may play
        me = view.players[ctl.bottom_seat()]
        for card in me.hand or []:
            pids += list(cards()[card])
    elif view is not None and view.active in view.creatures:
        a = view.creatures[view.active]
        pids += list(a.traits) + list(view.copied)
        if view.attack is not None and view.attack.target in view.creatures:
            pids += view.creatures[view.attack.target].traits
    if step == "action":
        pids += [p for p in ATTACKING if p in pids]
    lines = rule_lines(pids, properties(), lang)
    if lines:
        out += [f"### {text(heading, lang)}", "", *lines, ""]
    out += [f"### {text('help.more', lang)}", "", text("help.more_body", lang)]
    return "\n".join(out)
