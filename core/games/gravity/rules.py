"""The ruleset of «Гравити Фолз» (game id `gravity`): contract 1 of ARCHITECTURE.md.

A co-operative game: seats are characters (G2), a win is `Outcome(winners=[every seat])`,
a loss `Outcome(winners=[])`.
"""

from __future__ import annotations

import random
from typing import Any

from core.engine.protocol import Decision, IllegalAction, Outcome
from core.engine.rules_base import GameRules, Tx
from core.games.gravity import actions as A
from core.games.gravity import events as E
from core.games.gravity import flow, legal, notation, textview
from core.games.gravity import view as V
from core.games.gravity.effects import new_tx
from core.games.gravity.fold import FOLD
from core.games.gravity.narration import NARRATION
from core.games.gravity.prompt import prompt_text
from core.games.gravity.state import OVER, GravityState, clone
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
    narration = NARRATION

    # --- options and setup ---------------------------------------------------------------

    def normalize_options(self, options: dict[str, Any], seats: int) -> dict[str, Any]:
        """Options (§3 step 1), every one optional (see the descriptor in __init__.py):

        `variant`: standard | kids (G58); `difficulty`: easy | normal | hard (G59, standard only);
        `characters`: one per seat, in seat order (default the first `seats` of Dipper, Mabel,
        Stan, Wendy, Soos); `controllers`: the person controlling each seat (G2, default one
        each); `monsters`: the 3 chosen monsters (default: a quick game, one random monster of
        each tier; kids: three random figures, G5); `monster_order`: random | listed;
        `first`: the first seat (default -1, random, G7).
        """
        from core.games.gravity import GAME

        return GAME.normalize(options, seats)

    def warnings(self, options: dict[str, Any], seats: int, lang: str = "en") -> list[str]:
        """Advice the setup screen shows before a game starts (G28, G58), in `lang`."""
        opts = self.normalize_options(options, seats)
        keys = []
        if seats == 1 and "soos" in opts["characters"]:
            keys.append("soos_solo")  # G28: his ability has no target
        if opts["variant"] == "kids" and "stan" in opts["characters"]:
            keys.append("stan_kids")  # G58: Stan is better for an adult
        return [say(f"warning.{k}", lang) for k in keys]

    def setup(self, options: dict[str, Any], seed: int, seats: int) -> list[Any]:
        opts = self.normalize_options(options, seats)
        tx = new_tx(None)
        flow.setup(tx, opts, seed, seats)
        return tx.events

    # --- the protocol --------------------------------------------------------------------

    clone = staticmethod(clone)

    def decision(self, s: GravityState) -> Decision | None:
        if s.step in ("", OVER) or s.result:
            return None
        return Decision(s.decider, s.step)

    def is_over(self, s: GravityState) -> bool:
        return bool(s.result)

    def enumerate(self, s: GravityState) -> list[Any]:
        return legal.legal_actions(s)

    def resolve_into(self, tx: Tx[GravityState], action: Any) -> None:
        flow.act(tx, action)

    def refusal(self, s: GravityState, action: Any, lang: str = "en") -> IllegalAction:
        return legal.explain(s, action, lang)

    def view(self, s: GravityState, seat: int | None) -> V.GravityView:
        return V.view(s, seat)

    def determinize(self, v: V.GravityView, rng: random.Random) -> GravityState:
        return V.determinize(v, rng)

    def outcome(self, s: GravityState) -> Outcome | None:
        if not s.result:
            return None
        defeated = sum(1 for m in s.monsters if not m.loc)
        winners = list(range(s.n)) if s.result == "won" else []
        breakdown = {"monsters_defeated": defeated, "alarm": s.alarm, "turns": s.turn}
        return Outcome(winners, [defeated] * s.n, [dict(breakdown) for _ in range(s.n)])

    def reveals(self, event: Any) -> bool:
        return E.reveals(event)

    def finishing_action(self, action: Any) -> bool:
        """Every action may end this game: a roll can defeat the last monster, and almost any
        choice lets the flow run on into a monster phase whose alarm can reach the end."""
        return True

    def round_number(self, s: GravityState) -> int:
        return s.round

    def round_started(self, event: Any) -> int | None:
        """The round an event starts, if it starts one (replays jump to rounds)."""
        if isinstance(event, E.TurnStarted):
            return event.round
        if isinstance(event, E.PositionSet):
            return event.state.round
        return None

    def seat_count(self, s: GravityState) -> int:
        return s.n

    def log_attribution(self) -> Any:
        """Every narrated event names its character: nothing to attribute."""
        return lambda event: None

    # --- text ----------------------------------------------------------------------------

    def parse_action(self, text: str) -> Any:
        return notation.parse_action(text)

    def format_action(self, action: Any) -> str:
        return notation.format_action(action)

    def render_text(self, v: V.GravityView, lang: str, names: list[str]) -> str:
        return textview.render(v, lang, names)

    def prompt(self, s: GravityState, lang: str) -> str:
        return prompt_text(s, lang)


RULES = GravityRules()
