"""F1 / ? on the `classic` table: what the pending decision means, the turn's phases, the marks
on the table, the keys, the properties in play and (v0.9) the open common discard."""

from __future__ import annotations

from typing import Any

from core.games.classic.data import faces, properties
from tui.games.classic.describe import prop_name
from tui.i18n import has, text


def _prop_lines(pids: list[str], lang: str) -> list[str]:
    seen: list[str] = []
    for p in pids:
        if p not in seen and p in properties():
            seen.append(p)
    return [f"- **{prop_name(p, lang)}** — {properties()[p].text(lang)}" for p in seen]


def _in_play(view: Any, ctl: Any) -> list[str]:
    """The properties on the table, then those in the bottom seat's hand."""
    pids: list[str] = []
    for a in view.animals.values():
        pids += a.traits
    me = view.players[ctl.bottom_seat()] if ctl is not None else None
    for card in (me.hand or []) if me is not None else []:
        pids += list(faces(view.single_poisonous)[card])
    return pids


def _discard(view: Any, lang: str) -> list[str]:
    groups: dict[str, int] = {}
    for card in view.discard:
        face = " / ".join(prop_name(t, lang) for t in faces(view.single_poisonous)[card])
        groups[face] = groups.get(face, 0) + 1
    return [f"- {face} ×{k}" for face, k in sorted(groups.items())]


def decision_help(view: Any, stage: Any, ctl: Any, lang: str) -> str:
    out: list[str] = []
    step = view.step if view is not None else ""
    if stage is not None and stage.prompt:
        out += [f"## {stage.prompt}", ""]
    elif ctl.pending() is not None:
        out += [f"## {text('help.not_yours', lang, name=ctl.names()[ctl.pending().seat])}", ""]
    key = f"classic.help.step.{step}"
    if has(key):
        out += [text(key, lang), ""]
    out += [f"### {text('classic.help.track', lang)}", "", text("classic.help.track_body", lang), ""]
    out += [f"### {text('classic.help.marks', lang)}", "", text("classic.help.marks_body", lang), ""]
    out += [f"### {text('help.keys', lang)}", "", text("classic.help.keys", lang), "",
            text("help.find", lang), ""]
    if view is not None:
        lines = _prop_lines(_in_play(view, ctl), lang)
        if lines:
            out += [f"### {text('help.props', lang)}", "", *lines, ""]
        if view.v09:
            out += [f"### {text('classic.help.discard', lang)}", ""]
            out += _discard(view, lang) or [text("classic.details.discard_empty", lang)]
            out.append("")
    out += [f"### {text('help.more', lang)}", "", text("classic.help.more_body", lang)]
    return "\n".join(out)
