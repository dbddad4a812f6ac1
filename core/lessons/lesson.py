"""A lesson: a scenario file whose `[lesson]` table says what to learn in its position.

The table is read strictly as msgspec Structs, as a game reads its `[position]`: a key unknown
or missing, or of the wrong kind, is refused naming its path in the file.
"""

from pathlib import Path

import msgspec

from core.engine.scenario import Scenario, ScenarioFileError, load_scenario


class Wrong(msgspec.Struct, forbid_unknown_fields=True):
    """What to say when the learner makes a tempting move that does not reach the goal."""

    say: str  # a text key of the game's lesson texts
    ruling: str  # the ruling the move misses


class Opponent(msgspec.Struct, forbid_unknown_fields=True):
    """Who answers for the other seats. A decision with one legal move is always played; the
    `replies` are those moves along the solution, written out (checked to be forced). A
    decision with several moves goes to the `bot` (a bot spec such as "greedy"), or, without
    one, ends that line of play."""

    replies: list[str] = []
    bot: str = ""


class LessonTable(msgspec.Struct, forbid_unknown_fields=True):
    id: str  # unique within the game; the lesson is named `<game>/<id>`
    stage: int  # its chapter in the game's path (text `stage.<n>`)
    order: int  # its place in the stage
    title: str  # text keys of the game's lesson texts, from here on
    goal: str
    teaches: list[str]  # the rulings the lesson teaches
    par: int  # the learner's moves the goal takes
    success: dict[str, object]  # facts, as a scenario step's `expect`: all of them hold
    solution: list[str]  # the learner's moves, in notation, that reach the goal
    solutions: int  # how many legal first moves can reach the goal within par
    hints: list[str]  # hints in steps: which piece, which move (the rule's text comes last)
    seat: int = -1  # the learner's seat; -1: the one deciding at the start
    wrong: dict[str, Wrong] = {}  # notation of a move -> what to say
    opponent: Opponent = msgspec.field(default_factory=Opponent)


class Lesson(msgspec.Struct):
    game: str
    scenario: Scenario
    table: LessonTable

    @property
    def id(self) -> str:
        return f"{self.game}/{self.table.id}"

    @property
    def path(self) -> str:
        return self.scenario.path

    def where(self) -> str:
        return self.scenario.where("lesson")


def _path_of(exc: msgspec.ValidationError) -> str:
    """msgspec's message with its `$.a.b[0]` path written as the file writes it."""
    text = str(exc)
    if "`$" in text:
        return text.replace("`$.", "`lesson.").replace("`$`", "`lesson`")
    return f"`[lesson]`: {text}"


def read_lesson(sc: Scenario) -> Lesson:
    """The lesson of a scenario already read; ScenarioFileError when it has none or a bad one."""
    if not sc.lesson:
        raise ScenarioFileError(f"{sc.where()}: not a lesson (no `[lesson]` table)")
    try:
        table = msgspec.convert(sc.lesson, LessonTable)
    except msgspec.ValidationError as exc:
        raise ScenarioFileError(f"{sc.where('lesson')}: {_path_of(exc)}") from None
    return Lesson(sc.game, sc, table)


def load_lesson(path: str | Path) -> Lesson:
    return read_lesson(load_scenario(path))


__all__ = ["Lesson", "LessonTable", "Opponent", "Wrong", "load_lesson", "read_lesson"]
