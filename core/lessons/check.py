"""`evo lesson check`: what CI proves of every lesson (docs/scenarios.md, "Lessons").

A lesson's solution reaches its goal within par, with every answer of the other seats forced
(or the named bot's) and written out as `replies`; `solutions` is the number of legal first
moves from which the goal can be reached within par, counted over every legal first move; its
rulings are the game's; every text key it names exists in Russian and English; the goal is not
met at the start, where the learner decides; each tempting wrong move is legal and misses.
"""

import re
from collections import Counter
from pathlib import Path

from core.engine import registry
from core.engine.protocol import IllegalAction
from core.engine.scenario import ScenarioFileError
from core.lessons import catalog
from core.lessons.lesson import Lesson, load_lesson
from core.lessons.tutor import Tutor


def check_file(path: str | Path) -> list[str]:
    """The problems of one lesson file, each one line `file:line: problem` (none: it is sound)."""
    try:
        lesson = load_lesson(path)
        return check_lesson(lesson)
    except ScenarioFileError as exc:
        return [str(exc)]


def check_lesson(lesson: Lesson) -> list[str]:
    t, where = lesson.table, lesson.where()
    out = [f"{where}: {p}" for p in _texts(lesson) + _rulings(lesson)]
    if t.par < 1:
        out.append(f"{where}: `par` must be at least 1, not {t.par}")
    if not t.hints:
        out.append(f"{where}: a lesson needs at least one hint")
    if not t.success:
        out.append(f"{where}: `success` names no fact: the goal would always be met")
    if out:
        return out
    tutor = Tutor(lesson)
    known = tutor.facts(tutor.start)
    for key in t.success:
        if key not in known and not key.endswith(".exists"):
            out.append(f"{where}: `success` names `{key}`, not a fact of this position")
    if tutor.met(tutor.start):
        out.append(f"{where}: the goal is already met at the start")
    if not tutor.learners_turn(tutor.start):
        out.append(f"{where}: the learner (seat {tutor.seat}) does not decide at the start")
    if out:
        return out
    out += [f"{where}: {p}" for p in _solution(lesson, tutor)]
    good = [tutor.rules.format_action(m) for m in tutor.good_first_moves()]
    if len(good) != t.solutions:
        out.append(f"{where}: `solutions` is {t.solutions}, but {len(good)} first "
                   f"{'move reaches' if len(good) == 1 else 'moves reach'} the goal within par: "
                   f"{', '.join(good) or 'none'}")
    legal = {tutor.rules.format_action(m) for m in tutor.rules.legal_actions(tutor.start)}
    for move in t.wrong:
        if move not in legal:
            out.append(f"{where}: wrong move '{move}' is not a legal first move")
        elif move in good:
            out.append(f"{where}: wrong move '{move}' reaches the goal")
    return out


def _texts(lesson: Lesson) -> list[str]:
    t = lesson.table
    table = catalog.texts(lesson.game)
    keys = [t.title, t.goal, f"stage.{t.stage}", *t.hints, *(w.say for w in t.wrong.values())]
    have = table.texts if table is not None else {}
    # a key's leaf holds both languages, or the text file would not have been read
    out = [f"text `{k}` is missing from the game's lesson texts (ru and en)"
           for k in keys if k not in have]
    return out + [f"text `{k}` is not in Russian in its `ru`" for k in keys
                  if k in have and not _CYRILLIC.search(have[k]["ru"])]


_CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def _rulings(lesson: Lesson) -> list[str]:
    t = lesson.table
    book = registry.get(lesson.game).rulings
    out = [] if t.teaches else ["`teaches` names no ruling"]
    for rule in [*t.teaches, *(w.ruling for w in t.wrong.values())]:
        if book.get(rule) is None:
            out.append(f"ruling `{rule}` is not one of {lesson.game}'s rulings")
    return out


def _solution(lesson: Lesson, tutor: Tutor) -> list[str]:
    """Replay the solution and its answers; the goal must be met by its last move, within par."""
    t, rules = lesson.table, tutor.rules
    if len(t.solution) > t.par:
        return [f"the solution takes {len(t.solution)} moves, more than par ({t.par})"]
    state, answered = rules.clone(tutor.start), []
    for i, text in enumerate(t.solution, 1):
        if tutor.met(state):
            return [f"the goal is met before move {i} of the solution"]
        pend = rules.pending(state)
        if pend is None:
            return [f"the game is over before move {i} of the solution ('{text}')"]
        if pend.seat != tutor.seat:
            return [f"before move {i} of the solution ('{text}') seat {pend.seat} has a choice "
                    "and the lesson names no bot to make it (`opponent.bot`)"]
        try:
            move = rules.parse_action(text)
            rules.apply(state, move)
        except (ValueError, IllegalAction) as exc:
            return [f"move {i} of the solution ('{text}') is refused: {exc}"]
        answered += [rules.format_action(reply) for reply in tutor.answers(state)]
    out = []
    if not tutor.met(state):
        out.append(f"the solution does not reach the goal: {'; '.join(tutor.unmet(state))}")
    if answered != list(t.opponent.replies):
        out.append(f"the answers along the solution are {answered or 'none'}, "
                   f"`opponent.replies` says {list(t.opponent.replies) or 'none'}")
    return out


def check_catalog() -> list[str]:
    """Problems of the lessons taken together: an id used twice in a game."""
    out = []
    for game in registry.descriptors():
        found = [load_lesson(p) for p in catalog.files(game) if p.name != catalog.TEXTS]
        twice = [i for i, n in Counter(le.table.id for le in found).items() if n > 1]
        out += [f"{game.id}: lesson id `{i}` is used twice" for i in twice]
    return out


__all__ = ["check_catalog", "check_file", "check_lesson"]
