"""The solo mode of `magic`: choice cards, the Shade's terms and edge cases of its turn (spec §7).

RULINGS = ["MC-R39", "MC-R40", "MC-R41", "MC-R42", "MC-R46", "MC-R49", "MC-R8"]
"""

from __future__ import annotations

from typing import Any

import pytest

from core.games.magic import GAME, choices, flow, shade
from core.games.magic import actions as A
from core.games.magic import events as E
from core.games.magic.rules import RULES
from core.games.magic.scenario import SCENARIO
from core.games.magic.state import MagicState

RULINGS = ["MC-R39", "MC-R40", "MC-R41", "MC-R42", "MC-R46", "MC-R49", "MC-R8"]


def solo(human: list[dict], shade_row: list[dict], **pos: Any) -> MagicState:
    players = [{"hand": pos.pop("hand", []), "creatures": human},
               {"shade": True, "creatures": shade_row}]
    return SCENARIO.state({"solo": True, "players": players, **pos})


def tags(events: list[Any]) -> list[str]:
    return [type(e).__struct_config__.tag for e in events]


@pytest.mark.parametrize(
    ("card", "n", "index"),
    [(1, 2, 0), (2, 2, 1), (3, 2, 0), (7, 2, 0), (4, 3, 0), (5, 3, 1), (6, 3, 2), (7, 5, 1), (3, 7, 2)],
)
def test_pick_counts_with_wrap_around(card: int, n: int, index: int) -> None:
    """MC-R40: count N from the leftmost item, wrapping: index (N - 1) mod length."""
    s = solo([], [{"id": 1}], choices=[card, 7 if card != 7 else 6])
    tx = flow.new_tx(s)
    items = [f"item{i}" for i in range(n)]
    assert choices.pick(tx, items, "test") == items[index]
    assert tags(tx.events) == ["choice"]
    assert s.choices_shown == [card]


def test_pick_of_one_or_none_reveals_nothing() -> None:
    s = solo([], [{"id": 1}], choices=[3, 4])
    tx = flow.new_tx(s)
    assert choices.pick(tx, ["only"], "test") == "only"
    assert choices.pick(tx, [], "test") is None
    assert tx.events == [] and s.choices_shown == []


@pytest.mark.parametrize(("card", "side"), [(1, "A"), (2, "B"), (3, "A"), (4, "B"), (5, "A"), (6, "B"),
                                            (7, "A")])
def test_parity(card: int, side: str) -> None:
    """MC-R42: Parity always reveals; odd = half A, even = half B."""
    s = solo([], [{"id": 1}], choices=[card, 1 if card != 1 else 2])
    tx = flow.new_tx(s)
    assert choices.parity(tx) == side
    assert tags(tx.events) == ["choice"]


def test_seventh_card_reshuffles_all_seven() -> None:
    """MC-R40: as soon as the 7th card is revealed, all 7 form a new deck."""
    s = solo([], [{"id": 1}], choices=[4, 2, 6, 1, 7, 3, 5])
    tx = flow.new_tx(s)
    seen = [choices.parity(tx) for _ in range(6)]
    assert seen == ["B", "B", "B", "A", "A", "A"]
    assert s.choices_shown == [4, 2, 6, 1, 7, 3] and s.choices == [5]
    choices.parity(tx)
    assert tags(tx.events)[-2:] == ["choice", "choice_shuffle"]
    assert sorted(s.choices) == [1, 2, 3, 4, 5, 6, 7] and s.choices_shown == []


def test_attack_capable_and_eligible_targets() -> None:
    """§7.3: the attack set includes the target's attacking properties if X has Metamorph;
    eligibility uses X's own properties, with the Ghostly exemption (MC-R49)."""
    s = solo(
        [{"id": 1, "energy": 0, "properties": ["fire_breathing"]},
         {"id": 2, "energy": 2, "properties": ["invisible"]},
         {"id": 3, "energy": 1, "properties": ["ghostly"]},
         {"id": 4, "energy": 1},
         {"id": 5, "energy": 0, "asleep": True}],
        [{"id": 10, "properties": ["metamorph"]}, {"id": 11, "properties": ["vampire", "ghostly"]},
         {"id": 12, "properties": ["sleep_inducing", "keen_eyed"]}, {"id": 13, "properties": ["flying"]}],
    )
    x = {u: s.creatures[u] for u in (10, 11, 12, 13)}
    assert [shade.attack_capable(s, c) for c in x.values()] == [True, True, True, False]
    ids = {u: [t.uid for t in shade.eligible_targets(s, c)] for u, c in x.items()}
    assert ids == {
        10: [1],  # only c1's own Fire-breathing would work
        11: [3, 4],  # Ghostly attacker may target c3 and the plain c4 (exemption); c1, c5 have no energy
        12: [1, 2, 4],  # Keen-eyed sees c2; c3 Ghostly needs Ghostly; c5 asleep
        13: [],
    }


def test_shade_without_cards_or_awake_creatures_ends_its_turn() -> None:
    """§7.4 step 1 with MC-R8: no card can be drawn, so the Shade's turn ends at once."""
    s = solo([{"id": 1}, {"id": 3}], [{"id": 2, "asleep": True}], step="action", active=1,
             first=0, turn=0, deck_size=0)
    s.discard, s.discard_seen = [], []
    out = RULES.apply(s, A.SLEEP)
    assert tags(out) == ["drowsy", "asleep", "end", "turn", "turn", "await"]
    assert (s.turn, s.step, s.decider) == (0, "activate", 0)
    assert s.players[1].row == [2]


def test_shade_reshuffles_to_draw() -> None:
    """MC-R8: the Shade's draws reshuffle the discard pile when the deck is empty."""
    s = solo([{"id": 1}, {"id": 3}], [{"id": 2, "asleep": True}], step="action", active=1,
             first=0, turn=0, deck_size=0, lower=3)
    out = RULES.apply(s, A.SLEEP)
    t = tags(out)
    assert t[3:7] == ["turn", "reshuffle", "create", "activate"]
    assert "shade_prop" in t
    assert len(s.players[1].row) == 2
    new = s.creatures[s.players[1].row[1]]
    assert (new.energy, new.asleep, len(new.cards)) == (1, False, 1)


def test_shade_picks_among_most_energy_only() -> None:
    """MC-R41: only awake creatures with the highest energy are candidates."""
    s = solo([{"id": 1}], [{"id": 2, "energy": 3, "asleep": True}, {"id": 3, "energy": 1},
                           {"id": 4, "energy": 2}, {"id": 5, "energy": 2}],
             step="swap", first=1, turn=1, decider=0, hand=[40], deck=[50],
             choices=[2, 1, 3, 4, 5, 6, 7])
    out = RULES.apply(s, A.KEEP)
    act = next(e for e in out if isinstance(e, E.Activated))
    assert act.creature == 5  # card 2 of [c4, c5]
    assert s.creatures[5].energy == 3 and s.creatures[5].traits == ["aquatic"]


def test_solo_round_end_and_win_counts() -> None:
    """MC-R39: human's creatures only for the round end; the Shade wins at 1, the human at 3."""
    s = solo([{"id": 1}], [{"id": 2}], step="action", active=1, first=0, turn=0)
    assert s.win_at == 3
    out = RULES.apply(s, A.SLEEP)
    assert "round_end" in tags(out)
    assert s.creatures[2].asleep is False and s.round == 2


def test_a_solo_position_must_seat_the_shade_second() -> None:
    """MC-R39: solo is the human and the Shade; a scenario that says otherwise is refused."""
    human, shade = {"creatures": [{"id": 1}]}, {"shade": True, "creatures": [{"id": 2}]}
    GAME.check_position(SCENARIO.state({"solo": True, "players": [human, shade]}, 1))
    for bad, says in (({"solo": True, "players": [human, {"creatures": [{"id": 2}]}]}, "solo game"),
                      ({"solo": True, "players": [shade, human]}, "solo game"),
                      ({"players": [human, shade]}, "a Shade outside the solo mode")):
        with pytest.raises(ValueError, match=says):
            GAME.check_position(SCENARIO.state(bad, 1))
