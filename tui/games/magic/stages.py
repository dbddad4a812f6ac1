"""How a `magic` decision is asked on the table, one small choice at a time.

The rules fold some sub-choices into one action (the card, half and creature of AddProperty;
the target and ordered properties of an attack). The table asks for them one by one: a
`Sel` records what has been picked so far, and `build_stage` turns (view, legal actions, Sel)
into a `Stage` — the prompt, the numbered options, and which hand cards and creatures may be
picked and what picking each leads to (a complete action, or a deeper `Sel`). Pure logic,
no Textual: the screen renders a Stage and submits the action it yields.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, TypeVar

from core.games.magic import actions as A
from core.games.magic.data import ATTACKING, cards
from core.games.magic.queries import would_succeed
from core.games.magic.texts import name as prop_name
from core.games.magic.texts import say
from tui.games.magic.describe import attack_preview
from tui.i18n import text
from tui.stage import Option, Result, number
from tui.stage import Stage as StageBase

if TYPE_CHECKING:
    from core.games.magic.actions import MagicAction
    from core.games.magic.view import MagicView

T = TypeVar("T")

EFFECT_PROPS: dict[type[A.MagicAction], str] = {A.Metamorph: "metamorph", A.Scare: "scary",
                                                 A.Rouse: "pesky", A.Gift: "giving"}


@dataclass(frozen=True)
class Sel:
    """What has been picked so far in the pending decision."""

    card: int | None = None  # AddProperty: the hand card
    half: str | None = None  # AddProperty: "A" or "B"
    mode: str | None = None  # effects: metamorph|scary|pesky|giving; action: gain|attack;
    # create/add: pass_round (the board passes the seat's turns until the round ends)
    target: int | None = None  # Метаморф source or attack target
    props: tuple[str, ...] = ()  # attack: ticked properties, in order


@dataclass
class Stage(StageBase):
    cards: dict[int, Result] = field(default_factory=dict)  # hand card -> result
    creatures: dict[int, Result] = field(default_factory=dict)  # creature uid -> result
    probe_card: Callable[[int], MagicAction] | None = None  # the action an illegal card pick stands for
    probe_creature: Callable[[int], MagicAction] | None = None
    creature_message: str = ""  # said when a creature is picked where creatures mean nothing
    picked_card: int | None = None  # the hand card picked so far (highlighted)
    picked_creature: int | None = None  # the creature picked so far (highlighted)
    # The attack-target stage: the properties an attack on the creature under the cursor is
    # worked out with (the prompt shows it, the board updates it as the cursor moves).
    preview_props: tuple[str, ...] = ()

    def picks(self) -> list[Result]:
        return [*self.cards.values(), *self.creatures.values()]


def action_target(action: object) -> str | None:
    """The table item a move picks ("h:<card>" or "c:<uid>"), to point the cursor at a hint."""
    if isinstance(action, (A.Create, A.Add)):
        return f"h:{action.card}"
    if isinstance(action, A.Activate):
        return f"c:{action.creature}"
    if isinstance(action, A.Metamorph):
        return f"c:{action.source}"
    if isinstance(action, (A.AttackWith, A.Scare, A.Rouse, A.Gift)):
        return f"c:{action.target}"
    return None


def attack_is_futile(view: MagicView, action: A.AttackWith) -> bool:
    """ConfirmFutileAttack: every chosen property would fail against the target as it is now.

    Exact here: a property that fails changes nothing, so later ones meet the same target.
    """
    t = view.creatures.get(action.target)
    return t is not None and not any(would_succeed(p, t) for p in action.props)


def build_stage(view: MagicView, legal: list[MagicAction], sel: Sel, lang: str) -> Stage:
    step = view.step
    builder = _BUILDERS.get(step)
    if builder is None:
        return Stage(say(f"step.{step}", lang) if step else "")
    stage = builder(view, legal, sel, lang)
    stage.options = number(stage.options)
    return stage


def _of(legal: list[MagicAction], kind: type[T]) -> list[T]:
    return [a for a in legal if isinstance(a, kind)]


def _step_prompt(view: MagicView, lang: str) -> str:
    target = view.attack.target if view.attack else 0
    return say(f"step.{view.step}", lang, c=f"c{view.active}", t=f"c{target}")


# --- round start and the three turn steps --------------------------------------------

def _swap(view: MagicView, legal: list[MagicAction], sel: Sel, lang: str) -> Stage:
    me = view.players[view.decider]
    opts = [Option(text("magic.opt.keep", lang), A.KEEP),
            Option(text("magic.opt.swap", lang, k=me.hand_size), A.SWAP)]
    return Stage(_step_prompt(view, lang), opts, default=A.KEEP, zone="hand")


PASS_ROUND = "pass_round"  # Sel.mode of the option that passes the seat's turns to the round's end


def all_asleep(view: MagicView, seat: int) -> bool:
    """The seat has no awake creature (none at all counts): its turns can only create, add or pass."""
    return not any(not view.creatures[u].asleep for u in view.players[seat].row if u in view.creatures)


def _pass_round(view: MagicView, lang: str) -> list[Option]:
    """One key for the rest of the round while every creature of the seat sleeps (MC-R11: the
    seat is still asked to create and to add; the board answers Pass for it until the round ends)."""
    if not all_asleep(view, view.decider):
        return []
    return [Option(text("magic.opt.pass_round", lang), Sel(mode=PASS_ROUND))]


def _create(view: MagicView, legal: list[MagicAction], sel: Sel, lang: str) -> Stage:
    picks = {a.card: a for a in _of(legal, A.Create)}
    opts = [Option(text("magic.opt.no_create", lang), A.PASS), *_pass_round(view, lang)]
    return Stage(_step_prompt(view, lang), opts, cards=picks,
                 probe_card=A.Create, creature_message=text("magic.msg.card_first", lang), zone="hand")


def _add(view: MagicView, legal: list[MagicAction], sel: Sel, lang: str) -> Stage:
    adds = _of(legal, A.Add)
    pass_opt = Option(text("magic.opt.no_add", lang), A.PASS)
    if sel.card is None:
        usable = {a.card for a in adds}
        first_creature = next(iter(view.players[view.decider].row), 0)
        return Stage(_step_prompt(view, lang), [pass_opt, *_pass_round(view, lang)],
                     cards={c: Sel(card=c) for c in usable},
                     probe_card=lambda c: A.Add(c, "A", first_creature),
                     creature_message=text("magic.msg.card_first", lang), zone="hand")
    halves = sorted({a.half for a in adds if a.card == sel.card})
    a_prop, b_prop = cards()[sel.card]
    if sel.half is None:
        if len(halves) == 1:
            return _add(view, legal, replace(sel, half=halves[0]), lang)
        opts = [Option(text("magic.opt.half", lang, half=h, p=prop_name(p, lang)), replace(sel, half=h))
                for h, p in (("A", a_prop), ("B", b_prop))]
        opts.append(Option(text("magic.opt.back", lang), Sel()))
        return Stage(text("magic.stage.add_half", lang, card=sel.card), opts, back=Sel(), zone="hand",
                     picked_card=sel.card)
    card, half = sel.card, sel.half
    prop = a_prop if half == "A" else b_prop
    picks = {a.creature: a for a in adds if a.card == card and a.half == half}
    back = Sel() if len(halves) == 1 else Sel(card=card)
    return Stage(text("magic.stage.add_creature", lang, p=prop_name(prop, lang), card=card),
                 [Option(text("magic.opt.back", lang), back)], creatures=picks,
                 probe_creature=lambda u: A.Add(card, half, u), back=back, zone="mine",
                 picked_card=sel.card)


def _activate(view: MagicView, legal: list[MagicAction], sel: Sel, lang: str) -> Stage:
    picks = {a.creature: a for a in _of(legal, A.Activate)}
    return Stage(_step_prompt(view, lang), [], creatures=picks, probe_creature=A.Activate, zone="mine")


# --- activation effects ----------------------------------------------------------------

def _effects(view: MagicView, legal: list[MagicAction], sel: Sel, lang: str) -> Stage:
    if sel.mode == "metamorph":
        return _metamorph(view, legal, sel, lang)
    if sel.mode in ("scary", "pesky", "giving"):
        kinds: dict[str, type[A.Scare | A.Rouse | A.Gift]] = {"scary": A.Scare, "pesky": A.Rouse,
                                                               "giving": A.Gift}
        kind = kinds[sel.mode]
        picks = {a.target: a for a in _of(legal, kind)}
        return Stage(text(f"magic.stage.{sel.mode}", lang), [Option(text("magic.opt.back", lang), Sel())],
                     creatures=picks, probe_creature=kind, back=Sel(), zone="creatures",
                     picked_creature=view.active)
    opts = []
    for effect, prop in EFFECT_PROPS.items():
        if _of(legal, effect):
            opts.append(Option(text("magic.opt.use", lang, p=prop_name(prop, lang)), Sel(mode=prop)))
    opts.append(Option(text("magic.opt.effects_done", lang), A.PASS))
    return Stage(_step_prompt(view, lang), opts, default=A.PASS, picked_creature=view.active)


def _metamorph(view: MagicView, legal: list[MagicAction], sel: Sel, lang: str) -> Stage:
    copies = _of(legal, A.Metamorph)
    if sel.target is None:
        picks = {a.source: replace(sel, target=a.source) for a in copies}
        return Stage(text("magic.stage.metamorph", lang), [Option(text("magic.opt.back", lang), Sel())],
                     creatures=picks, probe_creature=lambda u: A.Metamorph(u, _first_trait(view, u)),
                     back=Sel(), zone="creatures", picked_creature=view.active)
    opts = [Option(text("magic.opt.copy", lang, p=prop_name(a.prop, lang)), a) for a in copies
            if a.source == sel.target]
    opts.append(Option(text("magic.opt.back", lang), Sel(mode="metamorph")))
    return Stage(text("magic.stage.metamorph_prop", lang, t=f"c{sel.target}"), opts,
                 back=Sel(mode="metamorph"),
                 picked_creature=sel.target)


def _first_trait(view: MagicView, uid: int) -> str:
    c = view.creatures.get(uid)
    return c.traits[0] if c is not None and c.traits else "vampire"


# --- the action --------------------------------------------------------------------------

def _action(view: MagicView, legal: list[MagicAction], sel: Sel, lang: str) -> Stage:
    if sel.mode == "attack":
        return _attack(view, legal, sel, lang)
    gains = _of(legal, A.Gain)
    if sel.mode == "gain":
        opts = [Option(text(f"magic.opt.gain_{a.part}", lang,
                            k=view.lower if a.part == "lower" else view.upper), a)
                for a in gains]
        opts.append(Option(text("magic.opt.back", lang), Sel()))
        return Stage(text("magic.stage.gain", lang), opts, back=Sel(), picked_creature=view.active)
    opts = []  # what the creature can do now (a move the rules would refuse is not offered)
    if len(gains) == 1:
        opts.append(Option(text("magic.opt.gain", lang), gains[0]))
    elif gains:
        opts.append(Option(text("magic.opt.gain", lang), Sel(mode="gain")))
    if A.TRANSMUTE in legal:
        opts.append(Option(text("magic.opt.transmute", lang), A.TRANSMUTE))
    if _of(legal, A.AttackWith):
        opts.append(Option(text("magic.opt.attack", lang), Sel(mode="attack")))
    opts.append(Option(text("magic.opt.sleep", lang), A.SLEEP))
    # The prompt names no action: the options are the ones allowed now.
    return Stage(text("magic.stage.action", lang, c=f"c{view.active}"), opts,
                 picked_creature=view.active)


def _attack(view: MagicView, legal: list[MagicAction], sel: Sel, lang: str) -> Stage:
    attacks = _of(legal, A.AttackWith)
    mine = [p for p in ATTACKING if any(p in a.props for a in attacks)]
    if sel.target is None:
        def result(uid: int) -> Result:
            if len(mine) == 1:
                return A.AttackWith(uid, (mine[0],))
            return replace(sel, target=uid)
        picks = {a.target: result(a.target) for a in attacks}
        burn_first = tuple(sorted(mine, key=lambda p: p != "fire_breathing"))  # burn, then strike
        return Stage(text("magic.stage.attack_target", lang), [Option(text("magic.opt.back", lang), Sel())],
                     creatures=picks, probe_creature=lambda u: A.AttackWith(u, tuple(mine)),
                     back=Sel(), zone="creatures", picked_creature=view.active, preview_props=burn_first)
    opts = []
    for p in mine:
        ticked = sel.props.index(p) + 1 if p in sel.props else 0
        new = tuple(x for x in sel.props if x != p) if ticked else (*sel.props, p)
        opts.append(Option(prop_name(p, lang), replace(sel, props=new), order=ticked, tick=True))
    ready = A.AttackWith(sel.target, sel.props) if sel.props else None
    opts.append(Option(text("magic.opt.attack_go", lang), ready, enabled=ready is not None,
                       hint=text("hint.tick", lang)))
    opts.append(Option(text("magic.opt.back", lang), Sel(mode="attack")))
    prompt = text("magic.stage.attack_props", lang, t=f"c{sel.target}")
    if sel.props:  # what the ticked properties would do, in their order, before the attack is made
        prompt += " · " + attack_preview(view, view.active, sel.target, sel.props, lang, plain=True)
    return Stage(prompt, opts, default=ready, back=Sel(mode="attack"), picked_creature=sel.target)


# --- follow-ups --------------------------------------------------------------------------

def _voracious(view: MagicView, legal: list[MagicAction], sel: Sel, lang: str) -> Stage:
    opts = [Option(text("magic.opt.voracious_yes", lang), A.VORACIOUS),
            Option(text("magic.opt.voracious_no", lang), A.PASS)]
    return Stage(_step_prompt(view, lang), opts, picked_creature=view.active)


def _molt(view: MagicView, legal: list[MagicAction], sel: Sel, lang: str) -> Stage:
    active = view.creatures[view.active]
    shown = dict(zip(active.cards, active.traits, strict=False))
    opts = [Option(text("magic.opt.molt", lang, p=prop_name(shown.get(a.card, ""), lang), card=a.card), a)
            for a in _of(legal, A.Molt)]
    opts.append(Option(text("magic.opt.no_molt", lang), A.PASS))
    return Stage(_step_prompt(view, lang), opts, picked_creature=view.active)


def _burn(view: MagicView, legal: list[MagicAction], sel: Sel, lang: str) -> Stage:
    assert view.attack is not None  # the burn step follows an attack
    target = view.creatures[view.attack.target]
    shown = dict(zip(target.cards, target.traits, strict=False))
    opts = [Option(text("magic.opt.burn", lang, p=prop_name(shown.get(a.card, ""), lang), card=a.card), a)
            for a in _of(legal, A.Burn)]
    return Stage(_step_prompt(view, lang), opts, picked_creature=target.uid)


_BUILDERS: dict[str, Callable[[MagicView, list[MagicAction], Sel, str], Stage]] = {
    "swap": _swap, "create": _create, "add": _add, "activate": _activate, "effects": _effects,
    "action": _action, "voracious": _voracious, "molt": _molt, "burn": _burn,
}
