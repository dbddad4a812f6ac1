"""A key moment looked at again (issue #25): a move tried there, judged against the best the
review found, and what the better move leads to — each from the seat's view only.

Every function takes the true state before the decision and turns it into the seat's view at
once, as `Reviewer.judge` does; what the seat could not see is sampled (`Reviewer.world`) in the
same worlds, with the same random streams, as the moment's own measurement. So a tried move is
measured on exactly the worlds the played and the better move were, and the continuation shown
is the start of the playouts that measured the better move.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, NamedTuple

import msgspec

from core.bots.hint import say_move
from core.review.analysis import Moment, Reviewer
from core.review.paired import Estimate, estimate, paired, verdict

if TYPE_CHECKING:
    from core.engine.protocol import Action, AnyRuleset, Event

REPLY_MOVES = 12  # moves of a continuation at most


class Tried(msgspec.Struct, frozen=True):
    """A move tried at a key moment, against the best move the review found there."""

    move: str  # notation
    value: Estimate  # its winning chance
    best: str  # the review's better move
    best_value: Estimate
    loss: Estimate  # best − tried, paired on the moment's worlds (negative: the tried is better)
    good: bool  # not clearly worse than the best: no inaccuracy (5 points) can be called


class Reply(msgspec.Struct, frozen=True):
    """What a move leads to as the seat could foresee it: one sampled world's continuation (the
    playout's moves) until the seat decides again after the others have answered."""

    move: str  # the move followed (notation)
    world: int  # the sampled world told
    moves: list[str]  # what followed in it (notation; sampled where the seat could not see)
    seats: list[int]  # who made each
    reply: int  # the index in `moves` of the others' first move; -1 where none came
    share: int  # in how many worlds the others' first move was that one
    worlds: int
    stage: str = ""  # the set of worlds it was sampled from (`Moment.stage`)


def tried(reviewer: Reviewer, before: object, moment: Moment, action: Action) -> Tried:
    """`action` at `moment` measured against its better move on the moment's own worlds."""
    rules = reviewer.rules
    view = rules.view(before, reviewer.seat)  # from here on only the view: no peeking
    better = rules.parse_action(moment.better)
    worlds = max(moment.worlds, 2)
    if action == better:
        values = reviewer.measure(view, [better], moment.seq, worlds, moment.stage)
        values.append(values[0])
    else:
        values = reviewer.measure(view, [better, action], moment.seq, worlds, moment.stage)
    loss = paired(values[0], values[1])
    return Tried(rules.format_action(action), estimate(values[1]), moment.better, estimate(values[0]),
                 loss, verdict(loss) in ("", "unclear"))


def follow(reviewer: Reviewer, before: object, move: Action, seq: int, worlds: int,
           stage: str = "") -> Reply:
    """The continuation after `move` in each of the `worlds` sampled worlds of decision `seq`
    (the playout policy's moves); told is the first world whose others' first move is the one
    most worlds share — the likely reply."""
    rules, seat = reviewer.rules, reviewer.seat
    view = rules.view(before, seat)  # from here on only the view: no peeking
    start_round = rules.round_number(before)
    lines: list[tuple[list[str], list[int], int]] = []
    for w in range(worlds):
        s = reviewer.world(view, seq, w, stage)
        rules.resolve(s, move)
        rng = reviewer.stream("playout" + stage, seq, w)  # the measurement's own stream: its playout's start
        moves: list[str] = []
        seats: list[int] = []
        first = -1
        for _ in range(REPLY_MOVES):
            decision = rules.pending(s)
            if decision is None:
                break
            if decision.seat == seat and (first >= 0 or rules.round_number(s) != start_round):
                break
            a = reviewer.step(s, rng)
            if decision.seat != seat and first < 0:
                first = len(moves)
            moves.append(rules.format_action(a))
            seats.append(decision.seat)
            rules.resolve(s, a)
        lines.append((moves, seats, first))
    keys = [m[f] if f >= 0 else "" for m, _, f in lines]
    counts = Counter(keys)
    likely = max(counts, key=lambda k: (counts[k], -keys.index(k)))
    w = keys.index(likely)
    moves, seats, first = lines[w]
    return Reply(rules.format_action(move), w, moves, seats, first, counts[likely], worlds, stage)


class Step(NamedTuple):
    """A move of a told continuation in its sampled world."""

    seat: int  # who made it
    action: Action
    events: list[Event]
    before: object  # the sampled state it was made in


def replayed(reviewer: Reviewer, before: object, reply: Reply, seq: int) -> tuple[object, list[Step]]:
    """The told world of `reply` played out again: its state at the start, and each move (the
    followed move first). The states are samples: they hold what the seat could not see as
    sampled, never the true hidden state; tell them through views and `narrated` only."""
    rules = reviewer.rules
    start = reviewer.world(rules.view(before, reviewer.seat), seq, reply.world, reply.stage)
    s = rules.clone(start)
    steps: list[Step] = []
    for seat, notation in [(reviewer.seat, reply.move), *zip(reply.seats, reply.moves, strict=True)]:
        action, was = rules.parse_action(notation), rules.clone(s)
        steps.append(Step(seat, action, rules.resolve(s, action), was))
    return start, steps


def narrated(rules: AnyRuleset, step: Step, seat: int, lang: str, names: list[str]) -> str | None:
    """A move as `seat` would have seen it told (the replay's narration). A move the narration
    tells nobody (a pass) is said in its mover's words; one it tells only others, None."""
    said = [t for ev in step.events if (t := rules.narrate(ev, seat, lang, names))]
    if said:
        return " ".join(said)
    if any(rules.narrate(ev, None, lang, names) for ev in step.events):
        return None  # the seat would not have seen it
    return say_move(rules, rules.view(step.before, step.seat), step.action, lang)


def told(rules: AnyRuleset, start: object, steps: list[Step], seat: int, lang: str,
         names: list[str]) -> list[tuple[int | None, str]]:
    """A continuation's log as `seat` would have seen it: each narrated event with the seat it is
    about (as the replay's log attributes it), and a move narrated to nobody in its mover's words."""
    attribute = rules.log_attribution()
    attribute(rules.position_event(start))
    out: list[tuple[int | None, str]] = []
    for step in steps:
        lines = [(attribute(ev), rules.narrate(ev, seat, lang, names)) for ev in step.events]
        said: list[tuple[int | None, str]] = [(who, t) for who, t in lines if t]
        if not said and (words := narrated(rules, step, seat, lang, names)) is not None:
            said = [(step.seat, words)]
        out += said
    return out
