"""When the system refuses a file (a full disk, no rights), a Russian player reads why in Russian:
the system's own words are English (issue #20: no stray English in Russian)."""

from __future__ import annotations

import errno
import os
import re
from pathlib import Path
from typing import Any

import pytest

from core.engine.journal import Seat
from tests.piloting import new_game, settle, table_ready
from tui.i18n import system_problem

LATIN = re.compile(r"[A-Za-z]{3,}")


@pytest.mark.parametrize("code", ["ENOSPC", "EACCES", "EROFS", "ENOENT", "ENAMETOOLONG"])
def test_common_causes_are_said_in_russian(code: str) -> None:
    num = getattr(errno, code)
    exc = OSError(num, os.strerror(num), "/x/saves/magic-1.evo")
    ru = system_problem(exc, "ru")
    assert ru and not LATIN.search(ru), ru
    assert system_problem(exc, "en") == os.strerror(num)  # English players get the system's words


def test_an_uncommon_cause_has_a_general_line() -> None:
    exc = OSError(errno.EMLINK, os.strerror(errno.EMLINK))
    assert system_problem(exc, "ru") == "система отказала в доступе к файлу"
    assert system_problem(OSError("no errno"), "en") == "the system refused the file"


def test_a_game_that_cannot_be_written_says_so_in_the_players_language(make_app: Any,
                                                                         tmp_path: Path) -> None:
    app = make_app(lang="ru")
    blocker = tmp_path / "saves"
    blocker.write_text("a file where the saves folder should be")
    seats = [Seat("Аня"), Seat("Бот 1", kind="bot", bot="greedy")]
    problem = app.start_new_game("magic", seats, {}, 5, "learning")
    assert problem is not None and problem.startswith("Партию не начать — «magic-"), problem
    assert not LATIN.search(problem.split("»", 1)[1]), problem  # the file's name aside, all Russian
    assert blocker.read_text() == "a file where the saves folder should be"
    app.lang = "en"
    problem = app.start_new_game("magic", seats, {}, 5, "learning")
    assert problem is not None and problem.startswith("The game cannot start — ")
    assert problem.endswith("saves is not a folder).")  # English: the whole detail


async def test_save_as_into_a_file_that_is_a_folder_says_why_in_russian(make_app: Any,
                                                                       tmp_path: Path) -> None:
    app = make_app(lang="ru", start=("game", new_game("magic")))
    folder = tmp_path / "taken.evo"
    folder.mkdir()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot, lambda: table_ready(app))
        app.screen.save_to(str(folder))
        await pilot.pause()
        told = [str(n.message) for n in app._notifications]
    assert told and told[-1].startswith("Не удалось сохранить: «taken.evo»"), told
    assert not LATIN.search(told[-1].replace("taken.evo", "")), told[-1]
