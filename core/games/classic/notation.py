"""Canonical text notation of `classic` actions (docs/notation.md).

    create 17                  add 17 c3 | add 9b c3        pair 69 c3 c5 | pair 65 c3>c5
    pass                       take c3       attack c3 c7    convert c3 2
    graze c3                   pirate c3 c7  hibernate c3    end
    defend running | defend mimicry c5 | defend tail 24 | defend none
    trigger 69 c5              scavenger c4  reserve c3 2    discard 17

A card's side is written after its number, `a` (main) or `b` (second), and left out for a
card with one property. Paired properties name the lower-numbered animal first; Симбиоз
names the protector, `>`, then the dependent (CL21). `format` and `parse` round-trip;
parsing is case-insensitive and also accepts the pair in either order.
"""

from __future__ import annotations

from core.engine.protocol import NotationError
from core.games.classic import actions as A
from core.games.classic.data import CARD_COUNT, SYMBIOSIS, faces

_DEFENCES = ("running", "mimicry", "tail", "none")


def _card(card: int, side: str) -> str:
    """A card as written: its number, and its side when it has two properties."""
    if 1 <= card <= CARD_COUNT and len(faces()[card]) == 1 and side == "a":
        return str(card)
    return f"{card}{side}"


def _trait(card: int, side: str) -> str:
    """The property on that side of a card ("" if there is none)."""
    face = faces()[card] if 1 <= card <= CARD_COUNT else ()
    i = 0 if side == "a" else 1
    return face[i] if i < len(face) else ""


def format_action(a: object) -> str:
    t = type(a)
    if t is A.Take:
        return f"take c{a.animal}"  # type: ignore[attr-defined]
    if t is A.Add:
        return f"add {_card(a.card, a.side)} c{a.animal}"  # type: ignore[attr-defined]
    if t is A.Pair:
        trait = _trait(a.card, a.side)  # type: ignore[attr-defined]
        right = f">c{a.b}" if trait == SYMBIOSIS else f" c{a.b}"  # type: ignore[attr-defined]
        return f"pair {_card(a.card, a.side)} c{a.a}{right}"  # type: ignore[attr-defined]
    if t is A.Create:
        return f"create {a.card}"  # type: ignore[attr-defined]
    if t is A.Attack:
        return f"attack c{a.predator} c{a.prey}"  # type: ignore[attr-defined]
    if t is A.Convert:
        return f"convert c{a.animal} {a.k}"  # type: ignore[attr-defined]
    if t is A.Pirate:
        return f"pirate c{a.animal} c{a.victim}"  # type: ignore[attr-defined]
    if t in (A.Graze, A.Hibernate, A.Scavenge):
        return f"{a.__struct_config__.tag} c{a.animal}"  # type: ignore[attr-defined]
    if t is A.Defend:
        if a.kind == "mimicry":  # type: ignore[attr-defined]
            return f"defend mimicry c{a.target}"  # type: ignore[attr-defined]
        if a.kind == "tail":  # type: ignore[attr-defined]
            return f"defend tail {a.card}"  # type: ignore[attr-defined]
        return f"defend {a.kind}"  # type: ignore[attr-defined]
    if t is A.Fire:
        return f"trigger {a.card} c{a.to}"  # type: ignore[attr-defined]
    if t is A.Reserve:
        return f"reserve c{a.animal} {a.k}"  # type: ignore[attr-defined]
    if t is A.Discard:
        return f"discard {a.card}"  # type: ignore[attr-defined]
    return a.__struct_config__.tag  # type: ignore[attr-defined]


def _int(word: str, what: str) -> int:
    if not word.isascii() or not word.isdigit() or len(word) > 6:
        raise NotationError(f"expected a {what} number, got '{word}'")
    return int(word)


def _animal(word: str) -> int:
    w = word.lower()
    if not (w.startswith("c") and w[1:].isascii() and w[1:].isdigit() and len(w) <= 7):
        raise NotationError(f"expected an animal like c3, got '{word}'")
    return int(w[1:])


def _side_card(word: str) -> tuple[int, str]:
    w = word.lower()
    if w[-1:] in ("a", "b"):
        return _int(w[:-1], "card"), w[-1]
    return _int(w, "card"), "a"


def _pair(card: int, side: str, a: int, b: int, directed: bool) -> A.Pair:
    trait = _trait(card, side)
    if trait == SYMBIOSIS and not directed:
        raise NotationError("Symbiosis names the protector, '>' and the dependent: pair 65 c3>c5")
    if trait and trait != SYMBIOSIS:
        if directed:
            raise NotationError("only Symbiosis has a direction ('>')")
        a, b = min(a, b), max(a, b)
    return A.Pair(card, side, a, b)


# Every action's first word, as `parse_action` reads them (an unknown one is refused listing them).
VERBS = ("pass", "end", "create", "add", "pair", "take", "graze", "hibernate", "scavenger", "attack",
         "pirate", "convert", "reserve", "defend", "trigger", "discard")


def parse_action(text: str) -> object:
    words = text.split()
    if not words:
        raise NotationError("empty action")
    verb, args = words[0].lower(), words[1:]

    def need(n: int, usage: str) -> None:
        if len(args) != n:
            raise NotationError(f"usage: {usage}")

    if verb in ("pass", "end"):
        need(0, verb)
        return A.PASS if verb == "pass" else A.END
    if verb == "create":
        need(1, "create <card>")
        return A.Create(_int(args[0], "card"))
    if verb == "add":
        need(2, "add <card>[a|b] c<animal>")
        card, side = _side_card(args[0])
        return A.Add(card, side, _animal(args[1]))
    if verb == "pair":
        if len(args) == 2 and ">" in args[1]:
            left, _, right = args[1].partition(">")
            card, side = _side_card(args[0])
            return _pair(card, side, _animal(left), _animal(right), True)
        need(3, "pair <card>[a|b] c<animal> c<animal>  |  pair <card> c<protector>>c<dependent>")
        card, side = _side_card(args[0])
        return _pair(card, side, _animal(args[1]), _animal(args[2]), False)
    if verb in ("take", "graze", "hibernate", "scavenger"):
        need(1, f"{verb} c<animal>")
        kind = {"take": A.Take, "graze": A.Graze, "hibernate": A.Hibernate,
                "scavenger": A.Scavenge}[verb]
        return kind(_animal(args[0]))
    if verb in ("attack", "pirate"):
        need(2, f"{verb} c<animal> c<animal>")
        kind2 = A.Attack if verb == "attack" else A.Pirate
        return kind2(_animal(args[0]), _animal(args[1]))
    if verb in ("convert", "reserve"):
        need(2, f"{verb} c<animal> <tokens>")
        kind3 = A.Convert if verb == "convert" else A.Reserve
        return kind3(_animal(args[0]), _int(args[1], "token"))
    if verb == "defend":
        if not args or args[0].lower() not in _DEFENCES:
            raise NotationError("usage: defend running | defend mimicry c<animal> | "
                                "defend tail <card> | defend none")
        kind = args[0].lower()
        if kind == "mimicry":
            need(2, "defend mimicry c<animal>")
            return A.Defend("mimicry", target=_animal(args[1]))
        if kind == "tail":
            need(2, "defend tail <card>")
            return A.Defend("tail", card=_int(args[1], "card"))
        need(1, f"defend {kind}")
        return A.Defend(kind)
    if verb == "trigger":
        need(2, "trigger <card> c<animal>")
        return A.Fire(_int(args[0], "card"), _animal(args[1]))
    if verb == "discard":
        need(1, "discard <card>")
        return A.Discard(_int(args[0], "card"))
    raise NotationError(f"unknown action '{verb[:20]}' (actions: {', '.join(VERBS)})")
