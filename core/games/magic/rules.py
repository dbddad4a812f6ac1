"""The ruleset of «Эволюция волшебных тварей» (game id `magic`): contract 1 of ARCHITECTURE.md."""

from __future__ import annotations

import random
from typing import Any

from core.engine.protocol import Decision, IllegalAction, OptionsError, Outcome
from core.games.magic import actions as A
from core.games.magic import events as E
from core.games.magic import flow, legal, narration, notation, scenario, textview
from core.games.magic import view as V
from core.games.magic.fold import evolve
from core.games.magic.state import MagicState, clone
from core.games.magic.texts import say

VARIANTS = ("standard", "quartet")


class MagicRules:
    game_id = "magic"
    action_type = A.Action
    event_type = E.Event
    state_type = MagicState
    view_type = V.MagicView
    min_players, max_players = 2, 4

    # --- options and setup ---------------------------------------------------------------

    def normalize_options(self, options: dict[str, Any], seats: int) -> dict[str, Any]:
        """`variant`: standard | quartet (2-3 players, MC-R51); `solo`: one human vs the Shade."""
        unknown = set(options) - {"variant", "solo"}
        if unknown:
            raise OptionsError(f"unknown option(s) for magic: {', '.join(sorted(unknown))}")
        variant = options.get("variant", "standard")
        solo = bool(options.get("solo", False))
        if variant not in VARIANTS:
            raise OptionsError(f"unknown variant '{variant}' (known: {', '.join(VARIANTS)})")
        if solo:
            if seats != 2:
                raise OptionsError("solo is one player against the Shade: 2 seats")
            if variant != "standard":
                raise OptionsError("the Quartet variant is not used in solo (MC-R51)")
        elif not self.min_players <= seats <= self.max_players:
            raise OptionsError("magic is played by 2 to 4 players (MC-R1)")
        if variant == "quartet" and seats > 3:
            raise OptionsError("the Quartet variant is for 2 or 3 players (MC-R51)")
        return {"variant": variant, "solo": solo}

    def setup(self, options: dict[str, Any], seed: int, seats: int) -> list[Any]:
        opts = self.normalize_options(options, seats)
        tx = flow.Tx(None)
        win_at = 4 if opts["variant"] == "quartet" else 3
        flow.setup(tx, seats, win_at, opts["solo"], seed)
        return tx.events

    # --- the protocol --------------------------------------------------------------------

    evolve = staticmethod(evolve)
    clone = staticmethod(clone)

    def pending(self, s: MagicState) -> Decision | None:
        if s.step in ("", "over"):
            return None
        return Decision(s.decider, s.step)

    _legal_cache: tuple[MagicState, int, list[Any]] | None = None

    def _legal(self, s: MagicState) -> list[Any]:
        # The caller usually enumerates the actions right before `apply` checks one of them;
        # a state's version changes with every event, so the cache cannot go stale.
        c = self._legal_cache
        if c is not None and c[0] is s and c[1] == s.version:
            return c[2]
        out = legal.legal_actions(s)
        self._legal_cache = (s, s.version, out)  # one tuple store: safe across threads
        return out

    def legal_actions(self, s: MagicState) -> list[Any]:
        return list(self._legal(s))

    def apply(self, s: MagicState, action: Any) -> list[Any]:
        """Validate, then resolve: the events are folded into `s` as they are emitted."""
        if action not in self._legal(s):
            raise legal.explain(s, action)
        tx = flow.Tx(s)
        flow.HANDLERS[type(action)](tx, action)
        return tx.events

    def explain(self, s: MagicState, action: Any, lang: str = "en") -> IllegalAction | None:
        """Why `action` is illegal now, or None if it is legal."""
        if action in self._legal(s):
            return None
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

    def position_event(self, state: MagicState) -> E.PositionSet:
        """The setup event of a game started from a prepared position (a scenario)."""
        return E.PositionSet(clone(state))

    scenario_state = staticmethod(scenario.scenario_state)
    scenario_options = staticmethod(scenario.scenario_options)
    facts = staticmethod(scenario.facts)

    def position_of(self, setup_events: list[Any]) -> MagicState | None:
        """The prepared position a game started from, or None for a normal setup."""
        if len(setup_events) == 1 and isinstance(setup_events[0], E.PositionSet):
            return setup_events[0].state
        return None

    def shade_name(self, lang: str) -> str:
        return say("game.shade", lang)

    def reveals(self, event: Any) -> bool:
        return isinstance(event, E.REVEALING)

    def finishing_action(self, action: Any) -> bool:
        """Only a transmutation can end the game (the bench avoids it to build long logs)."""
        return isinstance(action, A.Transmute)

    def round_number(self, s: MagicState) -> int:
        return s.round

    def seat_count(self, s: MagicState) -> int:
        return s.n

    # --- text ----------------------------------------------------------------------------

    def parse_action(self, text: str) -> Any:
        return notation.parse_action(text)

    def format_action(self, action: Any) -> str:
        return notation.format_action(action)

    def narrate(self, event: Any, viewer: int | None, lang: str,
                names: list[str] | None = None) -> str | None:
        return narration.narrate(event, viewer, lang, names)

    def render_text(self, v: V.MagicView, lang: str, names: list[str]) -> str:
        return textview.render(v, lang, names)

    def prompt(self, s: MagicState, lang: str) -> str:
        """The pending decision in plain words."""
        if s.step in ("", "over"):
            return ""
        target = s.attack.target if s.attack else 0
        return say(f"step.{s.step}", lang, c=s.active, t=target)


RULES = MagicRules()
