"""The table never offers a move it will refuse, in every game the app offers.

At many decisions — of seeded random games and of every scenario file — the decision is walked
as the table asks it: from the empty selection, through every choice a stage offers (its
enabled numbered options, Enter's default, what may be picked on the board), into the deeper
selections they lead to. Every choice offered must lead to a move the rules accept: an action
among the legal ones, or a selection from which one can be reached. Greyed options appear only
on checklists (ticks still to make), never as a move the rules would refuse. Every legal move
can be reached, and where one move only is legal, the prompt names it.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from core import games
from core.engine.scenario import load_scenario, scenario_position
from tests.playing import Config, game_tests
from tui.games import playable
from tui.stage import Stage, name_only_move

DECISIONS = 400  # random-game decisions walked per game
LANGS = ("en", "ru")


def stages_of(game: str) -> ModuleType:
    """The game's stages module (`tui/games/<g>/stages.py`: `build_stage`, `Sel`)."""
    return importlib.import_module(f"tui.games.{game}.stages")


def positions(game: str) -> Iterator[tuple[str, Any, Any]]:
    """(where, rules, state) at decisions of seeded random games, then of the scenario files."""
    descriptor = games.get(game)
    config = Config(descriptor, descriptor.seats[2])
    rules = config.rules
    taken, seed = 0, 1
    while taken < DECISIONS:
        state = config.fresh(seed)
        rng = random.Random(seed)
        step = 0
        while rules.pending(state) is not None and taken < DECISIONS:
            legal = rules.legal_actions(state)
            if step % 2 == 0 or len(legal) == 1:
                taken += 1
                yield f"seed {seed}, move {step}", rules, state
            rules.apply(state, legal[rng.randrange(len(legal))])
            step += 1
        seed += 1
    for path in sorted((game_tests(game) / "scenarios").glob("*.toml")):
        sc = load_scenario(path)
        rules, state = scenario_position(sc)
        if rules.pending(state) is not None:
            yield Path(path).name, rules, state


def walk(stages: ModuleType, view: Any, legal: list[Any], lang: str) -> tuple[
        dict[Any, Stage], dict[Any, list[Any]]]:
    """Every selection the decision can reach from the empty one, with its stage and the
    results its stage offers."""
    empty = stages.Sel()
    seen: dict[Any, Stage] = {}
    offers: dict[Any, list[Any]] = {}
    todo = [empty]
    while todo:
        sel = todo.pop()
        if sel in seen:
            continue
        stage = stages.build_stage(view, legal, sel, lang)
        if sel == empty:
            stage = name_only_move(stage, legal, lambda a: "the only move")
        seen[sel] = stage
        offers[sel] = stage.offered()
        todo += [r for r in offers[sel] if isinstance(r, stages.Sel)]
    return seen, offers


def check_decision(stages: ModuleType, rules: Any, state: Any, lang: str, where: str) -> None:
    seat = rules.pending(state).seat
    view = rules.view(state, seat)
    legal = rules.legal_actions(state)
    seen, offers = walk(stages, view, legal, lang)
    root = seen[stages.Sel()]
    if not root.prompt and not root.offered():
        return  # not a decision the table asks (the game answers it itself)
    # The selections from which a legal action can be reached (a fixed point over the graph).
    good = {s for s, rs in offers.items() if any(r in legal for r in rs)}
    grown = True
    while grown:
        more = {s for s, rs in offers.items() if s not in good and any(r in good for r in rs)}
        good |= more
        grown = bool(more)
    what = f"{where}, {rules.format_action(legal[0])}…, step {view.step!r}" \
        if hasattr(view, "step") else where
    for sel, stage in seen.items():
        for r in offers[sel]:
            if isinstance(r, stages.Sel):
                assert r in good, f"{what}: {sel} offers {r}, from which no legal move can be made " \
                                  f"({stage.prompt!r})"
            else:
                assert r in legal, f"{what}: {sel} offers {rules.format_action(r)}, which the rules " \
                                   f"refuse ({stage.prompt!r})"
        checklist = any(o.tick for o in stage.options)
        for o in stage.options:
            assert o.enabled or checklist, \
                f"{what}: {sel} lists {o.label!r}, which cannot be chosen now ({stage.prompt!r})"
    reached = {r for rs in offers.values() for r in rs if not isinstance(r, stages.Sel)}
    missing = [rules.format_action(a) for a in legal if a not in reached]
    assert not missing, f"{what}: legal moves the table cannot make: {missing[:5]}"
    if len(legal) == 1:
        assert any(o.enabled and o.result == legal[0] for o in root.options), \
            f"{what}: the only move {rules.format_action(legal[0])} is not named in the prompt"


@pytest.mark.parametrize("game", playable())
def test_every_choice_offered_leads_to_a_legal_move(game: str) -> None:
    stages = stages_of(game)
    for i, (where, rules, state) in enumerate(positions(game)):
        check_decision(stages, rules, state, LANGS[i % 2], f"{game} {where}")
