"""`magic` positions for the app's tests (docs/scenarios.md), and a game at one of them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.engine.journal import Seat
from core.engine.session import GameSession
from core.games.magic.scenario import SCENARIO

HUMAN_VS_BOT = [Seat("Ann"), Seat("Bot", kind="bot", bot="random")]


def session_at(position: dict[str, Any], seats: list[Seat] | None = None, path: Path | None = None,
               undo: str = "learning", seed: int = 7) -> GameSession:
    state = SCENARIO.state(position, seed)
    return GameSession.new("magic", seats=seats or HUMAN_VS_BOT, options=SCENARIO.options(state),
                           seed=seed, position=state, path=path, undo=undo, durable=False)


# A position one transmutation from the end: Ann's c1 has 3 energy, she holds one card.
NEAR_WIN: dict[str, Any] = {
    "step": "create", "turn": 0, "round": 3, "first": 0, "source": "lantern_tree",
    "players": [
        {"hand": [40], "tokens": 2, "creatures": [{"id": 1, "energy": 3, "properties": ["flying"]}]},
        {"hand": [], "tokens": 1, "creatures": [{"id": 2, "energy": 1, "asleep": True,
                                                  "properties": ["stone_hide"]}]},
    ],
}

# Mid-game: two creatures each, one of Ann's can attack; several cards in hand.
MID_GAME: dict[str, Any] = {
    "step": "activate", "turn": 0, "round": 2, "first": 1, "source": "moonflower",
    "players": [
        {"hand": [12, 33, 47, 58, 63], "tokens": 1, "creatures": [
            {"id": 1, "energy": 2, "properties": ["1A", "nocturnal"]},
            {"id": 3, "energy": 0, "properties": ["scary"]},
        ]},
        {"hand": [5, 6, 7], "tokens": 0, "creatures": [
            {"id": 2, "energy": 3, "properties": ["fire_breathing", "stone_hide"]},
            {"id": 4, "energy": 1, "asleep": True, "properties": ["thorny", "invisible"]},
            {"id": 5, "energy": 0, "properties": ["ghostly"]},
        ]},
    ],
}
