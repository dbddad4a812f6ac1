"""Reading a scenario's `[position]` table (docs/scenarios.md) into the game's position schema.

Each game declares its position as msgspec Structs (`forbid_unknown_fields`, defaults for what a
file may leave out, `Annotated` bounds, `Literal` choices) and `read` converts the TOML table
into them strictly: TOML gives strings, integers, floats, booleans, lists and tables, and a
position must not quietly turn `solo = "maybe"` into true, `energy = 2.7` into 2 or
`round = -1` into a round. A key that is unknown, missing or of the wrong kind, or a value out
of its bounds, raises ValueError in one line naming the key's path (`players[1].hand[0]`) and
the problem. What the schema cannot say (a card that exists, a property of the game's data)
the game's `build` and its invariants check.
"""

from __future__ import annotations

import re
import types
from collections.abc import Mapping
from typing import Annotated, Literal, TypeGuard, TypeVar, Union, get_args, get_origin

import msgspec

T = TypeVar("T")

_MISSING = object()


def read(schema: type[T], table: Mapping[str, object], at: str = "") -> T:
    """The `[position]` table (or the table at the path `at` inside it) as the game's schema;
    ValueError in one line naming the key's path and the problem when it does not fit."""
    try:
        return msgspec.convert(table, schema, strict=True)
    except msgspec.ValidationError as exc:
        raise ValueError(_said(str(exc), table, schema, at)) from None


def uid(value: int | str, what: str, prefix: str = "c") -> int:
    """A piece's number, written as a number or with its notation's letter (`3`, `"c3"`)."""
    if isinstance(value, str):
        body = value[1:] if value[:1].lower() == prefix else ""
        if not body.isascii() or not body.isdigit() or len(body) > 6:
            raise ValueError(f"`{what}` must be a number or {prefix}<number>, not {_shown(value)}")
        value = int(body)
    if not 1 <= value <= 10**6:
        raise ValueError(f"`{what}` must be 1..{10**6}, not {value}")
    return value


# --- what msgspec says, in a player's words ---------------------------------------------------

_AT = re.compile(r"^(?P<what>.*?)(?: - at `(?P<key>key` in `)?\$(?P<path>[^`]*)`)?$", re.S)
_PART = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+|\.\.\.)\]")
_KINDS = {"int": "a whole number", "str": "a string", "bool": "true or false", "array": "a list",
          "object": "a table", "float": "a number"}
_BOUNDS = {">=": "at least", "<=": "at most", ">": "above", "<": "below"}


# Types are values here (a schema, its fields' types): `object`, as `typing.get_args` gives them.
def _said(message: str, table: object, schema: object, at: str = "") -> str:
    m = _AT.match(message.splitlines()[0] if message else "")
    what, parts = (m.group("what"), _PART.findall(m.group("path") or "")) if m else (message, [])
    path, value, tp = _walk(table, schema, parts)
    path = f"{at}.{path}" if at and path else at or path
    if m and m.group("key"):
        return f"`{path}` has a key that is not a string"
    where = f"`{path}`" if path else "the position"
    if g := re.match(r"Expected `([^`]+)`, got `(\w+)`", what):
        kinds = " or ".join(_KINDS.get(k.strip(), k.strip()) for k in g.group(1).split("|"))
        return f"{where} must be {kinds}{_not(value)}"
    if g := re.match(r"Expected `\w+` (>=|<=|>|<) (-?\d+)", what):
        return f"{where} must be {_BOUNDS[g.group(1)]} {g.group(2)}{_not(value)}"
    if g := re.match(r"Expected `array` of length (>=|<=) (\d+)", what):
        return f"{where} holds {_BOUNDS[g.group(1)]} {g.group(2)} items" + (
            f", not {len(value)}" if isinstance(value, list) else "")
    if g := re.match(r"Object contains unknown field `(\w+)`", what):
        keys = ", ".join(f.encode_name for f in msgspec.structs.fields(tp)) if _is_struct(tp) else ""
        return f"{where} has no key `{g.group(1)}`" + (f" (its keys: {keys})" if keys else "")
    if g := re.match(r"Object missing required field `(\w+)`", what):
        return f"`{path + '.' if path else ''}{g.group(1)}` is missing"
    if what.startswith("Invalid enum value"):
        allowed = ", ".join(map(str, get_args(tp))) if get_origin(tp) is Literal else ""
        return f"{where} is {_shown(value)}" + (f", not one of {allowed}" if allowed else "")
    return f"{where}: {what}"


def _walk(table: object, schema: object, parts: list[tuple[str, str]]) -> tuple[str, object, object]:
    """The path as written (`players[1].hand[0]`), the value there and its type in the schema;
    a table's entry that msgspec leaves unnamed (`[...]`) is the first one that does not fit."""
    path, value, tp = "", table, schema
    anything = object  # the type of what the schema does not know: msgspec takes any value
    for name, index in parts:
        tp = _member(tp, value)
        if name:
            fields = {f.encode_name: f.type for f in msgspec.structs.fields(tp)} if _is_struct(tp) else {}
            tp = fields.get(name, anything)
            value = value.get(name, _MISSING) if isinstance(value, Mapping) else _MISSING
            path += f".{name}" if path else name
        elif index == "...":
            tp = get_args(tp)[1] if len(get_args(tp)) == 2 else anything
            entries = value.items() if isinstance(value, Mapping) else []
            key, value = next(((k, v) for k, v in entries if not _fits(v, tp)), ("...", _MISSING))
            path += f".{key}"
        else:
            tp = get_args(tp)[0] if get_args(tp) else anything
            i = int(index)
            value = value[i] if isinstance(value, list) and i < len(value) else _MISSING
            path += f"[{i}]"
    return path, value, _member(tp, value)


def _member(tp: object, value: object) -> object:
    """`tp` without its bounds, and of a union the member that the value's kind calls for."""
    while get_origin(tp) is Annotated:
        tp = get_args(tp)[0]
    if get_origin(tp) in (Union, types.UnionType):
        options = [_member(t, value) for t in get_args(tp)]
        for t in options:
            if (isinstance(value, Mapping) and (_is_struct(t) or get_origin(t) is dict)) or \
                    (isinstance(value, list) and get_origin(t) is list):
                return t
        return options[0]
    return tp


def _is_struct(tp: object) -> TypeGuard[type[msgspec.Struct]]:
    return isinstance(tp, type) and issubclass(tp, msgspec.Struct)


def _fits(value: object, tp: object) -> bool:
    try:
        msgspec.convert(value, tp, strict=True)
    except msgspec.ValidationError:
        return False
    return True


def _not(value: object) -> str:
    return "" if value is _MISSING else f", not {_shown(value)}"


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


__all__ = ["read", "uid"]
