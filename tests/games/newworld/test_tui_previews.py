"""What the table previews before an attack equals what the attack then does: at many random
decisions, every attack the rules allow is previewed (as the prompt shows it) and then played
out on a copy, its defences decided at random; the blue tokens the predator gets for its prey
or for a dropped tail are the ones the preview promised (§4.1, NW5, NW30)."""

from __future__ import annotations

import random

from core import games
from core.games.newworld import actions as A
from core.games.newworld import events as E
from tests.playing import Config, sample
from tui.games.newworld.describe import attack_line, predator_gain

CONFIG = Config(games.get("newworld"), 4)


def test_an_attack_preview_promises_the_tokens_the_attack_gives() -> None:
    rules = CONFIG.rules
    rng = random.Random(3)
    seen = {"kill": 0, "tail": 0}
    for state in sample(CONFIG, 2500, seed=1):
        attacks = [a for a in rules.legal_actions(state) if isinstance(a, A.Attack)]
        if not attacks:
            continue
        view = rules.view(state, rules.pending(state).seat)
        for attack in rng.sample(attacks, min(3, len(attacks))):
            p, v = view.animals[attack.predator], view.animals[attack.prey]
            promised = {why: predator_gain(view, p, v, why) for why in seen}
            line = attack_line(view, attack.predator, attack.prey, "en")
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
    assert seen["kill"] >= 20 and seen["tail"] >= 2, seen
