"""«Гравити Фолз» (`gravity`) positions for the app's tests (docs/scenarios.md), and games at
them or from a real setup."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.engine.journal import Seat
from core.engine.session import GameSession
from core.games.gravity.scenario import SCENARIO


def gravity_at(position: dict[str, Any], path: Path | None = None, undo: str = "learning",
               seed: int = 7, people: list[Seat] | None = None) -> GameSession:
    """A gravity game at a scenario position (docs/scenarios.md); every character is Ann's."""
    state = SCENARIO.state(position, seed)
    seats = people or [Seat("Ann") for _ in state.chars]
    return GameSession.new("gravity", seats=seats, options=SCENARIO.options(state), seed=seed,
                           position=state, path=path, undo=undo, durable=False)


def gravity_game(seed: int = 5, chars: int = 3, path: Path | None = None, **options: Any) -> GameSession:
    """A gravity game from a real setup: `chars` characters, all controlled by Ann."""
    opts = {"controllers": [0] * chars, "first": 0, **options}
    return GameSession.new("gravity", seats=[Seat("Ann") for _ in range(chars)], options=opts, seed=seed,
                           path=path, durable=False)


# The last monster (Zhivogryz: 2 successes with no distrust) stands at the Diner; Mabel, two
# roads away at the Cemetery, holds «2-2»; the dice are fixed so the fight wins.
GRAVITY_NEAR_WIN: dict[str, Any] = {
    "tokens": "empty",
    "characters": [{"id": "mabel", "loc": 15, "hand": ["2-2", "0-4"]},
                   {"id": "dipper", "loc": 8, "hand": ["1-3"]}],
    "monsters": [{"id": "M3", "loc": 12}, {"id": "M1", "defeated": True}, {"id": "M2", "defeated": True}],
    "locations": {"L12": {"support": 1}},
    "row": ["L08", "L11", "L10"],
    "fixed_dice": "sss",
}

# One step from the end of the alarm track: Mabel's rest lets the monster's Disorder lose the game.
GRAVITY_NEAR_LOSS: dict[str, Any] = {
    "tokens": "empty", "alarm": 15,
    "characters": [{"id": "mabel", "loc": 12, "hand": ["0-4", "1-3"]}],
    "monsters": [{"id": "M3", "loc": 6}, {"id": "M1", "loc": 21}, {"id": "M4", "loc": 14}],
    "locations": {"L05": {"support": 2, "distrust": 2}},
    "row": ["L05", "L08", "L11"],
}

# Late in a game: the alarm past both marks (the row holds 2 cards), curses held, dice on the board.
GRAVITY_LATE: dict[str, Any] = {
    "tokens": "start", "alarm": 12, "turn": 9, "round": 3, "controllers": [0, 0],
    "characters": [{"id": "dipper", "loc": 12, "hand": ["3-1", "1-3", "tp"], "curses": ["C01"],
                    "new_curses": ["C14"]},
                   {"id": "wendy", "loc": 10, "hand": ["2-2", "0-4"], "curses": ["C09"]}],
    "monsters": [{"id": "M1", "defeated": True}, {"id": "M5", "loc": 17}, {"id": "M8", "loc": 2}],
    "locations": {"L17": {"support": 0, "distrust": 3}, "L02": {"support": 0, "distrust": 4},
                  "L10": {"die": True}, "L07": {"die": True}},
    "row": ["L06", "L16"], "row_cap": 2,
}
