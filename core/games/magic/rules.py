"""The ruleset of «Эволюция волшебных тварей» (game id `magic`): contract 1 of ARCHITECTURE.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from core.engine.protocol import Action, Event, Outcome
from core.engine.rules_base import GameRules, Later
from core.games.magic import actions as A
from core.games.magic import events as E
from core.games.magic import flow, legal, notation
from core.games.magic import view as V
from core.games.magic.attribution import Attribution
from core.games.magic.fold import FOLD
from core.games.magic.state import MagicState, clone
from core.games.magic.texts import say
from core.games.magic.tx import MagicTx


class MagicRules(GameRules[MagicState]):
    game_id = "magic"
    events = E
    action_type = A.Action
    state_type = MagicState
    view_type = V.MagicView
    fold = FOLD
    tx_type = MagicTx
    attribution = Attribution
    rounds = (E.RoundStarted, "round")
    narration = Later("core.games.magic.narration:NARRATION")
    summary_kinds: ClassVar[Mapping[type, str]] = {
        E.AttackDeclared: "attack", E.Hit: "attack", E.Burned: "attack", E.RoundEnded: "score",
        E.Drew: "deal", E.ShadeGrew: "news"
    }
    legal = legal
    flow = flow
    views = V
    notation = notation
    textview = Later("core.games.magic.textview")

    clone = staticmethod(clone)

    def victim(self, s: MagicState, event: Event) -> int | None:
        if not isinstance(event, E.AttackDeclared):
            return None
        target = s.creatures.get(event.target)
        return None if target is None else target.owner

    def outcome(self, s: MagicState) -> Outcome | None:
        if s.winner < 0:
            return None
        scores = [p.tokens for p in s.players]
        return Outcome([s.winner], scores, [{"transmutations": t} for t in scores])

    def finishing_action(self, action: Action) -> bool:
        """Only a transmutation can end the game (the bench avoids it to build long logs)."""
        return isinstance(action, A.Transmute)

    def prompt(self, s: MagicState, lang: str) -> str:
        """The pending decision in plain words."""
        if s.step in ("", "over"):
            return ""
        target = s.attack.target if s.attack else 0
        return say(f"step.{s.step}", lang, c=s.active, t=target)


RULES = MagicRules()
