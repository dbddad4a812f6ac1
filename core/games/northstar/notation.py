"""Canonical text notation of `northstar` actions (docs/notation.md).

    food 17                    choose card 17 as this round's food card
    trait 17 A1                card 17 face down on species A1 as a trait
    species 17 left            card 17 discarded for a new species at the left (right) end
    body 17 A1 | pop 17 A1     card 17 discarded for +1 body size / population of A1
    drop A1 17                 trait card 17 discarded from A1
    end                        end the turn (phase 3, the short variant's plan, feeding)
    effect A1 fertile          A1's Fertile acts next (before the reveal)
    eat A1                     A1 eats plant food from the watering hole
    attack A1 B2               carnivore A1 attacks B2
    intel 17 A1                card 17 for Intelligence: herbivore A1 takes plant food
    intel 17 off warning       card 17 for Intelligence: Warning Call is switched off

Species are a seat letter (A = the first seat) and the number of that seat's species in the
order it made them. Traits are written as one word (data/traits.toml `word`). `format` and
`parse` round-trip; parsing is case-insensitive.
"""

from __future__ import annotations

from core.engine.protocol import NotationError, notation_number
from core.games.northstar import actions as A
from core.games.northstar.data import traits, words
from core.games.northstar.state import SEAT_LETTERS, UID_BASE, species_label, species_uid


def _word(trait: str) -> str:
    t = traits().get(trait)
    return t.word if t else trait.lower()


def format_action(a: object) -> str:
    t = type(a)
    if t is A.Attack:
        return f"attack {species_label(a.attacker)} {species_label(a.target)}"  # type: ignore[attr-defined]
    if t is A.Eat:
        return f"eat {species_label(a.species)}"  # type: ignore[attr-defined]
    if t is A.Place:
        return f"trait {a.card} {species_label(a.species)}"  # type: ignore[attr-defined]
    if t is A.Grow:
        return f"{a.track} {a.card} {species_label(a.species)}"  # type: ignore[attr-defined]
    if t is A.NewSpecies:
        return f"species {a.card} {'left' if a.left else 'right'}"  # type: ignore[attr-defined]
    if t is A.Drop:
        return f"drop {species_label(a.species)} {a.card}"  # type: ignore[attr-defined]
    if t is A.ChooseFood:
        return f"food {a.card}"  # type: ignore[attr-defined]
    if t is A.Smart:
        if a.species:  # type: ignore[attr-defined]
            return f"intel {a.card} {species_label(a.species)}"  # type: ignore[attr-defined]
        return f"intel {a.card} off {_word(a.off)}"  # type: ignore[attr-defined]
    if t is A.Order:
        return f"effect {species_label(a.species)} {_word(a.trait)}"  # type: ignore[attr-defined]
    return "end"


def _species(word: str) -> int:
    w = word.upper()
    seat = SEAT_LETTERS.find(w[:1]) if w[:1] else -1
    if seat < 0 or not w[1:]:
        raise NotationError(f"expected a species like A1, got '{word[:20]}'")
    k = notation_number(w[1:], "a species number")
    if not 1 <= k < UID_BASE:
        raise NotationError(f"expected a species like A1, got '{word[:20]}'")
    return species_uid(seat, k)


def _trait(word: str) -> str:
    found = words().get(word.lower())
    if found is None:
        raise NotationError(f"unknown trait '{word[:20]}' (known: {', '.join(sorted(words()))})")
    return found


def _card(word: str) -> int:
    return notation_number(word, "a card number")


# Every action's first word, as `parse_action` reads them (an unknown one is refused listing them).
VERBS = ("end", "food", "trait", "body", "pop", "species", "drop", "effect", "eat", "attack", "intel")


def parse_action(text: str) -> object:
    parts = text.split()
    if not parts:
        raise NotationError("empty action")
    verb, args = parts[0].lower(), parts[1:]

    def need(k: int, usage: str) -> None:
        if len(args) != k:
            raise NotationError(f"usage: {usage}")

    if verb == "end":
        need(0, "end")
        return A.END
    if verb == "food":
        need(1, "food <card>")
        return A.ChooseFood(_card(args[0]))
    if verb == "trait":
        need(2, "trait <card> <species>")
        return A.Place(_card(args[0]), _species(args[1]))
    if verb in ("body", "pop"):
        need(2, f"{verb} <card> <species>")
        return A.Grow(_card(args[0]), _species(args[1]), verb)
    if verb == "species":
        need(2, "species <card> left|right")
        side = args[1].lower()
        if side not in ("left", "right"):
            raise NotationError("usage: species <card> left|right")
        return A.NewSpecies(_card(args[0]), side == "left")
    if verb == "drop":
        need(2, "drop <species> <card>")
        return A.Drop(_species(args[0]), _card(args[1]))
    if verb == "effect":
        need(2, "effect <species> <trait>")
        return A.Order(_species(args[0]), _trait(args[1]))
    if verb == "eat":
        need(1, "eat <species>")
        return A.Eat(_species(args[0]))
    if verb == "attack":
        need(2, "attack <carnivore> <species>")
        return A.Attack(_species(args[0]), _species(args[1]))
    if verb == "intel":
        if len(args) == 3 and args[1].lower() == "off":
            return A.Smart(_card(args[0]), 0, _trait(args[2]))
        need(2, "intel <card> <species>  |  intel <card> off <trait>")
        return A.Smart(_card(args[0]), _species(args[1]))
    raise NotationError(f"unknown action '{verb[:20]}' (actions: {', '.join(VERBS)})")
