"""Hidden information in `northstar` (spec §8): views per seat, determinization, and the short
variant's secret plans (§7.4) — a seat's view never shows another's pending choice."""

from __future__ import annotations

import random
import re

import msgspec

from core.games.northstar.rules import RULES
from core.games.northstar.state import species_uid
from tests.games.northstar.ns_play import act, fresh, position, random_moves
from tests.playing import public_fields

A1, A2, B1 = species_uid(0, 1), species_uid(0, 2), species_uid(1, 1)
enc = msgspec.msgpack.Encoder()


def test_hands_deck_and_removed_cards() -> None:
    s = fresh(1, 2)
    v0 = RULES.view(s, 0)
    assert v0.players[0].hand == s.players[0].hand and v0.players[1].hand is None
    assert v0.players[1].hand_size == len(s.players[1].hand) == 4  # 3 + 1 species (P1.2)
    assert v0.deck_size == len(s.deck) and v0.removed_size == 40  # NS26
    public_fields(v0, "deck", "removed", "seed", "rng_count")


def test_food_cards_face_down_until_the_reveal() -> None:
    s = fresh(2, 3)
    seat = s.decider
    card = s.players[seat].hand[0]
    act(s, f"food {card}")
    mine, other = RULES.view(s, seat), RULES.view(s, (seat + 1) % 3)
    assert mine.players[seat].food == card and mine.players[seat].food_chosen
    assert other.players[seat].food is None and other.players[seat].food_chosen
    assert other.players[(seat + 2) % 3].food_chosen is False  # "not yet"


def test_face_down_traits_show_where_but_not_what() -> None:
    s = position(step="play", players=[
        {"hand": [46], "species": [{"id": "A1"}]},
        {"hand": [1], "species": [{"id": "B1"}]},
    ], hole=2)
    act(s, "trait 46 A1")
    own, other, omni = RULES.view(s, 0), RULES.view(s, 1), RULES.view(s, None)
    assert own.species[A1].cards == [46] and own.species[A1].hidden == [True]
    assert other.species[A1].cards == [0] and other.species[A1].traits == [""]
    assert other.species[A1].hidden == [True] and omni.species[A1].traits == ["NS_HARD_SHELL"]
    w = RULES.determinize(other, random.Random(3))
    assert enc.encode(RULES.view(w, 1)) == enc.encode(other)


def test_bags_are_secret_unless_open() -> None:
    """NS29."""
    pos = dict(step="feed", hole=1, players=[
        {"bag": [2, 1, 1], "species": [{"id": "A1", "pop": 2}]},
        {"bag": 5, "species": [{"id": "B1"}]},
    ])
    s = position(**pos)
    assert RULES.view(s, 0).players[0].bag == 4 and RULES.view(s, 0).players[0].bag_kinds == [2, 1, 1]
    assert RULES.view(s, 1).players[0].bag is None and RULES.view(s, 1).players[0].bag_kinds is None
    t = position(open_bags=True, **pos)
    assert RULES.view(t, 1).players[0].bag == 4


def test_scoring_opens_every_bag_in_every_output() -> None:
    """NS29: bags are secret while the game is on; once it is scored (the narration names every
    bag), every seat's view, its JSON and its text show every bag, plant, meat and fat."""
    from core.games.northstar import events as E

    s = fresh(4, 3)
    ended = None
    for _action, before, events in random_moves(s, random.Random(4)):
        if RULES.pending(s) is None:
            ended = next(e for e in events if isinstance(e, E.GameEnded))
            for seat in range(3):  # the move before the end: the other bags are still secret
                hidden = [p.bag is None for p in RULES.view(before, seat).players]
                assert hidden == [i != seat for i in range(3)]
    assert ended is not None
    names = ["Ann", "Boris", "Vera"]
    for seat in (0, 1, 2, None):
        v = RULES.view(s, seat)
        assert [p.bag for p in v.players] == [p.bag for p in s.players] == ended.bags
        assert [p.bag_kinds for p in v.players] == [[p.bag_plant, p.bag_meat, p.bag_fat] for p in s.players]
        blob = msgspec.to_builtins(v)
        assert [p["bag"] for p in blob["players"]] == ended.bags
        for lang, word in (("en", "bag"), ("ru", "мешочек")):
            text = RULES.render_text(v, lang, names)
            told = RULES.narrate(ended, seat, lang, names)
            for name, bag in zip(names, ended.bags, strict=True):
                assert re.search(rf"^{name}: .*\b{word} {bag}\b", text, re.M), (name, text)
                assert re.search(rf"{name}: \d+ \({word} {bag},", told), told


def test_a_view_carries_what_a_table_needs() -> None:
    s = position(step="feed", round=3, hole=4, shown=[115, 18], off=["warning"], players=[
        {"hand": [124], "species": [
            {"id": "A1", "pop": 3, "body": 4, "meat": 1, "traits": ["carnivore", "intelligence"]},
            {"id": "A2", "pop": 2, "body": 2, "plant": 1, "fat": 1, "traits": ["fat"]}]},
        {"species": [{"id": "B1", "pop": 2, "body": 2, "traits": ["horns"]},
                     {"id": "B2", "body": 3, "traits": ["shell", "warning"]}]},
    ], discard=[115, 18])
    v = RULES.view(s, 1)
    assert (v.round, v.phase, v.step, v.hole, v.shown) == (3, "feed", "feed", 4, [115, 18])
    assert v.players[0].row == [A1, A2] and v.players[0].hand_size == 1
    assert v.players[0].hand is None and v.players[0].hand_food is None and v.shown_total == 6
    own = RULES.view(s, 0).players[0]
    assert (own.hand, own.hand_traits, own.hand_food) == ([124], ["NS_INTELLIGENCE"], [-1])
    a1, a2 = v.species[A1], v.species[A2]
    assert (a1.pop, a1.body, a1.meat, a1.food, a1.hungry, a1.carnivore) == (3, 4, 1, 1, True, True)
    assert (a2.plant, a2.fat, a2.fat_room, a2.hungry) == (1, 1, 1, True)
    assert v.off == ["NS_WARNING_CALL"] and v.obliged
    options = {(o.attacker, o.target): o for o in v.attacks}
    horns = options[(A1, B1)]
    assert horns.blocked_by == [] and horns.horns and horns.meat == 2
    shell = options[(A1, species_uid(1, 2))]
    assert shell.blocked_by == ["NS_HARD_SHELL"] and (shell.attack_size, shell.defence_size) == (4, 7)
    assert options[(A1, A2)].blocked_by == []


def test_the_short_variant_plan_is_secret() -> None:
    """NS27: while seats plan, another seat sees only "submitted / not yet": not the plan, not
    the draft, not a card less in hand, not a species more, not a card on the discard pile."""
    s = position(short=True, step="plan", hole=2, players=[
        {"hand": [1, 46, 20], "species": [{"id": "A1"}]},
        {"hand": [47, 21], "species": [{"id": "B1"}]},
        {"hand": [48], "species": [{"id": "C1"}]},
    ])
    before = [enc.encode(RULES.view(s, seat)) for seat in (1, 2)]
    act(s, "trait 1 A1")
    act(s, "species 46 left")
    act(s, "pop 20 A2")
    own = RULES.view(s, 0)
    assert own.draft is not None and own.draft.row == [A2, A1] and own.draft.hand == []
    assert own.draft.species[A2].pop == 2 and own.players[0].plan is not None
    assert len(own.players[0].plan) == 3 and own.players[0].hand_size == 3
    assert [enc.encode(RULES.view(s, seat)) for seat in (1, 2)] == before
    act(s, "end")
    for seat in (1, 2):
        v = RULES.view(s, seat)
        assert v.players[0].done and v.players[0].plan is None and v.draft is None
        assert v.players[0].hand_size == 3 and v.players[0].row == [A1] and v.discard == []
    # The second seat plans after the first: he decides on what the view shows, and resampling
    # what he cannot see (the first seat's plan) changes nothing for him.
    v1 = RULES.view(s, 1)
    for seed in range(5):
        w = RULES.determinize(v1, random.Random(seed))
        assert enc.encode(RULES.view(w, 1)) == enc.encode(v1)
        assert RULES.legal_actions(w) == RULES.legal_actions(s)
        assert w.players[0].plan == []  # nothing of it can be known
    act(s, "trait 47 B1")
    act(s, "end")
    act(s, "end")
    assert s.step == "feed" and s.players[0].row == [A2, A1]  # all applied at once


def test_determinize_keeps_every_view_along_random_games() -> None:
    for n, opts in ((2, {}), (4, {"short": True})):
        s = fresh(9, n, **opts)
        rng = random.Random(9)
        for i, _ in enumerate(random_moves(s, rng)):
            if i % 7 or RULES.pending(s) is None:
                continue
            seat = RULES.pending(s).seat
            v = RULES.view(s, seat)
            w = RULES.determinize(v, random.Random(i))
            assert enc.encode(RULES.view(w, seat)) == enc.encode(v)
            assert RULES.legal_actions(w) == RULES.legal_actions(s)
