"""Positions of `magic` from scenario files, and the facts that scenario steps check.

`[position]` keys (all optional but `players`):

    players = [ { hand = [..], tokens = 0, shade = false, creatures = [
        { id = 1, card = 40, energy = 2, asleep = false, roused = false,
          properties = ["vampire", "12B"] } ] }, ... ]
    step = "activate"   turn = 0   decider = <turn>   round = 1   first = 0
    active = 1   used = []   copied = []   sleep_pending = false
    attack = { target = 2, props = ["vampire"], next = 0 }
    source = "moonflower"   lower = <table>   upper = <table>   cycle = [..]
    deck = [..] (top first)   deck_size = <all the rest>   discard = [..]
    variant = "standard" | "quartet"   solo = false   choices = [..] (top first)

A property is written as a card and half ("12B") or as a property id, which takes the
lowest-numbered card not used elsewhere that shows it. A creature's face `card` defaults to
the lowest unused card. Cards not placed go to the deck under the listed ones (ascending),
except beyond `deck_size`, which go to the discard pile.
"""

from __future__ import annotations

from typing import Any

from core.engine.positions import as_bool, as_int, as_list, as_str, as_table, ints, strs, tables
from core.engine.protocol import ScenarioAdapter
from core.games.magic.data import ATTACKING, CARD_COUNT, cards, properties, sources
from core.games.magic.state import SEEN_BY_ALL, SEEN_BY_NONE, Attack, Creature, MagicState, Player

_POSITION_KEYS = {
    "players", "step", "turn", "decider", "round", "first", "active", "used", "copied",
    "sleep_pending", "attack", "source", "lower", "upper", "cycle", "deck", "deck_size",
    "discard", "variant", "solo", "choices", "winner",
}
_CREATURE_KEYS = {"id", "card", "energy", "asleep", "roused", "properties"}
_PLAYER_KEYS = {"hand", "tokens", "shade", "creatures"}


STEPS = ("swap", "create", "add", "activate", "effects", "action", "voracious", "molt", "burn",
         "over")
ACTIVE_STEPS = ("effects", "action", "voracious", "molt", "burn")  # an activated creature's


def _uid(v: Any, what: str = "id") -> int:
    if isinstance(v, str) and v[:1].lower() == "c" and v[1:].isascii() and v[1:].isdigit():
        v = int(v[1:])
    return as_int(v, what, 1, 10**6)


def _explicit(prop: Any) -> tuple[int, str] | None:
    """"12B" -> (12, "B"); a property id -> None."""
    if isinstance(prop, str) and prop[:-1].isascii() and prop[:-1].isdigit() and prop[-1:] in ("A", "B"):
        return int(prop[:-1]), prop[-1]
    return None


def scenario_state(pos: dict[str, Any], seed: int = 0) -> MagicState:
    unknown = set(pos) - _POSITION_KEYS
    if unknown:
        raise ValueError(f"unknown position key(s): {', '.join(sorted(unknown))}")
    used: set[int] = set()

    def claim(card: Any) -> int:
        card = as_int(card, "card")
        if not 1 <= card <= CARD_COUNT:
            raise ValueError(f"there is no card {card}")
        if card in used:
            raise ValueError(f"card {card} is placed twice")
        used.add(card)
        return card

    # Explicit cards first, so that properties named by id take only free cards.
    players_in = tables(pos.get("players") or [], "players")
    if not players_in:
        raise ValueError("a position needs `players`")
    for p in players_in:
        if set(p) - _PLAYER_KEYS:
            raise ValueError(f"unknown player key(s): {', '.join(sorted(set(p) - _PLAYER_KEYS))}")
        for card in ints(p.get("hand", []), "hand"):
            claim(card)
        for c in tables(p.get("creatures", []), "creatures"):
            if set(c) - _CREATURE_KEYS:
                raise ValueError(f"unknown creature key(s): {', '.join(sorted(set(c) - _CREATURE_KEYS))}")
            if "card" in c:
                claim(c["card"])
            for prop in as_list(c.get("properties", []), "properties"):
                ex = _explicit(prop)
                if ex is not None:
                    claim(ex[0])
                elif as_str(prop, "properties") not in properties():
                    raise ValueError(f"unknown property '{prop[:40]}'")
    for card in ints(pos.get("deck", []), "deck") + ints(pos.get("discard", []), "discard"):
        claim(card)

    def free_card_with(trait: str) -> int:
        for card, (a, b) in sorted(cards().items()):
            if card not in used and trait in (a, b):
                return claim(card)
        raise ValueError(f"no free card shows {trait}")

    def free_card() -> int:
        for card in range(1, CARD_COUNT + 1):
            if card not in used:
                return claim(card)
        raise ValueError("no free card left for a creature")

    players: list[Player] = []
    creatures: dict[int, Creature] = {}
    next_uid = 1
    for seat, p in enumerate(players_in):
        row = []
        for c in tables(p.get("creatures", []), "creatures"):
            uid = _uid(c.get("id", next_uid))
            if uid in creatures:
                raise ValueError(f"creature c{uid} is defined twice")
            card_ids, traits = [], []
            for prop in as_list(c.get("properties", []), "properties"):
                ex = _explicit(prop)
                if ex is not None:
                    card = ex[0]
                    trait = cards()[card][0 if ex[1] == "A" else 1]
                else:
                    trait = prop
                    card = free_card_with(trait)
                if trait in traits:
                    raise ValueError(f"c{uid} would have {trait} twice")
                card_ids.append(card)
                traits.append(trait)
            face = c["card"] if "card" in c else free_card()
            energy = as_int(c.get("energy", 0), f"c{uid}.energy", 0, 4)
            creatures[uid] = Creature(uid, seat, face, energy,
                                      as_bool(c.get("asleep", False), f"c{uid}.asleep"),
                                      as_bool(c.get("roused", False), f"c{uid}.roused"),
                                      card_ids, traits)
            row.append(uid)
            next_uid = max(next_uid, uid + 1)
        players.append(Player(list(p.get("hand", [])), row, as_int(p.get("tokens", 0), "tokens", 0),
                              as_bool(p.get("shade", False), "shade")))

    rest = [card for card in range(1, CARD_COUNT + 1) if card not in used]
    listed = list(pos.get("deck", []))
    deck_size = as_int(pos.get("deck_size", len(listed) + len(rest)), "deck_size", 0)
    if deck_size < len(listed):
        raise ValueError("deck_size is smaller than the listed deck")
    extra = deck_size - len(listed)
    deck_top_first = listed + rest[:extra]
    discard = list(pos.get("discard", [])) + rest[extra:]

    n = len(players)
    solo = as_bool(pos.get("solo", False), "solo")
    column = 2 if solo else n
    if column not in (2, 3, 4):
        raise ValueError("2 to 4 players")
    shades = [i for i, p in enumerate(players) if p.shade]
    if solo and (n != 2 or shades != [1]):  # MC-R39: the human, then the Shade
        raise ValueError("a solo position has two players, the second with shade = true")
    if not solo and shades:
        raise ValueError("shade = true needs solo = true")
    source = as_str(pos.get("source", "lantern_tree"), "source", sources())
    cycle = strs(pos.get("cycle", [source, *sorted(set(sources()) - {source})]), "cycle")
    if sorted(cycle) != sorted(sources()) or cycle[0] != source:
        raise ValueError("cycle must list all 10 sources, starting with the current one")
    src = sources()[source]
    turn = as_int(pos.get("turn", 0), "turn", 0, n - 1)
    attack = pos.get("attack")
    active = _uid(pos["active"], "active") if "active" in pos else 0
    if active and active not in creatures:
        raise ValueError(f"active creature c{active} does not exist")
    step = as_str(pos.get("step", "create"), "step", (*STEPS, ""))  # "": none (refused by `check`)
    if step in ACTIVE_STEPS and not active:
        raise ValueError(f"step {step} needs an active creature")
    choices = ints(pos.get("choices", list(range(1, 8)) if solo else []), "choices", 1, 7)
    variant = as_str(pos.get("variant", "standard"), "variant", ("standard", "quartet"))
    if attack is not None:
        attack = as_table(attack, "attack")
        if set(attack) - {"target", "props", "next"}:
            bad = sorted(set(attack) - {"target", "props", "next"})
            raise ValueError(f"unknown attack key(s): {', '.join(bad)}")
        attack = Attack(_uid(attack.get("target"), "attack.target"),
                        strs(attack.get("props", []), "attack.props", ATTACKING),
                        as_int(attack.get("next", 0), "attack.next", 0))
    return MagicState(
        seed=seed, rng_count=0, win_at=4 if variant == "quartet" else 3, solo=solo,
        players=players, creatures=creatures, deck=deck_top_first[::-1], discard=discard,
        discard_seen=[SEEN_BY_ALL] * len(discard), cycle=cycle, reveals=1, source=source,
        lower=as_int(pos.get("lower", src.lower[column]), "lower", 0),
        upper=as_int(pos.get("upper", src.upper), "upper", 0),
        round=as_int(pos.get("round", 1), "round", 1), first=as_int(pos.get("first", 0), "first"),
        turn=turn, step=step, decider=as_int(pos.get("decider", turn), "decider"), active=active,
        used=strs(pos.get("used", []), "used", properties()),
        copied=strs(pos.get("copied", []), "copied", properties()),
        sleep_pending=as_bool(pos.get("sleep_pending", False), "sleep_pending"), attack=attack,
        next_uid=next_uid, winner=as_int(pos.get("winner", -1), "winner"), choices=choices[::-1],
    )


def check(s: MagicState) -> None:
    """Whether `s` is a position a `magic` game can be in; ValueError (one line) if not.

    Every card 1..64 is in exactly one place; creatures, rows and owners agree; every step,
    source, property and seat is known; the counts are within the game's (energy 0..4, the
    source's tokens, transmutation tokens below the goal until someone has won); the activated
    creature, the attack and its target exist when the step needs them."""
    n = len(s.players)
    seats = range(n)
    if not 2 <= n <= 4:
        raise ValueError(f"{n} players (2 to 4)")
    if s.win_at not in (3, 4):
        raise ValueError(f"win_at {s.win_at} (3, or 4 in the Quartet)")
    shades = [i for i, p in enumerate(s.players) if p.shade]
    if s.solo and (n != 2 or shades != [1] or s.win_at != 3):
        raise ValueError("a solo game has two seats, the second the Shade's, and no Quartet")
    if not s.solo and shades:
        raise ValueError("a Shade outside the solo mode")
    if s.step not in STEPS:
        raise ValueError(f"unknown step '{s.step[:40]}'")
    for name in ("turn", "decider", "first"):
        if getattr(s, name) not in seats:
            raise ValueError(f"{name} is seat {getattr(s, name)}, which does not exist")
    if s.round < 1:
        raise ValueError(f"round {s.round}")
    over = s.step == "over"
    if over != (s.winner != -1) or (over and s.winner not in seats):
        raise ValueError(f"step '{s.step}' with winner {s.winner}")
    if s.rng_count < 0 or s.next_uid < 1:
        raise ValueError("a negative random counter or creature number")
    # Every card in exactly one place.
    places: dict[int, str] = {}

    def put(card: int, where: str) -> None:
        if not 1 <= card <= CARD_COUNT:
            raise ValueError(f"there is no card {card} ({where})")
        if card in places:
            raise ValueError(f"card {card} is both {places[card]} and {where}")
        places[card] = where

    for i, p in enumerate(s.players):
        for card in p.hand:
            put(card, f"in seat {i}'s hand")
        if p.shade and p.hand:
            raise ValueError("the Shade holds no cards")
    for card in s.deck:
        put(card, "in the deck")
    for card in s.discard:
        put(card, "in the discard pile")
    if len(s.discard_seen) != len(s.discard) or any(
            v not in (SEEN_BY_ALL, SEEN_BY_NONE) and v not in seats for v in s.discard_seen):
        raise ValueError("the discard pile's record of who saw each card does not fit it")
    # Creatures and rows.
    in_rows: dict[int, int] = {}
    for i, p in enumerate(s.players):
        for uid in p.row:
            if uid in in_rows:
                raise ValueError(f"c{uid} is in two places in the rows")
            in_rows[uid] = i
        if not 0 <= p.tokens <= (1 if p.shade else s.win_at):
            raise ValueError(f"seat {i} has {p.tokens} transmutation tokens")
        if p.tokens >= (1 if p.shade else s.win_at) and s.winner != i:
            raise ValueError(f"seat {i} has reached its goal but has not won")
    if s.winner in seats and s.players[s.winner].tokens < (1 if s.players[s.winner].shade else s.win_at):
        raise ValueError(f"seat {s.winner} has won without reaching its goal")
    for uid, c in s.creatures.items():
        if c.uid != uid or not 1 <= uid < s.next_uid:
            raise ValueError(f"creature c{uid} is numbered {c.uid} (next {s.next_uid})")
        if in_rows.get(uid) != c.owner:
            raise ValueError(f"c{uid} of seat {c.owner} is not in that seat's row")
        put(c.card, f"c{uid}'s face")
        if not 0 <= c.energy <= 4:
            raise ValueError(f"c{uid} has {c.energy} energy (0..4)")
        if len(c.cards) != len(c.traits) or len(set(c.traits)) != len(c.traits):
            raise ValueError(f"c{uid}'s properties do not fit its cards")
        for card, trait in zip(c.cards, c.traits, strict=True):
            put(card, f"under c{uid}")
            if trait not in cards()[card]:
                raise ValueError(f"card {card} under c{uid} does not show {trait[:40]}")
    for uid in in_rows:
        if uid not in s.creatures:
            raise ValueError(f"c{uid} is in a row but does not exist")
    if len(places) != CARD_COUNT:
        missing = min(set(range(1, CARD_COUNT + 1)) - set(places))
        raise ValueError(f"card {missing} is nowhere")
    # The energy source.
    if sorted(s.cycle) != sorted(sources()):
        raise ValueError("the energy deck does not hold the 10 sources")
    if s.reveals < 1 or s.source != s.cycle[(s.reveals - 1) % len(s.cycle)]:
        raise ValueError(f"the source {s.source[:40]} is not the one the energy deck shows")
    src = sources()[s.source]
    column = 2 if s.solo else n
    if not 0 <= s.lower <= src.lower[column] or not 0 <= s.upper <= src.upper:
        raise ValueError(f"the source holds {s.lower} and {s.upper} tokens "
                         f"(at most {src.lower[column]} and {src.upper})")
    # The activation, the attack.
    known = properties()
    for name in ("used", "copied"):
        for trait in getattr(s, name):
            if trait not in known:
                raise ValueError(f"unknown property '{trait[:40]}' in {name}")
    at = s.attack
    if at is not None:
        if at.target not in s.creatures and not over:
            raise ValueError(f"the attack's target c{at.target} does not exist")
        if any(p not in ATTACKING for p in at.props) or len(set(at.props)) != len(at.props) \
                or not 0 <= at.next <= len(at.props):
            raise ValueError("the attack's properties do not fit")
        if s.step == "burn" and (at.next < 1 or at.props[at.next - 1] != "fire_breathing"):
            raise ValueError("a burn without Огнедышащее in the attack")
    if not over:
        if (s.step in ACTIVE_STEPS) != bool(s.active):
            raise ValueError(f"step {s.step} with {'c' + str(s.active) if s.active else 'no'} "
                             "activated creature")
        if s.active and (s.active not in s.creatures or s.creatures[s.active].owner != s.turn):
            raise ValueError(f"the activated creature c{s.active} is not one of seat {s.turn}'s")
        if s.step != "swap" and s.decider != s.turn:
            raise ValueError(f"seat {s.decider} decides {s.step} in seat {s.turn}'s turn")
        if s.players[s.decider].shade:
            raise ValueError("the Shade's decisions are its rules', not a seat's")
        if (s.step == "burn") != (s.attack is not None):
            raise ValueError(f"step {s.step} with{'' if s.attack else 'out'} an attack")
    if s.solo:  # a scenario may leave out cards (neither in the deck nor shown)
        held = s.choices + s.choices_shown
        if not s.choices or any(not 1 <= c <= 7 for c in held) or len(set(held)) != len(held):
            raise ValueError("the Shade's choice deck is empty, holds cards other than 1..7, or "
                             "one twice")
    elif s.choices or s.choices_shown:
        raise ValueError("a choice deck outside the solo mode")


def scenario_options(s: MagicState) -> dict[str, Any]:
    return {"variant": "quartet" if s.win_at == 4 else "standard", "solo": s.solo}


def facts(s: MagicState) -> dict[str, Any]:
    """A flat description of a position for scenario expectations (docs/scenarios.md)."""
    out: dict[str, Any] = {
        "step": s.step, "decider": s.decider, "turn": s.turn, "round": s.round,
        "first": s.first, "winner": s.winner, "active": f"c{s.active}" if s.active else "",
        "source": s.source, "lower": s.lower, "upper": s.upper, "deck": len(s.deck),
        "discard": len(s.discard), "sleep_pending": s.sleep_pending, "used": list(s.used),
        "copied": list(s.copied), "deck_top": s.deck[-1] if s.deck else 0,
        "choices_left": len(s.choices), "choices_shown": list(s.choices_shown),
    }
    for i, p in enumerate(s.players):
        out[f"p{i}.hand"] = sorted(p.hand)
        out[f"p{i}.hand_size"] = len(p.hand)
        out[f"p{i}.tokens"] = p.tokens
        out[f"p{i}.row"] = [f"c{u}" for u in p.row]
    for u, c in s.creatures.items():
        k = f"c{u}"
        out[f"{k}.exists"] = True
        out[f"{k}.owner"] = c.owner
        out[f"{k}.card"] = c.card
        out[f"{k}.energy"] = c.energy
        out[f"{k}.asleep"] = c.asleep
        out[f"{k}.roused"] = c.roused
        out[f"{k}.properties"] = list(c.traits)
        out[f"{k}.cards"] = list(c.cards)
    return out


SCENARIO = ScenarioAdapter(state=scenario_state, options=scenario_options, facts=facts, check=check)
