"""The option schema and the variants (§7, NW1, NW42, NW43): game length, unlimited hand,
«Случайные мутации», «Катаклизм»."""

from __future__ import annotations

import random

import pytest

from core.engine.protocol import OptionsError
from core.games.newworld import GAME
from core.games.newworld.rules import RULES
from tests.games.newworld.nw_play import fresh, random_moves


@pytest.mark.parametrize("seats", [1, 5])
def test_two_to_four_players(seats: int) -> None:
    """NW1."""
    with pytest.raises(OptionsError, match="NW1"):
        GAME.normalize({}, seats)


def test_defaults() -> None:
    assert GAME.normalize({}, 3) == {"scenario": "none", "length": 6, "unlimited_hand": False}


def test_game_length_fits_the_habitat_cards() -> None:
    """§7.3: 1 ≤ K ≤ 20 − P."""
    assert GAME.normalize({"length": "16"}, 4)["length"] == 16
    with pytest.raises(OptionsError) as info:
        GAME.normalize({"length": 17}, 4)
    assert info.value.key == "options.too_long"
    assert GAME.text(info.value.key, "ru", **info.value.params)
    with pytest.raises(OptionsError):
        GAME.normalize({"length": 0}, 2)


def test_cataclysm_does_not_take_a_length() -> None:
    """NW43: Катаклизм is one epoch; the two scenarios are one option, so they never combine."""
    assert GAME.normalize({"scenario": "cataclysm"}, 3)["length"] == 0
    with pytest.raises(OptionsError, match="NW43"):
        GAME.normalize({"scenario": "cataclysm", "length": 6}, 3)
    opts = GAME.normalize({"scenario": "cataclysm", "unlimited_hand": True}, 3)
    assert GAME.normalize(opts, 3) == opts


@pytest.mark.parametrize("length", [1, 2, 9])
def test_a_game_lasts_its_length(length: int) -> None:
    s = fresh(3, 2, length=length)
    assert len(s.hstack) == length and len(s.habitats) >= 2
    for _ in random_moves(s, random.Random(3)):
        pass
    assert s.epoch == length and s.step == "over"


def test_setup_of_the_standard_game() -> None:
    """§2.3: P habitat cards face up, K in the stack, the rest in the box; 6 cards each; no
    tokens before the first habitat phase (NW34)."""
    s = fresh(5, 3)
    cards = {h.card for h in s.habitats}
    assert len(cards) == 3 and len(s.hstack) == 6 and len(s.hbox) == 20 - 9
    assert all(h.red == 0 and h.shelter == 0 for h in s.habitats)
    assert [len(p.hand) for p in s.players] == [6, 6, 6] and len(s.deck) == 96 - 18
    assert s.epoch == 1 and s.step == "develop" and s.decider == s.first


def test_cataclysm_setup() -> None:
    """§7.5: P+1 filled habitats, no stack, 20 cards each, the rest of the deck in the box;
    one epoch, the last (so no Спячка)."""
    s = fresh(7, 4, scenario="cataclysm")
    assert len({h.card for h in s.habitats}) == 5 and not s.hstack and s.last
    assert all(h.red > 0 for h in s.habitats if h.kind != "glaciers")
    assert [len(p.hand) for p in s.players] == [20] * 4 and not s.deck and len(s.box) == 16
    for _ in random_moves(s, random.Random(7)):
        pass
    assert s.epoch == 1 and s.step == "over"


def test_cataclysm_players_keep_at_most_two_cards() -> None:
    """NW42: a player may pass only with 2 cards or fewer, so each plays at least 18."""
    s = fresh(11, 2, scenario="cataclysm")
    for _ in random_moves(s, random.Random(11)):
        if s.phase != "develop":
            break
    assert all(len(p.hand) <= 2 for p in s.players)


def test_mutations_setup_and_draw() -> None:
    """§7.4: a gene pool of 6 instead of a hand; drawing goes onto it, capped at 6."""
    s = fresh(2, 3, scenario="mutations")
    assert all(len(p.pool) == 6 and not p.hand for p in s.players)
    for _ in random_moves(s, random.Random(2)):
        if s.step != "over":
            assert all(not p.hand for p in s.players)
            if s.phase == "develop" and s.step == "develop":
                assert all(len(p.pool) <= 6 for p in s.players)


def test_unlimited_hand_never_discards() -> None:
    """§7.2."""
    for seed in range(6):
        s = fresh(seed, 2, unlimited_hand=True)
        for _ in random_moves(s, random.Random(seed)):
            assert s.step != "discard"


def test_warnings_and_texts_of_the_options() -> None:
    assert RULES.warnings({}, 2) == []
    for o in GAME.options:
        for lang in ("ru", "en"):
            assert GAME.option_label(o.key, lang) and GAME.option_help(o.key, lang)
