"""Property tests over random `magic` games: the game's invariants (invariants.py) after every
event (issue: core §5) — conservation of the 64 cards, energy bounds, … —, hidden information
in views, fold(log) equal to the live state, refusals that change nothing, notation round
trips, determinization consistent with the view it came from.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from core.games.magic import GAME
from core.games.magic import actions as A
from core.games.magic.rules import RULES
from core.games.magic.state import SEEN_BY_ALL, MagicState
from tests.games.magic.magic_play import fresh, random_moves
from tests.playing import play_checked, public_fields, refused

games = st.one_of(
    st.tuples(st.integers(0, 10**6), st.sampled_from([2, 3, 4]), st.just({})),
    st.tuples(st.integers(0, 10**6), st.sampled_from([2, 3]), st.just({"variant": "quartet"})),
    st.tuples(st.integers(0, 10**6), st.just(2), st.just({"solo": True})),
)


def check_views(s: MagicState) -> None:
    """No seat's view holds a card that seat may not know (spec §9, contract 6)."""
    public = {card for c in s.creatures.values() for card in c.cards}
    for seat in range(s.n):
        v = RULES.view(s, seat)
        mine = set(s.players[seat].hand) | {
            c.card for c in s.creatures.values() if c.owner == seat and not s.players[seat].shade}
        for i, p in enumerate(v.players):
            assert (p.hand is not None) == (i == seat)
        for c in v.creatures.values():
            if c.card is not None:
                assert c.owner == seat and c.card in mine
        allowed_discard = {card for card, who in zip(s.discard, s.discard_seen, strict=True)
                           if who in (SEEN_BY_ALL, seat)}
        assert set(v.discard_known) <= allowed_discard
        seen = set(v.discard_known) | {card for c in v.creatures.values() for card in c.cards}
        seen |= {c.card for c in v.creatures.values() if c.card is not None}
        seen |= set(v.players[seat].hand or [])
        assert seen <= public | mine | allowed_discard
        public_fields(v, "deck", "seed", "cycle")


@given(games)
@settings(max_examples=25)
def test_invariants_after_every_event(game: tuple[int, int, dict]) -> None:
    seed, players, options = game
    state = fresh(seed, players, **options)

    def on_move(i: int, action: A.Action, state: MagicState) -> None:
        assert RULES.parse_action(RULES.format_action(action)) == action
        if i % 7 == 0:
            check_views(state)

    play_checked(GAME, state, random_moves(state, random.Random(seed)), on_move=on_move)
    outcome = RULES.outcome(state)
    assert outcome is not None and len(outcome.winners) == 1
    winner = outcome.winners[0]
    needed = 1 if state.players[winner].shade else state.win_at
    assert state.players[winner].tokens == needed


@given(st.integers(0, 10**6), st.sampled_from([2, 3, 4]))
@settings(max_examples=15)
def test_refused_actions_change_nothing(seed: int, players: int) -> None:
    """Actions that are not legal now raise IllegalAction with a rule id, state untouched."""
    state = fresh(seed, players)
    rng = random.Random(seed)
    pool: list = [A.KEEP, A.SWAP, A.PASS, A.SLEEP, A.TRANSMUTE, A.VORACIOUS, A.Gain("upper"),
                  A.Create(64), A.Activate(99), A.Burn(1), A.Molt(2), A.Scare(1), A.Rouse(2)]
    checked = 0
    for action, _before, _events in random_moves(state, rng, limit=400):
        pool.append(action)
        for _candidate, exc in refused(RULES, state, pool, rng):
            assert exc.rule_id.startswith(("MC-R", "MC§")) and exc.message
            checked += 1
    assert checked > 0


@given(st.integers(0, 10**6), st.sampled_from([2, 3, 4]), st.booleans())
@settings(max_examples=20)
def test_determinize_is_consistent_with_the_view(seed: int, players: int, solo: bool) -> None:
    if solo:
        players = 2
    state = fresh(seed, players, **({"solo": True} if solo else {}))
    rng = random.Random(seed)
    for i, _ in enumerate(random_moves(state, rng, limit=600)):
        if i % 25:
            continue
        for seat in range(players):
            if state.players[seat].shade:
                continue
            v = RULES.view(state, seat)
            sample = RULES.determinize(v, random.Random(i))
            GAME.check_position(sample)
            assert RULES.view(sample, seat) == v
            assert RULES.legal_actions(sample) == RULES.legal_actions(state) or \
                RULES.pending(state).seat != seat
