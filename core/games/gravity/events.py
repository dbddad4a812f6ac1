"""Events of `gravity`: facts, chance outcomes included, folded by `fold.evolve`.

Every random outcome is recorded: the shuffled decks in `start`, `events` and the reshuffle
events, dice faces in `roll`/`reroll`, the random card of Lost Card and Nightmare. `reveals`
tells which events make hidden information known (strict undo refuses to take them back).
"""

# No `from __future__ import annotations`: msgspec would compile the strings at every start.

from typing import Union

import msgspec

from core.games.gravity.state import GravityState


class GravityEvent(msgspec.Struct, frozen=True, tag_field="t", omit_defaults=True, gc=False):
    """An event. Not tracked by the garbage collector (`gc=False`, every event type inherits
    it): an event holds numbers, words and lists of them, or a position, and no reference back
    to anything, so it can be part of no cycle; a move makes some ten of them."""


class GameStarted(GravityEvent, frozen=True, tag="start"):
    seed: int
    rng_count: int
    variant: str
    difficulty: str
    controllers: list[int]
    characters: list[str]  # seat order
    monsters: list[str]  # monster order
    mdeck: list[str]  # the shuffled movement cards, top last (events are shuffled in later)
    removed: list[str]  # «3+» cards out of the game (G3)
    decks: list[list[str]]  # each seat's shuffled action deck, top last
    cdeck: list[str]  # the shuffled curse deck, top last
    supply: int
    first: int  # the first player's seat (G7)


class PositionSet(GravityEvent, frozen=True, tag="position"):
    """A whole position, from a scenario file."""

    state: GravityState


class MonsterPlaced(GravityEvent, frozen=True, tag="monster_placed"):
    monster: str
    loc: int


class CharacterPlaced(GravityEvent, frozen=True, tag="char_placed"):
    ch: str
    loc: int


class TokenMoved(GravityEvent, frozen=True, tag="token"):
    src: int
    dst: int
    kind: str  # support | distrust
    why: str  # setup | rumours | disorder | push | lure


class AlarmRaised(GravityEvent, frozen=True, tag="alarm"):
    by: int
    value: int
    why: str  # setup | disorder | event | panic | hard_choice


class MarkReached(GravityEvent, frozen=True, tag="mark"):
    """The alarm reached a mark for the first time; its effect is queued (G39, G40)."""

    at: int
    effect: str  # curse_all | shrink_row | loss


class Flipped(GravityEvent, frozen=True, tag="flip"):
    loc: int
    n: int
    to: str  # support | distrust
    why: str  # setup | disorder | persuade | bad_news | reputation


class Drew(GravityEvent, frozen=True, tag="draw"):
    ch: str
    cards: list[str]  # in the order drawn (the deck's top first)


class ActionsReshuffled(GravityEvent, frozen=True, tag="reshuffle_actions"):
    ch: str
    deck: list[str]  # top last


class RowAdded(GravityEvent, frozen=True, tag="row"):
    card: str


class EventsShuffled(GravityEvent, frozen=True, tag="events"):
    """Setup step 11: the chosen events shuffled into the movement deck (G59)."""

    deck: list[str]  # the new movement deck, top last
    unused: list[str]  # events left out of the game, unseen


class TurnStarted(GravityEvent, frozen=True, tag="turn"):
    turn: int
    round: int
    seat: int
    ch: str


class Await(GravityEvent, frozen=True, tag="await"):
    """The next decision: `seat` must decide `step`."""

    seat: int
    step: str


class Goto(GravityEvent, frozen=True, tag="goto"):
    """Bookkeeping: the flow's next stage and its work list."""

    stage: str
    todo: list[int] = []


class CardPlayed(GravityEvent, frozen=True, tag="play"):
    ch: str
    card: str


class Moved(GravityEvent, frozen=True, tag="move"):
    ch: str
    path: list[int]  # locations entered, the last is where the character ends
    how: str  # walk | stop (Gnome Monster, G11) | teleport | glitch (E1) | retreat (E3)


class Rested(GravityEvent, frozen=True, tag="rest"):
    ch: str
    hand: list[str]
    deck: list[str]  # Lost Card: the one random card left out (G48)
    forced: bool = False
    random: bool = False


class Mode(GravityEvent, frozen=True, tag="mode"):
    """T5a: fight `target`, or persuade when `target` is empty (G13)."""

    ch: str
    target: str = ""


class Rolled(GravityEvent, frozen=True, tag="roll"):
    ch: str
    faces: str  # one letter per die: s success, m movement, c curse
    wanted: int
    excess: int
    purpose: str  # fight | persuade | remove
    fixed: int = 0  # dice that came from a scenario's fixed faces


class Rerolled(GravityEvent, frozen=True, tag="reroll"):
    """Dipper's reroll: the dice at `picks` show new faces; `faces` is the whole roll after it."""

    ch: str
    picks: list[int]
    faces: str
    fixed: int = 0


class MonsterDefeated(GravityEvent, frozen=True, tag="defeat"):
    ch: str
    monster: str
    successes: int
    needed: int


class FightFailed(GravityEvent, frozen=True, tag="miss"):
    ch: str
    monster: str
    successes: int
    needed: int
    reason: str  # short | cursed | uncursed | distance (the monster's condition)


class CurseTaken(GravityEvent, frozen=True, tag="curse"):
    ch: str
    curse: str
    why: str  # roll | bad_luck | excess | gremloblin | disorder | mark | ambush


class CurseDuplicate(GravityEvent, frozen=True, tag="curse_twice"):
    """A curse of a type the character holds already is discarded and another drawn (G38)."""

    ch: str
    curse: str


class CursesReshuffled(GravityEvent, frozen=True, tag="reshuffle_curses"):
    deck: list[str]


class CurseLifted(GravityEvent, frozen=True, tag="lift"):
    ch: str  # the character who held it
    curse: str
    by: str = ""  # "soos" when his ability discards it, "" for the holder's removal roll


class DiePlaced(GravityEvent, frozen=True, tag="die"):
    ch: str
    loc: int


class DieRemoved(GravityEvent, frozen=True, tag="die_removed"):
    loc: int
    why: str  # onslaught (E5) | night (E6)


class DieMoved(GravityEvent, frozen=True, tag="die_moved"):
    ch: str
    src: int
    dst: int


class CardTaken(GravityEvent, frozen=True, tag="take"):
    """Stan takes a card from his discard pile (G22)."""

    ch: str
    card: str


class ActionDiscarded(GravityEvent, frozen=True, tag="drop"):
    ch: str
    card: str
    why: str  # hard_choice | nightmare | glitch
    random: bool = False


class MonsterMoved(GravityEvent, frozen=True, tag="monster_moved"):
    monster: str
    card: str
    loc: int


class MonsterBlocked(GravityEvent, frozen=True, tag="monster_blocked"):
    """M1: a courage die stood on the card's location; it returns to the supply (G30)."""

    monster: str
    card: str
    loc: int


class RowShrunk(GravityEvent, frozen=True, tag="shrink"):
    cap: int
    dropped: list[str] = []


class EventRevealed(GravityEvent, frozen=True, tag="event"):
    """M3 turned up an event: resolved now, or discarded for +1 alarm (G35)."""

    card: str
    resolve: bool


class CardMilled(GravityEvent, frozen=True, tag="mill"):
    """Bill's Eye discards the top movement card (G49)."""

    card: str


class MovementReshuffled(GravityEvent, frozen=True, tag="reshuffle_moves"):
    deck: list[str]


class Queued(GravityEvent, frozen=True, tag="queue"):
    item: str


class Dequeued(GravityEvent, frozen=True, tag="dequeue"):
    item: str
    resolve: bool = False  # an event item: resolved (else it raises the alarm)


class EventProgress(GravityEvent, frozen=True, tag="ev_todo"):
    todo: list[int]


class EventEnded(GravityEvent, frozen=True, tag="event_end"):
    card: str


class GameWon(GravityEvent, frozen=True, tag="win"):
    pass


class GameLost(GravityEvent, frozen=True, tag="loss"):
    pass


Event = Union[
    GameStarted, PositionSet, MonsterPlaced, CharacterPlaced, TokenMoved, AlarmRaised,
    MarkReached, Flipped, Drew, ActionsReshuffled, RowAdded, EventsShuffled, TurnStarted, Await,
    Goto, CardPlayed, Moved, Rested, Mode, Rolled, Rerolled, MonsterDefeated, FightFailed,
    CurseTaken, CurseDuplicate, CursesReshuffled, CurseLifted, DiePlaced, DieRemoved, DieMoved,
    CardTaken, ActionDiscarded, MonsterMoved, MonsterBlocked, RowShrunk, EventRevealed,
    CardMilled, MovementReshuffled, Queued, Dequeued, EventProgress, EventEnded, GameWon,
    GameLost,
]

REVEALING = (GameStarted, PositionSet, MonsterPlaced, CharacterPlaced, Drew, ActionsReshuffled,
             RowAdded, EventsShuffled, Rolled, Rerolled, CurseTaken, CurseDuplicate,
             CursesReshuffled, EventRevealed, CardMilled, MovementReshuffled)


def reveals(event: object) -> bool:
    """Whether the event makes hidden information known: a draw, a shuffle, dice, a random card."""
    if isinstance(event, REVEALING):
        return True
    return isinstance(event, (Rested, ActionDiscarded)) and event.random
