"""The option schema of `classic` (spec §1, §2.2, §7.2): rule sets, sub-variants, seats."""

from __future__ import annotations

import pytest

from core import games
from core.engine.protocol import OptionsError
from core.games.classic.rules import RULES
from tests.games.classic.classic_play import fresh

GAME = games.get("classic")


def test_defaults_and_rule_sets() -> None:
    assert GAME.normalize({}, 3) == {"ruleset": "classic", "personal_food": False,
                                     "five_players": False, "mimicry": "second",
                                     "single_poisonous": False}
    opts = GAME.normalize({"ruleset": "v09", "personal_food": "yes"}, 4)
    assert opts["personal_food"] is True and opts["five_players"] is False


def test_five_players_only_in_v09() -> None:
    """CL2: classic is for 2-4; five seats only with v0.9's five-player sub-variant."""
    with pytest.raises(OptionsError, match="CL2"):
        GAME.normalize({}, 5)
    with pytest.raises(OptionsError, match="CL2"):
        GAME.normalize({"five_players": True}, 5)
    with pytest.raises(OptionsError, match="CL2"):
        GAME.normalize({"ruleset": "v09"}, 5)
    assert GAME.normalize({"ruleset": "v09", "five_players": True}, 5)["five_players"] is True
    assert GAME.seat_range({"ruleset": "v09", "five_players": True}) == (5, 5)
    with pytest.raises(OptionsError):
        GAME.normalize({"ruleset": "v09", "five_players": True}, 4)
    with pytest.raises(OptionsError):
        GAME.normalize({"ruleset": "v09"}, 1)


def test_personal_food_only_in_v09() -> None:
    with pytest.raises(OptionsError, match="CL34"):
        GAME.normalize({"personal_food": True}, 2)


@pytest.mark.parametrize(("players", "length", "dice"), [(2, 10, 1), (3, 6, 2), (4, 4, 2), (5, 5, 3)])
def test_v09_length_and_food_dice(players: int, length: int, dice: int) -> None:
    s = fresh(7, players, ruleset="v09", five_players=players == 5)
    assert s.v09 and s.length == length and s.turn == 1
    assert all(len(p.hand) == 6 for p in s.players) and len(s.deck) == 84 - 6 * players
    assert s.first in range(players)


def test_personal_reserve_starts_with_one_token() -> None:
    s = fresh(3, 3, ruleset="v09", personal_food=True)
    assert [p.reserve for p in s.players] == [1, 1, 1]
    assert [p.reserve for p in fresh(3, 3, ruleset="v09").players] == [0, 0, 0]


def test_setup_is_seeded() -> None:
    assert RULES.setup({}, 11, 3) == RULES.setup({}, 11, 3)
    assert RULES.setup({}, 11, 3) != RULES.setup({}, 12, 3)
