"""Positions of `classic` from scenario files, and the facts that scenario steps check
(docs/scenarios.md).

`[position]` keys (all optional but `players`):

    ruleset = "classic" | "v09"   personal_food   five_players   mimicry = "second" | "third"
    single_poisonous
    players = [ { hand = [..], pile = [..] | pile_size = 3, passed, score, fed, reserve,
                  bonus, animals = [ { id = 1, card = 40, properties = ["carnivorous", "41b"],
                  red = 0, blue = 0, fat = 0, hibernating, slept = 0, poisoned, turned,
                  used = ["carnivorous"] } ] }, ... ]
    pairs = [ { property = "cooperation", a = 1, b = 2, card = 73, fired = false } ]
    step = "develop"   turn = 1   first = 0   go = <first>   decider = <go>   last = <rule>
    base = 0   dice = []   idle = 0   acted = false   food_done = false
    attack = { predator = 1, prey = 2, targeted = [2], spent = [..cards], stage = "defend" }
    pending = [ { card = 73, to = 2 } ]
    deck = [..top first]   deck_size = <the rest>   discard = [..] (v0.9 common pile)
    fixed_dice = [..]   (the faces the next dice show)

A property is a property id (the lowest-numbered free card showing it, side as printed) or a
card and side ("41b"; "41" is side a). An animal's face `card` defaults to the lowest free
card. `used` names its properties already used (Хищник, Пиратство, Мимикрия this turn;
Топотун this go); a pair's `fired` marks its card as fired in this go. Cards not placed go to
the deck under the listed ones; beyond `deck_size` they go to the v0.9 common pile, or in
`classic` to the players' own piles in turn (after any `pile_size`).
"""

from __future__ import annotations

from typing import Any

from core.engine.invariants import Invariant
from core.engine.positions import as_bool, as_int, as_list, as_str, as_table, ints, strs, tables
from core.engine.protocol import ScenarioAdapter
from core.games.classic.data import (
    CARD_COUNT,
    CARNIVOROUS,
    GRAZING,
    MIMICRY,
    PAIRED,
    PIRACY,
    extra_food,
    faces,
    properties,
    v09_length,
)
from core.games.classic.fold import recount
from core.games.classic.state import Animal, Attack, ClassicState, Link, Player, Trigger

_POSITION_KEYS = {
    "ruleset", "personal_food", "five_players", "mimicry", "single_poisonous", "players", "pairs",
    "step", "turn", "first", "go", "decider", "last", "base", "dice", "idle", "acted", "food_done",
    "attack", "pending", "deck", "deck_size", "discard", "fixed_dice", "winners", "length",
}
_PLAYER_KEYS = {"hand", "pile", "pile_size", "passed", "score", "fed", "reserve", "bonus",
                "animals"}
_ANIMAL_KEYS = {"id", "card", "properties", "red", "blue", "fat", "hibernating", "slept",
                "poisoned", "turned", "used"}
_PHASES = {"develop": "develop", "feed": "feed", "defend": "feed", "trigger": "feed",
           "scavenger": "feed", "reserve": "extinction", "discard": "extinction", "over": "over"}


def _uid(v: Any, what: str = "id") -> int:
    if isinstance(v, str) and v[:1].lower() == "c" and v[1:].isascii() and v[1:].isdigit():
        v = int(v[1:])
    return as_int(v, what, 1, 10**6)


def _explicit(prop: Any) -> tuple[int, str] | None:
    """"41b" / "41a" / "41" / 41 -> (card, side); a property id -> None."""
    if not isinstance(prop, str):
        return as_int(prop, "property"), "a"
    text = prop.lower()
    if text.isascii() and text.isdigit() and len(text) < 6:
        return int(text), "a"
    if text[:-1].isascii() and text[:-1].isdigit() and len(text) < 7 and text[-1] in "ab":
        return int(text[:-1]), text[-1]
    return None


def _check_keys(what: str, given: dict[str, Any], allowed: set[str]) -> None:
    unknown = set(given) - allowed
    if unknown:
        raise ValueError(f"unknown {what} key(s): {', '.join(sorted(unknown))}")


def scenario_state(pos: dict[str, Any], seed: int = 0) -> ClassicState:
    _check_keys("position", pos, _POSITION_KEYS)
    single = as_bool(pos.get("single_poisonous", False), "single_poisonous")
    table = faces(single)
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
    if not 2 <= len(players_in) <= 5:
        raise ValueError("a position needs `players`: 2 to 5 of them")
    pairs_in = tables(pos.get("pairs", []), "pairs")
    known = set(properties())
    # Explicit cards first, so that properties named by id take only free cards.
    for p in players_in:
        _check_keys("player", p, _PLAYER_KEYS)
        for key in ("hand", "pile"):
            for card in ints(p.get(key, []), key):
                claim(card, key)
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
        _check_keys("pair", pr, {"property", "a", "b", "card", "fired"})
        if "card" in pr:
            ex = _explicit(pr["card"])
            if ex is None:
                raise ValueError(f"a pair's card is a card number, not '{pr['card']}'")
            claim(ex[0], "pairs.card")
    for key in ("deck", "discard"):
        for card in ints(pos.get(key, []), key):
            claim(card, key)

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
    turn_used: list[int] = []
    go_used: list[int] = []
    next_uid = 1
    for seat, p in enumerate(players_in):
        row = []
        for a in p.get("animals", []):
            uid = _uid(a.get("id", next_uid))
            if uid in animals:
                raise ValueError(f"animal c{uid} is defined twice")
            cards, traits = [], []
            for prop in a.get("properties", []):
                ex = _explicit(prop)
                if ex is not None:
                    card, trait = ex[0], side_trait(*ex)
                else:
                    card, _ = free_card_with(str(prop))
                    trait = str(prop)
                if trait in PAIRED:
                    raise ValueError(f"c{uid}: paired properties go in `pairs`")
                cards.append(card)
                traits.append(trait)
            face = a["card"] if "card" in a else free_card()
            animal = Animal(uid, seat, face, cards, traits, as_int(a.get("red", 0), "red", 0, 99),
                            as_int(a.get("blue", 0), "blue", 0, 99), as_int(a.get("fat", 0), "fat", 0, 99),
                            hibernating=as_bool(a.get("hibernating", False), "hibernating"),
                            slept=as_int(a.get("slept", 0), "slept", 0),
                            poisoned=as_bool(a.get("poisoned", False), "poisoned"),
                            turned=as_bool(a.get("turned", False), "turned"))
            animals[uid] = animal
            for trait in strs(a.get("used", []), "used"):
                if trait not in traits:
                    raise ValueError(f"c{uid} has no {trait} to have used")
                card = cards[traits.index(trait)]
                if trait == GRAZING:
                    go_used.append(card)
                elif trait in (CARNIVOROUS, PIRACY, MIMICRY):
                    turn_used.append(card)
            row.append(uid)
            next_uid = max(next_uid, uid + 1)
        players.append(Player(list(p.get("hand", [])), row, list(p.get("pile", [])),
                              as_bool(p.get("passed", False), "passed"),
                              as_int(p.get("score", 0), "score", 0),
                              as_int(p.get("fed", 0), "fed", 0), as_int(p.get("reserve", 0), "reserve", 0),
                              as_int(p.get("bonus", 0), "bonus", 0)))

    links: dict[int, Link] = {}
    for pr in pairs_in:
        trait = as_str(pr.get("property"), "pair property")
        if trait not in PAIRED:
            raise ValueError(f"{trait[:40]} is not a paired property")
        a, b = _uid(pr.get("a"), "pair a"), _uid(pr.get("b"), "pair b")
        if a not in animals or b not in animals or a == b:
            raise ValueError(f"a pair needs two different animals, not c{a} and c{b}")
        if "card" in pr:
            card, side = _explicit(pr["card"])  # type: ignore[misc]
            if side_trait(card, side) != trait:
                raise ValueError(f"card {card}{side} does not show {trait}")
        else:
            card, _ = free_card_with(trait)
        links[card] = Link(card, trait, a, b)
        for uid in (a, b):
            animals[uid].cards.append(card)
            animals[uid].traits.append(trait)
        if as_bool(pr.get("fired", False), "fired"):
            go_used.append(card)
    for a in animals.values():
        recount(a)

    n = len(players)
    rest = [card for card in range(1, CARD_COUNT + 1) if card not in used]
    for p, given in zip(players, players_in, strict=True):
        k = as_int(given.get("pile_size", 0), "pile_size", 0)
        p.pile += rest[:k]
        del rest[:k]
    listed = list(pos.get("deck", []))
    deck_size = as_int(pos.get("deck_size", len(listed) + len(rest)), "deck_size", 0)
    if deck_size < len(listed) or deck_size > len(listed) + len(rest):
        raise ValueError("deck_size does not fit the cards left")
    extra = deck_size - len(listed)
    deck_top_first = listed + rest[:extra]
    leftover = rest[extra:]
    v09 = as_str(pos.get("ruleset", "classic"), "ruleset", ("classic", "v09")) == "v09"
    discard = list(pos.get("discard", []))
    if v09:
        discard += leftover
    else:
        if discard:
            raise ValueError("`discard` is the v0.9 common pile; classic piles are per player")
        for i, card in enumerate(leftover):
            players[i % n].pile.append(card)

    five = as_bool(pos.get("five_players", n == 5), "five_players")
    if n == 5 and not (v09 and five):
        raise ValueError("five players only in v0.9 with five_players (CL2)")
    step = as_str(pos.get("step", "develop"), "step", _PHASES)
    turn = as_int(pos.get("turn", 1), "turn", 1)
    length = as_int(pos.get("length", v09_length(n) if v09 else 0), "length", 0)
    first = as_int(pos.get("first", 0), "first", 0, n - 1)
    go = as_int(pos.get("go", first), "go", 0, n - 1)
    at = pos.get("attack")
    attack = None
    if at is not None:
        at = as_table(at, "attack")
        _check_keys("attack", at, {"predator", "prey", "targeted", "spent", "stage"})
        prey = _uid(at.get("prey"), "attack.prey")
        attack = Attack(_uid(at.get("predator"), "attack.predator"), prey,
                        [_uid(u, "attack.targeted") for u in as_list(at.get("targeted", [prey]), "targeted")],
                        ints(at.get("spent", []), "attack.spent"),
                        as_str(at.get("stage", "defend"), "attack.stage", ("defend", "scavenge", "done")))
        for uid in (attack.predator, attack.prey):
            if uid not in animals and attack.stage == "defend":
                raise ValueError(f"the attack's c{uid} does not exist")
    if step in ("defend", "scavenger") and attack is None:
        raise ValueError(f"step {step} needs an attack")
    pending = [Trigger(as_int(t.get("card"), "pending card"), _uid(t.get("to"), "pending to"))
               for t in tables(pos.get("pending", []), "pending")]
    return ClassicState(
        seed=seed, rng_count=0, v09=v09,
        personal=as_bool(pos.get("personal_food", False), "personal_food"), five=five,
        mimicry3=as_str(pos.get("mimicry", "second"), "mimicry", ("second", "third")) == "third",
        single_poisonous=single, length=length, players=players, animals=animals, links=links,
        deck=deck_top_first[::-1], discard=discard, turn=turn, first=first,
        last=as_bool(pos.get("last", turn == length if v09 else not deck_top_first), "last"),
        phase=_PHASES[step], step=step, decider=as_int(pos.get("decider", go), "decider"), go=go,
        base=as_int(pos.get("base", 0), "base", 0), dice=ints(pos.get("dice", []), "dice", 1, 6),
        idle=as_int(pos.get("idle", 0), "idle", 0),
        acted=as_bool(pos.get("acted", False), "acted"),
        food_done=as_bool(pos.get("food_done", False), "food_done"),
        go_used=go_used, turn_used=turn_used, pending=pending, attack=attack,
        next_uid=next_uid, winners=ints(pos.get("winners", []), "winners"),
        fixed_dice=ints(pos.get("fixed_dice", []), "fixed_dice", 1, 6),
    )


def scenario_options(s: ClassicState) -> dict[str, Any]:
    out: dict[str, Any] = {"ruleset": "v09" if s.v09 else "classic",
                           "mimicry": "third" if s.mimicry3 else "second",
                           "single_poisonous": s.single_poisonous}
    if s.v09:
        out.update(personal_food=s.personal, five_players=s.five)
    return out


def facts(s: ClassicState) -> dict[str, Any]:
    """A flat description of a position for scenario expectations (docs/scenarios.md)."""
    from core.games.classic.queries import fed

    at = s.attack
    out: dict[str, Any] = {
        "step": s.step, "decider": s.decider, "go": s.go, "phase": s.phase, "turn": s.turn,
        "first": s.first, "last": s.last, "base": s.base, "dice": list(s.dice), "idle": s.idle,
        "acted": s.acted, "food_done": s.food_done, "deck": len(s.deck),
        "deck_top": s.deck[-1] if s.deck else 0, "discard": len(s.discard),
        "winners": list(s.winners), "used": sorted(s.turn_used + s.go_used),
        "pending": [f"{t.card}>c{t.to}" for t in s.pending],
        "attack": f"c{at.predator}>c{at.prey}" if at else "",
        "targeted": [f"c{u}" for u in at.targeted] if at else [],
        "links": sorted(f"{k.card}:{k.trait}:c{k.a}-c{k.b}" for k in s.links.values()),
    }
    for i, p in enumerate(s.players):
        k = f"p{i}"
        out[f"{k}.hand"] = sorted(p.hand)
        out[f"{k}.hand_size"] = len(p.hand)
        out[f"{k}.pile"] = len(p.pile)
        out[f"{k}.row"] = [f"c{u}" for u in p.row]
        out[f"{k}.passed"] = p.passed
        out[f"{k}.score"] = p.score
        out[f"{k}.fed"] = p.fed
        out[f"{k}.reserve"] = p.reserve
        out[f"{k}.bonus"] = p.bonus
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
        out[f"{k}.need"] = a.need
        out[f"{k}.fed"] = fed(a)
        out[f"{k}.hibernating"] = a.hibernating
        out[f"{k}.slept"] = a.slept
        out[f"{k}.poisoned"] = a.poisoned
        out[f"{k}.turned"] = a.turned
    return out


_STEPS = frozenset(_PHASES)


def _check_food(s: ClassicState, a: Animal) -> None:
    """Food, Спячка and poison last one feeding phase: the clean-up (X5) clears food and
    Спячка, and the poisoned die at X1 (CL22). An animal takes food only while hungry (§4.1,
    CL11), so it holds no more than it needs — unless Отбрасывание хвоста took a property that
    raised its need after it was fed (CL16; at most one per attack, and each attack is in
    `turn_used`)."""
    feeding = s.phase == "feed"
    if a.poisoned and not feeding:
        raise ValueError(f"c{a.uid} is poisoned in phase {s.phase}, but the poisoned die at the "
                         "end of feeding (CL22)")
    if not feeding and s.step != "reserve":
        if a.red or a.blue or a.hibernating:
            raise ValueError(f"c{a.uid} holds {a.red} red and {a.blue} blue food"
                             f"{' and hibernates' if a.hibernating else ''} in phase {s.phase}: "
                             "the clean-up after feeding clears them")
        return
    most = a.need + max(extra_food().values()) * len(s.turn_used)
    if a.red + a.blue > most:
        raise ValueError(f"c{a.uid} holds {a.red + a.blue} food but needs {a.need}: an animal "
                         "takes food only while it is hungry (§4.1)")


def check(s: ClassicState) -> None:
    """Whether `s` is a position a `classic` game can be in; ValueError (one line) if not.

    Every card 1..84 is in exactly one place (a paired card on both its animals and in the
    pair); animals, rows, owners and pairs agree; every property shows on its card; steps and
    phases fit together; tokens, fat and counts are within the game's; the attack's animals
    exist; the seats named exist."""
    n = len(s.players)
    seats = range(n)
    if not 2 <= n <= 5 or (n == 5 and not (s.v09 and s.five)):
        raise ValueError(f"{n} players (2 to 4; five only in v0.9 with five_players)")
    if (s.personal or s.five) and not s.v09:
        raise ValueError("personal food and five players are v0.9 options")
    if (s.length < 1) if s.v09 else (s.length != 0):
        raise ValueError(f"a game of {s.length} turns")
    if s.step not in _STEPS or _PHASES[s.step] != s.phase:
        raise ValueError(f"step '{s.step[:40]}' in phase '{s.phase[:40]}'")
    over = s.step == "over"
    for name in ("first", "go", "decider"):
        if getattr(s, name) not in seats:
            raise ValueError(f"{name} is seat {getattr(s, name)}, which does not exist")
    if s.turn < 1 or (s.v09 and s.turn > s.length):
        raise ValueError(f"turn {s.turn}")
    if s.base < 0 or any(not 1 <= d <= 6 for d in s.dice + s.fixed_dice) or not 0 <= s.idle <= n:
        raise ValueError("the food base, its dice or the idle goes do not fit")
    if s.rng_count < 0 or s.next_uid < 1:
        raise ValueError("a negative random counter or animal number")
    if over != bool(s.winners) or any(w not in seats for w in s.winners) or \
            len(set(s.winners)) != len(s.winners):
        raise ValueError(f"step '{s.step}' with winners {s.winners}")
    table = faces(s.single_poisonous)
    places: dict[int, str] = {}

    def put(card: int, where: str) -> None:
        if not 1 <= card <= CARD_COUNT:
            raise ValueError(f"there is no card {card} ({where})")
        if card in places:
            raise ValueError(f"card {card} is both {places[card]} and {where}")
        places[card] = where

    in_rows: dict[int, int] = {}
    for i, p in enumerate(s.players):
        for card in p.hand:
            put(card, f"in seat {i}'s hand")
        for card in p.pile:
            put(card, f"in seat {i}'s pile")
        if p.pile and s.v09:
            raise ValueError("v0.9 has a common discard pile, not one per player")
        if min(p.score, p.fed, p.reserve, p.bonus) < 0 or (p.reserve and not s.personal):
            raise ValueError(f"seat {i}'s score, fed animals, reserve or bonus do not fit")
        for uid in p.row:
            if uid in in_rows:
                raise ValueError(f"c{uid} is in two places in the rows")
            in_rows[uid] = i
    for card in s.deck:
        put(card, "in the deck")
    if s.discard and not s.v09:
        raise ValueError("`classic` discards go to the players' piles")
    for card in s.discard:
        put(card, "in the discard pile")
    for card, link in s.links.items():
        if link.card != card or link.trait not in PAIRED or link.a == link.b or \
                link.a not in s.animals or link.b not in s.animals:
            raise ValueError(f"the pair on card {card} does not fit")
        if s.animals[link.a].owner != s.animals[link.b].owner:
            raise ValueError(f"the {link.trait} pair on card {card} joins c{link.a} and c{link.b} "
                             "of two players (a pair joins two animals of one owner, CL5)")
        put(card, f"joining c{link.a} and c{link.b}")
        if link.trait not in table[card]:
            raise ValueError(f"card {card} does not show {link.trait}")
    for uid, a in s.animals.items():
        if a.uid != uid or not 1 <= uid < s.next_uid:
            raise ValueError(f"animal c{uid} is numbered {a.uid} (next {s.next_uid})")
        if in_rows.get(uid) != a.owner:
            raise ValueError(f"c{uid} of seat {a.owner} is not in that seat's row")
        put(a.card, f"c{uid}'s face")
        if len(a.cards) != len(a.traits) or len(set(a.cards)) != len(a.cards):
            raise ValueError(f"c{uid}'s properties do not fit its cards")
        for card, trait in zip(a.cards, a.traits, strict=True):
            if trait in PAIRED:
                link = s.links.get(card)
                if link is None or link.trait != trait or uid not in (link.a, link.b):
                    raise ValueError(f"c{uid}'s {trait} on card {card} joins nothing")
            else:
                put(card, f"under c{uid}")
                if not 1 <= card <= CARD_COUNT or trait not in table[card]:
                    raise ValueError(f"card {card} under c{uid} does not show {trait[:40]}")
        if min(a.red, a.blue, a.fat, a.slept) < 0 or a.slept > s.turn:
            raise ValueError(f"c{uid}'s tokens do not fit")
        _check_food(s, a)
        probe = Animal(uid, a.owner, a.card, a.cards[:], a.traits[:], fat=a.fat)
        try:
            recount(probe)
        except ValueError as exc:
            raise ValueError(str(exc)) from None
        if (probe.need, probe.fat_cards) != (a.need, a.fat_cards):
            raise ValueError(f"c{uid} needs {a.need} food with {a.fat_cards} fat cards; its "
                             f"properties say {probe.need} and {probe.fat_cards}")
    for card, link in s.links.items():
        for uid in (link.a, link.b):
            if card not in s.animals[uid].cards:
                raise ValueError(f"the pair on card {card} is not on c{uid}")
    for uid in in_rows:
        if uid not in s.animals:
            raise ValueError(f"c{uid} is in a row but does not exist")
    if len(places) != CARD_COUNT:
        missing = min(set(range(1, CARD_COUNT + 1)) - set(places))
        raise ValueError(f"card {missing} is nowhere")
    if any(not 1 <= c <= CARD_COUNT for c in s.go_used + s.turn_used):
        raise ValueError("a used card that does not exist")
    for t in s.pending:
        if t.card not in s.links or t.to not in s.animals:
            raise ValueError(f"a pending trigger of card {t.card} for c{t.to}")
    at = s.attack
    if at is not None:
        if at.stage not in ("defend", "scavenge", "done") or at.predator not in s.animals:
            raise ValueError(f"an attack by c{at.predator} at stage '{at.stage[:40]}'")
        if at.stage == "defend" and (at.prey not in s.animals or at.prey == at.predator):
            raise ValueError(f"the attack's prey c{at.prey} does not exist")
        if any(not 1 <= c <= CARD_COUNT for c in at.spent):
            raise ValueError("a spent defence card that does not exist")
    if over:
        return
    if s.step == "defend" and (at is None or at.stage != "defend"):
        raise ValueError("step defend without an attack to defend from")
    if s.step == "scavenger" and (at is None or at.stage != "scavenge"):
        raise ValueError("step scavenger without an eaten animal")
    if s.step == "trigger" and not s.pending:
        raise ValueError("step trigger without pending triggers")
    if (s.step == "discard" and not s.v09) or (s.step == "reserve" and not s.personal):
        raise ValueError(f"step {s.step} is in v0.9 only (discard), with personal food (reserve)")
    if s.step in ("develop", "reserve", "discard") and at is not None:
        raise ValueError(f"an attack during step {s.step}")


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
