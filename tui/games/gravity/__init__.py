"""«Гравити Фолз» in the app: the map board, the end screen, rules, help, and the setup
form's characters (seats are characters, each played by a person: G2)."""

from __future__ import annotations

from tui.games import GameUI, board, lazy

UI = GameUI(
    game="gravity",
    board=board("tui.games.gravity.board:GravityBoard"),
    end_info=lazy("tui.games.gravity.summary:end_info"),
    rules_markdown=lazy("tui.games.gravity.rules_doc:rules_markdown"),
    rule_sections=lazy("tui.games.gravity.rules_doc:sections"),
    decision_help=lazy("tui.games.gravity.help:decision_help"),
    scenario_seats=lazy("tui.games.gravity.summary:scenario_seats"),
    seat_form=lazy("tui.games.gravity.setup_form:GravitySeats"),
    who=lazy("tui.games.gravity.summary:who"),
)
