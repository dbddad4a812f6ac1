"""v0.9 specifics (spec §7.2): per-turn scoring, hunger, bonus cards, tie-breaks, personal
food; and the 3rd-edition mimicry option across attacks."""

from __future__ import annotations

import random
from typing import Any

from core.games.classic import events as E
from core.games.classic.rules import RULES
from core.games.classic.state import ClassicState
from tests.games.classic.classic_play import act, fresh, position, random_moves

RULINGS = ["CL30", "CL31", "CL35", "CL40"]


def _last_turn(**pos: Any) -> ClassicState:
    """A v0.9 position in the last turn where p1's hibernation is the last action."""
    players = pos.pop("players")
    players[1].setdefault("animals", []).append({"id": 99, "properties": ["hibernation"]})
    return position(ruleset="v09", step="feed", base=0, go=1, turn=9, players=players, **pos)


def test_scores_accumulate_turn_by_turn() -> None:
    """X6 every turn, the last one included (CL31); a shared win only after every tie-break."""
    for seed in range(4):
        s = fresh(seed, 3, ruleset="v09")
        scored = [0, 0, 0]
        for _, _, events in random_moves(s, random.Random(seed)):
            for ev in events:
                if isinstance(ev, E.Scored):
                    scored = [a + b for a, b in zip(scored, ev.points, strict=True)]
        assert [p.score for p in s.players] == scored
        out = RULES.outcome(s)
        assert out is not None and out.scores == scored


def test_tie_goes_to_more_fed_animals() -> None:
    s = _last_turn(players=[
        {"score": 8, "animals": [{"id": 1, "red": 1}, {"id": 2, "red": 1}]},
        {"score": 10, "animals": [{"id": 3, "red": 2, "properties": ["carnivorous"]}]},
    ])
    s.last = True
    act(s, "end")
    assert [p.score for p in s.players] == [12, 13]
    s = _last_turn(players=[
        {"score": 9, "animals": [{"id": 1, "red": 1}, {"id": 2, "red": 1}]},
        {"score": 10, "animals": [{"id": 3, "red": 2, "properties": ["carnivorous"]}]},
    ])
    s.last = True
    act(s, "end")
    assert [p.score for p in s.players] == [13, 13]
    assert [p.fed for p in s.players] == [2, 1] and s.winners == [0]


def test_tie_then_goes_to_the_larger_reserve_with_personal_food() -> None:
    s = _last_turn(personal_food=True, players=[
        {"score": 10, "reserve": 0, "animals": [{"id": 1, "red": 1}]},
        {"score": 10, "reserve": 2, "animals": [{"id": 3, "red": 1}]},
    ])
    s.last = True
    act(s, "end")
    assert s.step == "reserve" and s.decider == 1  # c99 is unfed: p1 may use the reserve
    act(s, "end")  # ... and keeps it
    assert [p.score for p in s.players] == [12, 12] and [p.fed for p in s.players] == [1, 1]
    assert s.winners == [1]


def test_hunger_needs_two_turns_running() -> None:
    """CL40: an animal turned last turn and fed now is straightened; it dies only when it is
    unfed at two extinctions in a row (CL30)."""
    s = position(ruleset="v09", step="feed", base=0, go=1, turn=2, players=[
        {"animals": [{"id": 1, "turned": True, "red": 1}, {"id": 2}]},
        {"animals": [{"id": 3, "properties": ["hibernation"]}]},
    ])
    act(s, "hibernate c3")
    assert not s.animals[1].turned and s.animals[2].turned and s.turn == 3


def test_personal_food_is_spent_before_hunger_is_judged() -> None:
    s = position(ruleset="v09", personal_food=True, step="feed", base=0, go=1, players=[
        {"reserve": 1, "animals": [{"id": 1}]},
        {"animals": [{"id": 3, "properties": ["hibernation"]}]},
    ])
    act(s, "hibernate c3")
    assert s.step == "reserve" and s.decider == 0
    act(s, "reserve c1 1")
    assert not s.animals[1].turned and s.players[0].reserve == 0
    assert s.players[0].score == 2  # fed at X3, scored at X6


def test_third_edition_mimicry_works_once_per_turn() -> None:
    """CL15: with the option, a Mimicry card used against one attack cannot be used against
    a second attack in the same turn; without it, it can."""
    for third, expect in ((True, ["defend none"]), (False, ["defend mimicry c3"])):
        s = position(mimicry="third" if third else "second", step="feed", base=0, players=[
            {"animals": [{"id": 1, "properties": ["carnivorous"]},
                         {"id": 2, "properties": ["carnivorous"]}]},
            {"animals": [{"id": 4, "properties": ["mimicry", "tail_loss"]}, {"id": 3},
                         {"id": 5}, {"id": 6, "properties": ["big", "hibernation"]}]},
        ])
        act(s, "attack c1 c4")
        act(s, "defend mimicry c5")
        act(s, "hibernate c6")
        assert s.go == 0
        act(s, "attack c2 c4")
        legal = [RULES.format_action(a) for a in RULES.legal_actions(s)]
        assert [a for a in legal if not a.startswith("defend tail")] == expect
