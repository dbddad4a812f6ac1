"""Sampling what a seat cannot see (`determinize`): the cards of a numbered deck that its view
does not show, shuffled, dealt out where the view gives only counts (hands, piles, decks)."""

from __future__ import annotations

import random
from collections.abc import Container


class Unseen:
    def __init__(self, count: int, known: Container[int], rng: random.Random) -> None:
        """Cards 1..`count` but the `known` ones, shuffled with `rng`: sorted by a random key
        each, as uniform as `rng.shuffle` and about twice as fast (a bot samples a world per
        iteration of its search)."""
        r = rng.random
        self.cards = sorted((card for card in range(1, count + 1) if card not in known),
                            key=lambda _: r())

    def take(self, n: int) -> list[int]:
        """`n` of the cards left (the last ones of the shuffled list)."""
        cards = self.cards
        if n > len(cards):
            raise ValueError("the view hides more cards than exist")
        out = cards[len(cards) - n:] if n else []
        del cards[len(cards) - n:]
        return out
