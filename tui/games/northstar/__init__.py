"""North Star «Evolution» in the app: the board, the end screen, rules, help."""

from __future__ import annotations

from tui.games import GameUI, board, lazy

UI = GameUI(
    game="northstar",
    board=board("tui.games.northstar.board:NorthStarBoard"),
    end_info=lazy("tui.games.northstar.summary:end_info"),
    rules_markdown=lazy("tui.games.northstar.rules_doc:rules_markdown"),
    rule_sections=lazy("tui.games.northstar.rules_doc:sections"),
    decision_help=lazy("tui.games.northstar.help:decision_help"),
    scenario_seats=lazy("tui.games.northstar.summary:scenario_seats"),
    standing=lazy("tui.games.northstar.widgets:score_bits"),
)
