"""Positions of `northstar` from scenario files, and the facts that scenario steps check
(docs/scenarios.md).

`[position]` keys (all optional but `players`):

    short = false   open_bags = false
    players = [ { hand = [..], food = 17, done = false, made = 2, bag = 3 | [plant, meat, fat],
                  score = 0, plan = ["trait 17 A1", ...],
                  species = [ { id = "A1", pop = 1, body = 1, traits = ["carnivore", 45],
                                hidden = ["horns"], plant = 0, meat = 0, fatfood = 0,
                                fat = 0 } ] }, ... ]
    step = "feed"   round = 1   first = 0   go = <first>   decider = <go>   last = 0
    hole = 0   shown = [..]   fed = false   acted = false   idle = 0   off = ["warning"]
    effects = [ { species = "A1", trait = "fertile" } ]
    deck = [..top first]   deck_size = <the rest>   discard = [..]   removed = [..]
    winners = [..]   (step "over")

A seat's species are written left to right; each `id` is the seat's letter and its number
(A1, A2 for the first seat, B1 for the second …; default: the next number). A trait is a word
of the notation (the lowest-numbered free card of that trait) or a card number; `hidden`
names the traits still face down. `made` defaults to the highest species number of the seat;
`plan` (short variant) is a list of card uses in notation. Cards not placed go, in order of
number: to the removed cards (two players: up to 40, unless `removed` is given), then to the
draw pile under the listed ones (up to `deck_size`), then to the discard pile.
"""

from __future__ import annotations

from typing import Any

from core.engine.invariants import Invariant
from core.engine.positions import as_bool, as_int, as_list, as_str, ints, strs, tables
from core.engine.protocol import NotationError, ScenarioAdapter
from core.games.northstar.data import (
    CARD_COUNT,
    FAT,
    card_traits,
    numbers,
    trait_limit,
    traits,
    words,
)
from core.games.northstar.fold import STEPS, TRACK_MAX
from core.games.northstar.state import (
    SEAT_LETTERS,
    UID_BASE,
    Effect,
    NorthStarState,
    Player,
    PlayStep,
    Species,
    species_label,
    species_uid,
)

_POSITION_KEYS = {
    "short", "open_bags", "players", "step", "round", "first", "go", "decider", "last", "hole",
    "shown", "fed", "acted", "idle", "off", "effects", "deck", "deck_size", "discard", "removed",
    "winners",
}
_PLAYER_KEYS = {"hand", "food", "done", "made", "bag", "score", "plan", "species"}
_SPECIES_KEYS = {"id", "pop", "body", "traits", "hidden", "plant", "meat", "fatfood", "fat"}
_PHASES = {"food": "food", "play": "play", "plan": "play", "order": "before", "feed": "feed",
           "over": "over"}


def _uid(value: Any, what: str) -> int:
    if isinstance(value, str):
        w = value.upper()
        seat = SEAT_LETTERS.find(w[:1]) if w[:1] else -1
        if seat < 0 or not w[1:].isascii() or not w[1:].isdigit() or len(w) > 5:
            raise ValueError(f"`{what}` must be a species like A1, not '{value[:20]}'")
        return species_uid(seat, int(w[1:]))
    return as_int(value, what, 1, UID_BASE * len(SEAT_LETTERS))


def _trait_word(value: Any, what: str) -> str:
    word = as_str(value, what).lower()
    found = words().get(word) or (value if value in traits() else None)
    if found is None:
        raise ValueError(f"`{what}`: unknown trait '{word[:30]}'")
    return found


def _check_keys(what: str, given: Any, allowed: set[str]) -> None:
    unknown = set(given) - allowed
    if unknown:
        raise ValueError(f"unknown {what} key(s): {', '.join(sorted(unknown))}")


def scenario_state(pos: dict[str, Any], seed: int = 0) -> NorthStarState:
    from core.games.northstar.notation import parse_action

    _check_keys("position", pos, _POSITION_KEYS)
    names = card_traits()
    used: set[int] = set()

    def claim(card: Any, what: str = "card") -> int:
        card = as_int(card, what)
        if not 1 <= card <= CARD_COUNT:
            raise ValueError(f"{what}: there is no card {card} (cards are 1-{CARD_COUNT})")
        if card in used:
            raise ValueError(f"card {card} is placed twice")
        used.add(card)
        return card

    players_in = tables(pos.get("players") or [], "players")
    if not 2 <= len(players_in) <= 6:
        raise ValueError("a position needs `players`: 2 to 6 of them (NS1)")
    n = len(players_in)
    # Explicit cards first, so that traits named by word take only free cards.
    for p in players_in:
        _check_keys("player", p, _PLAYER_KEYS)
        for card in ints(p.get("hand", []), "hand"):
            claim(card, "hand")
        if p.get("food"):
            claim(p["food"], "food (the chosen food card)")
        for x in tables(p.get("species", []), "species"):
            _check_keys("species", x, _SPECIES_KEYS)
            for t in as_list(x.get("traits", []), "traits"):
                if not isinstance(t, str):
                    claim(t, "trait card")
    for key in ("deck", "discard", "removed"):
        for card in ints(pos.get(key, []), key):
            claim(card, key)

    def free_card(trait: str) -> int:
        for card in range(1, CARD_COUNT + 1):
            if card not in used and names[card] == trait:
                return claim(card)
        raise ValueError(f"no free card carries {trait}")

    players: list[Player] = []
    species: dict[int, Species] = {}
    for seat, p in enumerate(players_in):
        row: list[int] = []
        top = 0
        for x in tables(p.get("species", []), "species"):
            uid = _uid(x.get("id", species_uid(seat, top + 1)), "species id")
            if uid // UID_BASE != seat:
                raise ValueError(f"species {species_label(uid)} is not seat {seat}'s "
                                 f"(its letter is {SEAT_LETTERS[seat]})")
            if uid in species:
                raise ValueError(f"species {species_label(uid)} is defined twice")
            top = max(top, uid % UID_BASE)
            cards, tr = [], []
            for t in as_list(x.get("traits", []), "traits"):
                card = as_int(t, "trait card") if not isinstance(t, str) else \
                    free_card(_trait_word(t, "traits"))
                cards.append(card)
                tr.append(names[card])
            hidden = []
            for h in as_list(x.get("hidden", []), "hidden"):
                if isinstance(h, str):
                    trait = _trait_word(h, "hidden")
                    if trait not in tr:
                        raise ValueError(f"{species_label(uid)} has no {h} to hide")
                    hidden.append(cards[tr.index(trait)])
                else:
                    if h not in cards:
                        raise ValueError(f"card {h} is not on {species_label(uid)}")
                    hidden.append(h)
            species[uid] = Species(
                uid, seat, as_int(x.get("pop", 1), "pop", 0, 99),
                as_int(x.get("body", 1), "body", 0, 99), cards, tr, hidden,
                as_int(x.get("plant", 0), "plant", 0, 99), as_int(x.get("meat", 0), "meat", 0, 99),
                as_int(x.get("fatfood", 0), "fatfood", 0, 99), as_int(x.get("fat", 0), "fat", 0, 99))
            row.append(uid)
        bag = p.get("bag", 0)
        kinds = ints(bag, "bag", 0) if isinstance(bag, list) else [as_int(bag, "bag", 0), 0, 0]
        if len(kinds) != 3:
            raise ValueError("`bag` is a number or [plant, meat, fat]")
        players.append(Player(
            ints(p.get("hand", []), "hand"), row, as_int(p.get("made", top), "made", top),
            as_int(p.get("food", 0), "food", 0), as_bool(p.get("done", False), "done"), [],
            kinds[0], kinds[1], kinds[2], as_int(p.get("score", 0), "score", 0)))
    rest = [card for card in range(1, CARD_COUNT + 1) if card not in used]
    if "removed" in pos:
        removed = ints(pos["removed"], "removed")
    elif n == 2:
        k = numbers()["removed_two"]
        removed, rest = rest[:k], rest[k:]
    else:
        removed = []
    listed = ints(pos.get("deck", []), "deck")
    deck_size = as_int(pos.get("deck_size", len(listed) + len(rest)), "deck_size", 0)
    if not len(listed) <= deck_size <= len(listed) + len(rest):
        raise ValueError("deck_size does not fit the cards left")
    extra = deck_size - len(listed)
    deck_top_first = listed + rest[:extra]
    discard = ints(pos.get("discard", []), "discard") + rest[extra:]

    step = as_str(pos.get("step", "play"), "step", _PHASES)
    first = as_int(pos.get("first", 0), "first", 0, n - 1)
    go = as_int(pos.get("go", first), "go", 0, n - 1)
    effects = []
    for e in tables(pos.get("effects", []), "effects"):
        _check_keys("effect", e, {"species", "trait"})
        effects.append(Effect(_uid(e.get("species"), "effects.species"),
                              _trait_word(e.get("trait"), "effects.trait")))
    s = NorthStarState(
        seed=seed, rng_count=0, short=as_bool(pos.get("short", False), "short"),
        open_bags=as_bool(pos.get("open_bags", False), "open_bags"), players=players,
        species=species, deck=deck_top_first[::-1], discard=discard, removed=removed,
        hole=as_int(pos.get("hole", 0), "hole", 0), shown=ints(pos.get("shown", []), "shown"),
        round=as_int(pos.get("round", 1), "round", 1), first=first,
        last=as_int(pos.get("last", 0), "last", 0), phase=_PHASES[step], step=step,
        decider=as_int(pos.get("decider", go), "decider", 0, n - 1), go=go,
        fed=as_bool(pos.get("fed", False), "fed"), acted=as_bool(pos.get("acted", False), "acted"),
        idle=as_int(pos.get("idle", 0), "idle", 0),
        off=[_trait_word(w, "off") for w in strs(pos.get("off", []), "off")],
        effects=effects, winners=ints(pos.get("winners", []), "winners"),
    )
    for seat, p in enumerate(players_in):
        plan: list[PlayStep] = []
        for text in strs(p.get("plan", []), "plan"):
            try:
                step_action = parse_action(text)
            except NotationError as exc:
                raise ValueError(f"plan: {exc}") from None
            if type(step_action).__name__ not in ("Place", "Drop", "NewSpecies", "Grow"):
                raise ValueError(f"plan: '{text[:40]}' is not a card use")
            plan.append(step_action)  # type: ignore[arg-type]
        s.players[seat].plan = plan
    return s


def scenario_options(s: NorthStarState) -> dict[str, Any]:
    return {"short": s.short, "open_bags": s.open_bags}


def facts(s: NorthStarState) -> dict[str, Any]:
    """A flat description of a position for scenario expectations (docs/scenarios.md);
    `pN.bag_seen_by` lists the seats whose view shows seat N's bag (NS29)."""
    from core.games.northstar.view import view

    views = [view(s, seat) for seat in range(len(s.players))]
    out: dict[str, Any] = {
        "step": s.step, "decider": s.decider, "go": s.go, "phase": s.phase, "round": s.round,
        "first": s.first, "last": s.last, "hole": s.hole, "shown": list(s.shown), "idle": s.idle,
        "fed": s.fed, "acted": s.acted, "deck": len(s.deck), "deck_top": s.deck[-1] if s.deck else 0,
        "discard": len(s.discard), "discard_top": s.discard[-1] if s.discard else 0,
        "removed": len(s.removed), "winners": list(s.winners),
        "off": [traits()[t].word for t in s.off],
        "effects": [f"{species_label(e.species)} {traits()[e.trait].word}" for e in s.effects],
    }
    for i, p in enumerate(s.players):
        k = f"p{i}"
        out[f"{k}.hand"] = sorted(p.hand)
        out[f"{k}.hand_size"] = len(p.hand)
        out[f"{k}.row"] = [species_label(u) for u in p.row]
        out[f"{k}.food"] = p.food
        out[f"{k}.done"] = p.done
        out[f"{k}.plan"] = len(p.plan)
        out[f"{k}.bag"] = p.bag
        out[f"{k}.bag_plant"] = p.bag_plant
        out[f"{k}.bag_meat"] = p.bag_meat
        out[f"{k}.bag_fat"] = p.bag_fat
        out[f"{k}.bag_seen_by"] = [v for v in range(len(views)) if views[v].players[i].bag is not None]
        out[f"{k}.score"] = p.score
        out[f"{k}.made"] = p.made
    for u, x in s.species.items():
        k = species_label(u)
        out[f"{k}.exists"] = True
        out[f"{k}.pop"] = x.pop
        out[f"{k}.body"] = x.body
        out[f"{k}.food"] = x.food
        out[f"{k}.plant"] = x.plant
        out[f"{k}.meat"] = x.meat
        out[f"{k}.fatfood"] = x.fatfood
        out[f"{k}.fat"] = x.fat
        out[f"{k}.traits"] = [traits()[t].word for t in x.traits]
        out[f"{k}.cards"] = list(x.cards)
        out[f"{k}.hidden"] = [traits()[x.traits[x.cards.index(c)]].word for c in x.hidden]
    return out


def check(s: NorthStarState) -> None:
    """Whether `s` is a position a `northstar` game can be in; ValueError (one line) if not.

    Every card 1..129 is in exactly one place; species, rows and owners agree; every trait
    shows on its card, none twice on a species, within the limit; tracks 1-6, food within the
    population, fat within the body size on a Fat Tissue; steps and phases fit together; the
    seats, species and traits named exist; a short-variant plan can be carried out."""
    from core.games.northstar.plan import project

    n = len(s.players)
    seats = range(n)
    if not 2 <= n <= 6:
        raise ValueError(f"{n} players (2 to 6, NS1)")
    if s.step not in STEPS | {"over"} or _PHASES[s.step] != s.phase:
        raise ValueError(f"step '{s.step[:40]}' in phase '{s.phase[:40]}'")
    if (s.step == "plan") != (s.short and s.phase == "play"):
        raise ValueError(f"step {s.step} {'with' if s.short else 'without'} the short variant")
    over = s.step == "over"
    for name in ("first", "go", "decider"):
        if getattr(s, name) not in seats:
            raise ValueError(f"{name} is seat {getattr(s, name)}, which does not exist")
    if s.round < 1 or s.last not in (0, s.round, s.round + 1) or s.rng_count < 0:
        raise ValueError(f"round {s.round} with the last round {s.last}")
    if s.hole < 0:
        raise ValueError(f"hole = {s.hole}: the watering hole cannot hold less than no food")
    if not 0 <= s.idle <= n:
        raise ValueError(f"idle = {s.idle}: at most one idle turn a player ({n})")
    if len(s.shown) > n or any(not 1 <= c <= CARD_COUNT for c in s.shown):
        raise ValueError(f"shown = {s.shown[:8]}: at most {n} revealed food cards, "
                         f"each a card 1-{CARD_COUNT}")
    if over != bool(s.winners) or any(w not in seats for w in s.winners) or \
            len(set(s.winners)) != len(s.winners):
        raise ValueError(f"step '{s.step}' with winners {s.winners[:8]}")
    names = card_traits()
    places: dict[int, str] = {}

    def put(card: int, where: str) -> None:
        if not 1 <= card <= CARD_COUNT:
            raise ValueError(f"there is no card {card} ({where})")
        if card in places:
            raise ValueError(f"card {card} is both {places[card]} and {where}: "
                             "every card is in exactly one place")
        places[card] = where

    limit = trait_limit(n)
    in_rows: dict[int, int] = {}
    for i, p in enumerate(s.players):
        for card in p.hand:
            put(card, f"in seat {i}'s hand")
        if p.food:
            put(p.food, f"seat {i}'s food card")
            if s.phase not in ("food", "play", "before"):
                raise ValueError(f"seat {i} has a food card face down in phase {s.phase}")
        if min(p.bag_plant, p.bag_meat, p.bag_fat, p.score, p.made) < 0 or p.made >= UID_BASE:
            raise ValueError(f"seat {i}'s bag, score or species count is out of range")
        if p.plan and not (s.short and s.phase == "play"):
            raise ValueError(f"seat {i} has a plan outside the short variant's phase 3")
        for uid in p.row:
            if uid in in_rows:
                raise ValueError(f"{species_label(uid)} is in two places in the rows")
            in_rows[uid] = i
    for card in s.deck:
        put(card, "in the draw pile")
    for card in s.discard:
        put(card, "in the discard pile")
    for card in s.removed:
        put(card, "removed")
    if len(s.removed) != (numbers()["removed_two"] if n == 2 else 0):
        raise ValueError(f"{len(s.removed)} cards removed with {n} players (NS26)")
    for uid, x in s.species.items():
        label = species_label(uid)
        if x.uid != uid or not 0 <= x.owner < n or x.owner != uid // UID_BASE or \
                not 1 <= uid % UID_BASE <= s.players[x.owner].made:
            raise ValueError(f"species {label} is numbered {x.uid} for seat {x.owner}")
        if in_rows.get(uid) != x.owner:
            raise ValueError(f"{label} is not in its owner's row")
        if not 1 <= x.pop <= TRACK_MAX or not 1 <= x.body <= TRACK_MAX:
            raise ValueError(f"{label} has population {x.pop} and body size {x.body} (1-6, NS32)")
        if len(x.cards) != len(x.traits) or len(x.cards) > limit or \
                len(set(x.traits)) != len(x.traits):
            raise ValueError(f"{label}'s traits do not fit (at most {limit}, none twice, NS21)")
        for card, trait in zip(x.cards, x.traits, strict=True):
            put(card, f"on {label}")
            if names[card] != trait:
                raise ValueError(f"card {card} on {label} does not carry {trait[:40]}")
        if len(set(x.hidden)) != len(x.hidden) or any(c not in x.cards for c in x.hidden):
            raise ValueError(f"{label}'s face-down cards are not its traits")
        if x.hidden and s.phase != "play":
            raise ValueError(f"{label} has a face-down trait outside phase 3")
        if min(x.plant, x.meat, x.fatfood, x.fat) < 0 or x.food > x.pop:
            raise ValueError(f"{label} holds {x.food} food with population {x.pop}")
        if x.food and s.phase in ("food", "play"):  # Long Neck and Fat Tissue act from 4a
            raise ValueError(f"{label} holds {x.food} food on its board in phase {s.phase}: the "
                             "food of a round goes into the bags at the end of feeding (§3.6)")
        if x.fat and (FAT not in x.traits or x.fat > x.body):
            raise ValueError(f"{label} holds {x.fat} fat (a Fat Tissue holds up to the body size)")
    for uid in in_rows:
        if uid not in s.species:
            raise ValueError(f"{species_label(uid)} is in a row but does not exist")
    if len(places) != CARD_COUNT:
        missing = min(set(range(1, CARD_COUNT + 1)) - set(places))
        raise ValueError(f"card {missing} is nowhere: every card is in exactly one place")
    if any(t not in traits() for t in s.off) or len(set(s.off)) != len(s.off) or \
            (s.off and s.phase != "feed"):
        raise ValueError("the traits switched off do not fit")
    for e in s.effects:
        x = s.species.get(e.species)
        if s.phase != "before" or x is None or e.trait not in x.traits or x.owner != s.go:
            raise ValueError(f"a before-reveal effect of {species_label(e.species)} that does not fit")
    if (s.fed or s.acted) and s.phase != "feed":
        raise ValueError("a feeding turn's state outside feeding")
    if over:
        return
    d = s.players[s.decider]
    if s.step == "food" and (not d.hand or d.food):
        raise ValueError(f"seat {s.decider} cannot choose a food card")
    if s.step in ("play", "plan") and d.done:
        raise ValueError(f"seat {s.decider} has ended his phase-3 turn")
    if s.step == "order" and (not s.effects or s.decider != s.go):
        raise ValueError("step order without effects of the deciding seat")
    if s.step == "feed" and s.decider != s.go:
        raise ValueError("the feeding turn is not the deciding seat's")
    if s.short and s.phase == "play":
        for i in seats:
            try:
                project(s, i)
            except Exception as exc:  # a plan that does not fit the position
                raise ValueError(f"seat {i}'s plan cannot be carried out ({exc})") from None


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
