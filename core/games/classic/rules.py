"""The ruleset of classic «Эволюция» (game id `classic`): contract 1 of ARCHITECTURE.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from core.engine.protocol import Outcome
from core.engine.rules_base import Later
from core.games.classic import actions as A
from core.games.classic import events as E
from core.games.classic import flow, legal, notation
from core.games.classic import queries as Q
from core.games.classic import view as V
from core.games.classic.attribution import Attribution
from core.games.classic.fold import FOLD
from core.games.classic.state import ClassicState, clone
from core.kits.evolution.rules import EvolutionRules


class ClassicRules(EvolutionRules[ClassicState]):
    game_id = "classic"
    events = E
    action_type = A.Action
    state_type = ClassicState
    view_type = V.ClassicView
    fold = FOLD
    attribution = Attribution
    rounds = (E.TurnStarted, "turn")
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


RULES = ClassicRules()
