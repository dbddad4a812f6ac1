"""The round end E1-E4 (spec §3.6) and the round start (§3.3) of `magic`.

RULINGS = ["MC-R8", "MC-R10", "MC-R12", "MC-R15", "MC-R39"]
"""

from __future__ import annotations

from typing import Any

import pytest

from core.games.magic import actions as A
from core.games.magic import events as E
from core.games.magic import flow
from core.games.magic.data import sources
from core.games.magic.rules import RULES
from core.games.magic.scenario import SCENARIO
from core.games.magic.state import MagicState

RULINGS = ["MC-R8", "MC-R10", "MC-R12", "MC-R15", "MC-R39"]

CYCLE = ["old_barrow", "moonflower", "singing_spring", "storm_crag", "crystal_cave", "lantern_tree",
         "mist_mire", "sunny_glade", "cloud_garden", "sunken_grotto"]


def state(**pos: Any) -> MagicState:
    return SCENARIO.state(pos)


def end_round(s: MagicState) -> list[Any]:
    tx = flow.new_tx(s)
    flow.end_round(tx)
    return tx.events


def tags(events: list[Any]) -> list[str]:
    return [type(e).__struct_config__.tag for e in events]


def three_players(**extra: Any) -> MagicState:
    players = [
        {"creatures": [{"id": 1, "energy": 1, "asleep": True}, {"id": 2, "energy": 0}]},
        {"creatures": [{"id": 3, "energy": 2, "asleep": True, "roused": True},
                       {"id": 4, "energy": 3}, {"id": 5, "energy": 0, "asleep": True}]},
        {"creatures": [{"id": 6, "energy": 0, "asleep": True}]},
    ]
    return state(players=players, source="old_barrow", cycle=CYCLE, lower=2, upper=0, **extra)


def test_e1_refresh_source_cycles() -> None:
    """E1, MC-R10: leftovers go to the reserve; the next source of the cycle is filled (3 players)."""
    s = three_players(deck_size=60)
    for k in range(1, 23):
        out = end_round(s)
        src = sources()[CYCLE[k % 10]]
        assert isinstance(out[1], E.SourceRevealed)
        assert (s.source, s.lower, s.upper) == (src.id, src.lower[3], src.upper)
        assert s.reveals == k + 1


def test_e2_wake_up_keeps_energy() -> None:
    """E2: every sleep marker and roused flag goes; energy stays."""
    s = three_players()
    end_round(s)
    assert all(not c.asleep and not c.roused for c in s.creatures.values())
    assert [s.creatures[u].energy for u in range(1, 7)] == [1, 0, 2, 3, 0, 0]


def test_e3_draw_order_and_count() -> None:
    """E3, MC-R15: from the first player clockwise, 2 + own creatures with at least 1 energy."""
    deck = list(range(30, 45))
    s = three_players(first=1, turn=1, deck=deck, deck_size=len(deck))
    out = end_round(s)
    draws = [e for e in out if isinstance(e, E.Drew)]
    assert [(e.seat, e.cards) for e in draws] == [
        (1, [30, 31, 32, 33]),  # c3 and c4 have energy
        (2, [34, 35]),  # c6 has none
        (0, [36, 37, 38]),  # c1 has energy
    ]
    assert len(s.deck) == len(deck) - 9


def test_e4_first_player_passes_clockwise() -> None:
    """E4: the marker moves to the next seat, wrapping; then RoundStart with HandSwap."""
    s = three_players(first=2, turn=2, round=4)
    out = end_round(s)
    assert tags(out)[:3] == ["round_end", "source", "wake"]
    started = [e for e in out if isinstance(e, E.RoundStarted)]
    assert [(e.round, e.first) for e in started] == [(5, 0)]
    assert (s.round, s.first, s.turn) == (5, 0, 0)
    assert (s.step, s.decider) == ("swap", 0)
    assert tags(out)[-2:] == ["round", "await"]


def test_e3_reshuffles_when_the_deck_runs_out() -> None:
    """MC-R8: the discard pile is shuffled into a new deck in the middle of a player's draw."""
    s = three_players(first=0, deck=[40, 41], deck_size=2, discard=[50, 51, 52, 53])
    pile = sorted(s.discard)
    out = end_round(s)
    kinds = [t for t in tags(out) if t in ("draw", "reshuffle")]
    assert kinds == ["draw", "reshuffle", "draw", "draw", "draw"]
    draws = [e for e in out if isinstance(e, E.Drew)]
    shuffled = next(e for e in out if isinstance(e, E.Reshuffled))
    assert sorted(shuffled.deck) == pile
    assert draws[0].cards == [40, 41]
    assert draws[1].cards == [shuffled.deck[-1]]
    assert [(e.seat, len(e.cards)) for e in draws] == [(0, 2), (0, 1), (1, 4), (2, 2)]
    assert sorted(s.players[0].hand) == sorted([40, 41, shuffled.deck[-1]])
    assert len(s.deck) == len(pile) - 7 and s.discard == []


def test_e3_draw_yields_only_what_exists() -> None:
    """MC-R8: with the deck and the discard pile both empty, a draw takes what exists."""
    s = three_players(first=0)
    s.deck = [61, 62]
    s.discard, s.discard_seen = [], []
    out = end_round(s)
    draws = [(e.seat, e.cards) for e in out if isinstance(e, E.Drew)]
    assert draws == [(0, [62, 61])]
    assert [len(p.hand) for p in s.players] == [2, 0, 0]
    assert not any(isinstance(e, E.Reshuffled) for e in out)


def test_e3_the_shade_does_not_draw() -> None:
    """MC-R39: the Shade never draws; the marker alternates between the Shade and the human."""
    s = state(solo=True, first=1, turn=1,
              players=[{"creatures": [{"id": 1, "energy": 1}]},
                       {"shade": True, "creatures": [{"id": 2, "energy": 3}]}])
    out = end_round(s)
    assert [e.seat for e in out if isinstance(e, E.Drew)] == [0]
    assert (len(s.players[0].hand), len(s.players[1].hand)) == (3, 0)
    assert s.first == 0
    end_round(s)
    assert s.first == 1


def test_round_start_does_not_end_the_round() -> None:
    """MC-R12: with no counted creature at all, the round still gets its first turn."""
    s = state(solo=True, step="swap", first=1, turn=1, decider=0, deck=[50], lower=3,
              choices=[1, 2, 3, 4, 5, 6, 7],
              players=[{"hand": [40]}, {"shade": True, "creatures": [{"id": 2}]}])
    out = RULES.apply(s, A.KEEP)
    t = tags(out)
    # the Shade's whole turn runs, then TurnEnd finds no counted creature awake
    assert t[:3] == ["keep", "turn", "activate"]
    assert "gain" in t and t.index("gain") < t.index("round_end")
    assert s.round == 2 and s.creatures[2].energy == 1
    assert (s.step, s.decider) == ("swap", 0)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_round_end_draws_before_swap(seats: int) -> None:
    """§3.6 then §3.3: after E4 the new first player is the first to decide HandSwap."""
    players = [{"creatures": [{"id": i + 1, "asleep": True}]} for i in range(seats)]
    s = state(players=players, first=seats - 1, turn=seats - 1)
    end_round(s)
    assert (s.first, s.step, s.decider) == (0, "swap", 0)
    assert [len(p.hand) for p in s.players] == [2] * seats
