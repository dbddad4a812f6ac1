"""Canonical text notation of `newworld` actions (docs/notation.md).

    create 17 | create 17 c5      add 17b c3        pair 37a c3 c5 | pair 81a c3>c5
    pass                          mutate new | mutate c3   side a | side a c3>c5
    swap c3 c7                    feed c3 h11 | feed c3 h1u   shelter c3 h13
    attack c3 c7                  pirate c3 c7      transform c3 45 17b | transform c3 45
    end                           trigger 37        trample | spare
    defend horned | defend running | defend mimicry c5 | defend tail 24
    defend deterrence | defend none
    scavenger c4                  save c3 fat | save c3 sleep       discard 17

A card's side follows its number: `a` the main property, `b` the short one. Animals are
`c<n>`, habitats `h<card>` with `u` / `l` for the upper and lower half of a double card.
Paired properties name the lower-numbered animal first; Симбиоз names the protector, `>`,
then the dependent (NW30). `format` and `parse` round-trip; parsing is case-insensitive and
also accepts a pair in either order.
"""

from __future__ import annotations

from core.engine.protocol import NotationError, notation_number
from core.games.newworld import actions as A
from core.games.newworld.data import CARD_COUNT, SYMBIOSIS, faces

_DEFENCES = ("horned", "running", "mimicry", "tail", "deterrence", "none")


def _trait(card: int, side: str) -> str:
    if not 1 <= card <= CARD_COUNT or side not in ("a", "b"):
        return ""
    return faces()[card][0 if side == "a" else 1]


def format_action(a: object) -> str:
    t = type(a)
    if t is A.Feed:
        return f"feed c{a.animal} h{a.habitat}"  # type: ignore[attr-defined]
    if t is A.Add:
        return f"add {a.card}{a.side} c{a.animal}"  # type: ignore[attr-defined]
    if t is A.Create:
        where = f" c{a.before}" if a.before else ""  # type: ignore[attr-defined]
        return f"create {a.card}{where}"  # type: ignore[attr-defined]
    if t is A.Pair:
        trait = _trait(a.card, a.side)  # type: ignore[attr-defined]
        right = f">c{a.b}" if trait == SYMBIOSIS else f" c{a.b}"  # type: ignore[attr-defined]
        return f"pair {a.card}{a.side} c{a.a}{right}"  # type: ignore[attr-defined]
    if t is A.Attack:
        return f"attack c{a.predator} c{a.prey}"  # type: ignore[attr-defined]
    if t is A.Shelter:
        return f"shelter c{a.animal} h{a.habitat}"  # type: ignore[attr-defined]
    if t is A.Pirate:
        return f"pirate c{a.animal} c{a.victim}"  # type: ignore[attr-defined]
    if t is A.Transform:
        if a.card:  # type: ignore[attr-defined]
            return f"transform c{a.animal} {a.old} {a.card}{a.side}"  # type: ignore[attr-defined]
        return f"transform c{a.animal} {a.old}"  # type: ignore[attr-defined]
    if t is A.Mutate:
        return f"mutate c{a.animal}" if a.animal else "mutate new"  # type: ignore[attr-defined]
    if t is A.Side:
        if a.a:  # type: ignore[attr-defined]
            return f"side {a.side} c{a.a}>c{a.b}"  # type: ignore[attr-defined]
        return f"side {a.side}"  # type: ignore[attr-defined]
    if t is A.Swap:
        return f"swap c{a.a} c{a.b}"  # type: ignore[attr-defined]
    if t is A.Fire:
        return f"trigger {a.card}"  # type: ignore[attr-defined]
    if t is A.Defend:
        if a.kind == "mimicry":  # type: ignore[attr-defined]
            return f"defend mimicry c{a.target}"  # type: ignore[attr-defined]
        if a.kind == "tail":  # type: ignore[attr-defined]
            return f"defend tail {a.card}"  # type: ignore[attr-defined]
        return f"defend {a.kind}"  # type: ignore[attr-defined]
    if t is A.Scavenge:
        return f"scavenger c{a.animal}"  # type: ignore[attr-defined]
    if t is A.Save:
        return f"save c{a.animal} {a.first}"  # type: ignore[attr-defined]
    if t is A.Discard:
        return f"discard {a.card}"  # type: ignore[attr-defined]
    return a.__struct_config__.tag  # type: ignore[attr-defined]


def _int(word: str, what: str) -> int:
    return notation_number(word, f"a {what} number")


def _animal(word: str) -> int:
    w = word.lower()
    if not w.startswith("c"):
        raise NotationError(f"expected an animal like c3, got '{word[:20]}'")
    return notation_number(w[1:], "an animal like c3")


def _habitat(word: str) -> str:
    w = word.lower()
    if not w.startswith("h"):
        raise NotationError(f"expected a habitat like h11 or h3u, got '{word[:20]}'")
    body = w[1:]
    half = body[-1:] if body[-1:] in ("u", "l") else ""
    number = body[:-1] if half else body
    return f"{notation_number(number, 'a habitat like h11 or h3u')}{half}"


def _side_card(word: str) -> tuple[int, str]:
    w = word.lower()
    if w[-1:] not in ("a", "b"):
        raise NotationError(f"expected a card with its side like 17a or 17b, got '{word[:20]}'")
    return _int(w[:-1], "card"), w[-1]


def _pair(card: int, side: str, a: int, b: int, directed: bool) -> A.Pair:
    trait = _trait(card, side)
    if trait == SYMBIOSIS and not directed:
        raise NotationError("Symbiosis names the protector, '>' and the dependent: pair 81a c3>c5")
    if trait and trait != SYMBIOSIS:
        if directed:
            raise NotationError("only Symbiosis has a direction ('>')")
        a, b = min(a, b), max(a, b)
    return A.Pair(card, side, a, b)


def _arrow(word: str) -> tuple[int, int]:
    left, _, right = word.partition(">")
    return _animal(left), _animal(right)


# Every action's first word, as `parse_action` reads them (an unknown one is refused listing them).
VERBS = ("pass", "end", "trample", "spare", "create", "add", "pair", "mutate", "side", "swap", "feed",
         "shelter", "attack", "pirate", "transform", "trigger", "defend", "scavenger", "save", "discard")


def parse_action(text: str) -> object:
    words = text.split()
    if not words:
        raise NotationError("empty action")
    verb, args = words[0].lower(), words[1:]

    def need(n: int, usage: str) -> None:
        if len(args) != n:
            raise NotationError(f"usage: {usage}")

    if verb in ("pass", "end", "trample", "spare"):
        need(0, verb)
        return {"pass": A.PASS, "end": A.END, "trample": A.TRAMPLE, "spare": A.SPARE}[verb]
    if verb == "create":
        if len(args) not in (1, 2):
            raise NotationError("usage: create <card> [c<animal>]")
        return A.Create(_int(args[0], "card"), _animal(args[1]) if len(args) == 2 else 0)
    if verb == "add":
        need(2, "add <card>a|b c<animal>")
        card, side = _side_card(args[0])
        return A.Add(card, side, _animal(args[1]))
    if verb == "pair":
        if len(args) == 2 and ">" in args[1]:
            card, side = _side_card(args[0])
            a, b = _arrow(args[1])
            return _pair(card, side, a, b, True)
        need(3, "pair <card>a|b c<animal> c<animal>  |  pair <card>a|b c<protector>>c<dependent>")
        card, side = _side_card(args[0])
        return _pair(card, side, _animal(args[1]), _animal(args[2]), False)
    if verb == "mutate":
        need(1, "mutate new | mutate c<animal>")
        if args[0].lower() == "new":
            return A.Mutate(0)
        return A.Mutate(_animal(args[0]))
    if verb == "side":
        if not args or args[0].lower() not in ("a", "b") or len(args) > 2:
            raise NotationError("usage: side a|b [c<protector>>c<dependent>]")
        if len(args) == 2:
            if ">" not in args[1]:
                raise NotationError("usage: side a|b c<protector>>c<dependent>")
            a, b = _arrow(args[1])
            return A.Side(args[0].lower(), a, b)
        return A.Side(args[0].lower())
    if verb == "swap":
        need(2, "swap c<animal> c<animal>")
        return A.Swap(_animal(args[0]), _animal(args[1]))
    if verb in ("feed", "shelter"):
        need(2, f"{verb} c<animal> h<habitat>")
        kind = A.Feed if verb == "feed" else A.Shelter
        return kind(_animal(args[0]), _habitat(args[1]))
    if verb in ("attack", "pirate"):
        need(2, f"{verb} c<animal> c<animal>")
        kind2 = A.Attack if verb == "attack" else A.Pirate
        return kind2(_animal(args[0]), _animal(args[1]))
    if verb == "transform":
        if len(args) == 2:
            return A.Transform(_animal(args[0]), _int(args[1], "card"))
        need(3, "transform c<animal> <card> <card>a|b  |  transform c<animal> <card>")
        card, side = _side_card(args[2])
        return A.Transform(_animal(args[0]), _int(args[1], "card"), card, side)
    if verb == "trigger":
        need(1, "trigger <card>")
        return A.Fire(_int(args[0], "card"))
    if verb == "defend":
        if not args or args[0].lower() not in _DEFENCES:
            raise NotationError("usage: defend horned | running | mimicry c<animal> | "
                                "tail <card> | deterrence | none")
        kind = args[0].lower()
        if kind == "mimicry":
            need(2, "defend mimicry c<animal>")
            return A.Defend("mimicry", target=_animal(args[1]))
        if kind == "tail":
            need(2, "defend tail <card>")
            return A.Defend("tail", card=_int(args[1], "card"))
        need(1, f"defend {kind}")
        return A.Defend(kind)
    if verb == "scavenger":
        need(1, "scavenger c<animal>")
        return A.Scavenge(_animal(args[0]))
    if verb == "save":
        need(2, "save c<animal> fat|sleep")
        first = args[1].lower()
        if first not in ("fat", "sleep"):
            raise NotationError("usage: save c<animal> fat|sleep")
        return A.Save(_animal(args[0]), first)
    if verb == "discard":
        need(1, "discard <card>")
        return A.Discard(_int(args[0], "card"))
    raise NotationError(f"unknown action '{verb[:20]}' (actions: {', '.join(VERBS)})")
