"""«Эволюция. Новый мир» in the app: the board, the end screen, rules, help."""

from __future__ import annotations

from typing import Any

from tui.games import GameUI
from tui.games.newworld import help, rules_doc, summary


def _standing(view: Any, seat: int, lang: str) -> list[str]:
    from tui.games.newworld.widgets import score_bits

    return score_bits(view, seat, lang)


def _board() -> type[Any]:
    from tui.games.newworld.board import NewWorldBoard

    return NewWorldBoard


UI = GameUI(
    game="newworld",
    board=_board,
    end_info=summary.end_info,
    rules_markdown=rules_doc.rules_markdown,
    rule_sections=rules_doc.sections,
    decision_help=help.decision_help,
    scenario_seats=summary.scenario_seats,
    standing=_standing,
)
