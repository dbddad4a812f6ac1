"""Nim's notation, as a table for the kit (core.engine.notation): `play <value>` | `take`."""

from __future__ import annotations

from core.engine.notation import Form, Notation, Number
from tests.kit.nim.actions import Play, Take

NOTATION = Notation(
    Form(Play, "play", Number("card's value")("value")),
    Form(Take, "take"),
)

parse_action, format_action, VERBS = NOTATION.parse, NOTATION.format, NOTATION.verbs
