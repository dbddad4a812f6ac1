"""Positions of `magic` from scenario files, and the facts that scenario steps check
(docs/scenarios.md). Whether a position is possible is for the invariants (invariants.py).

A property is written as a card and half ("12B") or as a property id, which takes the
lowest-numbered card not used elsewhere that shows it. A creature's face `card` defaults to
the lowest unused card. Cards not placed go to the deck under the listed ones (ascending),
except beyond `deck_size`, which go to the discard pile.
"""

# No `from __future__ import annotations`: msgspec reads these annotations as types.

from collections.abc import Collection
from typing import Annotated, Literal

import msgspec

from core.engine.positions import uid
from core.engine.protocol import Facts, Options, ScenarioAdapter
from core.games.magic.data import ATTACKING, CARD_COUNT, cards, properties, sources
from core.games.magic.state import SEEN_BY_ALL, STEPS, Attack, Creature, MagicState, Player

Number = Annotated[int, msgspec.Meta(ge=0, le=10**6)]
Uid = int | str  # 3 or "c3"


class CreatureAt(msgspec.Struct, forbid_unknown_fields=True):
    id: Uid | None = None  # default: the next number
    card: int | None = None  # its face; default: the lowest free card
    energy: Annotated[int, msgspec.Meta(ge=0, le=4)] = 0
    asleep: bool = False
    roused: bool = False
    properties: list[str] = []  # oldest first: "12B" or a property id


class PlayerAt(msgspec.Struct, forbid_unknown_fields=True):
    hand: list[int] = []
    tokens: Number = 0
    shade: bool = False  # the solo mode's second seat
    creatures: list[CreatureAt] = []


class AttackAt(msgspec.Struct, forbid_unknown_fields=True):
    target: Uid
    props: list[Literal[ATTACKING]] = []  # type: ignore[valid-type]
    next: Number = 0


class Position(msgspec.Struct, forbid_unknown_fields=True):
    players: list[PlayerAt]
    step: Literal[(*STEPS, "")] = "create"  # type: ignore[valid-type]  # "": none (impossible)
    turn: Number = 0
    decider: Number | None = None  # default: `turn`
    round: Annotated[int, msgspec.Meta(ge=1, le=10**6)] = 1
    first: Number = 0
    active: Uid | None = None
    used: list[str] = []
    copied: list[str] = []
    sleep_pending: bool = False
    attack: AttackAt | None = None
    source: str = "lantern_tree"
    lower: Number | None = None  # default: the source's, for the number of seats
    upper: Number | None = None
    cycle: list[str] | None = None  # default: `source`, then the others sorted
    deck: list[int] = []  # top first
    deck_size: Number | None = None  # default: every card not placed
    discard: list[int] = []
    variant: Literal["standard", "quartet"] = "standard"
    solo: bool = False
    choices: list[Annotated[int, msgspec.Meta(ge=1, le=7)]] | None = None  # top first
    winner: Annotated[int, msgspec.Meta(ge=-1, le=99)] = -1


def _explicit(prop: str) -> tuple[int, str] | None:
    """"12B" -> (12, "B"); a property id -> None."""
    if prop[:-1].isascii() and prop[:-1].isdigit() and prop[-1:] in ("A", "B"):
        return int(prop[:-1]), prop[-1]
    return None


def _known(value: str, what: str, allowed: Collection[str]) -> str:
    if value not in allowed:
        raise ValueError(f"`{what}` is '{value[:40]}', not one of {', '.join(sorted(allowed))}")
    return value


class _Cards:
    """The cards a position places, each once: named ones first, then the free ones asked for."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def claim(self, card: int) -> int:
        if not 1 <= card <= CARD_COUNT:
            raise ValueError(f"there is no card {card}")
        if card in self.used:
            raise ValueError(f"card {card} is placed twice")
        self.used.add(card)
        return card

    def showing(self, trait: str) -> int:
        for card, (a, b) in sorted(cards().items()):
            if card not in self.used and trait in (a, b):
                return self.claim(card)
        raise ValueError(f"no free card shows {trait}")

    def any(self) -> int:
        for card in range(1, CARD_COUNT + 1):
            if card not in self.used:
                return self.claim(card)
        raise ValueError("no free card left for a creature")

    def rest(self) -> list[int]:
        return [card for card in range(1, CARD_COUNT + 1) if card not in self.used]


def build(pos: Position, seed: int = 0) -> MagicState:
    deck = _Cards()
    # Explicit cards first, so that properties named by id take only free cards.
    for p in pos.players:
        for card in p.hand:
            deck.claim(card)
        for c in p.creatures:
            if c.card is not None:
                deck.claim(c.card)
            for prop in c.properties:
                ex = _explicit(prop)
                if ex is not None:
                    deck.claim(ex[0])
                elif prop not in properties():
                    raise ValueError(f"unknown property '{prop[:40]}'")
    for card in pos.deck + pos.discard:
        deck.claim(card)
    players, creatures, next_uid = _rows(pos, deck)
    rest = deck.rest()
    deck_size = len(pos.deck) + len(rest) if pos.deck_size is None else pos.deck_size
    if deck_size < len(pos.deck):
        raise ValueError("deck_size is smaller than the listed deck")
    extra = deck_size - len(pos.deck)
    discard = pos.discard + rest[extra:]
    n = len(players)
    column = 2 if pos.solo else n
    if column not in (2, 3, 4):
        raise ValueError("2 to 4 players")
    source = _known(pos.source, "source", sources())
    cycle = [source, *sorted(set(sources()) - {source})] if pos.cycle is None else pos.cycle
    if sorted(cycle) != sorted(sources()) or cycle[0] != source:
        raise ValueError("cycle must list all 10 sources, starting with the current one")
    src = sources()[source]
    active = 0 if pos.active is None else uid(pos.active, "active")
    if active and active not in creatures:
        raise ValueError(f"active creature c{active} does not exist")
    at = pos.attack
    choices = list(range(1, 8)) if pos.choices is None and pos.solo else pos.choices or []
    return MagicState(
        seed=seed, rng_count=0, win_at=4 if pos.variant == "quartet" else 3, solo=pos.solo,
        players=players, creatures=creatures, deck=(pos.deck + rest[:extra])[::-1],
        discard=discard, discard_seen=[SEEN_BY_ALL] * len(discard), cycle=cycle, reveals=1,
        source=source, lower=src.lower[column] if pos.lower is None else pos.lower,
        upper=src.upper if pos.upper is None else pos.upper, round=pos.round, first=pos.first,
        turn=pos.turn, step=pos.step, decider=pos.turn if pos.decider is None else pos.decider,
        active=active, used=[_known(t, "used", properties()) for t in pos.used],
        copied=[_known(t, "copied", properties()) for t in pos.copied],
        sleep_pending=pos.sleep_pending,
        attack=None if at is None else Attack(uid(at.target, "attack.target"), list(at.props), at.next),
        next_uid=next_uid, winner=pos.winner, choices=choices[::-1],
    )


def _rows(pos: Position, deck: _Cards) -> tuple[list[Player], dict[int, Creature], int]:
    """Every seat's hand and creatures, the properties named by id taking free cards."""
    players: list[Player] = []
    creatures: dict[int, Creature] = {}
    next_uid = 1
    for seat, p in enumerate(pos.players):
        row = []
        for j, c in enumerate(p.creatures):
            number = uid(next_uid if c.id is None else c.id, f"players[{seat}].creatures[{j}].id")
            if number in creatures:
                raise ValueError(f"creature c{number} is defined twice")
            card_ids, traits = [], []
            for prop in c.properties:
                ex = _explicit(prop)
                card, trait = (ex[0], cards()[ex[0]][0 if ex[1] == "A" else 1]) if ex else \
                    (deck.showing(prop), prop)
                if trait in traits:
                    raise ValueError(f"c{number} would have {trait} twice")
                card_ids.append(card)
                traits.append(trait)
            face = deck.any() if c.card is None else c.card
            creatures[number] = Creature(number, seat, face, c.energy, c.asleep, c.roused,
                                         card_ids, traits)
            row.append(number)
            next_uid = max(next_uid, number + 1)
        players.append(Player(list(p.hand), row, p.tokens, p.shade))
    return players, creatures, next_uid


def scenario_options(s: MagicState) -> Options:
    return {"variant": "quartet" if s.win_at == 4 else "standard", "solo": s.solo}


def facts(s: MagicState) -> Facts:
    """A flat description of a position for scenario expectations (docs/scenarios.md)."""
    out: Facts = {
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


SCENARIO = ScenarioAdapter(schema=Position, build=build, options=scenario_options, facts=facts)
