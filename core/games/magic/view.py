"""What one seat may see of a `magic` game (spec §9, contract 6), and sampling the rest.

A seat sees its own hand and the faces of its own creatures; everyone sees properties,
energy, sleep markers, tokens, the source and the sources revealed so far, and the sizes of
hands, deck and discard. `viewer=None` is the omniscient view.
"""

from __future__ import annotations

import random

import msgspec

from core.engine.draws import shuffle
from core.engine.unseen import Unseen
from core.games.magic.data import CARD_COUNT, sources
from core.games.magic.state import (
    SEEN_BY_ALL,
    SEEN_BY_NONE,
    Attack,
    Creature,
    MagicState,
    Player,
)


class CreatureView(msgspec.Struct, frozen=True):
    uid: int
    owner: int
    card: int | None  # the face, for its owner (and the omniscient view) only
    energy: int
    asleep: bool
    roused: bool
    cards: list[int]
    traits: list[str]


class PlayerView(msgspec.Struct, frozen=True):
    hand_size: int
    hand: list[int] | None  # the viewer's own hand only
    row: list[int]
    tokens: int
    shade: bool
    goal: int  # transmutations this seat needs to win: 3, 4 in Квартет, 1 for the Shade


class MagicView(msgspec.Struct, frozen=True):
    viewer: int | None
    win_at: int
    solo: bool
    players: list[PlayerView]
    creatures: dict[int, CreatureView]
    deck_size: int
    discard_size: int
    discard_known: list[int]  # cards the viewer knows to be in the discard pile
    sources_seen: list[str]  # the energy deck as far as it has been revealed, in order
    reveals: int  # sources revealed so far; the next comes from position reveals % 10
    source: str
    lower: int
    upper: int
    round: int
    first: int
    turn: int
    step: str
    decider: int
    active: int
    used: list[str]
    copied: list[str]
    sleep_pending: bool
    attack: Attack | None
    next_uid: int
    winner: int
    choices_left: int
    choices_shown: list[int]

    @property
    def n(self) -> int:
        """The number of seats, as on the state: the pure queries read a view like a state."""
        return len(self.players)


def goal(s: MagicState, seat: int) -> int:
    """Transmutation tokens that win: 1 for the Shade (MC-R39), else 3 or 4 (MC-R51)."""
    return 1 if s.players[seat].shade else s.win_at


def view(s: MagicState, viewer: int | None) -> MagicView:
    def sees(seat: int) -> bool:
        return viewer is None or viewer == seat

    creatures = {
        u: CreatureView(u, c.owner, c.card if sees(c.owner) and not (
            viewer is not None and s.players[c.owner].shade) else None,
            c.energy, c.asleep, c.roused, c.cards[:], c.traits[:])
        for u, c in s.creatures.items()
    }
    players = [
        PlayerView(len(p.hand), p.hand[:] if sees(i) else None, p.row[:], p.tokens, p.shade,
                   goal(s, i))
        for i, p in enumerate(s.players)
    ]
    known = sorted(card for card, who in zip(s.discard, s.discard_seen, strict=True)
                   if viewer is None or who in (SEEN_BY_ALL, viewer))
    return MagicView(
        viewer, s.win_at, s.solo, players, creatures, len(s.deck), len(s.discard), known,
        s.cycle[:min(s.reveals, len(s.cycle))], s.reveals, s.source, s.lower, s.upper,
        s.round, s.first, s.turn, s.step, s.decider, s.active, s.used[:], s.copied[:],
        s.sleep_pending, s.attack, s.next_uid, s.winner, len(s.choices), s.choices_shown[:],
    )


def determinize(v: MagicView, rng: random.Random) -> MagicState:
    """A full state consistent with the view: hidden cards and orders sampled with `rng`."""
    bits = rng.getrandbits  # `rng.shuffle`'s order (core.engine.draws), compiled
    known: set[int] = set(v.discard_known)
    for c in v.creatures.values():
        known.update(c.cards)
        if c.card is not None:
            known.add(c.card)
    for p in v.players:
        if p.hand is not None:
            known.update(p.hand)
    unseen = Unseen(CARD_COUNT, known, rng)
    take = unseen.take
    players = [Player(p.hand[:] if p.hand is not None else take(p.hand_size), p.row[:],
                      p.tokens, p.shade) for p in v.players]
    creatures = {
        u: Creature(u, c.owner, c.card if c.card is not None else take(1)[0], c.energy,
                    c.asleep, c.roused, c.cards[:], c.traits[:])
        for u, c in v.creatures.items()
    }
    # Known discards stay known to this seat; the sampled ones are known to nobody.
    discard = v.discard_known + take(v.discard_size - len(v.discard_known))
    seen = [SEEN_BY_ALL] * len(v.discard_known) + [SEEN_BY_NONE] * (len(discard) - len(v.discard_known))
    order = list(range(len(discard)))
    shuffle(bits, order)
    deck = take(v.deck_size)
    if unseen.cards:
        raise ValueError("the view's counts do not add up to the deck")
    unseen_sources = [sid for sid in sorted(sources()) if sid not in v.sources_seen]
    shuffle(bits, unseen_sources)
    choices = list(range(1, 8))
    for shown in v.choices_shown:
        choices.remove(shown)
    shuffle(bits, choices)
    return MagicState(
        seed=rng.randrange(2**31), rng_count=0, win_at=v.win_at, solo=v.solo, players=players,
        creatures=creatures, deck=deck, discard=[discard[i] for i in order],
        discard_seen=[seen[i] for i in order],
        cycle=v.sources_seen + unseen_sources, reveals=v.reveals,
        source=v.source, lower=v.lower, upper=v.upper, round=v.round, first=v.first,
        turn=v.turn, step=v.step, decider=v.decider, active=v.active, used=v.used[:],
        copied=v.copied[:], sleep_pending=v.sleep_pending,
        attack=None if v.attack is None else Attack(v.attack.target, v.attack.props[:],
                                                    v.attack.next),
        next_uid=v.next_uid, winner=v.winner, choices=choices[:v.choices_left],
        choices_shown=v.choices_shown[:],
    )


# --- what a view tells of the energy deck (the table shows it) ------------------------------

def energy_deck_left(view: MagicView) -> int:
    """Sources not yet revealed in this game's first pass through the 10-card energy deck."""
    return max(0, len(sources()) - view.reveals)


def next_source(view: MagicView) -> str | None:
    """The next source once the whole energy deck has been seen (it cycles in the same order)."""
    total = len(sources())
    if view.reveals >= total and len(view.sources_seen) == total:
        return view.sources_seen[view.reveals % total]
    return None
