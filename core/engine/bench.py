"""`evo bench`: measured speed of rules, folding, undo/redo/seek and loading (one core).

Figures, not pass/fail: the goals are printed beside them.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from core.engine import registry
from core.engine.session import GameSession
from core.engine.simulate import game_seed, play_random

GOALS = {
    "actions_per_second": ">= 25000",  # issue #21: no game below it
    "games_per_second": ">= 200",
    "fold_events_per_second": ">= 100000",
    "undo_ms": "<= 5",
    "redo_ms": "<= 5",
    "seek_ms": "<= 5",
    "load_seconds": "<= 0.5 for 10 000 entries",
    "load_replay_check_ms": "<= 5",
}


def bench_seats(game: str) -> int:
    """Two seats where the game allows them (figures compare across games), else its fewest."""
    low, high = registry.get(game).seats[:2]
    return min(max(2, low), high)


def rules_throughput(game: str, seconds: float, spans: int = 5) -> dict[str, float]:
    """Random self-play: legal-action enumeration + apply, whole games, in `spans` equal
    spans of time. The figure is the median span's: the machines the project runs on change
    speed from one second to the next (the same code gave 15 000 and 24 000 actions/s half a
    minute apart), so one span alone says more about the machine than the code. The best and
    the worst span are reported beside it."""
    rules = registry.load(game)
    seats = bench_seats(game)
    opts = rules.normalize_options({}, seats)
    n = actions = 0
    rates = []
    begin = time.perf_counter()
    for _ in range(spans):
        start = time.perf_counter()
        done = 0
        while time.perf_counter() - start < seconds / spans:
            s = game_seed(99, n)
            _, moves = play_random(rules, opts, s, seats, random.Random(s))
            done += moves
            n += 1
        rates.append(done / (time.perf_counter() - start))
        actions += done
    dt = time.perf_counter() - begin
    return {"games": n, "actions_per_second": statistics.median(rates),
            "actions_per_second_best": max(rates), "actions_per_second_worst": min(rates),
            "games_per_second": n / dt, "mean_actions_per_game": actions / n}


def fold_speed(game: str, n_games: int) -> dict[str, float]:
    """Folding recorded events into a state (replay without validation)."""
    rules = registry.load(game)
    logs = []
    for i in range(n_games):
        session = GameSession.new(game, seats=bench_seats(game), seed=game_seed(7, i))
        rng = random.Random(i)
        while session.pending() is not None:
            acts = session.legal_actions()
            session.act(acts[rng.randrange(len(acts))])
        logs.append([ev for e in session.entries for ev in e.events])
    events = sum(len(log) for log in logs)
    start = time.perf_counter()
    for log in logs:
        state = None
        for ev in log:
            state = rules.evolve(state, ev)
    dt = time.perf_counter() - start
    return {"events": events, "fold_events_per_second": events / dt}


def long_session(game: str, entries: int, seed: int = 5) -> GameSession:
    """A game of `entries` journal entries, as in a long learning session: random moves that
    avoid finishing the game where the rules can tell, an undo/redo now and then, and a
    longer undo whenever the game ends anyway (short co-operative games do)."""
    rules = registry.load(game)
    session = GameSession.new(game, seats=bench_seats(game), seed=seed)
    rng = random.Random(seed)
    while len(session.entries) < entries:
        r = rng.random()
        if session.pending() is None:
            session.undo(rng.randint(1, min(20, len(session.line))))
        elif r < 0.02 and session.can_undo(3):
            session.undo(3)
        elif r < 0.03 and session.can_redo(1):
            session.redo(1)
        else:
            legal = session.legal_actions()
            acts = [a for a in legal if not rules.finishing_action(a)] or legal
            session.act(acts[rng.randrange(len(acts))])
    return session


def _time_ms(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.mean(times), max(times)


def session_latency(game: str, entries: int = 10_000) -> dict[str, float]:
    session = long_session(game, entries)
    rng = random.Random(1)
    steps = min(200, len(session.line))
    undo_ms, undo_max = _time_ms(lambda: session.undo(1), steps)
    redo_ms, redo_max = _time_ms(lambda: session.redo(1), steps)
    nodes = list(session.line)
    seek_ms, seek_max = _time_ms(lambda: session.state_of(nodes[rng.randrange(len(nodes))]), 200)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.evo"
        session.save_as(path, durable=False)
        session.close()
        size = path.stat().st_size
        loads = []
        for _ in range(3):
            t = time.perf_counter()
            loaded, _ = GameSession.load(path, writable=False)
            loads.append(time.perf_counter() - t)
    # the part of loading that makes the recent moves again (GameSession._check_recent_moves)
    replay_ms, _ = _time_ms(loaded._check_recent_moves, 20)
    return {
        "log_entries": len(session.entries), "undo_ms": undo_ms, "undo_max_ms": undo_max,
        "redo_ms": redo_ms, "redo_max_ms": redo_max, "seek_ms": seek_ms, "seek_max_ms": seek_max,
        "load_seconds": min(loads), "load_replay_check_ms": replay_ms, "save_bytes": size,
    }


def run_bench(game: str, quick: bool = False) -> dict[str, float]:
    """The figures of `game` by name (`GOALS` says what each should be)."""
    return {**rules_throughput(game, 1.0 if quick else 5.0), **fold_speed(game, 5 if quick else 20),
            **session_latency(game, 2_000 if quick else 10_000)}
