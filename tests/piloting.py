"""Game-agnostic fixtures and helpers for the app's tests (a pytest plugin: tests/conftest.py
registers it, so every test folder has them): `async def` tests, an app with private folders,
instant bots and no animation, waiting for the app, and new games with people and bots seated
as each game's descriptor says. Nothing here names a game; positions of one game are in
tests/games/<g>/positions.py."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from core import games
from core.engine.journal import Seat
from core.engine.session import GameSession
from tui.app import EvoApp
from tui.settings import Settings
from tui.themes import SHIPPED_DIR

PEOPLE = ("Ann", "Boris", "Vera", "Gleb", "Dina")


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: Any) -> bool | None:
    """Run `async def` tests in a fresh event loop (no async plugin is installed)."""
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    args = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    asyncio.run(pyfuncitem.obj(**args))
    return True


@pytest.fixture
def make_app(tmp_path: Path) -> Callable[..., EvoApp]:
    def make(lang: str = "en", start: tuple[str, Any] = ("menu", None), theme: str = "evo-dark",
             pace: str = "instant", round_summary: str = "skip") -> EvoApp:
        # round summaries stop the game at every round's end: only the tests of them ask for them
        settings = Settings(lang=lang, theme=theme, pace=pace, round_summary=round_summary)
        return EvoApp(lang, str(tmp_path / "saves"), config_dir=tmp_path / "config", settings=settings,
                      start=start, animations=False, theme_dirs=[SHIPPED_DIR])
    return make


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    path = tmp_path / "saves"
    path.mkdir(exist_ok=True)
    return path


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


def prompt_text(app: Any) -> str:
    """The table's prompt bar: the question, the numbered choices and the last message."""
    bar = app.screen.prompt
    return " | ".join(str(bar.query_one(f"#prompt-{p}").render()) for p in ("text", "choices", "message"))


def table_ready(app: Any) -> bool:
    from tui.screens.table import TableScreen

    return isinstance(app.screen, TableScreen) and app.screen.view is not None


def seats_for(game: str, humans: int = 1, bot: str = "random", seats: int | None = None) -> list[Seat]:
    """`seats` (default: the game's default count) seats: the first `humans` are people (Ann,
    Boris, …), the ones the rules play (by the descriptor, default options) are theirs, and
    bots (`bot`) take the rest."""
    d = games.get(game)
    n = d.seats[2] if seats is None else seats
    automated = d.automated(d.normalize({}, n), n)
    out: list[Seat] = []
    for i in range(n):
        if i in automated:
            out.append(Seat("", kind=automated[i]))  # type: ignore[arg-type]
        elif i < humans:
            out.append(Seat(PEOPLE[i]))
        else:
            out.append(Seat(f"Bot {i}", kind="bot", bot=bot))
    return out


def new_game(game: str, seed: int = 7, humans: int = 1, path: Path | None = None,
             undo: str = "learning", bot: str = "random", seats: int | None = None) -> GameSession:
    """A new game of `game` from its real setup with default options (see `seats_for`)."""
    return GameSession.new(game, seats=seats_for(game, humans, bot, seats), seed=seed, path=path,
                           undo=undo, durable=False)
