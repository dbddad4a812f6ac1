"""Canonical text notation of `newworld` actions (docs/notation.md), as a table for the kit
(core.engine.notation), which derives `format_action`, `parse_action` and `str(action)`.

A card's side always follows its number: `a` the main property, `b` the short one. Animals
are `c<n>`, habitats `h<card>` with `u` / `l` for the upper and lower half of a double card.
Paired properties name the lower-numbered animal first; Симбиоз names the protector, `>`,
then the dependent (NW30); which of the two a card is depends on the card, so those two forms
carry hooks. Parsing is case-insensitive and also accepts a pair in either order.
"""

from __future__ import annotations

from contextlib import suppress

from core.engine.notation import Arrow, CardSide, Choice, Form, Id, Notation, Number, Shape
from core.engine.protocol import NotationError, notation_number
from core.games.newworld import actions as A
from core.games.newworld.data import CARD_COUNT, SYMBIOSIS, faces


class Habitat(Shape[str]):
    """`h11`, `h3u`, `h3l`: a habitat card and, for a double card, its half (the key "3u")."""

    what, usage = "a habitat like h11 or h3u", "h<habitat>"

    def read(self, word: str) -> str:
        w = word.lower()
        half = w[-1:] if w[-1:] in ("u", "l") else ""
        if w.startswith("h"):
            with suppress(NotationError):
                return f"{notation_number(w[1:len(w) - len(half)], self.what)}{half}"
        raise NotationError(f"expected {self.what}, got '{word[:20]}'")

    def write(self, value: str) -> str:
        return f"h{value}"


def _trait(card: int, side: str) -> str:
    if not 1 <= card <= CARD_COUNT or side not in ("a", "b"):
        return ""
    return faces()[card][0 if side == "a" else 1]


def _undirected(p: A.Pair) -> bool:
    return _trait(p.card, p.side) != SYMBIOSIS


def _pair(p: A.Pair) -> A.Pair:
    """Either order names the same pair (NW11); Симбиоз needs its direction."""
    trait = _trait(p.card, p.side)
    if trait == SYMBIOSIS:
        raise NotationError("Symbiosis names the protector, '>' and the dependent: pair 81a c3>c5")
    return A.Pair(p.card, p.side, min(p.a, p.b), max(p.a, p.b)) if trait else p


def _symbiosis(p: A.Pair) -> A.Pair:
    if _trait(p.card, p.side) not in ("", SYMBIOSIS):
        raise NotationError("only Symbiosis has a direction ('>')")
    return p


CARD = Number("card")
ANIMAL = Id("c", "animal")
CARD_SIDE = CardSide("ab")
PARTNERS = Arrow(ANIMAL, "protector", "dependent")
HABITAT = Habitat()

NOTATION = Notation(
    Form(A.Pass, "pass"),
    Form(A.End, "end"),
    Form(A.Trample, "trample"),
    Form(A.Spare, "spare"),
    Form(A.Create, "create", CARD("card"), ANIMAL("before", optional=True)),
    Form(A.Add, "add", CARD_SIDE("card", "side"), ANIMAL("animal")),
    Form(A.Pair, "pair", CARD_SIDE("card", "side"), ANIMAL("a"), ANIMAL("b"), when=_undirected, check=_pair),
    Form(A.Pair, "pair", CARD_SIDE("card", "side"), PARTNERS("a", "b"), check=_symbiosis),
    Form(A.Mutate, "mutate", "new", animal=0),
    Form(A.Mutate, "mutate", ANIMAL("animal")),
    Form(A.Side, "side", Choice("a", "b")("side"), PARTNERS("a", "b", optional=True)),
    Form(A.Swap, "swap", ANIMAL("a"), ANIMAL("b")),
    Form(A.Feed, "feed", ANIMAL("animal"), HABITAT("habitat")),
    Form(A.Shelter, "shelter", ANIMAL("animal"), HABITAT("habitat")),
    Form(A.Attack, "attack", ANIMAL("predator"), ANIMAL("prey")),
    Form(A.Pirate, "pirate", ANIMAL("animal"), ANIMAL("victim")),
    Form(A.Transform, "transform", ANIMAL("animal"), CARD("old"), CARD_SIDE("card", "side", optional=True)),
    Form(A.Fire, "trigger", CARD("card")),
    *(Form(A.Defend, "defend", kind, kind=kind) for kind in ("horned", "running")),
    Form(A.Defend, "defend", "mimicry", ANIMAL("target"), kind="mimicry"),
    Form(A.Defend, "defend", "tail", CARD("card"), kind="tail"),
    *(Form(A.Defend, "defend", kind, kind=kind) for kind in ("deterrence", "none")),
    Form(A.Scavenge, "scavenger", ANIMAL("animal")),
    Form(A.Save, "save", ANIMAL("animal"), Choice("fat", "sleep")("first")),
    Form(A.Discard, "discard", CARD("card")),
)

parse_action, format_action, VERBS = NOTATION.parse, NOTATION.format, NOTATION.verbs
