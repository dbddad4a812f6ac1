"""Canonical text notation of `classic` actions (docs/notation.md), as a table for the kit
(core.engine.notation), which derives `format_action`, `parse_action` and `str(action)`.

A card's side is written after its number, `a` (main) or `b` (second), and left out for a
card with one property. Paired properties name the lower-numbered animal first; Симбиоз
names the protector, `>`, then the dependent (CL21); which of the two a card is depends on
the card, so those two forms carry hooks. Parsing is case-insensitive and also accepts the
pair in either order.
"""

from __future__ import annotations

from core.engine.notation import Arrow, CardSide, Form, Id, Notation, Number
from core.engine.protocol import NotationError
from core.games.classic import actions as A
from core.games.classic.data import CARD_COUNT, SYMBIOSIS, faces


def _one_property(card: int) -> bool:
    return 1 <= card <= CARD_COUNT and len(faces()[card]) == 1


def _trait(card: int, side: str) -> str:
    """The property on that side of a card ("" if there is none)."""
    face = faces()[card] if 1 <= card <= CARD_COUNT else ()
    i = 0 if side == "a" else 1
    return face[i] if i < len(face) else ""


def _undirected(p: A.Pair) -> bool:
    return _trait(p.card, p.side) != SYMBIOSIS


def _pair(p: A.Pair) -> A.Pair:
    """Either order names the same pair (CL5); Симбиоз needs its direction."""
    trait = _trait(p.card, p.side)
    if trait == SYMBIOSIS:
        raise NotationError("Symbiosis names the protector, '>' and the dependent: pair 65 c3>c5")
    return A.Pair(p.card, p.side, min(p.a, p.b), max(p.a, p.b)) if trait else p


def _symbiosis(p: A.Pair) -> A.Pair:
    if _trait(p.card, p.side) not in ("", SYMBIOSIS):
        raise NotationError("only Symbiosis has a direction ('>')")
    return p


CARD, TOKENS = Number("card"), Number("token", usage="<tokens>")
ANIMAL = Id("c", "animal")
CARD_SIDE = CardSide("ab", bare=_one_property)

NOTATION = Notation(
    Form(A.Pass, "pass"),
    Form(A.End, "end"),
    Form(A.Create, "create", CARD("card")),
    Form(A.Add, "add", CARD_SIDE("card", "side"), ANIMAL("animal")),
    Form(A.Pair, "pair", CARD_SIDE("card", "side"), ANIMAL("a"), ANIMAL("b"), when=_undirected, check=_pair),
    Form(A.Pair, "pair", CARD_SIDE("card", "side"), Arrow(ANIMAL, "protector", "dependent")("a", "b"),
         check=_symbiosis),
    Form(A.Take, "take", ANIMAL("animal")),
    Form(A.Graze, "graze", ANIMAL("animal")),
    Form(A.Hibernate, "hibernate", ANIMAL("animal")),
    Form(A.Scavenge, "scavenger", ANIMAL("animal")),
    Form(A.Attack, "attack", ANIMAL("predator"), ANIMAL("prey")),
    Form(A.Pirate, "pirate", ANIMAL("animal"), ANIMAL("victim")),
    Form(A.Convert, "convert", ANIMAL("animal"), TOKENS("k")),
    Form(A.Reserve, "reserve", ANIMAL("animal"), TOKENS("k")),
    Form(A.Defend, "defend", "running", kind="running"),
    Form(A.Defend, "defend", "mimicry", ANIMAL("target"), kind="mimicry"),
    Form(A.Defend, "defend", "tail", CARD("card"), kind="tail"),
    Form(A.Defend, "defend", "none", kind="none"),
    Form(A.Fire, "trigger", CARD("card"), ANIMAL("to")),
    Form(A.Discard, "discard", CARD("card")),
)

parse_action, format_action, VERBS = NOTATION.parse, NOTATION.format, NOTATION.verbs
