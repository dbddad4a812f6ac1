"""The ruleset of North Star Games' «Evolution» (game id `northstar`): contract 1 of
ARCHITECTURE.md."""

from __future__ import annotations

import random
from typing import Any

from core.engine.protocol import Decision, IllegalAction, Outcome
from core.engine.rules_base import GameRules, Tx
from core.games.northstar import actions as A
from core.games.northstar import events as E
from core.games.northstar import flow, legal, notation, textview
from core.games.northstar import queries as Q
from core.games.northstar import view as V
from core.games.northstar.attribution import Attribution
from core.games.northstar.fold import FOLD
from core.games.northstar.narration import NARRATION
from core.games.northstar.state import NorthStarState, clone


class NorthStarRules(GameRules[NorthStarState]):
    game_id = "northstar"
    action_type = A.Action
    event_type = E.Event
    state_type = NorthStarState
    view_type = V.NorthStarView
    fold = FOLD
    opening = (E.GameStarted, E.PositionSet)
    position_type = E.PositionSet
    revealing = E.REVEALING
    narration = NARRATION

    # --- options and setup ---------------------------------------------------------------

    def normalize_options(self, options: dict[str, Any], seats: int) -> dict[str, Any]:
        """`short` (the simultaneous short variant, §7.4) and `open_bags` (NS29)."""
        from core.games.northstar import GAME

        return GAME.normalize(options, seats)

    def setup(self, options: dict[str, Any], seed: int, seats: int) -> list[Any]:
        opts = self.normalize_options(options, seats)
        tx = flow.new_tx(None)
        flow.setup(tx, seats, opts, seed)
        return tx.events

    # --- the protocol --------------------------------------------------------------------

    clone = staticmethod(clone)

    def is_over(self, s: NorthStarState) -> bool:
        return s.step == "over"

    def decision(self, s: NorthStarState) -> Decision | None:
        if s.step in ("", "over"):
            return None
        return Decision(s.decider, s.step)

    def enumerate(self, s: NorthStarState) -> list[Any]:
        return legal.legal_actions(s)

    def resolve_into(self, tx: Tx[NorthStarState], action: Any) -> None:
        flow.resolve(tx, action)

    def refusal(self, s: NorthStarState, action: Any, lang: str = "en") -> IllegalAction:
        return legal.explain(s, action, lang)

    def view(self, s: NorthStarState, seat: int | None) -> V.NorthStarView:
        return V.view(s, seat)

    def determinize(self, v: V.NorthStarView, rng: random.Random) -> NorthStarState:
        return V.determinize(v, rng)

    def outcome(self, s: NorthStarState) -> Outcome | None:
        if s.step != "over":
            return None
        scores = [p.score for p in s.players]
        breakdown = [{**Q.points(s, seat), "species": len(p.row),
                      "shared": int(len(s.winners) > 1 and seat in s.winners)}
                     for seat, p in enumerate(s.players)]
        return Outcome(list(s.winners), scores, breakdown)

    def finishing_action(self, action: Any) -> bool:
        """Any action may end the game: after the last choice of a phase the flow runs on by
        itself through the reveal and, when nobody can eat, through the end of feeding — so
        even a food card or the end of a phase-3 turn can close the last round."""
        return True

    def round_number(self, s: NorthStarState) -> int:
        return s.round

    def round_started(self, event: Any) -> int | None:
        """The round an event starts, if it starts one (replays jump to rounds)."""
        if isinstance(event, E.RoundStarted):
            return event.round
        if isinstance(event, E.PositionSet):
            return event.state.round
        return None

    def seat_count(self, s: NorthStarState) -> int:
        return s.n

    def log_attribution(self) -> Any:
        """A fresh tracker saying which seat each narrated event is about (the event log)."""
        return Attribution()

    # --- text ----------------------------------------------------------------------------

    def parse_action(self, text: str) -> Any:
        return notation.parse_action(text)

    def format_action(self, action: Any) -> str:
        return notation.format_action(action)

    def render_text(self, v: V.NorthStarView, lang: str, names: list[str]) -> str:
        return textview.render(v, lang, names)

    def prompt(self, s: NorthStarState, lang: str) -> str:
        """The pending decision in plain words."""
        return legal.prompt(s, lang)


RULES = NorthStarRules()
