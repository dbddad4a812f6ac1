"""Contract 2 for every registered game: every legal action, at every decision of random games,
has a notation that parses back to it and formats again to the same text, and prints as it;
no two legal actions share a text; and text that is not notation is refused with
`NotationError`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from core import games
from core.engine.protocol import NotationError
from tests.playing import Config, all_configurations, decisions

ROOT = Path(__file__).resolve().parents[2]

CONFIGS = all_configurations()


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_every_legal_action_round_trips(config: Config) -> None:
    rules = config.rules
    kinds: set[str] = set()
    for seed in (41, 42, 43, 44):
        for state in decisions(config, seed):
            kinds.add(rules.pending(state).kind)
            legal = rules.legal_actions(state)
            assert legal, "a pending decision has legal actions"
            texts = [rules.format_action(a) for a in legal]
            assert len(set(texts)) == len(texts), f"two legal actions share a notation: {texts}"
            for action, text in zip(legal, texts, strict=True):
                assert text and text == text.strip() and "\n" not in text
                assert str(action) == text
                parsed = rules.parse_action(text)
                assert parsed == action, text
                assert rules.format_action(parsed) == text
    assert kinds, "the game asked for nothing"


@pytest.mark.parametrize("game", games.ids())
@pytest.mark.parametrize("text", ["", "   ", "§§§", "xyzzy 1 2 3", "\x00"])
def test_text_that_is_not_notation_is_refused(game: str, text: str) -> None:
    with pytest.raises(NotationError):
        games.load(game).parse_action(text)


@pytest.mark.parametrize("config", [c for c in CONFIGS if c.seats == c.game.seats[2] and not c.options],
                         ids=lambda c: c.id)
def test_an_unknown_verb_lists_the_games_verbs(config: Config) -> None:
    """`evo act g.evo "eat c5"` in a game without `eat`: refused naming the verb and listing the
    game's verbs — its notation's own list (VERBS), which is every verb a legal action starts
    with and each of which the notation reads."""
    rules = config.rules
    verbs = rules.notation.VERBS
    assert verbs and len(set(verbs)) == len(verbs)
    with pytest.raises(NotationError) as info:
        rules.parse_action("xyzzy c5")
    message = str(info.value)
    assert message.startswith("unknown action 'xyzzy' (actions: ") and "\n" not in message
    assert all(v in message for v in verbs)
    for verb in verbs:  # each is read: at worst its arguments are wrong
        try:
            rules.parse_action(verb)
        except NotationError as exc:
            assert "unknown action" not in str(exc), verb
    for seed in (41, 42):
        for state in decisions(config, seed):
            for action in rules.legal_actions(state):
                assert rules.format_action(action).split()[0] in verbs, rules.format_action(action)


# Decodes an action of the game (as a save holds it) with only its actions module loaded and
# prints it: `str` finds the game's notation by itself.
_PRINT = """
import importlib, sys
import msgspec
actions = importlib.import_module(sys.argv[1] + ".actions")
action = msgspec.json.decode(sys.argv[2], type=actions.Action)
assert sys.argv[1] + ".notation" not in sys.modules
print(action)
"""


@pytest.mark.parametrize("game", games.ids())
def test_an_action_prints_as_its_notation_in_a_fresh_interpreter(game: str) -> None:
    config = next(c for c in CONFIGS if c.game.id == game)
    action = config.rules.legal_actions(config.fresh(41))[-1]
    package = type(config.rules).__module__.rpartition(".")[0]
    done = subprocess.run([sys.executable, "-c", _PRINT, package, msgspec.json.encode(action).decode()],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == config.rules.format_action(action) + "\n"
