"""Hidden information in `newworld` (spec §8): views per seat and determinization."""

from __future__ import annotations

from core.games.newworld.rules import RULES
from tests.games.newworld.nw_play import SETUPS, act, fresh, position
from tests.kit.evolution_checks import check_determinize
from tests.playing import public_fields


def test_hands_animal_faces_and_gene_pools() -> None:
    s = position(scenario="mutations", players=[
        {"pool": [40, 41], "animals": [{"id": 1, "card": 5, "properties": ["big"]}]},
        {"pool": [42], "animals": [{"id": 2, "card": 6}]},
    ])
    v0, v1, omni = RULES.view(s, 0), RULES.view(s, 1), RULES.view(s, None)
    assert v0.players[0].pool is None and v0.players[0].pool_size == 2  # not even its owner
    assert omni.players[0].pool == [40, 41]
    assert (v0.animals[1].card, v0.animals[2].card) == (5, None)
    assert (v1.animals[1].card, v1.animals[2].card) == (None, 6)
    assert v1.animals[1].traits == ["big"] and v1.animals[1].cards == v0.animals[1].cards
    public_fields(v0, "deck", "hstack", "hbox", "box", "seed", "rng_count", "fixed_dice")
    t = fresh(1, 2)
    w = RULES.view(t, 0)
    assert w.players[0].hand == t.players[0].hand and w.players[1].hand is None
    assert w.players[1].hand_size == 6 and w.deck_size == len(t.deck)
    assert w.hstack_size == 6 and w.hbox_size == 12


def test_the_discard_pile_is_open_to_everyone() -> None:
    """NW39."""
    s = position(step="feed", players=[
        {"animals": [{"id": 1, "properties": ["carnivorous"]}]},
        {"animals": [{"id": 5, "card": 90}, {"id": 6}]},
    ], habitats=[{"card": 11}])
    act(s, "attack c1 c5")
    assert RULES.view(s, 0).discard == [90] == RULES.view(s, 1).discard


def test_a_view_carries_what_a_table_needs() -> None:
    s = position(step="feed", epoch=3, habitats=[{"card": 1, "red": [2, 1]}, {"card": 19, "red": 3}],
                 players=[
                     {"animals": [{"id": 1, "red": 1, "properties": ["carnivorous", "fat_tissue"]},
                                  {"id": 2}, {"id": 3, "shelter": True}]},
                     {"animals": [{"id": 4, "properties": ["running", "tail_loss"]}, {"id": 5}]},
                 ], pairs=[{"property": "symbiosis", "a": 2, "b": 3},
                           {"property": "cooperation", "a": 1, "b": 2}])
    v = RULES.view(s, 1)
    assert (v.epoch, v.phase, v.step, v.hstack_size) == (3, "feed", "feed", 3)
    h = v.habitats
    assert [x.key for x in h] == ["1u", "1l", "19"]
    assert (h[0].kind, h[0].needs, h[0].red, h[0].printed_red) == ("savanna", "big", 2, 3)
    assert (h[1].shelter, h[1].printed_shelter, h[2].swamp, h[2].red) == (1, 1, True, 3)
    a2 = v.animals[2]
    assert a2.traits == ["symbiosis", "cooperation"]
    assert a2.partners == [3, 1] and a2.roles == ["protector", "pair"]
    assert v.animals[3].roles == ["dependent"] and v.animals[3].shelter
    a1 = v.animals[1]
    assert (a1.need, a1.fed, a1.can_take, a1.red, a1.fat, a1.fat_cards) == (2, False, True, 1, 0, 1)
    # what each player's surviving animals would score now: 3 each, a card each, the bonus
    assert [p.points for p in v.players] == [3 * 3 + 4 + 1, 3 * 2 + 2]
    act(s, "attack c1 c4")
    v = RULES.view(s, 1)
    assert v.step == "defend" and v.decider == 1
    assert v.attack is not None and (v.attack.predator, v.attack.prey) == (1, 4)
    assert v.animals[1].rotated == [1]  # the Хищное card is rotated


def test_determinize_is_consistent_with_the_view() -> None:
    check_determinize(RULES, SETUPS, every=11)
