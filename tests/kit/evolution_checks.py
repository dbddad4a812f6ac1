"""Checks the «Эволюция» games' tests share, each called by a game's test with its own modules
(the kit's code is the same for each; what a game's data makes of it is not)."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

from tests.playing import Config, sample


def check_attack_previews(config: Config, A: ModuleType, E: ModuleType, D: ModuleType) -> None:
    """What the table previews before an attack equals what the attack then does: at many
    random decisions, every attack the rules allow is previewed (as the prompt shows it) and then
    played out on a copy, its defences decided at random; the blue tokens the predator gets for
    its prey or for a dropped tail are the ones the preview promised. `D`: the game's describe."""
    rules = config.rules
    rng = random.Random(3)
    seen = {"kill": 0, "tail": 0}
    for state in sample(config, 2500, seed=1):
        attacks = [a for a in rules.legal_actions(state) if isinstance(a, A.Attack)]
        if not attacks:
            continue
        view = rules.view(state, rules.pending(state).seat)
        for attack in rng.sample(attacks, min(3, len(attacks))):
            _check_preview(rules, state, view, attack, E, D, rng, seen)
    assert seen["kill"] >= 20 and seen["tail"] >= 2, seen


def _check_preview(rules: Any, state: Any, view: Any, attack: Any, E: ModuleType, D: ModuleType,
                   rng: random.Random, seen: dict[str, int]) -> None:
    p, v = view.animals[attack.predator], view.animals[attack.prey]
    promised = {why: D.predator_gain(view, p, v, why) for why in seen}
    line = D.attack_line(view, attack.predator, attack.prey, "en")
    food, fat = promised["kill"]
    assert (f"gets {food + fat} blue" if food + fat else "gets nothing") in line, line
    copy = rules.clone(state)
    events = rules.apply(copy, attack)
    while copy.attack is not None and rules.pending(copy) is not None:
        events += rules.apply(copy, rng.choice(rules.legal_actions(copy)))
    # The prey previewed is the one eaten (not one Мимикрия turned the attack to).
    eaten = any(isinstance(e, E.Eaten) and e.prey == attack.prey for e in events)
    for e in events:
        if isinstance(e, E.Food) and e.animal == attack.predator and e.why in seen \
                and (eaten or e.why == "tail"):
            assert (e.blue, e.fat) == promised[e.why], (line, e)
            seen[e.why] += 1
    if eaten and food + fat == 0:  # nothing promised: no tokens given either
        assert not any(isinstance(e, E.Food) and e.why == "kill" for e in events)
