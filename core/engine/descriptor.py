"""What a game is, in one record: the descriptor every game declares in
`core/games/<g>/__init__.py` (ARCHITECTURE.md, contract 8).

The registry (`core.games`) finds descriptors by scanning the package, and everything
game-agnostic reads them: the CLI's options and the app's setup form (from the option
schema), the game list, simulate, tournament, bench, the bots and the conformance tests.

A descriptor is cheap to import: the rules, heuristics, scenario adapter, position invariants
and statistics are named as "module:attribute" and imported on first use. Texts for players (the game's name
`game.title`, each option's label, help and choices under `option.<key>.*`) live in the
game's text table, in Russian and English.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

import msgspec

from core import native
from core.engine.citation import citation
from core.engine.protocol import Options, OptionsError
from core.textdata import TextTable

if TYPE_CHECKING:
    from core.bots.heuristics import Heuristics
    from core.engine.invariants import Invariant
    from core.engine.journal import Entry
    from core.engine.protocol import AnyRuleset, AnyScenarios
    from core.engine.rulings import RulingBook

OPTION_KINDS = ("choice", "bool", "int", "list")
Item: TypeAlias = "str | int"  # an item of a list option
OptionValue: TypeAlias = "str | bool | int | list[Item] | None"  # an option's value, checked
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")
MAX_INT_DIGITS = 9  # an option's number: anything longer is a typo, not a setting


def _ascii_int(text: str, what: str) -> int:
    """An integer written in ASCII digits (no '²', no 5 000-digit numbers)."""
    body = text[1:] if text[:1] == "-" else text
    if not body or not body.isascii() or not body.isdigit() or len(body) > MAX_INT_DIGITS:
        raise OptionsError(f"{what}: '{text}' is not a whole number", "option_schema.not_number",
                           option=what, value=text, cite="")
    return int(text)


class Option(msgspec.Struct, frozen=True):
    """One game option: its type, choices and default; texts come from the game's text table.

    kind: `choice` (one of `choices`), `bool`, `int` (within `low`..`high`), `list` (a list
    of `item` values, each one of `choices` when given). `default` may be a function of the
    number of seats. `applies`: the option means something only when another option has one
    of the listed values (else its value is `off`, and giving it is an error). `parse_item`
    turns one written value into the stored one (e.g. a monster's name into its id).
    `form`: the generic setup form shows it (a game's own seat section may handle it instead).
    `numbered`: its numbers (int, or list items) are seats or people, which the option holds
    from 0 and people type from 1 (`evo`'s flags: `from_people`).
    Options and descriptors are msgspec Structs rather than dataclasses, which would compile
    their methods at every start of every command (contract 10).
    """

    key: str
    kind: str
    default: OptionValue | Callable[[int], OptionValue] = None
    choices: Sequence[str] | Callable[[], Sequence[str]] = ()
    item: str = "choice"  # list items: choice | int | str
    low: int | None = None
    high: int | None = None
    applies: tuple[str, tuple[OptionValue, ...]] | None = None
    off: OptionValue = None
    parse_item: Callable[[str], Item] | None = None
    form: bool = True
    rule: str = ""  # the ruling behind the option, cited when a value is refused
    count: int = 0  # a list the setup form fills slot by slot: how many (0: not in slots)
    suggested: tuple[Item, ...] = ()  # the form's first values of those slots
    label_of: Callable[[str, str], str] | None = None  # a choice's name from the game's data
    numbered: bool = False  # seats or people: typed from 1, held from 0

    def __post_init__(self) -> None:
        if self.kind not in OPTION_KINDS:
            raise ValueError(f"option {self.key}: unknown kind {self.kind}")

    def allowed(self) -> list[str]:
        return list(self.choices() if callable(self.choices) else self.choices)

    def default_for(self, seats: int) -> OptionValue:
        return self.default(seats) if callable(self.default) else self.default

    # --- reading a value ------------------------------------------------------------------

    def from_people(self, text: str) -> str:
        """A `numbered` option's value as people type it (seats and people from 1) as the option
        holds it (from 0), still text for `parse`; a negative number (a special value, such as
        -1 for random) stays as it is, 0 is refused, and what is no number is left to `parse`."""
        if not self.numbered:
            return text

        def one(word: str) -> str:
            w = word.strip()
            body = w[1:] if w[:1] == "-" else w
            if not body or not body.isascii() or not body.isdigit() or len(body) > MAX_INT_DIGITS:
                return w
            n = int(w)
            if n == 0:
                raise OptionsError(f"{self.key}: numbers start at 1, not 0", "option_schema.from_one",
                                   option=self.key, cite="")
            return str(n - 1) if n > 0 else w

        return ",".join(one(w) for w in text.split(",")) if self.kind == "list" else one(text)

    def parse(self, value: object) -> OptionValue:
        """A value as given (a string from the command line, or a typed value from the form
        or a save) checked and turned into the stored type; OptionsError names what is allowed."""
        try:
            return self._parse(value)
        except OptionsError as exc:
            if not self.rule:
                raise
            raise OptionsError(f"{exc} ({citation(self.rule)})", exc.key,
                               **{**exc.params, "cite": f" ({citation(self.rule)})"}) from None

    def _parse(self, value: object) -> OptionValue:
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            word = str(value).strip().lower()
            if word in _TRUE or word in _FALSE:
                return word in _TRUE
            raise OptionsError(f"{self.key}: '{value}' is not true or false",
                               "option_schema.not_bool", option=self.key, value=value, cite="")
        if self.kind == "int":
            n = value if isinstance(value, int) and not isinstance(value, bool) else \
                _ascii_int(str(value).strip(), self.key)
            if (self.low is not None and n < self.low) or (self.high is not None and n > self.high):
                raise OptionsError(f"{self.key}: {n} is not within {self.low}..{self.high}",
                                   "option_schema.not_within", option=self.key, value=n,
                                   low=self.low, high=self.high, cite="")
            return n
        if self.kind == "choice":
            return self._one(value)
        items = value if isinstance(value, (list, tuple)) else \
            [part for part in str(value).split(",") if part.strip()]
        return [self._item(v) for v in items]

    def _one(self, value: object) -> str:
        word = str(value).strip()
        allowed = self.allowed()
        if word not in allowed:
            raise self._not_one_of(value, allowed)
        return word

    def _not_one_of(self, value: object, allowed: list[str]) -> OptionsError:
        return OptionsError(f"{self.key}: '{value}' is not one of {', '.join(allowed)}",
                            "option_schema.not_one_of", option=self.key, value=value,
                            allowed=", ".join(allowed), cite="")

    def _item(self, value: object) -> Item:
        if self.parse_item is not None:
            return self.parse_item(str(value).strip())
        if self.item == "int":
            if isinstance(value, int) and not isinstance(value, bool):
                return value
            return _ascii_int(str(value).strip(), self.key)
        if self.item == "choice":
            word = str(value).strip().lower()
            allowed = self.allowed()
            if word not in allowed:
                raise self._not_one_of(value, allowed)
            return word
        return str(value).strip()


def _no_automata(options: Options, seats: int) -> dict[int, str]:
    return {}


def _no_fixed_seats(options: Options) -> int | None:
    return None


def _no_check(options: Options, seats: int) -> None:
    return None


class GameDescriptor(msgspec.Struct, frozen=True, dict=True):  # dict: for cached_property
    """A game as the rest of Evo sees it. See the module docstring."""

    id: str
    order: int  # place in the game lists (menu, help)
    package: str  # the game's package (`__name__`): its data/texts.toml holds the texts above
    seats: tuple[int, int, int]  # fewest, most, default
    seats_rule: str  # the ruling on the number of players, cited when it is not kept
    ruling_prefix: str  # e.g. "MC-": the ids of `spec`'s rulings start with it (MC-R7)
    section_prefix: str  # e.g. "MC": a section of `spec` is cited as "MC§3.4" (core.engine.citation)
    spec: str  # the specification's file name in ../shared/rules/
    rules: str  # "module:attribute" of the ruleset object
    heuristics: str | None = None  # "module:attribute" of the bot heuristics
    scenario: str | None = None  # "module:attribute" of the scenario adapter
    invariants: str | None = None  # "module:attribute" of the list of position invariants
    statistics: str | None = None  # "module:function(entries, seats) -> GameStats"
    native: tuple[str, ...] = ()  # modules of `package` that `make native` compiles (core/native.py)
    cooperative: bool = False  # one team: a win is every seat's
    hidden_information: bool = True  # False: every seat sees everything (no hand-over curtain)
    options: tuple[Option, ...] = ()
    automata: tuple[str, ...] = ()  # kinds of seat the rules play (a save's seat kinds)
    # seat -> kind for seats the rules play themselves (e.g. the Shade), given the options
    automated: Callable[[Options, int], dict[int, str]] = _no_automata
    # the only seat count the options allow, if they fix one (e.g. solo: 2)
    fixed_seats: Callable[[Options], int | None] = _no_fixed_seats
    check: Callable[[Options, int], None] = _no_check

    # --- texts ----------------------------------------------------------------------------

    @cached_property
    def texts(self) -> TextTable:
        return TextTable(self._data("texts.toml"))

    @cached_property
    def rulings(self) -> RulingBook:
        """The texts of the game's rulings and cited sections (`core.engine.rulings`), read on
        first use: only a lookup or a search of the rules needs them."""
        from core.engine.rulings import RulingBook

        return RulingBook(self.id, self._data("rulings.toml"))

    @property
    def data_dir(self) -> Path:
        """The game's data folder (`data/` beside the package that declares this descriptor)."""
        init = sys.modules[self.package].__file__
        assert init is not None
        return Path(init).parent / "data"

    def _data(self, name: str) -> Path:
        return self.data_dir / name

    def read_data(self, name: str) -> dict[str, Any]:
        """A TOML file of the game's data folder, parsed (and kept parsed: core.datafile)."""
        from core.datafile import read_toml

        return read_toml(self._data(name))

    def text(self, key: str, lang: str, **args: object) -> str:
        return self.texts.say(key, lang, **args)

    def name(self, lang: str) -> str:
        return self.text("game.title", lang)

    def option_label(self, key: str, lang: str) -> str:
        return self.text(f"option.{key}.label", lang)

    def option_help(self, key: str, lang: str, typed: bool = True) -> str:
        """What option `key` does, naming its values as the setup form does; with `typed` (the
        command line) also how a value is written where that is not its name
        (`option.<key>.typed`, e.g. a monster's code)."""
        said = self.text(f"option.{key}.help", lang)
        if typed and f"option.{key}.typed" in self.texts.texts:
            said += "; " + self.text(f"option.{key}.typed", lang)
        return said

    def choice_label(self, key: str, value: object, lang: str) -> str:
        """A value's name for players: `option.<key>.choice.<value>`, or from the game's data."""
        k = f"option.{key}.choice.{value}"
        if k in self.texts.texts:
            return self.text(k, lang)
        label_of = self.option(key).label_of
        return label_of(str(value), lang) if label_of is not None else str(value)

    def round_text(self, key: str, lang: str, **args: object) -> str:
        """What the game calls its rounds (an epoch, a turn), text `round.<key>`: `label` ("epoch
        {k}"), `key` (the replay's footer), `go_title`, `go_prompt`, `missing` (the jump)."""
        return self.text(f"round.{key}", lang, **args)

    def automaton_name(self, kind: str, lang: str) -> str:
        """The name of a seat the rules play (text `game.<kind>`)."""
        return self.text(f"game.{kind}", lang)

    # --- the objects behind it ----------------------------------------------------------------

    @cached_property
    def ruleset(self) -> AnyRuleset:
        rules: AnyRuleset = _resolve(self.rules)
        if self.native:  # its compiled dataclasses (states, a kit's too) as declared, for msgspec
            native.declare_loaded([*native.ENGINE_MODULES, *(f"{self.package}.{m}" for m in self.native)])
        return rules

    @cached_property
    def bot_heuristics(self) -> Heuristics[Any, Any] | None:
        found: Heuristics[Any, Any] | None = _resolve(self.heuristics) if self.heuristics else None
        return found

    @cached_property
    def scenarios(self) -> AnyScenarios | None:
        found: AnyScenarios | None = _resolve(self.scenario) if self.scenario else None
        return found

    @cached_property
    def position_invariants(self) -> tuple[Invariant[Any], ...]:  # of the game's own state
        """What makes a position possible (`core.engine.invariants`), in the order they run."""
        return tuple(_resolve(self.invariants)) if self.invariants else ()

    def check_position(self, state: object, settled: bool = True) -> None:
        """Raise ImpossiblePosition (a ValueError, one line) at the first invariant `state`
        breaks: scenarios, saves and the tests all run this one list."""
        from core.engine.invariants import check

        check(self.position_invariants, state, settled)

    def game_stats(self, entries: Iterable[Entry], seats: int) -> object:  # the game's own figures
        if not self.statistics:
            return None
        return _resolve(self.statistics)(entries, seats)

    # --- options ----------------------------------------------------------------------------

    def option(self, key: str) -> Option:
        for o in self.options:
            if o.key == key:
                return o
        known = ", ".join(o.key for o in self.options) or "none"
        raise OptionsError(f"unknown option '{key}' for {self.id} (known: {known})",
                           "option_schema.unknown", option=key, game=self.id, known=known)

    def seat_range(self, options: Options) -> tuple[int, int]:
        fixed = self.fixed_seats(options)
        return (fixed, fixed) if fixed is not None else self.seats[:2]

    def default_seat_count(self, options: Options) -> int:
        fixed = self.fixed_seats(options)
        return fixed if fixed is not None else self.seats[2]

    def normalize(self, options: Options, seats: int) -> Options:
        """Options checked against the schema, with defaults filled in, then the game's own
        checks across options; raises OptionsError (one line) naming what is allowed."""
        for key in options:
            self.option(key)
        out: Options = {}
        for o in self.options:  # values first, so that `applies` can look at them
            if o.key not in options:
                out[o.key] = o.default_for(seats)
            elif o.applies is not None and options[o.key] == o.off:
                out[o.key] = o.off  # as normalize writes it: checked below (idempotence)
            else:
                out[o.key] = o.parse(options[o.key])
        for o in self.options:
            if o.applies is None:
                continue
            other, values = o.applies
            if out[other] not in values:
                if o.key in options and options[o.key] != o.off:
                    cite = f" ({citation(o.rule)})" if o.rule else ""
                    shown = ", ".join(map(str, values))
                    raise OptionsError(f"{o.key}: only with {other} = {shown}{cite}",
                                       "option_schema.only_with", option=o.key, other=other,
                                       values=shown, cite=cite)
                out[o.key] = o.off
            elif o.key in options and options[o.key] == o.off:
                out[o.key] = o.parse(options[o.key])  # the option applies: "off" must be a value
        low, high = self.seat_range(out)
        if not low <= seats <= high:
            if low != high:
                raise OptionsError(f"{self.id} is played by {low} to {high} players "
                                   f"({citation(self.seats_rule)})", "option_schema.seats", game=self.id,
                                   low=low, high=high, cite=f" ({citation(self.seats_rule)})")
            raise OptionsError(f"with these options, {self.id} has exactly {low} seats",
                               "option_schema.seats_exact", game=self.id, low=low)
        self.check(out, seats)
        return out


def _resolve(ref: str) -> Any:
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


__all__ = ["GameDescriptor", "Option", "OptionsError"]
