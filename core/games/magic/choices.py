"""The solo mode's choice cards: Pick() and Parity() (spec §7.2, MC-R38, MC-R40)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from core.engine.rng import derived
from core.games.magic import events as E

if TYPE_CHECKING:
    from core.games.magic.tx import MagicTx

T = TypeVar("T")

CHOICE_CARDS = 7  # values 1..7


def reveal(tx: MagicTx, purpose: str) -> int:
    """Reveal the top choice card; once the 7th is out, all 7 are shuffled anew."""
    value: int = tx.s.choices[-1]
    tx.emit(E.ChoiceRevealed(value, purpose))
    if not tx.s.choices:
        order = list(range(1, CHOICE_CARDS + 1))
        derived(tx.s.seed, tx.s.rng_count).shuffle(order)
        tx.emit(E.ChoicesShuffled(order))
    return value


def pick(tx: MagicTx, items: list[T], purpose: str) -> T | None:
    """Pick(list): one item without a card; otherwise count N from the left, wrapping."""
    if not items:
        return None
    if len(items) == 1:
        return items[0]
    return items[(reveal(tx, purpose) - 1) % len(items)]


def parity(tx: MagicTx) -> str:
    """Parity(): always reveals; odd = half A, even = half B (MC-R42)."""
    return "A" if reveal(tx, "half") % 2 else "B"
