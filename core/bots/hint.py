"""Move hints for a human seat: the search's top moves with a one-line reason.

    for h in hint(RULES, view, legal, seat=0, lang="ru"):
        print(h.notation, f"{h.share:.0%}", h.reason)

The hint runs the same SO-ISMCTS as the `mcts` bot from the seat's view, so it can know no
more than the player: hidden cards are only ever sampled, and the reasons are written from
the view (`reason` of the game's heuristics), never from a sampled state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from core import games
from core.bots.heuristics import heuristics_for
from core.bots.mcts import LEVELS, Budget, search
from core.bots.texts import text

if TYPE_CHECKING:
    from core.bots.heuristics import Heuristics
    from core.engine.descriptor import GameDescriptor
    from core.engine.protocol import Action, Ruleset

S = TypeVar("S")  # a game's state
V = TypeVar("V")  # a game's view

TOP = 3


@dataclass(frozen=True)
class Hint:
    action: Action
    notation: str  # the action in the game's notation
    share: float  # share of the search's visits, 0..1
    value: float  # the search's estimate of the seat's win chance after this move, 0..1
    reason: str  # one line in the requested language


def hint(rules: Ruleset[S, V], view: V, legal: list[Action], seat: int, lang: str = "en",
         budget: Budget | str = "normal", seed: int = 0, top: int = TOP) -> list[Hint]:
    """The `top` most visited moves for `seat` (whose decision `view` shows), best first, each
    with a line of its own (moves said in the same words are counted as one).

    `budget` is an mcts level name or a Budget; the same seed gives the same hints."""
    if not legal:
        return []
    if getattr(view, "viewer", seat) != seat:
        raise ValueError(f"the view belongs to seat {getattr(view, 'viewer', seat)}, not {seat}")
    b = LEVELS[budget] if isinstance(budget, str) else budget
    h = heuristics_for(rules)
    game = games.get(rules.game_id)
    rng = random.Random(seed)
    if len(legal) == 1:  # nothing to search: the value is the evaluation of one sample
        value = h.evaluate(rules.determinize(view, rng))[seat]
        return [Hint(legal[0], rules.format_action(legal[0]), 1.0, value,
                     _reason(h, game, view, legal[0], lang))]
    stats = search(rules, view, legal, rng, b, cap_ms=b.ms).stats(legal)  # the app waits on it
    total = sum(v for _, v, _ in stats) or 1
    # Moves said in the same words are one move to the player (a card as a new animal at two
    # places in the row): one line, their visits added, shown by the most visited of them.
    # The generic reason says no move, so each move is its own line there.
    lines: dict[str, tuple[Action, int, float, str]] = {}
    for a, visits, value in stats:
        line = _reason(h, game, view, a, lang)
        said = line if h.reason(view, a, lang)[0] != "move" else rules.format_action(a)
        if said in lines:
            first, seen, best_value, best_line = lines[said]
            lines[said] = (first, seen + visits, best_value, best_line)
        else:
            lines[said] = (a, visits, value, line)
    best = sorted(lines.values(), key=lambda x: -x[1])[:top]
    return [Hint(a, rules.format_action(a), visits / total, value, line)
            for a, visits, value, line in best]


def say_move(rules: Ruleset[S, V], view: V, action: Action, lang: str) -> str:
    """One move in the player's words (its hint line; the notation where the game has none)."""
    h = heuristics_for(rules)
    game = games.get(rules.game_id)
    key = h.reason(view, action, lang)[0]
    if key == "move" or f"reason.{key}" not in game.texts.texts:
        return rules.format_action(action)
    return _reason(h, game, view, action, lang)


def _reason(h: Heuristics[S, V], game: GameDescriptor, view: V, action: Action, lang: str) -> str:
    """The reason in the game's words (`reason.<key>` of its texts), else the generic one."""
    key, args = h.reason(view, action, lang)
    for full in (f"reason.{key}", "reason.move"):
        if full in game.texts.texts:
            return game.text(full, lang, **args)
    return text("generic.reason.move", lang)
