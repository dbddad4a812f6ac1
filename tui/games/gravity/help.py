"""F1 / ? on the `gravity` table: the pending decision, where the turn stands, the keys, and the
texts of everything in play (abilities, monsters, curses held, the event being resolved)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.games.gravity.data import curses, events, monsters
from core.games.gravity.texts import char_name, curse_name, monster_name
from tui.games.gravity.describe import ability_text, teleport_text
from tui.games.gravity.widgets import STEPS, step_code
from tui.i18n import has, text

if TYPE_CHECKING:
    from core.games.gravity.view import GravityView
    from tui.controller import GameController
    from tui.stage import Stage


def decision_help(view: GravityView | None, stage: Stage | None, ctl: GameController, lang: str) -> str:
    out: list[str] = []
    if stage is not None:
        out += [f"## {stage.prompt}", ""]
    elif ctl.pending() is not None:
        out += [f"## {text('gravity.help.not_now', lang)}", ""]
    step = view.step if view is not None else ""
    if has(f"gravity.help.step.{step}"):
        out += [text(f"gravity.help.step.{step}", lang), ""]
    if view is not None and view.chars:
        now = step_code(view)
        out += [f"### {text('gravity.help.turn', lang)}", ""]
        for code in STEPS:
            mark = "**▶ " if code == now else ""
            end = "**" if code == now else ""
            out.append(f"- {mark}{code} — {text(f'gravity.help.steps.{code}', lang)}{end}")
        out.append("")
    out += [f"### {text('help.keys', lang)}", "", text("gravity.help.keys", lang), ""]
    out += [f"### {text('gravity.help.marks', lang)}", "", text("gravity.help.marks_body", lang), ""]
    if view is not None and view.chars:
        out += [f"### {text('gravity.help.in_play', lang)}", ""]
        for c in view.chars:
            out.append(f"- **{char_name(c.id, lang)}** — {ability_text(c.id, lang)} "
                       f"*{teleport_text(c.id, lang)}*")
        if view.variant != "kids":
            for m in view.monsters:
                if m.loc:
                    out.append(f"- **{monster_name(m.id, lang)}** — {monsters()[m.id].text(lang)}")
        held = sorted({cur for c in view.chars for cur in c.curses})
        for cur in held:
            out.append(f"- **{curse_name(cur, lang)}** — {curses()[cur].text(lang)}")
        if view.ev:
            e = events()[view.ev]
            out.append(f"- **«{e.name(lang)}»** — {e.text(lang)}")
        out.append("")
    out += [f"### {text('help.more', lang)}", "", text("gravity.help.more", lang)]
    return "\n".join(out)
