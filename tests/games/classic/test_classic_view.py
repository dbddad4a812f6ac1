"""Hidden information in `classic` (spec §8): views per seat and determinization."""

from __future__ import annotations

from core.games.classic.rules import RULES
from tests.games.classic.classic_play import SETUPS, act, position
from tests.kit.evolution_checks import check_determinize
from tests.playing import public_fields


def test_hands_and_animal_faces_are_their_owners_only() -> None:
    s = position(players=[
        {"hand": [40, 41], "animals": [{"id": 1, "card": 5, "properties": ["big"]}]},
        {"hand": [42], "animals": [{"id": 2, "card": 6}]},
    ])
    v0, v1, omni = RULES.view(s, 0), RULES.view(s, 1), RULES.view(s, None)
    assert v0.players[0].hand == [40, 41] and v0.players[1].hand is None
    assert v0.players[1].hand_size == 1
    assert (v0.animals[1].card, v0.animals[2].card) == (5, None)
    assert (v1.animals[1].card, v1.animals[2].card) == (None, 6)
    assert (omni.animals[1].card, omni.animals[2].card) == (5, 6)
    assert v1.animals[1].traits == ["big"] and v1.animals[1].cards == v0.animals[1].cards
    public_fields(v0, "deck", "seed", "rng_count", "fixed_dice", "pile")
    assert v0.deck_size == len(s.deck)


def test_classic_piles_show_only_their_size_and_v09_discard_is_open() -> None:
    """§8: a classic own pile is face down (its size is the tie-break, CL28); the v0.9
    common pile may be looked through by everyone, animal faces included."""
    s = position(step="feed", base=0, players=[
        {"animals": [{"id": 1, "card": 9, "properties": ["carnivorous"]}, {"id": 3, "red": 1}]},
        {"animals": [{"id": 2, "card": 10, "properties": ["fat_tissue"]},
                     {"id": 4, "properties": ["hibernation"]}]},
    ])
    act(s, "attack c1 c2")
    v = RULES.view(s, 0)
    assert v.players[1].pile_size == 2 and v.discard == []
    w = position(ruleset="v09", step="feed", base=0, players=[
        {"animals": [{"id": 1, "card": 9, "properties": ["carnivorous"]}, {"id": 3, "red": 1}]},
        {"animals": [{"id": 2, "card": 10}, {"id": 4, "properties": ["hibernation"]}]},
    ])
    act(w, "attack c1 c2")
    assert 10 in RULES.view(w, 0).discard and 10 in RULES.view(w, 1).discard


def test_a_view_carries_what_a_table_needs() -> None:
    s = position(step="feed", base=4, dice=[2], players=[
        {"animals": [{"id": 1, "properties": ["carnivorous"]}, {"id": 2}, {"id": 3}]},
        {"animals": [{"id": 4, "properties": ["running", "tail_loss"]}, {"id": 5}]},
    ], pairs=[{"property": "symbiosis", "a": 2, "b": 3}, {"property": "cooperation", "a": 1, "b": 2}])
    v = RULES.view(s, 1)
    assert v.base == 4 and v.dice == [2] and v.phase == "feed" and v.turn == 1
    a2 = v.animals[2]
    assert a2.traits == ["symbiosis", "cooperation"]
    assert a2.partners == [3, 1] and a2.roles == ["protector", "pair"]
    assert v.animals[3].roles == ["dependent"]
    assert (a2.need, a2.fed, a2.red, a2.blue, a2.fat) == (1, False, 0, 0, 0)
    act(s, "attack c1 c4")
    v = RULES.view(s, 1)
    assert v.step == "defend" and v.decider == 1
    assert v.attack is not None and (v.attack.predator, v.attack.prey) == (1, 4)
    assert v.attack.targeted == [4]
    assert 1 in [u for u, a in v.animals.items() if a.used]  # the Хищник is used


def test_determinize_is_consistent_with_the_view() -> None:
    check_determinize(RULES, SETUPS, every=9)


def test_the_food_base_of_a_prepared_feeding_position_shows_its_tokens() -> None:
    """A lesson starts in feeding with tokens and no roll: the base shows them (it said the
    roll would come after development)."""
    from core.games.classic.rules import RULES
    from tests.games.classic.classic_play import position
    from tui.games.classic.describe import base_line

    s = position(step="feed", base=1, players=[{"animals": [{"id": 1}]}, {"animals": [{"id": 2}]}])
    line = base_line(RULES.view(s, 0), "en")
    assert "1 left" in line and "after development" not in line
    develop = position(step="develop", players=[{"hand": [1], "animals": [{"id": 1}]}, {}])
    assert "after development" in base_line(RULES.view(develop, 0), "en")
