"""F1 / ? on the `northstar` table: what the pending decision means, the round's phases, the
marks on the table, the keys, the watering hole, the traits in play and the discard pile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.games.northstar.data import card_traits, traits
from tui.games.northstar.describe import food_value, shown_cards, trait_name
from tui.i18n import text
from tui.kits.evolution.help import bottom_hand, help_page, section
from tui.kits.evolution.words import rule_lines

if TYPE_CHECKING:
    from core.games.northstar.view import NorthStarView
    from tui.controller import GameController
    from tui.stage import Stage


def _t(key: str, lang: str, **args: object) -> str:
    return text(f"northstar.{key}", lang, **args)


def _in_play(view: NorthStarView, ctl: GameController) -> list[str]:
    """The traits on the table (those seen), then those in the bottom seat's hand."""
    names = card_traits()
    tids = [t for x in view.species.values() for t in x.traits]
    return tids + [names[card] for card in bottom_hand(view, ctl)]


def _discard(view: NorthStarView, lang: str) -> list[str]:
    groups: dict[str, list[str]] = {}
    names = card_traits()
    for card in view.discard:
        groups.setdefault(trait_name(names[card], lang), []).append(food_value(card))
    return [f"- {name} ×{len(v)}" for name, v in sorted(groups.items())] or \
        [_t("help.discard_empty", lang)]


def decision_help(view: NorthStarView | None, stage: Stage | None, ctl: GameController,
                  lang: str) -> str:
    own: list[str] = []
    if view is not None:
        hole = [_t("details.hole", lang, k=view.hole)]
        if view.shown:
            hole.append(_t("details.shown", lang, list=shown_cards(view, lang)))
        own += section(_t("help.hole", lang), [" ".join(hole)])
        own += section(text("help.props", lang), rule_lines(_in_play(view, ctl), traits(), lang))
        own += section(_t("help.discard", lang), _discard(view, lang))
    return help_page("northstar", view, stage, ctl, lang, own)
