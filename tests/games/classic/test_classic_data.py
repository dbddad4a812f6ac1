"""The card data of classic «Эволюция» (spec §5.3, §5.2, §6, §7.2)."""

from __future__ import annotations

from collections import Counter

from core.games.classic.data import (
    CARD_COUNT,
    extra_food,
    faces,
    food_dice,
    properties,
    score_bonus,
    v09_length,
)
from core.games.classic.texts import keys, say


def test_the_deck_is_the_84_cards_of_the_base_box() -> None:
    """CL3: 20 lines; Хищник on 24 cards, Жировой запас 28, Большое, Паразит, Водоплавающее 8,
    every other property 4."""
    table = faces()
    assert len(table) == CARD_COUNT + 1 and table[0] == ()
    on = Counter(t for card in range(1, CARD_COUNT + 1) for t in table[card])
    assert on["carnivorous"] == 24 and on["fat_tissue"] == 28
    assert on["big"] == on["parasite"] == on["swimming"] == on["cooperation"] == 8
    for trait in set(properties()) - {"carnivorous", "fat_tissue", "big", "parasite", "swimming",
                                      "cooperation"}:
        assert on[trait] == 4, trait
    assert len({table[c] for c in range(1, CARD_COUNT + 1)}) == 20
    assert sum(len(table[c]) == 2 for c in range(1, CARD_COUNT + 1)) == 52


def test_single_poisonous_makes_its_line_one_property() -> None:
    """CL3: the option turns Ядовитое / Хищник into Ядовитое alone (Хищник on 20 cards)."""
    single = faces(True)
    assert [single[c] for c in range(5, 9)] == [("poisonous",)] * 4
    assert sum("carnivorous" in single[c] for c in range(1, CARD_COUNT + 1)) == 20
    assert faces(False)[5] == ("poisonous", "carnivorous")


def test_properties_have_names_and_texts_in_both_languages() -> None:
    """§5.2: 19 properties; CL38: Хищник's English id is the one the New World game shares."""
    props = properties()
    assert len(props) == 19
    assert props["carnivorous"].ru == "Хищник" and props["carnivorous"].en == "Carnivorous"
    assert props["communication"].ru == "Взаимодействие" and props["communication"].en == "Communication"
    assert props["cooperation"].ru == "Сотрудничество" and props["cooperation"].en == "Cooperation"
    for p in props.values():
        assert p.ru and p.en and p.text_ru and p.text_en
    paired = {pid for pid, p in props.items() if p.paired}
    assert paired == {"communication", "cooperation", "symbiosis"}
    assert [pid for pid, p in props.items() if p.directed] == ["symbiosis"]
    assert [pid for pid, p in props.items() if p.target == "other"] == ["parasite"]
    assert extra_food() == {"carnivorous": 1, "big": 1, "parasite": 2}
    assert score_bonus() == {"carnivorous": 1, "big": 1, "parasite": 2}


def test_food_dice_and_game_length() -> None:
    """§6 and §7.2."""
    assert [food_dice(n) for n in (2, 3, 4, 5)] == [(1, 2), (2, 0), (2, 2), (3, 0)]
    assert [v09_length(n) for n in (2, 3, 4, 5)] == [10, 6, 4, 5]


def test_every_text_key_has_both_languages() -> None:
    for key in keys():
        assert say(key, "ru", **_dummy()) and say(key, "en", **_dummy())


def _dummy() -> dict[str, object]:
    return {"seat": "A", "first": "B", "c": 1, "t": 2, "p": "big", "card": 3, "k": 2, "n": 3,
            "step": "s", "base": 4, "rules": "r", "cards": [1], "animals": [1], "dice": [1, 2],
            "plus": "", "die": 4, "turn": 1, "list": "x", "to": 3, "last": 5}
