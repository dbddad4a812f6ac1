"""Positions of `gravity` from scenario files, and the facts scenario steps check
(docs/scenarios.md). Whether a position is possible is for the invariants (invariants.py).

A position is either what a real setup makes — `setup = { seed = 3, players = 2, ... }` with
any game option beside (`difficulty`, `variant`, `characters`, `monsters`, ...) — or built
from the keys of `Position`, all optional but `characters`. Either way the flow then runs
from `stage` to the first decision, so the position a scenario sees is one where someone must
decide (or the game is over).
"""

# No `from __future__ import annotations`: msgspec reads these annotations as types.

from collections.abc import Collection
from typing import Annotated, Literal

import msgspec

from core.engine.positions import read
from core.engine.protocol import Facts, Options, ScenarioAdapter
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

Count = Annotated[int, msgspec.Meta(ge=0, le=10**6)]
Loc = int | str  # 12 or "L12"


class CharacterAt(msgspec.Struct, forbid_unknown_fields=True):
    id: Literal[CHARACTERS]  # type: ignore[valid-type]
    loc: Loc
    hand: list[str] = []
    deck: list[str] | None = None  # top first; default: the character's other cards
    discard: list[str] = []
    curses: list[str] = []  # taken before this turn
    new_curses: list[str] = []  # taken this turn


class MonsterAt(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    loc: Loc | None = None
    defeated: bool = False


class PlaceAt(msgspec.Struct, forbid_unknown_fields=True):
    support: Count | None = None  # default: the location's starting tokens (or none)
    distrust: Count = 0
    die: bool = False


class SetupAt(msgspec.Struct):
    seed: int | None = None  # default: the scenario's
    players: Annotated[int, msgspec.Meta(ge=1, le=len(CHARACTERS))] | None = None


class Position(msgspec.Struct, forbid_unknown_fields=True):
    setup: dict[str, object] | None = None  # a real setup: its seed, players and options
    variant: Literal["standard", "kids"] = "standard"
    difficulty: str = "normal"
    characters: list[CharacterAt] = []  # seat order
    controllers: list[Count] | None = None  # default: one person a character
    monsters: list[MonsterAt] = []  # monster order
    locations: dict[str, PlaceAt] = {}  # overrides, by location ("L07")
    tokens: Literal["start", "empty"] = "start"
    alarm: Count = 0
    marks: list[int] | None = None  # default: the marks up to `alarm`
    queue: list[str] = []
    row: list[str] = []  # slot 1 first
    row_cap: Count | None = None  # default: 2 once mark 11 is passed, else 3
    mdeck: list[str] = []  # top first; unplaced location cards go under
    mdiscard: list[str] = []
    removed: list[str] = []
    unused: list[str] | None = None  # default: the events placed nowhere
    seen: list[str] | None = None  # default: the events in the discard
    cdeck: list[str] = []  # top first; the other curses go under
    cdiscard: list[str] = []
    supply: Count | None = None  # default: 19 less the dice on the board
    turn: Annotated[int, msgspec.Meta(ge=1, le=10**6)] = 1
    round: Annotated[int, msgspec.Meta(ge=1, le=10**6)] = 1
    first: Count = 0
    active: Count = 0
    stage: str = "t1"  # the step the flow starts from
    todo: list[int] = []
    card: str = ""
    rested: bool = False
    giant_stop: bool = False
    event_resolved: bool = False
    ability_used: bool = False
    reroll_used: bool = False
    target: str = ""
    roll_for: str = ""
    dice: str = ""
    excess: Count = 0
    fixed_dice: str = ""  # the faces the next dice show: s, m, c


def _loc(v: Loc, what: str) -> int:
    given = v
    if isinstance(v, str):
        if v[:1].upper() != "L" or not v[1:].isascii() or not v[1:].isdigit() or len(v) > 6:
            raise ValueError(f"there is no location {given}")
        v = int(v[1:])
    if v not in board().locations:
        raise ValueError(f"there is no location {given}")
    return v


def _one(value: str, what: str, allowed: Collection[str]) -> str:
    if value not in allowed:
        raise ValueError(f"`{what}` is '{value[:40]}', not one of {', '.join(sorted(allowed))}")
    return value


def _known(values: list[str], what: str, allowed: Collection[str]) -> list[str]:
    for i, v in enumerate(values):
        _one(v, f"{what}[{i}]", allowed)
    return values


def build(pos: Position, seed: int = 0) -> GravityState:
    if pos.setup is not None:
        if pos != Position(setup=pos.setup):
            raise ValueError("`setup` stands alone: the position is what the setup makes")
        return _from_setup(pos.setup, seed)
    g = game()
    kids = pos.variant == "kids"
    chars = [_character(i, c, kids) for i, c in enumerate(pos.characters)]
    if not 1 <= len(chars) <= 5 or len({c.id for c in chars}) != len(chars):
        raise ValueError("1 to 5 different characters")
    places = _places(pos)
    if pos.alarm > g.alarm_max:
        raise ValueError(f"`alarm` must be 0..{g.alarm_max}, not {pos.alarm}")
    marks = [at for at, eff in g.marks if at <= pos.alarm and eff != "loss"] if pos.marks is None \
        else pos.marks
    mdeck_top_first = pos.mdeck + [location_card(i) for i in board().ids if location_card(i)
                                   not in {*pos.row, *pos.mdiscard, *pos.removed, *pos.mdeck}]
    everything = pos.row + pos.mdiscard + pos.removed + mdeck_top_first
    if len(set(everything)) != len(everything):
        raise ValueError("a movement card is placed twice")
    if any(not card for card in everything):
        raise ValueError("an empty movement card name")
    shown = [e for e in everything if is_event(e)]
    held = [cur for c in chars for cur in c.curses]
    cdiscard = _known(pos.cdiscard, "cdiscard", curses())
    top = _known(pos.cdeck, "cdeck", curses())
    for c in chars:  # curses marked new were taken in this turn
        c.gained = [pos.turn if t == -1 else pos.turn - 1 for t in c.gained]
    n = len(chars)
    state = GravityState(
        seed=seed, rng_count=0, variant=pos.variant,
        difficulty="" if kids else _one(pos.difficulty, "difficulty", g.difficulty),
        controllers=list(range(n)) if pos.controllers is None else pos.controllers,
        chars=chars, monsters=[_monster(i, m) for i, m in enumerate(pos.monsters)], places=places,
        supply=g.courage_dice - 1 - sum(p.die for p in places) if pos.supply is None else pos.supply,
        alarm=pos.alarm, marks=marks, queue=pos.queue, row=pos.row,
        row_cap=(g.shrunk_row if 11 in marks else g.row) if pos.row_cap is None else pos.row_cap,
        mdeck=mdeck_top_first[::-1], mdiscard=pos.mdiscard, removed=pos.removed,
        unused=([] if kids else [e for e in sorted(events()) if e not in shown])
        if pos.unused is None else pos.unused,
        seen=[e for e in pos.mdiscard if is_event(e)] if pos.seen is None
        else _known(pos.seen, "seen", events()),
        cdeck=(top + [cur for cur in curse_deck() if cur not in held + cdiscard + top])[::-1],
        cdiscard=cdiscard, turn=pos.turn, round=pos.round, first=pos.first, active=pos.active,
        stage=pos.stage, todo=pos.todo, card=pos.card, rested=pos.rested,
        giant_stop=pos.giant_stop, event_resolved=pos.event_resolved,
        ability_used=pos.ability_used, reroll_used=pos.reroll_used, target=pos.target,
        roll_for=pos.roll_for, dice=pos.dice, excess=pos.excess, fixed_dice=pos.fixed_dice,
    )
    return _run(state)


def _run(state: GravityState) -> GravityState:
    """The flow run from the position's stage to the first decision — once the position is
    known to be possible: a bogus stage or work list would trip the flow."""
    from core.engine.invariants import check
    from core.games.gravity.flow import run
    from core.games.gravity.invariants import INVARIANTS

    check(INVARIANTS, state, settled=False)  # no decision is pending yet
    tx = new_tx(state)
    run(tx)
    return tx.s


def _from_setup(spec: dict[str, object], seed: int) -> GravityState:
    from core.games.gravity.rules import RULES

    given = read(SetupAt, {k: v for k, v in spec.items() if k in ("seed", "players")}, "setup")
    options = {k: v for k, v in spec.items() if k not in ("seed", "players")}
    named = options.get("characters", [])
    if not isinstance(named, list):
        raise ValueError(f"`setup.characters` must be a list, not {str(named)[:40]!r}")
    players = given.players or len(named) or 2
    state = None
    for ev in RULES.setup(options, seed if given.seed is None else given.seed, players):
        state = RULES.evolve(state, ev)
    assert state is not None
    return state


def _character(seat: int, c: CharacterAt, kids: bool) -> Char:
    what = f"characters[{seat}]"
    own = list(action_cards(kids))
    deck_top_first = [a for a in own if a not in c.hand and a not in c.discard] if c.deck is None \
        else c.deck
    if sorted(c.hand + c.discard + deck_top_first) != sorted(own):
        raise ValueError(f"{c.id}'s hand, deck and discard must hold exactly {', '.join(own)}")
    old = _known(c.curses, f"{what}.curses", curses())
    new = _known(c.new_curses, f"{what}.new_curses", curses())
    return Char(c.id, _loc(c.loc, f"{what}.loc"), c.hand, deck_top_first[::-1], c.discard,
                old + new, [0] * len(old) + [-1] * len(new))


def _monster(i: int, m: MonsterAt) -> Monster:
    _one(m.id, f"monsters[{i}].id", monsters())
    if m.defeated:
        return Monster(m.id, 0)
    if m.loc is None:
        raise ValueError(f"`monsters[{i}].loc` is missing (or `defeated = true`)")
    return Monster(m.id, _loc(m.loc, f"monsters[{i}].loc"))


def _places(pos: Position) -> list[Place]:
    """Every location's tokens and die: as at the start (or none), with the overrides."""
    b, most = board(), game().tokens
    places = [Place(b.locations[i].support if pos.tokens == "start" else 0) for i in b.ids]
    for key, p in pos.locations.items():
        place = places[_loc(key, "locations") - 1]
        place.support = place.support if p.support is None else p.support
        place.distrust, place.die = p.distrust, p.die
        if max(place.support, place.distrust) > most:
            raise ValueError(f"`locations.{key}` holds more than the {most} tokens of the game")
    if sum(p.support + p.distrust for p in places) > most:
        raise ValueError(f"more than {most} tokens on the board")
    return places


def scenario_options(s: GravityState) -> Options:
    out: Options = {
        "variant": s.variant, "characters": [c.id for c in s.chars],
        "controllers": list(s.controllers), "monster_order": "listed", "first": s.first,
    }
    if s.variant != "kids":
        out["difficulty"] = s.difficulty
    if len(s.monsters) == game().monsters:
        out["monsters"] = [m.id for m in s.monsters]
    return out


def facts(s: GravityState) -> Facts:
    """A flat description of a position for scenario expectations (docs/scenarios.md)."""
    from core.games.gravity import queries as Q

    counts: dict[int, int] = {}
    for x in [c.loc for c in s.chars] + [m.loc for m in s.monsters if m.loc]:
        counts[x] = counts.get(x, 0) + 1
    out: Facts = {
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


SCENARIO = ScenarioAdapter(schema=Position, build=build, options=scenario_options, facts=facts)
