"""App figures for `evo bench --app`: time from starting `evo` to the first frame, `evo`'s
own commands on a small save, the time from a keypress on the table (or a step in the
replay) to the repainted screen, and the time a player waits for a bot's move at the table.

Machines differ, and one machine's speed changes from hour to hour, so the start-up figures
are measured beside their floors in the same run, interleaved, and given as ratios: the first
frame against a hello-world Textual app started the same way, and `evo legal`, `act` and
`show` against `python -c "import msgspec"` (what any command needs to read a save). Both run
as a user's machine runs them: with bytecode written (PYTHONDONTWRITEBYTECODE is dropped for
them) and after one untimed start.

The app runs headless (Textual's headless driver composes and renders every frame but writes
nothing), so the figures measure the app's own work, not the terminal's. The keypresses move
the cursor over a table of the game, mid-game, against a random bot; the replay steps through
the shipped demo game one event at a time, jumps to each of its rounds and to its end and its
start. Each of these is given in wall time and in the CPU time of the app's process (`cpu_*`):
on a machine that others keep busy the wall time swells with their work, the CPU time far less.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.engine.bench import bench_seats

if TYPE_CHECKING:
    from tui.app import Start

Figures = dict[str, float | str]  # a figure's parts by name (best, median, ratio; what it is)

# Run in a fresh interpreter: builds the app as `evo` does and exits after the first frame
# (the garbage collector as tui/evo.py sets it: off at the start, everything frozen at exit).
_FIRST_FRAME = """
import gc, sys
gc.disable()
from tui.app import EvoApp
from tui.settings import Settings

class FirstFrame(EvoApp):
    def on_ready(self) -> None:  # Textual's Ready: the first frame has been rendered
        self.exit()

folder = sys.argv[1]
try:
    FirstFrame("en", folder + "/saves", config_dir=__import__("pathlib").Path(folder),
               settings=Settings(lang="en")).run(headless=True)
finally:
    gc.freeze()
"""

# The floor of the first frame: a hello-world Textual app, started the same way.
_HELLO = """
from textual.app import App
from textual.widgets import Static

class Hello(App):
    def compose(self):
        yield Static("Hello, world")

    def on_ready(self) -> None:
        self.exit()

Hello().run(headless=True)
"""

# `evo` as its entry point runs it; the floor of its commands: what reading a save needs.
_EVO = "from tui.evo import run; run()"
_MSGSPEC = "import msgspec"
CLI_COMMANDS = ("legal", "act", "show")
# A command lasts a fifth of a first frame and its ratio is the closer one to its goal: it
# gets more rounds, each run beside a run of its floor (a round's ratio moves by a tenth on a
# busy machine, and the machine's speed drifts within the second that a round of them takes).
CLI_ROUNDS = 4


def _as_installed() -> dict[str, str]:
    """The environment of a user's machine: bytecode (and parsed data) is kept."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


Starts = dict[str, tuple[list[str], Callable[[], None]]]  # name: (command line, run before)


def _interleaved(runs: int, starts: Starts, floor: list[str] | None = None) -> dict[str, list[float]]:
    """Seconds of each named command line, each started once untimed and then `runs` times
    in turn with the others (so a change in the machine's speed meets them all alike); what
    runs before each start (putting back a save a command changes) is not timed. With `floor`
    (a command line), the floor is started right before each of them too, its seconds kept
    under "<name>:floor": each figure's ratio then compares runs a few milliseconds apart."""
    env = _as_installed()
    times: dict[str, list[float]] = {}

    def timed(name: str, argv: list[str], before: Callable[[], None], keep: bool) -> None:
        before()
        begin = time.perf_counter()
        subprocess.run(argv, check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if keep:
            times.setdefault(name, []).append(time.perf_counter() - begin)

    for k in range(runs + 1):
        for name, (argv, before) in starts.items():
            if floor is not None:
                timed(f"{name}:floor", floor, _nothing, k > 0)
            timed(name, argv, before, k > 0)
    return times


def _restorer(save: Path, fresh: bytes) -> Callable[[], None]:
    """What puts `save` back as it was (`fresh`) after a command changed it."""

    def restore() -> None:
        save.write_bytes(fresh)

    return restore


def _nothing() -> None:
    pass


def first_frame_seconds(runs: int = 3) -> tuple[list[float], list[float]]:
    """Wall times of `python -c <app until the first frame>` and of the hello-world app."""
    with tempfile.TemporaryDirectory() as folder:
        times = _interleaved(runs, {
            "evo": ([sys.executable, "-c", _FIRST_FRAME, folder], _nothing),
            "hello": ([sys.executable, "-c", _HELLO], _nothing)})
    return times["evo"], times["hello"]


def _small_save(game: str, path: Path) -> str:
    """A new game of `game` (its default set-up) at `path`, and a legal first move."""
    from core.engine.session import GameSession

    session = GameSession.new(game, seats=bench_seats(game), seed=11, path=path, durable=False)
    move = session.rules.format_action(session.legal_actions()[0])
    session.close()
    return move


def cli_seconds(games: tuple[str, ...], runs: int) -> tuple[dict[str, list[float]],
                                                          dict[str, list[float]]]:
    """Wall times of `evo legal`, `act` and `show` on a small save of each game (by
    "<game>_<command>"), and of `python -c "import msgspec"` started right before each run
    of each (by the same names)."""
    with tempfile.TemporaryDirectory() as folder:
        starts: Starts = {}
        for game in games:
            save = Path(folder) / f"{game}.evo"
            move = _small_save(game, save)
            fresh = save.read_bytes()
            evo = [sys.executable, "-c", _EVO]
            starts[f"{game}_legal"] = ([*evo, "legal", str(save)], _nothing)
            starts[f"{game}_act"] = ([*evo, "act", str(save), move], _restorer(save, fresh))
            starts[f"{game}_show"] = ([*evo, "show", str(save)], _nothing)
        times = _interleaved(runs, starts, floor=[sys.executable, "-c", _MSGSPEC])
    return ({name: times[name] for name in starts},
            {name: times[f"{name}:floor"] for name in starts})


def _timed_app(folder: str, start: Start) -> Any:  # the app with its `painted` time
    """The app, noting when a frame was last composed (headless: composed, then not written)."""
    from tui.app import EvoApp
    from tui.settings import Settings

    class Timed(EvoApp):
        painted = 0.0
        painted_cpu = 0.0

        def _display(self, screen: Any, renderable: Any) -> None:
            if renderable is not None:
                self.painted, self.painted_cpu = time.perf_counter(), time.process_time()
            super()._display(screen, renderable)

    return Timed("en", f"{folder}/saves", config_dir=Path(folder), animations=False,
                 settings=Settings(lang="en", pace="instant", round_summary="skip"), start=start)


Times = tuple[list[float], list[float]]  # milliseconds of wall time, of CPU time


async def _time_keys(app: Any, pilot: Any, keys: list[str], presses: int) -> Times:
    """Milliseconds from each key (sent as the terminal would) to the repainted screen."""
    from textual import events

    def press(key: str) -> Callable[[], None]:
        return lambda: app._driver.send_message(events.Key(key, None))

    return await _time_pokes(app, pilot, [press(keys[i % len(keys)]) for i in range(presses)])


QUIET = 0.05  # seconds without a frame after one: the poke's frames are done (a second one
# comes within 1/60 s, Textual's pace)
NOTHING = 0.15  # seconds without any frame: the poke changed nothing on the screen (a frame
# later than that is still timed: the pause below waits for it)


async def _frames_done(app: Any, start: float) -> None:
    """Wait for the poke's frames, adding no work to the app meanwhile. The pilot's `pause`
    has every widget of the screen run a callback to tell when all are idle (30 to 90 of
    them, each with its handler's signature worked out): that ran among the step's own work,
    before its frame, and was a quarter to a third of the function calls counted for a
    replay step."""
    while True:
        await asyncio.sleep(0.005)
        now = time.perf_counter()
        if (now - app.painted > QUIET) if app.painted > start else (now - start > NOTHING):
            return


async def _time_pokes(app: Any, pilot: Any, pokes: list[Callable[[], None]]) -> Times:
    """Milliseconds from each poke to the repainted screen."""
    wall: list[float] = []
    cpu: list[float] = []
    for poke in pokes:
        start, start_cpu = time.perf_counter(), time.process_time()
        app.painted = 0.0
        poke()
        await _frames_done(app, start)
        await pilot.pause()  # until the app is idle again (its frames are timed already)
        if app.painted > start:  # a key that changed nothing repaints nothing
            wall.append(1000.0 * (app.painted - start))
            cpu.append(1000.0 * (app.painted_cpu - start_cpu))
    return wall, cpu


async def _keypress_ms(game: str, presses: int, size: tuple[int, int]) -> Times:
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


async def _replay_ms(game: str, presses: int, size: tuple[int, int]) -> tuple[Times, Times, Times]:
    """The shipped demo game in the replay screen: stepping forward one event at a time, then
    jumping to each of its rounds (as the round key's dialog does once a number is given),
    then to its end and its start (End and Home), in turn."""
    from core.engine.session import GameSession

    session, _warnings = GameSession.load(_demo(game), writable=False)
    with tempfile.TemporaryDirectory() as folder:
        app = _timed_app(folder, start=("replay", session))
        async with app.run_test(size=size) as pilot:
            await pilot.pause(0.5)
            steps = await _time_keys(app, pilot, ["right"], presses)
            screen = app.screen

            def jump(round_no: int) -> None:
                screen.go_to_round(round_no)

            rounds = sorted(screen.model.rounds, reverse=True)  # from the end: a long way back
            jumps = await _time_pokes(app, pilot, [partial(jump, r) for r in rounds])
            ends = await _time_keys(app, pilot, ["end", "home"], 6)
            return steps, jumps, ends


BOT_LIMIT_S = 120.0  # a level's decisions at the table stop being timed after this long


@dataclass
class _BotMove:
    choices: int  # legal moves: one is played, not timed
    wall: float  # when the table handed the decision over ...
    cpu: float
    shown_wall: float = 0.0  # ... and when the first frame after the answer was composed
    shown_cpu: float = 0.0


async def _bot_ms(game: str, spec: str, decisions: int, size: tuple[int, int]) -> Times:
    """A game at the app's table against `spec` bots, as a player starts one (the bots
    capped at their level's time, the instant pace; the player's seat plays random moves as
    soon as its table is painted): milliseconds from the moment the table hands a bot a
    decision with a choice in it to the first frame that shows its move (a decision with one
    legal move is played but not timed). The bot thinks in a worker thread while the app
    keeps painting; the CPU time is the whole process's, the search and the app's frames."""
    from unittest.mock import patch

    from core.engine.journal import Seat
    from core.engine.session import GameSession
    from tui.screens.table import TableScreen

    seats = [Seat("Ann"), *(Seat(f"Bot {k}", kind="bot", bot=spec)
                            for k in range(1, bench_seats(game)))]
    session = GameSession.new(game, seats=seats, seed=11, durable=False)
    rng = random.Random(11)
    moves: list[_BotMove] = []
    answered = 0  # decisions answered; the first `shown` of them are on the screen
    shown = 0
    start_bot, bot_answer = TableScreen._start_bot, TableScreen._bot_answer

    def timed_start(screen: TableScreen) -> None:
        busy = screen._bot_busy
        start_bot(screen)
        if screen._bot_busy and not busy:
            moves.append(_BotMove(len(screen.ctl.legal()), time.perf_counter(), time.process_time()))

    def timed_answer(screen: TableScreen, *args: Any) -> None:
        nonlocal answered
        answered += 1  # counted before the next decision is handed over inside the answer
        bot_answer(screen, *args)

    def timed() -> list[_BotMove]:
        return [m for m in moves[:shown] if m.choices > 1]

    with tempfile.TemporaryDirectory() as folder, \
            patch.object(TableScreen, "_start_bot", timed_start), \
            patch.object(TableScreen, "_bot_answer", timed_answer):
        app = _timed_app(folder, start=("game", session))
        display = app._display

        def painted(screen: Any, renderable: Any) -> None:
            nonlocal shown
            display(screen, renderable)
            while renderable is not None and shown < answered:
                moves[shown].shown_wall, moves[shown].shown_cpu = app.painted, app.painted_cpu
                shown += 1

        app._display = painted
        async with app.run_test(size=size) as pilot:
            limit = time.perf_counter() + BOT_LIMIT_S
            while len(timed()) < decisions and time.perf_counter() < limit:
                table = app.screen
                if not isinstance(table, TableScreen):
                    break  # the game is over
                if table.ctl.my_decision() and shown == answered:
                    await pilot.pause()
                    table.submit(rng.choice(table.legal()))
                await asyncio.sleep(0.01)
            app.screen.workers.cancel_all()
            await pilot.pause()
    done = timed()[:decisions]
    return ([1000.0 * (m.shown_wall - m.wall) for m in done],
            [1000.0 * (m.shown_cpu - m.cpu) for m in done])


def _demo(game: str) -> Path:
    from tui.saves import CHECKOUT_ROOT

    return CHECKOUT_ROOT / "saves" / "demo" / f"{game}-demo.jsonl"


def _summary(times: Times, what: str) -> Figures:
    """Median, 95th percentile and maximum, of wall time and (`cpu_*`) of CPU time."""
    wall, cpu = times
    if not wall:
        raise RuntimeError(f"{what}: nothing was repainted")
    out: dict[str, Any] = {"repaints": len(wall)}
    for prefix, ms in (("", sorted(wall)), ("cpu_", sorted(cpu))):
        out |= {f"{prefix}median": round(statistics.median(ms), 1),
                f"{prefix}p95": round(ms[int(0.95 * (len(ms) - 1))], 1),
                f"{prefix}max": round(ms[-1], 1)}
    return out


def _against(seconds: list[float], floor: list[float], scale: float) -> Figures:
    """Best and median (seconds times `scale`), and the ratio to the floor: the median of the
    ratios of runs paired with the floor's (`_interleaved`: of the same round, or started just
    before), so that a moment the machine slowed for everything counts as any other."""
    digits = 3 if scale == 1 else 1
    ratios = [mine / its for mine, its in zip(seconds, floor, strict=True)]
    return {"best": round(min(seconds) * scale, digits),
            "median": round(statistics.median(seconds) * scale, digits),
            "ratio": round(statistics.median(ratios), 2)}


def app_figures(games: tuple[str, ...] = (), presses: int = 60,
                runs: int = 3, decisions: int = 12) -> dict[str, Figures]:
    """First-frame seconds (best and median of `runs`) and `evo` commands' milliseconds (of
    `CLI_ROUNDS` times as many), each with its ratio to its floor measured in the same run,
    then keypress and replay milliseconds per game (every playable game unless `games` names
    some), and the milliseconds of `decisions` decisions of each bot level at 120×40."""
    from core.bots.ladder import RUNGS
    from tui.games import playable

    games = games or tuple(playable())
    frames, hello = first_frame_seconds(runs)
    commands, floors = cli_seconds(games, CLI_ROUNDS * runs)
    floor = [t for times in floors.values() for t in times]
    figures: dict[str, Figures] = {
        "floor_first_frame_s": _against(hello, hello, 1) | {"what": "hello-world Textual app"},
        "first_frame_s": _against(frames, hello, 1),
        "floor_cli_ms": _against(floor, floor, 1000) | {"what": "python -c 'import msgspec'"}}
    for name, seconds in commands.items():
        figures[f"cli_ms_{name}"] = _against(seconds, floors[name], 1000)
    for game in games:
        for size in ((120, 40), (80, 24)):
            tag = f"{game}_{size[0]}x{size[1]}"
            figures[f"keypress_ms_{tag}"] = _summary(
                asyncio.run(_keypress_ms(game, presses, size)), f"{game} table")
            if _demo(game).is_file():  # shipped with a source checkout
                steps, jumps, ends = asyncio.run(_replay_ms(game, presses, size))
                figures[f"replay_step_ms_{tag}"] = _summary(steps, f"{game} replay")
                figures[f"replay_round_ms_{tag}"] = _summary(jumps, f"{game} round jumps")
                figures[f"replay_ends_ms_{tag}"] = _summary(ends, f"{game} end and start")
        for spec in RUNGS:
            level = spec.rpartition(":")[2]
            figures[f"bot_ms_{game}_{level}_120x40"] = _summary(
                asyncio.run(_bot_ms(game, spec, decisions, (120, 40))), f"{game} {spec} at the table")
    return figures
