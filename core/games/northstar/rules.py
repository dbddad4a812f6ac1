"""The ruleset of North Star Games' «Evolution» (game id `northstar`): contract 1 of
ARCHITECTURE.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from core.engine.protocol import Event, Outcome
from core.engine.rules_base import GameRules, Later
from core.games.northstar import actions as A
from core.games.northstar import events as E
from core.games.northstar import flow, legal, notation
from core.games.northstar import queries as Q
from core.games.northstar import view as V
from core.games.northstar.attribution import Attribution
from core.games.northstar.fold import FOLD
from core.games.northstar.state import NorthStarState, clone, species_owner
from core.games.northstar.tx import NorthStarTx


class NorthStarRules(GameRules[NorthStarState]):
    game_id = "northstar"
    events = E
    action_type = A.Action
    state_type = NorthStarState
    view_type = V.NorthStarView
    fold = FOLD
    tx_type = NorthStarTx
    attribution = Attribution
    rounds = (E.RoundStarted, "round")
    narration = Later("core.games.northstar.narration:NARRATION")
    summary_kinds: ClassVar[Mapping[type, str]] = {
        E.Attacked: "attack", E.PopLost: "loss", E.Starved: "loss", E.Extinct: "loss",
        E.Dealt: "deal", E.LastRound: "news"
    }
    legal = legal
    flow = flow
    views = V
    notation = notation
    textview = Later("core.games.northstar.textview")

    clone = staticmethod(clone)

    def victim(self, s: NorthStarState, event: Event) -> int | None:
        return species_owner(event.target) if isinstance(event, E.Attacked) else None

    def outcome(self, s: NorthStarState) -> Outcome | None:
        if s.step != "over":
            return None
        scores = [p.score for p in s.players]
        breakdown = [{**Q.points(s, seat), "species": len(p.row),
                      "shared": int(len(s.winners) > 1 and seat in s.winners)}
                     for seat, p in enumerate(s.players)]
        return Outcome(list(s.winners), scores, breakdown)


RULES = NorthStarRules()
