"""The Shade (Тень), the rules-driven opponent of the solo mode (spec §7, MC-R39..R50).

The Shade never decides: its turn runs inside the flow and its random picks come from the
choice cards, each revealed card recorded as an event.
"""

from __future__ import annotations

from core.games.magic import events as E
from core.games.magic import flow
from core.games.magic import queries as Q
from core.games.magic.choices import parity, pick
from core.games.magic.data import half
from core.games.magic.state import Creature, MagicState
from core.games.magic.tx import MagicTx

SHADE_ATTACK_ORDER = ("fire_breathing", "vampire", "sleep_inducing")  # MC-R47


# --- terms (§7.3) -----------------------------------------------------------------------

def _human(s: MagicState) -> int:
    return next(i for i, p in enumerate(s.players) if not p.shade)


def attack_capable(s: MagicState, x: Creature) -> bool:
    return bool(Q.attacking(s, x)) or Q.has(s, x, "metamorph")


def eligible_targets(s: MagicState, x: Creature) -> list[Creature]:
    """Human creatures X may legally target on which ≥1 of its attack set would succeed."""
    out = []
    for t in Q.row(s, _human(s)):
        if Q.target_block(s, x, t) is not None:  # the Shade exemption is in target_block (MC-R49)
            continue
        attack_set = set(Q.attacking(s, x))
        if Q.has(s, x, "metamorph"):
            attack_set.update(p for p in t.traits if p in SHADE_ATTACK_ORDER)
        if any(Q.would_succeed(p, t) for p in attack_set):
            out.append(t)
    return out


# --- the turn (§7.4) -----------------------------------------------------------------------

def shade_turn(tx: MagicTx) -> None:
    s = tx.s
    seat = s.turn
    # 1. NewCreature
    if not Q.awake(s, seat):
        card = flow.top_card(tx)
        if card is not None:
            tx.emit(E.CreatureCreated(seat, tx.s.next_uid, card, dealt=True, faceless=True))
        if not Q.awake(tx.s, seat):
            flow.end_turn(tx)
            return
    # 2. SelectCreature (MC-R41)
    awake = Q.awake(tx.s, seat)
    most = max(c.energy for c in awake)
    x = pick(tx, [c for c in awake if c.energy == most], "creature")
    assert x is not None
    tx.activated(seat, x.uid)
    # 3. Evolve (MC-R42, MC-R43)
    received = _evolve(tx, seat, x)
    # 4. Transmute (MC-R44: before the on-activation properties)
    if Q.can_transmute(tx.s, x):
        if flow.transmute(tx, seat, x.uid):
            return
        flow.end_activation(tx)
        return
    # 5. ActivationEffects (MC-R45). A scare that puts the human's last awake creature to sleep
    # ends the round only at X's EndOfActivation, after X's action: the activation resolves as a
    # unit, as an attack does (MC-R12, MC-R13). Ending it at once let a player who keeps a single
    # creature within Scary's reach stop the Shade from ever gaining energy.
    if Q.has(tx.s, x, "scary"):
        victims = [t for t in Q.row(tx.s, _human(tx.s)) if Q.scare_block(tx.s, x, t) is None]
        victim = pick(tx, victims, "scare")
        if victim is not None:
            tx.emit(E.Scared(x.uid, victim.uid))
    if Q.has(tx.s, x, "pesky"):
        sleepers = [c for c in Q.row(tx.s, seat) if c.asleep and not c.roused and c.uid != x.uid]
        sleeper = pick(tx, sleepers, "rouse")
        if sleeper is not None:
            tx.emit(E.Roused(x.uid, sleeper.uid))
            tx.drowsy(x.uid, "pesky")
    # 6. AttackIfNew (B, MC-R46)
    if received and (received in SHADE_ATTACK_ORDER or received == "metamorph") and _attack(tx, x):
        return
    # 7. TakeEnergy (C): the lower part first, the upper part only when it has none (MC-R48)
    parts = Q.gain_parts(tx.s, x)
    if parts:
        tx.emit(E.EnergyTaken(x.uid, "lower" if "lower" in parts else "upper"))
        if Q.can_gulp(tx.s, x):
            tx.emit(E.Gulped(x.uid))
            tx.drowsy(x.uid, "voracious")
        shed = pick(tx, Q.molt_cards(tx.s, x), "molt")
        if shed is not None:
            tx.emit(E.Molted(x.uid, shed, x.traits[x.cards.index(shed)]))
        flow.end_activation(tx)
        return
    # 8. AttackOrSleep (D/F)
    if attack_capable(tx.s, x) and _attack(tx, x):
        return
    tx.drowsy(x.uid, "sleep")
    flow.end_activation(tx)


def _evolve(tx: MagicTx, seat: int, x: Creature) -> str | None:
    """Draw a card and give its Parity half to X or the next Shade creature lacking it.

    Returns the property if X itself received it."""
    card = flow.top_card(tx)
    if card is None:
        return None
    trait = half(card, parity(tx))
    row = tx.s.players[seat].row
    i = row.index(x.uid)
    order = row[i:] + row[:i]  # X first, then to its right, wrapping, never back to X
    recipient = next((u for u in order if trait not in tx.s.creatures[u].traits), 0)
    tx.emit(E.ShadeGrew(card, trait, recipient))
    return trait if recipient == x.uid else None


def _attack(tx: MagicTx, x: Creature) -> bool:
    """ShadeAttack (SA1-SA6). True if the attack took place (it then ends the activation)."""
    t = pick(tx, eligible_targets(tx.s, x), "target")
    if t is None:
        return False
    if Q.has(tx.s, x, "metamorph"):  # SA4: copy every property of the target it lacks
        for trait in dict.fromkeys(t.traits):
            if not Q.has(tx.s, x, trait):
                tx.emit(E.Copied(x.uid, t.uid, trait))
    props = [p for p in SHADE_ATTACK_ORDER if Q.has(tx.s, x, p)]
    tx.emit(E.AttackDeclared(x.uid, t.uid, props))
    flow.continue_attack(tx)
    return True
