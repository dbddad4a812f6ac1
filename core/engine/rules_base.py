"""The engine base every game's rules build on: one transaction helper, a fold that dispatches
on the event's type from a table, a legal-actions cache, and narration as a table.

A game's ruleset subclasses `GameRules` and gives it:

- `fold`: event type -> function(state, event) -> state, the only code that changes a state.
  Events carry every random outcome, so folding never needs the generator; most events mutate
  the state in place and return it, `GameStarted` and `PositionSet` return a new one; a check
  that fails (`FoldError`) means the log does not fit the position (a damaged or foreign save);
- `opening`: the event types that may start a log (a normal start, a prepared position);
- `enumerate(state)`: the legal actions of the pending decision;
- `resolve_into(tx, action)`: the events of a legal action, emitted through `tx`;
- `refusal(state, action, lang)`: why an action is illegal (an `IllegalAction`);
- `narration`: a `Narration` table; and the rest of the protocol (views, notation, ...).

Most of that protocol is the game's own modules called as they are, so a ruleset names them
by role (`legal`, `flow`, `views`, `notation`, `textview`) and the base calls them; a game
overrides a method only where its module is shaped otherwise. A state with `step` ("" before
the first decision, "over" at the end), `decider`, `n` and `round` needs no more, and
`flow.setup(tx, seats, options, seed)` starts a game.

`apply` = `validate` + `resolve`. The legal actions are cached per state object and version
(every folded event bumps `state.version`), so a caller that enumerates them and then plays
one — the app, the CLI, a session — enumerates them once.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeAlias, TypeVar, cast

from core.engine.protocol import Action, Decision, Event, IllegalAction, Options, Outcome
from core.engine.tx import Fold, GameState, Playing, S, Tx, decider

S_in = TypeVar("S_in", bound=GameState, contravariant=True)


# The game's modules a ruleset names by role, as the base calls them. A game's functions take
# its own action and view types, so those parameters are Any here.
class LegalModule(Protocol[S_in]):
    def legal_actions(self, s: S_in) -> Sequence[Action]: ...

    def explain(self, s: S_in, action: Any, lang: str = "en") -> IllegalAction: ...


class PromptModule(Protocol[S_in]):
    """A legal module that also words the pending decision (else the game overrides `prompt`)."""

    def prompt(self, s: S_in, lang: str) -> str: ...


class FlowModule(Protocol[S]):
    def setup(self, tx: Tx[S], seats: int, options: Options, seed: int) -> None: ...

    def resolve(self, tx: Tx[S], action: Any) -> None: ...


class ViewsModule(Protocol[S]):
    def view(self, s: S, viewer: int | None) -> Any: ...

    def determinize(self, v: Any, rng: random.Random) -> S: ...


class NotationModule(Protocol):
    def parse_action(self, text: str) -> Action: ...

    def format_action(self, action: Action) -> str: ...


class TextviewModule(Protocol):
    def render(self, v: Any, lang: str, names: list[str]) -> str: ...


class Attribution(Protocol):
    """Called with each narrated event in order: the seat the event is about, if its text names
    none (the event log colours the line by it)."""

    def __call__(self, event: Event, /) -> int | None: ...


class FoldError(ValueError):
    """The event does not fit the state it is folded into (a damaged or foreign log)."""


# A fold function: (state, event) -> state, each taking its own event type (so Any here); a
# game's table of them (event type -> fold) gives its own state.
FoldTable: TypeAlias = "dict[type, Callable[[Any, Any], S]]"
# A game's handlers of its actions (action type -> handler), each taking its own action type.
Handlers: TypeAlias = "dict[type, Callable[[Tx[S], Any], None]]"
# Why an action is refused: the ruling, the text's key and the text's arguments.
Reason: TypeAlias = "tuple[str, str, dict[str, object]]"


class Quick(NamedTuple):
    """The calls a search makes at every step of a sampled world, at the least cost
    (`GameRules.quick`, or `quick(rules)` for any ruleset): the same moves and the same
    states as `pending`, `legal_actions` and `resolve`, without what only a game's log needs."""

    seat: Callable[[Any], int]  # the seat to decide (`pending(s).seat`), -1 where none is pending
    moves: Callable[[Any], list[Action]]  # its legal actions, neither cached nor copied: the
    #   caller does not change them (a game's legal module may say Sequence; each builds a list)
    play: Callable[[Any, Action], object]  # resolve: the state changes, no events are kept


class Telling:
    """What a narration rule knows besides the event: the viewer, the language and the names.
    `looked`: the rule asked who the viewer is (else its text is every viewer's alike)."""

    __slots__ = ("_viewer", "lang", "looked", "names", "say_fn")

    def __init__(self, say: Callable[..., str], viewer: int | None, lang: str,
                 names: list[str] | None) -> None:
        self.say_fn, self._viewer, self.lang, self.names = say, viewer, lang, names
        self.looked = False

    @property
    def viewer(self) -> int | None:
        self.looked = True
        return self._viewer

    def say(self, key: str, **args: object) -> str:
        return self.say_fn(key, self.lang, **args)

    def sees(self, seat: int) -> bool:
        """The viewer may see what `seat` holds (None: the omniscient viewer)."""
        self.looked = True
        return self._viewer is None or self._viewer == seat

    def who(self, seat: int) -> str:
        names = self.names
        if names and 0 <= seat < len(names) and names[seat]:
            return names[seat]
        return self.say("game.player", k=seat + 1)


# A narration rule: the event's text, or None for an event not narrated (each rule takes its
# own event type, so Any here).
Rule = Callable[[Any, Telling], "str | None"]


class Narration:
    """Narration as a table: event type -> rule. An event type without a rule is bookkeeping
    and is not narrated. `say(key, lang, **args)` is the game's text lookup."""

    def __init__(self, say: Callable[..., str], rules: Mapping[type, Rule]) -> None:
        self.say = say
        self.rules = dict(rules)

    def __call__(self, event: Event, viewer: int | None, lang: str,
                 names: list[str] | None = None) -> str | None:
        rule = self.rules.get(type(event))
        return None if rule is None else rule(event, Telling(self.say, viewer, lang, names))

    def told(self, event: Event, viewer: int | None, lang: str,
             names: list[str] | None = None) -> tuple[str | None, bool]:
        """The event's text for `viewer`, and whether it depends on who the viewer is: when
        the rule never asked (`Telling.looked`), every viewer is told the same text."""
        rule = self.rules.get(type(event))
        if rule is None:
            return None, False
        t = Telling(self.say, viewer, lang, names)
        return rule(event, t), t.looked


class Later:
    """A part of a ruleset imported the first time it is used, named "module" or
    "module:attribute": what only some commands need (the text view for `evo show`, the
    narration for a log) is not imported by the others (contract 10)."""

    def __init__(self, ref: str) -> None:
        self.ref = ref
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        module, _, attr = self.ref.partition(":")
        part = importlib.import_module(module)
        value = getattr(part, attr) if attr else part
        if owner is not None:
            setattr(owner, self.name, value)  # from now on a plain class attribute
        return value


class GameRules(Generic[S]):
    """The parts of the ruleset protocol (ARCHITECTURE.md, contract 1) that every game shares."""

    game_id: ClassVar[str]
    action_type: ClassVar[object]  # the tagged union of the game's actions
    event_type: ClassVar[object]  # the tagged union of the game's events
    state_type: ClassVar[type]
    view_type: ClassVar[type]
    fold: ClassVar[Mapping[type, Fold]]
    opening: ClassVar[tuple[type, ...]]  # events that may open a log
    # The event carrying a whole prepared position: `position_type(state)`, read back as `.state`.
    position_type: ClassVar[type[Event]]
    revealing: ClassVar[tuple[type, ...]] = ()  # events that make hidden information known
    # Those of them whose content chance dealt (`by_chance`): the events module's `CHANCE`,
    # where some reveal what players chose or gathered in secret; else every revealing event.
    chance: ClassVar[tuple[type, ...] | None] = None
    narration: ClassVar[Narration]  # (or `Later(...)` naming it, as textview)
    # The events a round's summary tells, by kind: "attack" (one seat's piece attacked by
    # another), "loss" (pieces lost: starved, died, gone extinct), "score", "deal", "news"
    # (anything else worth a line). Other narrated events are left to the log.
    summary_kinds: ClassVar[Mapping[type, str]] = {}

    # The game's modules by role, called by the methods below (not ClassVar: mypy reads a
    # module named in a class body as an instance variable):
    legal: LegalModule[S]
    flow: FlowModule[S]
    views: ViewsModule[S]
    notation: NotationModule
    textview: TextviewModule  # or `Later("...textview")`: imported by the command showing it

    # Or, naming the game's events module, `event_type`, `opening`, `position_type` and
    # `revealing` follow from its `Event`, `GameStarted`, `PositionSet` and `REVEALING`.
    events: ModuleType | None = None
    # The event that begins a round and the field that numbers it, on the event and on the state
    # (a prepared position starts in its state's round): `round_number`, `round_started`.
    rounds: ClassVar[tuple[type, str] | None] = None
    attribution: ClassVar[type[Attribution]]  # a fresh tracker: `log_attribution`

    _legal_cache: tuple[S, int, Sequence[Action]] | None = None
    # The transaction a move runs in: the engine's, or a game's subclass of it that records
    # its most frequent events through methods of its own.
    tx_type: ClassVar[type[Tx[Any]]] = Tx

    # `apply` may inline `validate`, `resolve`, `tx` and `resolve_into`, and `legal_actions`
    # `enumerate` (set per class: none of them overridden).
    _plain_apply: ClassVar[bool] = True
    _plain_legal: ClassVar[bool] = True
    _pending_is_decision: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        E = cls.__dict__.get("events")
        if E is not None:
            cls.event_type = E.Event
            cls.opening = (E.GameStarted, E.PositionSet)
            cls.position_type = E.PositionSet
            cls.revealing = E.REVEALING
            cls.chance = getattr(E, "CHANCE", None)
        cls._plain_apply = all(getattr(cls, name) is getattr(GameRules, name)
                               for name in ("validate", "resolve", "tx", "resolve_into"))
        cls._plain_legal = cls.enumerate is GameRules.enumerate
        # `pending` is `decision` itself where no class overrides it: one call fewer per step
        # of a search (a subclass's own `decision` is aliased again here)
        owner = next(k for k in cls.__mro__ if "pending" in k.__dict__)
        if owner is GameRules or owner.__dict__.get("_pending_is_decision"):
            cls.pending = cls.decision  # type: ignore[method-assign]
            cls._pending_is_decision = True

    # --- what each game provides (through its modules, or by overriding) --------------------

    def enumerate(self, s: S) -> Sequence[Action]:
        return self.legal.legal_actions(s)

    def resolve_into(self, tx: Tx[S], action: Action) -> None:
        self.flow.resolve(tx, action)

    def refusal(self, s: S, action: Action, lang: str = "en") -> IllegalAction:
        return self.legal.explain(s, action, lang)

    def decision(self, s: S) -> Decision | None:
        step = s.step
        return None if step in ("", "over") else Decision(s.decider, step)

    def is_over(self, s: S) -> bool:
        """No event may follow (checked when a log is folded)."""
        return s.step == "over"

    def clone(self, s: S) -> S:
        raise NotImplementedError

    def setup(self, options: Options, seed: int, seats: int) -> list[Event]:
        """The events that start a game: the game's `flow.setup(tx, seats, options, seed)`."""
        return self.start(options, seed, seats)[0]

    def start(self, options: dict[str, Any], seed: int, seats: int) -> tuple[list[Event], S]:
        """`setup`'s events and the state they fold to, which their transaction has just made:
        for a caller that would fold them again (random self-play) without a log to check."""
        tx = self.tx(None)
        self.flow.setup(tx, seats, self.normalize_options(options, seats), seed)
        return tx.events, tx.s

    # The options last normalized: (seats, the repr of what was given, what it gave). A run of
    # games (the bench, a soak, a bot's rollouts) sets up every game from the same options.
    # The repr tells 1 from True and 1.0, which equality does not.
    _normalized: tuple[int, str, dict[str, Any]] | None = None

    def normalize_options(self, options: Options, seats: int) -> Options:
        """Every option given or defaulted and checked, by the game's option schema."""
        last = self._normalized
        if last is not None and last[0] == seats and type(options) is dict \
                and last[1] == repr(options):
            return _copied(last[2])
        from core.engine.registry import get  # the registry imports the rulesets lazily: no cycle

        out = get(self.game_id).normalize(options, seats)
        if type(options) is dict and _plain(options) and _plain(out):
            self._normalized = (seats, repr(options), _copied(out))
        return out

    def warnings(self, options: Options, seats: int, lang: str = "en") -> list[str]:
        """Advice the setup screen shows before a game starts with these options."""
        return []

    def seat_count(self, s: S) -> int:
        return s.n

    def round_number(self, s: S) -> int:
        number: int = getattr(s, self.rounds[1] if self.rounds else "round")
        return number

    def round_started(self, event: Event) -> int | None:
        """The round an event starts, if it starts one (replays jump to rounds)."""
        assert self.rounds is not None, "a game names its `rounds` or says this itself"
        start, field = self.rounds
        if isinstance(event, start):
            number: int = getattr(event, field)
            return number
        if isinstance(event, self.position_type):
            number = getattr(getattr(event, "state"), field)  # noqa: B009 (each game's own event)
            return number
        return None

    def log_attribution(self) -> Callable[[Event], int | None]:
        """A fresh tracker saying which seat each narrated event is about (the event log)."""
        return self.attribution()

    def finishing_action(self, action: Action) -> bool:
        """Whether `action` may end the game (the app then waits for the result)."""
        return True

    # --- folding ---------------------------------------------------------------------------

    def evolve(self, state: S | None, event: Event) -> S:
        """Fold one event of a log. Raises FoldError when the event does not fit the state."""
        kind = type(event)
        fn = self.fold.get(kind)
        if fn is None:
            raise FoldError(f"not a {self.game_id} event: {kind.__name__}")
        if state is None:
            if kind not in self.opening:
                raise FoldError("the log must open with a start or position event")
        elif kind is not self.position_type and self.is_over(state):
            raise FoldError("an event after the end of the game")
        state = fn(state, event)
        state.version += 1
        return state

    def tx(self, s: S | None) -> Tx[S]:
        return self.tx_type(s, self.fold)

    # --- deciding ----------------------------------------------------------------------------

    def pending(self, s: S) -> Decision | None:
        return self.decision(s)

    def _legal(self, s: S) -> Sequence[Action]:
        # The caller usually enumerates the actions right before one of them is checked; a
        # state's version changes with every event, so the cache cannot go stale. One tuple
        # store: safe across the app's threads, each of which works on its own states.
        c = self._legal_cache
        if c is not None and c[0] is s and c[1] == s.version:
            return c[2]
        out = self.enumerate(s)
        self._legal_cache = (s, s.version, out)
        return out

    def legal_actions(self, s: S) -> list[Action]:
        c = self._legal_cache  # `_legal`, inline: a random game asks this before every move
        if c is not None and c[0] is s and c[1] == s.version:
            return list(c[2])
        out = self.legal.legal_actions(s) if self._plain_legal else self.enumerate(s)
        self._legal_cache = (s, s.version, out)
        return list(out)

    def validate(self, s: S, action: Action) -> None:
        """Raise IllegalAction (citing the ruling) unless `action` is legal now."""
        if action not in self._legal(s):
            raise self.refusal(s, action)

    def resolve(self, s: S, action: Action) -> list[Event]:
        """The events of a legal action, folded into `s` as they are emitted (no validation)."""
        if self._plain_apply:  # `tx` and `resolve_into`, inline (every step of a search)
            tx = self.tx_type(s, self.fold)
            self.flow.resolve(tx, action)
            return tx.events
        tx = self.tx(s)
        self.resolve_into(tx, action)
        return tx.events

    def apply(self, s: S, action: Action) -> list[Event]:
        """Validate, then resolve: the events are folded into `s` as they are emitted."""
        if not self._plain_apply:  # a game that words validate, resolve or tx its own way
            self.validate(s, action)
            return self.resolve(s, action)
        c = self._legal_cache  # validate and resolve, inline (every move of a game runs this)
        legal = c[2] if c is not None and c[0] is s and c[1] == s.version else self._legal(s)
        if action not in legal:
            raise self.refusal(s, action)
        tx = self.tx_type(s, self.fold)
        self.flow.resolve(tx, action)
        return tx.events

    def quick(self) -> Quick:
        """A search's calls (`Quick`): a plain game's decision read from `step`, its moves
        straight from its legal module, a move resolved in one quiet transaction that the
        search reuses (a search runs on one thread; each asks for its own)."""
        seat: Callable[[Any], int]
        if type(self).decision is GameRules.decision and type(self).pending is GameRules.decision:
            seat = decider
        else:
            seat = _pending_seat(self.pending)
        moves = cast(Callable[[Any], list[Action]],
                     self.legal.legal_actions if self._plain_legal else self.enumerate)
        if not self._plain_apply:
            return Quick(seat, moves, self.resolve)
        return Quick(seat, moves, Playing(self.tx_type(None, self.fold, False), self.flow.resolve))

    def explain(self, s: S, action: Action, lang: str = "en") -> IllegalAction | None:
        """Why `action` is illegal now, in the player's language, or None if it is legal."""
        if action in self._legal(s):
            return None
        return self.refusal(s, action, lang)

    # --- positions, hidden information, text ---------------------------------------------------

    def position_event(self, state: S) -> Event:
        """The setup event of a game started from a prepared position (a scenario, a branch)."""
        return self.position_type(self.clone(state))

    def position_of(self, setup_events: list[Event]) -> S | None:
        """The prepared position a game started from, or None for a normal setup."""
        if len(setup_events) == 1 and isinstance(setup_events[0], self.position_type):
            state: S = getattr(setup_events[0], "state")  # noqa: B009 (each game's own event)
            return state
        return None

    def reveals(self, event: Event) -> bool:
        """The event makes hidden information known (strict undo cannot take it back)."""
        return isinstance(event, self.revealing)

    def by_chance(self, event: Event) -> bool:
        """What the event reveals was dealt by chance (the review's luck)."""
        return self.reveals(event) if self.chance is None else isinstance(event, self.chance)

    def narrate(self, event: Event, viewer: int | None, lang: str,
                names: list[str] | None = None) -> str | None:
        return self.narration(event, viewer, lang, names)

    def narrate_told(self, event: Event, viewer: int | None, lang: str,
                     names: list[str] | None = None) -> tuple[str | None, bool]:
        """`narrate`, and whether the text depends on the viewer (Narration.told): a server
        telling many seats the same event narrates it once for those it does not."""
        return self.narration.told(event, viewer, lang, names)

    def summary_kind(self, event: Event) -> str | None:
        """How a round's summary tells the event (`summary_kinds`), or None."""
        return self.summary_kinds.get(type(event))

    def victim(self, s: S, event: Event) -> int | None:
        """The seat whose piece `event` attacks, read from the state just before it (the table
        marks an attack on the player's pieces until the player's next decision); None for an
        event that attacks nobody."""
        return None

    def outcome(self, s: S) -> Outcome | None:
        raise NotImplementedError

    def view(self, s: S, seat: int | None) -> Any:
        return self.views.view(s, seat)

    def determinize(self, view: Any, rng: random.Random) -> S:
        return self.views.determinize(view, rng)

    def parse_action(self, text: str) -> Action:
        return self.notation.parse_action(text)

    def format_action(self, action: Action) -> str:
        return self.notation.format_action(action)

    def render_text(self, view: Any, lang: str, names: list[str]) -> str:
        return self.textview.render(view, lang, names)

    def prompt(self, s: S, lang: str) -> str:
        """The pending decision in plain words."""
        return cast(PromptModule[S], self.legal).prompt(s, lang)


def _plain(options: Options) -> bool:
    """Options of plain values and lists of them (exact types): their repr says all they are,
    and `_copied` copies them whole."""
    return all(type(k) is str and (type(v) in _PLAIN
                                   or (type(v) is list and all(type(x) in _PLAIN for x in v)))
               for k, v in options.items())


_PLAIN = frozenset({str, int, float, bool, type(None)})


def _copied(options: Options) -> Options:
    """A copy of `_plain` options that shares nothing a game could change."""
    return {k: v[:] if type(v) is list else v for k, v in options.items()}


__all__ = ["Fold", "FoldError", "FoldTable", "GameRules", "GameState", "Handlers", "Narration", "Quick",
           "Reason", "Telling", "Tx", "quick"]


def quick(rules: Any) -> Quick:
    """`rules.quick()` where the ruleset has it (every `GameRules`), else the protocol's own
    `pending`, `legal_actions` and `resolve` (a search's fallback for any ruleset)."""
    own = getattr(rules, "quick", None)
    if own is not None:
        q: Quick = own()
        return q
    return Quick(_pending_seat(rules.pending), rules.legal_actions, rules.resolve)


def _pending_seat(pending: Callable[[Any], Decision | None]) -> Callable[[Any], int]:
    """`Quick.seat` of a ruleset's own `pending`."""
    def seat(s: object) -> int:
        d = pending(s)
        return -1 if d is None else d.seat
    return seat
