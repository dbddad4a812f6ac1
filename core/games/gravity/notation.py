"""Canonical text notation of `gravity` actions (docs/notation.md), as a table for the kit
(core.engine.notation), which derives `format_action`, `parse_action` and `str(action)`.

Parsing is case-insensitive; a location may also be written as its number (7, L7), a monster
by its slug (gremloblin) or name, a Teleport as `teleport`. Dipper's reroll names its dice
counts in any order, a zero left out: the one part whose number of words varies, so it is
the game's own `Part`.
"""

from __future__ import annotations

from contextlib import suppress

from core.engine.notation import Choice, Form, ListOf, Lookup, Notation, Part, Shape, Values
from core.engine.protocol import NotationError, notation_number
from core.games.gravity import actions as A
from core.games.gravity.data import CHARACTERS, TELEPORT, board, curses, game, monsters


class Location(Shape[int]):
    """`L07` (`7` and `L7` parse too): a location of the board."""

    what, usage = "a location like L07", "L<nn>"

    def read(self, word: str) -> int:
        w = word.upper()
        with suppress(NotationError):
            loc = notation_number(w[1:] if w.startswith("L") else w, self.what)
            if loc in board().locations:
                return loc
        raise NotationError(f"expected {self.what}, got '{word[:20]}'")

    def write(self, value: int) -> str:
        return f"L{value:02d}"


class Dice(Part):
    """Reroll's counts of success, movement and curse dice: `s2 c1`, in any order, each kind
    at most once, a zero left out."""

    fields = ("s", "m", "c")
    least, most = 0, 3
    usage = "[s<k>] [m<k>] [c<k>]"

    def read(self, words: list[str], into: Values) -> None:
        for w in words:
            kind = w[:1].lower()
            if kind in self.fields and kind not in into:
                with suppress(NotationError):
                    into[kind] = notation_number(w[1:], "")
                    continue
            raise NotationError(f"expected s<k>, m<k> or c<k>, each once, got '{w[:20]}'")

    def write(self, action: object, out: list[str]) -> None:
        out.extend(f"{k}{n}" for k in self.fields if (n := getattr(action, k)))


def _cards() -> dict[str, str]:
    return {card: card for card in game().actions} | {"teleport": TELEPORT, "телепорт": TELEPORT}


def _monsters() -> dict[str, str]:
    return {name: mid for mid, m in monsters().items()
            for name in (mid, str(m.params["slug"]), m.en, m.ru)}


def _curse_ids() -> str:
    ids = sorted(curses())
    return f"{ids[0]}..{ids[-1]}"


LOCATION = Location()
CARD = Lookup("action card", _cards, usage="<card>", known=lambda: ", ".join(game().actions))
MONSTER = Lookup("monster", _monsters, usage="M<n>", known=lambda: ", ".join(monsters()))
CURSE = Lookup("curse", lambda: {cid: cid for cid in curses()}, usage="C<nn>", known=_curse_ids)
KIND = Choice(*A.KINDS)

NOTATION = Notation(
    Form(A.Pass, "pass"),
    Form(A.Rest, "rest"),
    Form(A.Place, "place"),
    Form(A.Draw, "draw"),
    Form(A.Roll, "roll"),
    Form(A.Alarm, "alarm"),
    Form(A.Play, "play", CARD("card"), LOCATION("dest", optional=True)),
    Form(A.Pull, "pull", LOCATION("loc"), KIND("kind")),
    Form(A.Push, "push", LOCATION("loc"), KIND("kind")),
    Form(A.Skip, "skip", LOCATION("loc")),
    Form(A.Fight, "fight", MONSTER("monster")),
    Form(A.Reroll, "reroll", Dice()),
    Form(A.Take, "take", CARD("card")),
    Form(A.Discard, "discard", CARD("card")),
    Form(A.Uncurse, "uncurse", ListOf(CURSE, as_set=True)("curses")),
    Form(A.MoveDie, "wendy", LOCATION("src", usage="L<from>"), LOCATION("dst", usage="L<to>")),
    Form(A.Lift, "soos", Choice(*CHARACTERS)("char", usage="<character>"), CURSE("curse")),
    Form(A.ChooseMonster, "monster", MONSTER("monster")),
    Form(A.Teleport, "teleport", LOCATION("loc")),
    Form(A.Retreat, "retreat", LOCATION("loc")),
    Form(A.RemoveDie, "remove", LOCATION("loc")),
    Form(A.Flip, "flip", LOCATION("loc")),
)

parse_action, format_action, VERBS = NOTATION.parse, NOTATION.format, NOTATION.verbs
