"""F1 / ? on the `newworld` table: what the pending decision means, the epoch's phases, the
marks on the table, the keys, the habitats open now, the properties in play and the open
discard pile."""

from __future__ import annotations

from typing import Any

from core.games.newworld.data import faces, properties
from tui.games.newworld.describe import hab_name, need_text, prop_name
from tui.i18n import has, text


def _t(key: str, lang: str, **args: Any) -> str:
    return text(f"newworld.{key}", lang, **args)


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
        pids += list(faces()[card])
    return pids


def _habitats(view: Any, lang: str) -> list[str]:
    out = []
    for h in view.habitats:
        need = _t("help.swamp", lang) if h.swamp else need_text(h.needs, lang)
        out.append(f"- **h{h.key} {hab_name(h.kind, lang)}** — {need}; "
                   + _t("help.habitat_tokens", lang, red=h.red, shelter=h.shelter))
    return out


def _discard(view: Any, lang: str) -> list[str]:
    groups: dict[str, int] = {}
    for card in view.discard:
        face = " / ".join(prop_name(t, lang) for t in faces()[card])
        groups[face] = groups.get(face, 0) + 1
    return [f"- {face} ×{k}" for face, k in sorted(groups.items())] or \
        [_t("details.discard_empty", lang)]


def decision_help(view: Any, stage: Any, ctl: Any, lang: str) -> str:
    out: list[str] = []
    step = view.step if view is not None else ""
    if stage is not None and stage.prompt:
        out += [f"## {stage.prompt}", ""]
    elif ctl.pending() is not None:
        out += [f"## {text('help.not_yours', lang, name=ctl.names()[ctl.pending().seat])}", ""]
    if view is not None and step == "develop" and view.scenario != "none":
        key = f"newworld.help.step.develop_{view.scenario}"
    else:
        key = f"newworld.help.step.{step}"
    if has(key):
        out += [text(key, lang), ""]
    out += [f"### {_t('help.track', lang)}", "", _t("help.track_body", lang), ""]
    out += [f"### {_t('help.marks', lang)}", "", _t("help.marks_body", lang), ""]
    out += [f"### {text('help.keys', lang)}", "", _t("help.keys", lang), "", text("help.find", lang), ""]
    if view is not None:
        if view.habitats:
            out += [f"### {_t('help.habitats', lang)}", "", *_habitats(view, lang), ""]
        lines = _prop_lines(_in_play(view, ctl), lang)
        if lines:
            out += [f"### {text('help.props', lang)}", "", *lines, ""]
        out += [f"### {_t('help.discard', lang)}", "", *_discard(view, lang), ""]
    out += [f"### {text('help.more', lang)}", "", _t("help.more_body", lang)]
    return "\n".join(out)
