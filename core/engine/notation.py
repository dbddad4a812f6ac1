"""Action notation from a table (contract 2, docs/notation.md).

A game's `notation.py` lists its *forms*: an action type, the verb its text starts with, and
the words after the verb — a literal word, or a *shape* bound to some of the action's fields.
A shape reads one word into values and writes them back: a number (`17`), an id (`c3`), one
of a few words (`left`), a name from the game's data (`vampire`, `Вампир`), a list
(`C03,C11`), a card with its side (`17b`), two ids joined by `>` (`c3>c5`); a game adds its
own where its names are its own (a species `A1`, a location `L07`). From the table,
`Notation` derives:

- `format(action)`: the first form of the action's type that fits it (its constants match,
  every field it does not write has its default, and its `when` holds), its words joined by
  single spaces; an optional last slot is left out while its fields have their defaults;
- `parse(text)`: case-insensitive, any spacing; the verb picks the forms, their literal
  words and word counts pick among them; a word that does not read says what was expected
  (`expected an animal like c3, got '5'`), a word count no form takes gives the forms' usage
  (derived from the same table), an unknown verb lists the game's verbs (`verbs`);
- `str(action)`: a game's action base struct mixes in `Notated`.

Where a game's notation depends on its data, a form carries hooks: `when(action)` (does this
form write it) and `check(action)` (refuse or normalise what was read). A game with a word
that is not one of these shapes writes its own `Shape`, or its own `Part` for words whose
count varies.

Nothing here loads data: shapes that need a game's data take a function and call it on
first use (contract 10: a command's start stays cheap).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from contextlib import suppress
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

import msgspec

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

from core.engine.protocol import NotationError, notation_number

T = TypeVar("T")  # what a shape reads a word into
V = TypeVar("V")  # a value a name stands for
C = TypeVar("C", bound="SupportsRichComparison")  # a list's item: sorted when read as a set
K = TypeVar("K", bound=msgspec.Struct)  # a form's action type
Values = dict[str, object]  # the values read for an action's fields, by field name


def _a(noun: str) -> str:
    """The noun with its article: `an animal`, `a card`."""
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


def _either(words: tuple[str, ...] | list[str]) -> str:
    """`a`, `a or b`, `a, b or c`."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _quoted(word: str) -> str:
    return f"'{word[:20]}'"


# --- parts: what follows the verb --------------------------------------------------------

class Part:
    """Some words after the verb: `least` to `most` of them (only a form's last part may vary),
    read into the fields it names and written from them."""

    fields: tuple[str, ...] = ()
    least, most = 1, 1
    literal = ""  # a fixed word (which picks among a verb's forms)
    usage = ""

    def accepts(self, words: list[str]) -> bool:
        """Whether these words can be this part's (a cheap look that picks among forms)."""
        return True

    def read(self, words: list[str], into: Values) -> None:
        raise NotImplementedError

    def write(self, action: object, out: list[str]) -> None:
        raise NotImplementedError


class _Literal(Part):
    def __init__(self, word: str) -> None:
        self.literal = self.usage = word.lower()

    def accepts(self, words: list[str]) -> bool:
        return words[0].lower() == self.literal

    def read(self, words: list[str], into: Values) -> None:
        pass  # matched before the form was chosen

    def write(self, action: object, out: list[str]) -> None:
        out.append(self.literal)


class Shape(Generic[T]):
    """How one word reads into a value and is written from it; bound to several fields (a
    card and its side), the value is the tuple of theirs. Call a shape with field names to
    place it in a form: `ANIMAL("prey")`, `CARD_SIDE("card", "side")`, `ANIMAL("before",
    optional=True)`, `LOCATION("src", usage="L<from>")` (how a usage line shows it)."""

    usage = ""  # the word in a usage line: `c<animal>`

    def accepts(self, word: str) -> bool:
        """Whether the word can be this shape's at all (a cheap look that picks among forms)."""
        return True

    def read(self, word: str) -> T:
        raise NotImplementedError

    def write(self, value: T) -> str:
        return str(value)

    def __call__(self, *fields: str, optional: bool = False, usage: str = "") -> Slot[T]:
        return Slot(self, fields, optional, usage or self.usage)


class Slot(Part, Generic[T]):
    """A shape bound to fields; an optional one is the form's last word, written only while
    its fields are not all at their defaults (`unset`, which its form sets)."""

    unset: object = None

    def __init__(self, shape: Shape[T], fields: tuple[str, ...], optional: bool, usage: str) -> None:
        self.shape, self.fields, self.optional = shape, fields, optional
        self.least = 0 if optional else 1
        self.usage = f"[{usage}]" if optional else usage
        # One field's value, or the tuple of several (what the shape reads and writes).
        self._values = cast("Callable[[object], T]", attrgetter(*fields))

    def accepts(self, words: list[str]) -> bool:
        return not words or self.shape.accepts(words[0])

    def read(self, words: list[str], into: Values) -> None:
        if not words:
            return
        value = self.shape.read(words[0])
        if len(self.fields) == 1:
            into[self.fields[0]] = value
        else:  # a shape of several fields reads their tuple
            assert isinstance(value, tuple)
            into.update(zip(self.fields, value, strict=True))

    def write(self, action: object, out: list[str]) -> None:
        value = self._values(action)
        if not (self.optional and value == self.unset):
            out.append(self.shape.write(value))


# --- shapes ------------------------------------------------------------------------------

class Number(Shape[int]):
    """A plain number: `17` (a card, a count)."""

    def __init__(self, noun: str, usage: str = "") -> None:
        self.what, self.usage = f"{_a(noun)} number", usage or f"<{noun}>"

    def read(self, word: str) -> int:
        return notation_number(word, self.what)


class Id(Shape[int]):
    """A number after a letter: `c3` (an animal, a creature)."""

    def __init__(self, prefix: str, noun: str) -> None:
        self.prefix, self.noun = prefix, noun
        self.what, self.usage = f"{_a(noun)} like {prefix}3", f"{prefix}<{noun}>"

    def read(self, word: str) -> int:
        w = word.lower()
        if w.startswith(self.prefix):
            with suppress(NotationError):
                return notation_number(w[len(self.prefix):], self.what)
        raise NotationError(f"expected {self.what}, got {_quoted(word)}")

    def write(self, value: int) -> str:
        return f"{self.prefix}{value}"


class Choice(Shape[object]):
    """One of a few words: `Choice("lower", "upper")` reads the word itself,
    `Choice(left=True, right=False)` the value it stands for."""

    def __init__(self, *words: str, **values: object) -> None:
        self.values: dict[str, object] = {w: w for w in words} | values
        self.words: dict[object, str] = {v: w for w, v in self.values.items()}
        self.usage = "|".join(self.values)

    def read(self, word: str) -> object:
        try:
            return self.values[word.lower()]
        except KeyError:
            raise NotationError(f"expected {_either(list(self.values))}, got {_quoted(word)}") from None

    def write(self, value: object) -> str:
        return self.words.get(value, str(value))


def _key(word: str) -> str:
    return word.lower().replace(" ", "_").replace("-", "_")


class Lookup(Shape[V]):
    """A name from the game's data: `names()` maps every name that parses (ids, slugs,
    Russian and English names; case, spaces, `-` and `_` do not matter) to its value, which
    is written as `write(value)`. An unknown name is refused with `known()` in brackets."""

    def __init__(self, noun: str, names: Callable[[], Mapping[str, V]], *, usage: str = "",
                 write: Callable[[V], str] = str, known: Callable[[], str] | None = None) -> None:
        self.noun, self._names, self._write, self._known = noun, names, write, known
        self.usage = usage or f"<{noun}>"
        self._table: dict[str, V] | None = None

    def read(self, word: str) -> V:
        if self._table is None:
            self._table = {_key(name): value for name, value in self._names().items()}
        try:
            return self._table[_key(word)]
        except KeyError:
            known = f" ({self._known()})" if self._known else ""
            raise NotationError(f"unknown {self.noun} {_quoted(word)}{known}") from None

    def write(self, value: V) -> str:
        return self._write(value)


class ListOf(Shape[tuple[C, ...]]):
    """Several of a shape in one word, `sep` between them (`C03,C11`), read into a tuple; with
    `as_set` each once and sorted, else in the order written."""

    def __init__(self, item: Shape[C], sep: str = ",", as_set: bool = False) -> None:
        self.item, self.sep, self.as_set = item, sep, as_set
        self.usage = f"{item.usage}[{sep}{item.usage}...]"

    def read(self, word: str) -> tuple[C, ...]:
        items = [self.item.read(w) for w in word.split(self.sep) if w]
        return tuple(sorted(set(items))) if self.as_set else tuple(items)

    def write(self, value: tuple[C, ...]) -> str:
        return self.sep.join(self.item.write(v) for v in value)


class CardSide(Shape[tuple[int, str]]):
    """A card number with its side letter (`17b`), for two fields: card and side. `sides`
    are the letters as written (the first is the main side); with `bare(card)` the side may
    be left out (it is then the first), and is left out where `bare` says so (a card with one
    side). `side` is what the game calls a side (a half)."""

    def __init__(self, sides: str = "ab", bare: Callable[[int], bool] | None = None,
                 side: str = "side") -> None:
        self.sides, self.bare = sides, bare
        first, second = tuple(sides)
        if bare:
            self.what = f"a card like 17, 17{first} or 17{second}"
            self.usage = f"<card>[{first}|{second}]"
        else:
            self.what = f"a card with its {side} like 17{first} or 17{second}"
            self.usage = f"<card>{first}|{second}"

    def read(self, word: str) -> tuple[int, str]:
        letter, sides = word[-1:].lower(), self.sides.lower()
        with suppress(NotationError):
            if letter and letter in sides:
                return notation_number(word[:-1], self.what), self.sides[sides.index(letter)]
            if self.bare:
                return notation_number(word, self.what), self.sides[0]
        raise NotationError(f"expected {self.what}, got {_quoted(word)}")

    def write(self, value: tuple[int, str]) -> str:
        card, side = value
        if self.bare and side == self.sides[0] and self.bare(card):
            return str(card)
        return f"{card}{side}"


class Arrow(Shape[tuple[int, int]]):
    """Two ids joined by `>` (`c3>c5`: the first acts on the second), for two fields."""

    def __init__(self, item: Id, first: str, second: str) -> None:
        self.item, p = item, item.prefix
        self.what = f"{_a(first)}, '>' and {_a(second)} like {p}3>{p}5"
        self.usage = f"{p}<{first}>>{p}<{second}>"

    def accepts(self, word: str) -> bool:
        return ">" in word

    def read(self, word: str) -> tuple[int, int]:
        if ">" not in word:
            raise NotationError(f"expected {self.what}, got {_quoted(word)}")
        left, _, right = word.partition(">")
        return self.item.read(left), self.item.read(right)

    def write(self, value: tuple[int, int]) -> str:
        return f"{self.item.write(value[0])}>{self.item.write(value[1])}"


def _fields(kind: type) -> tuple[tuple[str, ...], Values]:
    """A struct type's fields, and the defaults of those that have one."""
    fields: tuple[str, ...] = getattr(kind, "__struct_fields__", ())
    defaults = getattr(kind, "__struct_defaults__", ())
    return fields, dict(zip(fields[len(fields) - len(defaults):], defaults, strict=True))


# --- forms -------------------------------------------------------------------------------

class Form(Generic[K]):
    """One way an action type is written: `Form(Add, "add", CARD_SIDE("card", "side"),
    ANIMAL("animal"))`. Plain strings among the parts are literal words; keyword arguments
    are constant fields (`Form(Grow, "body", ..., track="body")`, `Form(Defend, "defend",
    "none", kind="none")`)."""

    def __init__(self, kind: type[K], verb: str, /, *parts: str | Part,
                 when: Callable[[K], bool] | None = None, check: Callable[[K], K] | None = None,
                 **consts: object) -> None:
        self.kind, self.verb, self.when, self.check, self.consts = kind, verb, when, check, consts
        self.parts = tuple(_Literal(p) if isinstance(p, str) else p for p in parts)
        self.least = sum(p.least for p in self.parts)
        self.most = sum(p.most for p in self.parts)
        fields, defaults = _fields(kind)
        written = {f for p in self.parts for f in p.fields}
        if not written | set(consts) <= set(fields):
            raise ValueError(f"{kind.__name__} has no field {sorted(written | set(consts) - set(fields))}")
        if any(p.least != p.most for p in self.parts[:-1]):
            raise ValueError(f"{verb}: only the last part may be optional or vary in length")
        # What must hold for this form to write an action: its constants, and the defaults
        # of the fields it leaves out (so two forms of one type never both fit).
        self._fits = tuple(consts.items()) + tuple(
            (f, defaults[f]) for f in fields if f not in written and f not in consts)
        for part in self.parts:
            if isinstance(part, Slot) and part.optional:
                unset = tuple(defaults[f] for f in part.fields)
                part.unset = unset[0] if len(unset) == 1 else unset
        self.literals = tuple((i, p.literal) for i, p in enumerate(self.parts) if p.literal)
        self.usage = " ".join([verb, *(p.usage for p in self.parts)])

    def fits(self, action: K) -> bool:
        for field, value in self._fits:
            if getattr(action, field) != value:
                return False
        return self.when is None or self.when(action)

    def write(self, action: K) -> str:
        out = [self.verb]
        for part in self.parts:
            part.write(action, out)
        return " ".join(out)

    def names(self, args: list[str]) -> bool:
        """Whether no literal word of this form is contradicted by `args` (its usage is then
        worth showing)."""
        return all(i >= len(args) or args[i].lower() == word for i, word in self.literals)

    def takes(self, args: list[str]) -> bool:
        """Whether `args` are as many words as this form has, each one its part's at a look."""
        if not self.least <= len(args) <= self.most:
            return False
        last = len(self.parts) - 1
        return all(part.accepts(args[i:] if i == last else args[i:i + 1])
                   for i, part in enumerate(self.parts))

    def read(self, args: list[str]) -> K:
        values = dict(self.consts)
        last = len(self.parts) - 1
        for i, part in enumerate(self.parts):
            part.read(args[i:] if i == last else args[i:i + 1], values)
        action = self.kind(**values)
        return self.check(action) if self.check else action


_NOTATIONS: dict[type, Notation] = {}


class Notation:
    """A game's notation, from its forms (the first form of a type that fits writes it)."""

    # Forms of the game's several action types: `format` picks them by the action's own type.
    def __init__(self, *forms: Form[Any]) -> None:
        self.forms = forms
        self.verbs = tuple(dict.fromkeys(f.verb for f in forms))
        self._by_verb: dict[str, list[Form[Any]]] = {}
        self._by_kind: dict[type, list[Form[Any]]] = {}
        for form in forms:
            self._by_verb.setdefault(form.verb, []).append(form)
            self._by_kind.setdefault(form.kind, []).append(form)
            _NOTATIONS[form.kind] = self

    def format(self, action: object) -> str:
        for form in self._by_kind.get(type(action), ()):
            if form.fits(action):
                return form.write(action)
        return plain(action)

    def parse(self, text: str) -> msgspec.Struct:
        words = text.split()
        if not words:
            raise NotationError("empty action")
        verb, args = words[0].lower(), words[1:]
        forms = self._by_verb.get(verb)
        if forms is None:
            raise NotationError(f"unknown action {_quoted(verb)} (actions: {', '.join(self.verbs)})")
        named = [f for f in forms if f.names(args)]
        fitting = [f for f in named if f.takes(args)]
        if not fitting:
            raise NotationError("usage: " + " | ".join(f.usage for f in named or forms))
        first: NotationError | None = None
        for form in fitting:
            try:
                action: msgspec.Struct = form.read(args)
                return action
            except NotationError as exc:
                first = first or exc
        assert first is not None
        raise first


def plain(action: object) -> str:
    """An action no form writes (only a damaged save holds one): its tag and the values of its
    fields that are not their defaults, so that a message about it still names it."""
    kind = type(action)
    fields, defaults = _fields(kind)
    words = [str(getattr(getattr(kind, "__struct_config__", None), "tag", None) or kind.__name__)]
    for f in fields:
        value = getattr(action, f)
        if f not in defaults or value != defaults[f]:
            words.append(",".join(map(str, value)) if isinstance(value, tuple) else str(value))
    return " ".join(words)


class Notated:
    """Mixed into a game's action base struct: `str(action)` is the action's notation (as
    python-chess's `Move` prints as UCI). The game's notation module, `notation` in the
    package of the action's module, is imported on first use."""

    __slots__ = ()

    def __str__(self) -> str:
        kind = type(self)
        notation = _NOTATIONS.get(kind)
        if notation is None:
            module = kind.__module__.rpartition(".")[0] + ".notation"
            try:
                importlib.import_module(module)
            except ModuleNotFoundError as exc:
                if exc.name != module:
                    raise
            notation = _NOTATIONS.get(kind)
        return notation.format(self) if notation else plain(self)


__all__ = ["Arrow", "CardSide", "Choice", "Form", "Id", "ListOf", "Lookup", "Notated", "Notation",
           "Number", "Part", "Shape", "Slot", "plain"]
