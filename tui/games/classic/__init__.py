"""Classic «Эволюция» in the app: the board, the end screen, rules, help."""

from __future__ import annotations

from tui.games import GameUI, board, lazy

UI = GameUI(
    game="classic",
    board=board("tui.games.classic.board:ClassicBoard"),
    end_info=lazy("tui.games.classic.summary:end_info"),
    rules_markdown=lazy("tui.games.classic.rules_doc:rules_markdown"),
    rule_sections=lazy("tui.games.classic.rules_doc:sections"),
    decision_help=lazy("tui.games.classic.help:decision_help"),
    scenario_seats=lazy("tui.games.classic.summary:scenario_seats"),
    standing=lazy("tui.games.classic.widgets:score_bits"),
)
