"""The ruleset of classic «Эволюция» (game id `classic`): contract 1 of ARCHITECTURE.md."""

from __future__ import annotations

import random
from typing import Any

from core.engine.protocol import Decision, IllegalAction, Outcome
from core.engine.rules_base import GameRules, Tx
from core.games.classic import actions as A
from core.games.classic import events as E
from core.games.classic import flow, legal, notation, textview
from core.games.classic import queries as Q
from core.games.classic import view as V
from core.games.classic.attribution import Attribution
from core.games.classic.fold import FOLD
from core.games.classic.narration import NARRATION
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
    narration = NARRATION

    # --- options and setup ---------------------------------------------------------------

    def normalize_options(self, options: dict[str, Any], seats: int) -> dict[str, Any]:
        """`ruleset` classic | v09; v09's `personal_food` and `five_players`; `mimicry`
        second | third; `single_poisonous` (spec §1, §7)."""
        from core.games.classic import GAME

        return GAME.normalize(options, seats)

    def setup(self, options: dict[str, Any], seed: int, seats: int) -> list[Any]:
        opts = self.normalize_options(options, seats)
        tx = flow.new_tx(None)
        flow.setup(tx, seats, opts, seed)
        return tx.events

    # --- the protocol --------------------------------------------------------------------

    clone = staticmethod(clone)

    def is_over(self, s: ClassicState) -> bool:
        return s.step == "over"

    def decision(self, s: ClassicState) -> Decision | None:
        if s.step in ("", "over"):
            return None
        return Decision(s.decider, s.step)

    def enumerate(self, s: ClassicState) -> list[Any]:
        return legal.legal_actions(s)

    def resolve_into(self, tx: Tx[ClassicState], action: Any) -> None:
        flow.resolve(tx, action)

    def refusal(self, s: ClassicState, action: Any, lang: str = "en") -> IllegalAction:
        return legal.explain(s, action, lang)

    def view(self, s: ClassicState, seat: int | None) -> V.ClassicView:
        return V.view(s, seat)

    def determinize(self, v: V.ClassicView, rng: random.Random) -> ClassicState:
        return V.determinize(v, rng)

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

    def finishing_action(self, action: Any) -> bool:
        """Any action may end the game: the go it is part of can close the last feeding phase
        (a go with nothing left ends by itself, and so can every later one)."""
        return True

    def round_number(self, s: ClassicState) -> int:
        return s.turn

    def round_started(self, event: Any) -> int | None:
        """The turn an event starts, if it starts one (replays jump to turns)."""
        if isinstance(event, E.TurnStarted):
            return event.turn
        if isinstance(event, E.PositionSet):
            return event.state.turn
        return None

    def seat_count(self, s: ClassicState) -> int:
        return s.n

    def log_attribution(self) -> Any:
        """A fresh tracker saying which seat each narrated event is about (the event log)."""
        return Attribution()

    # --- text ----------------------------------------------------------------------------

    def parse_action(self, text: str) -> Any:
        return notation.parse_action(text)

    def format_action(self, action: Any) -> str:
        return notation.format_action(action)

    def render_text(self, v: V.ClassicView, lang: str, names: list[str]) -> str:
        return textview.render(v, lang, names)

    def prompt(self, s: ClassicState, lang: str) -> str:
        """The pending decision in plain words."""
        return legal.prompt(s, lang)


RULES = ClassicRules()
