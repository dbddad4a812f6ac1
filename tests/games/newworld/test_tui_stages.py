"""The `newworld` decisions as the table asks them, one choice at a time (pure logic: a view,
the legal actions and the selection so far make a stage), and the texts they use."""

from __future__ import annotations

from typing import Any

import pytest

from core.games.newworld import actions as A
from tests.games.newworld.test_tui_positions import (
    CATACLYSM,
    DEFEND,
    DEVELOP,
    FEED,
    HABITATS,
    MUTATIONS,
    SIDE,
    TRIGGER,
    session_at,
)
from tests.kit.evolution_checks import check_attack_stages, check_table_texts
from tests.piloting import labels, stages_at
from tui.games.newworld.stages import Sel, action_target, build_stage

# Ann's c1 may transform (Big is replaced by a card from her hand); c3 pirates.
TRANSFORM: dict[str, Any] = {
    "step": "feed", "epoch": 2, "habitats": HABITATS, "main_done": True,
    "players": [
        {"hand": [1, 37, 25], "animals": [
            {"id": 1, "properties": ["transformation", "big"]},
            {"id": 3, "properties": ["piracy"]},
        ]},
        {"animals": [{"id": 2, "red": 1, "properties": ["big"]}]},
    ],
}
SCAVENGER: dict[str, Any] = {
    "step": "scavenger", "first": 1, "go": 1, "decider": 0, "habitats": HABITATS,
    "attack": {"predator": 2, "prey": 4, "stage": "scavenge"},
    "players": [{"animals": [{"id": 1, "properties": ["scavenger"]},
                             {"id": 3, "properties": ["scavenger"]}]},
                {"animals": [{"id": 2, "properties": ["carnivorous"], "blue": 2}, {"id": 4}]}],
}
SAVE: dict[str, Any] = {
    "step": "save", "epoch": 2, "habitats": HABITATS,
    "players": [{"animals": [{"id": 1, "properties": ["hibernation", "fat_tissue"], "fat": 1}]},
                {"animals": [{"id": 2}]}],
}
DISCARD: dict[str, Any] = {
    "step": "discard", "epoch": 2, "habitats": HABITATS,
    "players": [{"hand": [1, 2, 3, 4, 5, 6, 7, 8], "animals": [{"id": 1}]},
                {"animals": [{"id": 2}]}],
}


stage_at = stages_at(session_at, build_stage, Sel)


def test_development_asks_card_then_what_it_becomes_then_where() -> None:
    stage, _ = stage_at(DEVELOP)
    assert set(stage.cards) == {37, 81, 21, 65, 1, 85} and stage.zone == "hand"
    assert labels(stage) == ["Pass"] and stage.options[0].result == A.PASS
    stage, _ = stage_at(DEVELOP, Sel(card=37))
    assert labels(stage) == ["New animal…", "Main: Communication on two of your animals",
                             "Short: Big on one of your animals", "Back"]
    assert stage.options[0].result == Sel(card=37, side="new") and stage.back == Sel()
    stage, _ = stage_at(DEVELOP, Sel(card=37, side="new"))  # never between c1 and c3 (joined)
    assert stage.animals == {1: A.Create(37, 1), 5: A.Create(37, 5)}
    assert stage.default == A.Create(37) and stage.stay
    stage, _ = stage_at(DEVELOP, Sel(card=1, side="b"))  # Carnivorous: not on c1, which has it
    assert set(stage.animals) == {3, 5} and stage.zone == "mine"
    assert stage.probe_animal is not None and stage.probe_animal(1) == A.Add(1, "b", 1)
    stage, _ = stage_at(DEVELOP, Sel(card=21, side="a"))  # Parasite: on the opponent's animals
    assert set(stage.animals) == {2, 4} and stage.zone == "others"
    stage, _ = stage_at(DEVELOP, Sel(card=65, side="a"))  # Stasis: on any animal
    assert set(stage.animals) == {1, 2, 3, 4, 5}


def test_pairs_ask_two_animals_and_symbiosis_its_direction() -> None:
    stage, _ = stage_at(DEVELOP, Sel(card=37, side="a"))
    assert set(stage.animals) == {1, 3, 5}
    stage, _ = stage_at(DEVELOP, Sel(card=37, side="a", first=5))
    assert stage.animals == {1: A.Pair(37, "a", 1, 5), 3: A.Pair(37, "a", 3, 5)}
    assert stage.picked == (5,)
    stage, _ = stage_at(DEVELOP, Sel(card=81, side="a"))
    assert "protector" in stage.prompt
    stage, _ = stage_at(DEVELOP, Sel(card=81, side="a", first=5))
    assert "dependent" in stage.prompt
    assert stage.animals == {1: A.Pair(81, "a", 5, 1), 3: A.Pair(81, "a", 5, 3)}


def test_feeding_picks_an_animal_then_a_habitat_or_an_action() -> None:
    stage, _ = stage_at(FEED)
    assert set(stage.animals) == {1, 3, 5}
    assert stage.options == []  # NW6: a main action obliges, so passing is not offered
    stage, _ = stage_at(FEED, Sel(animal=3))  # Big: the Savannas too
    assert stage.habitats == {"1u": A.Feed(3, "1u"), "1l": Sel(animal=3, habitat="1l"),
                              "13": Sel(animal=3, habitat="13"), "11": A.Feed(3, "11")}
    assert stage.zone == "habitats" and labels(stage) == ["Back"]
    stage, _ = stage_at(FEED, Sel(animal=1))
    assert "1u" not in stage.habitats and stage.probe_habitat is not None
    assert stage.probe_habitat("1u") == A.Feed(1, "1u")
    assert labels(stage) == ["Attack…", "Back"]
    stage, _ = stage_at(FEED, Sel(animal=1, habitat="13"))
    assert [o.result for o in stage.options[:2]] == [A.Feed(1, "13"), A.Shelter(1, "13")]
    assert stage.default == A.Feed(1, "13") and stage.habitats["13"] == A.Feed(1, "13")
    stage, _ = stage_at(FEED, Sel(animal=5))
    assert labels(stage) == ["Piracy…", "Back"]
    stage, _ = stage_at(FEED, Sel(animal=5, mode="pirate"))
    assert stage.animals == {8: A.Pirate(5, 8)}


def test_an_attack_asks_the_prey_and_shows_its_defences_before_it_is_made() -> None:
    stage, _ = stage_at(FEED, Sel(animal=1, mode="attack"))
    assert set(stage.animals) == {2, 5, 8}  # not Big c4, Camouflage c6, sheltered c10
    check_attack_stages(stage_at, FEED, Sel, A, "Mimicry (turns the attack to c2)")


def test_transformation_asks_the_property_then_the_card_then_the_side() -> None:
    stage, _ = stage_at(TRANSFORM, Sel(animal=1))
    assert labels(stage) == ["Transformation…", "Back"]
    stage, _ = stage_at(TRANSFORM, Sel(animal=1, mode="transform"))
    assert labels(stage)[:2] == ["Replace Transformation (card 61)", "Replace Big (card 38)"]
    stage, _ = stage_at(TRANSFORM, Sel(animal=1, mode="transform", old=38))
    assert set(stage.cards) == {1, 25} and stage.zone == "hand"  # 37: Communication / Big
    assert stage.cards[1] == Sel(animal=1, mode="transform", old=38, card=1)
    assert stage.probe_card is not None and stage.probe_card(37) == A.Transform(1, 38, 37, "b")
    stage, _ = stage_at(TRANSFORM, Sel(animal=1, mode="transform", old=38, card=1))
    assert [o.result for o in stage.options[:2]] == [A.Transform(1, 38, 1, "a"),
                                                      A.Transform(1, 38, 1, "b")]


def test_the_prey_owner_chooses_the_defence_mimicry_target_and_tail_card() -> None:
    stage, _ = stage_at(DEFEND)
    # NW19: defences are left, so giving the prey up is not offered
    assert labels(stage) == ["Mimicry: turn it to c3", "Tail Loss… (the predator gets 1)",
                             "Deterrence: the predator leaves with nothing"]
    assert stage.options[0].result == A.Defend("mimicry", target=3)
    assert stage.animals == {3: A.Defend("mimicry", target=3)}
    stage, _ = stage_at(DEFEND, Sel(mode="tail"))
    assert [o.result for o in stage.options[:-1]] == [A.Defend("tail", card=c) for c in (53, 73, 89)]
    assert labels(stage)[2] == "Drop Deterrence (card 89)"


def test_reactions_and_extinction_decisions() -> None:
    stage, _ = stage_at(TRIGGER)
    assert [o.result for o in stage.options] == [A.Fire(37), A.Fire(13), A.TRAMPLE]
    assert stage.animals == {3: A.Fire(37), 5: A.Fire(13)}
    assert "eats in h11 too" in labels(stage)[0] and "gets a blue token" in labels(stage)[1]
    stage, _ = stage_at(SCAVENGER)
    assert stage.animals == {1: A.Scavenge(1), 3: A.Scavenge(3)}
    stage, _ = stage_at(SAVE)
    assert [o.result for o in stage.options] == [A.Save(1, "fat"), A.Save(1, "sleep")]
    stage, _ = stage_at(DISCARD)
    assert set(stage.cards) == set(range(1, 9)) and "discard 2 more cards" in stage.prompt


def test_random_mutations_and_cataclysm() -> None:
    stage, _ = stage_at(MUTATIONS)
    assert labels(stage) == ["A new animal from the gene pool", "Rearrange the row…", "Pass"]
    assert stage.animals == {1: A.Mutate(1), 3: A.Mutate(3), 5: A.Mutate(5)}
    stage, _ = stage_at(MUTATIONS, Sel(mode="swap"))
    assert set(stage.animals) == {1, 5}  # groups by their leftmost animals
    stage, _ = stage_at(MUTATIONS, Sel(mode="swap", target=1))
    assert stage.animals == {5: A.Swap(1, 5)} and stage.options[0].result == A.Swap(1, 1)
    stage, _ = stage_at(SIDE)
    assert labels(stage) == ["Main: Symbiosis, c3 protects c5", "Main: Symbiosis, c5 protects c3",
                             "Short: Nocturnal"]
    stage, _ = stage_at(CATACLYSM)
    assert A.PASS not in [o.result for o in stage.options]  # NW42: more than 2 cards in hand


def test_a_hint_points_at_where_its_move_starts() -> None:
    assert action_target(A.Pair(37, "a", 1, 3)) == "h:37"
    assert action_target(A.Feed(3, "11")) == "a:3"
    assert action_target(A.Attack(1, 2)) == "a:1"
    assert action_target(A.Defend("mimicry", target=3)) == "a:3"
    assert action_target(A.Mutate(5)) == "a:5"
    assert action_target(A.END) is None


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_newworld_text_the_table_uses_exists(lang: str) -> None:
    check_table_texts("newworld", lang, r"\bc\d+|\bh\d+[ul]?\b|NW§?[\d.]+")
