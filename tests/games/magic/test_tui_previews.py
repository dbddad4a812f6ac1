"""What the table previews before an attack equals what the attack then does: at many random
decisions, every attack the rules allow is worked out as the prompt shows it and then made on
a copy (Огнедышащее's burn picked at random); each property's fate, the attacker's energy
change, the target's and the Колючее prick all fall within what the preview said (MC-R19,
MC-R20, MC-R21, MC-R32)."""

from __future__ import annotations

import random

from core import games
from core.games.magic import actions as A
from core.games.magic import events as E
from core.games.magic.queries import attack_preview
from tests.playing import Config, sample
from tui.games.magic.describe import attack_preview as preview_line

CONFIG = Config(games.get("magic"), 2)
SIGN = {"ok": {True}, "fail": {False}, "maybe": {True, False}}


def test_an_attack_preview_agrees_with_the_attack() -> None:
    rules = CONFIG.rules
    rng = random.Random(5)
    checked = 0
    for state in sample(CONFIG, 4000, seed=1):
        attacks = [a for a in rules.legal_actions(state) if isinstance(a, A.AttackWith)]
        if not attacks:
            continue
        view = rules.view(state, rules.pending(state).seat)
        for attack in rng.sample(attacks, min(3, len(attacks))):
            me, it = state.active, attack.target
            pv = attack_preview(view, view.creatures[me], view.creatures[it], attack.props)
            line = preview_line(view, me, it, attack.props, "en", plain=True)
            copy = rules.clone(state)
            events = rules.apply(copy, attack)
            while copy.attack is not None and rules.pending(copy) is not None:
                events += rules.apply(copy, rng.choice(rules.legal_actions(copy)))
            hits = [e for e in events if isinstance(e, E.Hit) and e.creature == me]
            assert [h.prop for h in hits] == list(attack.props), (line, events)
            for h, (prop, fate) in zip(hits, pv.fates, strict=True):
                assert h.prop == prop and h.success in SIGN[fate], (line, h)
            gained = copy.creatures[me].energy - state.creatures[me].energy
            drained = copy.creatures[it].energy - state.creatures[it].energy
            assert pv.gain[0] <= gained <= pv.gain[1], (line, gained)
            assert pv.drain[0] <= drained <= pv.drain[1], (line, drained)
            pricked = any(isinstance(e, E.Pricked) for e in events)
            assert pricked in {"yes": {True}, "no": {False}, "maybe": {True, False}}[pv.thorns]
            checked += 1
    assert checked >= 50, checked
