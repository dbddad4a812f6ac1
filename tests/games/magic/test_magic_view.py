"""Hidden information in `magic` (spec §9): views and narration per viewer.

RULINGS = ["MC-R9", "MC-R50"]
"""

from __future__ import annotations

from typing import Any

from core.games.magic import actions as A
from core.games.magic import events as E
from core.games.magic.rules import RULES
from core.games.magic.scenario import SCENARIO
from core.games.magic.state import MagicState

RULINGS = ["MC-R9", "MC-R50"]


def state(**pos: Any) -> MagicState:
    return SCENARIO.state(pos)


def test_hands_and_faces_are_private() -> None:
    s = state(deck_size=40, players=[
        {"hand": [40, 41], "creatures": [{"id": 1, "card": 5, "properties": ["12A"]}]},
        {"hand": [42], "creatures": [{"id": 2, "card": 6}]},
    ])
    v0, v1, omni = RULES.view(s, 0), RULES.view(s, 1), RULES.view(s, None)
    assert v0.players[0].hand == [40, 41] and v0.players[1].hand is None
    assert v0.players[1].hand_size == 1
    assert (v0.creatures[1].card, v0.creatures[2].card) == (5, None)
    assert (v1.creatures[1].card, v1.creatures[2].card) == (None, 6)
    assert (omni.creatures[1].card, omni.creatures[2].card) == (5, 6)
    # properties are public, whole card included (MC-R9)
    assert v1.creatures[1].cards == [12] and v1.creatures[1].traits == ["fire_breathing"]
    assert v0.deck_size == 40 and v0.discard_size == 64 - 40 - 6


def test_discard_pile_is_face_down() -> None:
    """MC-R9: its size is public; a card is known only to whoever saw it go there."""
    s = state(step="action", active=1, deck_size=60, players=[
        {"hand": [], "creatures": [{"id": 1, "card": 5, "energy": 4, "properties": ["40A"]},
                                   {"id": 3, "card": 7}]},
        {"hand": [42], "creatures": [{"id": 2, "card": 6}]},
    ])
    RULES.apply(s, A.TRANSMUTE)
    v0, v1 = RULES.view(s, 0), RULES.view(s, 1)
    assert v0.discard_size == v1.discard_size == 2
    assert sorted(v0.discard_known) == [5, 40]  # the owner knows the face
    assert v1.discard_known == [40]  # the face stays hidden from the others
    assert sorted(RULES.view(s, None).discard_known) == [5, 40]


def test_swapped_hand_known_to_its_owner_only() -> None:
    s = state(step="swap", deck_size=59, players=[
        {"hand": [40, 41], "creatures": [{"id": 1}]}, {"hand": [42], "creatures": [{"id": 2}]},
    ])
    out = RULES.apply(s, A.SWAP)
    swapped = next(e for e in out if isinstance(e, E.HandSwapped))
    assert swapped.count == 2
    assert sorted(RULES.view(s, 0).discard_known) == [40, 41]
    assert RULES.view(s, 1).discard_known == []
    drew = next(e for e in out if isinstance(e, E.Drew))
    assert str(drew.cards[0]) in RULES.narrate(drew, 0, "en")
    assert RULES.narrate(drew, 1, "en") == "Player 1 draws 2 cards."


def shade_game() -> MagicState:
    return state(solo=True, step="swap", first=1, turn=1, decider=0, deck=[60, 50],
                 choices=[1, 2, 3, 4, 5, 6, 7],
                 players=[{"hand": [40], "creatures": [{"id": 1, "card": 3}]},
                          {"shade": True, "creatures": [{"id": 2, "card": 4, "asleep": True}]}])


def test_shade_faces_are_hidden_from_everyone() -> None:
    """MC-R50: nobody sees the faces of the Shade's creatures; its evolve card is public."""
    s = shade_game()
    out = RULES.apply(s, A.KEEP)
    created = next(e for e in out if isinstance(e, E.CreatureCreated))
    grew = next(e for e in out if isinstance(e, E.ShadeGrew))
    assert (created.seat, created.card, grew.card, grew.trait) == (1, 60, 50, "aquatic")
    for seat in (0, 1):
        v = RULES.view(s, seat)
        assert v.creatures[2].card is None and v.creatures[created.uid].card is None
        assert v.creatures[created.uid].cards == [50]
    assert RULES.view(s, 0).creatures[1].card == 3
    assert "60" not in RULES.narrate(created, 0, "en")
    assert "50" in RULES.narrate(grew, 0, "en")


def test_shade_transmuted_face_stays_hidden() -> None:
    """MC-R9 and MC-R50: even the discard pile does not reveal a Shade creature's face."""
    s = state(solo=True, step="swap", first=1, turn=1, decider=0, deck=[50],
              choices=[1, 2, 3, 4, 5, 6, 7], deck_size=1,
              players=[{"hand": [40], "creatures": [{"id": 1, "card": 3}]},
                       {"shade": True, "creatures": [{"id": 2, "card": 4, "energy": 4}]}])
    RULES.apply(s, A.KEEP)
    assert s.winner == 1
    for seat in (0, 1):
        v = RULES.view(s, seat)
        assert 4 not in v.discard_known and 50 in v.discard_known
