"""North Star «Evolution» in the app: the board, the end screen, rules, help."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.games import GameUI, lazy

if TYPE_CHECKING:
    from tui.board import Board


def _board() -> type[Board]:
    from tui.games.northstar.board import NorthStarBoard

    return NorthStarBoard


UI = GameUI(
    game="northstar",
    board=_board,
    end_info=lazy("tui.games.northstar.summary:end_info"),
    rules_markdown=lazy("tui.games.northstar.rules_doc:rules_markdown"),
    rule_sections=lazy("tui.games.northstar.rules_doc:sections"),
    decision_help=lazy("tui.games.northstar.help:decision_help"),
    scenario_seats=lazy("tui.games.northstar.summary:scenario_seats"),
    standing=lazy("tui.games.northstar.widgets:score_bits"),
)
