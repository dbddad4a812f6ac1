"""The ruleset of «Эволюция. Новый мир» (game id `newworld`): contract 1 of ARCHITECTURE.md."""

from __future__ import annotations

import random
from typing import Any

from core.engine.protocol import Decision, IllegalAction, Outcome
from core.engine.rules_base import GameRules, Tx
from core.games.newworld import actions as A
from core.games.newworld import events as E
from core.games.newworld import flow, legal, notation, textview
from core.games.newworld import queries as Q
from core.games.newworld import view as V
from core.games.newworld.attribution import Attribution
from core.games.newworld.fold import FOLD
from core.games.newworld.narration import NARRATION
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
    narration = NARRATION

    # --- options and setup ---------------------------------------------------------------

    def normalize_options(self, options: dict[str, Any], seats: int) -> dict[str, Any]:
        """`scenario` none | mutations | cataclysm; `length` 1..20-P (not with cataclysm);
        `unlimited_hand` (spec §7)."""
        from core.games.newworld import GAME

        return GAME.normalize(options, seats)

    def setup(self, options: dict[str, Any], seed: int, seats: int) -> list[Any]:
        opts = self.normalize_options(options, seats)
        tx = flow.new_tx(None)
        flow.setup(tx, seats, opts, seed)
        return tx.events

    # --- the protocol --------------------------------------------------------------------

    clone = staticmethod(clone)

    def is_over(self, s: NewWorldState) -> bool:
        return s.step == "over"

    def decision(self, s: NewWorldState) -> Decision | None:
        if s.step in ("", "over"):
            return None
        return Decision(s.decider, s.step)

    def enumerate(self, s: NewWorldState) -> list[Any]:
        return legal.legal_actions(s)

    def resolve_into(self, tx: Tx[NewWorldState], action: Any) -> None:
        flow.resolve(tx, action)

    def refusal(self, s: NewWorldState, action: Any, lang: str = "en") -> IllegalAction:
        return legal.explain(s, action, lang)

    def view(self, s: NewWorldState, seat: int | None) -> V.NewWorldView:
        return V.view(s, seat)

    def determinize(self, v: V.NewWorldView, rng: random.Random) -> NewWorldState:
        return V.determinize(v, rng)

    def outcome(self, s: NewWorldState) -> Outcome | None:
        if s.step != "over":
            return None
        scores = [p.score for p in s.players]
        breakdown = [{**Q.score_of(s, seat), "animals_alive": len(p.row),
                      "lot": int(s.by_lot and seat in s.winners)}
                     for seat, p in enumerate(s.players)]
        return Outcome(list(s.winners), scores, breakdown)

    def finishing_action(self, action: Any) -> bool:
        """Any action may end the game: the turn it is part of can close the last feeding
        phase (a player with nothing left passes by himself, and so can every other)."""
        return True

    def round_number(self, s: NewWorldState) -> int:
        return s.epoch

    def round_started(self, event: Any) -> int | None:
        """The epoch an event starts, if it starts one (replays jump to epochs)."""
        if isinstance(event, E.EpochStarted):
            return event.epoch
        if isinstance(event, E.PositionSet):
            return event.state.epoch
        return None

    def seat_count(self, s: NewWorldState) -> int:
        return s.n

    def log_attribution(self) -> Any:
        """A fresh tracker saying which seat each narrated event is about (the event log)."""
        return Attribution()

    # --- text ----------------------------------------------------------------------------

    def parse_action(self, text: str) -> Any:
        return notation.parse_action(text)

    def format_action(self, action: Any) -> str:
        return notation.format_action(action)

    def render_text(self, v: V.NewWorldView, lang: str, names: list[str]) -> str:
        return textview.render(v, lang, names)

    def prompt(self, s: NewWorldState, lang: str) -> str:
        """The pending decision in plain words."""
        return legal.prompt(s, lang)


RULES = NewWorldRules()
