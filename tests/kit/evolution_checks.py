"""Checks the «Эволюция» games' tests share, each called by a game's test with its own modules
(the kit's code is the same for each; what a game's data makes of it is not)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from core.engine.protocol import NotationError
from tests.piloting import labels
from tests.playing import Config, sample


def check_attack_stages(stage_at: Callable[..., tuple[Any, Any]], feed: dict[str, Any],
                        sel: Callable[..., Any], A: ModuleType, mimicry: str) -> None:
    """c1's attack at `feed`, each game's feeding position laid out alike (c2 runs and drops
    its tail, c8 is Poisonous with a Mimicry): the prey picked among the others' animals (c4
    refused, its probe an attack), then previewed with its defences, Enter making it."""
    stage, _ = stage_at(feed, sel(animal=1, mode="attack"))
    assert stage.attacker == 1 and stage.zone == "others"
    assert stage.probe_animal is not None and stage.probe_animal(4) == A.Attack(1, 4)
    stage, _ = stage_at(feed, sel(animal=1, mode="attack", target=2))
    assert "Running" in stage.prompt and "Tail Loss" in stage.prompt
    assert stage.default == A.Attack(1, 2) and labels(stage) == ["c1 attacks c2!", "Back"]
    stage, _ = stage_at(feed, sel(animal=1, mode="attack", target=8))
    assert "Poisonous" in stage.prompt and mimicry in stage.prompt


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


def told_kinds(rules: Any, setups: list[tuple[int, dict[str, Any]]], names: list[str],
               masked: Any) -> set[type]:
    """Every event of random games (each setup twice) is told in both languages to every seat
    and to no one in particular, and names no hidden card: `masked(event, viewer)`, the event
    with what the viewer may not know replaced by 0, is told the same. Returns the kinds told."""
    from tests.playing import fresh, random_moves

    told: set[type] = set()
    for seed, (players, options) in enumerate(setups * 2):
        state = fresh(rules, seed, players, **options)
        log = list(rules.setup(options, seed, players))
        log += [ev for _, _, events in random_moves(rules, state, random.Random(seed))
                for ev in events]
        for ev in log:
            for lang in ("ru", "en"):
                omni = rules.narrate(ev, None, lang, names)
                if omni is None:
                    continue
                told.add(type(ev))
                assert "{" not in omni and omni.strip()
                for viewer in range(players):
                    text = rules.narrate(ev, viewer, lang, names)
                    assert text is not None
                    assert text == rules.narrate(masked(ev, viewer), viewer, lang, names), text
    return told


def examples_round_trip(rules: Any, examples: dict[str, object]) -> Callable[[str, object], None]:
    """A test (assign it to a `test_*` name): each example's text parses to its action, and the
    action is written as that text."""
    @pytest.mark.parametrize(("text", "action"), examples.items(), ids=list(examples))
    def test(text: str, action: object) -> None:
        assert rules.parse_action(text) == action
        assert rules.format_action(action) == text

    return test


def refused_as_notation(rules: Any, texts: list[str]) -> Callable[[str], None]:
    """A test (assign it to a `test_*` name): each of `texts` is refused as no move's notation."""
    @pytest.mark.parametrize("text", texts)
    def test(text: str) -> None:
        with pytest.raises(NotationError):
            rules.parse_action(text)

    return test


def check_determinize(rules: Any, setups: list[tuple[int, dict[str, Any]]], every: int) -> None:
    """A world sampled from a view shows each seat exactly its view, and the decider the same
    choices: at every `every`-th move of a random game of each setup (players, options)."""
    from tests.playing import fresh, random_moves

    for seed, (players, options) in enumerate(setups):
        state = fresh(rules, seed, players, **options)
        rng = random.Random(seed)
        for i, _ in enumerate(random_moves(rules, state, rng, 20_000)):
            if i % every or rules.pending(state) is None:
                continue
            for seat in range(players):
                v = rules.view(state, seat)
                world = rules.determinize(v, random.Random(i))
                assert rules.view(world, seat) == v
                if rules.pending(state).seat == seat:
                    assert rules.legal_actions(world) == rules.legal_actions(state)


def round_trip_kinds(rules: Any, setups: list[tuple[int, dict[str, Any]]]) -> set[type]:
    """Every legal action of a random game of each setup has a notation of its own that parses
    back to it; returns the kinds of action seen."""
    from tests.playing import fresh

    kinds: set[type] = set()
    for seed, (players, options) in enumerate(setups):
        state = fresh(rules, seed, players, **options)
        rng = random.Random(seed)
        while rules.pending(state) is not None:
            legal = rules.legal_actions(state)
            texts = [rules.format_action(a) for a in legal]
            assert len(set(texts)) == len(texts), texts
            for a, text in zip(legal, texts, strict=True):
                assert rules.parse_action(text) == a, text
                kinds.add(type(a))
            rules.apply(state, legal[rng.randrange(len(legal))])
    return kinds


def check_table_texts(game: str, lang: str, not_english: str) -> None:
    """Texts a game's table modules (tui/games/<game>/*.py) ask for as `_t("key")` or
    `text("<game>.key")` exist in both languages, and the Russian ones have no English words
    (markup, placeholders and what `not_english` matches — ids, rule references, key names —
    left out)."""
    from tui import i18n

    ui = Path(__file__).resolve().parents[2] / "tui" / "games" / game
    used: set[str] = set()
    for path in ui.glob("*.py"):
        source = path.read_text()
        used |= {f"{game}.{k}" for k in re.findall(r"""_t\(\s*f?["']([a-z_.]+)["']""", source)}
        used |= set(re.findall(rf"""["']({game}\.[a-z_]+\.[a-z_.]+)["']""", source))
    used = {k for k in used if not k.endswith(".")}
    missing = {k for k in used if not i18n.has(k)}
    assert not missing
    known = i18n.keys()
    for key in known:
        if key.startswith(f"{game}.") and lang == "ru":
            words = re.sub(rf"\{{[^}}]*\}}|\[[^\]]*\]|{not_english}|Esc|Enter|Ctrl\+P", "",
                           i18n.text(key, "ru"))
            assert not re.search(r"[A-Za-z]{2,}", words), key
