"""The ruleset of «Эволюция волшебных тварей» (game id `magic`): contract 1 of ARCHITECTURE.md."""

from __future__ import annotations

import random
from typing import Any

from core.engine.protocol import Decision, IllegalAction, Outcome
from core.engine.rules_base import GameRules, Tx
from core.games.magic import actions as A
from core.games.magic import events as E
from core.games.magic import flow, legal, notation, textview
from core.games.magic import view as V
from core.games.magic.attribution import Attribution
from core.games.magic.fold import FOLD
from core.games.magic.narration import NARRATION
from core.games.magic.state import MagicState, clone
from core.games.magic.texts import say


class MagicRules(GameRules[MagicState]):
    game_id = "magic"
    action_type = A.Action
    event_type = E.Event
    state_type = MagicState
    view_type = V.MagicView
    fold = FOLD
    opening = (E.GameStarted, E.PositionSet)
    position_type = E.PositionSet
    revealing = E.REVEALING
    narration = NARRATION

    # --- options and setup ---------------------------------------------------------------

    def normalize_options(self, options: dict[str, Any], seats: int) -> dict[str, Any]:
        """`variant`: standard | quartet (2-3 players, MC-R51); `solo`: one human vs the Shade."""
        from core.games.magic import GAME

        return GAME.normalize(options, seats)

    def setup(self, options: dict[str, Any], seed: int, seats: int) -> list[Any]:
        opts = self.normalize_options(options, seats)
        tx = flow.new_tx(None)
        win_at = 4 if opts["variant"] == "quartet" else 3
        flow.setup(tx, seats, win_at, opts["solo"], seed)
        return tx.events

    # --- the protocol --------------------------------------------------------------------

    clone = staticmethod(clone)

    def decision(self, s: MagicState) -> Decision | None:
        if s.step in ("", "over"):
            return None
        return Decision(s.decider, s.step)

    def enumerate(self, s: MagicState) -> list[Any]:
        return legal.legal_actions(s)

    def resolve_into(self, tx: Tx[MagicState], action: Any) -> None:
        flow.resolve(tx, action)

    def refusal(self, s: MagicState, action: Any, lang: str = "en") -> IllegalAction:
        return legal.explain(s, action, lang)

    def view(self, s: MagicState, seat: int | None) -> V.MagicView:
        return V.view(s, seat)

    def determinize(self, v: V.MagicView, rng: random.Random) -> MagicState:
        return V.determinize(v, rng)

    def outcome(self, s: MagicState) -> Outcome | None:
        if s.winner < 0:
            return None
        scores = [p.tokens for p in s.players]
        return Outcome([s.winner], scores, [{"transmutations": t} for t in scores])

    def finishing_action(self, action: Any) -> bool:
        """Only a transmutation can end the game (the bench avoids it to build long logs)."""
        return isinstance(action, A.Transmute)

    def round_number(self, s: MagicState) -> int:
        return s.round

    def round_started(self, event: Any) -> int | None:
        """The round an event starts, if it starts one (replays jump to rounds)."""
        if isinstance(event, E.RoundStarted):
            return event.round
        if isinstance(event, E.PositionSet):
            return event.state.round
        return None

    def seat_count(self, s: MagicState) -> int:
        return s.n

    def log_attribution(self) -> Any:
        """A fresh tracker saying which seat each narrated event is about (the event log)."""
        return Attribution()

    # --- text ----------------------------------------------------------------------------

    def parse_action(self, text: str) -> Any:
        return notation.parse_action(text)

    def format_action(self, action: Any) -> str:
        return notation.format_action(action)

    def render_text(self, v: V.MagicView, lang: str, names: list[str]) -> str:
        return textview.render(v, lang, names)

    def prompt(self, s: MagicState, lang: str) -> str:
        """The pending decision in plain words."""
        if s.step in ("", "over"):
            return ""
        target = s.attack.target if s.attack else 0
        return say(f"step.{s.step}", lang, c=s.active, t=target)


RULES = MagicRules()
