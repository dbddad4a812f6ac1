"""Contract 8 for every registered game: the descriptor the registry found is complete and
consistent with the objects it names, and its texts exist in Russian and English."""

from __future__ import annotations

import random
import re

import pytest

from core import games
from core.engine.descriptor import GameDescriptor
from core.engine.protocol import OptionsError
from core.engine.session import GameSession
from tests.playing import Config, configurations

GAMES = games.descriptors()
IDS = [g.id for g in GAMES]
LANGS = ("ru", "en")


def test_the_registry_finds_every_game_once() -> None:
    assert games.ids() == IDS and len(set(IDS)) == len(IDS) and IDS
    assert [g.order for g in GAMES] == sorted(g.order for g in GAMES)
    for g in GAMES:
        assert games.get(g.id) is g and games.load(g.id) is g.ruleset
    with pytest.raises(games.UnknownGame):
        games.get("no-such-game")


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_descriptor_names_working_objects(game: GameDescriptor) -> None:
    rules = game.ruleset
    assert rules.game_id == game.id
    assert game.package == type(rules).__module__.rsplit(".", 1)[0], "a game is its own folder"
    low, high, default = game.seats
    assert 1 <= low <= default <= high
    assert game.ruling_prefix and game.seats_rule.startswith(game.ruling_prefix)
    if game.scenarios is not None:
        for what in ("state", "options", "facts"):
            assert callable(getattr(game.scenarios, what)), what


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_text_exists_in_both_languages(game: GameDescriptor) -> None:
    for lang in LANGS:
        assert game.name(lang).strip()
        for o in game.options:
            assert game.option_label(o.key, lang).strip(), o.key
            assert game.option_help(o.key, lang).strip(), o.key
            for value in o.allowed() if o.kind == "choice" else ():
                assert game.choice_label(o.key, value, lang).strip()
        for config in configurations(game):
            for kind in config.automated.values():
                assert game.automaton_name(kind, lang).strip(), kind
    for key in game.texts.texts:  # the same placeholders in both languages
        ru, en = game.texts.get(key, "ru"), game.texts.get(key, "en")
        assert ru and en, key
        assert set(re.findall(r"{(\w+)", ru)) == set(re.findall(r"{(\w+)", en)), key


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_options_normalize_once_and_for_all(game: GameDescriptor) -> None:
    """Defaults fill in, and normalized options normalize to themselves (sessions and
    simulate normalize what `setup` normalizes again)."""
    for config in configurations(game):
        opts = config.normalized
        assert set(opts) == {o.key for o in game.options}
        assert game.normalize(opts, config.seats) == opts, config.id
        assert config.rules.normalize_options(dict(opts), config.seats) == opts
        low, high = game.seat_range(opts)
        assert low <= config.seats <= high and low <= game.default_seat_count(opts) <= high
        assert set(config.automated) <= set(range(config.seats))
    with pytest.raises(OptionsError):
        game.normalize({}, game.seats[1] + 1)
    with pytest.raises(OptionsError):
        game.normalize({"no-such-option": 1}, game.seats[2])


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_statistics_and_texts_of_a_played_game(game: GameDescriptor) -> None:
    config = Config(game, game.seats[2])
    rules = config.rules
    session = GameSession.new(game.id, seats=config.seats, seed=5)
    rng = random.Random(5)
    while session.pending() is not None:
        state = session.state
        for lang in LANGS:
            assert rules.prompt(state, lang).strip()
            text = rules.render_text(rules.view(state, session.pending().seat), lang,
                                     session.seat_names(lang))
            assert isinstance(text, str) and text.strip()
        legal = session.legal_actions()
        session.act(legal[rng.randrange(len(legal))])
    stats = game.game_stats([session.entries[0], *session.moves_on_line()], config.seats)
    assert (stats is not None) == bool(game.statistics)
    assert rules.render_text(rules.view(session.state, None), "en", session.seat_names("en"))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_game_names_its_rounds_in_both_languages(game: GameDescriptor) -> None:
    """The menu, the saves list and the replay speak of a game's rounds in its own word."""
    for lang in LANGS:
        label = game.round_text("label", lang, k=3)
        assert "3" in label and "{" not in label
        assert game.round_text("key", lang)
        assert game.round_text("go_title", lang)
        assert "1–9" in game.round_text("go_prompt", lang, last=9)
        missing = game.round_text("missing", lang, k=12, last=9)
        assert "12" in missing and "9" in missing
