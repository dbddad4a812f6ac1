"""The card and trait data of `northstar` (spec §2.1, §5): 129 cards, the reconstructed food
numbers (§5.3, NS28), the 17 traits with their names and our own texts (NS33)."""

from __future__ import annotations

from collections import Counter

from core.games.northstar import GAME
from core.games.northstar.data import (
    CARD_COUNT,
    CARNIVORE,
    card_food,
    card_traits,
    trait_limit,
    traits,
    words,
)
from core.games.northstar.texts import card_name, name


def test_129_cards_17_carnivores_and_7_of_each_other_trait() -> None:
    names = card_traits()[1:]
    assert len(names) == CARD_COUNT == 129
    counts = Counter(names)
    assert counts.pop(CARNIVORE) == 17
    assert len(counts) == 16 and set(counts.values()) == {7}
    assert set(names) == set(traits())


def test_the_food_numbers_are_the_reconstructed_table() -> None:
    """NS28: the best-estimate table of §5.3 — sum 421, range −3…9, the single 9 on Long Neck."""
    food = card_food()[1:]
    assert sum(food) == 421 and min(food) == -3 and max(food) == 9
    by_trait: dict[str, list[int]] = {}
    for t, v in zip(card_traits()[1:], food, strict=True):
        by_trait.setdefault(t, []).append(v)
    assert by_trait["NS_CARNIVORE"] == [0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6]
    assert by_trait["NS_LONG_NECK"] == [2, 3, 4, 5, 7, 8, 9]
    assert by_trait["NS_INTELLIGENCE"] == [-2, -1, 3, 4, 5, 6, 7]
    assert by_trait["NS_FAT_TISSUE"] == [-1, 0, 3, 4, 4, 5, 5]
    assert by_trait["NS_AMBUSH"] == by_trait["NS_PACK_HUNTING"] == [-3, -2, -1, 0, 1, 2, 3]
    assert [v for v in food if v == 9] == [9]


def test_traits_have_names_and_texts_in_both_languages() -> None:
    """NS33: the Russian names are the spec's working names; English comes first."""
    ru = {t.id: t.ru for t in traits().values()}
    assert ru["NS_COOPERATION"] == "Сотрудничество" and ru["NS_FAT_TISSUE"] == "Жировой запас"
    assert ru["NS_SCAVENGER"] == "Падальщик" and ru["NS_SYMBIOSIS"] == "Симбиоз"
    assert ru["NS_BURROWING"] == "Норное" and ru["NS_INTELLIGENCE"] == "Интеллект"
    assert ru["NS_WARNING_CALL"] == "Сигнал тревоги" and ru["NS_DEF_HERDING"] == "Защитное стадо"
    for t in traits().values():
        assert t.id.startswith("NS_") and t.en and t.ru and t.ja
        assert t.text("en") and t.text("ru") and t.text("ru") != t.text("en")
        assert t.colour in ("red", "white", "green", "yellow", "red/white", "red/green")
    assert traits()["NS_HORNS"].colour == "white" and traits()["NS_HORNS"].src == "P"  # NS11
    assert len(words()) == 17 and all(w.isascii() and w.isalpha() for w in words())
    assert name("NS_HARD_SHELL", "ru") == "Твёрдый панцирь" and name("NS_HARD_SHELL", "en") == "Hard Shell"
    assert card_name(115, "en") == "115 Long Neck (+9)" and card_name(18, "ru") == "18 Засада (-3)"


def test_the_carnivore_takes_meat_by_its_prey_s_size() -> None:
    """§4.3 step 4 and NS8: the meat is the target's body size, in both languages (the English
    text once read as the carnivore's own size)."""
    carnivore = traits()[CARNIVORE]
    assert "prey's body size" in carnivore.text("en") and "its body size" not in carnivore.text("en")
    assert "размер жертвы" in carnivore.text("ru")


def test_trait_limit_and_the_game_title() -> None:
    assert trait_limit(2) == 2 and all(trait_limit(n) == 3 for n in range(3, 7))  # NS26
    assert GAME.name("en") == "Evolution (North Star Games)"
    assert GAME.name("ru") == "Эволюция. Естественный отбор"
