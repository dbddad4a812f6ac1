"""Canonical text notation of `magic` actions (docs/notation.md).

    keep | swap | pass
    create <card>                 add <card><A|B> c<creature>     activate c<creature>
    metamorph c<creature> <prop>  scare c<n>  rouse c<n>  gift c<n>
    gain lower|upper   transmute   attack c<target> <prop>[,<prop>...]   sleep
    voracious          molt <card>                burn <card>

`format` and `parse` round-trip. Parsing is case-insensitive and also accepts a property's
Russian or English name with spaces written as '_' or '-'.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from core.engine.protocol import NotationError, notation_number
from core.games.magic import actions as A
from core.games.magic.data import ATTACKING, properties

_BARE = {"keep": A.KEEP, "swap": A.SWAP, "pass": A.PASS, "transmute": A.TRANSMUTE,
         "sleep": A.SLEEP, "voracious": A.VORACIOUS}
_TARGETED = {"scare": A.Scare, "rouse": A.Rouse, "gift": A.Gift}

# Every action's first word, as `parse_action` reads them (an unknown one is refused listing them).
VERBS = (*_BARE, "create", "add", "activate", "metamorph", *_TARGETED, "gain", "attack", "molt",
         "burn")


def format_action(a: Any) -> str:
    t = type(a)
    if t is A.Create:
        return f"create {a.card}"
    if t is A.Add:
        return f"add {a.card}{a.half} c{a.creature}"
    if t is A.Activate:
        return f"activate c{a.creature}"
    if t is A.Metamorph:
        return f"metamorph c{a.source} {a.prop}"
    if t in (A.Scare, A.Rouse, A.Gift):
        return f"{a.__struct_config__.tag} c{a.target}"
    if t is A.Gain:
        return f"gain {a.part}"
    if t is A.AttackWith:
        return f"attack c{a.target} {','.join(a.props)}"
    if t is A.Molt:
        return f"molt {a.card}"
    if t is A.Burn:
        return f"burn {a.card}"
    return a.__struct_config__.tag


@cache
def _prop_aliases() -> dict[str, str]:
    out = {}
    for pid, p in properties().items():
        for alias in (pid, p.ru, p.en):
            out[alias.lower().replace(" ", "_").replace("-", "_")] = pid
    return out


def _prop(word: str) -> str:
    pid = _prop_aliases().get(word.lower().replace("-", "_"))
    if pid is None:
        raise NotationError(f"unknown property '{word}'")
    return pid


def _int(word: str, what: str) -> int:
    return notation_number(word, f"a {what} number")


def _creature(word: str) -> int:
    w = word.lower()
    if not w.startswith("c"):
        raise NotationError(f"expected a creature like c3, got '{word[:20]}'")
    return notation_number(w[1:], "a creature like c3")


def parse_action(text: str) -> Any:
    words = text.split()
    if not words:
        raise NotationError("empty action")
    verb, args = words[0].lower(), words[1:]

    def need(n: int, usage: str) -> None:
        if len(args) != n:
            raise NotationError(f"usage: {usage}")

    if verb in _BARE:
        need(0, verb)
        return _BARE[verb]
    if verb == "create":
        need(1, "create <card>")
        return A.Create(_int(args[0], "card"))
    if verb == "add":
        need(2, "add <card><A|B> c<creature>")
        spec = args[0].upper()
        if len(spec) < 2 or spec[-1] not in "AB":
            raise NotationError(f"expected a card and half like 17A, got '{args[0]}'")
        return A.Add(_int(spec[:-1], "card"), spec[-1], _creature(args[1]))
    if verb == "activate":
        need(1, "activate c<creature>")
        return A.Activate(_creature(args[0]))
    if verb == "metamorph":
        need(2, "metamorph c<creature> <property>")
        return A.Metamorph(_creature(args[0]), _prop(args[1]))
    if verb in _TARGETED:
        need(1, f"{verb} c<creature>")
        return _TARGETED[verb](_creature(args[0]))
    if verb == "gain":
        need(1, "gain lower|upper")
        part = args[0].lower()
        if part not in ("lower", "upper"):
            raise NotationError(f"expected lower or upper, got '{args[0]}'")
        return A.Gain(part)
    if verb == "attack":
        need(2, "attack c<target> <property>[,<property>...]")
        props = tuple(_prop(w) for w in args[1].split(",") if w)
        for p in props:
            if p not in ATTACKING:
                raise NotationError(f"'{p}' is not an attacking property")
        return A.AttackWith(_creature(args[0]), props)
    if verb == "molt":
        need(1, "molt <card>")
        return A.Molt(_int(args[0], "card"))
    if verb == "burn":
        need(1, "burn <card>")
        return A.Burn(_int(args[0], "card"))
    raise NotationError(f"unknown action '{verb[:20]}' (actions: {', '.join(VERBS)})")
