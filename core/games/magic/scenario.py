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

from core.engine.protocol import ScenarioAdapter
from core.games.magic.data import CARD_COUNT, cards, sources
from core.games.magic.state import SEEN_BY_ALL, Attack, Creature, MagicState, Player

_POSITION_KEYS = {
    "players", "step", "turn", "decider", "round", "first", "active", "used", "copied",
    "sleep_pending", "attack", "source", "lower", "upper", "cycle", "deck", "deck_size",
    "discard", "variant", "solo", "choices", "winner",
}
_CREATURE_KEYS = {"id", "card", "energy", "asleep", "roused", "properties"}
_PLAYER_KEYS = {"hand", "tokens", "shade", "creatures"}


def _uid(v: Any) -> int:
    if isinstance(v, str) and v.lower().startswith("c"):
        v = v[1:]
    return int(v)


def scenario_state(pos: dict[str, Any], seed: int = 0) -> MagicState:
    unknown = set(pos) - _POSITION_KEYS
    if unknown:
        raise ValueError(f"unknown position key(s): {', '.join(sorted(unknown))}")
    used: set[int] = set()

    def claim(card: int) -> int:
        if not 1 <= card <= CARD_COUNT:
            raise ValueError(f"there is no card {card}")
        if card in used:
            raise ValueError(f"card {card} is placed twice")
        used.add(card)
        return card

    # Explicit cards first, so that properties named by id take only free cards.
    players_in = pos.get("players") or []
    if not players_in:
        raise ValueError("a position needs `players`")
    for p in players_in:
        if set(p) - _PLAYER_KEYS:
            raise ValueError(f"unknown player key(s): {', '.join(sorted(set(p) - _PLAYER_KEYS))}")
        for card in p.get("hand", []):
            claim(card)
        for c in p.get("creatures", []):
            if set(c) - _CREATURE_KEYS:
                raise ValueError(f"unknown creature key(s): {', '.join(sorted(set(c) - _CREATURE_KEYS))}")
            if "card" in c:
                claim(c["card"])
            for prop in c.get("properties", []):
                if isinstance(prop, str) and prop[:-1].isdigit() and prop[-1] in "AB":
                    claim(int(prop[:-1]))
    for card in pos.get("deck", []) + pos.get("discard", []):
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
        for c in p.get("creatures", []):
            uid = _uid(c.get("id", next_uid))
            if uid in creatures:
                raise ValueError(f"creature c{uid} is defined twice")
            card_ids, traits = [], []
            for prop in c.get("properties", []):
                if isinstance(prop, str) and prop[:-1].isdigit() and prop[-1] in "AB":
                    card = int(prop[:-1])
                    trait = cards()[card][0 if prop[-1] == "A" else 1]
                else:
                    trait = prop
                    card = free_card_with(trait)
                if trait in traits:
                    raise ValueError(f"c{uid} would have {trait} twice")
                card_ids.append(card)
                traits.append(trait)
            face = c["card"] if "card" in c else free_card()
            energy = int(c.get("energy", 0))
            if not 0 <= energy <= 4:
                raise ValueError(f"c{uid} energy must be 0..4")
            creatures[uid] = Creature(uid, seat, face, energy, bool(c.get("asleep", False)),
                                      bool(c.get("roused", False)), card_ids, traits)
            row.append(uid)
            next_uid = max(next_uid, uid + 1)
        players.append(Player(list(p.get("hand", [])), row, int(p.get("tokens", 0)),
                              bool(p.get("shade", False))))

    rest = [card for card in range(1, CARD_COUNT + 1) if card not in used]
    listed = list(pos.get("deck", []))
    deck_size = int(pos.get("deck_size", len(listed) + len(rest)))
    if deck_size < len(listed):
        raise ValueError("deck_size is smaller than the listed deck")
    extra = deck_size - len(listed)
    deck_top_first = listed + rest[:extra]
    discard = list(pos.get("discard", [])) + rest[extra:]

    n = len(players)
    solo = bool(pos.get("solo", False))
    column = 2 if solo else n
    if column not in (2, 3, 4):
        raise ValueError("2 to 4 players")
    shades = [i for i, p in enumerate(players) if p.shade]
    if solo and (n != 2 or shades != [1]):  # MC-R39: the human, then the Shade
        raise ValueError("a solo position has two players, the second with shade = true")
    if not solo and shades:
        raise ValueError("shade = true needs solo = true")
    source = pos.get("source", "lantern_tree")
    if source not in sources():
        raise ValueError(f"unknown source {source}")
    cycle = list(pos.get("cycle", [source, *sorted(set(sources()) - {source})]))
    if sorted(cycle) != sorted(sources()) or cycle[0] != source:
        raise ValueError("cycle must list all 10 sources, starting with the current one")
    src = sources()[source]
    turn = int(pos.get("turn", 0))
    attack = pos.get("attack")
    active = _uid(pos["active"]) if "active" in pos else 0
    if active and active not in creatures:
        raise ValueError(f"active creature c{active} does not exist")
    step = pos.get("step", "create")
    if step in ("effects", "action", "voracious", "molt", "burn") and not active:
        raise ValueError(f"step {step} needs an active creature")
    choices = list(pos.get("choices", range(1, 8) if solo else []))
    return MagicState(
        seed=seed, rng_count=0, win_at=4 if pos.get("variant") == "quartet" else 3, solo=solo,
        players=players, creatures=creatures, deck=deck_top_first[::-1], discard=discard,
        discard_seen=[SEEN_BY_ALL] * len(discard), cycle=cycle, reveals=1, source=source,
        lower=int(pos.get("lower", src.lower[column])), upper=int(pos.get("upper", src.upper)),
        round=int(pos.get("round", 1)), first=int(pos.get("first", 0)), turn=turn, step=step,
        decider=int(pos.get("decider", turn)), active=active, used=list(pos.get("used", [])),
        copied=list(pos.get("copied", [])), sleep_pending=bool(pos.get("sleep_pending", False)),
        attack=None if attack is None else Attack(_uid(attack["target"]), list(attack["props"]),
                                                  int(attack.get("next", 0))),
        next_uid=next_uid, winner=int(pos.get("winner", -1)), choices=choices[::-1],
    )


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


SCENARIO = ScenarioAdapter(state=scenario_state, options=scenario_options, facts=facts)
