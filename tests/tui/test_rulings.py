"""Looking up a ruling in the app, in every game and both languages: F1 on a refusal shows the
ruling it cites above the decision's help; the rules screen's search (/) and the command
palette find a ruling by the id a refusal shows or typed loosely ("cl 13", "ns 4.3")."""

from __future__ import annotations

from typing import Any

import pytest

from core import games
from core.engine.citation import is_section
from tests.piloting import new_game, prompt_text, settle, table_ready
from tests.playing import Config, decisions
from tui.games import playable
from tui.screens.dialogs import MarkdownScreen
from tui.screens.rule_search import RuleSearchScreen
from tui.screens.rules import RulesScreen

GAMES = playable()
LANGS = ("ru", "en")


def my_turn(app: Any) -> bool:
    return table_ready(app) and app.screen.ctl.my_decision()


def a_refused_action(app: Any) -> Any:
    """An action of the game's notation, legal somewhere later in some game, not now."""
    ctl = app.screen.ctl
    rules = ctl.rules
    config = Config(games.get(ctl.session.header.game), len(ctl.session.header.seats))
    legal = {rules.format_action(a) for a in app.screen.legal()}
    for state in decisions(config, 5, every=3):
        for a in rules.legal_actions(state):
            text = rules.format_action(a)
            if text not in legal:
                action = rules.parse_action(text)
                if ctl.explain(action) is not None:
                    return action
    raise AssertionError("no refusal found")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
async def test_f1_on_a_refusal_opens_the_ruling_it_cites(make_app: Any, game: str, lang: str) -> None:
    app = make_app(lang=lang, start=("game", new_game(game)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: my_turn(app))
        table = app.screen
        action = a_refused_action(app)
        refusal = table.ctl.explain(action)
        table._refuse(action)
        await pilot.pause()
        assert f"[{refusal.cite}]" in prompt_text(app)
        ruling = games.get(game).rulings.get(refusal.rule_id)
        title, body = ruling.say(lang)
        await pilot.press("f1")
        await settle(pilot, lambda: isinstance(app.screen, MarkdownScreen))
        page = app.screen.body
        assert page.index(refusal.cite) < page.index(title) < page.index(body)
        other = "en" if lang == "ru" else "ru"
        assert ruling.say(other)[0] not in page  # the player's language only
        help_alone = table.ui.decision_help(table.view, table.stage, table.ctl, lang)
        assert page.endswith(help_alone)  # the decision's help is still there, below
        await pilot.press("escape")
        await settle(pilot, lambda: app.screen is table)
        table.say("")  # the refusal is gone: the key is the decision's help again
        await pilot.press("question_mark")
        await settle(pilot, lambda: isinstance(app.screen, MarkdownScreen))
        assert app.screen.body == help_alone


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
async def test_the_rules_screen_finds_a_ruling_by_id_or_word(make_app: Any, game: str, lang: str) -> None:
    from textual.widgets import Input, Markdown, OptionList

    book = list(games.get(game).rulings)
    ruling = book[len(book) // 2]
    section = next(r for r in book if is_section(r.id) and "." in r.id)  # "g 4" is G4, "g 4.2" G §4.2
    app = make_app(lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.open_rules(game=game)
        await settle(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.press("slash")
        await settle(pilot, lambda: isinstance(app.screen, RuleSearchScreen))
        search = app.screen
        found = search.query_one(OptionList)
        assert found.option_count == len(book)  # nothing typed: the game's rulings
        for typed, r in ((ruling.cite.lower().replace("-", " "), ruling), (section.cite, section),
                         (section.id.replace("§", " ").lower(), section)):
            search.query_one(Input).value = typed
            await pilot.pause()
            assert search.found == [r], typed
            shown = str(search.query_one("#rule-body", Markdown).source)
            assert r.say(lang)[0] in shown and r.say(lang)[1][:40] in shown
        word = max(ruling.say(lang)[0].split(), key=len)
        search.query_one(Input).value = word
        await pilot.pause()
        assert ruling in search.found
        search.query_one(Input).value = "zzqx"
        await pilot.pause()
        assert search.found == [] and found.option_count == 0
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, RulesScreen))


@pytest.mark.parametrize("lang", LANGS)
async def test_the_palette_finds_a_ruling_by_id(make_app: Any, lang: str) -> None:
    from textual.command import CommandPalette

    app = make_app(lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for game in GAMES:
            ruling = next(r for r in reversed(list(games.get(game).rulings)) if "." in r.id)  # "ns 4.3"
            title = ruling.say(lang)[0]
            await pilot.press("ctrl+p")
            await settle(pilot, lambda: isinstance(app.screen, CommandPalette))
            await pilot.press(*ruling.cite.lower().replace("§", ""))
            palette = app.screen

            def first_hit(p: Any = palette) -> str:
                options = p.query("CommandList").first()
                return str(options.get_option_at_index(0).prompt) if options.option_count else ""

            await settle(pilot, lambda t=title: t in first_hit())
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, MarkdownScreen))
            assert ruling.say(lang)[1] in app.screen.body
            await pilot.press("escape")
            await settle(pilot, lambda: not isinstance(app.screen, MarkdownScreen))


async def test_an_app_command_comes_before_a_ruling_its_words_match_as_well(make_app: Any) -> None:
    """"Russ" matches the language command and the North Star ruling on Russian trait names
    alike: the command comes first (Enter switches the language)."""
    from textual.command import CommandPalette

    app = make_app(lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"Russ")
        palette = app.screen

        def hits() -> list[str]:
            options = palette.query("CommandList").first()
            return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]

        await settle(pilot, lambda: any("Russian trait" in h for h in hits()))
        assert "Language (Язык): Russian" in hits()[0], hits()[:3]
        await pilot.press("enter")
        await settle(pilot, lambda: app.lang == "ru")
        # on the Russian screen the English word finds the way back
        await pilot.press("ctrl+p")
        await settle(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"Language Eng")
        palette = app.screen
        await settle(pilot, lambda: bool(hits()) and "Язык (Language): английский" in hits()[0])
        await pilot.press("enter")
        await settle(pilot, lambda: app.lang == "en")
