"""`evo --lang ru`: the command's own lines, its errors, its help and argparse's words are
Russian (docs/cli.md); notation (action words, step ids) and file names stay as they are."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core import games
from core.engine.session import UNDO_REFUSALS
from tui.cli import argv_lang, main
from tui.i18n import keys, text

GAMES = games.descriptors()
IDS = [g.id for g in GAMES]
LATIN_WORD = re.compile(r"\b[a-z]{4,}\b")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["--lang", "ru", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def english_words(line: str, allowed: set[str]) -> set[str]:
    """Lower-case Latin words of four letters or more that are not notation or names."""
    return set(LATIN_WORD.findall(line)) - allowed


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_game_by_the_command_line_in_russian(game: games.GameDescriptor, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.evo"
    code, out, _ = run(capsys, "new", game.id, "--seed", "3", "--out", str(path))
    assert code == 0 and "новая партия" in out and "зерно 3" in out
    code, out, _ = run(capsys, "legal", str(path))
    header, *legal = out.splitlines()
    assert code == 0 and legal and "(место " in header and "Игрок" in header
    # the step id before the prompt is notation, as the actions listed below it
    assert not english_words(header.split(": ", 1)[1], set()), header
    before = path.read_bytes()
    code, _, err = run(capsys, "act", str(path), "pass pass pass")
    assert code == 2 and err.startswith("evo: не понять ход")
    code, _, err = run(capsys, "undo", str(path), "--steps", "5")
    assert code == 1 and err.startswith("отмена: ") and path.read_bytes() == before
    assert run(capsys, "act", str(path), legal[0])[0] == 0
    code, out, _ = run(capsys, "undo", str(path))
    assert code == 0 and out.startswith("отмена: отменён ход "), out
    code, out, _ = run(capsys, "verify", str(path))
    assert code == 0 and "в порядке" in out
    # the names evo gave the seats are the set-up form's: they read in the language asked for
    assert main(["--lang", "en", "legal", str(path)]) == 0
    assert "Player " in capsys.readouterr().out.splitlines()[0]


def test_refusal_undo_and_redo_words_follow_the_session_codes() -> None:
    for code, english in UNDO_REFUSALS.items():
        assert text(f"cli.refusal.{code}", "en") == english
        assert not english_words(text(f"cli.refusal.{code}", "ru"), set())


def test_every_cli_text_has_russian_without_stray_english() -> None:
    """Command names, flags, option values and bot specs may appear; words may not."""
    allowed = {"evo", "mcts", "normal", "greedy", "random", "easy", "hard", "expert",
               "learning", "strict", "bench", "join", "human"}
    for key in keys():
        if key.startswith("cli."):
            ru = re.sub(r"\{[^}]*\}|EVO_DEBUG|%\([a-z_]+\)[rs]|--[a-z-]+", "", text(key, "ru"))
            assert not english_words(ru, allowed), (key, ru)


def test_help_and_usage_errors_are_russian(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "ru", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("использование: evo") and "показать эту справку" in out
    assert main(["--lang", "ru", "frob"]) == 2
    err = capsys.readouterr().err
    assert "недопустимое значение" in err and "см. «evo --help»" in err and err.count("\n") == 1
    assert main(["undo", "--steps", "²", "x.evo", "--lang=ru"]) == 2
    assert "не целое число" in capsys.readouterr().err
    assert main(["--lang", "ru", "new"]) == 2
    assert "не хватает аргументов" in capsys.readouterr().err


def test_a_damaged_save_is_named_in_russian_with_the_detail(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.evo"
    bad.write_text('{"x": 1}\n')
    code, _, err = run(capsys, "legal", str(bad))
    assert code == 2 and err.startswith(f"evo: «{bad}», строка 1: это не сохранение Evo (")


def test_the_language_is_known_before_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EVO_LANG", "en")
    assert argv_lang(["legal", "f", "--lang", "ru"]) == "ru"
    assert argv_lang(["--lang=ru", "legal", "f"]) == "ru"
    assert argv_lang(["legal", "f", "--lang"]) == "en"
    monkeypatch.setenv("EVO_LANG", "ru")
    assert argv_lang(["legal", "f"]) == "ru"


@pytest.mark.parametrize(("argv", "words"), [
    (["new", "classic", "--five-players"], "five_players: только при ruleset = v09 (CL2)"),
    (["new", "classic", "--mimicry", "x"], "mimicry: «x» — не одно из: second, third (CL15)"),
    (["new", "classic", "--option", "foo=1"], "у «classic» нет настройки «foo» (есть: ruleset"),
    (["new", "newworld", "--length", "99"], "length: 99 — не в пределах 1..18 (NW43)"),
    (["new", "newworld", "--length", "2x"], "length: «2x» — не целое число (NW43)"),
    (["new", "magic", "--option", "solo=maybe"], "solo: «maybe» — не true и не false"),
    (["new", "magic", "--players", "7", "--solo"], "мест ровно 2, а не 7"),
    (["new", "gravity", "--monsters", "zz"], "monsters: монстра «zz» нет"),
    (["new", "gravity", "--first", "7"], "first: место от 1 до 3"),
    (["new", "gravity", "--first", "0"], "first: номера начинаются с 1, а не с 0"),
    (["new", "gravity", "--characters", "dipper,dipper,stan"], "characters: нужно 3, все разные"),
    (["new", "gravity", "--controllers", "1,1,9"], "controllers: для каждого персонажа — номер"),
    (["new", "newworld", "--players", "4", "--length", "18"], "Длительность 18 не подходит"),
])
def test_refused_options_are_told_in_russian(argv: list[str], words: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """The option schema's refusals and a game's own, each in Russian with its ruling."""
    code, _, err = run(capsys, *argv, "--out", str(tmp_path / "g.evo"))
    assert code == 2 and words in err and err.count("\n") == 1, err
    assert not (tmp_path / "g.evo").exists()


def test_refused_options_are_told_in_the_same_words_in_english(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """English takes the same texts as Russian (NW §7.3 and the schema's CL15 here)."""
    for argv, words in ((["new", "newworld", "--players", "4", "--length", "18"],
                         "A length of 18 does not fit"),
                        (["new", "classic", "--mimicry", "x"],
                         "mimicry: 'x' is not one of second, third (CL15)")):
        code = main(["--lang", "en", *argv, "--out", str(tmp_path / "g.evo")])
        err = capsys.readouterr().err
        assert code == 2 and words in err and err.count("\n") == 1, err
