"""What the table previews before an attack equals what the attack then does: at many random
decisions, every attack the rules allow is previewed (as the prompt shows it) and then made on
a copy; the meat the carnivore takes is the meat the preview promised — the target's body size
as far as it fits once Horns has had its say (§4.3, NS7, NS8, NS11)."""

from __future__ import annotations

import random

from core import games
from core.games.northstar import actions as A
from core.games.northstar import events as E
from core.games.northstar.state import species_label
from tests.playing import Config, sample
from tui.games.northstar.describe import attack_line

CONFIG = Config(games.get("northstar"), 4)


def test_an_attack_preview_promises_the_meat_the_attack_gives() -> None:
    rules = CONFIG.rules
    rng = random.Random(3)
    checked = short = died = 0
    for state in sample(CONFIG, 3000, seed=1):
        attacks = [a for a in rules.legal_actions(state) if isinstance(a, A.Attack)]
        if not attacks:
            continue
        view = rules.view(state, rules.pending(state).seat)
        for attack in rng.sample(attacks, min(3, len(attacks))):
            option = next(o for o in view.attacks
                          if (o.attacker, o.target) == (attack.attacker, attack.target))
            line = attack_line(view, attack.attacker, attack.target, "en")
            events = rules.apply(rules.clone(state), attack)
            dies = f"{species_label(attack.attacker)} dies and takes no meat" in line
            if dies:  # Horns take its last population (NS11)
                assert any(isinstance(e, E.Extinct) and e.species == attack.attacker
                           for e in events), (line, events)
                died += 1
            else:
                assert f"{species_label(attack.attacker)} takes {option.takes} meat" in line, line
            took = sum(e.board + e.fat for e in events if isinstance(e, E.Took)
                       and e.species == attack.attacker and e.why == "meat")
            assert took == option.takes, (line, events)
            checked += 1
            short += option.takes < option.meat
    assert checked >= 50 and short >= 1, (checked, short)


def test_an_attack_that_horns_make_fatal_is_previewed_as_such() -> None:
    """A carnivore of population 1 attacking Horns: the preview says it dies and takes no meat
    (it said "takes 0 meat … Horns: A1 loses 1 population"), in English and Russian (NS11)."""
    from tests.games.northstar.ns_play import position

    state = position(step="feed", players=[
        {"species": [{"id": "A1", "pop": 1, "body": 4, "traits": ["carnivore"]}]},
        {"species": [{"id": "B1", "pop": 2, "body": 2, "traits": ["horns"]}]}])
    rules = CONFIG.rules
    attack = next(a for a in rules.legal_actions(state) if isinstance(a, A.Attack))
    view = rules.view(state, 0)
    line = attack_line(view, attack.attacker, attack.target, "en")
    assert "B1 loses 1 population" in line and "A1 dies and takes no meat" in line, line
    assert "вымрет и мяса не получит" in attack_line(view, attack.attacker, attack.target, "ru")
    events = rules.apply(rules.clone(state), attack)
    assert any(isinstance(e, E.Extinct) and e.species == attack.attacker for e in events)
