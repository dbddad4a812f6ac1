"""The ruleset of classic «Эволюция» (game id `classic`): contract 1 of ARCHITECTURE.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from core.engine.protocol import Outcome
from core.engine.rules_base import GameRules, Later
from core.games.classic import actions as A
from core.games.classic import events as E
from core.games.classic import flow, legal, notation
from core.games.classic import queries as Q
from core.games.classic import view as V
from core.games.classic.attribution import Attribution
from core.games.classic.fold import FOLD
from core.games.classic.state import ClassicState, clone


class ClassicRules(GameRules[ClassicState]):
    game_id = "classic"
    action_type = A.Action
    event_type = E.Event
    state_type = ClassicState
    view_type = V.ClassicView
    fold = FOLD
    opening = (E.GameStarted, E.PositionSet)
    position_type = E.PositionSet
    revealing = E.REVEALING
    narration = Later("core.games.classic.narration:NARRATION")
    summary_kinds: ClassVar[Mapping[type, str]] = {
        E.Attacked: "attack", E.Ran: "attack", E.TailLost: "attack", E.Eaten: "attack",
        E.Pirated: "attack", E.Poisoned: "loss", E.Died: "loss", E.Scored: "score",
        E.Dealt: "deal"
    }
    legal = legal
    flow = flow
    views = V
    notation = notation
    textview = Later("core.games.classic.textview")

    clone = staticmethod(clone)

    def victim(self, s: ClassicState, event: Any) -> int | None:
        if isinstance(event, E.Attacked | E.Eaten):
            prey = s.animals.get(event.prey)
        elif isinstance(event, E.Pirated):
            prey = s.animals.get(event.victim)
        else:
            return None
        return None if prey is None else prey.owner

    def outcome(self, s: ClassicState) -> Outcome | None:
        if s.step != "over":
            return None
        scores = [p.score for p in s.players]
        if s.v09:
            breakdown = [{"points": p.score, "fed": p.fed, "reserve": p.reserve}
                         for p in s.players]
        else:
            breakdown = [{**Q.score_of(s, seat), "discard": len(p.pile)}
                         for seat, p in enumerate(s.players)]
        return Outcome(list(s.winners), scores, breakdown)

    def round_number(self, s: ClassicState) -> int:
        return s.turn

    def round_started(self, event: Any) -> int | None:
        """The turn an event starts, if it starts one (replays jump to turns)."""
        if isinstance(event, E.TurnStarted):
            return event.turn
        if isinstance(event, E.PositionSet):
            return event.state.turn
        return None

    def log_attribution(self) -> Any:
        """A fresh tracker saying which seat each narrated event is about (the event log)."""
        return Attribution()


RULES = ClassicRules()
