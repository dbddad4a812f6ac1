"""The ruleset protocol every game package implements (ARCHITECTURE.md, contract 1).

Data flows one way: an action goes into `apply`, which answers with events; `evolve`
folds one event into the state and is the only code that changes a state. For speed,
`apply` folds each event into the state it is given as soon as the event is emitted (so
later steps of the same action see earlier effects); callers that need the old state keep a
`clone`. Validation happens before the first event, so an `IllegalAction` leaves the state
untouched.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeAlias, TypeVar

import msgspec

from core.engine.citation import citation

S = TypeVar("S")  # a game's state
V = TypeVar("V")  # a game's view
P = TypeVar("P", bound=msgspec.Struct)  # a game's scenario position

# A game's options by key, each value of the kind its schema (`core.engine.descriptor.Option`)
# checks at run time: a choice or a name (str), a flag, a number, a list of names or numbers,
# None where the option does not apply.
Options: TypeAlias = "dict[str, Any]"
# The flat facts of a position a scenario step's `expect` compares (numbers, words, flags, lists).
Facts: TypeAlias = "dict[str, object]"


class IllegalAction(Exception):
    """A move the rules forbid; `rule_id` cites the ruling (``MC-R16``) or the section of the
    rules (``MC§3.4``) that forbids it, and `cite` is how players see it (``MC §3.4``)."""

    def __init__(self, rule_id: str, message: str) -> None:
        super().__init__(f"{message} [{citation(rule_id)}]")
        self.rule_id = rule_id
        self.message = message

    @property
    def cite(self) -> str:
        return citation(self.rule_id)


class NotationError(ValueError):
    """Text that does not name an action in the game's notation."""


PUBLIC = -1  # a viewer that is no seat: public information only (a spectator, the hot seat's cover)
MAX_NUMBER_DIGITS = 9  # no card, creature or count in any game needs more


def notation_number(word: str, what: str) -> int:
    """A number in a move's text: ASCII digits only ('²' and '٣' are digits to Python), and
    short (a 5 000-digit number is a typo, and too long for int() besides)."""
    if not word or not word.isascii() or not word.isdigit() or len(word) > MAX_NUMBER_DIGITS:
        raise NotationError(f"expected {what}, got '{word[:20]}'")
    return int(word)


class OptionsError(ValueError):
    """Game options that the game does not support. `key` (with `params`) names the text
    that says the same to a player in either language (the setup form and `evo` show it):
    `option_schema.*` for the option schema's refusals (the app's texts), else the game's."""

    def __init__(self, message: str, key: str = "", **params: object) -> None:
        super().__init__(message)
        # Not `args`: that is the exception's own tuple, which str(exc) prints.
        self.key, self.params = key, params


class Decision(msgspec.Struct, frozen=True):
    """Who must decide what now. `kind` is a game-specific decision id."""

    seat: int
    kind: str


class Outcome(msgspec.Struct, frozen=True):
    """The result of a finished game: winners and per-seat scores with a breakdown."""

    winners: list[int]
    scores: list[int]
    breakdown: list[dict[str, int]] = []


class ScenarioAdapter(msgspec.Struct, Generic[P, S], frozen=True):
    """How a game reads scenario files (docs/scenarios.md): the schema of the `[position]`
    table (msgspec Structs, read strictly by `core.engine.positions.read`), `build` from such
    a position to a state — what is really the game's own: dealing the rest of the deck,
    defaults that depend on other keys —, the options such a state was set up with, and the
    flat facts `expect` compares. Whether the state built is possible is for the game's
    invariants (its descriptor's `check_position`), which saves run too."""

    schema: type[P]  # the msgspec Struct of `[position]`
    build: Callable[[P, int], S]  # (position, seed) -> state; ValueError("why") for what cannot be
    options: Callable[[S], Options]  # (state) -> options
    facts: Callable[[S], Facts]  # (state) -> the flat facts `expect` compares

    def state(self, table: dict[str, object], seed: int = 0) -> S:
        """The state a `[position]` table describes (not yet checked for being possible)."""
        from core.engine.positions import read

        return self.build(read(self.schema, table), seed)


# Actions and events are each game's own msgspec Structs (a tagged union per game); what the
# engine, the journal and the bots do with them needs no more than that.
Action: TypeAlias = msgspec.Struct
Event: TypeAlias = msgspec.Struct


class Ruleset(Protocol[S, V]):
    """One object per game package (the `rules` of its descriptor), what sessions, bots,
    simulate and verify take. States, actions, events and views are msgspec Structs;
    `core.engine.rules_base.GameRules` implements the shared part (folding, the legal-actions
    cache, validate/resolve, positions, narration)."""

    @property
    def game_id(self) -> str: ...

    @property
    def action_type(self) -> object:
        """The tagged union of the game's actions (for decoding saves)."""
        ...

    @property
    def event_type(self) -> object:
        """The tagged union of the game's events."""
        ...

    @property
    def state_type(self) -> type[S]: ...

    @property
    def view_type(self) -> type[V]: ...

    def normalize_options(self, options: Options, seats: int) -> Options:
        """Validated options with defaults filled in; raises OptionsError."""
        ...

    def warnings(self, options: Options, seats: int, lang: str = "en") -> list[str]:
        """Advice the setup screen shows before a game starts with these options."""
        ...

    def setup(self, options: Options, seed: int, seats: int) -> list[Event]: ...

    def evolve(self, state: S | None, event: Event) -> S: ...

    def pending(self, state: S) -> Decision | None: ...

    def legal_actions(self, state: S) -> list[Action]: ...

    def validate(self, state: S, action: Action) -> None:
        """Raise IllegalAction unless `action` is legal now; changes nothing."""
        ...

    def resolve(self, state: S, action: Action) -> list[Event]:
        """The events of a legal action, folded into `state` as they are emitted."""
        ...

    def apply(self, state: S, action: Action) -> list[Event]:
        """`validate`, then `resolve`."""
        ...

    def view(self, state: S, seat: int | None) -> V: ...

    def outcome(self, state: S) -> Outcome | None: ...

    def determinize(self, view: V, rng: random.Random) -> S: ...

    def clone(self, state: S) -> S: ...

    def reveals(self, event: Event) -> bool:
        """True if the event makes hidden information known (draws, shuffles, reveals)."""
        ...

    def by_chance(self, event: Event) -> bool:
        """True if what the event reveals was dealt by chance (a draw, a die, a shuffle), not
        chosen or gathered by a player in secret: the review's luck counts only these."""
        ...

    def parse_action(self, text: str) -> Action: ...

    def format_action(self, action: Action) -> str: ...

    def narrate(self, event: Event, viewer: int | None, lang: str,
                names: list[str] | None = None) -> str | None: ...

    def summary_kind(self, event: Event) -> str | None:
        """How a round's summary tells the event ("attack", "loss", "score", "deal", "news"),
        or None for one it leaves to the log."""
        ...

    def victim(self, state: S, event: Event) -> int | None:
        """The seat whose piece `event` attacks, read from the state just before it."""
        ...

    # --- help for players, tools and tests ------------------------------------------------

    def explain(self, state: S, action: Action, lang: str = "en") -> IllegalAction | None:
        """Why `action` is illegal now (None if legal), in the player's language."""
        ...

    def prompt(self, state: S, lang: str) -> str:
        """The pending decision in plain words."""
        ...

    def render_text(self, view: V, lang: str, names: list[str]) -> str:
        """A view as plain text (`evo show`)."""
        ...

    def round_number(self, state: S) -> int: ...

    def round_started(self, event: Event) -> int | None:
        """The round an event starts, if it starts one (replays jump to rounds)."""
        ...

    def seat_count(self, state: S) -> int: ...

    def log_attribution(self) -> Callable[[Event], int | None]:
        """A fresh tracker: called with each narrated event in order, the seat the event is
        about when its text names none (the event log colours the line by it)."""
        ...

    def finishing_action(self, action: Action) -> bool:
        """Whether the action may end the game (the bench avoids these to build long logs)."""
        ...

    def position_event(self, state: S) -> Event:
        """The setup event of a game that starts from a prepared position."""
        ...

    def position_of(self, setup_events: list[Event]) -> S | None:
        """The prepared position a game started from, or None for a normal setup."""
        ...


# A ruleset looked up by game id (a session's, the CLI's): its states and views are opaque to
# the caller, which hands them back to the same ruleset.
AnyRuleset: TypeAlias = "Ruleset[Any, Any]"
AnyScenarios: TypeAlias = "ScenarioAdapter[Any, Any]"  # the same for its scenario adapter
