"""Scoring (§7.1): the rulebook's worked example, and the tie-breaks (NW40)."""

from __future__ import annotations

from core.games.newworld import queries as Q
from core.games.newworld.rules import RULES
from tests.games.newworld.nw_play import act, position


def _final(**pos: object) -> object:
    s = position(step="feed", last=True, hstack_size=0, **pos)
    act(s, "pass")
    return s


def test_the_rulebook_example_scores_25() -> None:
    """«4 x 3 = 12 очков … + 10 очков … + 3 очка … 25 очков»: four animals, ten property cards
    (each paired card once, each Жировой запас card), three +1 properties."""
    s = _final(players=[
        {"animals": [
            {"id": 1, "red": 2, "properties": ["carnivorous", "fat_tissue", "fat_tissue"]},
            {"id": 2, "red": 2, "properties": ["big", "running"]},
            {"id": 3, "red": 2, "properties": ["stasis", "camouflage"]},
            {"id": 4, "red": 1, "properties": ["swimming"]},
        ]},
        {"passed": True},
    ], pairs=[{"property": "partnership", "a": 1, "b": 2},
              {"property": "cooperation", "a": 3, "b": 4}])
    assert Q.score_of(s, 0) == {"animals": 12, "properties": 10, "bonus": 3}
    outcome = RULES.outcome(s)
    assert outcome is not None
    assert outcome.scores == [25, 0] and outcome.winners == [0]
    assert outcome.breakdown[0]["animals_alive"] == 4


def test_parasite_scores_two_for_the_animal_owner() -> None:
    s = _final(players=[
        {"animals": [{"id": 1, "red": 3, "properties": ["parasite"]}]},
        {"passed": True, "animals": [{"id": 5, "red": 2, "properties": ["dev_error"]}]},
    ])
    assert RULES.outcome(s).scores == [3 + 1 + 2, 3 + 1 + 1]


def test_a_tie_on_points_goes_to_more_animals() -> None:
    """NW40: points, then surviving animals; no lot is drawn."""
    s = _final(players=[
        {"animals": [{"id": 1, "red": 1}, {"id": 2, "red": 1}]},  # 2 animals: 6
        {"passed": True, "animals": [{"id": 5, "red": 2, "properties": ["big", "running"]}]},  # 3+2+1
    ])
    outcome = RULES.outcome(s)
    assert outcome.scores == [6, 6] and outcome.winners == [0] and not s.by_lot


def test_a_full_tie_is_drawn_by_lot_until_one_is_highest() -> None:
    """NW40: a die per tied seat; equal highest dice roll again."""
    s = _final(fixed_dice=[4, 4, 1, 3, 6], players=[
        {"animals": [{"id": 1, "red": 1}]},
        {"passed": True, "animals": [{"id": 5, "red": 1}]},
        {"passed": True, "animals": [{"id": 9, "red": 1}]},
    ])
    assert s.winners == [1] and s.by_lot  # 4, 4, 1; then 3, 6
    assert RULES.outcome(s).breakdown[1]["lot"] == 1
