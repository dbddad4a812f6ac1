"""The ruleset of «Эволюция. Новый мир» (game id `newworld`): contract 1 of ARCHITECTURE.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from core.engine.protocol import Outcome
from core.engine.rules_base import Later
from core.games.newworld import actions as A
from core.games.newworld import events as E
from core.games.newworld import flow, legal, notation
from core.games.newworld import queries as Q
from core.games.newworld import view as V
from core.games.newworld.attribution import Attribution
from core.games.newworld.fold import FOLD
from core.games.newworld.state import NewWorldState, clone
from core.kits.evolution.rules import EvolutionRules


class NewWorldRules(EvolutionRules[NewWorldState]):
    game_id = "newworld"
    events = E
    action_type = A.Action
    state_type = NewWorldState
    view_type = V.NewWorldView
    fold = FOLD
    attribution = Attribution
    rounds = (E.EpochStarted, "epoch")
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

    def outcome(self, s: NewWorldState) -> Outcome | None:
        if s.step != "over":
            return None
        scores = [p.score for p in s.players]
        breakdown = [{**Q.score_of(s, seat), "animals_alive": len(p.row),
                      "lot": int(s.by_lot and seat in s.winners)}
                     for seat, p in enumerate(s.players)]
        return Outcome(list(s.winners), scores, breakdown)


RULES = NewWorldRules()
