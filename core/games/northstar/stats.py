"""End-of-game statistics of a `northstar` game, derived from the events of the line played."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from core.games.northstar import events as E
from core.games.northstar.state import species_owner

if TYPE_CHECKING:
    from core.engine.journal import Entry
    from core.engine.protocol import Event


@dataclass
class SeatStats:
    score: int = 0
    bag: int = 0
    population: int = 0  # population points at the end
    traits: int = 0  # trait-card points at the end
    species: int = 0  # species made during play
    cards_played: int = 0  # traits placed, species made and tracks raised with cards
    food: int = 0  # food and fat its species took
    attacks: int = 0
    extinct: int = 0  # own species that died out


@dataclass
class GameStats:
    seats: list[SeatStats] = field(default_factory=list)
    rounds: int = 0
    moves: int = 0
    winners: list[int] = field(default_factory=list)


def game_stats(entries: Iterable[Entry], seats: int) -> GameStats:
    """`entries`: the setup entry, then the moves in effect, oldest first."""
    out = GameStats([SeatStats() for _ in range(seats)])
    for entry in entries:
        out.moves += entry.kind == "move"
        for ev in entry.events:
            _count(ev, out)
    return out


def _count(ev: Event, out: GameStats) -> None:
    def of(uid: int) -> SeatStats | None:
        seat = species_owner(uid)
        return out.seats[seat] if 0 <= seat < len(out.seats) else None

    if isinstance(ev, E.RoundStarted):
        out.rounds = max(out.rounds, ev.round)
    elif isinstance(ev, E.PositionSet):
        out.rounds = max(out.rounds, ev.state.round)
    elif isinstance(ev, E.SpeciesAdded):
        if 0 <= ev.seat < len(out.seats):
            out.seats[ev.seat].species += 1
            out.seats[ev.seat].cards_played += bool(ev.card)
    elif isinstance(ev, (E.TraitPlaced, E.Grown)):
        if 0 <= ev.seat < len(out.seats):
            out.seats[ev.seat].cards_played += 1
    elif isinstance(ev, E.Took):
        s = of(ev.species)
        if s:
            s.food += ev.board + ev.fat
    elif isinstance(ev, E.Attacked):
        s = of(ev.attacker)
        if s:
            s.attacks += 1
    elif isinstance(ev, E.Extinct):
        s = of(ev.species)
        if s:
            s.extinct += 1
    elif isinstance(ev, E.GameEnded):
        for i in range(min(len(out.seats), len(ev.bags))):
            st = out.seats[i]
            st.bag, st.population, st.traits = ev.bags[i], ev.pops[i], ev.traits[i]
            st.score = st.bag + st.population + st.traits
        out.winners = list(ev.winners)
