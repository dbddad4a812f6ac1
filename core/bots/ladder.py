"""The bot ladder (issue #26): each level against the level below it, seat-rotated, so the
table shows whether "hard" is really stronger than "normal".

    steps = run_ladder(game_id, games=400, seed=1, jobs=4)
    print(format_ladder(steps, "en"))

In a competitive game a step is a two-entry tournament (`run_tournament`) of the upper level
against the lower one; the upper level is "stronger" when the lower bound of its win rate's
95 % interval is above one half and the rate reaches the issue's bar of 55 %. In a
co-operative game (one team) there is nobody to beat: each level plays every seat alone and
the ladder shows the team's win rate level by level.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from core.bots.stats import wilson
from core.bots.texts import text
from core.bots.tournament import TournamentResult, run_tournament, text_table

if TYPE_CHECKING:
    from core.bots.record import Record

RUNGS = ("greedy", "mcts:easy", "mcts:normal", "mcts:hard", "mcts:expert")
BAR = 0.55  # each level should win at least this share against the one below


@dataclass
class Step:
    upper: str
    lower: str  # "" in a co-operative game: the level plays alone
    result: TournamentResult

    @property
    def games(self) -> int:
        return len(self.result.finished)

    @property
    def wins(self) -> float:
        """The upper level's wins (its team's, in a co-operative game)."""
        if self.lower:
            return self.result.wins(0)
        return float(sum(1 for r in self.result.finished if r.winners))

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def verdict(self) -> str:
        """"stronger" (the interval above one half and the rate at the bar), "weaker" (the
        interval below one half), else "unclear"; "" in a co-operative game."""
        if not self.lower:
            return ""
        lo, hi = self.ci95
        if lo > 0.5 and self.rate >= BAR:
            return "stronger"
        return "weaker" if hi < 0.5 else "unclear"


def run_ladder(game: str, games: int, seed: int, jobs: int = 1, players: int = 2,
               options: dict[str, Any] | None = None, rungs: tuple[str, ...] = RUNGS,
               progress: Callable[[int, int], None] | None = None,
               record: Record | None = None) -> list[Step]:
    """Play every step of the ladder, `games` games each (each step on seeds of its own; a
    `record` keeps every step's games, `run_tournament`)."""
    from core import games as registry  # `games` is the number of games here

    coop = registry.get(game).cooperative
    pairs = [(r, "") for r in rungs] if coop else list(zip(rungs[1:], rungs[:-1], strict=True))
    total = games * len(pairs)
    steps = []
    for k, (upper, lower) in enumerate(pairs):
        def step_progress(done: int, _total: int, k: int = k) -> None:
            if progress is not None:
                progress(k * games + done, total)

        specs = [upper, lower] if lower else [upper]
        result = run_tournament(game, specs, games, seed + 1_000_003 * k, jobs=jobs,
                                players=players, options=options, progress=step_progress,
                                record=record)
        steps.append(Step(upper, lower, result))
    return steps


def format_ladder(steps: list[Step], lang: str) -> str:
    """The ladder as the text table docs/bots.md shows."""
    coop = bool(steps) and not steps[0].lower
    heads = [text("ladder.level", lang)] + ([] if coop else [text("ladder.against", lang)]) + [
        text("table.wins", lang), text("table.win_rate", lang), text("table.ci95", lang),
        text("table.ms", lang)] + ([] if coop else [text("ladder.verdict", lang)])
    rows = []
    for s in steps:
        lo, hi = s.ci95
        row = [s.upper] + ([] if coop else [s.lower])
        row += [f"{s.wins:g}/{s.games}", f"{100 * s.rate:.1f}%", f"{100 * lo:.1f}–{100 * hi:.1f}%",
                f"{s.result.ms_per_decision(0):.1f}"]
        if not coop:
            row.append(text(f"ladder.{s.verdict()}", lang))
        rows.append(row)
    lines = text_table(heads, rows)
    lines += ["", text("ladder.footer", lang, games=sum(len(s.result.records) for s in steps),
                       errors=sum(s.result.errors for s in steps),
                       seconds=f"{sum(s.result.seconds for s in steps):.0f}", bar=f"{100 * BAR:.0f}")]
    return "\n".join(lines)
