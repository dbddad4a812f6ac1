"""Impossible `gravity` positions — from a scenario file or hand-edited into a save behind a good
checksum — are refused in one line with the line they are on (the position schema in
scenario.py, the invariants in invariants.py): a bogus curse,
stage, step, result, variant, character, monster or location, dice faces other than s/m/c, a
seat that does not exist, a round below 1, tokens and courage dice that do not add up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core.games.gravity import GAME
from core.games.gravity.scenario import SCENARIO
from tests.engine.fuzzing import position_save_refused, scenario_refused

BASE: dict[str, Any] = {
    "characters": [{"id": "dipper", "loc": 12, "hand": ["0-4", "1-3"]}, {"id": "mabel", "loc": 5}],
    "monsters": [{"id": "M3", "loc": 19}, {"id": "M1", "loc": 21}, {"id": "M4", "loc": 14}],
    "row": ["L08", "L11", "L10"],
}


@pytest.mark.parametrize(("change", "says"), [
    ({"fixed_dice": 5}, "`fixed_dice` must be a string"),
    ({"fixed_dice": "xyz"}, "dice faces other than s, m and c"),
    ({"stage": "bogus"}, "unknown stage 'bogus'"),
    ({"stage": "t5_push"}, "the pushes [] do not fit stage t5_push"),
    ({"turn": 0}, "`turn` must be at least 1"),
    ({"round": -1}, "`round` must be at least 1"),
    ({"active": 9}, "active seat 9"),
    ({"first": -1}, "`first` must be at least 0, not -1"),
    ({"variant": "bogus"}, "`variant` is 'bogus'"),
    ({"difficulty": "bogus"}, "`difficulty` is 'bogus'"),
    ({"tokens": "bogus"}, "`tokens` is 'bogus'"),
    ({"alarm": 99}, "`alarm` must be 0..16"),
    ({"supply": 99}, "99 courage dice in the supply"),
    ({"cdeck": ["bogus"]}, "`cdeck[0]` is 'bogus'"),
    ({"queue": ["bogus"]}, "unknown queued effect 'bogus'"),
    ({"row": ["L99"]}, "'L99' cannot be in the row"),
    ({"locations": {"L99": {"support": 1}}}, "there is no location L99"),
    ({"locations": {"L05": {"support": -2}}}, "`locations.L05.support` must be at least 0, not -2"),
    ({"monsters": [{"id": "M99", "loc": 3}]}, "`monsters[0].id` is 'M99'"),
    ({"monsters": [{"id": "M1", "defeated": True}]}, "every monster is defeated"),
    ({"target": "M9"}, "the target M9 is not in the game"),
    ({"card": "bogus"}, "unknown action card 'bogus'"),
])
def test_impossible_scenario_positions(tmp_path: Path, change: dict[str, Any], says: str) -> None:
    assert says in scenario_refused(tmp_path, "gravity", {**BASE, **change})


@pytest.mark.parametrize(("char", "says"), [
    ({"id": "bogus", "loc": 1}, "`characters[2].id` is 'bogus'"),
    ({"id": "stan", "loc": 99}, "there is no location 99"),
    ({"id": "stan", "loc": 3, "curses": ["bogus"]}, "`characters[2].curses[0]` is 'bogus'"),
    ({"id": "stan", "loc": 3, "hand": ["9-9"]}, "stan's hand, deck and discard must hold exactly"),
    ({"id": "dipper", "loc": 3}, "1 to 5 different characters"),
])
def test_impossible_characters(tmp_path: Path, char: dict[str, Any], says: str) -> None:
    position = {**BASE, "characters": [*BASE["characters"], char]}
    assert says in scenario_refused(tmp_path, "gravity", position)


@pytest.mark.parametrize(("edit", "says"), [
    (lambda s: s.update(result="bogus"), "result 'bogus'"),
    (lambda s: s.update(variant="bogus"), "unknown variant 'bogus'"),
    (lambda s: s.update(stage="bogus"), "unknown stage 'bogus'"),
    (lambda s: s.update(step="bogus"), "bogus"),
    (lambda s: s["chars"][0]["curses"].append("bogus"), "curse"),
    (lambda s: s.update(supply=s["supply"] + 1), "courage dice"),
    (lambda s: s["chars"][0].update(loc=99), "L99"),
    (lambda s: s["monsters"][0].update(id="bogus"), "unknown monster 'bogus'"),
    (lambda s: s.update(row=["bogus"]), "cannot be in the row"),
    (lambda s: s["chars"][0]["hand"].append("0-4"), "action cards"),
    (lambda s: s.update(ev="bogus"), "unknown event 'bogus'"),
])
def test_impossible_positions_in_a_save(tmp_path: Path, edit: Any, says: str) -> None:
    assert says in position_save_refused(tmp_path, "gravity", edit)


# --- positions that every value fits but no game reaches (issue #28) --------------------------

@pytest.mark.parametrize(("edit", "says"), [
    (lambda s: s.update(cdeck=[], cdiscard=[]), "18 curse card(s) nowhere"),
    (lambda s: s["cdeck"].pop(), "1 curse card(s) nowhere"),
    (lambda s: s["chars"][0]["curses"].extend([s["cdeck"][-1]] * 2) or
     s["chars"][0]["gained"].extend([1, 1]), "holds a curse type twice (G38)"),
])
def test_positions_no_game_reaches_in_a_save(tmp_path: Path, edit: Any, says: str) -> None:
    """Every curse card is somewhere — the deck, its discard or a character (G37) — and no
    character holds a type twice (G38)."""
    message = position_save_refused(tmp_path, "gravity", edit)
    assert says in message, message


def test_a_character_holding_a_curse_twice_is_refused(tmp_path: Path) -> None:
    chars = [{**BASE["characters"][0], "curses": ["C04", "C04"]}, BASE["characters"][1]]
    message = scenario_refused(tmp_path, "gravity", {**BASE, "characters": chars})
    assert "dipper holds a curse type twice (G38)" in message, message


def test_a_roll_to_remove_curses_keeps_the_turns_fight() -> None:
    """After a fight (T5) the turn keeps its target, and a roll to remove curses (T8) comes
    with it: a position games reach, which the check of a whole position once refused (G13).
    A persuasion has no target, a fight always one."""
    s = SCENARIO.state(BASE)
    s.roll_for, s.target = "remove", "M3"
    GAME.check_position(s)
    s.roll_for = "persuade"
    with pytest.raises(ValueError, match="a roll for 'persuade' with target 'M3'"):
        GAME.check_position(s)
    s.roll_for, s.target = "fight", ""
    with pytest.raises(ValueError, match="a roll for 'fight' with target ''"):
        GAME.check_position(s)
