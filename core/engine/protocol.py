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
from typing import Any, Protocol

import msgspec


class IllegalAction(Exception):
    """A move the rules forbid; `rule_id` cites the ruling (e.g. ``MC-R16``)."""

    def __init__(self, rule_id: str, message: str) -> None:
        super().__init__(f"{message} [{rule_id}]")
        self.rule_id = rule_id
        self.message = message


class NotationError(ValueError):
    """Text that does not name an action in the game's notation."""


class OptionsError(ValueError):
    """Game options that the game does not support."""


class Decision(msgspec.Struct, frozen=True):
    """Who must decide what now. `kind` is a game-specific decision id."""

    seat: int
    kind: str


class Outcome(msgspec.Struct, frozen=True):
    """The result of a finished game: winners and per-seat scores with a breakdown."""

    winners: list[int]
    scores: list[int]
    breakdown: list[dict[str, int]] = []


class Ruleset(Protocol):
    """One object per game package. States, actions, events and views are msgspec Structs."""

    game_id: str
    action_type: Any  # the tagged union of the game's actions (for decoding saves)
    event_type: Any  # the tagged union of the game's events
    state_type: Any

    def normalize_options(self, options: dict[str, Any], seats: int) -> dict[str, Any]:
        """Validated options with defaults filled in; raises OptionsError."""
        ...

    def setup(self, options: dict[str, Any], seed: int, seats: int) -> list[Any]: ...

    def evolve(self, state: Any, event: Any) -> Any: ...

    def pending(self, state: Any) -> Decision | None: ...

    def legal_actions(self, state: Any) -> list[Any]: ...

    def apply(self, state: Any, action: Any) -> list[Any]: ...

    def view(self, state: Any, seat: int | None) -> Any: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def determinize(self, view: Any, rng: random.Random) -> Any: ...

    def clone(self, state: Any) -> Any: ...

    def reveals(self, event: Any) -> bool:
        """True if the event makes hidden information known (draws, shuffles, reveals)."""
        ...

    def parse_action(self, text: str) -> Any: ...

    def format_action(self, action: Any) -> str: ...

    def narrate(self, event: Any, viewer: int | None, lang: str,
                names: list[str] | None = None) -> str | None: ...

    # --- help for players, tools and tests ------------------------------------------------

    def explain(self, state: Any, action: Any, lang: str = "en") -> IllegalAction | None:
        """Why `action` is illegal now (None if legal), in the player's language."""
        ...

    def prompt(self, state: Any, lang: str) -> str:
        """The pending decision in plain words."""
        ...

    def render_text(self, view: Any, lang: str, names: list[str]) -> str:
        """A view as plain text (`evo show`)."""
        ...

    def round_number(self, state: Any) -> int: ...

    def seat_count(self, state: Any) -> int: ...

    def finishing_action(self, action: Any) -> bool:
        """Whether the action may end the game (the bench avoids these to build long logs)."""
        ...

    def scenario_state(self, position: dict[str, Any], seed: int) -> Any:
        """A state from a scenario file's [position] table (docs/scenarios.md)."""
        ...

    def scenario_options(self, state: Any) -> dict[str, Any]: ...

    def facts(self, state: Any) -> dict[str, Any]:
        """A flat description of a state that scenario steps compare with `expect`."""
        ...

    def position_event(self, state: Any) -> Any:
        """The setup event of a game that starts from a prepared position."""
        ...

    def position_of(self, setup_events: list[Any]) -> Any | None:
        """The prepared position a game started from, or None for a normal setup."""
        ...
