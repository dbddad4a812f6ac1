"""Game-agnostic helpers for tests: the configurations a game can be played in (from its
descriptor), seeded random play, and what a refusal may cite. Nothing here names a game."""

from __future__ import annotations

import contextlib
import importlib
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from core import games
from core.engine.citation import citation, is_section
from core.engine.descriptor import GameDescriptor
from core.engine.protocol import IllegalAction, OptionsError

TESTS = Path(__file__).resolve().parent
MAX_ACTIONS = 20_000  # far beyond any real game: a random game longer than this is a bug

_enc = msgspec.msgpack.Encoder()
S = TypeVar("S")  # a game's state


def encode(obj: Any) -> bytes:
    """Bytes to compare states and views by (every field, in order)."""
    return _enc.encode(obj)


def public_fields(view: Any, *secrets: str) -> dict[str, Any]:
    """A seat's view as it is sent and saved (plain values), which must hold none of the fields
    `secrets` names: the state's that would give away what the seat may not know (the deck's
    order, the seed, ...)."""
    blob: dict[str, Any] = msgspec.to_builtins(view)
    assert not set(secrets) & blob.keys(), set(secrets) & blob.keys()
    return blob


@dataclass(frozen=True)
class Config:
    """One way to set a game up: its seat count and options as given (before `normalize`)."""

    game: GameDescriptor
    seats: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def rules(self) -> Any:
        return self.game.ruleset

    @property
    def normalized(self) -> dict[str, Any]:
        return self.game.normalize(self.options, self.seats)

    @property
    def automated(self) -> dict[int, str]:
        return self.game.automated(self.normalized, self.seats)

    @property
    def id(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.game.id}-{self.seats}p" + (f"-{opts}" if opts else "")

    def fresh(self, seed: int) -> Any:
        """The state after the setup events of a new game."""
        state = None
        for ev in self.rules.setup(dict(self.options), seed, self.seats):
            state = self.rules.evolve(state, ev)
        assert state is not None
        return state


def _values(o: Any) -> list[Any]:
    if o.kind == "bool":
        return [False, True]
    if o.kind == "choice":
        return o.allowed()
    return []  # numbers and lists: the default is the only value tried generically


def configurations(game: GameDescriptor, seat_counts: bool = True) -> list[Config]:
    """The default set-up, every other seat count in the game's range (`seat_counts`), and
    every value of every choice or yes/no option with the default seats for those options;
    combinations the descriptor refuses are left out."""
    out = [Config(game, game.seats[2])]
    if seat_counts:
        low, high = game.seats[:2]
        out += [Config(game, n) for n in range(low, high + 1) if n != game.seats[2]]
    for o in game.options:
        for value in _values(o):
            if value == o.default_for(game.seats[2]):
                continue
            options = {o.key: value}
            try:
                seats = game.default_seat_count({o.key: o.parse(value)})
                game.normalize(options, seats)
            except OptionsError:
                continue
            out.append(Config(game, seats, options))
    seen: set[str] = set()
    unique = []
    for c in out:  # the same set-up may come from two directions
        if c.id not in seen:
            seen.add(c.id)
            unique.append(c)
    return unique


def all_configurations(seat_counts: bool = True) -> list[Config]:
    return [c for g in games.descriptors() for c in configurations(g, seat_counts)]


def fresh(rules: Any, seed: int, players: int = 2, **options: Any) -> Any:
    """A new game's state from the rules' own setup."""
    state = None
    for ev in rules.setup(options, seed, players):
        state = rules.evolve(state, ev)
    assert state is not None
    return state


def random_moves(rules: Any, state: Any, rng: random.Random, limit: int = MAX_ACTIONS,
                 whole: bool = True) -> Iterator[tuple[Any, Any, list[Any]]]:
    """Play uniformly random legal moves in place; yields (action, state before, events). A
    game not over within `limit` moves fails, unless only part of one is asked (not `whole`)."""
    for _ in range(limit):
        if rules.pending(state) is None:
            return
        legal = rules.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        before = rules.clone(state)
        events = rules.apply(state, action)
        yield action, before, events
    if whole:
        raise AssertionError(f"a random game did not end within {limit} actions")


def refused(rules: Any, state: Any, pool: list[Any], rng: random.Random,
            k: int = 6) -> Iterator[tuple[Any, IllegalAction]]:
    """Up to `k` actions of `pool` that are not legal now, each refused: (action, refusal) for
    the caller's checks, `state` then found as it was."""
    legal = rules.legal_actions(state)
    for candidate in rng.sample(pool, min(k, len(pool))):
        if candidate in legal:
            continue
        snapshot = encode(state)
        try:
            rules.apply(state, candidate)
        except IllegalAction as exc:
            yield candidate, exc
        else:
            raise AssertionError(f"{rules.format_action(candidate)} was accepted but not legal")
        assert encode(state) == snapshot


@contextlib.contextmanager
def impossible(game: GameDescriptor, state: Any, match: str) -> Iterator[Any]:
    """A copy of `state` for the `with` block to spoil: the position check must then refuse it,
    in one line matching `match`."""
    import pytest

    bad = game.ruleset.clone(state)
    yield bad
    with pytest.raises(ValueError, match=match):
        game.check_position(bad)


def fold_checked(game: GameDescriptor, before: Any, events: list[Any]) -> Any:
    """Fold one action's events onto `before` one at a time, asserting the game's invariants
    after each (the settled ones after the last: between an action's events the step still
    names the decision just answered). Returns the state folded."""
    rules = game.ruleset
    state = before
    for i, ev in enumerate(events, 1):
        state = rules.evolve(state, ev)
        try:
            game.check_position(state, settled=i == len(events))
        except ValueError as exc:
            raise AssertionError(f"after {type(ev).__name__} (event {i} of {len(events)}): "
                                 f"an impossible position: {exc}") from None
    return state


def play_checked(game: GameDescriptor, state: S, moves: Iterable[tuple[Any, S, list[Any]]],
                 on_event: Callable[[S, Any], None] | None = None,
                 on_move: Callable[[int, Any, S], None] | None = None) -> S:
    """Play `moves` (a game's random moves, made on the live `state`), checking what random
    play of every game keeps: every invariant after every event (`fold_checked`), each move's
    events folded onto the state before it equal to the state it made, and the whole log folded
    from the start equal to the live state at the end. `on_event(log_state, event)` sees the
    log's state just before each event is folded into it; `on_move(i, action, state)` the live
    state after each move. Returns the live state."""
    rules = game.ruleset
    log_state = rules.clone(state)
    for i, (action, before, events) in enumerate(moves):
        for ev in events:
            if on_event is not None:
                on_event(log_state, ev)
            log_state = rules.evolve(log_state, ev)
        replay = fold_checked(game, before, events)  # every invariant after every event
        assert _enc.encode(replay) == _enc.encode(state), "apply and fold disagree"
        if on_move is not None:
            on_move(i, action, state)
    assert _enc.encode(log_state) == _enc.encode(state), "fold(log) differs from the live state"
    return state


def decisions(config: Config, seed: int, every: int = 1,
              limit: int = MAX_ACTIONS) -> Iterator[Any]:
    """Every `every`-th decision state of a seeded random game (the live state: clone it to
    keep it), the game playing on after each."""
    rules = config.rules
    state = config.fresh(seed)
    rng = random.Random(seed)
    for i in range(limit):
        if rules.pending(state) is None:
            return
        if i % every == 0:
            yield state
        legal = rules.legal_actions(state)
        rules.apply(state, legal[rng.randrange(len(legal))])
    raise AssertionError(f"a random game did not end within {limit} actions")


def sample(config: Config, count: int, seed: int, every: int = 1) -> Iterator[Any]:
    """`count` decision states (live: clone to keep) from seeded random games, one game after
    another, taking every `every`-th decision of each."""
    taken = 0
    while True:
        for state in decisions(config, seed, every):
            yield state
            taken += 1
            if taken == count:
                return
        seed += 1


# --- rulings ---------------------------------------------------------------------------------

def game_tests(game_id: str) -> Path:
    """The folder of a game's own tests (contract 8): `tests/games/<g>/`, or, for a game that
    lives inside the tests (the kit's own test game), its package's folder."""
    own = TESTS / "games" / game_id
    if own.is_dir():
        return own
    return Path(importlib.import_module(games.get(game_id).package).__file__ or "").parent


@cache
def rulings(game_id: str) -> tuple[str, ...]:
    """The ids of the game's rulings, in the form code and tests cite them (rulings.txt)."""
    path = game_tests(game_id) / "rulings.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    return tuple(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def cites_a_ruling(game: GameDescriptor, rule_id: str) -> bool:
    """A rule id a refusal may give, in the one form every game uses (core.engine.citation):
    one of the game's rulings, or a section of its specification (`MC§3.4`) — and a player
    can look it up (its text is in the game's rulings.toml)."""
    if rule_id not in rulings(game.id) and not (
            is_section(rule_id) and rule_id.startswith(game.section_prefix + "§")):
        return False
    return game.rulings.get(rule_id) is not None


def cited_as(game: GameDescriptor, shown: str) -> bool:
    """`shown` (what a player reads between the brackets) is how a rule id a refusal may give
    is spelled: `CL13`, `CL §5.1`."""
    rule_id = shown.replace(" §", "§")
    return citation(rule_id) == shown and cites_a_ruling(game, rule_id)
