"""The card uses of phase 3 (§3.5) as events, and the short variant's secret plans (§7.4).

In the short variant every seat builds its list of card uses in secret. The list is kept in
the seat's `plan` and applied only when every seat has submitted; until then the seat decides
on its *projection* — the position with its own plan applied to a throwaway copy — and
nobody else sees anything of it but "submitted / not yet". Each seat touches only its own
species and hand, so the order of the seats' plans changes nothing.
"""

from __future__ import annotations

from core.engine.tx import Tx
from core.games.northstar import events as E
from core.games.northstar.data import FAT, card_traits
from core.games.northstar.fold import FOLD
from core.games.northstar.state import NorthStarState, species_uid
from core.games.northstar.state import clone as clone_state
from core.games.northstar.steps import Drop, Grow, NewSpecies, Place, PlayStep


def play_effect(tx: Tx[NorthStarState], seat: int, step: PlayStep) -> None:
    """The events of one card use by `seat` (NS21-NS23)."""
    s = tx.s
    # `type(step) is`, not isinstance: the steps are leaf classes, and isinstance of a msgspec
    # struct's class goes through its metaclass's check for every class it is not
    if type(step) is Place:
        tx.emit(E.TraitPlaced(seat, step.species, step.card, card_traits()[step.card]))
    elif type(step) is Drop:
        x = s.species[step.species]
        trait = card_traits()[step.card]
        tx.emit(E.TraitDropped(seat, x.uid, step.card, trait, x.fat if trait == FAT else 0))
    elif type(step) is NewSpecies:
        uid = species_uid(seat, s.players[seat].made + 1)
        tx.emit(E.SpeciesAdded(seat, uid, step.left, step.card))
    elif type(step) is Grow:
        x = s.species[step.species]
        now = x.body if step.track == "body" else x.pop
        tx.emit(E.Grown(seat, x.uid, step.card, step.track, now + 1))
    else:  # pragma: no cover - the union has four members
        raise TypeError(f"not a card use: {step!r}")


def project(s: NorthStarState, seat: int) -> NorthStarState:
    """`s` as `seat` sees it while planning: a copy with its own plan applied (the same state
    when it has planned nothing)."""
    plan = s.players[seat].plan
    if not plan:
        return s
    copy = clone_state(s)
    copy.players[seat].plan = []
    tx = Tx(copy, FOLD)
    for step in plan:
        play_effect(tx, seat, step)
    return tx.s
