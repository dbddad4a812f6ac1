"""«Эволюция волшебных тварей» in the app: the board, the end screen, rules, help, setup."""

from __future__ import annotations

from typing import Any

from tui.games import GameUI
from tui.games.magic import help, rules_doc, summary


def _standing(view: Any, seat: int, lang: str) -> list[str]:
    from tui.games.magic.widgets import score_bits

    return score_bits(view, seat, lang)


def _board() -> type[Any]:
    from tui.games.magic.board import MagicBoard

    return MagicBoard


UI = GameUI(
    game="magic",
    board=_board,
    end_info=summary.end_info,
    rules_markdown=rules_doc.rules_markdown,
    rule_sections=rules_doc.sections,
    decision_help=help.decision_help,
    scenario_seats=summary.scenario_seats,
    standing=_standing,
)
