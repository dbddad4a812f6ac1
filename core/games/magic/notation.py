"""Canonical text notation of `magic` actions (docs/notation.md), as a table for the kit
(core.engine.notation), which derives `format_action`, `parse_action` and `str(action)`.

Parsing is case-insensitive and also accepts a property's Russian or English name with
spaces written as '_' or '-'.
"""

from __future__ import annotations

from core.engine.notation import CardSide, Choice, Form, Id, ListOf, Lookup, Notation, Number
from core.engine.protocol import NotationError
from core.games.magic import actions as A
from core.games.magic.data import ATTACKING, properties


def _property_names() -> dict[str, str]:
    return {name: pid for pid, p in properties().items() for name in (pid, p.ru, p.en)}


def _attacking(a: A.AttackWith) -> A.AttackWith:
    for p in a.props:
        if p not in ATTACKING:
            raise NotationError(f"'{p}' is not an attacking property")
    return a


CARD = Number("card")
CREATURE = Id("c", "creature")
PROPERTY = Lookup("property", _property_names)

NOTATION = Notation(
    Form(A.Keep, "keep"),
    Form(A.Swap, "swap"),
    Form(A.Pass, "pass"),
    Form(A.Create, "create", CARD("card")),
    Form(A.Add, "add", CardSide("AB", side="half")("card", "half"), CREATURE("creature")),
    Form(A.Activate, "activate", CREATURE("creature")),
    Form(A.Metamorph, "metamorph", CREATURE("source"), PROPERTY("prop")),
    Form(A.Scare, "scare", CREATURE("target")),
    Form(A.Rouse, "rouse", CREATURE("target")),
    Form(A.Gift, "gift", CREATURE("target")),
    Form(A.Gain, "gain", Choice("lower", "upper")("part")),
    Form(A.Transmute, "transmute"),
    Form(A.AttackWith, "attack", CREATURE("target", usage="c<target>"), ListOf(PROPERTY)("props"),
         check=_attacking),
    Form(A.Sleep, "sleep"),
    Form(A.Voracious, "voracious"),
    Form(A.Molt, "molt", CARD("card")),
    Form(A.Burn, "burn", CARD("card")),
)

parse_action, format_action, VERBS = NOTATION.parse, NOTATION.format, NOTATION.verbs
