"""F1 / ? on the `newworld` table: what the pending decision means, the epoch's phases, the
marks on the table, the keys, the habitats open now, the properties in play and the open
discard pile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.games.newworld.data import faces, properties
from tui.games.newworld.describe import hab_name, need_text, prop_name
from tui.i18n import text
from tui.kits.evolution.help import bottom_hand, help_page, section
from tui.kits.evolution.words import rule_lines

if TYPE_CHECKING:
    from core.games.newworld.view import NewWorldView
    from tui.controller import GameController
    from tui.stage import Stage


def _t(key: str, lang: str, **args: object) -> str:
    return text(f"newworld.{key}", lang, **args)


def _in_play(view: NewWorldView, ctl: GameController) -> list[str]:
    """The properties on the table, then those in the bottom seat's hand."""
    pids = [t for a in view.animals.values() for t in a.traits]
    return pids + [t for card in bottom_hand(view, ctl) for t in faces()[card]]


def _habitats(view: NewWorldView, lang: str) -> list[str]:
    out = []
    for h in view.habitats:
        need = _t("help.swamp", lang) if h.swamp else need_text(h.needs, lang)
        out.append(f"- **h{h.key} {hab_name(h.kind, lang)}** — {need}; "
                   + _t("help.habitat_tokens", lang, red=h.red, shelter=h.shelter))
    return out


def _discard(view: NewWorldView, lang: str) -> list[str]:
    groups: dict[str, int] = {}
    for card in view.discard:
        face = " / ".join(prop_name(t, lang) for t in faces()[card])
        groups[face] = groups.get(face, 0) + 1
    return [f"- {face} ×{k}" for face, k in sorted(groups.items())] or \
        [_t("details.discard_empty", lang)]


def decision_help(view: NewWorldView | None, stage: Stage | None, ctl: GameController,
                  lang: str) -> str:
    step = view.step if view is not None else ""
    if view is not None and step == "develop" and view.scenario != "none":
        step = f"develop_{view.scenario}"
    own: list[str] = []
    if view is not None:
        own += section(_t("help.habitats", lang), _habitats(view, lang))
        own += section(text("help.props", lang), rule_lines(_in_play(view, ctl), properties(), lang))
        own += section(_t("help.discard", lang), _discard(view, lang))
    return help_page("newworld", view, stage, ctl, lang, own, step)
