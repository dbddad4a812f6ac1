"""Setup of `magic` (spec §2, §7.1, §8): player counts, dealing, the first player, round 1's HandSwap.

RULINGS = ["MC-R1", "MC-R2", "MC-R4", "MC-R5", "MC-R38", "MC-R39", "MC-R51"]
"""

from __future__ import annotations

import msgspec
import pytest

from core.engine.protocol import Decision, OptionsError
from core.games.magic import actions as A
from core.games.magic import events as E
from core.games.magic.data import sources
from core.games.magic.rules import RULES
from core.games.magic.scenario import SCENARIO
from core.games.magic.state import MagicState

RULINGS = ["MC-R1", "MC-R2", "MC-R4", "MC-R5", "MC-R38", "MC-R39", "MC-R51"]


def fold(events: list) -> MagicState:
    s = None
    for e in events:
        s = RULES.evolve(s, e)
    assert s is not None
    return s


def start(options: dict, seed: int, seats: int) -> tuple[list, MagicState]:
    events = RULES.setup(options, seed, seats)
    return events, fold(events)


def tags(events: list) -> list[str]:
    return [type(e).__struct_config__.tag for e in events]


# --- MC-R1 and the player-count table (§2.3) -----------------------------------------------

@pytest.mark.parametrize(
    ("options", "seats", "column", "left", "hands", "win_at"),
    [
        ({"solo": True}, 2, 2, 57, [5, 0], 3),
        ({}, 2, 2, 52, [5, 5], 3),
        ({}, 3, 3, 46, [5, 5, 5], 3),
        ({}, 4, 4, 40, [5, 5, 5, 5], 3),
        ({"variant": "quartet"}, 2, 2, 52, [5, 5], 4),
        ({"variant": "quartet"}, 3, 3, 46, [5, 5, 5], 4),
    ],
    ids=["solo", "2p", "3p", "4p", "quartet-2p", "quartet-3p"],
)
def test_player_count_table(options: dict, seats: int, column: int, left: int, hands: list[int],
                            win_at: int) -> None:
    """MC§2.3: one creature each, the hands, the deck left, the source column, the win count."""
    _events, s = start(options, 11, seats)
    assert s.n == seats
    assert [len(p.row) for p in s.players] == [1] * seats
    assert [len(p.hand) for p in s.players] == hands
    assert len(s.deck) == left
    assert s.discard == []
    assert s.win_at == win_at
    src = sources()[s.cycle[0]]
    assert (s.source, s.lower, s.upper) == (src.id, src.lower[column], src.upper)
    assert s.round == 1
    assert all(c.energy == 0 and not c.asleep and not c.cards for c in s.creatures.values())
    every = sorted(s.deck + [c for p in s.players for c in p.hand]
                   + [c.card for c in s.creatures.values()])
    assert every == list(range(1, 65))


@pytest.mark.parametrize("seats", [0, 1, 5, 6])
def test_unsupported_player_counts(seats: int) -> None:
    """MC-R1: 2 to 4 players."""
    with pytest.raises(OptionsError):
        RULES.setup({}, 1, seats)


@pytest.mark.parametrize(
    ("options", "seats"),
    [({"solo": True}, 1), ({"solo": True}, 3), ({"variant": "quartet"}, 4),
     ({"variant": "quartet", "solo": True}, 2), ({"variant": "octet"}, 2), ({"speed": 1}, 2)],
)
def test_unsupported_options(options: dict, seats: int) -> None:
    """MC-R1 (solo is the human against the Shade), MC-R51 (Quartet for 2-3 players, not solo)."""
    with pytest.raises(OptionsError):
        RULES.setup(options, 1, seats)


def test_normalized_options() -> None:
    assert RULES.normalize_options({}, 3) == {"variant": "standard", "solo": False}
    assert RULES.normalize_options({"variant": "quartet"}, 2) == {"variant": "quartet", "solo": False}
    assert RULES.normalize_options({"solo": True}, 2) == {"variant": "standard", "solo": True}


# --- MC-R2: one seeded generator ---------------------------------------------------------------

def test_same_seed_same_game() -> None:
    """MC-R2: a game is reproducible from its seed."""
    a = msgspec.msgpack.encode(RULES.setup({}, 123, 4))
    b = msgspec.msgpack.encode(RULES.setup({}, 123, 4))
    assert a == b
    c = msgspec.msgpack.encode(RULES.setup({}, 124, 4))
    assert a != c


def test_first_player_is_random() -> None:
    """MC-R2: the first player is drawn at random, so over many seeds every seat starts."""
    firsts = {start({}, seed, 3)[1].first for seed in range(40)}
    assert firsts == {0, 1, 2}


def test_shuffles_are_permutations() -> None:
    events, _s = start({}, 5, 2)
    g = events[0]
    assert isinstance(g, E.GameStarted)
    assert sorted(g.deck) == list(range(1, 65))
    assert sorted(g.cycle) == sorted(sources())
    assert g.deck != sorted(g.deck)


# --- MC-R4: the deal --------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_deal_order(seed: int) -> None:
    """MC-R4: creatures from the first player clockwise, then 5 cards each in the same order."""
    events, s = start({}, seed, 4)
    g = events[0]
    deck = list(g.deck)  # top last
    order = [(s.first + i) % 4 for i in range(4)]
    created = [e for e in events if isinstance(e, E.CreatureCreated)]
    assert [e.seat for e in created] == order
    assert all(e.dealt for e in created)
    assert [e.card for e in created] == [deck.pop() for _ in order]
    drew = [e for e in events if isinstance(e, E.Drew)]
    assert [e.seat for e in drew] == order
    for e in drew:
        assert e.cards == [deck.pop() for _ in range(5)]
    assert tags(events) == (["start", "source"] + ["create"] * 4 + ["draw"] * 4 + ["round", "await"])
    # rows: one creature each, uids in dealing order
    assert [s.players[seat].row for seat in order] == [[1], [2], [3], [4]]


# --- MC-R5: HandSwap in round 1 ----------------------------------------------------------------

def test_round_one_hand_swap_order() -> None:
    """MC-R5: every player once, from the first player clockwise, before the first turn."""
    _events, s = start({}, 9, 3)
    first = s.first
    order = [(first + i) % 3 for i in range(3)]
    assert RULES.pending(s) == Decision(order[0], "swap")
    assert RULES.legal_actions(s) == [A.KEEP, A.SWAP]
    old = s.players[order[0]].hand[:]
    top5 = s.deck[-5:][::-1]
    out = RULES.apply(s, A.SWAP)
    assert tags(out) == ["swap", "draw", "await"]
    assert s.players[order[0]].hand == top5
    assert sorted(s.discard) == sorted(old)
    assert (s.decider, s.step) == (order[1], "swap")
    RULES.apply(s, A.KEEP)
    assert (s.decider, s.step) == (order[2], "swap")
    out = RULES.apply(s, A.KEEP)
    assert tags(out) == ["keep", "turn", "await"]
    assert (s.turn, s.decider, s.step) == (first, first, "create")


def test_swap_may_return_the_same_cards() -> None:
    """MC-R5 with MC-R8: the whole hand is discarded first, so an empty deck gives it back."""
    pos = {"step": "swap", "deck_size": 0,
           "players": [{"hand": [10, 20], "creatures": [{"id": 1}]}, {"creatures": [{"id": 2}]}]}
    s = SCENARIO.state(pos)
    # every card not placed went to the discard pile; move them into seat 1's hand
    s.players[1].hand = s.discard[:]
    s.discard.clear()
    s.discard_seen.clear()
    out = RULES.apply(s, A.SWAP)
    assert tags(out)[:3] == ["swap", "reshuffle", "draw"]
    assert sorted(s.players[0].hand) == [10, 20]
    assert s.deck == [] and s.discard == []


# --- MC-R39: the solo frame at setup ---------------------------------------------------------------

def test_solo_setup() -> None:
    """MC-R39: the Shade gets 1 creature dealt first, no hand, the first-player marker."""
    events, s = start({"solo": True}, 3, 2)
    g = events[0]
    assert isinstance(g, E.GameStarted)
    assert (g.shade, g.first, g.solo) == (1, 1, True)
    created = [e for e in events if isinstance(e, E.CreatureCreated)]
    assert [e.seat for e in created] == [1, 0]
    assert [e.seat for e in events if isinstance(e, E.Drew)] == [0]
    assert s.players[1].shade and not s.players[0].shade
    assert s.players[1].hand == []
    # the human decides the swap; the Shade never does
    assert (s.decider, s.step, s.first) == (0, "swap", 1)
    out = RULES.apply(s, A.KEEP)
    assert tags(out)[:3] == ["keep", "turn", "activate"]
    assert isinstance(out[1], E.TurnStarted) and out[1].seat == 1
    assert (s.decider, s.turn) == (0, 0)


def test_solo_choice_deck() -> None:
    """MC-R38: 7 choice cards valued 1..7, shuffled face down; none in a normal game."""
    _, s = start({"solo": True}, 8, 2)
    assert sorted(s.choices) == [1, 2, 3, 4, 5, 6, 7]
    assert s.choices_shown == []
    _, t = start({}, 8, 2)
    assert t.choices == []


def play(seed: int, choices: list[int], options: dict, seats: int) -> tuple[list, MagicState]:
    """Play the legal action at index choices[i] % count each time; returns all events."""
    events = RULES.setup(options, seed, seats)
    s = fold(events)
    for pick in choices:
        if RULES.pending(s) is None:
            break
        legal = RULES.legal_actions(s)
        events = events + RULES.apply(s, legal[pick % len(legal)])
    return events, s


@pytest.mark.parametrize(("options", "seats"), [({}, 3), ({"solo": True}, 2)])
def test_game_is_reproducible_from_seed_and_decisions(options: dict, seats: int) -> None:
    """MC-R2: the same seed and decisions give the same events, reshuffles included;
    folding the recorded events alone rebuilds the same state (no generator needed)."""
    picks = [(i * 7919) % 13 for i in range(400)]
    a, sa = play(77, picks, options, seats)
    b, _ = play(77, picks, options, seats)
    assert msgspec.msgpack.encode(a) == msgspec.msgpack.encode(b)
    assert msgspec.msgpack.encode(fold(a)) == msgspec.msgpack.encode(sa)
    assert sa.round > 1
