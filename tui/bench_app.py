"""App figures for `evo bench --app`: time from starting `evo` to the first frame, and the
time from a keypress on the table to the repainted screen.

Both run headless (Textual's headless driver composes and renders every frame but writes
nothing), so they measure the app's own work, not the terminal's. The first frame is timed
in a fresh interpreter, imports included; the keypresses move the cursor and open and close
the help on a table of the game, mid-game, against a random bot.
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

# Keys that repaint the table without changing the game: cursor moves, the help and back.
_KEYS = {"magic": ["right", "left", "down", "up"], "gravity": ["right", "down", "left", "up"]}


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


async def _keypress_ms(game: str, presses: int, size: tuple[int, int]) -> list[float]:
    from textual import events

    from core.engine.journal import Seat
    from core.engine.session import GameSession
    from tui.app import EvoApp
    from tui.settings import Settings

    class Timed(EvoApp):
        """Notes when a frame was last composed (headless: composed, then not written)."""

        painted = 0.0

        def _display(self, screen: Any, renderable: Any) -> None:
            if renderable is not None:
                self.painted = time.perf_counter()
            super()._display(screen, renderable)

    seats = [Seat("Ann"), Seat("Bot", kind="bot", bot="random")]
    session = GameSession.new(game, seats=seats, seed=11, durable=False)
    with tempfile.TemporaryDirectory() as folder:
        app = Timed("en", f"{folder}/saves", config_dir=Path(folder), animations=False,
                    settings=Settings(lang="en", pace="instant"), start=("game", session))
        times: list[float] = []
        async with app.run_test(size=size) as pilot:
            await pilot.pause(0.5)
            keys = _KEYS[game]
            for i in range(presses):
                key = keys[i % len(keys)]
                start = time.perf_counter()
                app.painted = 0.0
                app._driver.send_message(events.Key(key, None))  # as the terminal would
                await pilot.pause()  # until the app is idle again
                if app.painted > start:  # a key that changed nothing repaints nothing
                    times.append(1000.0 * (app.painted - start))
    return times


def app_figures(games: tuple[str, ...] = ("magic", "gravity"), presses: int = 60,
                runs: int = 3) -> dict[str, Any]:
    """First-frame seconds (best and median of `runs`) and keypress milliseconds per game."""
    frames = first_frame_seconds(runs)
    figures: dict[str, Any] = {"first_frame_s": {"best": round(min(frames), 3),
                                                 "median": round(statistics.median(frames), 3)}}
    for game in games:
        for size in ((120, 40), (80, 24)):
            ms = sorted(asyncio.run(_keypress_ms(game, presses, size)))
            if not ms:
                raise RuntimeError(f"{game}: no keypress repainted the table")
            figures[f"keypress_ms_{game}_{size[0]}x{size[1]}"] = {
                "repaints": len(ms),
                "median": round(statistics.median(ms), 1),
                "p95": round(ms[int(0.95 * (len(ms) - 1))], 1),
                "max": round(ms[-1], 1),
            }
    return figures
