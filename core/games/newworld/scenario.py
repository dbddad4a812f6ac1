"""Positions of `newworld` from scenario files, and the facts that scenario steps check
(docs/scenarios.md).

`[position]` keys (all optional but `players`):

    scenario = "none" | "mutations" | "cataclysm"   unlimited_hand   length = 6
    players = [ { hand = [..], pool = [..top last], passed, score, animals = [
                  { id = 1, card = 40, properties = ["carnivorous", "41b"], red = 0,
                    blue = 0, fat = 0, shelter = false, poisoned, slept,
                    rotated = ["carnivorous"], used = ["hoofed"] } ] }, ... ]
    pairs = [ { property = "cooperation", a = 1, b = 2, card = "13a", used = false } ]
    habitats = [ { card = 11 }, { card = 3, red = [2, 1], shelter = [1, 0] },
                 { card = 19, red = 3 } ]                (left to right)
    hstack = [..top first]   hstack_size = <length - epoch>   hdiscard = [..]
    step = "develop"   epoch = 1   first = 0   go = <first>   decider = <go>   last = <rule>
    main_done   extra_done   arranged   turn = 1
    attack = { predator = 1, prey = 2, targeted = [2], stage = "defend" }
    frames = [ { animal = 1, habitat = "11", cards = [37, 33] } ]
    reveal = 0   target = 0   replace = 0
    deck = [..top first]   deck_size = <the rest>   discard = [..]   box = [..]
    fixed_dice = [..]   (the faces the next dice show)

A property is a property id (the lowest-numbered free card showing it, on the side it is
printed) or a card and side ("41b"; "41" is side a). A habitat's tokens default to its printed
values (a Болота: 1); a double card takes a pair [upper, lower]. An animal's face `card`
defaults to the lowest free card. `rotated` names its rotated properties (Хищное, Мимикрия,
Пиратство, Превращение), `used` those that acted this turn; a pair's `used` marks its card.
Evolution cards not placed go to the deck under the listed ones; beyond `deck_size` they go
to the discard pile (the box in Катаклизм). Habitat cards not placed go to the stack, then
the box.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.engine.invariants import Invariant
from core.engine.positions import as_bool, as_int, as_list, as_str, as_table, ints, strs, tables
from core.engine.protocol import ScenarioAdapter
from core.games.newworld.data import (
    CARD_COUNT,
    HABITAT_CARDS,
    PAIRED,
    faces,
    habitat_cards,
    habitat_kinds,
    numbers,
    properties,
)
from core.games.newworld.fold import habitats_of, recount
from core.games.newworld.state import (
    Animal,
    Attack,
    Frame,
    Habitat,
    Link,
    NewWorldState,
    Player,
)

_POSITION_KEYS = {
    "scenario", "unlimited_hand", "length", "players", "pairs", "habitats", "hstack",
    "hstack_size", "hdiscard", "step", "epoch", "first", "go", "decider", "last", "main_done",
    "extra_done", "arranged", "turn", "attack", "frames", "reveal", "target", "replace", "deck",
    "deck_size", "discard", "box", "fixed_dice", "winners",
}
_PLAYER_KEYS = {"hand", "pool", "passed", "score", "animals"}
_ANIMAL_KEYS = {"id", "card", "properties", "red", "blue", "fat", "shelter", "poisoned", "slept",
                "rotated", "used"}
_PHASES = {"develop": "develop", "side": "develop", "feed": "feed", "trigger": "feed",
           "defend": "feed", "scavenger": "feed", "save": "extinction",
           "discard": "extinction", "over": "over"}


def _uid(v: Any, what: str = "id") -> int:
    if isinstance(v, str) and v[:1].lower() == "c" and v[1:].isascii() and v[1:].isdigit():
        v = int(v[1:])
    return as_int(v, what, 1, 10**6)


def _explicit(prop: Any, what: str = "property") -> tuple[int, str] | None:
    """"41b" / "41a" / "41" / 41 -> (card, side); a property id -> None."""
    if not isinstance(prop, str):
        return as_int(prop, what), "a"
    text = prop.lower()
    if text.isascii() and text.isdigit() and len(text) < 6:
        return int(text), "a"
    if text[:-1].isascii() and text[:-1].isdigit() and len(text) < 7 and text[-1] in "ab":
        return int(text[:-1]), text[-1]
    return None


def _check_keys(what: str, given: Mapping[str, Any], allowed: set[str]) -> None:
    unknown = set(given) - allowed
    if unknown:
        raise ValueError(f"unknown {what} key(s): {', '.join(sorted(unknown))}")


def _tokens(value: Any, i: int, what: str) -> int | None:
    """A habitat's `red` or `shelter`: one number, or a list [upper, lower] for a double card."""
    if value is None:
        return None
    if isinstance(value, list):
        if len(value) not in (1, 2):
            raise ValueError(f"`habitats.{what}` takes one number per half, not {len(value)}")
        value = value[i] if i < len(value) else None
        return None if value is None else as_int(value, f"habitats.{what}", 0, 99)
    return as_int(value, f"habitats.{what}", 0, 99)


def _habitat_row(given: list[Mapping[str, Any]]) -> list[Habitat]:
    kinds = habitat_kinds()
    out: list[Habitat] = []
    for entry in given:
        _check_keys("habitat", entry, {"card", "red", "shelter"})
        card = as_int(entry.get("card"), "habitats.card", 1, HABITAT_CARDS)
        hs = habitats_of(card)
        for i, h in enumerate(hs):
            k = kinds[h.kind]
            red, shelter = _tokens(entry.get("red"), i, "red"), _tokens(entry.get("shelter"), i, "shelter")
            h.red = red if red is not None else (1 if k.swamp else k.red)
            h.shelter = shelter if shelter is not None else k.shelter
        out += hs
    return out


def scenario_state(pos: dict[str, Any], seed: int = 0) -> NewWorldState:
    _check_keys("position", pos, _POSITION_KEYS)
    table = faces()
    used: set[int] = set()

    def claim(card: Any, what: str = "card") -> int:
        card = as_int(card, what)
        if not 1 <= card <= CARD_COUNT:
            raise ValueError(f"`{what}`: there is no card {card}")
        if card in used:
            raise ValueError(f"`{what}`: card {card} is placed twice")
        used.add(card)
        return card

    def side_trait(card: int, side: str) -> str:
        if not 1 <= card <= CARD_COUNT:
            raise ValueError(f"there is no card {card}")
        face = table[card]
        if side == "b" and len(face) < 2:
            raise ValueError(f"card {card} has no side b")
        return face[0 if side == "a" else 1]

    players_in = tables(pos.get("players") or [], "players")
    if not 2 <= len(players_in) <= 4:
        raise ValueError("a position needs `players`: 2 to 4 of them (NW1)")
    pairs_in = tables(pos.get("pairs", []), "pairs")
    known = set(properties())
    # Explicit cards first, so that properties named by id take only free cards.
    for p in players_in:
        _check_keys("player", p, _PLAYER_KEYS)
        for card in ints(p.get("hand", []), "hand"):
            claim(card, "hand")
        for card in ints(p.get("pool", []), "pool"):
            claim(card, "pool")
        for a in tables(p.get("animals", []), "animals"):
            _check_keys("animal", a, _ANIMAL_KEYS)
            if "card" in a:
                claim(a["card"], "animals.card")
            for prop in as_list(a.get("properties", []), "properties"):
                ex = _explicit(prop)
                if ex is not None:
                    claim(ex[0], "properties")
                elif prop not in known:
                    raise ValueError(f"`properties`: unknown property '{prop[:40]}'")
    for pr in pairs_in:
        _check_keys("pair", pr, {"property", "a", "b", "card", "used"})
        if "card" in pr:
            ex = _explicit(pr["card"], "pairs.card")
            if ex is None:
                raise ValueError(f"`pairs.card` is a card number, not '{str(pr['card'])[:40]}'")
            claim(ex[0], "pairs.card")
    for key in ("deck", "discard", "box"):
        for card in ints(pos.get(key, []), key):
            claim(card, key)
    reveal = as_int(pos.get("reveal", 0), "reveal", 0, CARD_COUNT)
    if reveal:
        claim(reveal, "reveal")

    def free_card_with(trait: str) -> tuple[int, str]:
        for card in range(1, CARD_COUNT + 1):
            if card not in used and trait in table[card]:
                claim(card)
                return card, "a" if table[card][0] == trait else "b"
        raise ValueError(f"no free card shows {trait}")

    def free_card() -> int:
        for card in range(1, CARD_COUNT + 1):
            if card not in used:
                return claim(card)
        raise ValueError("no free card left for an animal")

    players: list[Player] = []
    animals: dict[int, Animal] = {}
    rotated: list[int] = []
    turn_used: list[int] = []
    next_uid = 1
    for seat, p in enumerate(players_in):
        row = []
        for a in tables(p.get("animals", []), "animals"):
            uid = _uid(a.get("id", next_uid), "animals.id")
            if uid in animals:
                raise ValueError(f"animal c{uid} is defined twice")
            cards, traits = [], []
            for prop in a.get("properties", []):
                ex = _explicit(prop)
                if ex is not None:
                    card, trait = ex[0], side_trait(*ex)
                else:
                    card, _ = free_card_with(prop)
                    trait = prop
                if trait in PAIRED:
                    raise ValueError(f"c{uid}: paired properties go in `pairs`")
                cards.append(card)
                traits.append(trait)
            face = a["card"] if "card" in a else free_card()
            animal = Animal(uid, seat, face, cards, traits,
                            as_int(a.get("red", 0), f"c{uid}.red", 0, 99),
                            as_int(a.get("blue", 0), f"c{uid}.blue", 0, 99),
                            as_int(a.get("fat", 0), f"c{uid}.fat", 0, 99),
                            as_bool(a.get("shelter", False), f"c{uid}.shelter"),
                            poisoned=as_bool(a.get("poisoned", False), f"c{uid}.poisoned"),
                            slept=as_bool(a.get("slept", False), f"c{uid}.slept"))
            animals[uid] = animal
            for key, into in (("rotated", rotated), ("used", turn_used)):
                for trait in strs(a.get(key, []), f"c{uid}.{key}"):
                    if trait not in traits:
                        raise ValueError(f"c{uid} has no {trait[:40]} to have {key}")
                    into.append(cards[traits.index(trait)])
            row.append(uid)
            next_uid = max(next_uid, uid + 1)
        players.append(Player(list(p.get("hand", [])), row, list(p.get("pool", [])),
                              as_bool(p.get("passed", False), "passed"),
                              as_int(p.get("score", 0), "score", 0, 10**6)))

    links: dict[int, Link] = {}
    for pr in pairs_in:
        trait = as_str(pr.get("property"), "pairs.property")
        if trait not in PAIRED:
            raise ValueError(f"`pairs.property`: {trait[:40]} is not a paired property")
        a, b = _uid(pr.get("a"), "pairs.a"), _uid(pr.get("b"), "pairs.b")
        if a not in animals or b not in animals or a == b:
            raise ValueError(f"a pair needs two different animals, not c{a} and c{b}")
        if "card" in pr:
            card, side = _explicit(pr["card"], "pairs.card")  # type: ignore[misc]
            if side_trait(card, side) != trait:
                raise ValueError(f"card {card}{side} does not show {trait}")
        else:
            card, _ = free_card_with(trait)
        links[card] = Link(card, trait, a, b)
        for uid in (a, b):
            animals[uid].cards.append(card)
            animals[uid].traits.append(trait)
        if as_bool(pr.get("used", False), "pairs.used"):
            turn_used.append(card)
    for x in animals.values():
        recount(x)

    scenario = as_str(pos.get("scenario", "none"), "scenario", ("none", "mutations", "cataclysm"))
    rest = [card for card in range(1, CARD_COUNT + 1) if card not in used]
    listed = list(pos.get("deck", []))
    deck_size = as_int(pos.get("deck_size", len(listed) + len(rest)), "deck_size", 0)
    if deck_size < len(listed) or deck_size > len(listed) + len(rest):
        raise ValueError("`deck_size` does not fit the cards left")
    extra = deck_size - len(listed)
    deck_top_first = listed + rest[:extra]
    leftover = rest[extra:]
    discard = list(pos.get("discard", []))
    box = list(pos.get("box", []))
    if scenario == "cataclysm":
        box += leftover
    else:
        discard += leftover

    habitats = _habitat_row(tables(pos.get("habitats", []), "habitats"))
    hcards = [h.card for h in habitats]
    hdiscard = ints(pos.get("hdiscard", []), "hdiscard", 1, HABITAT_CARDS)
    hlisted = ints(pos.get("hstack", []), "hstack", 1, HABITAT_CARDS)
    placed = sorted(set(hcards)) + hdiscard + hlisted
    if len(set(placed)) != len(placed):
        raise ValueError("a habitat card is placed twice")
    hrest = [c for c in range(1, HABITAT_CARDS + 1) if c not in placed]
    epoch = as_int(pos.get("epoch", 1), "epoch", 1, HABITAT_CARDS)
    length = as_int(pos.get("length", 1 if scenario == "cataclysm" else numbers()["length"]),
                    "length", 1, HABITAT_CARDS)
    default_stack = 0 if scenario == "cataclysm" else max(0, length - epoch)
    hsize = as_int(pos.get("hstack_size", max(len(hlisted), default_stack)), "hstack_size", 0)
    if hsize < len(hlisted) or hsize > len(hlisted) + len(hrest):
        raise ValueError("`hstack_size` does not fit the habitat cards left")
    hstack_top_first = hlisted + hrest[:hsize - len(hlisted)]
    hbox = hrest[hsize - len(hlisted):]

    n = len(players)
    step = as_str(pos.get("step", "develop"), "step", _PHASES)
    first = as_int(pos.get("first", 0), "first", 0, n - 1)
    go = as_int(pos.get("go", first), "go", 0, n - 1)
    at = pos.get("attack")
    attack = None
    if at is not None:
        at = as_table(at, "attack")
        _check_keys("attack", at, {"predator", "prey", "targeted", "stage"})
        prey, predator = _uid(at.get("prey"), "attack.prey"), _uid(at.get("predator"), "attack.predator")
        if predator not in animals or prey not in animals:
            raise ValueError("the attack names an animal that is not on the table")
        attack = Attack(predator, prey,
                        [_uid(u, "attack.targeted") for u in as_list(at.get("targeted", [prey]),
                                                                      "attack.targeted")],
                        animals[predator].owner,
                        as_str(at.get("stage", "defend"), "attack.stage", ("defend", "scavenge", "done")))
    if step in ("defend", "scavenger") and attack is None:
        raise ValueError(f"step {step} needs an attack")
    frames = []
    for f in tables(pos.get("frames", []), "frames"):
        _check_keys("frame", f, {"animal", "habitat", "cards"})
        frames.append(Frame(_uid(f.get("animal"), "frames.animal"),
                            as_str(f.get("habitat"), "frames.habitat"),
                            ints(f.get("cards", []), "frames.cards", 1, CARD_COUNT)))
    if step == "trigger" and not frames:
        raise ValueError("step trigger needs frames")
    if step == "side" and not reveal:
        raise ValueError("step side needs a revealed card")
    target = pos.get("target", 0)
    return NewWorldState(
        seed=seed, rng_count=0, scenario=scenario,
        unlimited=as_bool(pos.get("unlimited_hand", False), "unlimited_hand"), length=length,
        players=players, animals=animals, links=links, deck=deck_top_first[::-1], discard=discard,
        box=box, habitats=habitats, hstack=hstack_top_first[::-1], hdiscard=hdiscard, hbox=hbox,
        epoch=epoch, first=first,
        last=as_bool(pos.get("last", scenario == "cataclysm" or not hstack_top_first), "last"),
        phase=_PHASES[step], step=step, decider=as_int(pos.get("decider", go), "decider", 0, n - 1),
        go=go, turn=as_int(pos.get("turn", 1 if _PHASES[step] == "feed" else 0), "turn", 0, 10**6),
        main_done=as_bool(pos.get("main_done", False), "main_done"),
        extra_done=as_bool(pos.get("extra_done", False), "extra_done"),
        arranged=as_bool(pos.get("arranged", False), "arranged"), turn_used=turn_used,
        rotated=rotated, frames=frames, attack=attack, reveal=reveal,
        target=0 if target == 0 else _uid(target, "target"),
        replace=as_int(pos.get("replace", 0), "replace", 0, CARD_COUNT), next_uid=next_uid,
        winners=ints(pos.get("winners", []), "winners", 0, n - 1),
        fixed_dice=ints(pos.get("fixed_dice", []), "fixed_dice", 1, 6),
    )


def scenario_options(s: NewWorldState) -> dict[str, Any]:
    out: dict[str, Any] = {"scenario": s.scenario, "unlimited_hand": s.unlimited}
    if s.scenario != "cataclysm":
        out["length"] = max(1, min(s.length, HABITAT_CARDS - s.n))
    return out


def facts(s: NewWorldState) -> dict[str, Any]:
    """A flat description of a position for scenario expectations (docs/scenarios.md)."""
    from core.games.newworld.queries import can_take, hungry

    at = s.attack
    out: dict[str, Any] = {
        "step": s.step, "decider": s.decider, "go": s.go, "phase": s.phase, "epoch": s.epoch,
        "first": s.first, "last": s.last, "turn": s.turn, "main_done": s.main_done,
        "extra_done": s.extra_done, "arranged": s.arranged, "deck": len(s.deck),
        "deck_top": s.deck[-1] if s.deck else 0, "discard": len(s.discard),
        "discard_cards": sorted(s.discard), "box": len(s.box), "hstack": len(s.hstack),
        "hdiscard": list(s.hdiscard), "habitats": [f"h{h.key}" for h in s.habitats],
        "winners": list(s.winners), "by_lot": s.by_lot, "rotated": sorted(s.rotated),
        "used": sorted(s.turn_used),
        "frames": [f"c{f.animal}@h{f.habitat}:" + ",".join(str(c) for c in f.cards)
                   for f in s.frames],
        "attack": f"c{at.predator}>c{at.prey}" if at else "",
        "targeted": [f"c{u}" for u in at.targeted] if at else [],
        "reveal": s.reveal, "target": f"c{s.target}" if s.target else "",
        "links": sorted(f"{k.card}:{k.trait}:c{k.a}-c{k.b}" for k in s.links.values()),
    }
    for h in s.habitats:
        out[f"h{h.key}.red"] = h.red
        out[f"h{h.key}.shelter"] = h.shelter
    for i, p in enumerate(s.players):
        k = f"p{i}"
        out[f"{k}.hand"] = sorted(p.hand)
        out[f"{k}.hand_size"] = len(p.hand)
        out[f"{k}.pool"] = list(p.pool)
        out[f"{k}.pool_size"] = len(p.pool)
        out[f"{k}.row"] = [f"c{u}" for u in p.row]
        out[f"{k}.passed"] = p.passed
        out[f"{k}.score"] = p.score
        out[f"{k}.swaps"] = p.swaps
    for u, a in s.animals.items():
        k = f"c{u}"
        out[f"{k}.exists"] = True
        out[f"{k}.owner"] = a.owner
        out[f"{k}.card"] = a.card
        out[f"{k}.properties"] = list(a.traits)
        out[f"{k}.cards"] = list(a.cards)
        out[f"{k}.red"] = a.red
        out[f"{k}.blue"] = a.blue
        out[f"{k}.food"] = a.red + a.blue
        out[f"{k}.fat"] = a.fat
        out[f"{k}.shelter"] = a.shelter
        out[f"{k}.need"] = a.need
        out[f"{k}.fed"] = not hungry(a)
        out[f"{k}.can_take"] = can_take(s, a)
        out[f"{k}.poisoned"] = a.poisoned
        out[f"{k}.slept"] = a.slept
    return out


_STEPS = set(_PHASES)
# The phases a step may be decided in: Превращение places a gene-pool card while feeding.
_STEP_PHASES = {**{step: {phase} for step, phase in _PHASES.items()}, "side": {"develop", "feed"}}


def _check_epochs(s: NewWorldState) -> None:
    """The game lasts `length` epochs, one per habitat card of the stack (§7.3: 1 ≤ K ≤ 20 − P),
    and Катаклизм one, with no stack (§7.5); the stack loses a card each epoch, and only
    Катаклизм puts evolution cards in the box."""
    n = len(s.players)
    if s.scenario == "cataclysm":
        if s.length != 1 or s.epoch != 1 or s.hstack or not s.last:
            raise ValueError(f"Катаклизм is one epoch with no habitat stack, not epoch {s.epoch} of "
                             f"{s.length} with {len(s.hstack)} habitat cards to come (§7.5)")
        return
    if not 1 <= s.length <= HABITAT_CARDS - n:
        raise ValueError(f"a game of {s.length} epochs: 1 to {HABITAT_CARDS - n} with {n} "
                         "players (§7.3)")
    if not 1 <= s.epoch <= s.length:
        raise ValueError(f"epoch {s.epoch} of a game of {s.length} (1..{s.length}, §7.3)")
    if len(s.hstack) > s.length - s.epoch + 1:
        raise ValueError(f"{len(s.hstack)} habitat cards still in the stack in epoch {s.epoch} of "
                         f"{s.length} (one is revealed each epoch, §7.3)")
    if s.box:
        raise ValueError(f"{len(s.box)} evolution cards in the box, which only Катаклизм "
                         "fills (§7.5)")


def _check_marks(s: NewWorldState, a: Animal) -> None:
    """An animal takes food only while it needs it and gives back what a lost need frees
    (NW5, NW35); food, shelter and marks are cleared at E5 and the poisoned die at E1 (NW36)."""
    if a.red + a.blue > a.need:
        raise ValueError(f"c{a.uid} holds {a.red + a.blue} food but needs {a.need} (NW5, NW35)")
    if a.poisoned and s.phase != "feed":
        raise ValueError(f"c{a.uid} is poisoned in phase {s.phase}, but the poisoned die at E1 "
                         "(NW36)")
    if a.slept and s.phase not in ("extinction", "over"):
        raise ValueError(f"c{a.uid} was saved by Спячка, but it is phase {s.phase}")
    if (s.phase == "develop" or s.step == "discard") and (a.red or a.blue or a.shelter):
        raise ValueError(f"c{a.uid} holds food or shelter in phase {s.phase}: the clean-up "
                         "at the end of the epoch clears them (§3.6 E5)")


def check(s: NewWorldState) -> None:
    """Whether `s` is a position a `newworld` game can be in; ValueError (one line) if not.

    Every evolution card (96) and habitat card (20) is in exactly one place; animals, rows and
    owners agree; each property is a side of its card and pairs join neighbours; tokens are
    within the game's limits; the step, the seats, the attack, the pending triggers and a
    revealed card are known and point at what exists (NW1, NW32, NW33)."""
    n = len(s.players)
    seats = range(n)
    if not 2 <= n <= 4:
        raise ValueError(f"{n} players (2 to 4, NW1)")
    if s.scenario not in ("none", "mutations", "cataclysm"):
        raise ValueError(f"unknown scenario '{s.scenario[:40]}'")
    if s.step not in _STEPS and s.step != "":
        raise ValueError(f"unknown step '{s.step[:40]}'")
    if s.step and s.phase not in _STEP_PHASES[s.step]:
        raise ValueError(f"step '{s.step}' in phase '{s.phase[:40]}'")
    if s.step == "over" and (s.attack is not None or s.frames):
        raise ValueError("a finished game with an attack or triggers pending")
    if len(set(s.winners)) != len(s.winners) or (s.step == "over") != bool(s.winners):
        raise ValueError(f"step '{s.step}' with winners {s.winners}")
    if any(not 1 <= d <= 6 for d in s.fixed_dice):
        raise ValueError("a fixed die shows a face other than 1..6")
    if any(p.score < 0 or p.swaps < 0 for p in s.players):
        raise ValueError("a negative score or count of rearrangements")
    if s.scenario != "mutations" and (any(p.pool for p in s.players) or s.reveal):
        raise ValueError("a gene pool or a revealed card outside Случайные мутации")
    for name in ("decider", "go", "first"):
        if getattr(s, name) not in seats:
            raise ValueError(f"{name} is seat {getattr(s, name)}, which does not exist")
    if s.rng_count < 0 or s.next_uid < 1:
        raise ValueError("a negative random counter or animal number")
    _check_epochs(s)
    table = faces()
    places: list[int] = list(s.deck) + list(s.box) + list(s.discard)
    for p in s.players:
        places += p.hand + p.pool
    if s.reveal:
        places.append(s.reveal)
    for uid, a in s.animals.items():
        if uid != a.uid or a.owner not in seats or uid not in s.players[a.owner].row:
            raise ValueError(f"c{uid} is not in its owner's row")
        if uid >= s.next_uid:
            raise ValueError(f"c{uid} is not below the next animal number")
        places.append(a.card)
        if len(a.cards) != len(a.traits) or len(set(a.cards)) != len(a.cards):
            raise ValueError(f"c{uid}: its cards and properties do not match")
        for card, trait in zip(a.cards, a.traits, strict=True):
            if not 1 <= card <= CARD_COUNT or trait not in table[card]:
                raise ValueError(f"c{uid}: card {card} does not show {trait}")
            if trait in PAIRED:
                link = s.links.get(card)
                if link is None or link.trait != trait or uid not in (link.a, link.b):
                    raise ValueError(f"c{uid}: paired card {card} has no link")
            else:
                places.append(card)
        if min(a.red, a.blue, a.fat) < 0 or a.fat > a.traits.count("fat_tissue"):
            raise ValueError(f"c{uid}: tokens out of range")
        need = a.need
        recount(a)
        if a.need != need:
            raise ValueError(f"c{uid}: need {need}, its properties say {a.need}")
        _check_marks(s, a)
    for card, link in s.links.items():
        a, b = s.animals.get(link.a), s.animals.get(link.b)
        if card != link.card or a is None or b is None or a.owner != b.owner or a is b:
            raise ValueError(f"paired card {card} does not join two animals of one owner")
        if card not in a.cards or card not in b.cards:
            raise ValueError(f"paired card {card} is missing under an animal")
        row = s.players[a.owner].row
        if abs(row.index(a.uid) - row.index(b.uid)) != 1:
            raise ValueError(f"paired card {card} joins c{a.uid} and c{b.uid}, not neighbours")
        places.append(card)
    if sorted(places) != list(range(1, CARD_COUNT + 1)):
        raise ValueError("the evolution cards are not each in exactly one place")
    for i, p in enumerate(s.players):
        if len(set(p.row)) != len(p.row) or any(s.animals.get(u) is None or
                                                 s.animals[u].owner != i for u in p.row):
            raise ValueError(f"seat {i}'s row names animals it does not own")
    kinds = habitat_kinds()
    keys = [h.key for h in s.habitats]
    if len(set(keys)) != len(keys):
        raise ValueError("a habitat is open twice")
    for h in s.habitats:
        if not 1 <= h.card <= HABITAT_CARDS or (h.key[len(str(h.card)):], h.kind) not in \
                habitat_cards()[h.card] or not h.key.startswith(str(h.card)):
            raise ValueError(f"h{h.key[:10]} is not a habitat of card {h.card}")
        k = kinds[h.kind]
        if not 0 <= h.shelter <= k.shelter or not 0 <= h.red <= (4 if k.swamp else k.red):
            raise ValueError(f"h{h.key}: tokens out of range")
    hplaces = sorted({h.card for h in s.habitats}) + list(s.hstack) + list(s.hdiscard) + list(s.hbox)
    if sorted(hplaces) != list(range(1, HABITAT_CARDS + 1)):
        raise ValueError("the habitat cards are not each in exactly one place")
    at = s.attack
    defending = at is not None and at.stage == "defend"
    if at is not None and (at.hunter not in seats or (defending and (
            at.predator not in s.animals or at.prey not in s.animals))):
        raise ValueError("the attack names an animal or seat that does not exist")
    if s.step in ("defend", "scavenger") and at is None:
        raise ValueError(f"step {s.step} needs an attack")
    if at is not None and at.stage not in ("defend", "scavenge", "done"):
        raise ValueError(f"an attack at stage '{at.stage[:40]}'")
    if any(not 1 <= card <= CARD_COUNT for card in s.turn_used + s.rotated):  # may be gone since
        raise ValueError("a used or rotated property card that does not exist")
    for f in s.frames:
        if f.animal not in s.animals:
            raise ValueError(f"pending triggers of c{f.animal}, which does not exist")
        if any(not 1 <= card <= CARD_COUNT for card in f.cards):
            raise ValueError(f"pending triggers of c{f.animal} name a card that does not exist")
    if s.target and s.target not in s.animals:
        raise ValueError(f"the target c{s.target} does not exist")
    if not 0 <= s.replace <= CARD_COUNT:
        raise ValueError(f"there is no card {s.replace} to replace")
    if s.step == "trigger" and not s.frames:
        raise ValueError("step trigger needs pending triggers")
    if s.step == "side" and (not s.reveal or s.target not in s.animals):
        raise ValueError("step side needs a revealed card and its animal")
    if s.step == "over" and (not s.winners or any(w not in seats for w in s.winners)):
        raise ValueError("a finished game needs its winner")


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

