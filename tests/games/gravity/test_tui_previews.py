"""What the table previews before a move equals what the move then does, at many random
decisions played out on a copy: the dice a card will roll where it goes (the board's forecast,
G14, G15) are the dice rolled, unless tokens or curses changed on the way (Rumours); drawing
draws the cards its choice said, shuffling the discard in when it said so (T7)."""

from __future__ import annotations

import random
from typing import Any

from core import games
from core.games.gravity import actions as A
from core.games.gravity import events as E
from core.games.gravity.queries import roll_forecast
from tests.playing import Config, sample
from tui.games.gravity.describe import forecast
from tui.games.gravity.stages import draw_preview

CONFIG = Config(games.get("gravity"), games.get("gravity").seats[2])
CHANGES = (E.TokenMoved, E.CurseTaken, E.CurseLifted, E.Rested)


def _until_turn_ends(rules: Any, state: Any, events: list[Any], rng: random.Random,
                     seat: int) -> list[Any]:
    """Play the copy on at random while the same character's turn lasts."""
    while rules.pending(state) is not None and state.active == seat:
        events += rules.apply(state, rng.choice(rules.legal_actions(state)))
        if any(isinstance(e, E.TurnStarted) for e in events[-3:]):
            break
    return events


def test_the_dice_forecast_and_the_draw_are_what_happens() -> None:
    rules = CONFIG.rules
    rng = random.Random(2)
    rolls = draws = 0
    for state in sample(CONFIG, 3000, seed=1):
        legal = rules.legal_actions(state)
        seat = rules.pending(state).seat
        view = rules.view(state, seat)
        plays = [a for a in legal if isinstance(a, A.Play)]
        for play in rng.sample(plays, min(2, len(plays))):
            c = state.chars[seat]
            loc = play.dest or c.loc
            wanted, _, excess = roll_forecast(view, seat, play.card, loc)
            said = forecast(view, seat, play.card, loc, "en")
            assert str(wanted) in said
            copy = rules.clone(state)
            events = _until_turn_ends(rules, copy, rules.apply(copy, play), rng, seat)
            for e in events:
                if isinstance(e, CHANGES):
                    break
                if isinstance(e, E.Rolled) and e.ch == c.id and e.purpose in ("fight", "persuade"):
                    assert (e.wanted, e.excess) == (wanted, excess), (said, e)
                    rolls += 1
                    break
        if A.DRAW in legal:
            k, reshuffle = draw_preview(view)
            events = rules.apply(rules.clone(state), A.DRAW)
            drawn = sum(len(e.cards) for e in events if isinstance(e, E.Drew))
            shuffled = any(isinstance(e, E.ActionsReshuffled) for e in events)
            assert (drawn, shuffled) == (k, reshuffle), (k, reshuffle, events)
            draws += 1
    assert rolls >= 30 and draws >= 30, (rolls, draws)
