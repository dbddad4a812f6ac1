"""Texts, languages, settings, themes, save folders: the app's data files and their loaders."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from core import games
from core.i18n import default_lang
from tests.piloting import new_game
from tui import i18n
from tui.bots import bot_label, bot_specs
from tui.games import playable
from tui.saves import default_saves_dir, is_checkout, latest_unfinished, new_save_path
from tui.settings import Settings, load_settings, save_settings
from tui.themes import ThemeError, load_themes, read_theme, variable_defaults

TUI = Path(__file__).resolve().parents[2] / "tui"
THEMES = Path(__file__).resolve().parents[2] / "themes"


def test_every_text_key_in_the_code_exists_in_both_languages() -> None:
    used: set[str] = set()
    for path in TUI.rglob("*.py"):
        used |= set(re.findall(r"""(?:text|tr|has)\(\s*["']([a-z_]+\.[a-z_.]+)["']""", path.read_text()))
    known = set(i18n.keys())
    assert used - known == set()
    for key in known:
        assert i18n.text(key, "ru") and i18n.text(key, "en")


def test_bindings_have_texts() -> None:
    """(Each game's decision steps: tests/games/<g>/test_tui_*.py.)"""
    for key in ("help", "undo", "redo", "menu", "save", "event", "branch"):
        assert i18n.has(f"keys.{key}")


def test_language_follows_the_flag_then_the_setting_then_the_locale() -> None:
    assert default_lang({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert default_lang({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}) == "ru"  # C says nothing
    assert i18n.resolve_lang("en", "ru", {"LANG": "ru_RU"}) == "en"
    assert i18n.resolve_lang(None, "auto", {"LANG": "ru_RU"}) == "ru"


@pytest.mark.parametrize(("started_with", "lang"), [("ru_RU.UTF-8", "ru"), ("Russian_Russia.1251", "ru"),
                                                    ("C.UTF-8", "en"), ("de_DE.UTF-8", "en")])
def test_with_no_variable_the_locale_python_started_with_says(
        started_with: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import _locale

    monkeypatch.setattr(_locale, "setlocale", lambda category, value=None: started_with)
    assert default_lang({"LANG": "C.UTF-8"}) == lang


def test_settings_survive_a_round_trip_and_a_damaged_file(tmp_path: Path) -> None:
    name = 'Ann "the" \\ one'
    save_settings(Settings(lang="ru", theme="evo-light", pace="slow", player_name=name), tmp_path)
    s = load_settings(tmp_path)
    assert (s.lang, s.theme, s.pace, s.player_name) == ("ru", "evo-light", "slow", name)
    (tmp_path / "settings.toml").write_text("lang = [")
    assert load_settings(tmp_path) == Settings()


def test_shipped_themes_load_and_a_bad_user_theme_is_reported(tmp_path: Path) -> None:
    names = {tf.theme.name for tf in load_themes([THEMES])[0]}
    assert {"evo-dark", "evo-light", "evo-contrast"} <= names
    for tf in load_themes([THEMES])[0]:
        assert set(tf.theme.variables) <= set(variable_defaults())
        tf.theme.to_color_system().generate()  # the app takes the shipped ones untried
    (tmp_path / "mine.toml").write_text('name = "mine"\nprimary = "not-a-colour"\n')
    themes, problems = load_themes([THEMES, tmp_path])
    assert "mine" not in {tf.theme.name for tf in themes} and "mine.toml" in problems[0]
    (tmp_path / "mine.toml").write_text('name = "evo-dark"\nprimary = "#123456"\nlabel = "Mine"\n')
    assert read_theme(tmp_path / "mine.toml").label("ru") == "Mine"
    fallback = [tf.theme.name for tf in load_themes([tmp_path / "missing"])[0]]
    assert fallback == ["textual-dark", "textual-light"]
    (tmp_path / "x.toml").write_text('primary = "#123456"\n')
    with pytest.raises(ThemeError):
        read_theme(tmp_path / "x.toml")


def test_saves_folder_and_continue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("EVO_SAVES_DIR", raising=False)
    assert default_saves_dir(str(tmp_path)) == tmp_path
    assert is_checkout() and default_saves_dir(None).name == "saves"
    assert latest_unfinished(tmp_path) is None
    game = playable()[0]
    first = new_save_path(tmp_path, game, now=0)
    new_game(game, path=first).close()
    second = new_save_path(tmp_path, game, now=0)
    assert second != first
    assert latest_unfinished(tmp_path) == first
    (tmp_path / f"{game}-zz.jsonl").write_text("broken\n")
    assert latest_unfinished(tmp_path) == first


def test_only_games_with_a_table_are_offered() -> None:
    """Games with rules (core/games/<g>) and a UI (tui/games/<g>), in the registry's order;
    each game's folder checks that it is one of them."""
    from tui.games import FOLDER, refusal

    with_ui = [g for g in games.ids() if (FOLDER / g / "__init__.py").is_file()]
    assert with_ui and playable() == with_ui
    for game in playable():
        assert refusal(game, "en") is None
    assert "cannot show the game 'chess'" in refusal("chess", "en")


@pytest.mark.parametrize("game", playable())
def test_bot_levels_come_from_the_registry(game: str) -> None:
    specs = bot_specs(games.load(game))
    assert "random" in specs
    assert bot_label("random", "ru") == "Бот: случайный"
    assert bot_label("mcts:hard", "en") == "Bot: MCTS, hard"


def test_names_the_form_filled_in_read_in_the_language_chosen_now() -> None:
    """A save made in Russian shows «Бот 2» as "Bot 2" in English; a name a person typed
    stays as it was typed."""
    from core.engine.journal import Seat
    from core.engine.session import GameSession

    game = next(g for g in playable() if games.get(g).seat_range({})[0] <= 3
                <= games.get(g).seat_range({})[1] and not games.get(g).cooperative)
    seats = [Seat("Игрок 1"), Seat("Бот 2", kind="bot", bot="random"),
             Seat("Бот Вася", kind="bot", bot="random")]
    session = GameSession.new(game, seats=seats, seed=1, durable=False)
    assert i18n.seat_names(session, "en") == ["Player 1", "Bot 2", "Бот Вася"]
    assert i18n.seat_names(session, "ru") == ["Игрок 1", "Бот 2", "Бот Вася"]


def test_a_refused_option_is_named_by_its_label_on_the_form_and_by_its_key_for_evo() -> None:
    from core.engine.protocol import OptionsError

    game = games.get("newworld")
    with pytest.raises(OptionsError) as refused:
        game.normalize({"length": "99"}, 2)
    form = i18n.option_problem(game, refused.value, "ru", labels=True)
    assert form.startswith(game.option_label("length", "ru") + ": 99") and "(NW43)" in form
    assert i18n.option_problem(game, refused.value, "ru").startswith("length: 99")
    with pytest.raises(OptionsError) as unknown:  # no label for an option the game has not
        game.normalize({"lenght": "3"}, 2)
    assert "«lenght»" in i18n.option_problem(game, unknown.value, "ru", labels=True)


def test_how_to_choose_names_the_keys_there_are() -> None:
    from tui.board import use_numbers
    from tui.stage import Option, number

    one = number([Option("a", 1)])
    three = number([Option("a", 1), Option("b", 2), Option("c", 3)])
    assert use_numbers(one, "ru") == "Выберите вариант клавишей 1 или щёлкните по нему."
    assert use_numbers(three, "ru") == "Выберите вариант клавишами 1–3 или щёлкните по нему."
    assert use_numbers(one, "en") == "Pick a choice with 1, or click it."


def _option_values(o: Any) -> list[Any]:
    """Values of one option worth trying: each allowed one, the edges, and junk."""
    if o.kind == "int":
        low = o.low if o.low is not None else 0
        high = o.high if o.high is not None else low + 3
        return [low - 1, low, high, high + 1, "2x"]
    if o.kind == "bool":
        return [True, False, "maybe"]
    if o.kind == "choice":
        return [*o.allowed(), "no-such"]
    return [["no-such"], []]


@pytest.mark.parametrize("game_id", games.ids())
def test_every_refused_option_is_told_in_both_languages(game_id: str) -> None:
    """Options one and two at a time, at every seat count and one beyond: whatever the schema
    or the game refuses has its text in Russian and English, on the form and for evo (a
    game's own key once fell through to the app's texts and crashed, NW43 §7.3)."""
    from core.engine.protocol import OptionsError

    game = games.get(game_id)
    singles = [{o.key: v} for o in game.options for v in _option_values(o)]
    pairs = [{**a, **b} for i, a in enumerate(singles) for b in singles[i + 1:]
             if set(a).isdisjoint(b)]
    keys = set()
    for options in [{}, {"no_such_option": 1}, *singles, *pairs]:
        for seats in range(1, game.seats[1] + 2):
            try:
                game.normalize(dict(options), seats)
            except OptionsError as exc:
                keys.add(exc.key)
                if exc.key.startswith("option_schema."):  # the schema's line is the same text
                    assert i18n.option_problem(game, exc, "en") == str(exc)
                for lang in ("ru", "en"):
                    for labels in (False, True):
                        said = i18n.option_problem(game, exc, lang, labels=labels)
                        assert said and "{" not in said, (options, seats, said)
    assert "option_schema.unknown" in keys
    assert keys & {"option_schema.seats", "option_schema.seats_exact"}
    assert "" not in keys, "every refusal names its text"
