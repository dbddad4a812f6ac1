"""Every game's lessons are sound: what `evo lesson check` proves (core/lessons/check.py) holds
for each lesson file the games keep, and their ids are unique within each game."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.engine import registry
from core.lessons import catalog
from core.lessons.check import check_catalog, check_file

FILES = catalog.every_file()


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.parent.name}/{p.stem}" for p in FILES])
def test_lesson_is_sound(path: Path) -> None:
    assert check_file(path) == []


def test_lesson_ids_are_unique_in_each_game() -> None:
    assert check_catalog() == []


def test_every_game_has_lessons_in_order() -> None:
    """Each game has a path of lessons, numbered within their stages without gaps."""
    for game in registry.descriptors():
        found = catalog.lessons(game.id)
        assert found, f"{game.id} has no lessons"
        stages = sorted({le.table.stage for le in found})
        assert stages == list(range(1, len(stages) + 1)), game.id
        for stage in stages:
            orders = [le.table.order for le in found if le.table.stage == stage]
            assert orders == list(range(1, len(orders) + 1)), (game.id, stage)


def test_a_lesson_is_found_by_its_id_and_by_its_ruling() -> None:
    first = catalog.lessons()[0]
    assert catalog.find(first.id) is not None and catalog.find(first.id).path == first.path
    assert catalog.find("no-such-game/x") is None and catalog.find(f"{first.game}/nope") is None
    assert catalog.teaching(first.game, first.table.teaches[0]) is not None


def test_rules_status_lists_the_rulings_each_games_lessons_teach() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "rules-status.md").read_text(encoding="utf-8")
    for game in registry.descriptors():
        found = catalog.lessons(game.id)
        taught = {r for le in found for r in le.table.teaches}
        row = next((line for line in doc.splitlines() if line.startswith(f"| `{game.id}` |")), "")
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert len(cells) == 3, f"docs/rules-status.md has no lessons row for {game.id}"
        assert int(cells[1]) == len(found), game.id
        assert {r.strip() for r in cells[2].split(",") if r.strip()} == taught, game.id


def test_a_refused_trait_on_anothers_species_teaches_playing_a_trait() -> None:
    """northstar: "B1 is not your species [NS §3.5]" for a trait played there opens the lesson
    that plays a trait on one's own species, not «Body size» (both teach NS§3.5)."""
    assert catalog.teaching("northstar", "NS§3.5", "trait 53 B1").id == "northstar/trait"
    assert catalog.teaching("northstar", "NS§3.5", "body 1 B1").id == "northstar/body"
