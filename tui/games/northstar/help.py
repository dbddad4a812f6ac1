"""F1 / ? on the `northstar` table: what the pending decision means, the round's phases, the
marks on the table, the keys, the watering hole, the traits in play and the discard pile."""

from __future__ import annotations

from typing import Any

from core.games.northstar.data import card_traits, traits
from tui.games.northstar.describe import food_value, shown_cards, trait_name
from tui.i18n import has, text


def _t(key: str, lang: str, **args: Any) -> str:
    return text(f"northstar.{key}", lang, **args)


def _trait_lines(tids: list[str], lang: str) -> list[str]:
    seen: list[str] = []
    for t in tids:
        if t and t not in seen and t in traits():
            seen.append(t)
    return [f"- **{trait_name(t, lang)}** — {traits()[t].text(lang)}" for t in seen]


def _in_play(view: Any, ctl: Any) -> list[str]:
    """The traits on the table (those seen), then those in the bottom seat's hand."""
    tids: list[str] = []
    for x in view.species.values():
        tids += x.traits
    me = view.players[ctl.bottom_seat()] if ctl is not None else None
    names = card_traits()
    for card in (me.hand or []) if me is not None else []:
        tids.append(names[card])
    return tids


def _discard(view: Any, lang: str) -> list[str]:
    groups: dict[str, list[str]] = {}
    names = card_traits()
    for card in view.discard:
        groups.setdefault(trait_name(names[card], lang), []).append(food_value(card))
    return [f"- {name} ×{len(v)}" for name, v in sorted(groups.items())] or \
        [_t("help.discard_empty", lang)]


def decision_help(view: Any, stage: Any, ctl: Any, lang: str) -> str:
    out: list[str] = []
    step = view.step if view is not None else ""
    if stage is not None and stage.prompt:
        out += [f"## {stage.prompt}", ""]
    elif ctl.pending() is not None:
        out += [f"## {text('help.not_yours', lang, name=ctl.names()[ctl.pending().seat])}", ""]
    key = f"northstar.help.step.{step}"
    if has(key):
        out += [text(key, lang), ""]
    out += [f"### {_t('help.track', lang)}", "", _t("help.track_body", lang), ""]
    out += [f"### {_t('help.marks', lang)}", "", _t("help.marks_body", lang), ""]
    out += [f"### {text('help.keys', lang)}", "", _t("help.keys", lang), "", text("help.find", lang), ""]
    if view is not None:
        hole = [_t("details.hole", lang, k=view.hole)]
        if view.shown:
            hole.append(_t("details.shown", lang, list=shown_cards(view, lang)))
        out += [f"### {_t('help.hole', lang)}", "", " ".join(hole), ""]
        lines = _trait_lines(_in_play(view, ctl), lang)
        if lines:
            out += [f"### {text('help.props', lang)}", "", *lines, ""]
        out += [f"### {_t('help.discard', lang)}", "", *_discard(view, lang), ""]
    out += [f"### {text('help.more', lang)}", "", _t("help.more_body", lang)]
    return "\n".join(out)
