"""Contract 6, every text a seat is shown, for every registered game: no output for a seat
names a card that seat cannot see.

A seat's outputs must be a function of what it knows. So beside each position of a random game
stands a twin: a world sampled from the seat's view (`determinize`), where every card the seat
cannot see may lie elsewhere. Whatever the seat is shown must read the same in both worlds:

- its board (`evo show --seat`), its prompt and legal list when it decides (`evo legal`), the
  hints it may ask for;
- each move as `evo replay --text --seat` and the app's log tell it — the move line and the
  narration of its events. In the twin, the mover plays the same move if it can; otherwise
  (a card the seat never saw, such as another's hand) any move that leaves the seat's view as
  the real one left it. A move line or narration that differs between the two names something
  the seat could not have known.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from core.bots.hint import hint
from tests.bots.helpers import TINY
from tests.playing import Config, all_configurations, encode
from tui.cli import replay_lines

CONFIGS = all_configurations()
MOVES = 400  # at most this many moves of one random game
GAMES = 4  # at most this many random games per set-up ...
ENOUGH = 60  # ... until this many moves have been compared with a twin
EVERY = 3  # a position in three is twinned for every seat
CANDIDATES = 40  # moves tried in the twin when the real one cannot be played there
HINTS = 2  # positions per set-up where the deciding seat's hints are compared
LANGS = ("ru", "en")


def _said(rules: Any, state: Any, seat: int, names: list[str]) -> dict[str, Any]:
    """Everything shown to `seat` at `state` that does not depend on a move."""
    out: dict[str, Any] = {lang: rules.render_text(rules.view(state, seat), lang, names)
                           for lang in LANGS}
    pend = rules.pending(state)
    if pend is not None and pend.seat == seat:
        out["legal"] = [rules.format_action(a) for a in rules.legal_actions(state)]
        out.update({f"prompt.{lang}": rules.prompt(state, lang) for lang in LANGS})
    return out


def _told(rules: Any, seq: int, seat: int, action: Any, events: list[Any], viewer: int,
          names: list[str], hides: bool) -> list[list[str]]:
    entry = SimpleNamespace(kind="move", seq=seq, seat=seat, action=action, events=events, moves=[])
    return [replay_lines(rules, entry, viewer, names, lang, hides) for lang in LANGS]


def _shows_all(rules: Any, events: list[Any], seats: int) -> bool:
    """Whether the move turns a card face up for everyone (a revealing event told alike to
    every seat), which every seat may then be told of."""
    for ev in events:
        if rules.reveals(ev):
            told = {rules.narrate(ev, seat, "en") for seat in range(seats)}
            if len(told) == 1 and None not in told:
                return True
    return False


def _twin(rules: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """A world `seat` cannot tell from `state`. Dice rolled in the open are not hidden: the
    twin rolls what the real world rolls (the same random stream, engine.rng), so that only
    what the seat cannot see differs."""
    twin = rules.determinize(rules.view(state, seat), rng)
    for name in ("seed", "rng_count"):
        setattr(twin, name, getattr(state, name))
    return twin


def _twin_move(rules: Any, twin: Any, action: Any, events: list[Any], after: bytes,
               viewer: int, rng: random.Random) -> tuple[Any, list[Any]] | None:
    """A move in the twin of the same kind as the real one (the same kinds of events) after
    which `viewer` sees what it saw after the real move: the real move itself if the twin
    allows it, else another (the real one named a card the viewer never saw). A move of
    another kind would be told otherwise for good reason: what kind of move was made is
    public even where the view keeps no trace of it."""
    kinds = [type(e) for e in events]
    legal = rules.legal_actions(twin)
    others = [b for b in legal if b != action]
    rng.shuffle(others)
    for b in ([action] if action in legal else []) + others[:CANDIDATES]:
        world = rules.clone(twin)
        happened = rules.apply(world, b)
        if [type(e) for e in happened] == kinds and encode(rules.view(world, viewer)) == after:
            return b, happened
    return None


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_every_text_a_seat_is_shown_comes_from_what_it_knows(config: Config) -> None:
    tally = [0, 0, 0]  # moves compared with a twin, moves without one, hints compared
    for seed in range(71, 71 + GAMES):
        _play(config, seed, tally)
        if tally[0] >= ENOUGH:
            break
    compared, unmatched, _ = tally
    assert compared >= 10 and compared >= unmatched, (compared, unmatched)


def _play(config: Config, seed: int, tally: list[int]) -> None:
    rules = config.rules
    hides = config.game.hidden_information
    names = [f"Seat{i}" for i in range(config.seats)]
    state = config.fresh(seed)
    rng = random.Random(seed)
    twins = random.Random(seed + 1)
    for seq in range(1, MOVES + 1):
        pend = rules.pending(state)
        if pend is None:
            break
        legal = rules.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        if seq % EVERY:
            rules.apply(state, action)
            continue
        before = rules.clone(state)
        events = rules.apply(state, action)
        for seat in range(config.seats):
            if seat in config.automated:
                continue  # an automaton's seat is nobody's: no one is shown its outputs
            twin = _twin(rules, before, seat, twins)
            assert encode(rules.view(twin, seat)) == encode(rules.view(before, seat))
            assert _said(rules, twin, seat, names) == _said(rules, before, seat, names), \
                f"seat {seat} is shown something it cannot know before move #{seq}"
            if pend.seat == seat and tally[2] < HINTS and len(legal) > 1:
                tally[2] += 1
                real = hint(rules, rules.view(before, seat), legal, seat, "ru", TINY, seed=seq)
                other = hint(rules, rules.view(twin, seat), rules.legal_actions(twin), seat, "ru",
                             TINY, seed=seq)
                assert [(h.notation, h.reason) for h in real] == \
                    [(h.notation, h.reason) for h in other], f"hints of seat {seat} at #{seq}"
            found = _twin_move(rules, twin, action, events, encode(rules.view(state, seat)), seat,
                               twins)
            if found is None:
                tally[1] += 1  # what the move showed this seat is not in the twin
                continue
            tally[0] += 1
            told = _told(rules, seq, pend.seat, action, events, seat, names, hides)
            twin_told = _told(rules, seq, pend.seat, found[0], found[1], seat, names, hides)
            if _shows_all(rules, events, config.seats):
                # A card turned up for everyone may be named to everyone, and differs in the
                # twin: then the move line must agree (and the kinds of events do).
                told = [lines[:1] for lines in told]
                twin_told = [lines[:1] for lines in twin_told]
            assert twin_told == told, \
                f"move #{seq} by seat {pend.seat} tells seat {seat} what it cannot know: " \
                f"{rules.format_action(action)} / twin {rules.format_action(found[0])}"
