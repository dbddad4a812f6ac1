"""The notation of every `classic` action (docs/notation.md): examples, round trips, errors."""

from __future__ import annotations

from core.games.classic import actions as A
from core.games.classic.rules import RULES
from tests.games.classic.classic_play import SETUPS
from tests.kit.evolution_checks import examples_round_trip, refused_as_notation, round_trip_kinds

EXAMPLES = {
    "create 17": A.Create(17),
    "add 17 c3": A.Add(17, "a", 3),
    "add 9a c3": A.Add(9, "a", 3),
    "add 9b c3": A.Add(9, "b", 3),
    "pair 77a c3 c5": A.Pair(77, "a", 3, 5),
    "pair 69 c3>c5": A.Pair(69, "a", 3, 5),
    "pair 69 c5>c3": A.Pair(69, "a", 5, 3),
    "pass": A.PASS,
    "take c3": A.Take(3),
    "attack c3 c7": A.Attack(3, 7),
    "convert c3 2": A.Convert(3, 2),
    "graze c3": A.Graze(3),
    "pirate c3 c7": A.Pirate(3, 7),
    "hibernate c3": A.Hibernate(3),
    "end": A.END,
    "defend running": A.Defend("running"),
    "defend mimicry c5": A.Defend("mimicry", target=5),
    "defend tail 24": A.Defend("tail", card=24),
    "defend none": A.Defend("none"),
    "trigger 73 c5": A.Fire(73, 5),
    "scavenger c4": A.Scavenge(4),
    "reserve c3 2": A.Reserve(3, 2),
    "discard 17": A.Discard(17),
}


test_examples_round_trip = examples_round_trip(RULES, EXAMPLES)


def test_parsing_is_forgiving_where_it_is_unambiguous() -> None:
    assert RULES.parse_action("TAKE C3") == A.Take(3)
    assert RULES.parse_action("  attack   c3  c7 ") == A.Attack(3, 7)
    assert RULES.parse_action("add 9B c3") == A.Add(9, "b", 3)
    # a pair without a direction is the same pair whichever animal comes first (CL5)
    assert RULES.parse_action("pair 77a c5 c3") == A.Pair(77, "a", 3, 5)
    assert RULES.parse_action("add 5 c1") == A.Add(5, "a", 1)


NOT_NOTATION = [
    "", "fly c3", "take", "take 3", "take c3 c4", "add c3 17", "add 17", "pair 69 c3 c5",
    "pair 77a c3>c5", "defend", "defend jump", "defend mimicry", "defend tail c3",
    "convert c3", "convert c3 x", "trigger c3 73", "reserve c3", "discard c17", "create x",
]
test_what_is_not_notation_is_refused = refused_as_notation(RULES, NOT_NOTATION)


def test_every_legal_action_of_random_games_round_trips() -> None:
    kinds = round_trip_kinds(RULES, SETUPS)
    assert {A.Create, A.Add, A.Pair, A.Pass, A.Take, A.Attack, A.End} <= kinds
