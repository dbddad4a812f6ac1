"""Canonical text notation of `northstar` actions (docs/notation.md), as a table for the kit
(core.engine.notation), which derives `format_action`, `parse_action` and `str(action)`.

Species are a seat letter (A = the first seat) and the number of that seat's species in the
order it made them. Traits are written as one word (data/traits.toml `word`). Parsing is
case-insensitive.
"""

from __future__ import annotations

from contextlib import suppress

from core.engine.notation import Choice, Form, Lookup, Notation, Number, Shape
from core.engine.protocol import NotationError, notation_number
from core.games.northstar import actions as A
from core.games.northstar.data import traits, words
from core.games.northstar.state import SEAT_LETTERS, UID_BASE, species_label, species_uid


class Species(Shape[int]):
    """`A1`: a seat letter and the number of that seat's species (its uid in the state)."""

    what, usage = "a species like A1", "<species>"

    def read(self, word: str) -> int:
        w = word.upper()
        seat = SEAT_LETTERS.find(w[:1]) if w[:1] else -1
        if seat >= 0:
            with suppress(NotationError):
                k = notation_number(w[1:], self.what)
                if 1 <= k < UID_BASE:
                    return species_uid(seat, k)
        raise NotationError(f"expected {self.what}, got '{word[:20]}'")

    def write(self, value: int) -> str:
        return species_label(value)


def _word(trait: str) -> str:
    t = traits().get(trait)
    return t.word if t else trait.lower()


CARD = Number("card")
SPECIES = Species()
TRAIT = Lookup("trait", words, write=_word, known=lambda: ", ".join(sorted(words())))

NOTATION = Notation(
    Form(A.End, "end"),
    Form(A.ChooseFood, "food", CARD("card")),
    Form(A.Place, "trait", CARD("card"), SPECIES("species")),
    Form(A.Grow, "body", CARD("card"), SPECIES("species"), track="body"),
    Form(A.Grow, "pop", CARD("card"), SPECIES("species"), track="pop"),
    Form(A.NewSpecies, "species", CARD("card"), Choice(left=True, right=False)("left")),
    Form(A.Drop, "drop", SPECIES("species"), CARD("card")),
    Form(A.Order, "effect", SPECIES("species"), TRAIT("trait")),
    Form(A.Eat, "eat", SPECIES("species")),
    Form(A.Attack, "attack", SPECIES("attacker", usage="<carnivore>"), SPECIES("target")),
    Form(A.Smart, "intel", CARD("card"), SPECIES("species")),
    Form(A.Smart, "intel", CARD("card"), "off", TRAIT("off")),
)

parse_action, format_action, VERBS = NOTATION.parse, NOTATION.format, NOTATION.verbs
