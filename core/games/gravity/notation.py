"""Canonical text notation of `gravity` actions (docs/notation.md).

    pass | rest | place | draw | roll | alarm
    play 0-4 | play <card> L<nn>              pull L<nn> support|distrust | skip L<nn>
    fight M<n>   reroll [s<k>] [m<k>] [c<k>]   push L<nn> support|distrust   take <card>
    uncurse C<nn>[,C<nn>...]   wendy L<nn> L<nn>   soos <character> C<nn>   monster M<n>
    teleport L<nn> | discard <card> | retreat L<nn> | remove L<nn> | flip L<nn>

`format` and `parse` round-trip. Parsing is case-insensitive; a location may also be written
as its number (7, L7), a monster by its slug (gremloblin), a Teleport as `teleport`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from core.engine.protocol import NotationError, notation_number
from core.games.gravity import actions as A
from core.games.gravity.data import CHARACTERS, TELEPORT, board, curses, game, monsters

_BARE = {"pass": A.PASS, "rest": A.REST, "place": A.PLACE, "draw": A.DRAW, "roll": A.ROLL,
         "alarm": A.ALARM}
_AT = {"teleport": A.Teleport, "retreat": A.Retreat, "remove": A.RemoveDie, "flip": A.Flip}

# Every action's first word, as `parse_action` reads them (an unknown one is refused listing them).
VERBS = (*_BARE, "play", "pull", "push", "skip", "fight", "reroll", "take", "discard", "uncurse",
         "wendy", "soos", "monster", *_AT)


def loc(n: int) -> str:
    return f"L{n:02d}"


def format_action(a: Any) -> str:
    t = type(a)
    if t is A.Play:
        return f"play {a.card}" + (f" {loc(a.dest)}" if a.dest else "")
    if t in (A.Pull, A.Push):
        return f"{a.__struct_config__.tag} {loc(a.loc)} {a.kind}"
    if t is A.Skip:
        return f"skip {loc(a.loc)}"
    if t is A.Fight:
        return f"fight {a.monster}"
    if t is A.Reroll:
        parts = [f"{k}{n}" for k, n in (("s", a.s), ("m", a.m), ("c", a.c)) if n]
        return " ".join(["reroll", *parts])
    if t in (A.Take, A.Discard):
        return f"{a.__struct_config__.tag} {a.card}"
    if t is A.Uncurse:
        return f"uncurse {','.join(a.curses)}"
    if t is A.MoveDie:
        return f"wendy {loc(a.src)} {loc(a.dst)}"
    if t is A.Lift:
        return f"soos {a.char} {a.curse}"
    if t is A.ChooseMonster:
        return f"monster {a.monster}"
    if t in _AT.values():
        return f"{a.__struct_config__.tag} {loc(a.loc)}"
    return a.__struct_config__.tag


def _loc(word: str) -> int:
    w = word.upper()
    if w.startswith("L"):
        w = w[1:]
    loc = notation_number(w, "a location like L07")
    if loc not in board().locations:
        raise NotationError(f"expected a location like L07, got '{word[:20]}'")
    return loc


def _kind(word: str) -> str:
    w = word.lower()
    if w not in A.KINDS:
        raise NotationError(f"expected support or distrust, got '{word}'")
    return w


@cache
def _monster_aliases() -> dict[str, str]:
    out = {}
    for mid, m in monsters().items():
        for alias in (mid, str(m.params["slug"]), m.en, m.ru):
            out[alias.lower().replace(" ", "_").replace("-", "_")] = mid
    return out


def _monster(word: str) -> str:
    mid = _monster_aliases().get(word.lower().replace("-", "_"))
    if mid is None:
        raise NotationError(f"unknown monster '{word}'")
    return mid


def _card(word: str) -> str:
    w = word.lower()
    if w in ("teleport", "телепорт"):
        w = TELEPORT
    if w not in game().actions:
        raise NotationError(f"expected an action card (0-4, 1-3, 2-2, 3-1, 4-0, tp), got '{word}'")
    return w


def _curse(word: str) -> str:
    w = word.upper()
    if w not in curses():
        raise NotationError(f"unknown curse '{word}' (C01..C18)")
    return w


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
    if verb == "play":
        if len(args) not in (1, 2):
            raise NotationError("usage: play <card> [L<nn>]")
        return A.Play(_card(args[0]), _loc(args[1]) if len(args) == 2 else 0)
    if verb in ("pull", "push"):
        need(2, f"{verb} L<nn> support|distrust")
        return (A.Pull if verb == "pull" else A.Push)(_loc(args[0]), _kind(args[1]))
    if verb == "skip":
        need(1, "skip L<nn>")
        return A.Skip(_loc(args[0]))
    if verb == "fight":
        need(1, "fight M<n>")
        return A.Fight(_monster(args[0]))
    if verb == "reroll":
        counts = {"s": 0, "m": 0, "c": 0}
        for w in args:
            k, n = w[:1].lower(), w[1:]
            if k not in counts:
                raise NotationError(f"expected s<k>, m<k> or c<k>, got '{w[:20]}'")
            counts[k] = notation_number(n, "s<k>, m<k> or c<k>")
        return A.Reroll(counts["s"], counts["m"], counts["c"])
    if verb in ("take", "discard"):
        need(1, f"{verb} <card>")
        return (A.Take if verb == "take" else A.Discard)(_card(args[0]))
    if verb == "uncurse":
        need(1, "uncurse C<nn>[,C<nn>...]")
        return A.Uncurse(tuple(sorted({_curse(w) for w in args[0].split(",") if w})))
    if verb == "wendy":
        need(2, "wendy L<from> L<to>")
        return A.MoveDie(_loc(args[0]), _loc(args[1]))
    if verb == "soos":
        need(2, "soos <character> C<nn>")
        ch = args[0].lower()
        if ch not in CHARACTERS:
            raise NotationError(f"unknown character '{args[0]}' ({', '.join(CHARACTERS)})")
        return A.Lift(ch, _curse(args[1]))
    if verb == "monster":
        need(1, "monster M<n>")
        return A.ChooseMonster(_monster(args[0]))
    if verb in _AT:
        need(1, f"{verb} L<nn>")
        return _AT[verb](_loc(args[0]))
    raise NotationError(f"unknown action '{verb[:20]}' (actions: {', '.join(VERBS)})")
