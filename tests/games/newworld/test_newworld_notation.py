"""The notation of every `newworld` action (docs/notation.md): examples, round trips, errors."""

from __future__ import annotations

from core.games.newworld import actions as A
from core.games.newworld.rules import RULES
from tests.games.newworld.nw_play import SETUPS
from tests.kit.evolution_checks import examples_round_trip, refused_as_notation, round_trip_kinds

EXAMPLES = {
    "create 17": A.Create(17),
    "create 17 c5": A.Create(17, 5),
    "add 17b c3": A.Add(17, "b", 3),
    "add 9a c7": A.Add(9, "a", 7),
    "pair 37a c3 c5": A.Pair(37, "a", 3, 5),
    "pair 81a c3>c5": A.Pair(81, "a", 3, 5),
    "pair 81a c5>c3": A.Pair(81, "a", 5, 3),
    "pass": A.PASS,
    "mutate new": A.Mutate(0),
    "mutate c3": A.Mutate(3),
    "side a": A.Side("a"),
    "side b c3>c4": A.Side("b", 3, 4),
    "swap c3 c7": A.Swap(3, 7),
    "swap c3 c3": A.Swap(3, 3),
    "feed c3 h11": A.Feed(3, "11"),
    "feed c3 h1u": A.Feed(3, "1u"),
    "shelter c3 h2l": A.Shelter(3, "2l"),
    "attack c3 c7": A.Attack(3, 7),
    "pirate c3 c7": A.Pirate(3, 7),
    "transform c3 45 17b": A.Transform(3, 45, 17, "b"),
    "transform c3 45": A.Transform(3, 45),
    "end": A.END,
    "trigger 37": A.Fire(37),
    "trample": A.TRAMPLE,
    "spare": A.SPARE,
    "defend horned": A.Defend("horned"),
    "defend running": A.Defend("running"),
    "defend mimicry c5": A.Defend("mimicry", target=5),
    "defend tail 24": A.Defend("tail", card=24),
    "defend deterrence": A.Defend("deterrence"),
    "defend none": A.DEFEND_NONE,
    "scavenger c4": A.Scavenge(4),
    "save c3 fat": A.Save(3, "fat"),
    "save c3 sleep": A.Save(3, "sleep"),
    "discard 17": A.Discard(17),
}


test_examples_round_trip = examples_round_trip(RULES, EXAMPLES)


def test_parsing_is_forgiving_where_it_is_unambiguous() -> None:
    assert RULES.parse_action("FEED C3 H1U") == A.Feed(3, "1u")
    assert RULES.parse_action("  attack   c3  c7 ") == A.Attack(3, 7)
    assert RULES.parse_action("add 9B c3") == A.Add(9, "b", 3)
    assert RULES.parse_action("pair 37a c5 c3") == A.Pair(37, "a", 3, 5)  # NW11: a pair either way
    assert RULES.parse_action("Mutate NEW") == A.Mutate(0)


NOT_NOTATION = [
    "", "fly c3", "feed c3", "feed c3 11", "feed 3 h11", "feed c3 hx", "add 17 c3", "add c3 17b",
    "pair 81a c3 c5", "pair 37a c3>c5", "defend", "defend jump", "defend mimicry",
    "defend tail c3", "save c3", "save c3 nap", "transform c3", "transform c3 45 17",
    "side", "side c", "side a c3", "mutate", "swap c3", "trigger c3", "discard c17",
    "create x", "create 17 5", "feed c² h11", "pass now",
]
test_what_is_not_notation_is_refused = refused_as_notation(RULES, NOT_NOTATION)


def test_every_legal_action_of_random_games_round_trips() -> None:
    kinds = round_trip_kinds(RULES, SETUPS)
    assert {A.Create, A.Add, A.Pair, A.Pass, A.Mutate, A.Swap, A.Side, A.Feed, A.Shelter,
            A.Attack, A.End, A.Discard} <= kinds
