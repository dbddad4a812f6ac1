"""`evolve`: fold one event into a `gravity` state — the only place a state changes.

Events carry every random outcome, so folding never needs the generator. Most events mutate
the state in place and return it; `GameStarted` and `PositionSet` return a new state. A check
that fails raises FoldError: the log does not fit the position (a damaged or foreign save).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from core.engine.rules_base import FoldError
from core.games.gravity import events as E
from core.games.gravity.data import board, events, game, is_event, location_card
from core.games.gravity.state import OVER, Char, GravityState, Monster, Place
from core.games.gravity.state import clone as clone_state

# The words events use for why and how something happened (the narration has a text for each).
_WHY = {
    "token": frozenset({"setup", "rumours", "disorder", "push", "lure"}),
    "flip": frozenset({"setup", "disorder", "persuade", "bad_news", "reputation"}),
    "move": frozenset({"walk", "stop", "teleport", "glitch", "retreat"}),
    "miss": frozenset({"short", "cursed", "uncursed", "distance"}),
    "drop": frozenset({"hard_choice", "nightmare", "glitch"}),
    "die": frozenset({"onslaught", "night"}),
    "roll": frozenset({"fight", "persuade", "remove"}),
}
_TOKEN_WHY, _FLIP_WHY = _WHY["token"], _WHY["flip"]  # the most frequent checks
_STEPS = frozenset({"ability", "action", "rumour", "target", "reroll", "push", "die", "draw", "remove",
                    "uncurse", "monster", "disorder", "teleport", "hard_choice", "retreat",
                    "remove_die", "flip"})


@cache
def _location_cards() -> frozenset[str]:
    return frozenset(location_card(i) for i in board().ids)


def _word(kind: str, word: str) -> None:
    if word not in _WHY[kind]:
        raise FoldError(f"'{word[:40]}' is not a known {kind} reason")


def _faces(faces: str) -> None:
    if faces.count("s") + faces.count("m") + faces.count("c") != len(faces):
        raise FoldError(f"dice faces '{faces[:40]}' (s, m or c)")


def _seat(s: GravityState, seat: int) -> int:
    if not 0 <= seat < len(s.chars):
        raise FoldError(f"there is no seat {seat}")
    return seat


def _place(s: GravityState, loc: int) -> Place:
    if not 1 <= loc <= len(s.places):
        raise FoldError(f"there is no location {loc}")
    return s.places[loc - 1]


def _char(s: GravityState, ch: str) -> Char:
    for c in s.chars:
        if c.id == ch:
            return c
    raise FoldError(f"{ch} is not in the game")


def _monster(s: GravityState, mid: str) -> Monster:
    for m in s.monsters:
        if m.id == mid:
            return m
    raise FoldError(f"monster {mid} is not in the game")


def _pop_top(deck: list[str], card: str, what: str) -> None:
    if not deck or deck[-1] != card:
        raise FoldError(f"{card} is not on top of the {what}")
    deck.pop()


def _remove(cards: list[str], card: str, what: str) -> None:
    try:
        cards.remove(card)
    except ValueError:
        raise FoldError(f"{card} is not in {what}") from None


@cache
def _supports() -> tuple[int, ...]:
    """Each location's printed support tokens, in location order (a game's start)."""
    b = board()
    return tuple(b.locations[i].support for i in b.ids)


def _started(s: GravityState | None, e: E.GameStarted) -> GravityState:
    places = [Place(n) for n in _supports()]
    chars = [Char(cid, deck=list(deck)) for cid, deck in zip(e.characters, e.decks, strict=True)]
    return GravityState(
        seed=e.seed, rng_count=e.rng_count, variant=e.variant, difficulty=e.difficulty,
        controllers=list(e.controllers), chars=chars, monsters=[Monster(m) for m in e.monsters],
        places=places, supply=e.supply, row_cap=game().row, mdeck=list(e.mdeck),
        removed=list(e.removed), cdeck=list(e.cdeck), first=e.first,
    )


def _position(s: GravityState | None, e: E.PositionSet) -> GravityState:
    return clone_state(e.state)


def _monster_placed(s: GravityState, e: E.MonsterPlaced) -> GravityState:
    card = location_card(e.loc)
    _pop_top(s.mdeck, card, "movement deck")
    s.mdiscard.append(card)
    _monster(s, e.monster).loc = e.loc
    return s


def _char_placed(s: GravityState, e: E.CharacterPlaced) -> GravityState:
    card = location_card(e.loc)
    _pop_top(s.mdeck, card, "movement deck")
    s.mdiscard.append(card)
    _char(s, e.ch).loc = e.loc
    p = _place(s, e.loc)
    if p.die or s.supply < 1:
        raise FoldError(f"no courage die can go to L{e.loc:02d}")
    p.die = True
    s.supply -= 1
    return s


def _token(s: GravityState, e: E.TokenMoved) -> GravityState:
    places = s.places  # _place twice, inline: the most frequent event after Goto
    n = len(places)
    if not (0 < e.src <= n and 0 < e.dst <= n):
        _place(s, e.src), _place(s, e.dst)
    src, dst = places[e.src - 1], places[e.dst - 1]
    if e.why not in _TOKEN_WHY:
        _word("token", e.why)
    if e.kind == "support":
        src.support -= 1
        dst.support += 1
        ok = src.support >= 0
    elif e.kind == "distrust":
        src.distrust -= 1
        dst.distrust += 1
        ok = src.distrust >= 0
    else:
        raise FoldError(f"unknown token kind {e.kind}")
    if not ok:
        raise FoldError(f"L{e.src:02d} has no {e.kind} token to move")
    return s


def _alarm(s: GravityState, e: E.AlarmRaised) -> GravityState:
    if e.by < 1 or e.value != min(s.alarm + e.by, game().alarm_max):
        raise FoldError(f"the alarm cannot go from {s.alarm} to {e.value}")
    s.alarm = e.value
    return s


def _mark(s: GravityState, e: E.MarkReached) -> GravityState:
    if e.at in s.marks or e.at > s.alarm or (e.at, e.effect) not in game().marks:
        raise FoldError(f"alarm mark {e.at} cannot be reached now")
    s.marks.append(e.at)
    if e.effect != "loss":
        s.queue.append(e.effect)
    return s


def _flip(s: GravityState, e: E.Flipped) -> GravityState:
    p = _place(s, e.loc)
    if e.why not in _FLIP_WHY:
        _word("flip", e.why)
    if e.to not in ("support", "distrust"):
        raise FoldError(f"tokens cannot be flipped to '{e.to[:40]}'")
    if e.to == "distrust":
        p.support -= e.n
        p.distrust += e.n
        ok = p.support >= 0
    else:
        p.distrust -= e.n
        p.support += e.n
        ok = p.distrust >= 0
    if not ok or e.n < 1:
        raise FoldError(f"cannot flip {e.n} token(s) to {e.to} on L{e.loc:02d}")
    return s


def _draw(s: GravityState, e: E.Drew) -> GravityState:
    c = _char(s, e.ch)
    deck = c.deck
    for card in e.cards:
        if not deck or deck[-1] != card:  # _pop_top, its message made only when needed
            raise FoldError(f"{card} is not on top of the {c.id}'s action deck")
        deck.pop()
        c.hand.append(card)
    return s


def _reshuffle_actions(s: GravityState, e: E.ActionsReshuffled) -> GravityState:
    c = _char(s, e.ch)
    if c.deck or sorted(e.deck) != sorted(c.discard):
        raise FoldError(f"{c.id}'s new deck is not the discard pile")
    c.deck, c.discard = list(e.deck), []
    s.rng_count += 1
    return s


def _row(s: GravityState, e: E.RowAdded) -> GravityState:
    if e.card not in _location_cards():
        raise FoldError(f"{e.card[:40]} is not a location card")
    _pop_top(s.mdeck, e.card, "movement deck")
    s.row.append(e.card)
    if len(s.row) > s.row_cap:
        raise FoldError("the monster row is full")
    return s


def _events(s: GravityState, e: E.EventsShuffled) -> GravityState:
    added: list[str] = []
    kept: list[str] = []
    for c in e.deck:
        (added if is_event(c) else kept).append(c)
    if sorted(kept) != sorted(s.mdeck):  # so the deck held no event either
        raise FoldError("the shuffled deck is not the movement deck plus events")
    if len(set(added + e.unused)) != len(added) + len(e.unused):
        raise FoldError("an event is shuffled in twice")
    s.mdeck, s.unused = list(e.deck), list(e.unused)
    s.rng_count += 1
    return s


def _turn(s: GravityState, e: E.TurnStarted) -> GravityState:
    if _char(s, e.ch) is not s.chars[_seat(s, e.seat)] or e.turn < 1 or e.round < 1:
        raise FoldError(f"turn {e.turn} of round {e.round} cannot be {e.ch}'s at seat {e.seat}")
    s.turn, s.round, s.active = e.turn, e.round, e.seat
    s.card, s.rested, s.giant_stop, s.event_resolved = "", False, False, False
    s.ability_used = s.reroll_used = False
    s.target, s.roll_for, s.dice, s.excess = "", "", "", 0
    return s


def _await(s: GravityState, e: E.Await) -> GravityState:
    if e.step not in _STEPS:
        raise FoldError(f"unknown step '{e.step[:40]}'")
    seat = e.seat
    if not 0 <= seat < len(s.chars):
        _seat(s, seat)
    s.decider, s.step = seat, e.step
    return s


_STAGES: frozenset[str] = frozenset()  # the flow's stages, filled in on the first Goto


def _goto(s: GravityState, e: E.Goto) -> GravityState:
    global _STAGES
    if e.stage not in _STAGES:
        if not _STAGES:
            from core.games.gravity.flow import STAGES  # the flow imports this module

            _STAGES = frozenset(STAGES)
        if e.stage not in _STAGES:
            raise FoldError(f"unknown stage '{e.stage[:40]}'")
    s.stage, s.todo, s.step = e.stage, list(e.todo), ""
    return s


def _play(s: GravityState, e: E.CardPlayed) -> GravityState:
    c = _char(s, e.ch)
    _remove(c.hand, e.card, f"{c.id}'s hand")
    c.discard.append(e.card)
    s.card = e.card
    return s


def _move(s: GravityState, e: E.Moved) -> GravityState:
    c = _char(s, e.ch)
    if not e.path:
        raise FoldError("a move needs a destination")
    for loc in e.path:
        _place(s, loc)
    _word("move", e.how)
    c.loc = e.path[-1]
    if e.how == "stop":
        s.giant_stop = True
    return s


def _rest(s: GravityState, e: E.Rested) -> GravityState:
    c = _char(s, e.ch)
    if sorted(c.hand + c.deck + c.discard) != sorted(e.hand + e.deck):
        raise FoldError(f"{c.id}'s cards after resting are not their action cards")
    c.hand, c.deck, c.discard = list(e.hand), list(e.deck), []
    s.rested, s.card = True, ""
    if e.random:
        s.rng_count += 1
    return s


def _mode(s: GravityState, e: E.Mode) -> GravityState:
    if e.target:
        _monster(s, e.target)
    s.target = e.target
    s.roll_for = "fight" if e.target else "persuade"
    return s


def _dice(s: GravityState, fixed: int, random_dice: int) -> None:
    """Consume a scenario's fixed faces first; random faces use one random operation."""
    if fixed > len(s.fixed_dice):
        raise FoldError("more fixed dice used than the position holds")
    s.fixed_dice = s.fixed_dice[fixed:]
    if random_dice > 0:
        s.rng_count += 1


def _roll(s: GravityState, e: E.Rolled) -> GravityState:
    _char(s, e.ch)
    _faces(e.faces)
    _word("roll", e.purpose)
    if e.excess < 0 or e.fixed < 0 or e.fixed > len(e.faces):
        raise FoldError("the roll's counts do not fit")
    _dice(s, e.fixed, len(e.faces) - e.fixed)
    s.dice, s.excess, s.roll_for = e.faces, e.excess, e.purpose
    return s


def _reroll(s: GravityState, e: E.Rerolled) -> GravityState:
    _faces(e.faces)
    if len(e.faces) != len(s.dice) or s.reroll_used or e.fixed < 0 or e.fixed > len(e.picks) \
            or any(not 0 <= i < len(s.dice) for i in e.picks):
        raise FoldError("the reroll does not fit the roll")
    _dice(s, e.fixed, len(e.picks) - e.fixed)
    s.dice, s.reroll_used = e.faces, True
    return s


def _defeat(s: GravityState, e: E.MonsterDefeated) -> GravityState:
    _char(s, e.ch)
    m = _monster(s, e.monster)
    if not m.loc:
        raise FoldError(f"{e.monster} is already defeated")
    m.loc = 0
    return s


def _curse(s: GravityState, e: E.CurseTaken) -> GravityState:
    _pop_top(s.cdeck, e.curse, "curse deck")
    c = _char(s, e.ch)
    c.curses.append(e.curse)
    c.gained.append(s.turn)
    return s


def _missed(s: GravityState, e: E.FightFailed) -> GravityState:
    _char(s, e.ch)
    _monster(s, e.monster)
    _word("miss", e.reason)
    return s


def _curse_twice(s: GravityState, e: E.CurseDuplicate) -> GravityState:
    _char(s, e.ch)
    _pop_top(s.cdeck, e.curse, "curse deck")
    s.cdiscard.append(e.curse)
    return s


def _reshuffle_curses(s: GravityState, e: E.CursesReshuffled) -> GravityState:
    if s.cdeck or sorted(e.deck) != sorted(s.cdiscard):
        raise FoldError("the new curse deck is not the curse discard pile")
    s.cdeck, s.cdiscard = list(e.deck), []
    s.rng_count += 1
    return s


def _lift(s: GravityState, e: E.CurseLifted) -> GravityState:
    c = _char(s, e.ch)
    try:
        i = c.curses.index(e.curse)
    except ValueError:
        raise FoldError(f"{c.id} does not hold {e.curse}") from None
    del c.curses[i]
    del c.gained[i]
    s.cdiscard.append(e.curse)
    return s


def _die(s: GravityState, e: E.DiePlaced) -> GravityState:
    _char(s, e.ch)
    p = _place(s, e.loc)
    if p.die or s.supply < 1:
        raise FoldError(f"no courage die can go to L{e.loc:02d}")
    p.die = True
    s.supply -= 1
    return s


def _die_off(s: GravityState, loc: int) -> None:
    p = _place(s, loc)
    if not p.die:
        raise FoldError(f"L{loc:02d} has no courage die")
    p.die = False
    s.supply += 1


def _die_removed(s: GravityState, e: E.DieRemoved) -> GravityState:
    _word("die", e.why)
    _die_off(s, e.loc)
    return s


def _die_moved(s: GravityState, e: E.DieMoved) -> GravityState:
    _char(s, e.ch)
    src, dst = _place(s, e.src), _place(s, e.dst)
    if not src.die or dst.die:
        raise FoldError(f"cannot move a die from L{e.src:02d} to L{e.dst:02d}")
    src.die, dst.die = False, True
    s.ability_used = True
    return s


def _take(s: GravityState, e: E.CardTaken) -> GravityState:
    c = _char(s, e.ch)
    _remove(c.discard, e.card, f"{c.id}'s discard pile")
    c.hand.append(e.card)
    return s


def _drop(s: GravityState, e: E.ActionDiscarded) -> GravityState:
    c = _char(s, e.ch)
    _word("drop", e.why)
    _remove(c.hand, e.card, f"{c.id}'s hand")
    c.discard.append(e.card)
    if e.random:
        s.rng_count += 1
    return s


def _take_slot_one(s: GravityState, card: str) -> None:
    if not s.row or s.row[0] != card:
        raise FoldError(f"{card} is not in slot 1 of the monster row")
    s.row.pop(0)
    s.mdiscard.append(card)


def _monster_moved(s: GravityState, e: E.MonsterMoved) -> GravityState:
    if e.card != location_card(e.loc):
        raise FoldError(f"{e.card[:40]} does not send a monster to L{e.loc:02d}")
    _place(s, e.loc)
    _take_slot_one(s, e.card)
    _monster(s, e.monster).loc = e.loc
    return s


def _monster_blocked(s: GravityState, e: E.MonsterBlocked) -> GravityState:
    _monster(s, e.monster)
    if e.card != location_card(e.loc):
        raise FoldError(f"{e.card[:40]} does not send a monster to L{e.loc:02d}")
    _take_slot_one(s, e.card)
    _die_off(s, e.loc)
    return s


def _shrink(s: GravityState, e: E.RowShrunk) -> GravityState:
    for card in reversed(e.dropped):
        if not s.row or s.row[-1] != card:
            raise FoldError(f"{card} is not the row card nearest the deck")
        s.mdiscard.append(s.row.pop())
    if e.cap not in (game().row, game().shrunk_row):
        raise FoldError(f"a monster row of {e.cap}")
    s.row_cap = e.cap
    return s


def _seen(s: GravityState, card: str) -> None:
    if is_event(card) and card not in s.seen:
        s.seen.append(card)


def _event(s: GravityState, e: E.EventRevealed) -> GravityState:
    if e.card not in events():
        raise FoldError(f"{e.card[:40]} is not an event card")
    _pop_top(s.mdeck, e.card, "movement deck")
    _seen(s, e.card)
    if e.resolve:
        s.ev, s.ev_held, s.ev_todo, s.event_resolved = e.card, True, None, True
    else:
        s.mdiscard.append(e.card)
    return s


def _mill(s: GravityState, e: E.CardMilled) -> GravityState:
    _pop_top(s.mdeck, e.card, "movement deck")
    _seen(s, e.card)
    s.mdiscard.append(e.card)
    return s


def _reshuffle_moves(s: GravityState, e: E.MovementReshuffled) -> GravityState:
    if s.mdeck or sorted(e.deck) != sorted(s.mdiscard):
        raise FoldError("the new movement deck is not the movement discard pile")
    s.mdeck, s.mdiscard = list(e.deck), []
    s.rng_count += 1
    return s


def _queued(s: GravityState, e: E.Queued) -> GravityState:
    if e.item not in events():
        raise FoldError(f"{e.item[:40]} is not an event card")
    s.queue.append(e.item)
    return s


def _dequeued(s: GravityState, e: E.Dequeued) -> GravityState:
    if not s.queue or s.queue[0] != e.item:
        raise FoldError(f"{e.item} is not first in the queue")
    s.queue.pop(0)
    if e.resolve:
        s.ev, s.ev_held, s.ev_todo, s.event_resolved = e.item, False, None, True
    return s


def _ev_todo(s: GravityState, e: E.EventProgress) -> GravityState:
    if not s.ev:
        raise FoldError("no event is being resolved")
    s.ev_todo, s.step = list(e.todo), ""
    return s


def _event_end(s: GravityState, e: E.EventEnded) -> GravityState:
    if s.ev != e.card:
        raise FoldError(f"{e.card} is not the event being resolved")
    if s.ev_held:
        s.mdiscard.append(e.card)
    s.ev, s.ev_held, s.ev_todo = "", False, None
    return s


def _won(s: GravityState, e: E.GameWon) -> GravityState:
    s.result, s.step = "won", OVER
    return s


def _lost(s: GravityState, e: E.GameLost) -> GravityState:
    s.result, s.step = "lost", OVER
    return s


def _nothing(s: GravityState, e: E.Event) -> GravityState:
    return s


def _ability(s: GravityState, e: E.CurseLifted) -> GravityState:
    if e.by:
        _char(s, e.by)
        s.ability_used = True
    return _lift(s, e)


FOLD: dict[type, Callable[[Any, Any], GravityState]] = {
    E.GameStarted: _started,
    E.PositionSet: _position,
    E.MonsterPlaced: _monster_placed,
    E.CharacterPlaced: _char_placed,
    E.TokenMoved: _token,
    E.AlarmRaised: _alarm,
    E.MarkReached: _mark,
    E.Flipped: _flip,
    E.Drew: _draw,
    E.ActionsReshuffled: _reshuffle_actions,
    E.RowAdded: _row,
    E.EventsShuffled: _events,
    E.TurnStarted: _turn,
    E.Await: _await,
    E.Goto: _goto,
    E.CardPlayed: _play,
    E.Moved: _move,
    E.Rested: _rest,
    E.Mode: _mode,
    E.Rolled: _roll,
    E.Rerolled: _reroll,
    E.MonsterDefeated: _defeat,
    E.FightFailed: _missed,
    E.CurseTaken: _curse,
    E.CurseDuplicate: _curse_twice,
    E.CursesReshuffled: _reshuffle_curses,
    E.CurseLifted: _ability,
    E.DiePlaced: _die,
    E.DieRemoved: _die_removed,
    E.DieMoved: _die_moved,
    E.CardTaken: _take,
    E.ActionDiscarded: _drop,
    E.MonsterMoved: _monster_moved,
    E.MonsterBlocked: _monster_blocked,
    E.RowShrunk: _shrink,
    E.EventRevealed: _event,
    E.CardMilled: _mill,
    E.MovementReshuffled: _reshuffle_moves,
    E.Queued: _queued,
    E.Dequeued: _dequeued,
    E.EventProgress: _ev_todo,
    E.EventEnded: _event_end,
    E.GameWon: _won,
    E.GameLost: _lost,
}
