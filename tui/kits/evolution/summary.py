"""What the shared screens show of an «Эволюция» game, the part the family's games share: the
end-of-game table (seats with their figures, the winners crowned, how a tie was broken) and the
seats of a game started from a scenario. A game's summary module says which figures, in its
texts (`<game>.end.col.*`, `<game>.end.title_shared`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from core.engine.journal import Seat
from core.seat_names import default_name
from tui.games import EndInfo
from tui.i18n import text
from tui.markup import esc

if TYPE_CHECKING:
    from core.engine.journal import Entry
    from core.kits.evolution.shapes import Seen, Table
    from tui.controller import GameController

SS = TypeVar("SS")  # the game's seat statistics
SS_co = TypeVar("SS_co", covariant=True)
Breakdown = dict[str, int]  # a seat's score by part (the outcome's breakdown)


class Figures(Protocol[SS_co]):
    """A game's end-of-game statistics (its `stats.game_stats`)."""

    @property
    def seats(self) -> Sequence[SS_co]: ...

    @property
    def rounds(self) -> int: ...

    @property
    def moves(self) -> int: ...


class Lot(Protocol):
    """A lot drawn to break a tie: the seats and their dice."""

    @property
    def seats(self) -> list[int]: ...

    @property
    def dice(self) -> list[int]: ...


@dataclass(frozen=True)
class Ending(Generic[SS]):
    """A finished game's figures: the seats' names, the played entries, the statistics, the
    winners, and each seat's score and breakdown (from the outcome)."""

    game: str
    names: list[str]
    entries: list[Entry]
    stats: Figures[SS]
    winners: list[int]
    scores: list[int]
    breakdown: list[Breakdown]

    def t(self, key: str, lang: str, **args: object) -> str:
        return text(f"{self.game}.{key}", lang, **args)


def ending(ctl: GameController, game: str,
           stats: Callable[[list[Entry], int], Figures[SS]]) -> Ending[SS]:
    """The figures of the game `ctl` plays, its statistics by the game's `stats`."""
    names = ctl.names()
    outcome = ctl.outcome()
    entries = ctl.played_entries()
    return Ending(
        game, names, entries, stats(entries, len(names)),
        winners=list(outcome.winners) if outcome else [],
        scores=list(outcome.scores) if outcome else [0] * len(names),
        breakdown=list(outcome.breakdown) if outcome and outcome.breakdown
        else [{} for _ in names])


def end_screen(end: Ending[SS], lang: str, columns: list[str],
               cells: Callable[[int, Breakdown, SS], list[str]], summary: list[str],
               tie: str) -> EndInfo:
    """The end table: a row a seat (its name, crowned if it won, then `cells(seat, breakdown,
    stats)`) under `columns` (keys of `<game>.end.col`), the title naming the winners, and
    `summary` with the `tie` said (if any)."""
    names, winners = end.names, end.winners
    rows = []
    for i, name in enumerate(names):
        crown = " ★" if i in winners else ""
        b = end.breakdown[i] if i < len(end.breakdown) else {}
        rows.append([name + crown, *cells(i, b, end.stats.seats[i])])
    if len(winners) == 1:
        title = text("end.winner", lang, name=names[winners[0]])
    elif winners:
        title = end.t("end.title_shared", lang, names=", ".join(names[w] for w in winners))
    else:
        title = text("table.over", lang)
    return EndInfo(title=f"[b $accent]{esc(title)}[/]", summary=" ".join([*summary, tie] if tie else summary),
                   columns=[end.t(f"end.col.{c}", lang) for c in columns], rows=rows)


def tied(scores: list[int], winners: list[int]) -> list[int]:
    """The seats that tied on the best score when the game has winners, else [] (no tie to
    tell)."""
    if not scores or not winners:
        return []
    best = max(scores)
    seats = [i for i, k in enumerate(scores) if k == best]
    return seats if len(seats) > 1 else []


def tie_said(end: Ending[SS], lot: type[Lot] | None, lang: str,
             broken: Callable[[list[int]], str]) -> str:
    """How a tie on points was broken, or "" when there was none: by the lots drawn (events of
    type `lot`, `<game>.end.tie_lot`) if any were, else `broken(the tied seats)`."""
    seats = tied(end.scores, end.winners)
    if not seats:
        return ""
    drawn = lots(end.entries, end.names, lot) if lot is not None else []
    return end.t("end.tie_lot", lang, list="; ".join(drawn)) if drawn else broken(seats)


def lots(entries: Iterable[Entry], names: list[str], lot: type[Lot]) -> list[str]:
    """Every lot drawn to break a tie (events of type `lot`): "Ann 5, Boris 3" per roll."""
    drawn = [ev for entry in entries for ev in entry.events if isinstance(ev, lot)]
    return [", ".join(f"{names[s]} {d}" for s, d in zip(ev.seats, ev.dice, strict=True))
            for ev in drawn]


def scenario_seats(state: Table[Seen], lang: str, bot: str) -> list[Seat]:
    """The person at the keyboard plays seat 0; the others are bots."""
    return [Seat(default_name("player", 1, lang)) if i == 0 else
            Seat(default_name("bot", i + 1, lang), kind="bot", bot=bot)
            for i in range(len(state.players))]
