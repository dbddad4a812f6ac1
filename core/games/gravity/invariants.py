"""What makes a `gravity` position possible (core/engine/invariants.py): run on scenario
positions (also before the flow runs from a scenario's stage), on the positions a save starts
and ends in, and after every event of the tests' games. Each returns the problem in one line,
or None; they run in order, so each may rely on those above it (a location exists before its
tokens are read, a stage before its work list)."""

from __future__ import annotations

from collections import Counter
from functools import cache

from core.engine.invariants import Invariant, collector
from core.games.gravity.data import (
    CHARACTERS,
    action_cards,
    board,
    curse_deck,
    curses,
    events,
    game,
    location_card,
    monsters,
)
from core.games.gravity.state import OVER, GravityState

INVARIANTS: list[Invariant[GravityState]] = []
invariant = collector(INVARIANTS)

# The decisions a position may wait for, and the stage of the flow each is asked in.
_STEP_STAGES = {
    "ability": ("t1", "t9"), "action": ("t2",), "rumour": ("t4_pull",), "target": ("t5",),
    "reroll": ("t5_roll", "t8"), "push": ("t5_push",), "die": ("t6",), "draw": ("t7",),
    "remove": ("t8",), "uncurse": ("t8_apply",), "monster": ("m1",), "disorder": ("m2_pull",),
}
_EVENT_STEPS = {"teleport": "E1", "hard_choice": "E2", "retreat": "E3", "remove_die": ("E5", "E6"),
                "flip": "E7"}
_BY_SEAT = ("E1", "E2", "E3", "E6", "E8")  # happenings.BY_SEAT: the others act per monster


@invariant("G58")
def a_known_variant_and_difficulty(s: GravityState) -> str | None:
    """The variant is the standard or the kids', with a difficulty only in the standard."""
    if s.variant not in ("standard", "kids"):
        return f"unknown variant '{s.variant[:40]}'"
    if (s.difficulty != "") if s.variant == "kids" else (s.difficulty not in game().difficulty):
        return f"difficulty '{s.difficulty[:40]}' in the {s.variant} variant"
    return None


@invariant("G7")
def one_to_five_characters(s: GravityState) -> str | None:
    """One to five different characters play, each one of the game's."""
    if not 1 <= len(s.chars) <= len(CHARACTERS) or len({c.id for c in s.chars}) != len(s.chars):
        return "1 to 5 different characters"
    unknown = [c.id for c in s.chars if c.id not in CHARACTERS]
    return f"unknown character '{unknown[0][:40]}'" if unknown else None


@invariant("G2")
def a_person_for_each_character(s: GravityState) -> str | None:
    """Each character is controlled by one of the people, numbered from 0."""
    n = len(s.chars)
    if len(s.controllers) != n or any(not 0 <= p < n for p in s.controllers):
        return f"one person number 0..{n - 1} per character"
    return None


@invariant("G53")
def figures_stand_on_locations(s: GravityState) -> str | None:
    """Every character stands at a location of the board, every monster too until defeated."""
    locs = board().locations
    for c in s.chars:
        if c.loc not in locs:
            return f"{c.id} stands at L{c.loc}, which does not exist"
    for m in s.monsters:
        if m.loc and m.loc not in locs:
            return f"{m.id} stands at L{m.loc}, which does not exist"
    return None


@invariant("G9")
def each_character_holds_its_action_cards(s: GravityState) -> str | None:
    """A character's hand, deck and discard hold exactly its action cards."""
    own = sorted(action_cards(s.variant == "kids"))
    for c in s.chars:
        if sorted(c.hand + c.deck + c.discard) != own:
            return f"{c.id}'s hand, deck and discard do not hold exactly their action cards"
    return None


@invariant("G63")
def curses_taken_in_the_turns_so_far(s: GravityState) -> str | None:
    """Each curse a character holds was taken in a turn of the game so far."""
    for c in s.chars:
        if len(c.gained) != len(c.curses) or any(not 0 <= t <= s.turn for t in c.gained):
            return f"{c.id}'s curses do not fit the turns they were taken in"
    return None


@invariant("G5")
def the_games_monsters(s: GravityState) -> str | None:
    """One to the game's number of different monsters, each one of the game's."""
    most = game().monsters
    if not 1 <= len(s.monsters) <= most or len({m.id for m in s.monsters}) != len(s.monsters):
        return f"1 to {most} different monsters"
    unknown = [m.id for m in s.monsters if m.id not in monsters()]
    return f"unknown monster '{unknown[0][:40]}'" if unknown else None


@invariant("G53")
def tokens_on_the_board(s: GravityState) -> str | None:
    """Every location has its place; the tokens on the board are the game's, none below 0."""
    most = game().tokens
    if len(s.places) != len(board().ids):
        return f"{len(s.places)} locations, not {len(board().ids)}"
    if any(p.support < 0 or p.distrust < 0 for p in s.places) or \
            sum(p.support + p.distrust for p in s.places) > most:
        return f"the tokens on the board do not add up (at most {most}, none below 0)"
    return None


@invariant("G24")
def courage_dice_in_the_supply_or_on_the_board(s: GravityState) -> str | None:
    """The courage dice not on the board are in the supply (the 20th is the alarm's marker)."""
    dice, want = sum(p.die for p in s.places), game().courage_dice - 1
    if s.supply < 0 or s.supply + dice != want:
        return f"{s.supply} courage dice in the supply and {dice} on the board, not {want} in all"
    return None


@invariant("G54")
def the_alarm_and_its_marks(s: GravityState) -> str | None:
    """The alarm is on its track, and the marks passed are marks at or below it, each once."""
    g = game()
    if not 0 <= s.alarm <= g.alarm_max:
        return f"the alarm at {s.alarm} (0..{g.alarm_max})"
    marks = {at for at, _ in g.marks}
    if any(m not in marks or m > s.alarm for m in s.marks) or len(set(s.marks)) != len(s.marks):
        return f"alarm marks {s.marks} do not fit the alarm at {s.alarm}"
    return None


@invariant("G39")
def queued_effects_are_known(s: GravityState) -> str | None:
    """The effects waiting in the queue are events or the alarm marks' effects."""
    for item in s.queue:
        if item not in ("curse_all", "shrink_row") and item not in events():
            return f"unknown queued effect '{item[:40]}'"
    return None


@invariant("G34")
def the_monster_row_and_its_size(s: GravityState) -> str | None:
    """The monster row holds 3 cards, or 2 once it shrinks (a shrink may still be queued)."""
    g = game()
    if s.row_cap not in (g.row, g.shrunk_row) or len(s.row) > g.row:
        return f"{len(s.row)} cards in a monster row of {s.row_cap}"
    return None


@invariant("G36")
def movement_cards_each_in_one_place(s: GravityState) -> str | None:
    """Every location card is in one place, and every event at most once."""
    known, cards = events(), _location_cards()
    held = [s.ev] if s.ev and s.ev_held else []
    every = [*s.row, *s.mdeck, *s.mdiscard, *s.removed, *s.unused, *held]
    seen = set(every)
    if len(seen) == len(every) and cards <= seen and seen <= cards | known.keys() and \
            not any(c[:1] == "E" for c in s.row + s.removed) and \
            all(c[:1] == "E" for c in s.unused) and all(e in known for e in s.seen):
        return None  # the usual case, cheaply
    where: dict[str, str] = {}
    for name, pile in (("row", s.row), ("movement deck", s.mdeck), ("movement discard", s.mdiscard),
                       ("removed cards", s.removed), ("unused events", s.unused), ("event", held)):
        for card in pile:
            event = card[:1] == "E"
            if not (card in known if event else card in cards) or \
                    (name in ("row", "removed cards") and event) or (name == "unused events" and not event):
                return f"'{card[:40]}' cannot be in the {name}"
            if card in where:
                return f"{card} is both in the {where[card]} and in the {name}"
            where[card] = name
    if not cards <= where.keys():
        return "a location card is nowhere"
    return "an unknown event among those seen" if any(e not in known for e in s.seen) else None


@cache
def _location_cards() -> frozenset[str]:
    return frozenset(location_card(i) for i in board().ids)


@cache
def _sorted_curse_deck() -> list[str]:
    return sorted(curse_deck())


@invariant("G37")
def every_curse_card_somewhere(s: GravityState) -> str | None:
    """Every curse card is in the curse deck, its discard or with a character: none leaves."""
    cursed = s.cdeck + s.cdiscard + [cur for c in s.chars for cur in c.curses]
    if sorted(cursed) == _sorted_curse_deck():  # the usual case, cheaply
        return None
    unknown = [c for c in cursed if c not in curses()]
    if unknown:
        return f"unknown curse '{unknown[0][:40]}'"
    lost = Counter(curse_deck()) - Counter(cursed)
    if lost:
        names = ", ".join(sorted(lost.elements()))[:60]
        return f"{lost.total()} curse card(s) nowhere ({names}): every curse is in the curse " \
               "deck, its discard or with a character"
    return None


@invariant("G38")
def no_character_holds_a_curse_type_twice(s: GravityState) -> str | None:
    """No character holds a curse type twice (in all, data with copies could have it twice)."""
    for c in s.chars:
        if len(set(c.curses)) != len(c.curses):
            return f"{c.id} holds a curse type twice"
    return None


@invariant("G7")
def turns_rounds_and_seats(s: GravityState) -> str | None:
    """Turns and rounds count from 1; the first and the active seat are the game's."""
    seats = range(len(s.chars))
    if s.turn < 1 or s.round < 1 or s.first not in seats or s.active not in seats:
        return f"turn {s.turn}, round {s.round}, first seat {s.first}, active seat {s.active}"
    return None


@invariant("G20")
def a_result_once_over(s: GravityState) -> str | None:
    """The game is over exactly when it is won or lost."""
    if s.result not in ("", "won", "lost") or (s.step == OVER) != bool(s.result):
        return f"result '{s.result[:40]}' with step '{s.step[:40]}'"
    return None


@invariant("G§4")
def a_known_stage(s: GravityState) -> str | None:
    """The flow stands at one of its stages."""
    from core.games.gravity.flow import STAGES

    return None if s.stage in STAGES else f"unknown stage '{s.stage[:40]}'"


@invariant("G§4.2")
def the_turns_card_target_and_dice(s: GravityState) -> str | None:
    """The card played, the monster fought and the dice rolled are the game's."""
    if s.card and s.card not in game().actions:
        return f"unknown action card '{s.card[:40]}'"
    if s.target and s.target not in {m.id for m in s.monsters}:
        return f"the target {s.target[:40]} is not in the game"
    if s.roll_for not in ("", "fight", "persuade", "remove"):
        return f"a roll for '{s.roll_for[:40]}' with target '{s.target[:40]}'"
    if any(f not in "smc" for f in s.dice) or any(f not in "smc" for f in s.fixed_dice) or s.excess < 0:
        return "dice faces other than s, m and c"
    return None


@invariant("G13")
def a_fight_has_a_target(s: GravityState) -> str | None:
    """A roll to fight has its monster, a persuasion none (a later roll keeps the turn's fight)."""
    if (s.roll_for == "fight") != bool(s.target) and s.roll_for != "remove":
        return f"a roll for '{s.roll_for[:40]}' with target '{s.target[:40]}'"
    return None


@invariant("G§4")
def the_work_list_fits_the_stage(s: GravityState) -> str | None:
    """The flow's work list is what its stage works through (pulls, pushes, a monster, a place)."""
    todo, locs = s.todo, board().locations
    if s.stage in ("t4_pull", "m2_pull"):
        if len(todo) < 2 or todo[1] not in (0, 1) or any(x not in locs for x in [todo[0], *todo[2:]]):
            return f"the pulls {todo} do not fit stage {s.stage}"
    elif s.stage == "t5_push":
        if len(todo) != 1 or todo[0] < 0:
            return f"the pushes {todo} do not fit stage {s.stage}"
    elif s.stage == "m2":
        if len(todo) != 1 or not 0 <= todo[0] < len(s.monsters) or not s.monsters[todo[0]].loc:
            return f"the monster {todo} does not fit stage {s.stage}"
    elif s.stage == "m2_end":
        if len(todo) != 1 or todo[0] not in locs:
            return f"the location {todo} does not fit stage {s.stage}"
    elif todo:
        return f"stage {s.stage} has no work list, not {todo}"
    return None


@invariant("G35")
def an_event_works_on_seats_or_monsters(s: GravityState) -> str | None:
    """An event being resolved is known and works through seats or monsters on the board."""
    if not s.ev:
        return "an event's work list with no event" if s.ev_held or s.ev_todo is not None else None
    if s.ev not in events():
        return f"unknown event '{s.ev[:40]}'"
    space = range(len(s.chars)) if s.ev in _BY_SEAT else [i for i, m in enumerate(s.monsters) if m.loc]
    if any(i not in space for i in s.ev_todo or []):
        return f"event {s.ev} works on {s.ev_todo}, not on seats or monsters on the board"
    return None


@invariant("G20", settled=True)
def a_monster_left_while_the_game_goes_on(s: GravityState) -> str | None:
    """The game goes on only while a monster is on the board: the win is immediate."""
    return "every monster is defeated, but the game goes on" if not s.result and not any(
        m.loc for m in s.monsters) else None


@invariant("G§4")
def the_decision_fits_the_stage(s: GravityState) -> str | None:
    """A decision is asked at its stage (or its event's), of the seat whose it is."""
    if s.result or not s.step:
        return None
    if not 0 <= s.decider < len(s.chars):
        return f"seat {s.decider} decides, which does not exist"
    if s.step in _STEP_STAGES:
        if s.stage not in _STEP_STAGES[s.step] or s.ev:
            return f"step {s.step} at stage {s.stage}"
        if s.step in ("rumour", "disorder") and len(s.todo) < 3:
            return f"step {s.step} with nothing left to pull from"
        return f"seat {s.decider} decides {s.step} in seat {s.active}'s turn" \
            if s.decider != s.active else None
    if s.step in _EVENT_STEPS:
        if s.ev not in _EVENT_STEPS[s.step] or not s.ev_todo:
            return f"step {s.step} while resolving '{s.ev}'"
        whose = s.ev_todo[0] if s.ev in ("E1", "E2", "E3") else s.active
        return f"seat {s.decider} decides {s.step}" if s.decider != whose else None
    return f"unknown step '{s.step[:40]}'"
