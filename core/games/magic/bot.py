"""Bot heuristics for `magic`: a position evaluation, a fast default policy and hint reasons.

The game-agnostic bots of `core/bots/` find this module through the game's descriptor.
Everything here is a read-only question about a position.

The evaluation counts in *energy units*. A player's distance to victory is the energy still
missing on the creatures that will make its remaining transmutations (a creature not yet on
the table costs a card plus a full track); resources that speed the race (hand cards, spare
energy, useful properties, a share of the tokens left on the source this round) are added on
top. Points become win chances by a softmax, so the value of a seat is in [0, 1].
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, Final

from core.bots.chances import softmax_chances
from core.games.magic import actions as A
from core.games.magic import queries as Q
from core.games.magic.data import ATTACKING, cards, sources
from core.games.magic.state import Creature, MagicState
from core.games.magic.texts import name as prop_name
from core.games.magic.texts import say

if TYPE_CHECKING:
    from core.games.magic.view import CreatureView, MagicView

# --- evaluation weights (energy units) ----------------------------------------------------

NEW_CREATURE: Final = 5.5  # a transmutation without a creature: a card to create it and a full track
NO_CARD: Final = 1.5  # ... and more if the hand is empty too (the next draw is a round away)
READY_RISK: Final = 0.4  # a ready creature can still be robbed or burned before it transmutes
TOKEN: Final = 2.0  # a banked transmutation, beyond the distance it removed: nothing can take it back
SPARE_ENERGY: Final = 0.35  # energy on creatures beyond those the remaining transmutations need
SPARE_CREATURE: Final = 0.5  # more creatures: more activations and a bigger draw
FED_CREATURE: Final = 0.3  # each creature with energy draws a card at round end (MC-R15)
HAND_CARD: Final = 0.45
HAND_SOFT_CAP: Final = 6  # cards beyond this are worth a quarter
SOURCE_SHARE: Final = 0.6  # expected value of one token still on the source this round
TEMPERATURE: Final = 2.5  # points -> win chances; 2.5 points ahead is roughly 73 %

TRAIT_VALUE = {
    "vampire": 0.9, "fire_breathing": 0.6, "sleep_inducing": 0.5,
    "stone_hide": 0.3, "fireproof": 0.2, "sleepless": 0.2, "invisible": 0.35, "thorny": 0.25,
    "scary": 0.3, "ghostly": 0.1, "flying": 0.15, "aquatic": 0.15, "nocturnal": 0.1,
    "burrowing": 0.1, "tiny": 0.1, "voracious": 0.35, "molting": 0.2, "metamorph": 0.3,
    "pesky": 0.15, "keen_eyed": 0.2, "giving": 0.15,
}
KEY_NOW: Final = 0.3  # a source key when the current source's upper part still has tokens


def need(c: Creature | CreatureView) -> int:
    """Energy the creature needs to transmute: 3 for a Маленькое with ≤3 properties (MC-R23)."""
    return 3 if "tiny" in c.traits and len(c.traits) <= 3 else Q.FULL


def _creature_extra(s: MagicState, c: Creature, key: str | None) -> float:
    value = 0.0
    for t in c.traits:
        value += TRAIT_VALUE.get(t, 0.1)
    if key is not None and key in c.traits:
        value += KEY_NOW
    if "ghostly" in c.traits and any(p in c.traits for p in ATTACKING):
        value -= 0.4  # a ghostly attacker may only hit ghostly creatures (MC-R16)
    return value


def points(s: MagicState) -> list[float]:
    """Per seat: minus the distance to victory plus the value of resources, in energy units."""
    src = sources().get(s.source) if s.source else None
    key = src.key if src is not None and s.upper > 0 else None
    awake = [0] * len(s.players)
    for c in s.creatures.values():
        if not c.asleep:
            awake[c.owner] += 1
    total_awake = sum(awake)
    on_source = s.lower + s.upper
    out = []
    for seat, p in enumerate(s.players):
        left = (1 if p.shade else s.win_at) - p.tokens
        deficits: list[tuple[float, Creature]] = []
        extra = 0.0
        for uid in p.row:
            c = s.creatures[uid]
            d = need(c) - c.energy
            if d <= 0:  # its properties go to the discard pile when it transmutes
                deficits.append((READY_RISK, c))
                continue
            deficits.append((float(d), c))
            extra += _creature_extra(s, c, key)
            if c.energy > 0:
                extra += FED_CREATURE
        deficits.sort(key=lambda dc: dc[0])
        distance = sum(d for d, _ in deficits[:left])
        missing = max(0, left - len(deficits))
        if missing:
            distance += missing * NEW_CREATURE + (NO_CARD if not p.hand and not p.shade else 0.0)
        for _, c in deficits[left:]:
            extra += SPARE_CREATURE + SPARE_ENERGY * c.energy
        if not p.shade:
            h = len(p.hand)
            extra += HAND_CARD * min(h, HAND_SOFT_CAP) + 0.25 * HAND_CARD * max(0, h - HAND_SOFT_CAP)
        if total_awake and on_source:
            extra += SOURCE_SHARE * on_source * awake[seat] / total_awake
        out.append(extra - distance + TOKEN * p.tokens)
    return out


def evaluate(s: MagicState) -> list[float]:
    """Win chances per seat in [0, 1], summing to 1; exact once the game is over."""
    if s.winner >= 0:
        return [1.0 if i == s.winner else 0.0 for i in range(len(s.players))]
    return softmax_chances(points(s), TEMPERATURE)


# --- the default policy -----------------------------------------------------------------

def _successes(s: MagicState, props: tuple[str, ...], t: Creature) -> int:
    return sum(1 for p in props if Q.would_succeed(p, t))


def policy(s: MagicState, legal: list[Any]) -> list[float]:
    """Weights of a cheap default policy over `legal` (rollouts, expansion order, completion).

    Judged from the position without simulating: take a transmutation, prefer energy and
    attacks that work on an opponent, keep a couple of creatures on the table. Runs inside
    every rollout step, so it is written for speed."""
    step = s.step
    seat = s.decider
    if step == "action":
        return _action_weights(s, seat, legal)
    if step == "add":
        return _add_weights(s, legal)
    if step == "activate":
        out = []
        creatures = s.creatures
        for a in legal:
            c = creatures[a.creature]
            e = c.energy
            if e >= Q.FULL or (e == 3 and Q.can_transmute(s, c)):  # `can_transmute`, inline
                out.append(50.0)
                continue
            traits = c.traits
            armed = "vampire" in traits or "fire_breathing" in traits or "sleep_inducing" in traits
            out.append(1.0 + e + 0.5 * armed)
        return out
    if step == "create":
        mine = len(s.players[seat].row)
        share = (3.0 if mine < 2 else 1.0 if mine < 4 else 0.2) / max(1, len(legal) - 1)
        return [1.0 if type(a) is A.Pass else share for a in legal]
    if step == "effects":
        return [_effect_weight(s, seat, a) for a in legal]
    if step == "burn":
        assert s.attack is not None
        t = s.creatures[s.attack.target]
        own = t.owner == seat
        return [_burn_weight(t, a.card, own) for a in legal]
    if step == "swap":
        return [3.0 if type(a) is A.Keep else 1.0 for a in legal]
    if step == "voracious":
        return [2.0 if type(a) is A.Voracious else 1.0 for a in legal]
    return [1.0] * len(legal)


def _action_weights(s: MagicState, seat: int, legal: list[Any]) -> list[float]:
    # An attack's weight depends on its properties and on the target only through which of
    # them would succeed and whose it is: a table per such kind of target, shared by every
    # call (late in a game a creature may have a hundred attacks to choose from).
    last, table = -1, _NO_TABLE
    out: list[float] = []
    add = out.append
    Transmute, Gain, AttackWith = A.Transmute, A.Gain, A.AttackWith
    for a in legal:
        k = type(a)
        if k is AttackWith:
            if a.target != last:
                last = a.target
                t = s.creatures[last]
                kind = (Q.would_succeed("vampire", t), Q.would_succeed("fire_breathing", t),
                        Q.would_succeed("sleep_inducing", t), t.owner != seat)
                table = _ATTACK_TABLES.setdefault(kind, {})
            w = table.get(a.props)
            if w is None:
                w = table[a.props] = _attack_weight(kind, a.props)
            add(w)
        elif k is Transmute:
            add(1000.0)
        elif k is Gain:
            add(5.0 if a.part == "upper" else 4.0)
        else:  # Sleep
            add(0.3)
    return out


_ATTACK_INDEX = {"vampire": 0, "fire_breathing": 1, "sleep_inducing": 2}
# (vampire, fire, sleep would succeed, the target is another seat's) -> props -> weight
_ATTACK_TABLES: dict[tuple[bool, bool, bool, bool], dict[tuple[str, ...], float]] = {}
_NO_TABLE: dict[tuple[str, ...], float] = {}


def _attack_weight(kind: tuple[bool, bool, bool, bool], props: tuple[str, ...]) -> float:
    """Attacks that work weigh more, on another player's creature most (Вампир's energy)."""
    n = 0
    for p in props:
        if kind[_ATTACK_INDEX[p]]:
            n += 1
    if not n:
        return 0.01
    if kind[3]:
        return 3.0 * n + (1.0 if "vampire" in props else 0.0)
    return 0.2 * n


@cache
def _add_base() -> tuple[dict[int, tuple[str, float]], dict[int, tuple[str, float]]]:
    """Per half (A, B): card -> (trait, policy weight of adding it to an ordinary creature)."""
    halves: tuple[dict[int, tuple[str, float]], dict[int, tuple[str, float]]] = ({}, {})
    for card, (a, b) in cards().items():
        for out, trait in zip(halves, (a, b), strict=True):
            out[card] = (trait, 0.3 + 2.0 * TRAIT_VALUE.get(trait, 0.1))
    return halves


def _add_weights(s: MagicState, legal: list[Any]) -> list[float]:
    base_a, base_b = _add_base()
    # Per own creature, once: 1 = Маленькое that a 4th property would cost its early
    # transmutation, 2 = fed, with at most 2 properties and not Маленькое yet, 0 = ordinary
    kinds: dict[int, int] = {}
    creatures = s.creatures
    for u in s.players[s.decider].row:  # (a property is added to the seat's own creatures)
        c = creatures[u]
        traits = c.traits
        if "tiny" in traits:
            kinds[c.uid] = 1 if len(traits) >= 3 else 0
        else:
            kinds[c.uid] = 2 if len(traits) <= 2 and c.energy >= 1 else 0
    out: list[float] = []
    add = out.append
    Pass = A.Pass
    for a in legal:
        if type(a) is Pass:
            add(2.0)
            continue
        trait, w = (base_a if a.half == "A" else base_b)[a.card]
        kind = kinds[a.creature]
        if kind == 1:
            w = 0.1  # a 4th property would cost Маленькое its early transmutation
        elif kind == 2 and trait == "tiny":
            w = 3.0
        add(w)
    return out


def _effect_weight(s: MagicState, seat: int, a: Any) -> float:
    if isinstance(a, A.Pass):
        return 1.0
    if isinstance(a, A.Scare):
        return 1.5 if s.creatures[a.target].owner != seat else 0.05
    if isinstance(a, A.Rouse):
        return 1.0 if s.creatures[a.target].owner == seat else 0.05
    if isinstance(a, A.Gift):
        t = s.creatures[a.target]
        return 1.5 if t.energy + 1 >= need(t) else 0.3
    if isinstance(a, A.Metamorph):
        return 0.6 if a.prop in ATTACKING else 0.2
    return 0.5


def _burn_weight(t: Creature, card: int, own: bool) -> float:
    trait = t.traits[t.cards.index(card)]
    value = TRAIT_VALUE.get(trait, 0.1)
    return (1.0 / (0.1 + value)) if own else (0.1 + value)


def turn_id(s: MagicState) -> tuple[int, int]:
    """The turn a position is in; rules-driven turns (the Shade's) run inside `apply`."""
    return s.round, s.turn


def _activation_reason(view: MagicView, c: CreatureView, lang: str) -> tuple[str, dict[str, str]]:
    """What activating `c` is good for, most telling first: transmuting, an attack that
    would work, an on-activation property, energy from the source."""
    args = {"c": f"c{c.uid}", "e": str(c.energy), "need": str(need(c))}
    if c.energy >= need(c):
        return "activate_ready", args
    armed = [p for p in ATTACKING if p in c.traits]
    if armed:
        others = sorted(view.creatures.values(), key=lambda t: (t.owner == c.owner, t.uid))
        for t in others:
            hits = [p for p in armed if Q.would_succeed(p, t)]
            if t.uid != c.uid and hits and Q.target_block(view, c, t) is None:
                args.update(t=f"c{t.uid}", props=", ".join(prop_name(p, lang) for p in hits))
                return "activate_attack", args
    uses = Q.activation_uses(view, c)
    if uses:
        args["p"] = prop_name(uses[0], lang)
        return "activate_effect", args
    if Q.gain_parts(view, c):
        return "activate_energy", args
    return "activate_idle", args


def reason(view: MagicView, action: Any, lang: str) -> tuple[str, dict[str, str]]:
    """A reason key (magic.* in core/bots/texts.toml) and its arguments, from the view only."""
    cs = view.creatures
    me = view.decider
    active = cs.get(view.active)

    def c_name(uid: int) -> str:
        return f"c{uid}"

    t = type(action)
    if t is A.Keep:
        return "keep", {}
    if t is A.Swap:
        return "swap", {}
    if t is A.Pass:
        return f"pass_{view.step}", {}
    if t is A.Create:
        return "create", {"n": str(len(view.players[me].row) + 1), "card": str(action.card)}
    if t is A.Add:
        trait = cards()[action.card][0 if action.half == "A" else 1]
        c = cs[action.creature]
        args = {"p": prop_name(trait, lang), "c": c_name(c.uid), "card": str(action.card)}
        if trait in ATTACKING:
            return "add_attack", args
        if trait == "tiny" and len(c.traits) <= 2:
            return "add_tiny", args
        src = sources().get(view.source)
        if src is not None and src.key == trait and view.upper > 0:
            args["source"] = src.name(lang)
            return "add_key", args
        if trait in ("stone_hide", "fireproof", "sleepless", "invisible", "thorny", "ghostly"):
            return "add_defence", args
        return "add", args
    if t is A.Activate:
        return _activation_reason(view, cs[action.creature], lang)
    if t is A.Transmute:
        p = view.players[me]
        return "transmute", {"c": c_name(view.active), "n": str(p.tokens + 1), "win": str(view.win_at)}
    if t is A.Gain:
        return f"gain_{action.part}", {"c": c_name(view.active)}
    if t is A.AttackWith:
        target = cs[action.target]
        hits = [p for p in action.props if Q.would_succeed(p, target)]
        args = {"c": c_name(view.active), "t": c_name(target.uid),
                "props": ", ".join(prop_name(p, lang) for p in action.props), "gain": str(len(hits))}
        if not hits:
            return "attack_futile", args
        if target.owner == me:
            return "attack_own", args
        return ("attack_vampire" if "vampire" in hits else "attack"), args
    if t is A.Sleep:
        return "sleep", {"c": c_name(view.active)}
    if t is A.Voracious:
        return "voracious", {"c": c_name(view.active)}
    if t is A.Molt:
        trait = active.traits[active.cards.index(action.card)] if active else ""
        return "molt", {"p": prop_name(trait, lang)}
    if t is A.Burn:
        burned = cs[view.attack.target] if view.attack else None
        trait = burned.traits[burned.cards.index(action.card)] if burned else ""
        return "burn", {"p": prop_name(trait, lang), "t": c_name(burned.uid) if burned else ""}
    if t is A.Metamorph:
        return "metamorph", {"p": prop_name(action.prop, lang), "t": c_name(action.source)}
    if t is A.Scare:
        return "scare", {"t": c_name(action.target)}
    if t is A.Rouse:
        return "rouse", {"t": c_name(action.target)}
    if t is A.Gift:
        return "gift", {"t": c_name(action.target)}
    return "move", {}


def step_name(view: Any, lang: str) -> str:
    """The pending decision in words (for hint headers)."""
    return say(f"step.{view.step}", lang, c=view.active, t=view.attack.target if view.attack else 0)


class MagicHeuristics:
    """The object `core.bots.heuristics` hands to the bots for game id `magic`."""

    evaluate = staticmethod(evaluate)
    policy = staticmethod(policy)
    reason = staticmethod(reason)
    turn_id = staticmethod(turn_id)
    # Hard and expert without the root prior: greedy's one-ply values, entered as visits and
    # ordering the root's widening, held hard back — it won 44 of 100 seat-rotated games
    # against normal; without the prior 249 of 400, 62.2 % (docs/bots.md, the ladder, 7 Dec).
    # Expert's by analogy (not measured).
    level_overrides: ClassVar[dict[str, dict[str, Any]]] = {
        "hard": {"root_prior": 0}, "expert": {"root_prior": 0}}


HEURISTICS = MagicHeuristics()
