"""How a `classic` decision is asked on the table, one small choice at a time.

The rules fold sub-choices that reveal nothing into one action (a card with its side and
animal; a paired card with both partners and the Симбиоз direction; a defence with its
Мимикрия target or the card Отбрасывание хвоста drops). The table asks for them one by one: a
`Sel` records what has been picked so far, and `build_stage` turns (view, legal actions, Sel)
into a `Stage` — the prompt, the numbered options, and which hand cards and animals may be
picked and what picking each leads to (a complete action, or a deeper `Sel`). Pure logic, no
Textual: the screen renders a Stage and submits the action it yields.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.games.classic import actions as A
from core.games.classic.data import (
    PAIRED,
    PARASITE,
    SYMBIOSIS,
    faces,
    numbers,
)
from core.games.classic.legal import prompt as core_prompt
from tui.games.classic.describe import attack_line, prop_name
from tui.i18n import text
from tui.stage import Option, Result, number
from tui.stage import Stage as StageBase


@dataclass(frozen=True)
class Sel:
    """What has been picked so far in the pending decision."""

    card: int | None = None  # development: the hand card
    side: str | None = None  # development: "a" (main) or "b" (second)
    first: int | None = None  # development, a pair: the first animal (Симбиоз: the protector)
    animal: int | None = None  # feeding, reserve: the own animal picked
    mode: str = ""  # feeding: attack | pirate | convert; defence: mimicry | tail
    target: int | None = None  # feeding, attack: the prey picked (the attack awaits Enter)


@dataclass
class Stage(StageBase):
    cards: dict[int, Result] = field(default_factory=dict)  # hand card -> result
    animals: dict[int, Result] = field(default_factory=dict)  # animal uid -> result
    probe_card: Callable[[int], Any] | None = None  # the action an illegal card pick stands for
    probe_animal: Callable[[int], Any] | None = None
    card_message: str = ""  # said when a card is picked where cards mean nothing
    animal_message: str = ""  # said when an animal is picked where animals mean nothing
    zone: str = "none"  # where the cursor should start: hand | mine | others | animals | none
    picked_card: int | None = None  # highlighted: the hand card picked so far
    picked: tuple[int, ...] = ()  # highlighted: the animals picked so far
    attacker: int | None = None  # choosing prey: the predator (the details preview the attack)
    switch: dict[str, Result] = field(default_factory=dict)  # "h:<card>"/"a:<uid>" -> a new
    # selection: a change of mind picked on the board (another card, animal or prey); not
    # highlighted, so the targets of the choice being made stand out

    def picks(self) -> list[Result]:
        return [*self.cards.values(), *self.animals.values(), *self.switch.values()]


def action_target(action: Any) -> str | None:
    """The table item a move starts from ("h:<card>" or "a:<uid>"), to point at a hint."""
    if isinstance(action, (A.Create, A.Add, A.Pair, A.Discard)):
        return f"h:{action.card}"
    if isinstance(action, (A.Take, A.Convert, A.Graze, A.Pirate, A.Hibernate, A.Scavenge,
                           A.Reserve)):
        return f"a:{action.animal}"
    if isinstance(action, A.Attack):
        return f"a:{action.predator}"
    if isinstance(action, A.Fire):
        return f"a:{action.to}"
    if isinstance(action, A.Defend) and action.kind == "mimicry":
        return f"a:{action.target}"
    return None


def build_stage(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    builder = _BUILDERS.get(view.step)
    if builder is None:
        return Stage("")
    stage = builder(view, legal, sel, lang)
    stage.options = number(stage.options)
    return stage


def _of(legal: list[Any], kind: type | tuple[type, ...]) -> list[Any]:
    return [a for a in legal if isinstance(a, kind)]


def _t(key: str, lang: str, **args: Any) -> str:
    return text(f"classic.{key}", lang, **args)


def _back(lang: str, to: Sel) -> Option:
    return Option(_t("opt.back", lang), to)


def _other_cards(view: Any, card: int | None) -> dict[str, Result]:
    """Development: picking another hand card starts over with it."""
    return {f"h:{c}": Sel(card=c) for c in view.players[view.decider].hand or [] if c != card}


def _mine(view: Any) -> list[int]:
    return list(view.players[view.decider].row)


def _others(view: Any) -> list[int]:
    return [u for u, a in view.animals.items() if a.owner != view.decider]


# --- development -----------------------------------------------------------------------------

def _develop(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    if sel.card is None:
        hand = view.players[view.decider].hand or []
        return Stage(core_prompt(view, lang), [Option(_t("opt.pass", lang), A.PASS)],
                     cards={c: Sel(card=c) for c in hand},
                     animal_message=_t("msg.card_first", lang), zone="hand")
    if sel.side is None:
        return _develop_side(view, legal, sel, lang)
    trait = faces(view.single_poisonous)[sel.card][0 if sel.side == "a" else 1]
    if trait in PAIRED:
        return _develop_pair(view, legal, sel, trait, lang)
    adds = [a for a in _of(legal, A.Add) if a.card == sel.card and a.side == sel.side]
    back = Sel(card=sel.card)
    key = "stage.add_parasite" if trait == PARASITE else "stage.add"
    return Stage(_t(key, lang, p=prop_name(trait, lang), card=sel.card), [_back(lang, back)],
                 animals={a.animal: a for a in adds},
                 probe_animal=lambda u: A.Add(sel.card, sel.side, u),  # type: ignore[arg-type]
                 card_message=_t("msg.animal_now", lang), back=back,
                 zone="others" if trait == PARASITE else "mine", picked_card=sel.card,
                 switch=_other_cards(view, sel.card))


def _develop_side(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    card = sel.card
    assert card is not None
    face = faces(view.single_poisonous)[card]
    opts = [Option(_t("opt.create", lang), A.Create(card))]
    for i, trait in enumerate(face):  # a side no animal can take now is not offered
        side = "b" if i else "a"
        kind = A.Pair if trait in PAIRED else A.Add
        if any(a.card == card and a.side == side for a in _of(legal, kind)):
            key = ("opt.symbiosis" if trait == SYMBIOSIS else "opt.pair") if trait in PAIRED \
                else "opt.parasite" if trait == PARASITE else "opt.add"
            opts.append(Option(_t(key, lang, p=prop_name(trait, lang)), Sel(card=card, side=side)))
    opts.append(_back(lang, Sel()))
    names = " / ".join(prop_name(t, lang) for t in face)
    return Stage(_t("stage.side", lang, card=card, face=names), opts, back=Sel(), zone="hand",
                 picked_card=card, switch=_other_cards(view, card))


def _develop_pair(view: Any, legal: list[Any], sel: Sel, trait: str, lang: str) -> Stage:
    pairs = [a for a in _of(legal, A.Pair) if a.card == sel.card and a.side == sel.side]
    directed = trait == SYMBIOSIS
    p = prop_name(trait, lang)
    card, side = sel.card, sel.side
    assert card is not None and side is not None
    mine = _mine(view)
    if sel.first is None:
        firsts = {a.a for a in pairs} | (set() if directed else {a.b for a in pairs})
        back = Sel(card=card)

        def probe_first(u: int) -> Any:
            other = next((m for m in mine if m != u), u)
            if directed:
                return A.Pair(card, side, u, other)
            return A.Pair(card, side, min(u, other), max(u, other))

        key = "stage.protector" if directed else "stage.pair_first"
        return Stage(_t(key, lang, p=p, card=card), [_back(lang, back)],
                     animals={u: Sel(card=card, side=side, first=u) for u in sorted(firsts)},
                     probe_animal=probe_first, card_message=_t("msg.animal_now", lang),
                     back=back, zone="mine", picked_card=card, switch=_other_cards(view, card))
    first = sel.first
    if directed:
        picks = {a.b: a for a in pairs if a.a == first}
    else:
        picks = {(a.b if a.a == first else a.a): a for a in pairs if first in (a.a, a.b)}

    def probe_second(u: int) -> Any:
        if directed:
            return A.Pair(card, side, first, u)
        return A.Pair(card, side, min(first, u), max(first, u))

    back = Sel(card=card, side=side)
    key = "stage.dependent" if directed else "stage.pair_second"
    return Stage(_t(key, lang, p=p, c=f"c{first}"), [_back(lang, back)], animals=picks,
                 probe_animal=probe_second, card_message=_t("msg.animal_now", lang), back=back,
                 zone="mine", picked_card=card, picked=(first,), switch=_other_cards(view, card))


# --- feeding ---------------------------------------------------------------------------------

def _active(legal: list[Any]) -> set[int]:
    """The own animals that can do something in this feeding go."""
    out = set()
    for a in legal:
        if isinstance(a, A.Attack):
            out.add(a.predator)
        elif not isinstance(a, A.End):
            out.add(a.animal)
    return out


def _feed(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    if sel.animal is None:
        active = _active(legal)
        end = [Option(_t("opt.end", lang), A.END)] if A.END in legal else []
        return Stage(core_prompt(view, lang), end,
                     animals={u: Sel(animal=u) for u in _mine(view) if u in active},
                     probe_animal=A.Take, card_message=_t("msg.feed_animal", lang), zone="mine")
    if sel.mode == "attack":
        return _attack(view, legal, sel, lang)
    if sel.mode == "pirate":
        u = sel.animal
        picks = {a.victim: a for a in _of(legal, A.Pirate) if a.animal == u}
        back = Sel(animal=u)
        return Stage(_t("stage.pirate", lang, c=f"c{u}"), [_back(lang, back)], animals=picks,
                     probe_animal=lambda v: A.Pirate(u, v),  # type: ignore[arg-type]
                     card_message=_t("msg.animal_now", lang), back=back, zone="animals",
                     picked=(u,))
    if sel.mode == "convert":
        u = sel.animal
        back = Sel(animal=u)
        opts = [Option(_t("opt.convert_k", lang, k=a.k), a)
                for a in _of(legal, A.Convert) if a.animal == u]
        opts.append(_back(lang, back))
        return Stage(_t("stage.convert", lang, c=f"c{u}"), opts, back=back, picked=(u,))
    return _feed_animal(view, legal, sel, lang)


def _feed_animal(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    """What the picked animal does: the actions its properties give that the rules allow now
    (one the rules would refuse is not offered)."""
    u = sel.animal
    assert u is not None
    a = view.animals[u]
    back = Sel()
    opts = []
    take = A.Take(u)
    if take in legal:
        opts.append(Option(_t("opt.take", lang), take))
    if any(x.predator == u for x in _of(legal, A.Attack)):
        opts.append(Option(_t("opt.attack", lang), Sel(animal=u, mode="attack")))
    converts = [x for x in _of(legal, A.Convert) if x.animal == u]
    if converts:
        result: Any = converts[0] if len(converts) == 1 else Sel(animal=u, mode="convert")
        opts.append(Option(_t("opt.convert", lang, k=a.fat), result))
    if A.Graze(u) in legal:
        opts.append(Option(_t("opt.graze", lang), A.Graze(u)))
    if any(x.animal == u for x in _of(legal, A.Pirate)):
        opts.append(Option(_t("opt.pirate", lang), Sel(animal=u, mode="pirate")))
    if A.Hibernate(u) in legal:
        opts.append(Option(_t("opt.hibernate", lang), A.Hibernate(u)))
    opts.append(_back(lang, back))
    return Stage(_t("stage.feed_animal", lang, c=f"c{u}"), opts,
                 default=take if take in legal else None, back=back, picked=(u,),
                 switch={f"a:{w}": Sel(animal=w) for w in _active(legal) if w != u})


def _attack(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    u = sel.animal
    assert u is not None
    attacks = {a.prey: a for a in _of(legal, A.Attack) if a.predator == u}
    if sel.target is None:
        back = Sel(animal=u)
        return Stage(_t("stage.prey", lang, c=f"c{u}"), [_back(lang, back)],
                     animals={v: Sel(animal=u, mode="attack", target=v) for v in attacks},
                     probe_animal=lambda v: A.Attack(u, v),  # type: ignore[arg-type]
                     card_message=_t("msg.animal_now", lang), back=back, zone="others",
                     picked=(u,), attacker=u)
    v = sel.target
    go = attacks.get(v)
    back = Sel(animal=u, mode="attack")
    opts = [Option(_t("opt.attack_go", lang, c=f"c{u}", t=f"c{v}"), go)] if go else []
    opts.append(_back(lang, back))
    return Stage(attack_line(view, u, v, lang), opts, default=go, back=back, picked=(u, v),
                 attacker=u,
                 switch={f"a:{w}": Sel(animal=u, mode="attack", target=w) for w in attacks if w != v})


# --- reactions -------------------------------------------------------------------------------

def _defend(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    at = view.attack
    prey = at.prey if at is not None else 0
    predator = at.predator if at is not None else 0
    defences = _of(legal, A.Defend)
    mimic = [d for d in defences if d.kind == "mimicry"]
    tails = [d for d in defences if d.kind == "tail"]
    if sel.mode == "mimicry":
        back = Sel()
        opts = [Option(_t("opt.mimic_to", lang, t=f"c{d.target}"), d) for d in mimic]
        opts.append(_back(lang, back))
        return Stage(_t("stage.mimicry", lang, c=f"c{predator}", t=f"c{prey}"), opts,
                     animals={d.target: d for d in mimic},
                     probe_animal=lambda u: A.Defend("mimicry", target=u),
                     back=back, zone="mine", picked=(prey,))
    if sel.mode == "tail":
        back = Sel()
        v = view.animals[prey]
        shown = dict(zip(v.cards, v.traits, strict=False))
        opts = []
        for d in tails:
            trait = shown.get(d.card, "")
            opts.append(Option(_t("opt.tail_card", lang, p=prop_name(trait, lang), card=d.card), d))
        opts.append(_back(lang, back))
        return Stage(_t("stage.tail", lang, t=f"c{prey}"), opts, back=back,
                     picked=(prey,))
    opts = []
    for d in defences:
        if d.kind == "running":
            opts.append(Option(_t("opt.run", lang, k=numbers()["running_from"]), d))
    if len(mimic) == 1:
        opts.append(Option(_t("opt.mimic_to", lang, t=f"c{mimic[0].target}"), mimic[0]))
    elif mimic:
        opts.append(Option(_t("opt.mimicry", lang, k=len(mimic)), Sel(mode="mimicry")))
    if tails:
        opts.append(Option(_t("opt.tail", lang, k=numbers()["tail"]), Sel(mode="tail")))
    if A.DEFEND_NONE in legal:
        opts.append(Option(_t("opt.no_defence", lang, t=f"c{prey}"), A.DEFEND_NONE))
    return Stage(core_prompt(view, lang), opts, picked=(prey,),
                 animals={d.target: d for d in mimic},
                 probe_animal=lambda u: A.Defend("mimicry", target=u),
                 card_message=_t("msg.defence_numbers", lang), zone="none")


def _trigger(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    opts = []
    fires = _of(legal, A.Fire)
    for f in fires:
        link = view.links.get(f.card)
        trait = link.trait if link is not None else ""
        key = "opt.fire_red" if trait == "communication" else "opt.fire_blue"
        opts.append(Option(_t(key, lang, card=f.card, p=prop_name(trait, lang), c=f"c{f.to}"), f))
    targets: dict[int, list[Any]] = {}
    for f in fires:
        targets.setdefault(f.to, []).append(f)
    animals = {u: fs[0] for u, fs in targets.items() if len(fs) == 1}
    return Stage(core_prompt(view, lang), opts, animals=animals,
                 card_message=_t("msg.animal_now", lang),
                 animal_message=_t("msg.trigger_animal", lang), zone="none")


def _scavenger(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    picks = {a.animal: a for a in _of(legal, A.Scavenge)}
    opts = [Option(_t("opt.scavenger", lang, c=f"c{u}"), a) for u, a in picks.items()]
    return Stage(core_prompt(view, lang), opts, animals=picks, probe_animal=A.Scavenge,
                 card_message=_t("msg.animal_now", lang), zone="mine")


def _reserve(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    uses = _of(legal, A.Reserve)
    if sel.animal is None:
        per: dict[int, list[Any]] = {}
        for r in uses:
            per.setdefault(r.animal, []).append(r)
        animals = {u: (rs[0] if len(rs) == 1 else Sel(animal=u)) for u, rs in per.items()}
        return Stage(core_prompt(view, lang), [Option(_t("opt.keep_reserve", lang), A.END)],
                     animals=animals,
                     probe_animal=lambda u: A.Reserve(u, 1),
                     card_message=_t("msg.animal_now", lang), zone="mine")
    u = sel.animal
    back = Sel()
    opts = [Option(_t("opt.reserve_k", lang, k=r.k), r) for r in uses if r.animal == u]
    opts.append(_back(lang, back))
    return Stage(_t("stage.reserve", lang, c=f"c{u}"), opts, back=back, picked=(u,))


def _discard(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    picks = {a.card: a for a in _of(legal, A.Discard)}
    return Stage(core_prompt(view, lang), [], cards=picks, probe_card=A.Discard,
                 animal_message=_t("msg.card_now", lang), zone="hand")


_BUILDERS: dict[str, Callable[[Any, list[Any], Sel, str], Stage]] = {
    "develop": _develop, "feed": _feed, "defend": _defend, "trigger": _trigger,
    "scavenger": _scavenger, "reserve": _reserve, "discard": _discard,
}
