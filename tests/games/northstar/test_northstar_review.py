"""The review's luck in `northstar`: only what the deck dealt (`CHANCE`), never what players
chose or gathered in secret — the food cards and face-down traits turned up, the bags opened at
the end (NS29)."""

from __future__ import annotations

from pathlib import Path

from core.engine.session import GameSession
from core.games.northstar import events as E
from core.review.analysis import Reviewer, Settings

DEMO = Path(__file__).resolve().parents[3] / "saves" / "demo" / "northstar-demo.jsonl"
QUICK = Settings(screen=24, worlds=8, max_worlds=16, depth=20, sight=4)
SECRET = (E.PlansShown, E.TraitsRevealed, E.FoodRevealed, E.GameEnded)


def test_luck_is_the_deal_not_the_secrets_turned_up() -> None:
    session, _ = GameSession.load(DEMO, writable=False)
    moves = session.moves_on_line()
    rules = session.rules
    assert any(isinstance(ev, E.GameEnded) for ev in moves[-1].events), "the demo is a whole game"
    for seat in range(3):
        review = Reviewer(rules, seat, QUICK).run(session.state_of(0), moves)
        counted = {x.move for x in review.luck}
        for k in counted:
            events = moves[k - 1].events
            assert any(isinstance(ev, (E.Dealt, E.Reshuffled)) for ev in events)
            assert not any(isinstance(ev, SECRET) for ev in events)
        assert len(moves) not in counted  # the last move opened the bags: not luck
        # a seat's own moves that showed the food cards were not counted either
        shown = [k for k, e in enumerate(moves, 1)
                 if e.seat == seat and any(isinstance(ev, E.FoodRevealed) for ev in e.events)]
        assert shown and not counted & set(shown)
