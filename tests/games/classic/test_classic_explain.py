"""Refusals say why in words a player understands, in Russian and English, citing the ruling
that forbids the move (CL…, or a section of the specification)."""

from __future__ import annotations

import random

import pytest

from core.engine.protocol import IllegalAction
from core.games.classic.rules import RULES
from tests.games.classic.classic_play import SETUPS, fresh, position
from tests.playing import rulings

CASES = [
    # (position, action, rule, words in the English message)
    (dict(step="feed", base=2, players=[{"animals": [{"id": 1}]}, {"animals": [{"id": 2}]}]),
     "end", "CL8", "cannot end your go"),
    (dict(step="feed", base=2, players=[{"animals": [{"id": 1}]}, {"animals": [{"id": 2}]}]),
     "take c2", "CL§3.5", "not your animal"),
    (dict(step="feed", base=0, players=[
        {"animals": [{"id": 1, "properties": ["carnivorous"]}]},
        {"animals": [{"id": 2, "properties": ["big"]}]}]),
     "attack c1 c2", "CL13", "only a Big predator"),
    (dict(step="feed", base=0, players=[
        {"animals": [{"id": 1, "properties": ["carnivorous"], "used": ["carnivorous"]}]},
        {"animals": [{"id": 2}]}]),
     "attack c1 c2", "CL10", "once per turn"),
    (dict(step="develop", players=[
        {"hand": [45], "animals": [{"id": 1, "properties": ["big"]}]}, {"animals": [{"id": 2}]}]),
     "add 45a c1", "CL§5.1", "never has a property twice"),
    (dict(step="develop", players=[
        {"hand": [53], "animals": [{"id": 1}]}, {"animals": [{"id": 2}]}]),
     "add 53a c1", "CL§5.1", "another player's animal"),
    (dict(step="develop", players=[{"hand": [1], "animals": [{"id": 1}]}, {"animals": [{"id": 2}]}]),
     "add 2 c1", "CL§3.3", "not in your hand"),
    (dict(step="develop", players=[{"hand": [73], "animals": [{"id": 1}, {"id": 2}]}, {}]),
     "add 73a c1", "CL5", "two of your animals"),
    (dict(step="feed", base=1, players=[
        {"animals": [{"id": 1, "red": 1, "properties": ["grazing"]}]}, {"animals": [{"id": 2}]}],
        turn=2), "hibernate c1", "CL§4.4", "does not have Hibernation"),
    # Refusals that cited a neighbouring rule (issue #20's audit):
    # the reserve on a dependent whose protector is unfed: §3.6 X2 says so, not CL35
    (dict(ruleset="v09", personal_food=True, step="reserve", decider=0, players=[
        {"reserve": 2, "animals": [{"id": 1}, {"id": 2}]}, {"animals": [{"id": 3}]}],
        pairs=[{"property": "symbiosis", "a": 1, "b": 2}]),
     "reserve c2 1", "CL§3.6", "protector is still unfed"),
    # the same animal fed from the base: the Symbiosis row of §5.2
    (dict(step="feed", base=3, players=[{"animals": [{"id": 1}, {"id": 2}]}, {"animals": [{"id": 3}]}],
          pairs=[{"property": "symbiosis", "a": 1, "b": 2}]),
     "take c2", "CL§5.2", "protector is still unfed"),
    # a Symbiosis dependent pirating while its protector is unfed: §4.4 (the pirate must be able
    # to receive food), not CL20 (which names only hunger)
    (dict(step="feed", base=3, players=[
        {"animals": [{"id": 1}, {"id": 2, "properties": ["piracy"]}]},
        {"animals": [{"id": 3, "red": 1, "properties": ["big"]}]}],
          pairs=[{"property": "symbiosis", "a": 1, "b": 2}]),
     "pirate c2 c3", "CL§4.4", "protector is still unfed"),
    # Grazing with an empty base: §4.4 (it removes a token from the base), not CL39
    (dict(step="feed", base=0, players=[
        {"animals": [{"id": 1, "properties": ["grazing"]}]}, {"animals": [{"id": 2}]}]),
     "graze c1", "CL§4.4", "food base is empty"),
    # a fed animal without Fat Tissue: §3.1 (what can receive food), not CL11 on full fat cards
    (dict(step="feed", base=4, players=[
        {"animals": [{"id": 1, "red": 1}, {"id": 2}]}, {"animals": [{"id": 3}]}]),
     "take c1", "CL§3.1", "having no Fat Tissue"),
    (dict(step="feed", base=4, players=[
        {"animals": [{"id": 1, "red": 1, "fat": 1, "properties": ["fat_tissue"]}, {"id": 2}]},
        {"animals": [{"id": 3}]}]),
     "take c1", "CL11", "Fat Tissue is full"),
    (dict(step="feed", base=4, players=[
        {"animals": [{"id": 1, "red": 1, "properties": ["hibernation"]}, {"id": 2}]},
        {"animals": [{"id": 3}]}]),
     "hibernate c1", "CL§4.4", "already fed: there is nothing to hibernate for"),
    # the same paired property twice on one pair: §5.1, not CL5 (two distinct own animals)
    (dict(step="develop", players=[{"hand": [79], "animals": [{"id": 1}, {"id": 2}]}, {}],
          pairs=[{"property": "cooperation", "a": 1, "b": 2, "card": 77}]),
     "pair 79a c1 c2", "CL§5.1", "already joined"),
]


@pytest.mark.parametrize(("pos", "text", "rule", "words"), CASES, ids=[c[1] for c in CASES])
def test_refusals_cite_the_ruling_in_both_languages(pos: dict, text: str, rule: str,
                                                    words: str) -> None:
    s = position(**pos)
    action = RULES.parse_action(text)
    with pytest.raises(IllegalAction) as info:
        RULES.apply(s, action)
    assert info.value.rule_id == rule
    assert words in info.value.message
    ru = RULES.explain(s, action, "ru")
    assert ru is not None and ru.rule_id == rule and ru.message != info.value.message
    assert "{" not in ru.message


def test_random_refusals_always_cite_a_ruling() -> None:
    """Actions legal elsewhere, tried where they are not: every refusal cites one of the
    game's rulings or a section, and changes nothing."""
    pool: dict[str, object] = {}
    for seed, (players, options) in enumerate(SETUPS[:6]):
        s = fresh(seed, players, **options)
        rng = random.Random(seed)
        while RULES.pending(s) is not None:
            legal = RULES.legal_actions(s)
            for a in legal[:3]:
                pool.setdefault(RULES.format_action(a), a)
            RULES.apply(s, legal[rng.randrange(len(legal))])
    actions = list(pool.values())
    known = set(rulings("classic"))
    tried = 0
    for seed, (players, options) in enumerate(SETUPS):
        s = fresh(100 + seed, players, **options)
        rng = random.Random(seed)
        while RULES.pending(s) is not None:
            legal = RULES.legal_actions(s)
            for a in rng.sample(actions, 5):
                if a in legal:
                    continue
                why = RULES.explain(s, a, "en")
                assert why is not None and (why.rule_id in known or "§" in why.rule_id)
                assert why.message and "{" not in why.message
                tried += 1
            RULES.apply(s, legal[rng.randrange(len(legal))])
    assert tried > 500


@pytest.mark.parametrize(("pos", "en", "ru"), [
    # food must come first (CL8): the alternatives named are those the animals have
    (dict(step="feed", base=2, players=[{"animals": [{"id": 1}]}, {"animals": [{"id": 2}]}]),
     "Feeding (2 red in the base): take food first",
     "Фаза питания (в кормовой базе 2): сначала возьмите еду"),
    (dict(step="feed", base=2, players=[
        {"animals": [{"id": 1, "properties": ["carnivorous", "fat_tissue"], "fat": 1},
                     {"id": 3, "properties": ["grazing", "hibernation"]}]},
        {"animals": [{"id": 2}]}]),
     "Feeding (2 red in the base): take food first, or attack, convert fat or use Grazing "
     "or Hibernation",
     "Фаза питания (в кормовой базе 2): сначала возьмите еду — или же можно напасть, перевести жир в еду "
     "или применить свойство «Топотун» или «Спячка»"),
    # food taken: only the properties are left (CL10)
    (dict(step="feed", base=1, food_done=True, acted=True, players=[
        {"animals": [{"id": 1, "red": 1, "properties": ["carnivorous", "piracy"]}]},
        {"animals": [{"id": 2}]}]),
     "Feeding (1 red in the base): you may still use Piracy, or end your go",
     "Фаза питания (в кормовой базе 1): можно ещё применить свойство «Пиратство» — или "
     "закончить ход"),
    (dict(step="feed", base=1, food_done=True, acted=True, players=[
        {"animals": [{"id": 1, "red": 1, "properties": ["carnivorous"]}]},
        {"animals": [{"id": 2}]}]),
     "Feeding (1 red in the base): end your go",
     "Фаза питания (в кормовой базе 1): закончите ход"),
])
def test_the_feeding_prompt_names_only_what_the_animals_can_do(pos: dict, en: str, ru: str) -> None:
    s = position(**pos)
    assert (RULES.prompt(s, "en"), RULES.prompt(s, "ru")) == (en, ru)
