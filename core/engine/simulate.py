"""Random self-play over the ruleset protocol: the soak behind `evo simulate`."""

from __future__ import annotations

import random
import time
import traceback
from typing import TYPE_CHECKING, TypeVar

import msgspec

from core.engine import registry
from core.engine.draws import below
from core.engine.protocol import Options

if TYPE_CHECKING:
    from core.engine.protocol import Ruleset

S = TypeVar("S")  # a game's state

MAX_ACTIONS = 200_000  # a game longer than this counts as an error (it should never happen)


class SimResult(msgspec.Struct):
    game: str
    games: int
    players: int
    errors: int
    wins_by_seat: list[int]
    no_winner: int  # games that ended without a winner (a co-operative team's loss)
    mean_rounds: float
    mean_actions: float
    seconds: float
    actions_per_second: float
    games_per_second: float
    error_samples: list[str] = []
    cooperative: bool = False  # one team: a win is every seat's, so report team wins


def game_seed(seed: int, index: int) -> int:
    return (seed * 1_000_003 + index) % 2**31


def play_random(rules: Ruleset[S, object], options: Options, seed: int, players: int,
                rng: random.Random) -> tuple[S, int]:
    """One game of uniformly random legal moves; returns the final state and the move count."""
    state: S | None = None
    start = getattr(rules, "start", None)  # GameRules: the setup's own state, not folded again
    if start is not None:
        state = start(options, seed, players)[1]
    else:
        for ev in rules.setup(options, seed, players):
            state = rules.evolve(state, ev)
    assert state is not None  # a setup has events
    moves = 0
    pending, legal, apply, bits = rules.pending, rules.legal_actions, rules.apply, rng.getrandbits
    while pending(state) is not None:
        actions = legal(state)
        if not actions:
            raise RuntimeError("a decision without a legal action")
        apply(state, actions[below(bits, len(actions))])  # rng.randrange's number, fewer calls
        moves += 1
        if moves > MAX_ACTIONS:
            raise RuntimeError(f"no winner after {MAX_ACTIONS} actions")
    return state, moves


def simulate(game: str, games_n: int, seed: int, players: int = 2,
             options: Options | None = None) -> SimResult:
    rules = registry.load(game)
    opts = rules.normalize_options(dict(options or {}), players)
    wins = [0] * players
    no_winner = 0
    errors: list[str] = []
    rounds = actions = 0
    start = time.perf_counter()
    for i in range(games_n):
        s = game_seed(seed, i)
        try:
            state, moves = play_random(rules, opts, s, players, random.Random(s ^ 0x5EED))
            outcome = rules.outcome(state)
            if outcome is None:
                raise RuntimeError("the game stopped without an outcome")
            for w in outcome.winners:
                wins[w] += 1
            no_winner += not outcome.winners
            rounds += rules.round_number(state)
            actions += moves
        except Exception as exc:  # counted and reported, never hidden
            last = traceback.extract_tb(exc.__traceback__)[-1]
            errors.append(f"game seed {s}: {type(exc).__name__}: {exc} "
                          f"({last.filename.rsplit('/', 1)[-1]}:{last.lineno})")
    seconds = time.perf_counter() - start
    done = games_n - len(errors)
    return SimResult(
        game, games_n, players, len(errors), wins, no_winner, rounds / done if done else 0.0,
        actions / done if done else 0.0, seconds, actions / seconds if seconds else 0.0,
        games_n / seconds if seconds else 0.0, errors[:10],
        registry.get(game).cooperative,
    )
