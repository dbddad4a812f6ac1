"""Bot tournaments: seat-rotated matches, win rates with 95 % Wilson intervals.

    result = run_tournament(game_id, ["greedy", "random"], games=400, seed=1, jobs=2)
    print(format_table(result, "en")); data = result.to_json()

Entry j of `bot_specs` sits at seat (j + i) mod k in game i, where k = len(bot_specs), so
every entry plays every seat equally often. If there are fewer specs than seats (a solo
mode), the bots take seats 0..k-1 and the other seats must be rules-driven (they never
appear as the pending seat); they are reported together as one entry, named by the kind of
automated seat the game declares (e.g. "shade"), else "rules". In a co-operative game
the entries are dealt round the seats in turn (one spec fills every seat) and an entry's
win rate is the share of games its team won. Every game gets its own seeds derived from
`seed` and its index, so a result does not depend on `jobs`.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import threading
import time
import traceback
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from core.bots.base import make_bot
from core.bots.stats import wilson
from core.bots.texts import text

if TYPE_CHECKING:
    from core.bots.record import Line, Record

MAX_ACTIONS = 20_000  # a game longer than this is reported as an error, not played forever


@dataclass
class GameRecord:
    index: int
    seats: list[int]  # seats[k] = the entry index at seat k; the rules-driven entry is k_bots
    winners: list[int]  # entry indices
    rounds: int
    actions: int
    turns: int  # the game's own count of turns, where its outcome reports one; else 0
    think: list[float]  # seconds spent deciding, per entry
    decisions: list[int]  # decisions asked of each entry (forced ones included)
    error: str = ""
    times: list[list[float]] = field(default_factory=list)  # seconds of each decision, per entry


@dataclass
class TournamentResult:
    game: str
    specs: list[str]  # the entries: the bot specs, then "shade"/"rules" for automatic seats
    players: int
    options: dict[str, Any]
    seed: int
    bots: int  # entries 0..bots-1 are bots; a further entry stands for the rules-driven seats
    cooperative: bool = False  # one team: a win is every entry's win, a loss nobody's
    records: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0
    taken: int = 0  # games taken from a record file, not played by this run

    @property
    def finished(self) -> list[GameRecord]:
        return [r for r in self.records if not r.error]

    @property
    def errors(self) -> int:
        return sum(1 for r in self.records if r.error)

    def wins(self, entry: int) -> float:
        """Wins of an entry; a shared win counts as a fraction, except in a co-operative game."""
        if self.cooperative:
            return float(sum(1 for r in self.finished if entry in r.winners))
        return sum(1.0 / len(r.winners) for r in self.finished if entry in r.winners)

    def win_rate(self, entry: int) -> float:
        n = len(self.finished)
        return self.wins(entry) / n if n else 0.0

    def ci95(self, entry: int) -> tuple[float, float]:
        return wilson(self.wins(entry), len(self.finished))

    def ms_per_decision(self, entry: int) -> float:
        think = sum(r.think[entry] for r in self.records)
        count = sum(r.decisions[entry] for r in self.records)
        return 1000.0 * think / count if count else 0.0

    def ms_p95(self, entry: int) -> float:
        """The 95th percentile (nearest rank) of an entry's decision times: the mean hides the
        few slow decisions a player waits for."""
        times = sorted(t for r in self.records if len(r.times) > entry for t in r.times[entry])
        if not times:
            return 0.0
        return 1000.0 * times[max(0, math.ceil(0.95 * len(times)) - 1)]

    def mean(self, attr: str) -> float:
        done = self.finished
        return sum(getattr(r, attr) for r in done) / len(done) if done else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "cooperative": self.cooperative,
            "games": len(self.records),
            "finished": len(self.finished),
            "errors": self.errors,
            "error_messages": [f"game {r.index}: {r.error}" for r in self.records if r.error][:10],
            "mean_rounds": round(self.mean("rounds"), 2),
            "mean_actions": round(self.mean("actions"), 1),
            "mean_turns": round(self.mean("turns"), 2),
            "seconds": round(self.seconds, 1),
            "bots": [
                {
                    "bot": spec,
                    "wins": self.wins(j),
                    "win_rate": round(self.win_rate(j), 4),
                    "ci95": [round(x, 4) for x in self.ci95(j)],
                    "ms_per_decision": round(self.ms_per_decision(j), 2) if j < self.bots else None,
                    "ms_p95": round(self.ms_p95(j), 2) if j < self.bots else None,
                }
                for j, spec in enumerate(self.specs)
            ],
        }


def _game_seeds(seed: int, index: int, bots: int) -> tuple[int, list[int]]:
    r = random.Random(f"tournament:{seed}:{index}")
    return r.randrange(10**9), [r.randrange(10**9) for _ in range(bots)]


def play_game(game: str, specs: list[str], index: int, seed: int, players: int,
              options: dict[str, Any]) -> GameRecord:
    """One game of the tournament (also the unit of work of the process pool)."""
    from core import games

    rules = games.load(game)
    k = len(specs)
    coop = games.get(game).cooperative
    rotated = k == players or coop
    seats = [(s - index) % k if rotated else (s if s < k else k) for s in range(players)]
    game_seed, bot_seeds = _game_seeds(seed, index, k)
    think = [0.0] * (k + 1)
    decisions = [0] * (k + 1)
    times: list[list[float]] = [[] for _ in range(k + 1)]
    record = GameRecord(index, seats, [], 0, 0, 0, think, decisions, times=times)
    state = None
    try:
        bots = [make_bot(spec, rules, bot_seeds[j]) for j, spec in enumerate(specs)]
        for event in rules.setup(options, game_seed, players):
            state = rules.evolve(state, event)
        while (decision := rules.pending(state)) is not None:
            entry = seats[decision.seat]
            if entry >= k:
                raise RuntimeError(f"seat {decision.seat} has no bot but must decide")
            legal = rules.legal_actions(state)
            view = rules.view(state, decision.seat)
            start = time.perf_counter()
            action = bots[entry].choose(view, legal)
            spent = time.perf_counter() - start
            think[entry] += spent
            times[entry].append(spent)
            decisions[entry] += 1
            rules.apply(state, action)  # validates: an illegal bot move is an error
            record.actions += 1
            if record.actions > MAX_ACTIONS:
                raise RuntimeError(f"no result after {MAX_ACTIONS} actions")
        outcome = rules.outcome(state)
        if outcome is None:
            raise RuntimeError("the game stopped without an outcome")
        record.winners = sorted({seats[w] for w in outcome.winners})
        if not record.winners and not coop:  # a co-operative team may lose together
            raise RuntimeError("the game ended without a winner")
        if outcome.breakdown:
            record.turns = int(outcome.breakdown[0].get("turns", 0))
    except Exception as exc:  # a tournament reports failures instead of stopping
        last = traceback.format_exception_only(type(exc), exc)[-1].strip()
        record.error = last
    record.rounds = rules.round_number(state) if state is not None else 0
    return record


def run_tournament(game: str, bot_specs: list[str], games: int, seed: int, jobs: int = 1,
                   players: int = 2, options: dict[str, Any] | None = None,
                   progress: Callable[[int, int], None] | None = None,
                   record: Record | None = None) -> TournamentResult:
    """Play `games` seat-rotated games; `progress(done, total)` is called after each game.
    With a `record`, the games it holds of this tournament are taken from it, not played, and
    each game played is added to it as it finishes."""
    from core import games as registry  # `games` is the number of games here
    from core.bots.base import BotSpecError, check_spec

    if not bot_specs:
        raise BotSpecError("a tournament needs at least one bot", "spec.no_bots")
    if len(bot_specs) > players:
        raise BotSpecError(f"{len(bot_specs)} bots for {players} seats", "spec.too_many",
                           bots=len(bot_specs), seats=players)
    rules = registry.load(game)
    for spec in bot_specs:
        check_spec(spec)
    opts = rules.normalize_options(dict(options or {}), players)
    game_info = registry.get(game)
    automated = game_info.automated(opts, players)
    if automated and len(bot_specs) != players - len(automated):
        raise BotSpecError(f"this game has {players - len(automated)} seat(s) for bots; the "
                           "others are played by the rules", "spec.automated",
                           n=players - len(automated))
    coop = game_info.cooperative
    specs = list(bot_specs)
    if len(specs) < players and not coop:
        specs.append(next(iter(automated.values()), "rules"))
    result = TournamentResult(game, specs, players, opts, seed, len(bot_specs), cooperative=coop)
    start = time.perf_counter()
    done: dict[int, GameRecord] = {}
    if record is not None:
        from core.bots.record import tournament_key

        key = tournament_key(game, list(bot_specs), players, opts, seed)
        done = {i: _from_line(line) for i, line in record.done(key).items() if i < games}
    result.records = list(done.values())
    result.taken = len(done)

    def finished(r: GameRecord) -> None:
        result.records.append(r)
        if record is not None:
            record.add(_to_line(r, game, list(bot_specs), players, opts, seed))
        if progress:
            progress(len(result.records), games)

    args = [(game, list(bot_specs), i, seed, players, opts) for i in range(games) if i not in done]
    # More workers than games or than the machine has cores only cost processes (a fork pool
    # starts them all at once); 61 is the most Windows allows.
    jobs = min(jobs, len(args), 2 * (os.cpu_count() or 1), 61)
    if jobs <= 1:
        for a in args:
            finished(play_game(*a))
    else:
        ctx = multiprocessing.get_context(_start_method())
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            futures = [pool.submit(play_game, *a) for a in args]
            for fut in futures:
                finished(fut.result())
    result.records.sort(key=lambda r: r.index)
    for r in result.records:  # drop the unused slot when no seat is rules-driven
        r.think = r.think[: len(specs)]
        r.decisions = r.decisions[: len(specs)]
        r.times = r.times[: len(specs)]
    result.seconds = time.perf_counter() - start
    return result


def _to_line(r: GameRecord, game: str, bots: list[str], players: int, options: dict[str, Any],
             seed: int) -> Line:
    from core.bots.record import Line

    return Line(game, bots, players, options, seed, r.index, r.seats, r.winners, r.rounds,
                r.actions, r.turns, r.think, r.decisions,
                [[round(1000 * t) for t in ts] for ts in r.times], r.error)


def _from_line(line: Line) -> GameRecord:
    return GameRecord(line.index, list(line.seats), list(line.winners), line.rounds, line.actions,
                      line.turns, list(line.think), list(line.decisions), line.error,
                      [[t / 1000 for t in ts] for ts in line.times])


def _start_method() -> str:
    """fork where it is safe (no other threads: fast, no __main__ guard needed), else spawn."""
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        return "fork"
    return "spawn"


def text_table(heads: list[str], rows: list[list[str]]) -> list[str]:
    """Columns padded to their widest cell, a rule under the heads."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(heads)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)).rstrip(),
             "  ".join("-" * w for w in widths)]
    return lines + ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]


def format_table(result: TournamentResult, lang: str) -> str:
    """A readable text table of a tournament, in Russian or English."""
    heads = [text("table.bot", lang), text("table.wins", lang), text("table.win_rate", lang),
             text("table.ci95", lang), text("table.ms", lang), text("table.ms_p95", lang)]
    rows = []
    for j, spec in enumerate(result.specs):
        lo, hi = result.ci95(j)
        rows.append([
            spec,
            f"{result.wins(j):g}/{len(result.finished)}",
            f"{100 * result.win_rate(j):.1f}%",
            f"{100 * lo:.1f}–{100 * hi:.1f}%",
            f"{result.ms_per_decision(j):.1f}" if j < result.bots else "—",
            f"{result.ms_p95(j):.1f}" if j < result.bots else "—",
        ])
    lines = text_table(heads, rows)
    lines.append("")
    lines.append(text("table.footer", lang, games=len(result.records), errors=result.errors,
                      rounds=f"{result.mean('rounds'):.1f}", actions=f"{result.mean('actions'):.0f}",
                      seconds=f"{result.seconds:.0f}"))
    if result.cooperative:
        won = sum(1 for r in result.finished if r.winners)
        lo, hi = wilson(won, len(result.finished))
        lines.append(text("table.team", lang, won=won, games=len(result.finished),
                          rate=f"{100 * won / max(1, len(result.finished)):.1f}",
                          lo=f"{100 * lo:.1f}", hi=f"{100 * hi:.1f}",
                          turns=f"{result.mean('turns'):.1f}"))
    return "\n".join(lines)
