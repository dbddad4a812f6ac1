"""The ruleset of «Гравити Фолз» (game id `gravity`): contract 1 of ARCHITECTURE.md.

A co-operative game: seats are characters (G2), a win is `Outcome(winners=[every seat])`,
a loss `Outcome(winners=[])`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from core.engine.protocol import Event, Options, Outcome
from core.engine.rules_base import GameRules, Later
from core.games.gravity import actions as A
from core.games.gravity import events as E
from core.games.gravity import flow, legal, notation
from core.games.gravity import view as V
from core.games.gravity.effects import Tx
from core.games.gravity.fold import FOLD
from core.games.gravity.prompt import prompt_text
from core.games.gravity.state import GravityState, clone
from core.games.gravity.texts import say


class GravityRules(GameRules[GravityState]):
    game_id = "gravity"
    action_type = A.Action
    event_type = E.Event
    state_type = GravityState
    view_type = V.GravityView
    fold = FOLD
    opening = (E.GameStarted, E.PositionSet)
    position_type = E.PositionSet
    narration = Later("core.games.gravity.narration:NARRATION")
    summary_kinds: ClassVar[Mapping[type, str]] = {
        E.CurseTaken: "loss", E.FightFailed: "loss", E.AlarmRaised: "loss",
        E.MonsterDefeated: "news", E.MonsterMoved: "news", E.EventRevealed: "news",
        E.CurseLifted: "news"
    }
    legal = legal
    flow = flow
    tx_type = Tx
    views = V
    notation = notation
    textview = Later("core.games.gravity.textview")

    def warnings(self, options: Options, seats: int, lang: str = "en") -> list[str]:
        """Advice the setup screen shows before a game starts (G28, G58), in `lang`."""
        opts = self.normalize_options(options, seats)
        keys = []
        if seats == 1 and "soos" in opts["characters"]:
            keys.append("soos_solo")  # G28: his ability has no target
        if opts["variant"] == "kids" and "stan" in opts["characters"]:
            keys.append("stan_kids")  # G58: Stan is better for an adult
        return [say(f"warning.{k}", lang) for k in keys]

    clone = staticmethod(clone)

    # The base's `decision` (none at "" or "over"): a result comes with `step` "over"
    # (invariant a_result_once_over), so a search reads it compiled (GameRules.quick).

    def is_over(self, s: GravityState) -> bool:
        return bool(s.result)

    def outcome(self, s: GravityState) -> Outcome | None:
        if not s.result:
            return None
        defeated = sum(1 for m in s.monsters if not m.loc)
        winners = list(range(s.n)) if s.result == "won" else []
        breakdown = {"monsters_defeated": defeated, "alarm": s.alarm, "turns": s.turn}
        return Outcome(winners, [defeated] * s.n, [dict(breakdown) for _ in range(s.n)])

    def reveals(self, event: Event) -> bool:
        return E.reveals(event)

    def round_started(self, event: Event) -> int | None:
        """The round an event starts, if it starts one (replays jump to rounds)."""
        if isinstance(event, E.TurnStarted):
            return event.round
        if isinstance(event, E.PositionSet):
            return event.state.round
        return None

    def log_attribution(self) -> Callable[[Event], int | None]:
        """Every narrated event names its character: nothing to attribute."""
        return lambda event: None

    def prompt(self, s: GravityState, lang: str) -> str:
        return prompt_text(s, lang)


RULES = GravityRules()
