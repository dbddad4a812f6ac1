"""Pure questions about a `magic` position (spec §3-5). Nothing here changes a state."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final, NamedTuple

from core.games.magic.data import ATTACKING, cards, sources
from core.games.magic.state import Creature, MagicState

if TYPE_CHECKING:
    from core.games.magic.view import CreatureView, MagicView

FULL: Final = 4  # every energy track has 4 cells, Маленькое included (MC-R23)


def has(s: MagicState | MagicView, c: Creature | CreatureView, trait: str) -> bool:
    """A property card under `c` shows `trait`, or it is one of its Метаморф copies (§3.1)."""
    return trait in c.traits or (c.uid == s.active and trait in s.copied)


def traits(s: MagicState, c: Creature) -> list[str]:
    """All properties of `c`, its cards' first, then its copies."""
    return c.traits + s.copied if c.uid == s.active else c.traits


def attacking(s: MagicState, c: Creature) -> list[str]:
    """The attacking properties of `c` in the fixed order Вампир, Огнедышащее, Усыпляющее."""
    return [p for p in ATTACKING if has(s, c, p)]


def row(s: MagicState, seat: int) -> list[Creature]:
    return [s.creatures[u] for u in s.players[seat].row]


def awake(s: MagicState, seat: int) -> list[Creature]:
    return [c for c in row(s, seat) if not c.asleep]


def round_over(s: MagicState) -> bool:
    """RoundEndCheck: no creature that keeps a round going is awake (MC-R12): any creature,
    or in solo only the human's (§3.5, MC-R39)."""
    if s.solo:
        players = s.players
        for c in s.creatures.values():  # noqa: SIM110 - as below
            if not c.asleep and not players[c.owner].shade:
                return False
        return True
    for c in s.creatures.values():  # noqa: SIM110 - hot path: a plain loop beats all()
        if not c.asleep:
            return False
    return True


def has_awake(s: MagicState, seat: int) -> bool:
    creatures = s.creatures
    for u in s.players[seat].row:  # noqa: SIM110 - hot path, as above
        if not creatures[u].asleep:
            return True
    return False


def next_seat(s: MagicState, seat: int) -> int:
    """Clockwise = ascending seat index, wrapping (MC-R3)."""
    return (seat + 1) % s.n


def active(s: MagicState) -> Creature:
    return s.creatures[s.active]


# --- energy and transmutation (§4.1, §4.2) -------------------------------------------------

def upper_open(s: MagicState | MagicView, c: Creature | CreatureView) -> bool:
    """The upper part's tokens are available to `c`: it has the key property."""
    key = sources()[s.source].key if s.source else None
    return s.upper > 0 and key is not None and has(s, c, key)


def gain_parts(s: MagicState | MagicView, c: Creature | CreatureView) -> list[str]:
    """The source parts `c` may take a token from (empty when it may not gain energy)."""
    if c.energy >= FULL:
        return []
    parts = []
    if s.lower > 0:
        parts.append("lower")
    if upper_open(s, c):
        parts.append("upper")
    return parts


def can_gulp(s: MagicState, c: Creature) -> bool:
    """Прожорливое may take a second token from the lower part (MC-R30)."""
    return has(s, c, "voracious") and s.lower > 0 and c.energy < FULL


def molt_cards(s: MagicState, c: Creature) -> list[int]:
    """Cards Линяющее may discard for 1 energy (MC-R29); empty if it cannot."""
    if c.energy >= FULL or not has(s, c, "molting"):
        return []
    return [card for card, t in zip(c.cards, c.traits, strict=False) if t != "molting"]


def property_count(s: MagicState, c: Creature) -> int:
    return len(c.traits) + (len(s.copied) if c.uid == s.active else 0)


def can_transmute(s: MagicState, c: Creature) -> bool:
    """4 energy, or Маленькое with ≥3 energy and ≤3 properties in all (MC-R23)."""
    if c.energy >= FULL:
        return True
    return c.energy >= 3 and has(s, c, "tiny") and property_count(s, c) <= 3


# --- attacks (§4.3) ----------------------------------------------------------------------

def target_block(s: MagicState | MagicView, a: Creature | CreatureView,
                 t: Creature | CreatureView) -> str | None:
    """Why `a` may not choose `t` as an attack target, as a text key; None if it may (MC-R16)."""
    if t.uid == a.uid:
        return "self"
    if "invisible" in t.traits and not has(s, a, "keen_eyed"):
        return "invisible"
    if "ghostly" in t.traits and not has(s, a, "ghostly"):
        return "ghostly_target"
    if has(s, a, "ghostly") and "ghostly" not in t.traits and not s.players[a.owner].shade:
        return "ghostly_attacker"
    return None


def targets(s: MagicState, a: Creature) -> list[Creature]:
    """Legal attack targets of `a`, in seat order then row order."""
    return [t for seat in range(s.n) for t in row(s, seat) if target_block(s, a, t) is None]


def would_succeed(prop: str, t: Creature | CreatureView) -> bool:
    """Whether an attacking property works against `t` as it is now (MC-R19)."""
    if prop == "vampire":
        return t.energy >= 1 and "stone_hide" not in t.traits
    if prop == "fire_breathing":
        return bool(t.cards) and "fireproof" not in t.traits
    return not t.asleep and "sleepless" not in t.traits


def pricks(s: MagicState, a: Creature, t: Creature) -> bool:
    """Колючее hurts the attacker after the attack (MC-R32)."""
    return "thorny" in t.traits and not has(s, a, "keen_eyed")


class AttackPreview(NamedTuple):
    """What an attack would do, worked out before it is made (the app's preview)."""

    fates: tuple[tuple[str, str], ...]  # (property, "ok" | "fail" | "maybe"), in the order used
    gain: tuple[int, int]  # the attacker's energy change, least and most (rewards, Колючее)
    drain: tuple[int, int]  # the target's energy change (Вампир), least and most
    thorns: str  # "yes" | "no" | "maybe": Колючее costs the attacker 1 energy afterwards


def attack_preview(s: MagicState | MagicView, a: Creature | CreatureView, t: Creature | CreatureView,
                   props: tuple[str, ...] | list[str]) -> AttackPreview:
    """The attack of `a` on `t` with `props` in that order, resolved on paper (MC-R19, MC-R20,
    MC-R32): each property meets the target as the earlier ones left it. Огнедышащее's card is
    the attacker's pick when it resolves (MC-R21), so every pick is tried: a fate or an energy
    that depends on it is "maybe" or a range. Reads public fields only: a view will do."""
    keen = has(s, a, "keen_eyed")
    burnable = sorted(set(t.traits)) if "fire_breathing" in props and t.traits else [""]
    runs = []
    for burned in burnable:
        energy, t_energy, asleep, cards_left = a.energy, t.energy, t.asleep, len(t.cards)
        traits = list(t.traits)
        fates = []
        for p in props:
            if p == "vampire":
                ok = t_energy >= 1 and "stone_hide" not in traits
            elif p == "fire_breathing":
                ok = cards_left > 0 and "fireproof" not in traits
            else:
                ok = not asleep and "sleepless" not in traits
            if ok:
                if p == "vampire":
                    t_energy -= 1
                elif p == "fire_breathing":
                    cards_left -= 1
                    if burned in traits:
                        traits.remove(burned)
                else:
                    asleep = True
                energy = min(FULL, energy + 1)
            fates.append(ok)
        pricked = "thorny" in traits and not keen
        if pricked:
            energy = max(0, energy - 1)
        runs.append((fates, energy - a.energy, t_energy - t.energy, pricked))

    def fate(i: int) -> str:
        seen = {r[0][i] for r in runs}
        return "maybe" if len(seen) > 1 else "ok" if True in seen else "fail"

    gains, drains, pricks_ = [r[1] for r in runs], [r[2] for r in runs], {r[3] for r in runs}
    return AttackPreview(tuple((p, fate(i)) for i, p in enumerate(props)), (min(gains), max(gains)),
                         (min(drains), max(drains)),
                         "maybe" if len(pricks_) > 1 else "yes" if True in pricks_ else "no")


# --- on-activation properties (§5, MC-R26..R33) -------------------------------------------

def copy_choices(s: MagicState | MagicView, a: Creature | CreatureView) -> list[tuple[int, str]]:
    """(source creature, property) pairs Метаморф may copy (MC-R27)."""
    if not has(s, a, "metamorph") or "metamorph" in s.used:
        return []
    out = []
    creatures = s.creatures
    for seat in range(s.n):
        for u in s.players[seat].row:  # (not `row`: a seat's view asks too, for a hint)
            o = creatures[u]
            if o.uid == a.uid:
                continue
            seen = set()
            for t in o.traits:
                if t not in seen and not has(s, a, t):
                    seen.add(t)
                    out.append((o.uid, t))
    return out


def scare_block(s: MagicState | MagicView, a: Creature | CreatureView,
                t: Creature | CreatureView) -> str | None:
    """Why Страшное may not put `t` to sleep; None if it may (MC-R31)."""
    if t.uid == a.uid:
        return "self"
    if t.asleep:
        return "asleep"
    if not any(p in t.traits for p in ATTACKING):
        return "harmless"
    if "scary" in t.traits or "sleepless" in t.traits:
        return "unscarable"
    return None


def scare_targets(s: MagicState | MagicView, a: Creature | CreatureView) -> list[Creature | CreatureView]:
    if not has(s, a, "scary") or "scary" in s.used:
        return []
    return [t for t in s.creatures.values() if scare_block(s, a, t) is None]


def rouse_block(s: MagicState | MagicView, a: Creature | CreatureView,
                t: Creature | CreatureView) -> str | None:
    """Why Назойливое may not wake `t`; None if it may (MC-R28)."""
    if t.uid == a.uid:
        return "self"
    if not t.asleep:
        return "awake"
    if t.roused:
        return "roused"
    return None


def rouse_targets(s: MagicState | MagicView, a: Creature | CreatureView) -> list[Creature | CreatureView]:
    if not has(s, a, "pesky") or "pesky" in s.used:
        return []
    return [t for t in s.creatures.values() if rouse_block(s, a, t) is None]


def gift_block(s: MagicState | MagicView, a: Creature | CreatureView,
               t: Creature | CreatureView) -> str | None:
    """Why Дарующее may not give `t` energy; None if it may (MC-R33)."""
    if t.uid == a.uid:
        return "self"
    if t.owner != a.owner:
        return "foreign"
    if a.energy < 1:
        return "empty"
    if t.energy >= FULL:
        return "full"
    return None


def gift_targets(s: MagicState | MagicView, a: Creature | CreatureView) -> list[Creature | CreatureView]:
    if not has(s, a, "giving") or "giving" in s.used:
        return []
    return [s.creatures[u] for u in s.players[a.owner].row if gift_block(s, a, s.creatures[u]) is None]


# The on-activation properties (timing "activation" in properties.toml) and their legal uses.
ACTIVATION_USES: dict[str, Callable[[MagicState | MagicView, Creature | CreatureView],
                                    Sequence[object]]] = {
    "metamorph": copy_choices, "scary": scare_targets, "pesky": rouse_targets, "giving": gift_targets,
}


def activation_uses(s: MagicState | MagicView, a: Creature | CreatureView) -> list[str]:
    """The on-activation properties of `a` that have a legal use now (MC-R26)."""
    return [p for p, uses in ACTIVATION_USES.items() if uses(s, a)]


def has_activation_use(s: MagicState, a: Creature) -> bool:
    """Some on-activation property of `a` has a legal use now (MC-R26)."""
    copied = s.copied if a.uid == s.active else ()
    for p, uses in ACTIVATION_USES.items():  # noqa: SIM110 - hot path, as round_over
        if (p in a.traits or p in copied) and uses(s, a):
            return True
    return False


def can_add_any(s: MagicState, seat: int) -> bool:
    """Some hand card can be added to some own creature (AddProperty is offered, §3.4)."""
    hand = s.players[seat].hand
    if not hand:
        return False
    mine = row(s, seat)
    for card in hand:
        for t in cards()[card]:
            for c in mine:
                if t not in c.traits:
                    return True
    return False
