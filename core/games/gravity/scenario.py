"""Positions of `gravity` from scenario files, and the facts scenario steps check.

A position is either what a real setup makes — `setup = { seed = 3, players = 2, ... }` with
any game option beside (`difficulty`, `variant`, `characters`, `monsters`, ...) — or built
from these keys, all optional but `characters`:

    characters = [{ id = "dipper", loc = 12, hand = ["0-4"], deck = [..top first],
                    discard = [..], curses = [..taken before this turn],
                    new_curses = [..taken this turn] }, ...]   (seat order; the deck
                    defaults to the character's other cards)
    monsters = [{ id = "M3", loc = 5 }, { id = "M1", defeated = true }, ...]  (monster order)
    tokens = "start" | "empty"   every location's starting support tokens, or none
    locations = { L07 = { support = 2, distrust = 1, die = true }, ... }   overrides
    variant = "standard" | "kids"   difficulty = "normal"   controllers = [0, 0]
    alarm = 0   marks = (the marks up to `alarm`)   queue = []
    row = ["L08", ...] (slot 1 first)   row_cap = (2 once mark 11 is passed, else 3)
    mdeck = [..top first; unplaced location cards go under them]   mdiscard = []
    removed = []   unused = (events placed nowhere)   seen = (events in mdiscard)
    cdeck = [..top first; the other curses go under them]   cdiscard = []
    supply = (19 minus the dice on the board)   turn = 1   round = 1   first = 0   active = 0
    stage = "t1"   the step the flow starts from (t1..t10, m1..m4)
    card, rested, giant_stop, event_resolved, ability_used, reroll_used, target, roll_for,
    dice, excess, todo   the turn's state, for stages inside a turn
    fixed_dice = "ssmc"   the faces the next dice show (s, m, c) instead of random ones

Either way the flow then runs from `stage` to the first decision, so the position a
scenario sees is one where someone must decide (or the game is over).

Facts (for `expect`): step, decider, stage, active, turn, round, result ("", "won",
"lost"), alarm, marks, queue, row, row_cap, supply, mdeck (size), mdeck_top, mdiscard,
cdeck (size), cdeck_top, cdiscard, event_resolved, ability_used, reroll_used, giant_stop,
card, rested, target, roll_for, dice, excess, ev, todo, unused (count), seen, removed,
variant, difficulty, monsters_left, movers, monster_order, events_in_deck, tokens (on the
board), dice_on_board, tiers, shared_locations (locations with two or more figures); per
location `L07.support`, `L07.distrust`, `L07.die`; per seat `seat0` (its character); per
character `dipper.loc`, `.hand`, `.hand_size`, `.deck` (size), `.deck_top`, `.discard`,
`.curses`, `.curse_count`, `.new_curses`; per monster `M3.loc` (0 once defeated),
`M3.defeated`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from core.engine.invariants import Invariant
from core.engine.positions import as_bool, as_int, as_list, as_str, as_table, ints, strs, tables
from core.engine.protocol import ScenarioAdapter
from core.games.gravity.data import (
    CHARACTERS,
    action_cards,
    board,
    curse_deck,
    curses,
    events,
    game,
    is_event,
    location_card,
    monsters,
    tier,
)
from core.games.gravity.effects import new_tx
from core.games.gravity.state import OVER, Char, GravityState, Monster, Place

_POSITION_KEYS = {
    "setup", "variant", "difficulty", "characters", "controllers", "monsters", "locations",
    "tokens", "alarm", "marks", "queue", "row", "row_cap", "mdeck", "mdiscard", "removed",
    "unused", "seen", "cdeck", "cdiscard", "supply", "turn", "round", "first", "active", "stage",
    "todo", "card", "rested", "giant_stop", "event_resolved", "ability_used", "reroll_used",
    "target", "roll_for", "dice", "excess", "fixed_dice",
}
_CHAR_KEYS = {"id", "loc", "hand", "deck", "discard", "curses", "new_curses"}
_PLACE_KEYS = {"support", "distrust", "die"}


def _loc(v: Any, what: str = "loc") -> int:
    given = v
    if isinstance(v, str) and v[:1].upper() == "L" and v[1:].isascii() and v[1:].isdigit():
        v = int(v[1:])
    loc = as_int(v, what)
    if loc not in board().locations:
        raise ValueError(f"there is no location {given}")
    return loc


def _from_setup(spec: Any, seed: int) -> GravityState:
    from core.games.gravity.rules import RULES

    opts = dict(as_table(spec, "setup"))
    seed = as_int(opts.pop("seed", seed), "setup.seed")
    players = as_int(opts.pop("players", len(as_list(opts.get("characters", []), "characters")) or 2),
                     "setup.players", 1, len(CHARACTERS))
    state = None
    for ev in RULES.setup(opts, seed, players):
        state = RULES.evolve(state, ev)
    assert state is not None
    return state


def scenario_state(pos: dict[str, Any], seed: int = 0) -> GravityState:
    unknown = set(pos) - _POSITION_KEYS
    if unknown:
        raise ValueError(f"unknown position key(s): {', '.join(sorted(unknown))}")
    if "setup" in pos:
        if len(pos) > 1:
            raise ValueError("`setup` stands alone: the position is what the setup makes")
        return _from_setup(pos["setup"], seed)
    kids = as_str(pos.get("variant", "standard"), "variant", ("standard", "kids")) == "kids"
    chars = [_character(c, kids) for c in tables(pos.get("characters", []), "characters")]
    if not 1 <= len(chars) <= 5 or len({c.id for c in chars}) != len(chars):
        raise ValueError("1 to 5 different characters")
    mons = []
    for m in tables(pos.get("monsters", []), "monsters"):
        if set(m) - {"id", "loc", "defeated"}:
            bad = sorted(set(m) - {"id", "loc", "defeated"})
            raise ValueError(f"unknown monster key(s): {', '.join(bad)}")
        mid = as_str(m.get("id"), "monster id", monsters())
        defeated = as_bool(m.get("defeated", False), f"{mid}.defeated")
        mons.append(Monster(mid, 0 if defeated else _loc(m.get("loc"), f"{mid}.loc")))
    b = board()
    tokens = as_str(pos.get("tokens", "start"), "tokens", ("start", "empty"))
    places = [Place(b.locations[i].support if tokens == "start" else 0) for i in b.ids]
    for key, p in as_table(pos.get("locations", {}), "locations").items():
        p = as_table(p, key)
        if set(p) - _PLACE_KEYS:
            raise ValueError(f"unknown location key(s) for {key}: {sorted(set(p) - _PLACE_KEYS)}")
        place = places[_loc(key, "locations") - 1]
        place.support = as_int(p.get("support", place.support), f"{key}.support", 0, game().tokens)
        place.distrust = as_int(p.get("distrust", 0), f"{key}.distrust", 0, game().tokens)
        place.die = as_bool(p.get("die", False), f"{key}.die")
    if sum(p.support + p.distrust for p in places) > game().tokens:
        raise ValueError(f"more than {game().tokens} tokens on the board")
    dice_out = sum(p.die for p in places)
    alarm = as_int(pos.get("alarm", 0), "alarm", 0, game().alarm_max)
    marks = ints(pos.get("marks", [at for at, eff in game().marks if at <= alarm and eff != "loss"]),
                 "marks")
    row = strs(pos.get("row", []), "row")
    mdiscard, removed = strs(pos.get("mdiscard", []), "mdiscard"), strs(pos.get("removed", []), "removed")
    listed = strs(pos.get("mdeck", []), "mdeck")  # the top of the deck; unplaced location cards go under it
    placed = set(row) | set(mdiscard) | set(removed) | set(listed)
    mdeck_top_first = listed + [location_card(i) for i in b.ids if location_card(i) not in placed]
    everything = row + mdiscard + removed + mdeck_top_first
    if len(set(everything)) != len(everything):
        raise ValueError("a movement card is placed twice")
    if any(not card for card in everything):
        raise ValueError("an empty movement card name")
    shown = [e for e in everything if is_event(e)]
    unused = strs(pos.get("unused", [] if kids else [e for e in sorted(events()) if e not in shown]),
                  "unused")
    held = [cur for c in chars for cur in c.curses]
    cdiscard = strs(pos.get("cdiscard", []), "cdiscard", curses())
    top = strs(pos.get("cdeck", []), "cdeck", curses())  # the top of the curse deck; the others go under it
    cdeck_top_first = top + [cur for cur in curse_deck() if cur not in held + cdiscard + top]
    for cur in held + cdiscard + cdeck_top_first:
        if cur not in curses():
            raise ValueError(f"unknown curse {cur}")
    turn = as_int(pos.get("turn", 1), "turn", 1)
    for c in chars:  # curses marked new were taken in this turn
        c.gained = [turn if g == -1 else turn - 1 for g in c.gained]
    n = len(chars)
    state = GravityState(
        seed=seed, rng_count=0, variant="kids" if kids else "standard",
        difficulty="" if kids else as_str(pos.get("difficulty", "normal"), "difficulty", game().difficulty),
        controllers=ints(pos.get("controllers", list(range(n))), "controllers", 0, n - 1),
        chars=chars, monsters=mons, places=places,
        supply=as_int(pos.get("supply", game().courage_dice - 1 - dice_out), "supply", 0),
        alarm=alarm, marks=marks, queue=strs(pos.get("queue", []), "queue"), row=row,
        row_cap=as_int(pos.get("row_cap", game().shrunk_row if 11 in marks else game().row), "row_cap"),
        mdeck=mdeck_top_first[::-1], mdiscard=mdiscard, removed=removed, unused=unused,
        seen=strs(pos.get("seen", [e for e in mdiscard if is_event(e)]), "seen", events()),
        cdeck=cdeck_top_first[::-1], cdiscard=cdiscard, turn=turn,
        round=as_int(pos.get("round", 1), "round", 1),
        first=as_int(pos.get("first", 0), "first", 0, n - 1),
        active=as_int(pos.get("active", 0), "active", 0, n - 1),
        stage=as_str(pos.get("stage", "t1"), "stage"),
        todo=ints(pos.get("todo", []), "todo"), card=as_str(pos.get("card", ""), "card"),
        rested=as_bool(pos.get("rested", False), "rested"),
        giant_stop=as_bool(pos.get("giant_stop", False), "giant_stop"),
        event_resolved=as_bool(pos.get("event_resolved", False), "event_resolved"),
        ability_used=as_bool(pos.get("ability_used", False), "ability_used"),
        reroll_used=as_bool(pos.get("reroll_used", False), "reroll_used"),
        target=as_str(pos.get("target", ""), "target"),
        roll_for=as_str(pos.get("roll_for", ""), "roll_for"), dice=as_str(pos.get("dice", ""), "dice"),
        excess=as_int(pos.get("excess", 0), "excess", 0),
        fixed_dice=as_str(pos.get("fixed_dice", ""), "fixed_dice"),
    )
    check(state)  # before the flow runs from it: a bogus stage or work list would trip it
    from core.games.gravity.flow import run

    tx = new_tx(state)
    run(tx)
    return tx.s


def _character(c: Any, kids: bool) -> Char:
    if set(c) - _CHAR_KEYS:
        raise ValueError(f"unknown character key(s): {', '.join(sorted(set(c) - _CHAR_KEYS))}")
    cid = as_str(c.get("id"), "character id", CHARACTERS)
    hand = strs(c.get("hand", []), f"{cid}.hand")
    discard = strs(c.get("discard", []), f"{cid}.discard")
    own = list(action_cards(kids))
    deck_top_first = strs(c.get("deck", [a for a in own if a not in hand and a not in discard]),
                          f"{cid}.deck")
    cards = hand + discard + deck_top_first
    if sorted(cards) != sorted(own):
        raise ValueError(f"{cid}'s hand, deck and discard must hold exactly {', '.join(own)}")
    old = strs(c.get("curses", []), f"{cid}.curses", curses())
    new = strs(c.get("new_curses", []), f"{cid}.new_curses", curses())
    return Char(cid, _loc(c.get("loc"), f"{cid}.loc"), hand, deck_top_first[::-1], discard, old + new,
                [0] * len(old) + [-1] * len(new))


def scenario_options(s: GravityState) -> dict[str, Any]:
    out: dict[str, Any] = {
        "variant": s.variant, "characters": [c.id for c in s.chars],
        "controllers": list(s.controllers), "monster_order": "listed", "first": s.first,
    }
    if s.variant != "kids":
        out["difficulty"] = s.difficulty
    if len(s.monsters) == game().monsters:
        out["monsters"] = [m.id for m in s.monsters]
    return out


def facts(s: GravityState) -> dict[str, Any]:
    """A flat description of a position for scenario expectations (docs/scenarios.md)."""
    from core.games.gravity import queries as Q

    counts: dict[int, int] = {}
    for x in [c.loc for c in s.chars] + [m.loc for m in s.monsters if m.loc]:
        counts[x] = counts.get(x, 0) + 1
    out: dict[str, Any] = {
        "step": s.step, "decider": s.decider, "stage": s.stage, "active": s.active,
        "turn": s.turn, "round": s.round, "result": s.result, "alarm": s.alarm,
        "marks": list(s.marks), "queue": list(s.queue), "row": list(s.row),
        "row_cap": s.row_cap, "supply": s.supply, "mdeck": len(s.mdeck),
        "mdeck_top": s.mdeck[-1] if s.mdeck else "", "mdiscard": list(s.mdiscard),
        "cdeck": len(s.cdeck), "cdeck_top": s.cdeck[-1] if s.cdeck else "",
        "cdiscard": list(s.cdiscard), "event_resolved": s.event_resolved,
        "ability_used": s.ability_used, "reroll_used": s.reroll_used,
        "giant_stop": s.giant_stop, "card": s.card, "rested": s.rested, "target": s.target,
        "roll_for": s.roll_for, "dice": s.dice, "excess": s.excess, "ev": s.ev,
        "todo": list(s.todo), "unused": len(s.unused), "seen": list(s.seen),
        "removed": list(s.removed), "variant": s.variant, "difficulty": s.difficulty,
        "monsters_left": len(Q.live(s)), "movers": Q.movers(s) if not s.result else [],
        "monster_order": [m.id for m in s.monsters],
        "events_in_deck": sum(1 for c in s.mdeck if is_event(c)),
        "tokens": sum(p.support + p.distrust for p in s.places),
        "dice_on_board": sum(p.die for p in s.places),
        "tiers": sorted(tier(m.id) for m in s.monsters),
        "shared_locations": sum(1 for n in counts.values() if n > 1),
    }
    for i, p in enumerate(s.places, 1):
        out[f"L{i:02d}.support"] = p.support
        out[f"L{i:02d}.distrust"] = p.distrust
        out[f"L{i:02d}.die"] = p.die
    for seat, c in enumerate(s.chars):
        out[f"seat{seat}"] = c.id
        out[f"{c.id}.loc"] = c.loc
        out[f"{c.id}.hand"] = list(c.hand)
        out[f"{c.id}.hand_size"] = len(c.hand)
        out[f"{c.id}.deck"] = len(c.deck)
        out[f"{c.id}.deck_top"] = c.deck[-1] if c.deck else ""
        out[f"{c.id}.discard"] = list(c.discard)
        out[f"{c.id}.curses"] = list(c.curses)
        out[f"{c.id}.curse_count"] = len(c.curses)
        out[f"{c.id}.new_curses"] = [cur for cur, t in zip(c.curses, c.gained, strict=True) if t == s.turn]
    for m in s.monsters:
        out[f"{m.id}.loc"] = m.loc
        out[f"{m.id}.defeated"] = not m.loc
    return out


# The decisions a position may wait for, and the stage of the flow each is asked in.
_STEP_STAGES = {
    "ability": ("t1", "t9"), "action": ("t2",), "rumour": ("t4_pull",), "target": ("t5",),
    "reroll": ("t5_roll", "t8"), "push": ("t5_push",), "die": ("t6",), "draw": ("t7",),
    "remove": ("t8",), "uncurse": ("t8_apply",), "monster": ("m1",), "disorder": ("m2_pull",),
}
_EVENT_STEPS = {"teleport": "E1", "hard_choice": "E2", "retreat": "E3", "remove_die": ("E5", "E6"),
                "flip": "E7"}
_BY_SEAT = ("E1", "E2", "E3", "E6", "E8")  # happenings.BY_SEAT: the others act per monster


def check(s: GravityState) -> None:
    """Whether `s` is a position a `gravity` game can be in; ValueError (one line) if not.

    Every id known (characters, monsters, locations, action cards, curses, events, stages,
    steps, the result, the variant and difficulty); each character's action cards, the curse
    deck, the movement cards, the support tokens and the courage dice all accounted for; the
    flow's work list fitting its stage and the decision fitting both."""
    from core.games.gravity.flow import STAGES

    b, g = board(), game()
    locs = set(b.ids)
    n = len(s.chars)
    seats = range(n)
    if s.variant not in ("standard", "kids"):
        raise ValueError(f"unknown variant '{s.variant[:40]}'")
    kids = s.variant == "kids"
    if (s.difficulty != "") if kids else (s.difficulty not in g.difficulty):
        raise ValueError(f"difficulty '{s.difficulty[:40]}' in the {s.variant} variant")
    if not 1 <= n <= len(CHARACTERS) or len({c.id for c in s.chars}) != n:
        raise ValueError("1 to 5 different characters")
    if len(s.controllers) != n or any(not 0 <= p < n for p in s.controllers):
        raise ValueError(f"one person number 0..{n - 1} per character (G2)")
    own = sorted(action_cards(kids))
    for c in s.chars:
        if c.id not in CHARACTERS:
            raise ValueError(f"unknown character '{c.id[:40]}'")
        if c.loc not in locs:
            raise ValueError(f"{c.id} stands at L{c.loc}, which does not exist")
        if sorted(c.hand + c.deck + c.discard) != own:
            raise ValueError(f"{c.id}'s hand, deck and discard do not hold exactly their action cards")
        if len(c.gained) != len(c.curses) or any(not 0 <= t <= s.turn for t in c.gained):
            raise ValueError(f"{c.id}'s curses do not fit the turns they were taken in")
    known_monsters = monsters()
    if not 1 <= len(s.monsters) <= g.monsters or len({m.id for m in s.monsters}) != len(s.monsters):
        raise ValueError(f"1 to {g.monsters} different monsters")
    for m in s.monsters:
        if m.id not in known_monsters:
            raise ValueError(f"unknown monster '{m.id[:40]}'")
        if m.loc and m.loc not in locs:
            raise ValueError(f"{m.id} stands at L{m.loc}, which does not exist")
    # The board: tokens and courage dice.
    if len(s.places) != len(locs):
        raise ValueError(f"{len(s.places)} locations, not {len(locs)}")
    if any(p.support < 0 or p.distrust < 0 for p in s.places) or \
            sum(p.support + p.distrust for p in s.places) > g.tokens:
        raise ValueError(f"the tokens on the board do not add up (at most {g.tokens}, none below 0)")
    dice = sum(p.die for p in s.places)
    if s.supply < 0 or s.supply + dice != g.courage_dice - 1:
        raise ValueError(f"{s.supply} courage dice in the supply and {dice} on the board, "
                         f"not {g.courage_dice - 1} in all")
    # The alarm track and the queue.
    if not 0 <= s.alarm <= g.alarm_max:
        raise ValueError(f"the alarm at {s.alarm} (0..{g.alarm_max})")
    marks = {at for at, _ in g.marks}
    if any(m not in marks or m > s.alarm for m in s.marks) or len(set(s.marks)) != len(s.marks):
        raise ValueError(f"alarm marks {s.marks} do not fit the alarm at {s.alarm}")
    known_events = events()
    for item in s.queue:
        if item not in ("curse_all", "shrink_row") and item not in known_events:
            raise ValueError(f"unknown queued effect '{item[:40]}'")
    # Movement cards: every location card in one place, every event at most once.
    if s.row_cap not in (g.row, g.shrunk_row) or len(s.row) > g.row:  # a shrink may be queued
        raise ValueError(f"{len(s.row)} cards in a monster row of {s.row_cap}")
    where: dict[str, str] = {}
    held = [s.ev] if s.ev and s.ev_held else []
    for name, pile in (("row", s.row), ("movement deck", s.mdeck), ("movement discard", s.mdiscard),
                       ("removed cards", s.removed), ("unused events", s.unused), ("event", held)):
        for card in pile:
            event = card[:1] == "E"
            ok = card in known_events if event else card in {location_card(i) for i in locs}
            if not ok or (name in ("row", "removed cards") and event) or \
                    (name == "unused events" and not event):
                raise ValueError(f"'{card[:40]}' cannot be in the {name}")
            if card in where:
                raise ValueError(f"{card} is both in the {where[card]} and in the {name}")
            where[card] = name
    if any(location_card(i) not in where for i in locs):
        raise ValueError("a location card is nowhere")
    if any(e not in known_events for e in s.seen):
        raise ValueError("an unknown event among those seen")
    # Curses: known ones, every card of the curse deck somewhere — none leaves the game
    # (G37) — and no character holding a type twice (G38); a scenario may hold a type twice
    # in all, as data with copies could.
    cursed = s.cdeck + s.cdiscard + [cur for c in s.chars for cur in c.curses]
    if any(cur not in curses() for cur in cursed):
        raise ValueError(f"unknown curse '{next(c for c in cursed if c not in curses())[:40]}'")
    lost = Counter(curse_deck()) - Counter(cursed)
    if lost:
        names = ", ".join(sorted(lost.elements()))[:60]
        raise ValueError(f"{lost.total()} curse card(s) nowhere ({names}): every curse is in the "
                         "curse deck, its discard or with a character (G37)")
    for c in s.chars:
        if len(set(c.curses)) != len(c.curses):
            raise ValueError(f"{c.id} holds a curse type twice (G38)")
    # Turn, flow and decision.
    if s.turn < 1 or s.round < 1 or s.first not in seats or s.active not in seats:
        raise ValueError(f"turn {s.turn}, round {s.round}, first seat {s.first}, active seat {s.active}")
    if s.result not in ("", "won", "lost") or (s.step == OVER) != bool(s.result):
        raise ValueError(f"result '{s.result[:40]}' with step '{s.step[:40]}'")
    if s.stage not in STAGES:
        raise ValueError(f"unknown stage '{s.stage[:40]}'")
    if s.card and s.card not in g.actions:
        raise ValueError(f"unknown action card '{s.card[:40]}'")
    if s.target and s.target not in {m.id for m in s.monsters}:
        raise ValueError(f"the target {s.target[:40]} is not in the game")
    if s.roll_for not in ("", "fight", "persuade", "remove") or (s.roll_for == "fight") != bool(s.target):
        raise ValueError(f"a roll for '{s.roll_for[:40]}' with target '{s.target[:40]}'")
    if any(f not in "smc" for f in s.dice) or any(f not in "smc" for f in s.fixed_dice) or s.excess < 0:
        raise ValueError("dice faces other than s, m and c")
    todo = s.todo
    if s.stage in ("t4_pull", "m2_pull"):
        if len(todo) < 2 or todo[1] not in (0, 1) or any(x not in locs for x in [todo[0], *todo[2:]]):
            raise ValueError(f"the pulls {todo} do not fit stage {s.stage}")
    elif s.stage == "t5_push":
        if len(todo) != 1 or todo[0] < 0:
            raise ValueError(f"the pushes {todo} do not fit stage {s.stage}")
    elif s.stage == "m2":
        if len(todo) != 1 or not 0 <= todo[0] < len(s.monsters) or not s.monsters[todo[0]].loc:
            raise ValueError(f"the monster {todo} does not fit stage {s.stage}")
    elif s.stage == "m2_end":
        if len(todo) != 1 or todo[0] not in locs:
            raise ValueError(f"the location {todo} does not fit stage {s.stage}")
    elif todo:
        raise ValueError(f"stage {s.stage} has no work list, not {todo}")
    if s.ev:
        if s.ev not in known_events:
            raise ValueError(f"unknown event '{s.ev[:40]}'")
        items = s.ev_todo or []
        space = seats if s.ev in _BY_SEAT else [i for i, m in enumerate(s.monsters) if m.loc]
        if any(i not in space for i in items):
            raise ValueError(f"event {s.ev} works on {items}, not on seats or monsters on the board")
    elif s.ev_held or s.ev_todo is not None:
        raise ValueError("an event's work list with no event")
    if s.result:
        return
    if not any(m.loc for m in s.monsters):
        raise ValueError("every monster is defeated, but the game goes on")
    if s.step:
        if s.decider not in seats:
            raise ValueError(f"seat {s.decider} decides, which does not exist")
        if s.step in _STEP_STAGES:
            if s.stage not in _STEP_STAGES[s.step] or s.ev:
                raise ValueError(f"step {s.step} at stage {s.stage}")
            if s.step in ("rumour", "disorder") and len(todo) < 3:
                raise ValueError(f"step {s.step} with nothing left to pull from")
            if s.decider != s.active:
                raise ValueError(f"seat {s.decider} decides {s.step} in seat {s.active}'s turn")
        elif s.step in _EVENT_STEPS:
            if s.ev not in _EVENT_STEPS[s.step] or not s.ev_todo:
                raise ValueError(f"step {s.step} while resolving '{s.ev}'")
            item = s.ev_todo[0]
            if s.decider != (item if s.ev in ("E1", "E2", "E3") else s.active):
                raise ValueError(f"seat {s.decider} decides {s.step}")
        else:
            raise ValueError(f"unknown step '{s.step[:40]}'")


def _possible(s: Any) -> str | None:
    """The whole position is possible (its check, until it is split into invariants)."""
    try:
        check(s)
    except ValueError as exc:
        return str(exc)
    return None


INVARIANTS = [Invariant("possible", _possible.__doc__ or "", "", _possible, settled=True)]
SCENARIO = ScenarioAdapter(schema=dict[str, Any], build=scenario_state, options=scenario_options,
                           facts=facts)
