"""Lessons hold without Evo's own games, and the lesson check can fail: a sound Nim lesson
(tests/kit/nim/lessons/) passes `evo lesson check`, and each broken copy of it
(tests/kit/nim/broken_lessons/) fails it, saying why."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from core.engine import registry
from core.lessons import catalog
from core.lessons.check import check_file
from core.lessons.lesson import load_lesson
from core.lessons.tutor import Tutor
from tests.kit.nim import GAME

HERE = Path(__file__).parent / "nim"
BROKEN = {  # file -> what the check must say
    "wrong_count": "`solutions` is 2, but 1 first move reaches the goal within par: play 1",
    "unsolved": "the game is over before move 2 of the solution",
    "over_par": "the solution takes 2 moves, more than par (1)",
    "unknown_ruling": "ruling `NIM99` is not one of nim's rulings",
    "missing_text": "text `last_stone.aim` is missing",
    "met_at_start": "the goal is already met at the start",
    "unlisted_reply": "the answers along the solution are ['play 1'], `opponent.replies` says none",
    "not_forced": "seat 1 has a choice and the lesson names no bot",
    "wrong_wins": "wrong move 'play 1' reaches the goal",
    "bad_key": "unknown field `par_time`",
    "untranslated": "text `last_stone.goal_untranslated` is not in Russian",
}


@pytest.fixture(autouse=True, scope="module")
def nim_alone() -> Iterator[None]:
    packages = registry.scan(())
    registry.register(GAME)
    catalog.forget()
    yield
    registry.unregister(GAME.id)
    registry.scan(packages)
    catalog.forget()


def test_the_kit_finds_a_games_lessons_beside_its_package() -> None:
    assert [p.name for p in catalog.every_file()] == ["last_stone.toml"]
    assert [le.id for le in catalog.lessons()] == ["nim/last_stone"]
    assert catalog.say("nim", "last_stone.goal", "ru") == "Возьмите последний камень."


def test_a_sound_lesson_passes() -> None:
    assert check_file(HERE / "lessons" / "last_stone.toml") == []


def test_every_broken_lesson_is_caught() -> None:
    assert sorted(p.stem for p in (HERE / "broken_lessons").glob("*.toml")) == sorted(BROKEN)


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_lesson_fails_saying_why(name: str) -> None:
    path = HERE / "broken_lessons" / f"{name}.toml"
    problems = check_file(path)
    assert problems and all(p.startswith(f"{path}:") for p in problems)
    assert any(BROKEN[name] in p for p in problems), problems


def test_the_tutor_judges_moves_as_the_check_does() -> None:
    tutor = Tutor(load_lesson(HERE / "lessons" / "last_stone.toml"))
    rules = tutor.rules
    assert [rules.format_action(m) for m in tutor.good_first_moves()] == ["play 1"]
    wrong = tutor.play(tutor.start, rules.parse_action("play 3"))
    assert not tutor.met(wrong) and rules.pending(wrong) is None  # the opponent took the last
    right = tutor.play(tutor.start, rules.parse_action("play 1"))
    assert tutor.learners_turn(right) and tutor.reachable(right, 1)
    assert tutor.met(tutor.play(right, rules.parse_action("play 3")))
