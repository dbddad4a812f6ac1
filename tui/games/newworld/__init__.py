"""«Эволюция. Новый мир» in the app: the board, the end screen, rules, help."""

from __future__ import annotations

from tui.games import GameUI, board, lazy

UI = GameUI(
    game="newworld",
    board=board("tui.games.newworld.board:NewWorldBoard"),
    end_info=lazy("tui.games.newworld.summary:end_info"),
    rules_markdown=lazy("tui.games.newworld.rules_doc:rules_markdown"),
    rule_sections=lazy("tui.games.newworld.rules_doc:sections"),
    decision_help=lazy("tui.games.newworld.help:decision_help"),
    scenario_seats=lazy("tui.games.newworld.summary:scenario_seats"),
    standing=lazy("tui.games.newworld.widgets:score_bits"),
)
