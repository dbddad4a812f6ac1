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

from core.engine.protocol import ScenarioAdapter
from core.games.classic.data import (
    CARD_COUNT,
    CARNIVOROUS,
    GRAZING,
    MIMICRY,
    PAIRED,
    PIRACY,
    faces,
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


def _uid(v: Any) -> int:
    if isinstance(v, str) and v.lower().startswith("c"):
        v = v[1:]
    return int(v)


def _explicit(prop: Any) -> tuple[int, str] | None:
    """"41b" / "41a" / "41" / 41 -> (card, side); a property id -> None."""
    if isinstance(prop, int):
        return prop, "a"
    text = str(prop).lower()
    if text.isdigit():
        return int(text), "a"
    if text[:-1].isdigit() and text[-1] in "ab":
        return int(text[:-1]), text[-1]
    return None


def _check_keys(what: str, given: dict[str, Any], allowed: set[str]) -> None:
    unknown = set(given) - allowed
    if unknown:
        raise ValueError(f"unknown {what} key(s): {', '.join(sorted(unknown))}")


def scenario_state(pos: dict[str, Any], seed: int = 0) -> ClassicState:
    _check_keys("position", pos, _POSITION_KEYS)
    single = bool(pos.get("single_poisonous", False))
    table = faces(single)
    used: set[int] = set()

    def claim(card: int) -> int:
        if not 1 <= card <= CARD_COUNT:
            raise ValueError(f"there is no card {card}")
        if card in used:
            raise ValueError(f"card {card} is placed twice")
        used.add(card)
        return card

    def side_trait(card: int, side: str) -> str:
        face = table[card]
        if side == "b" and len(face) < 2:
            raise ValueError(f"card {card} has no side b")
        return face[0 if side == "a" else 1]

    players_in = pos.get("players") or []
    if not 2 <= len(players_in) <= 5:
        raise ValueError("a position needs `players`: 2 to 5 of them")
    pairs_in = list(pos.get("pairs", []))
    # Explicit cards first, so that properties named by id take only free cards.
    for p in players_in:
        _check_keys("player", p, _PLAYER_KEYS)
        for card in p.get("hand", []) + p.get("pile", []):
            claim(card)
        for a in p.get("animals", []):
            _check_keys("animal", a, _ANIMAL_KEYS)
            if "card" in a:
                claim(a["card"])
            for prop in a.get("properties", []):
                ex = _explicit(prop)
                if ex is not None:
                    claim(ex[0])
    for pr in pairs_in:
        if "card" in pr:
            claim(_explicit(pr["card"])[0])  # type: ignore[index]
    for card in pos.get("deck", []) + pos.get("discard", []):
        claim(card)

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
            animal = Animal(uid, seat, face, cards, traits, int(a.get("red", 0)),
                            int(a.get("blue", 0)), int(a.get("fat", 0)),
                            hibernating=bool(a.get("hibernating", False)),
                            slept=int(a.get("slept", 0)), poisoned=bool(a.get("poisoned", False)),
                            turned=bool(a.get("turned", False)))
            animals[uid] = animal
            for trait in a.get("used", []):
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
                              bool(p.get("passed", False)), int(p.get("score", 0)),
                              int(p.get("fed", 0)), int(p.get("reserve", 0)),
                              int(p.get("bonus", 0))))

    links: dict[int, Link] = {}
    for pr in pairs_in:
        trait = str(pr["property"])
        if trait not in PAIRED:
            raise ValueError(f"{trait} is not a paired property")
        a, b = _uid(pr["a"]), _uid(pr["b"])
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
        if pr.get("fired", False):
            go_used.append(card)
    for a in animals.values():
        recount(a)

    n = len(players)
    rest = [card for card in range(1, CARD_COUNT + 1) if card not in used]
    for p, given in zip(players, players_in, strict=True):
        k = int(given.get("pile_size", 0))
        p.pile += rest[:k]
        del rest[:k]
    listed = list(pos.get("deck", []))
    deck_size = int(pos.get("deck_size", len(listed) + len(rest)))
    if deck_size < len(listed) or deck_size > len(listed) + len(rest):
        raise ValueError("deck_size does not fit the cards left")
    extra = deck_size - len(listed)
    deck_top_first = listed + rest[:extra]
    leftover = rest[extra:]
    v09 = pos.get("ruleset", "classic") == "v09"
    discard = list(pos.get("discard", []))
    if v09:
        discard += leftover
    else:
        if discard:
            raise ValueError("`discard` is the v0.9 common pile; classic piles are per player")
        for i, card in enumerate(leftover):
            players[i % n].pile.append(card)

    five = bool(pos.get("five_players", n == 5))
    if n == 5 and not (v09 and five):
        raise ValueError("five players only in v0.9 with five_players (CL2)")
    step = str(pos.get("step", "develop"))
    if step not in _PHASES:
        raise ValueError(f"unknown step {step}")
    turn = int(pos.get("turn", 1))
    length = int(pos.get("length", v09_length(n) if v09 else 0))
    first = int(pos.get("first", 0))
    go = int(pos.get("go", first))
    at = pos.get("attack")
    attack = None
    if at is not None:
        prey = _uid(at["prey"])
        attack = Attack(_uid(at["predator"]), prey,
                        [_uid(u) for u in at.get("targeted", [prey])], list(at.get("spent", [])),
                        str(at.get("stage", "defend")))
    if step in ("defend", "scavenger") and attack is None:
        raise ValueError(f"step {step} needs an attack")
    pending = [Trigger(int(t["card"]), _uid(t["to"])) for t in pos.get("pending", [])]
    return ClassicState(
        seed=seed, rng_count=0, v09=v09, personal=bool(pos.get("personal_food", False)),
        five=five, mimicry3=pos.get("mimicry", "second") == "third", single_poisonous=single,
        length=length, players=players, animals=animals, links=links,
        deck=deck_top_first[::-1], discard=discard, turn=turn, first=first,
        last=bool(pos.get("last", turn == length if v09 else not deck_top_first)),
        phase=_PHASES[step], step=step, decider=int(pos.get("decider", go)), go=go,
        base=int(pos.get("base", 0)), dice=list(pos.get("dice", [])), idle=int(pos.get("idle", 0)),
        acted=bool(pos.get("acted", False)), food_done=bool(pos.get("food_done", False)),
        go_used=go_used, turn_used=turn_used, pending=pending, attack=attack,
        next_uid=next_uid, winners=list(pos.get("winners", [])),
        fixed_dice=list(pos.get("fixed_dice", [])),
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


SCENARIO = ScenarioAdapter(state=scenario_state, options=scenario_options, facts=facts)
