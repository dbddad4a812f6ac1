"""App figures for `evo bench --app`: time from starting `evo` to the first frame, and the
time from a keypress on the table (or a step in the replay) to the repainted screen.

Both run headless (Textual's headless driver composes and renders every frame but writes
nothing), so they measure the app's own work, not the terminal's. The first frame is timed
in a fresh interpreter, imports included; the keypresses move the cursor over a table of the
game, mid-game, against a random bot; the replay steps through
the shipped demo game one event at a time.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# Run in a fresh interpreter: builds the app as `evo` does and exits after the first frame.
_FIRST_FRAME = """
import sys
from tui.app import EvoApp
from tui.settings import Settings

class FirstFrame(EvoApp):
    def on_ready(self) -> None:  # Textual's Ready: the first frame has been rendered
        self.exit()

folder = sys.argv[1]
FirstFrame("en", folder + "/saves", config_dir=__import__("pathlib").Path(folder),
           settings=Settings(lang="en")).run(headless=True)
"""


def first_frame_seconds(runs: int = 3) -> list[float]:
    """Wall time of `python -c <app until the first frame>`, `runs` times."""
    out = []
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", _FIRST_FRAME, folder], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            out.append(time.perf_counter() - start)
    return out


def _timed_app(folder: str, start: tuple[str, Any]) -> Any:
    """The app, noting when a frame was last composed (headless: composed, then not written)."""
    from tui.app import EvoApp
    from tui.settings import Settings

    class Timed(EvoApp):
        painted = 0.0

        def _display(self, screen: Any, renderable: Any) -> None:
            if renderable is not None:
                self.painted = time.perf_counter()
            super()._display(screen, renderable)

    return Timed("en", f"{folder}/saves", config_dir=Path(folder), animations=False,
                 settings=Settings(lang="en", pace="instant"), start=start)


async def _time_keys(app: Any, pilot: Any, keys: list[str], presses: int) -> list[float]:
    """Milliseconds from each key (sent as the terminal would) to the repainted screen."""
    from textual import events

    times: list[float] = []
    for i in range(presses):
        start = time.perf_counter()
        app.painted = 0.0
        app._driver.send_message(events.Key(keys[i % len(keys)], None))
        await pilot.pause()  # until the app is idle again
        if app.painted > start:  # a key that changed nothing repaints nothing
            times.append(1000.0 * (app.painted - start))
    return times


async def _keypress_ms(game: str, presses: int, size: tuple[int, int]) -> list[float]:
    from core.engine.bench import bench_seats
    from core.engine.journal import Seat
    from core.engine.session import GameSession
    from tui.games import plugin

    n = bench_seats(game)
    seats = [Seat("Ann"), *(Seat(f"Bot {k}", kind="bot", bot="random") for k in range(1, n))]
    session = GameSession.new(game, seats=seats, seed=11, durable=False)
    keys = list(plugin(game).board().BENCH_KEYS)  # cursor moves: repaint, the game unchanged
    with tempfile.TemporaryDirectory() as folder:
        app = _timed_app(folder, start=("game", session))
        async with app.run_test(size=size) as pilot:
            await pilot.pause(0.5)
            return await _time_keys(app, pilot, keys, presses)


async def _replay_step_ms(game: str, presses: int, size: tuple[int, int]) -> list[float]:
    """Stepping the shipped demo game forward one event at a time in the replay screen."""
    from core.engine.session import GameSession

    session, _warnings = GameSession.load(_demo(game), writable=False)
    with tempfile.TemporaryDirectory() as folder:
        app = _timed_app(folder, start=("replay", session))
        async with app.run_test(size=size) as pilot:
            await pilot.pause(0.5)
            return await _time_keys(app, pilot, ["right"], presses)


def _demo(game: str) -> Path:
    from tui.saves import CHECKOUT_ROOT

    return CHECKOUT_ROOT / "saves" / "demo" / f"{game}-demo.jsonl"


def _summary(ms: list[float], what: str) -> dict[str, Any]:
    if not ms:
        raise RuntimeError(f"{what}: no keypress repainted the screen")
    ms = sorted(ms)
    return {"repaints": len(ms), "median": round(statistics.median(ms), 1),
            "p95": round(ms[int(0.95 * (len(ms) - 1))], 1), "max": round(ms[-1], 1)}


def app_figures(games: tuple[str, ...] = (), presses: int = 60,
                runs: int = 3) -> dict[str, Any]:
    """First-frame seconds (best and median of `runs`) and keypress milliseconds per game
    (every playable game unless `games` names some)."""
    from tui.games import playable

    games = games or tuple(playable())
    frames = first_frame_seconds(runs)
    figures: dict[str, Any] = {"first_frame_s": {"best": round(min(frames), 3),
                                                 "median": round(statistics.median(frames), 3)}}
    for game in games:
        for size in ((120, 40), (80, 24)):
            tag = f"{game}_{size[0]}x{size[1]}"
            figures[f"keypress_ms_{tag}"] = _summary(
                asyncio.run(_keypress_ms(game, presses, size)), f"{game} table")
            if _demo(game).is_file():  # shipped with a source checkout
                figures[f"replay_step_ms_{tag}"] = _summary(
                    asyncio.run(_replay_step_ms(game, presses, size)), f"{game} replay")
    return figures
