"""The ruleset of «Гравити Фолз» (game id `gravity`): contract 1 of ARCHITECTURE.md.

A co-operative game: seats are characters (G2), a win is `Outcome(winners=[every seat])`,
a loss `Outcome(winners=[])`.
"""

from __future__ import annotations

import random
from typing import Any

from core.engine.protocol import Decision, IllegalAction, OptionsError, Outcome
from core.games.gravity import actions as A
from core.games.gravity import events as E
from core.games.gravity import flow, legal, narration, notation, scenario, textview
from core.games.gravity import queries as Q
from core.games.gravity import view as V
from core.games.gravity.data import CHARACTERS, game, monsters
from core.games.gravity.effects import Tx
from core.games.gravity.fold import evolve
from core.games.gravity.state import OVER, GravityState, clone
from core.games.gravity.texts import char_name, say

VARIANTS = ("standard", "kids")
DIFFICULTIES = ("easy", "normal", "hard")
MONSTER_ORDERS = ("random", "listed")
OPTION_KEYS = {"variant", "difficulty", "characters", "controllers", "monsters", "monster_order",
               "first"}


def _monster_id(word: Any) -> str:
    w = str(word)
    for mid, m in monsters().items():
        if w.upper() == mid or w.lower() in (m.params["slug"], m.en.lower()):
            return mid
    raise OptionsError(f"unknown monster '{word}' (M1..M9 or a slug such as gremloblin)")


def prompt_text(s: Any, lang: str) -> str:
    """The pending decision in plain words (of a state, or of a view: only public fields are read)."""
    step = s.step
    if step in ("", OVER):
        return ""
    c = s.chars[s.decider]
    args: dict[str, Any] = {"ch": c.id}
    if step in ("rumour", "disorder"):
        args["loc"] = s.todo[2]
    elif step in ("reroll", "uncurse"):
        args["dice"] = s.dice
        args["n"] = Q.removal_count(s, s.decider)
    elif step == "push":
        args["n"] = s.todo[0]
    elif step == "remove":
        args["n"] = Q.removal_dice(s, s.decider)
    elif step == "monster":
        args["loc"] = int(s.row[0][1:])
    elif step in ("remove_die", "flip"):
        item = (s.ev_todo or [0])[0]
        args["ev"] = s.ev
        if s.ev == "E6":
            args["who"] = char_name(s.chars[item].id, lang)
        else:
            args["who"] = monsters()[s.monsters[item].id].name(lang)
            args["m"] = s.monsters[item].id
    return say(f"step.{step}", lang, **args)


class GravityRules:
    game_id = "gravity"
    action_type = A.Action
    event_type = E.Event
    state_type = GravityState
    view_type = V.GravityView
    min_players, max_players = 1, 5
    cooperative = True

    # --- options and setup ---------------------------------------------------------------

    def normalize_options(self, options: dict[str, Any], seats: int) -> dict[str, Any]:
        """Options (§3 step 1), every one optional:

        `variant`: standard | kids (G58); `difficulty`: easy | normal | hard (G59, standard only);
        `characters`: one per seat, in seat order (default the first `seats` of Dipper, Mabel,
        Stan, Wendy, Soos); `controllers`: the person controlling each seat (G2, default one
        each); `monsters`: the 3 chosen monsters (default: a quick game, one random monster of
        each tier; kids: three random figures, G5); `monster_order`: random | listed;
        `first`: the first seat (default -1, random, G7).
        """
        unknown = set(options) - OPTION_KEYS
        if unknown:
            raise OptionsError(f"unknown option(s) for gravity: {', '.join(sorted(unknown))}")
        if not self.min_players <= seats <= self.max_players:
            raise OptionsError("gravity is played with 1 to 5 characters (G2)")
        variant = options.get("variant", "standard")
        if variant not in VARIANTS:
            raise OptionsError(f"unknown variant '{variant}' (known: {', '.join(VARIANTS)})")
        kids = variant == "kids"
        difficulty = options.get("difficulty", "" if kids else "normal")
        if kids and difficulty:
            raise OptionsError("the kids' variant uses no events, so it has no difficulty (G58)")
        if not kids and difficulty not in DIFFICULTIES:
            raise OptionsError(f"unknown difficulty '{difficulty}' (known: {', '.join(DIFFICULTIES)})")
        chars = [str(c).lower() for c in options.get("characters", CHARACTERS[:seats])]
        if len(chars) != seats or len(set(chars)) != seats or not set(chars) <= set(CHARACTERS):
            raise OptionsError(f"characters: {seats} different ones of {', '.join(CHARACTERS)}")
        controllers = [int(c) for c in options.get("controllers", range(seats))]
        if len(controllers) != seats or not all(0 <= c < seats for c in controllers):
            raise OptionsError(f"controllers: one person number 0..{seats - 1} per character (G2)")
        chosen = [_monster_id(m) for m in options.get("monsters", [])]
        if chosen and (len(chosen) != game().monsters or len(set(chosen)) != len(chosen)):
            raise OptionsError(f"monsters: choose {game().monsters} different monsters, or none "
                               "for a quick game")
        order = options.get("monster_order", "random")
        if order not in MONSTER_ORDERS:
            raise OptionsError(f"monster_order: {' or '.join(MONSTER_ORDERS)}")
        first = int(options.get("first", -1))
        if not -1 <= first < seats:
            raise OptionsError(f"first: a seat 0..{seats - 1}, or -1 for random")
        return {"variant": variant, "difficulty": difficulty, "characters": chars,
                "controllers": controllers, "monsters": chosen, "monster_order": order,
                "first": first}

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
        tx = Tx(None)
        flow.setup(tx, opts, seed, seats)
        return tx.events

    # --- the protocol --------------------------------------------------------------------

    evolve = staticmethod(evolve)
    clone = staticmethod(clone)

    def pending(self, s: GravityState) -> Decision | None:
        if s.step in ("", OVER) or s.result:
            return None
        return Decision(s.decider, s.step)

    _legal_cache: tuple[GravityState, int, list[Any]] | None = None

    def _legal(self, s: GravityState) -> list[Any]:
        # The caller usually enumerates the actions right before `apply` checks one of them;
        # a state's version changes with every event, so the cache cannot go stale.
        c = self._legal_cache
        if c is not None and c[0] is s and c[1] == s.version:
            return c[2]
        out = legal.legal_actions(s)
        self._legal_cache = (s, s.version, out)
        return out

    def legal_actions(self, s: GravityState) -> list[Any]:
        return list(self._legal(s))

    def apply(self, s: GravityState, action: Any) -> list[Any]:
        """Validate, then resolve: the events are folded into `s` as they are emitted."""
        if action not in self._legal(s):
            raise legal.explain(s, action)
        tx = Tx(s)
        flow.act(tx, action)
        return tx.events

    def explain(self, s: GravityState, action: Any, lang: str = "en") -> IllegalAction | None:
        if action in self._legal(s):
            return None
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

    def position_event(self, state: GravityState) -> E.PositionSet:
        return E.PositionSet(clone(state))

    scenario_state = staticmethod(scenario.scenario_state)
    scenario_options = staticmethod(scenario.scenario_options)
    facts = staticmethod(scenario.facts)

    def position_of(self, setup_events: list[Any]) -> GravityState | None:
        if len(setup_events) == 1 and isinstance(setup_events[0], E.PositionSet):
            return setup_events[0].state
        return None

    def reveals(self, event: Any) -> bool:
        return E.reveals(event)

    def finishing_action(self, action: Any) -> bool:
        """Every action may end this game: a roll can defeat the last monster, and almost any
        choice lets the flow run on into a monster phase whose alarm can reach the end."""
        return True

    def round_number(self, s: GravityState) -> int:
        return s.round

    def seat_count(self, s: GravityState) -> int:
        return s.n

    # --- text ----------------------------------------------------------------------------

    def parse_action(self, text: str) -> Any:
        return notation.parse_action(text)

    def format_action(self, action: Any) -> str:
        return notation.format_action(action)

    def narrate(self, event: Any, viewer: int | None, lang: str,
                names: list[str] | None = None) -> str | None:
        return narration.narrate(event, viewer, lang, names)

    def render_text(self, v: V.GravityView, lang: str, names: list[str]) -> str:
        return textview.render(v, lang, names)

    def prompt(self, s: GravityState, lang: str) -> str:
        return prompt_text(s, lang)


RULES = GravityRules()
