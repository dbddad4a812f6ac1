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

from typing import Any

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
from core.games.gravity.state import Char, GravityState, Monster, Place

_POSITION_KEYS = {
    "setup", "variant", "difficulty", "characters", "controllers", "monsters", "locations",
    "tokens", "alarm", "marks", "queue", "row", "row_cap", "mdeck", "mdiscard", "removed",
    "unused", "seen", "cdeck", "cdiscard", "supply", "turn", "round", "first", "active", "stage",
    "todo", "card", "rested", "giant_stop", "event_resolved", "ability_used", "reroll_used",
    "target", "roll_for", "dice", "excess", "fixed_dice",
}
_CHAR_KEYS = {"id", "loc", "hand", "deck", "discard", "curses", "new_curses"}
_PLACE_KEYS = {"support", "distrust", "die"}


def _loc(v: Any) -> int:
    if isinstance(v, str) and v.upper().startswith("L"):
        v = v[1:]
    loc = int(v)
    if loc not in board().locations:
        raise ValueError(f"there is no location {v}")
    return loc


def _from_setup(spec: dict[str, Any], seed: int) -> GravityState:
    from core.games.gravity.rules import RULES

    opts = dict(spec)
    seed = int(opts.pop("seed", seed))
    players = int(opts.pop("players", len(opts.get("characters", [])) or 2))
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
    kids = pos.get("variant", "standard") == "kids"
    chars = [_character(c, kids) for c in pos.get("characters", [])]
    if not 1 <= len(chars) <= 5 or len({c.id for c in chars}) != len(chars):
        raise ValueError("1 to 5 different characters")
    mons = []
    for m in pos.get("monsters", []):
        if m["id"] not in monsters():
            raise ValueError(f"unknown monster {m['id']}")
        mons.append(Monster(m["id"], 0 if m.get("defeated") else _loc(m["loc"])))
    b = board()
    places = [Place(b.locations[i].support if pos.get("tokens", "start") == "start" else 0)
              for i in b.ids]
    for key, p in pos.get("locations", {}).items():
        if set(p) - _PLACE_KEYS:
            raise ValueError(f"unknown location key(s) for {key}: {sorted(set(p) - _PLACE_KEYS)}")
        place = places[_loc(key) - 1]
        place.support = int(p.get("support", place.support))
        place.distrust = int(p.get("distrust", 0))
        place.die = bool(p.get("die", False))
    if sum(p.support + p.distrust for p in places) > game().tokens:
        raise ValueError(f"more than {game().tokens} tokens on the board")
    dice_out = sum(p.die for p in places)
    alarm = int(pos.get("alarm", 0))
    marks = list(pos.get("marks", [at for at, eff in game().marks if at <= alarm and eff != "loss"]))
    row = list(pos.get("row", []))
    mdiscard, removed = list(pos.get("mdiscard", [])), list(pos.get("removed", []))
    listed = list(pos.get("mdeck", []))  # the top of the deck; unplaced location cards go under it
    placed = set(row) | set(mdiscard) | set(removed) | set(listed)
    mdeck_top_first = listed + [location_card(i) for i in b.ids if location_card(i) not in placed]
    everything = row + mdiscard + removed + mdeck_top_first
    if len(set(everything)) != len(everything):
        raise ValueError("a movement card is placed twice")
    shown = [e for e in everything if is_event(e)]
    unused = list(pos.get("unused", [] if kids else [e for e in sorted(events()) if e not in shown]))
    held = [cur for c in chars for cur in c.curses]
    cdiscard = list(pos.get("cdiscard", []))
    top = list(pos.get("cdeck", []))  # the top of the curse deck; the other curses go under it
    cdeck_top_first = top + [cur for cur in curse_deck() if cur not in held + cdiscard + top]
    for cur in held + cdiscard + cdeck_top_first:
        if cur not in curses():
            raise ValueError(f"unknown curse {cur}")
    turn = int(pos.get("turn", 1))
    for c in chars:  # curses marked new were taken in this turn
        c.gained = [turn if g == -1 else turn - 1 for g in c.gained]
    state = GravityState(
        seed=seed, rng_count=0, variant="kids" if kids else "standard",
        difficulty="" if kids else pos.get("difficulty", "normal"),
        controllers=list(pos.get("controllers", range(len(chars)))), chars=chars, monsters=mons,
        places=places, supply=int(pos.get("supply", game().courage_dice - 1 - dice_out)),
        alarm=alarm, marks=marks, queue=list(pos.get("queue", [])), row=row,
        row_cap=int(pos.get("row_cap", game().shrunk_row if 11 in marks else game().row)),
        mdeck=mdeck_top_first[::-1], mdiscard=mdiscard, removed=removed, unused=unused,
        seen=list(pos.get("seen", [e for e in mdiscard if is_event(e)])),
        cdeck=cdeck_top_first[::-1], cdiscard=cdiscard, turn=turn,
        round=int(pos.get("round", 1)), first=int(pos.get("first", 0)),
        active=int(pos.get("active", 0)), stage=pos.get("stage", "t1"),
        todo=[int(x) for x in pos.get("todo", [])], card=pos.get("card", ""),
        rested=bool(pos.get("rested", False)), giant_stop=bool(pos.get("giant_stop", False)),
        event_resolved=bool(pos.get("event_resolved", False)),
        ability_used=bool(pos.get("ability_used", False)),
        reroll_used=bool(pos.get("reroll_used", False)), target=pos.get("target", ""),
        roll_for=pos.get("roll_for", ""), dice=pos.get("dice", ""),
        excess=int(pos.get("excess", 0)), fixed_dice=pos.get("fixed_dice", ""),
    )
    from core.games.gravity.flow import run

    tx = new_tx(state)
    run(tx)
    return tx.s


def _character(c: dict[str, Any], kids: bool) -> Char:
    if set(c) - _CHAR_KEYS:
        raise ValueError(f"unknown character key(s): {', '.join(sorted(set(c) - _CHAR_KEYS))}")
    cid = c["id"]
    if cid not in CHARACTERS:
        raise ValueError(f"unknown character {cid}")
    hand = list(c.get("hand", []))
    discard = list(c.get("discard", []))
    own = list(action_cards(kids))
    deck_top_first = list(c.get("deck", [a for a in own if a not in hand and a not in discard]))
    cards = hand + discard + deck_top_first
    if sorted(cards) != sorted(own):
        raise ValueError(f"{cid}'s hand, deck and discard must hold exactly {', '.join(own)}")
    old, new = list(c.get("curses", [])), list(c.get("new_curses", []))
    return Char(cid, _loc(c["loc"]), hand, deck_top_first[::-1], discard, old + new,
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


SCENARIO = ScenarioAdapter(state=scenario_state, options=scenario_options, facts=facts)
