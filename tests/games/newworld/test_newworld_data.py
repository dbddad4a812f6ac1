"""The data files (§5, §6): 96 cards, 29 properties, 6 short ones, 20 habitat cards with 14
habitats, and texts for everything (NW32, NW33, NW44)."""

from __future__ import annotations

from collections import Counter

from core.games.newworld.data import (
    CARD_COUNT,
    HABITAT_CARDS,
    faces,
    habitat_cards,
    habitat_kinds,
    properties,
    score_bonus,
)
from core.games.newworld.texts import keys, name


def test_96_cards_of_a_main_and_a_short_property() -> None:
    """NW32: each card has a main and a short property; six properties are short ones."""
    table = faces()
    assert len(table) == CARD_COUNT + 1
    shorts = {short for _, short in table[1:]}
    assert shorts == {p for p, d in properties().items() if d.short}
    assert shorts == {"carnivorous", "fat_tissue", "big", "swimming", "nocturnal", "burrowing"}
    assert all(main not in shorts for main, _ in table[1:])


def test_availability_of_each_property() -> None:
    """§5.3: Хищное 20, Жировой запас, Большое, Водоплавающее, Ночное 16 each, Норное 12,
    Паразит 8, every other property 4; 29 properties in all."""
    count = Counter(t for face in faces()[1:] for t in face)
    assert len(count) == len(properties()) == 29
    assert count["carnivorous"] == 20
    assert all(count[p] == 16 for p in ("fat_tissue", "big", "swimming", "nocturnal"))
    assert count["burrowing"] == 12 and count["parasite"] == 8
    others = set(count) - {"carnivorous", "fat_tissue", "big", "swimming", "nocturnal",
                           "burrowing", "parasite"}
    assert all(count[p] == 4 for p in others)


def test_food_and_bonus_of_the_properties() -> None:
    """§3.1, §7.1: +1 Хищное, Большое, Ошибка развития, Стазис; +2 Паразит."""
    food = {p: d.food for p, d in properties().items() if d.food}
    assert food == {"carnivorous": 1, "big": 1, "dev_error": 1, "stasis": 1, "parasite": 2}
    assert score_bonus() == food


def test_stasis_is_stasis() -> None:
    """NW44: the rulebook's «Статис» is Стазис."""
    assert properties()["stasis"].ru == "Стазис"


def test_habitat_cards() -> None:
    """NW33: 20 cards, 10 designs of 2, 14 habitats; Пустыни under Саванны; any five open
    cards fit the box's 20 red tokens and 5 discs."""
    cards = habitat_cards()
    assert len(cards) == HABITAT_CARDS + 1
    kinds = habitat_kinds()
    assert len(kinds) == 14
    assert dict(cards[1]) == {"u": "savanna", "l": "desert"}
    assert kinds["savanna"].needs == "big" and not kinds["desert"].needs
    assert kinds["glaciers"].needs == "none" and kinds["swamp"].swamp
    assert (kinds["taiga"].red, kinds["mangroves"].red, kinds["mangroves"].shelter) == (3, 2, 1)

    def worth(card: int) -> tuple[int, int]:
        hs = [kinds[k] for _, k in cards[card]]
        return sum(4 if k.swamp else k.red for k in hs), sum(k.shelter for k in hs)

    top = sorted((worth(c) for c in range(1, HABITAT_CARDS + 1)), reverse=True)
    assert sum(r for r, _ in top[:5]) <= 20
    assert sum(sorted((sh for _, sh in top), reverse=True)[:5]) <= 5


def test_every_property_and_habitat_has_names_and_texts() -> None:
    for p in properties().values():
        for lang in ("ru", "en"):
            assert p.name(lang) and p.text(lang) and name(p.id, lang) == p.name(lang)
    for k in habitat_kinds().values():
        assert k.ru and k.en
    assert "game.title" in keys()
