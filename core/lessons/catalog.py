"""Every game's lessons: the files in `lessons/` beside its package's `__init__.py`, with their
texts in `lessons/texts.toml`. The registry's descriptors say where each game lives, so this
names no game."""

import sys
from functools import cache
from pathlib import Path

from core.engine import registry
from core.engine.descriptor import GameDescriptor
from core.lessons.lesson import Lesson, load_lesson
from core.textdata import TextTable

TEXTS = "texts.toml"


def folder(game: GameDescriptor) -> Path:
    """Where a game keeps its lessons (the folder may not exist)."""
    registry.get(game.id)  # imports the package that declares it
    init = sys.modules[game.package].__file__
    assert init is not None
    return Path(init).parent / "lessons"


def files(game: GameDescriptor) -> list[Path]:
    where = folder(game)
    return sorted(where.glob("*.toml")) if where.is_dir() else []


def every_file() -> list[Path]:
    return [p for g in registry.descriptors() for p in files(g) if p.name != TEXTS]


@cache
def texts(game_id: str) -> TextTable | None:
    """A game's lesson texts, or None when it has none."""
    path = folder(registry.get(game_id)) / TEXTS
    return TextTable(path) if path.is_file() else None


def say(game_id: str, key: str, lang: str) -> str:
    table = texts(game_id)
    return table.say(key, lang) if table is not None and key in table.texts else key


@cache
def _of_game(game_id: str) -> tuple[Lesson, ...]:
    """A game's lessons in its path's order, read once (the files do not change while Evo runs;
    a refusal's "learn this rule" looks them up at every redraw of the footer)."""
    found = [load_lesson(p) for p in files(registry.get(game_id)) if p.name != TEXTS]
    return tuple(sorted(found, key=lambda le: (le.table.stage, le.table.order, le.table.id)))


def lessons(game_id: str | None = None) -> list[Lesson]:
    """The lessons of one game or of all (in the menu's order of games), each game's in its
    path's order (stage, then order)."""
    games = [registry.get(game_id)] if game_id else registry.descriptors()
    return [le for g in games for le in _of_game(g.id)]


def forget() -> None:
    """Read the lesson files and texts again next time (a test that changes the games)."""
    _of_game.cache_clear()
    texts.cache_clear()


def find(lesson_id: str) -> Lesson | None:
    """The lesson named `<game>/<id>`, or None."""
    game, _, _ = lesson_id.partition("/")
    if not registry.exists(game):
        return None
    return next((le for le in lessons(game) if le.id == lesson_id), None)


def teaching(game_id: str, rule_id: str, move: str | None = None) -> Lesson | None:
    """The first lesson of a game (in its path's order) that teaches `rule_id`, or None; with
    `move` (a refused move's notation), first one whose solution makes a move of its kind
    (its first word): a ruling on a turn's steps is taught by a lesson for each step."""
    found = [le for le in lessons(game_id) if rule_id in le.table.teaches]
    if move:
        kind = move.split()[0]
        found.sort(key=lambda le: not any(m.split()[:1] == [kind] for m in le.table.solution))
    return found[0] if found else None


__all__ = ["every_file", "files", "find", "folder", "forget", "lessons", "say", "teaching", "texts"]
