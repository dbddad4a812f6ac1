"""The `classic` decisions as the table asks them, one choice at a time (pure logic: a view,
the legal actions and the selection so far make a stage), and the texts they use."""

from __future__ import annotations

from typing import Any

import pytest

from core.games.classic import actions as A
from tests.games.classic.test_tui_positions import DEFEND, DEVELOP, FEED, session_at
from tests.kit.evolution_checks import check_attack_stages, check_table_texts
from tests.piloting import labels, stages_at
from tui.games.classic.stages import Sel, action_target, build_stage

TRIGGER: dict[str, Any] = {
    "step": "trigger", "base": 3, "dice": [1],
    "players": [{"animals": [{"id": 1, "red": 1}, {"id": 3}, {"id": 5}]}, {"animals": [{"id": 2}]}],
    "pairs": [{"property": "communication", "a": 1, "b": 3}, {"property": "cooperation", "a": 1, "b": 5}],
    "pending": [{"card": 73, "to": 3}, {"card": 77, "to": 5}],
}
SCAVENGER: dict[str, Any] = {
    "step": "scavenger", "first": 1, "go": 1, "decider": 0, "base": 2, "dice": [1],
    "attack": {"predator": 2, "prey": 9, "stage": "scavenge"},
    "players": [{"animals": [{"id": 1, "properties": ["scavenger"]}, {"id": 3, "properties": ["scavenger"]}]},
                {"animals": [{"id": 2, "properties": ["carnivorous"], "blue": 2}]}],
}
RESERVE: dict[str, Any] = {
    "ruleset": "v09", "personal_food": True, "step": "reserve",
    "players": [{"reserve": 2, "animals": [{"id": 1, "properties": ["carnivorous"]}, {"id": 3}]},
                {"animals": [{"id": 2}]}],
}
DISCARD: dict[str, Any] = {
    "ruleset": "v09", "step": "discard",
    "players": [{"hand": [1, 2, 3, 4, 5, 6, 7, 8], "animals": [{"id": 1}]}, {"animals": [{"id": 2}]}],
}


stage_at = stages_at(session_at, build_stage, Sel)


def test_development_asks_card_then_what_it_becomes_then_where() -> None:
    stage, _ = stage_at(DEVELOP)
    assert set(stage.cards) == {69, 77, 57, 45, 21, 1} and stage.zone == "hand"
    assert labels(stage) == ["Pass"] and stage.options[0].result == A.PASS
    stage, _ = stage_at(DEVELOP, Sel(card=45))
    assert labels(stage) == ["New animal", "Big on one of your animals", "Carnivorous on one of your animals",
                             "Back"]
    assert stage.options[0].result == A.Create(45) and stage.back == Sel()
    stage, _ = stage_at(DEVELOP, Sel(card=45, side="b"))  # Carnivorous: not on c1, which has it
    assert set(stage.animals) == {3, 5} and stage.zone == "mine"
    assert stage.probe_animal is not None and stage.probe_animal(1) == A.Add(45, "b", 1)
    stage, _ = stage_at(DEVELOP, Sel(card=57, side="a"))  # Parasite: on the opponent's animals
    assert set(stage.animals) == {2, 4} and stage.zone == "others"


def test_pairs_ask_two_animals_and_symbiosis_its_direction() -> None:
    stage, _ = stage_at(DEVELOP, Sel(card=77, side="a"))
    assert set(stage.animals) == {1, 3, 5}
    stage, _ = stage_at(DEVELOP, Sel(card=77, side="a", first=5))
    assert stage.animals == {1: A.Pair(77, "a", 1, 5), 3: A.Pair(77, "a", 3, 5)}
    assert stage.picked == (5,)
    stage, _ = stage_at(DEVELOP, Sel(card=69, side="a"))
    assert "protector" in stage.prompt
    stage, _ = stage_at(DEVELOP, Sel(card=69, side="a", first=5))
    assert "dependent" in stage.prompt
    assert stage.animals == {1: A.Pair(69, "a", 5, 1), 3: A.Pair(69, "a", 5, 3)}


def test_feeding_picks_an_animal_then_its_action() -> None:
    stage, _ = stage_at(FEED)
    assert set(stage.animals) == {1, 3, 5}
    assert stage.options == []  # CL8: there is food to take, so ending the go is not offered
    stage, _ = stage_at(FEED, Sel(animal=1))
    assert labels(stage) == ["Take a red token", "Attack…", "Fat into food (1)…", "Back"]
    assert stage.default == A.Take(1)
    assert stage.options[2].result == A.Convert(1, 1)  # one token: no further question
    stage, _ = stage_at(FEED, Sel(animal=5))
    assert labels(stage) == ["Take a red token", "Piracy…", "Back"]
    stage, _ = stage_at(FEED, Sel(animal=5, mode="pirate"))
    assert stage.animals == {8: A.Pirate(5, 8)}


def test_an_attack_asks_the_prey_and_shows_its_defences_before_it_is_made() -> None:
    stage, _ = stage_at(FEED, Sel(animal=1, mode="attack"))
    assert 2 in stage.animals and 4 not in stage.animals and 6 not in stage.animals  # Big, Camouflage
    check_attack_stages(stage_at, FEED, Sel, A, "Mimicry")


def test_the_prey_owner_chooses_the_defence_mimicry_target_and_tail_card() -> None:
    stage, _ = stage_at(DEFEND)
    # CL14: a defence is left, so giving the prey up is not offered
    assert labels(stage) == ["Mimicry: turn it to c3", "Tail Loss… (the predator gets 1)"]
    assert stage.options[0].result == A.Defend("mimicry", target=3)
    assert stage.animals == {3: A.Defend("mimicry", target=3)}
    stage, _ = stage_at(DEFEND, Sel(mode="tail"))
    assert [o.result for o in stage.options[:-1]] == [A.Defend("tail", card=c) for c in (13, 37, 50)]
    assert labels(stage)[2] == "Drop Fat Tissue (card 50)"


def test_reactions_and_extinction_decisions() -> None:
    stage, _ = stage_at(TRIGGER)
    assert [o.result for o in stage.options] == [A.Fire(73, 3), A.Fire(77, 5)]
    assert stage.animals == {3: A.Fire(73, 3), 5: A.Fire(77, 5)}
    assert "takes a red token" in labels(stage)[0] and "gets a blue token" in labels(stage)[1]
    stage, _ = stage_at(SCAVENGER)
    assert stage.animals == {1: A.Scavenge(1), 3: A.Scavenge(3)}
    stage, _ = stage_at(RESERVE)
    assert stage.animals == {1: Sel(animal=1), 3: A.Reserve(3, 1)}
    assert stage.options[0].result == A.END
    stage, _ = stage_at(RESERVE, Sel(animal=1))
    assert [o.result for o in stage.options[:-1]] == [A.Reserve(1, 1), A.Reserve(1, 2)]
    stage, _ = stage_at(DISCARD)
    assert set(stage.cards) == set(range(1, 9)) and "discard 2 more cards" in stage.prompt


def test_a_hint_points_at_where_its_move_starts() -> None:
    assert action_target(A.Pair(77, "a", 1, 3)) == "h:77"
    assert action_target(A.Attack(1, 2)) == "a:1"
    assert action_target(A.Defend("mimicry", target=3)) == "a:3"
    assert action_target(A.END) is None


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_classic_text_the_table_uses_exists(lang: str) -> None:
    check_table_texts("classic", lang, r"\bc\d+|CL\d+")
