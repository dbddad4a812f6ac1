"""A key moment looked at again (issue #25): a tried move judged on the moment's own worlds, the
better move's continuation and likely reply — and none of it reads what the seat could not see."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from core import games
from core.engine.session import GameSession
from core.review.analysis import Reviewer, Settings
from core.review.moment import REPLY_MOVES, follow, narrated, replayed, told, tried
from core.review.report import moment_lines, reply_line, tell, tried_line
from tests.bots.helpers import random_positions

QUICK = Settings(screen=24, worlds=8, max_worlds=16, depth=20, sight=4)
NAMES = ["Ann", "Boris", "Vera", "Gleb", "Dina", "Egor"]


def _judged(rules: Any, count: int, seed: int) -> list[tuple[Any, Reviewer, Any]]:
    """Positions with a measured decision: (state, reviewer, moment), the last legal move played."""
    out = []
    for s in random_positions(rules, count, seed=seed, every=5):
        seat = rules.pending(s).seat
        legal = rules.legal_actions(s)
        r = Reviewer(rules, seat, QUICK)
        out.append((s, r, r.judge(s, legal, legal[-1], 7, 1)))
    return out


@pytest.mark.parametrize("game", games.ids())
def test_a_tried_move_is_measured_on_the_moments_own_worlds(game: str) -> None:
    """The played move tried again gets the moment's own loss to the decimal (the same worlds,
    the same streams), accepted exactly when no inaccuracy was called; the better move tried is
    the best, loss nothing."""
    rules = games.get(game).ruleset
    for s, r, m in _judged(rules, 3, seed=21):
        played = rules.parse_action(m.played)
        again = tried(r, s, m, played)
        assert again.loss == m.loss and again.value == m.played_value and again.best_value == m.better_value
        assert again.good == (m.verdict in ("", "unclear"))
        best = tried(r, s, m, rules.parse_action(m.better))
        assert best.good and best.loss.mean == 0.0 and best.move == best.best == m.better
        view = rules.view(s, r.seat)
        for lang in ("ru", "en"):
            assert tried_line(again, rules, view, lang) and tried_line(best, rules, view, lang)


@pytest.mark.parametrize("game", games.ids())
def test_the_reply_is_the_start_of_the_better_moves_playouts(game: str) -> None:
    """The continuation told is a world's playout after the better move, until the seat decides
    again after the others (or REPLY_MOVES moves); its reply is the others' first move there, and
    as many worlds as `share` says begin the others' answer with that move."""
    rules = games.get(game).ruleset
    for s, r, m in _judged(rules, 3, seed=22):
        better = rules.parse_action(m.better)
        reply = follow(r, s, better, m.seq, m.worlds, m.stage)
        assert reply == follow(r, s, better, m.seq, m.worlds, m.stage)  # deterministic
        assert reply.move == m.better and 1 <= reply.share <= reply.worlds == m.worlds
        assert len(reply.moves) == len(reply.seats) <= REPLY_MOVES
        if reply.reply >= 0:
            assert reply.seats[reply.reply] != r.seat
            assert all(seat == r.seat for seat in reply.seats[: reply.reply])
        else:
            assert all(seat == r.seat for seat in reply.seats)
        start, steps = replayed(r, s, reply, m.seq)
        assert [step.seat for step in steps] == [r.seat, *reply.seats]
        assert rules.view(start, r.seat) == rules.view(s, r.seat)  # a world the seat could be in
        lines = told(rules, start, steps, r.seat, "en", NAMES)
        assert all(text for _, text in lines)


@pytest.mark.parametrize("game", games.ids())
def test_no_peeking_at_a_key_moment_two_worlds_the_seat_cannot_tell_apart_tell_it_alike(game: str) -> None:
    """The board's view, the moment's words, a tried move's verdict, the better move's reply and
    the continuation's log are the same for two states the seat cannot tell apart."""
    rules = games.get(game).ruleset
    for s in random_positions(rules, 3, seed=23, every=5):
        seat = rules.pending(s).seat
        view = rules.view(s, seat)
        one, two = (rules.determinize(view, random.Random(f"pair:{i}")) for i in (1, 2))
        legal = rules.legal_actions(one)
        r = Reviewer(rules, seat, QUICK)
        m = r.judge(one, legal, legal[-1], 7, 1)
        assert m == r.judge(two, legal, legal[-1], 7, 1)
        if not m.better:
            continue
        m = msgspec.structs.replace(m, verdict=m.verdict or "inaccuracy")  # a key moment, to tell

        assert _seen(r, m, legal, one) == _seen(r, m, legal, two)


def _seen(r: Reviewer, m: Any, legal: list[Any], state: Any) -> Any:
    """Everything the moment's screen and `evo review` show of `m`, given the true state."""
    rules, seat = r.rules, r.seat
    reply = follow(r, state, rules.parse_action(m.better), m.seq, m.worlds)
    start, steps = replayed(r, state, reply, m.seq)
    return (rules.view(state, seat), moment_lines(r, state, m, 1, "en", NAMES),
            reply_line(r, state, m, "ru", NAMES), reply, rules.view(start, seat),
            [rules.view(step.before, seat) for step in steps], told(rules, start, steps, seat, "en", NAMES),
            [narrated(rules, step, seat, "ru", NAMES) for step in steps],
            [tried(r, state, m, a) for a in legal[:4]])


@pytest.mark.parametrize("game", games.ids())
def test_no_peeking_two_journals_the_seat_cannot_tell_apart_get_one_review(game: str, tmp_path: Any) -> None:
    """Two saves that differ only in what the seat could not see — the same position as the
    seat sees it, hidden cards sampled apart, and the seat's move — give the same review, told
    word for word with its key moment's reply."""
    rules = games.get(game).ruleset
    told_pairs = 0
    for k, s in enumerate(random_positions(rules, 16, seed=24, every=5)):
        pair = _journal_pair(game, rules, s, tmp_path / str(k))
        if pair is None:
            continue
        (a, b), seat = pair
        assert a.state_of(0) != b.state_of(0)  # the saves differ: only in what the seat cannot see
        reviews = [Reviewer(rules, seat, QUICK).run(x.state_of(0), x.moves_on_line()) for x in (a, b)]
        assert reviews[0] == reviews[1]
        forced = [msgspec.structs.replace(r, moments=[_called(m) for m in r.moments]) for r in reviews]
        said = [tell(x, r, lang, NAMES) for x, r in zip((a, b), forced, strict=True) for lang in ("ru", "en")]
        assert said[:2] == said[2:]
        told_pairs += 1
        if told_pairs == 2:
            break
    assert told_pairs >= 1


def _called(m: Any) -> Any:
    """`m` as a key moment (told with its reply), whatever its verdict."""
    return msgspec.structs.replace(m, verdict=m.verdict or "mistake")


def _journal_pair(game: str, rules: Any, s: Any, folder: Any) -> tuple[tuple[Any, Any], int] | None:
    """Two saves from two worlds the seat to move cannot tell apart, each with the same move of
    that seat after which it still cannot tell them apart (None if no move keeps them alike)."""
    seat = rules.pending(s).seat
    view = rules.view(s, seat)
    one, two = (rules.determinize(view, random.Random(f"journal:{i}")) for i in (1, 2))
    for action in rules.legal_actions(one):
        after = [rules.clone(x) for x in (one, two)]
        for x in after:
            rules.apply(x, action)
        if rules.view(after[0], seat) != rules.view(after[1], seat):
            continue
        sessions = []
        for i, x in enumerate((one, two)):
            (folder / str(i)).mkdir(parents=True)  # one file name: the review names its save
            path = folder / str(i) / "pair.jsonl"
            session = GameSession.new(game, seats=2, position=rules.clone(x), path=path)
            session.act(action)
            sessions.append(session)
        return (sessions[0], sessions[1]), seat
    return None
