"""What the table previews before an attack equals what the attack then does: at many random
decisions, every attack the rules allow is previewed (as the prompt shows it) and then played
out on a copy, its defences decided at random; the blue tokens the predator gets for its prey
or for a dropped tail are the ones the preview promised (§4.1, NW5, NW30)."""

from __future__ import annotations

from core import games
from core.games.newworld import actions as A
from core.games.newworld import events as E
from tests.kit.evolution_checks import check_attack_previews
from tests.playing import Config
from tui.games.newworld import describe as D


def test_an_attack_preview_promises_the_tokens_the_attack_gives() -> None:
    check_attack_previews(Config(games.get("newworld"), 4), A, E, D)
