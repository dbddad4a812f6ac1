"""The enumeration of `newworld` is written out for speed beside the rules' "why not"
questions (`add_block`, `pair_block`, `prey_block`); over random games the two must agree,
and the feeding turn's quick checks must agree with the lists they stand for."""

from __future__ import annotations

import pytest

from core import games
from core.games.newworld import actions as A
from core.games.newworld import queries as Q
from core.games.newworld.data import PAIRED, SYMBIOSIS, faces
from tests.playing import Config, sample

GAME = games.get("newworld")
CONFIGS = [Config(GAME, n) for n in (2, 4)] + [Config(GAME, 3, {"scenario": "cataclysm"})]


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_development_moves_are_exactly_those_the_rules_allow(config: Config) -> None:
    """§5.1, NW11, NW12 (Стазис), §3.3 ArrangeRow: every side of every card on every animal."""
    rules = config.rules
    checked = 0
    for s in sample(config, 400, seed=31, every=1):
        if s.step != "develop":
            continue
        seat = s.decider
        legal = set(rules.legal_actions(s))
        mine = Q.row(s, seat)
        for card in set(s.players[seat].hand):
            for side, trait in zip("ab", faces()[card], strict=True):
                if trait in PAIRED:
                    allowed = {A.Pair(card, side, x.uid, y.uid) for x in mine for y in mine
                               if (x.uid < y.uid or trait == SYMBIOSIS)
                               and Q.pair_block(s, seat, trait, x, y) is None}
                    given = {a for a in legal if type(a) is A.Pair and a.card == card
                             and a.side == side}
                else:
                    allowed = {A.Add(card, side, a.uid) for a in s.animals.values()
                               if Q.add_block(s, seat, trait, a) is None}
                    given = {a for a in legal if type(a) is A.Add and a.card == card
                             and a.side == side}
                assert given == allowed, (card, side, trait)
                checked += 1
    assert checked > 500


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_the_feeding_turns_quick_checks_agree_with_the_lists(config: Config) -> None:
    """F2 (a player with nothing to do passes by himself), NW6: `any_main`/`any_extra` are
    the quick forms of the main and additional actions; attacks are the legal prey."""
    checked = 0
    for s in sample(config, 600, seed=32, every=1):
        if s.step != "feed":
            continue
        seat = s.go
        mains = Q.main_actions(s, seat)
        assert Q.any_main(s, seat) == bool(mains)
        assert Q.any_extra(s, seat) == bool(Q.extra_actions(s, seat))
        attacks = {(a.predator, a.prey) for a in mains if type(a) is A.Attack}
        assert attacks == {(p.uid, v.uid) for p in Q.row(s, seat)
                           if Q.predator_ready(s, p) for v in s.animals.values()
                           if Q.prey_block(s, p, v) is None}
        checked += 1
    assert checked > 100
