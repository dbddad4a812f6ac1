"""The ruleset of «Эволюция. Новый мир» (game id `newworld`): contract 1 of ARCHITECTURE.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from core.engine.protocol import Outcome
from core.engine.rules_base import GameRules, Later
from core.games.newworld import actions as A
from core.games.newworld import events as E
from core.games.newworld import flow, legal, notation
from core.games.newworld import queries as Q
from core.games.newworld import view as V
from core.games.newworld.attribution import Attribution
from core.games.newworld.fold import FOLD
from core.games.newworld.state import NewWorldState, clone


class NewWorldRules(GameRules[NewWorldState]):
    game_id = "newworld"
    action_type = A.Action
    event_type = E.Event
    state_type = NewWorldState
    view_type = V.NewWorldView
    fold = FOLD
    opening = (E.GameStarted, E.PositionSet)
    position_type = E.PositionSet
    revealing = E.REVEALING
    narration = Later("core.games.newworld.narration:NARRATION")
    summary_kinds: ClassVar[Mapping[type, str]] = {
        E.Attacked: "attack", E.Rolled: "attack", E.TailLost: "attack", E.Deterred: "attack",
        E.Eaten: "attack", E.Pirated: "attack", E.Poisoned: "loss", E.Died: "loss",
        E.Dealt: "deal", E.HabitatRevealed: "news", E.Boxed: "news"
    }
    legal = legal
    flow = flow
    views = V
    notation = notation
    textview = Later("core.games.newworld.textview")

    clone = staticmethod(clone)

    def victim(self, s: NewWorldState, event: Any) -> int | None:
        if isinstance(event, E.Attacked | E.Eaten):
            prey = s.animals.get(event.prey)
        elif isinstance(event, E.Pirated):
            prey = s.animals.get(event.victim)
        else:
            return None
        return None if prey is None else prey.owner

    def outcome(self, s: NewWorldState) -> Outcome | None:
        if s.step != "over":
            return None
        scores = [p.score for p in s.players]
        breakdown = [{**Q.score_of(s, seat), "animals_alive": len(p.row),
                      "lot": int(s.by_lot and seat in s.winners)}
                     for seat, p in enumerate(s.players)]
        return Outcome(list(s.winners), scores, breakdown)

    def round_number(self, s: NewWorldState) -> int:
        return s.epoch

    def round_started(self, event: Any) -> int | None:
        """The epoch an event starts, if it starts one (replays jump to epochs)."""
        if isinstance(event, E.EpochStarted):
            return event.epoch
        if isinstance(event, E.PositionSet):
            return event.state.epoch
        return None

    def log_attribution(self) -> Any:
        """A fresh tracker saying which seat each narrated event is about (the event log)."""
        return Attribution()


RULES = NewWorldRules()
