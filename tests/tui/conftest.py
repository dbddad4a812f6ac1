"""Fixtures for the app's tests: an app with private folders, instant bots and no animation."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from core.engine.journal import Seat
from core.engine.session import GameSession
from core.games.magic.rules import RULES
from tui.app import EvoApp
from tui.settings import Settings
from tui.themes import SHIPPED_DIR


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: Any) -> bool | None:
    """Run `async def` tests in a fresh event loop (no async plugin is installed)."""
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    args = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    asyncio.run(pyfuncitem.obj(**args))
    return True


HUMAN_VS_BOT = [Seat("Ann"), Seat("Bot", kind="bot", bot="random")]


@pytest.fixture
def make_app(tmp_path: Path) -> Callable[..., EvoApp]:
    def make(lang: str = "en", start: tuple[str, Any] = ("menu", None), theme: str = "evo-dark",
             pace: str = "instant") -> EvoApp:
        settings = Settings(lang=lang, theme=theme, pace=pace)
        return EvoApp(lang, str(tmp_path / "saves"), config_dir=tmp_path / "config", settings=settings,
                      start=start, animations=False, theme_dirs=[SHIPPED_DIR])
    return make


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    path = tmp_path / "saves"
    path.mkdir(exist_ok=True)
    return path


def session_at(position: dict[str, Any], seats: list[Seat] | None = None, path: Path | None = None,
               undo: str = "learning", seed: int = 7) -> GameSession:
    state = RULES.scenario_state(position, seed)
    return GameSession.new("magic", seats=seats or HUMAN_VS_BOT, options=RULES.scenario_options(state),
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


async def settle(pilot: Any, until: Callable[[], bool] | None = None, timeout: float = 5.0) -> None:
    """Let the app run (bot workers included) until `until()` holds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    await pilot.pause()
    while until is not None and not until():
        if loop.time() > end:
            raise AssertionError("the app did not reach the expected state in time")
        await pilot.pause(0.02)
    await pilot.pause()


# --- «Гравити Фолз» (gravity) ---------------------------------------------------------------------

def gravity_at(position: dict[str, Any], path: Path | None = None, undo: str = "learning",
               seed: int = 7, people: list[Seat] | None = None) -> GameSession:
    """A gravity game at a scenario position (docs/scenarios.md); every character is Ann's."""
    from core.games.gravity.rules import RULES as GRAVITY

    state = GRAVITY.scenario_state(position, seed)
    seats = people or [Seat("Ann") for _ in state.chars]
    return GameSession.new("gravity", seats=seats, options=GRAVITY.scenario_options(state), seed=seed,
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
