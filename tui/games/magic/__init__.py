"""«Эволюция волшебных тварей» in the app: the board, the end screen, rules, help, setup."""

from __future__ import annotations

from tui.games import GameUI, board, lazy

UI = GameUI(
    game="magic",
    board=board("tui.games.magic.board:MagicBoard"),
    end_info=lazy("tui.games.magic.summary:end_info"),
    rules_markdown=lazy("tui.games.magic.rules_doc:rules_markdown"),
    rule_sections=lazy("tui.games.magic.rules_doc:sections"),
    decision_help=lazy("tui.games.magic.help:decision_help"),
    scenario_seats=lazy("tui.games.magic.summary:scenario_seats"),
    standing=lazy("tui.games.magic.widgets:score_bits"),
)
