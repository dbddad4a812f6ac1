"""End-of-game statistics of a `gravity` game, derived from the events of the line that was played."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from core.games.gravity import events as E

if TYPE_CHECKING:
    from core.engine.journal import Entry
    from core.engine.protocol import Event


@dataclass
class CharStats:
    roads: int = 0  # roads walked (teleports and event moves not counted)
    teleports: int = 0
    fights: int = 0
    defeated: list[str] = field(default_factory=list)  # monsters this character defeated
    persuaded: int = 0  # distrust tokens turned to support by its rolls
    curses: int = 0  # curses taken
    lifted: int = 0  # its own curses discarded (its removal rolls or Soos)
    dice: int = 0  # courage dice placed
    rests: int = 0


@dataclass
class GameStats:
    chars: dict[str, CharStats] = field(default_factory=dict)  # by character id
    turns: int = 0
    rounds: int = 0
    moves: int = 0
    events: list[str] = field(default_factory=list)  # event cards resolved, in order


def game_stats(entries: Iterable[Entry], seats: int = 0) -> GameStats:
    """`entries`: the setup entry, then the moves in effect, oldest first."""
    out = GameStats()
    active = ""
    for entry in entries:
        out.moves += entry.kind == "move"
        for ev in entry.events:
            active = _count(ev, out, active)
    return out


def _of(out: GameStats, ch: str) -> CharStats:
    return out.chars.setdefault(ch, CharStats())


def _count(ev: Event, out: GameStats, active: str) -> str:
    if isinstance(ev, E.GameStarted):
        for ch in ev.characters:
            _of(out, ch)
    elif isinstance(ev, E.PositionSet):
        for c in ev.state.chars:
            _of(out, c.id)
        out.turns, out.rounds = ev.state.turn, ev.state.round
        return ev.state.chars[ev.state.active].id if ev.state.chars else active
    elif isinstance(ev, E.TurnStarted):
        out.turns, out.rounds = max(out.turns, ev.turn), max(out.rounds, ev.round)
        who: str = ev.ch
        return who
    elif isinstance(ev, E.Moved):
        if ev.how in ("walk", "stop"):
            _of(out, ev.ch).roads += len(ev.path)
        elif ev.how == "teleport":
            _of(out, ev.ch).teleports += 1
    elif isinstance(ev, E.Mode) and ev.target:
        _of(out, ev.ch).fights += 1
    elif isinstance(ev, E.MonsterDefeated):
        _of(out, ev.ch).defeated.append(ev.monster)
    elif isinstance(ev, E.Flipped) and ev.why == "persuade" and active:
        _of(out, active).persuaded += ev.n
    elif isinstance(ev, E.CurseTaken):
        _of(out, ev.ch).curses += 1
    elif isinstance(ev, E.CurseLifted):
        _of(out, ev.ch).lifted += 1
    elif isinstance(ev, E.DiePlaced):
        _of(out, ev.ch).dice += 1
    elif isinstance(ev, E.Rested):
        _of(out, ev.ch).rests += 1
    elif isinstance(ev, E.EventRevealed) and ev.resolve:
        out.events.append(ev.card)
    return active
