"""Narration of `northstar` in English and Russian, redacted for the viewer (spec §8): drawn
cards, chosen food cards, face-down traits and short-variant plans are named to their owner
only; what a bag holds is told to its owner only (NS29)."""

from __future__ import annotations

import random

from core.games.northstar import events as E
from core.games.northstar.rules import RULES
from core.games.northstar.state import species_uid
from core.games.northstar.steps import Place
from tests.games.northstar.ns_play import NAMES, act, fresh, position, random_moves


def say(ev: object, viewer: int | None, lang: str = "en") -> str:
    text = RULES.narrate(ev, viewer, lang, NAMES)
    assert text is not None
    return text


def test_a_deal_names_the_cards_to_their_owner_only() -> None:
    ev = E.Dealt(0, [115, 18])
    assert say(ev, 0) == "Ann draws 2 cards: 115 Long Neck (+9); 18 Ambush (-3)."
    assert say(ev, 1) == "Ann draws 2 cards."
    assert say(ev, None).startswith("Ann draws 2 cards: 115")
    assert say(ev, 1, "ru") == "Ann берёт 2 карты."
    assert say(E.Dealt(1, [5], "extinction"), 0, "ru") == "За вымерший вид Bob берёт 1 карту."


def test_secret_choices_are_told_without_the_card() -> None:
    chosen = E.FoodChosen(1, 115)
    assert "115" in say(chosen, 1) and "115" not in say(chosen, 0)
    placed = E.TraitPlaced(0, species_uid(0, 1), 46, "NS_HARD_SHELL")
    assert say(placed, 0) == "Ann places Hard Shell (card 46) face down on A1."
    assert say(placed, 1) == "Ann places a trait face down on A1."
    planned = E.Planned(0, Place(46, species_uid(0, 1)))
    assert say(planned, 0, "ru") == "Ann тайно планирует: «Твёрдый панцирь» на A1."
    assert say(planned, 1, "ru") == "Ann тайно планирует ход."


def test_a_bag_s_content_is_told_to_its_owner() -> None:
    ev = E.Bagged(0, 2, 1, 0, 9)
    assert say(ev, 0) == "Ann puts the food on their boards (3) into their bag. The bag now holds 9."
    assert say(ev, 1) == "Ann puts the food on their boards (3) into their bag."


def test_an_attack_is_told_step_by_step() -> None:
    s = position(step="feed", players=[
        {"species": [{"id": "A1", "pop": 2, "body": 3, "traits": ["carnivore"]}]},
        {"species": [{"id": "B1", "pop": 2, "plant": 2, "traits": ["horns"]},
                     {"id": "B2", "pop": 1, "traits": ["scavenger"]}]},
    ], hole=1)
    lines = [RULES.narrate(e, 1, "en", NAMES) for e in act(s, "attack A1 B1")]
    told = [x for x in lines if x]
    assert told[:5] == [
        "A1 attacks B1.",
        "B1 loses 1 population (now 1). The surplus food (1) goes into its owner's bag.",
        "Horns: A1 loses 1 population (now 1).",
        "A1 takes 1 meat.",
        "Scavenger: B2 takes 1 meat.",
    ]


def test_every_event_of_a_game_is_told_in_both_languages() -> None:
    s = fresh(3, 3, short=True)
    log = list(RULES.setup({"short": True}, 3, 3))
    log += [ev for _, _, events in random_moves(s, random.Random(3)) for ev in events]
    kinds = set()
    if True:
        for ev in log:
            for viewer in (None, 0, 1):
                for lang in ("en", "ru"):
                    text = RULES.narrate(ev, viewer, lang, NAMES)
                    if text is not None:
                        assert "{" not in text and text.strip()
                        kinds.add(type(ev).__name__)
    assert {"GameStarted", "Dealt", "FoodChosen", "Planned", "PlansShown", "FoodRevealed",
            "Took", "GameEnded"} <= kinds


def test_the_scoring_line_counts_trait_points_as_a_number() -> None:
    """NS25: the scoring line tells each seat's bag, population and trait points."""
    ev = E.GameEnded([9, 4], [5, 6], [3, 2], [0])
    assert say(ev, 1) == ("Scoring: Ann: 17 (bag 9, population 5, traits 3); "
                          "Bob: 12 (bag 4, population 6, traits 2). Ann wins.")
    assert "свойства 3" in say(ev, 0, "ru")


def test_russian_counts_agree_with_their_numbers() -> None:
    """Food and population are counted in units in Russian ("2 единицы мяса", not "2 мяса";
    "численность уменьшается на 1", not "теряет 1 численности")."""
    uid = species_uid(0, 1)
    assert say(E.Took(uid, "meat", "bank", 2, 0, "meat"), 0, "ru") == "A1 получает 2 единицы мяса."
    eat = say(E.Took(uid, "plant", "hole", 1, 0, "eat"), 0, "ru")
    assert eat == "A1 ест с водопоя 1 единицу растительной пищи."
    assert say(E.Took(uid, "plant", "bank", 5, 0, "intelligence"), 0, "ru").endswith(
        "5 единиц растительной пищи.")
    assert say(E.PopLost(uid, "attack", 2), 0, "ru") == "Численность A1 уменьшается на 1 (теперь 2)."
