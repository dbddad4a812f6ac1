"""«Гравити Фолз» in the app: the map board, the end screen, rules, help, and the setup
form's characters (seats are characters, each played by a person: G2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.games import GameUI, lazy

if TYPE_CHECKING:
    from tui.board import Board
    from tui.setup_form import SeatSection


def _board() -> type[Board]:
    from tui.games.gravity.board import GravityBoard

    return GravityBoard


def _seat_form() -> SeatSection:
    from tui.games.gravity.setup_form import GravitySeats

    return GravitySeats()


UI = GameUI(
    game="gravity",
    board=_board,
    end_info=lazy("tui.games.gravity.summary:end_info"),
    rules_markdown=lazy("tui.games.gravity.rules_doc:rules_markdown"),
    rule_sections=lazy("tui.games.gravity.rules_doc:sections"),
    decision_help=lazy("tui.games.gravity.help:decision_help"),
    scenario_seats=lazy("tui.games.gravity.summary:scenario_seats"),
    seat_form=_seat_form,
    who=lazy("tui.games.gravity.summary:who"),
)
