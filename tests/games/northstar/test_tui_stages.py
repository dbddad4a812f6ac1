"""The `northstar` decisions as the table asks them, one choice at a time (pure logic: a view,
the legal actions and the selection so far make a stage), and the texts they use."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from core.games.northstar import actions as A
from tests.games.northstar.test_tui_positions import FEED, FOOD, ORDER, PLAN, PLAY, session_at
from tests.piloting import stages_at
from tui.games.northstar.stages import Sel, action_target, build_stage

KEY_NAMES = r"Enter|Esc|Ctrl\+P"  # keys are named as printed on them
UI = Path(__file__).resolve().parents[3] / "tui" / "games" / "northstar"


stage_at = stages_at(session_at, build_stage, Sel)


def test_food_offers_every_hand_card() -> None:
    stage, _ = stage_at(FOOD)
    assert stage.cards == {c: A.ChooseFood(c) for c in (53, 81, 124, 14)}
    assert stage.zone == "hand" and not stage.options


def test_a_card_becomes_a_trait_a_species_or_a_track() -> None:
    root, _ = stage_at(PLAY)
    assert set(root.cards) == {53, 81, 14, 124} and root.cards[53] == Sel(card=53)
    assert root.options[0].result == A.END
    assert not root.species and root.options[1].result == Sel(mode="drop")  # by number
    stage, _ = stage_at(PLAY, Sel(card=53))
    assert stage.species == {1: A.Place(53, 1)}  # A2: full, and Horns already
    labels = [o.label for o in stage.options]
    assert labels[:4] == ["New species at the left end", "New species at the right end",
                          "+1 body size…", "+1 population…"]
    assert stage.options[0].result == A.NewSpecies(53, True)
    assert stage.probe_species is not None and stage.probe_species(2) == A.Place(53, 2)
    assert stage.back == Sel() and "h:81" in stage.switch
    body, _ = stage_at(PLAY, Sel(card=53, mode="body"))
    assert body.species == {1: A.Grow(53, 1, "body")}  # A2 is body size 6
    pop, _ = stage_at(PLAY, Sel(card=53, mode="pop"))
    assert pop.species == {1: A.Grow(53, 1, "pop"), 2: A.Grow(53, 2, "pop")}


def test_discarding_a_trait_names_each_card() -> None:
    stage, _ = stage_at(PLAY, Sel(mode="drop", species=2))
    assert [o.label for o in stage.options[:3]] == [
        "Discard Horns (card 54)", "Discard Hard Shell (card 46)", "Discard Climbing (card 39)"]
    assert all(isinstance(o.result, A.Drop) for o in stage.options[:3])


def test_the_plan_works_on_the_draft() -> None:
    stage, _ = stage_at(PLAN)
    assert set(stage.cards) == {53, 81}  # 88 is in the plan already
    assert stage.options[0].label == "Submit the plan (done)"
    card, _ = stage_at(PLAN, Sel(card=53))
    assert card.species == {1: A.Place(53, 1)}


def test_order_lists_each_effect() -> None:
    stage, _ = stage_at(ORDER)
    assert [o.result for o in stage.options] == [A.Order(1, "NS_FERTILE"), A.Order(1, "NS_FAT_TISSUE"),
                                                 A.Order(1, "NS_LONG_NECK")]


def test_feeding_a_herbivore_a_carnivore_and_intelligence() -> None:
    root, _ = stage_at(FEED)
    assert root.species == {1: Sel(species=1), 2: Sel(species=2, mode="attack")}
    assert root.options[0].result == Sel(mode="off")  # NS5: must feed, so ending is not offered
    herb, _ = stage_at(FEED, Sel(species=1))
    assert herb.default == A.Eat(1) and herb.options[1].result == Sel(species=1, mode="smart")
    target, _ = stage_at(FEED, Sel(species=2, mode="attack"))
    assert set(target.species) == {1, 1002, 1003, 1005} and target.attacker == 2
    assert target.probe_species is not None and target.probe_species(1001) == A.Attack(2, 1001)
    confirm, _ = stage_at(FEED, Sel(species=2, mode="attack", target=1002))
    assert confirm.default == A.Attack(2, 1002)
    assert "takes 1 meat (the prey offers 3; no room for more)" in confirm.prompt  # Horns first
    assert "Horns" in confirm.prompt
    blocked, _ = stage_at(FEED, Sel(species=2, mode="attack", target=1001))
    assert blocked.default is None and "Hard Shell" in blocked.prompt
    off, _ = stage_at(FEED, Sel(mode="off", off="NS_WARNING_CALL"))
    assert off.cards == {53: A.Smart(53, 0, "NS_WARNING_CALL"), 81: A.Smart(81, 0, "NS_WARNING_CALL")}


def test_hints_point_at_the_item_a_move_starts_from() -> None:
    assert action_target(A.ChooseFood(5)) == "h:5"
    assert action_target(A.Place(5, 1)) == "h:5"
    assert action_target(A.Attack(2, 1001)) == "s:2"
    assert action_target(A.Smart(5, 1)) == "s:1"
    assert action_target(A.Smart(5, 0, "NS_HORNS")) == "h:5"
    assert action_target(A.END) is None


def test_russian_stages_have_no_stray_english() -> None:
    for position, sel in [(PLAY, Sel(card=53)), (FEED, Sel(species=2, mode="attack", target=1002)),
                          (FEED, Sel(mode="off")), (ORDER, Sel())]:
        stage, _ = stage_at(position, sel, "ru")
        for line in [stage.prompt, *(o.label for o in stage.options)]:
            assert not re.search(r"[A-Za-z]{3,}", re.sub(KEY_NAMES, "", line)), line


def _texts() -> dict[str, Any]:
    with open(UI / "texts.toml", "rb") as f:
        return tomllib.load(f)


def _leaves(node: dict[str, Any], path: str = "") -> list[tuple[str, dict[str, str]]]:
    out = []
    for key, value in node.items():
        if isinstance(value, dict) and set(value) == {"ru", "en"}:
            out.append((path + key, value))
        elif isinstance(value, dict):
            out += _leaves(value, f"{path}{key}.")
    return out


@pytest.mark.parametrize("key,value", _leaves(_texts()))
def test_every_text_is_in_both_languages(key: str, value: dict[str, str]) -> None:
    assert value["ru"] and value["en"]
    # Russian without English words (placeholders, markup, keys and species labels aside).
    ru = re.sub(r"\{[^}]*\}|\[[^\]]*\]|" + KEY_NAMES, "", value["ru"])
    assert not re.search(r"[A-Za-z]{3,}", ru), key


def test_the_end_screen_says_how_a_tie_was_broken() -> None:
    from tui.games.northstar.summary import tie_break

    b = [{"traits": 5, "population": 3}, {"traits": 4, "population": 4}]
    assert tie_break([20, 20], b, [0], "en") == "The tie on points was broken by the points for traits."
    same = [{"traits": 4, "population": 5}, {"traits": 4, "population": 3}]
    assert "by population" in tie_break([20, 20], same, [0], "en")
    assert tie_break([20, 20], same, [0, 1], "en") == "The tie stood: the win is shared."
    assert tie_break([21, 20], b, [0], "en") == ""
