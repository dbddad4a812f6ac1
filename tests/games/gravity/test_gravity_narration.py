"""Narration of every `gravity` event in Russian and English; prompts and the text view."""

from __future__ import annotations

import random
import re
from pathlib import Path

from core.engine.scenario import load_scenario, run_scenario
from core.games.gravity import events as E
from core.games.gravity.rules import RULES
from tests.games.gravity.test_gravity_play import fresh, random_moves

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
SILENT = (E.Await, E.Goto, E.EventProgress, E.EventEnded)  # bookkeeping, never narrated


def _logs() -> list[list]:
    out = []
    for seed, players, options in [(1, 2, {}), (2, 3, {"difficulty": "hard"}), (3, 5, {}),
                                   (4, 1, {"variant": "kids"}), (5, 4, {"difficulty": "hard"}),
                                   (6, 2, {"difficulty": "hard"}), (7, 3, {"difficulty": "hard"})]:
        log = list(RULES.setup(options, seed, players))
        state = fresh(seed, players, **options)
        for _, _, events in random_moves(state, random.Random(seed)):
            log.extend(events)
        out.append(log)
    for path in sorted(SCENARIOS.glob("*.toml")):
        session = run_scenario(load_scenario(path))
        out.append([ev for entry in session.entries for ev in entry.events])
    return out


LOGS = _logs()


def test_every_event_kind_is_narrated_in_both_languages() -> None:
    seen: set[type] = set()
    for log in LOGS:
        for ev in log:
            seen.add(type(ev))
            for lang in ("ru", "en"):
                texts = {RULES.narrate(ev, viewer, lang, ["Ann", "Bob"]) for viewer in (None, 0, 1)}
                assert len(texts) == 1, "an open game narrates the same to everyone"
                text = texts.pop()
                if isinstance(ev, SILENT) or (isinstance(ev, E.Dequeued) and ev.item == "shrink_row"):
                    assert text is None
                    continue
                assert text and "{" not in text and "}" not in text, (ev, text)
                if lang == "ru":
                    assert re.search("[а-яА-Я]", text), text
                else:
                    assert not re.search("[а-яА-Я]", text), text
    never = {t for t in E.Event.__args__ if t not in seen}
    assert not never, f"no game produced {sorted(t.__name__ for t in never)}"


def test_narration_never_names_hidden_events() -> None:
    for log in LOGS:
        for ev in log:
            if isinstance(ev, (E.EventsShuffled, E.GameStarted, E.MovementReshuffled)):
                for lang in ("ru", "en"):
                    text = RULES.narrate(ev, 0, lang) or ""
                    assert not re.search(r"\bE\d\b", text)


def test_start_names_the_controllers() -> None:
    ev = RULES.setup({"controllers": [0, 0]}, 1, 2)[0]
    assert RULES.narrate(ev, None, "en", ["Ann", "Bob"]).startswith(
        "A new game of Gravity Falls: Dipper (Ann), Mabel (Ann).")


def test_prompts_and_text_view_for_every_decision() -> None:
    kinds: set[str] = set()
    for seed, players in [(11, 3), (12, 2), (13, 4), (14, 5)]:
        state = fresh(seed, players, difficulty="hard")
        for _ in random_moves(state, random.Random(seed)):
            if RULES.pending(state) is None:
                break
            kinds.add(state.step)
            for lang in ("ru", "en"):
                prompt = RULES.prompt(state, lang)
                assert prompt and "{" not in prompt
                text = RULES.render_text(RULES.view(state, 0), lang, [f"P{i}" for i in range(players)])
                assert prompt in text
    assert {"action", "push", "die", "draw", "monster", "disorder", "rumour"} <= kinds
    done = RULES.render_text(RULES.view(state, None), "ru", ["a"] * 5)
    assert "Поражение" in done or "Победа" in done
