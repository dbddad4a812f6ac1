"""How a `newworld` decision is asked on the table, one small choice at a time.

The rules fold sub-choices that reveal nothing into one action (a card with its side and
animal, or its place in the row; a paired card with both partners and the Симбиоз direction;
a defence with its Мимикрия target or the card Отбрасывание хвоста drops; Превращение with the
card it replaces and the new card and side). The table asks for them one by one: a `Sel`
records what has been picked so far, and `build_stage` turns (view, legal actions, Sel) into a
`Stage` — the prompt, the numbered options, and which hand cards, animals and habitats may be
picked and what picking each leads to (a complete action, or a deeper `Sel`). Pure logic, no
Textual: the screen renders a Stage and submits the action it yields.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.games.newworld import actions as A
from core.games.newworld.data import (
    OTHERS_ONLY,
    PAIRED,
    STASIS,
    SYMBIOSIS,
    faces,
    numbers,
)
from core.games.newworld.legal import prompt as core_prompt
from tui.games.newworld.describe import attack_line, hab_name, prop_name
from tui.i18n import text
from tui.stage import Option, Result, number
from tui.stage import Stage as StageBase


@dataclass(frozen=True)
class Sel:
    """What has been picked so far in the pending decision."""

    card: int | None = None  # development / Превращение: the hand card
    side: str | None = None  # development: "a" (main), "b" (short) or "new" (an animal)
    first: int | None = None  # development, a pair: the first animal (Симбиоз: the protector)
    animal: int | None = None  # feeding: the own animal picked
    mode: str = ""  # feeding: attack | pirate | transform; defence: mimicry | tail; swap
    target: int | None = None  # attack: the prey picked (awaits Enter); swap: the first group
    habitat: str | None = None  # feeding: a habitat offering both food and a shelter
    old: int | None = None  # Превращение: the property card replaced


@dataclass
class Stage(StageBase):
    cards: dict[int, Result] = field(default_factory=dict)  # hand card -> result
    animals: dict[int, Result] = field(default_factory=dict)  # animal uid -> result
    habitats: dict[str, Result] = field(default_factory=dict)  # habitat key -> result
    probe_card: Callable[[int], Any] | None = None  # the action an illegal card pick stands for
    probe_animal: Callable[[int], Any] | None = None
    probe_habitat: Callable[[str], Any] | None = None
    card_message: str = ""  # said when a card is picked where cards mean nothing
    animal_message: str = ""  # said when an animal is picked where animals mean nothing
    habitat_message: str = ""  # said when a habitat is picked where habitats mean nothing
    zone: str = "none"  # where the cursor starts: hand | mine | others | animals | habitats | none
    picked_card: int | None = None  # highlighted: the hand card picked so far
    picked: tuple[int, ...] = ()  # highlighted: the animals picked so far
    picked_habitat: str | None = None
    attacker: int | None = None  # choosing prey: the predator (the details preview the attack)
    stay: bool = False  # the cursor stays where it is (Enter there is the default)
    dim: bool = True  # items of the kind being chosen that cannot be chosen are dimmed
    switch: dict[str, Result] = field(default_factory=dict)  # "h:<card>" / "a:<uid>" -> a new
    # selection: a change of mind picked on the board (another card or animal); not
    # highlighted, so the targets of the choice being made stand out

    def picks(self) -> list[Result]:
        return [*self.cards.values(), *self.animals.values(), *self.habitats.values(),
                *self.switch.values()]


def action_target(action: Any) -> str | None:
    """The table item a move starts from ("h:<card>", "a:<uid>", "hb:<key>"), for a hint."""
    if isinstance(action, (A.Create, A.Add, A.Pair, A.Discard)):
        return f"h:{action.card}"
    if isinstance(action, (A.Feed, A.Shelter, A.Pirate, A.Transform, A.Scavenge, A.Save)):
        return f"a:{action.animal}"
    if isinstance(action, A.Attack):
        return f"a:{action.predator}"
    if isinstance(action, A.Mutate) and action.animal:
        return f"a:{action.animal}"
    if isinstance(action, A.Swap):
        return f"a:{action.a}"
    if isinstance(action, A.Defend) and action.kind == "mimicry":
        return f"a:{action.target}"
    return None


def build_stage(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    builder = _BUILDERS.get(view.step)
    if builder is None:
        return Stage("")
    if view.step == "develop" and view.scenario == "mutations":
        builder = _mutate
    stage = builder(view, legal, sel, lang)
    stage.options = number(stage.options)
    return stage


def _of(legal: list[Any], kind: type | tuple[type, ...]) -> list[Any]:
    return [a for a in legal if isinstance(a, kind)]


def _t(key: str, lang: str, **args: Any) -> str:
    return text(f"newworld.{key}", lang, **args)


def _back(lang: str, to: Sel) -> Option:
    return Option(_t("opt.back", lang), to)


def _gate(label: str, action: Any, legal: list[Any]) -> list[Option]:
    """An option for `action` if it is legal now; a move the rules would refuse is not offered."""
    return [Option(label, action)] if action in legal else []


def _other_cards(view: Any, card: int | None) -> dict[str, Result]:
    """Development: picking another hand card starts over with it."""
    return {f"h:{c}": Sel(card=c) for c in view.players[view.decider].hand or [] if c != card}


def _mine(view: Any) -> list[int]:
    return list(view.players[view.decider].row)


def _others(view: Any) -> list[int]:
    return [u for u, a in view.animals.items() if a.owner != view.decider]


def _trait(card: int, side: str) -> str:
    return faces()[card][0 if side == "a" else 1]


# --- development -----------------------------------------------------------------------------

def _develop(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    if sel.card is None:
        hand = view.players[view.decider].hand or []
        opts = _gate(_t("opt.pass", lang), A.PASS, legal)
        return Stage(core_prompt(view, lang), opts, cards={c: Sel(card=c) for c in hand},
                     animal_message=_t("msg.card_first", lang),
                     habitat_message=_t("msg.card_first", lang), zone="hand")
    if sel.side is None:
        return _develop_side(view, legal, sel, lang)
    if sel.side == "new":
        return _develop_place(view, legal, sel, lang)
    trait = _trait(sel.card, sel.side)
    if trait in PAIRED:
        return _develop_pair(view, legal, sel, trait, lang)
    adds = [a for a in _of(legal, A.Add) if a.card == sel.card and a.side == sel.side]
    back = Sel(card=sel.card)
    key = "stage.add_others" if trait in OTHERS_ONLY else \
        "stage.add_any" if trait == STASIS else "stage.add"
    card, side = sel.card, sel.side
    zone = "others" if trait in OTHERS_ONLY else "mine"
    return Stage(_t(key, lang, p=prop_name(trait, lang), card=card), [_back(lang, back)],
                 animals={a.animal: a for a in adds},
                 probe_animal=lambda u: A.Add(card, side, u),
                 card_message=_t("msg.animal_now", lang),
                 habitat_message=_t("msg.animal_now", lang), back=back, zone=zone,
                 picked_card=card, switch=_other_cards(view, card))


def _develop_side(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    card = sel.card
    assert card is not None
    creates = [a for a in _of(legal, A.Create) if a.card == card]
    opts = []
    if len(creates) > 1:
        opts.append(Option(_t("opt.create_where", lang), Sel(card=card, side="new")))
    else:
        opts += _gate(_t("opt.create", lang), A.Create(card), legal)
    for side, trait in zip("ab", faces()[card], strict=True):  # a side no animal can take now
        kind = A.Pair if trait in PAIRED else A.Add  # is not offered
        if not any(a.card == card and a.side == side for a in _of(legal, kind)):
            continue
        if trait in PAIRED:
            key = "opt.symbiosis" if trait == SYMBIOSIS else "opt.pair"
        else:
            key = "opt.add_others" if trait in OTHERS_ONLY else \
                "opt.add_any" if trait == STASIS else "opt.add"
        which = _t("opt.main" if side == "a" else "opt.short", lang)
        opts.append(Option(f"{which}: " + _t(key, lang, p=prop_name(trait, lang)),
                           Sel(card=card, side=side)))
    opts.append(_back(lang, Sel()))
    names = " / ".join(prop_name(t, lang) for t in faces()[card])
    return Stage(_t("stage.side", lang, card=card, face=names), opts, back=Sel(), zone="hand",
                 picked_card=card, switch=_other_cards(view, card),
                 animal_message=_t("msg.side_first", lang),
                 habitat_message=_t("msg.side_first", lang))


def _develop_place(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    """A new animal: at the right end, or just left of one of the own animals (NW10)."""
    card = sel.card
    assert card is not None
    creates = {a.before: a for a in _of(legal, A.Create) if a.card == card}
    back = Sel(card=card)
    opts = [Option(_t("opt.right_end", lang), creates.get(0)), _back(lang, back)]
    return Stage(_t("stage.place", lang, card=card), opts, default=creates.get(0),
                 animals={u: a for u, a in creates.items() if u},
                 probe_animal=lambda u: A.Create(card, u),
                 card_message=_t("msg.animal_now", lang),
                 habitat_message=_t("msg.animal_now", lang), back=back, zone="mine",
                 picked_card=card, switch=_other_cards(view, card), stay=True)


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
                     habitat_message=_t("msg.animal_now", lang), back=back, zone="mine",
                     picked_card=card, switch=_other_cards(view, card))
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
                 probe_animal=probe_second, card_message=_t("msg.animal_now", lang),
                 habitat_message=_t("msg.animal_now", lang), back=back, zone="mine",
                 picked_card=card, picked=(first,), switch=_other_cards(view, card))


# --- Случайные мутации ---------------------------------------------------------------------

def _mutate(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    swaps = _of(legal, A.Swap)
    if sel.mode == "swap":
        return _swap(view, swaps, sel, lang)
    opts = _gate(_t("opt.mutate_new", lang), A.Mutate(0), legal)
    if swaps:
        opts.append(Option(_t("opt.swap", lang), Sel(mode="swap")))
    opts += _gate(_t("opt.pass", lang), A.PASS, legal)
    mine = _mine(view)
    return Stage(core_prompt(view, lang), opts,
                 animals={a.animal: a for a in _of(legal, A.Mutate) if a.animal},
                 probe_animal=lambda u: A.Mutate(u), default=None,
                 habitat_message=_t("msg.mutate_animal", lang),
                 card_message=_t("msg.mutate_animal", lang),
                 zone="mine" if mine else "none")


def _swap(view: Any, swaps: list[Any], sel: Sel, lang: str) -> Stage:
    heads = sorted({s.a for s in swaps} | {s.b for s in swaps})
    if sel.target is None:
        back = Sel()
        return Stage(_t("stage.swap_first", lang), [_back(lang, back)],
                     animals={u: Sel(mode="swap", target=u) for u in heads},
                     probe_animal=lambda u: A.Swap(u, u), back=back, zone="mine",
                     card_message=_t("msg.animal_now", lang),
                     habitat_message=_t("msg.animal_now", lang))
    first = sel.target
    picks: dict[int, Any] = {}
    for s in swaps:
        if s.a == first:
            picks[s.b] = s
        elif s.b == first:
            picks[s.a] = s
    opts = []
    turn = picks.get(first)
    if turn is not None:
        opts.append(Option(_t("opt.turn_round", lang, c=f"c{first}"), turn))
    back = Sel(mode="swap")
    opts.append(_back(lang, back))
    return Stage(_t("stage.swap_second", lang, c=f"c{first}"), opts,
                 animals={u: s for u, s in picks.items() if u != first},
                 probe_animal=lambda u: A.Swap(first, u), back=back, zone="mine",
                 picked=(first,), card_message=_t("msg.animal_now", lang),
                 habitat_message=_t("msg.animal_now", lang))


def _side(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    """The revealed gene-pool card: which side goes on the animal (or replaces the property
    of Превращение); Симбиоз with its direction."""
    card = view.reveal
    opts = []
    for s in _of(legal, A.Side):
        trait = _trait(card, s.side)
        which = _t("opt.main" if s.side == "a" else "opt.short", lang)
        if s.a:
            label = f"{which}: " + _t("opt.side_symbiosis", lang, p=prop_name(trait, lang),
                                      c=f"c{s.a}", t=f"c{s.b}")
        else:
            label = f"{which}: {prop_name(trait, lang)}"
        opts.append(Option(label, s))
    return Stage(core_prompt(view, lang), opts, picked=(view.target,) if view.target else (),
                 card_message=_t("msg.numbers", lang), animal_message=_t("msg.numbers", lang),
                 habitat_message=_t("msg.numbers", lang))


# --- feeding ---------------------------------------------------------------------------------

def _actor(a: Any) -> int:
    if isinstance(a, A.Attack):
        return a.predator
    return a.animal


def _active(legal: list[Any]) -> set[int]:
    """The own animals that can do something in this feeding turn."""
    return {_actor(a) for a in legal if not isinstance(a, (A.End, A.Pass))}


def _feed(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    if sel.animal is None:
        return _feed_root(view, legal, lang)
    if sel.mode == "attack":
        return _attack(view, legal, sel, lang)
    if sel.mode == "pirate":
        return _pirate(view, legal, sel, lang)
    if sel.mode == "transform":
        return _transform(view, legal, sel, lang)
    if sel.habitat is not None:
        return _feed_or_shelter(view, legal, sel, lang)
    return _feed_animal(view, legal, sel, lang)


def _turn_end(view: Any, legal: list[Any], lang: str) -> list[Option]:
    """Pass before anything was done, end the turn after (when the rules allow it)."""
    if view.main_done or view.extra_done:
        return _gate(_t("opt.end", lang), A.END, legal)
    return _gate(_t("opt.pass_feed", lang), A.PASS, legal)


def _first_habitat(view: Any) -> str:
    for h in view.habitats:
        if h.red > 0:
            return h.key
    return view.habitats[0].key if view.habitats else "0"


def _feed_root(view: Any, legal: list[Any], lang: str) -> Stage:
    active = _active(legal)
    mine = _mine(view)
    return Stage(core_prompt(view, lang), _turn_end(view, legal, lang),
                 animals={u: Sel(animal=u) for u in mine if u in active},
                 probe_animal=lambda u: A.Feed(u, _first_habitat(view)),
                 card_message=_t("msg.feed_animal", lang),
                 habitat_message=_t("msg.animal_first", lang), zone="mine")


def _place_probe(view: Any, u: int, key: str) -> Any:
    """The action a pick of a habitat stands for when nothing there is legal (its refusal
    says why): feeding, or taking shelter where there is no food but a disc."""
    h = next((x for x in view.habitats if x.key == key), None)
    if h is not None and h.red <= 0 and h.shelter > 0:
        return A.Shelter(u, key)
    return A.Feed(u, key)


def _habitat_picks(view: Any, legal: list[Any], u: int) -> dict[str, Result]:
    feeds = {a.habitat for a in _of(legal, A.Feed) if a.animal == u}
    shelters = {a.habitat for a in _of(legal, A.Shelter) if a.animal == u}
    out: dict[str, Result] = {}
    for h in view.habitats:
        k = h.key
        if k in feeds and k in shelters:
            out[k] = Sel(animal=u, habitat=k)
        elif k in feeds:
            out[k] = A.Feed(u, k)
        elif k in shelters:
            out[k] = A.Shelter(u, k)
    return out


def _feed_animal(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    """What the picked animal does: feed or take shelter in a habitat picked on the board,
    or an action its properties give."""
    u = sel.animal
    assert u is not None
    back = Sel()
    places = _habitat_picks(view, legal, u)
    opts = []  # what its properties allow now (a move the rules would refuse is not offered)
    if any(x.predator == u for x in _of(legal, A.Attack)):
        opts.append(Option(_t("opt.attack", lang), Sel(animal=u, mode="attack")))
    if any(x.animal == u for x in _of(legal, A.Pirate)):
        opts.append(Option(_t("opt.pirate", lang), Sel(animal=u, mode="pirate")))
    if any(x.animal == u for x in _of(legal, A.Transform)):
        opts.append(Option(_t("opt.transform", lang), Sel(animal=u, mode="transform")))
    opts.append(_back(lang, back))
    key = "stage.feed_animal" if places else "stage.feed_animal_nowhere"
    return Stage(_t(key, lang, c=f"c{u}"), opts, back=back, picked=(u,), habitats=places,
                 probe_habitat=lambda k: _place_probe(view, u, k),
                 card_message=_t("msg.habitat_now", lang), zone="habitats",
                 switch={f"a:{w}": Sel(animal=w) for w in _active(legal) if w != u})


def _feed_or_shelter(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    u, k = sel.animal, sel.habitat
    assert u is not None and k is not None
    h = next(x for x in view.habitats if x.key == k)
    back = Sel(animal=u)
    feed, shelter = A.Feed(u, k), A.Shelter(u, k)
    opts = [Option(_t("opt.eat", lang), feed), Option(_t("opt.shelter", lang), shelter),
            _back(lang, back)]
    places = _habitat_picks(view, legal, u)
    places[k] = feed  # Enter on the habitat again: eat there
    return Stage(_t("stage.eat_or_shelter", lang, c=f"c{u}", h=f"h{k}",
                    name=hab_name(h.kind, lang)), opts, default=feed, back=back, picked=(u,),
                 picked_habitat=k, habitats=places,
                 probe_habitat=lambda x: _place_probe(view, u, x))


def _attack(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    u = sel.animal
    assert u is not None
    attacks = {a.prey: a for a in _of(legal, A.Attack) if a.predator == u}
    if sel.target is None:
        back = Sel(animal=u)
        return Stage(_t("stage.prey", lang, c=f"c{u}"), [_back(lang, back)],
                     animals={v: Sel(animal=u, mode="attack", target=v) for v in attacks},
                     probe_animal=lambda v: A.Attack(u, v),
                     card_message=_t("msg.animal_now", lang),
                     habitat_message=_t("msg.animal_now", lang), back=back, zone="others",
                     picked=(u,), attacker=u)
    v = sel.target
    go = attacks.get(v)
    back = Sel(animal=u, mode="attack")
    opts = [Option(_t("opt.attack_go", lang, c=f"c{u}", t=f"c{v}"), go)] if go else []
    opts.append(_back(lang, back))
    return Stage(attack_line(view, u, v, lang), opts, default=go, back=back, picked=(u, v),
                 attacker=u,
                 switch={f"a:{w}": Sel(animal=u, mode="attack", target=w)
                         for w in attacks if w != v})


def _pirate(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    u = sel.animal
    assert u is not None
    picks = {a.victim: a for a in _of(legal, A.Pirate) if a.animal == u}
    back = Sel(animal=u)
    return Stage(_t("stage.pirate", lang, c=f"c{u}"), [_back(lang, back)], animals=picks,
                 probe_animal=lambda v: A.Pirate(u, v),
                 card_message=_t("msg.animal_now", lang),
                 habitat_message=_t("msg.animal_now", lang), back=back, zone="animals",
                 picked=(u,))


def _transform(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    """Превращение: the property card to replace, then (unless the gene pool gives it) the
    hand card and its side."""
    u = sel.animal
    assert u is not None
    a = view.animals[u]
    moves = [x for x in _of(legal, A.Transform) if x.animal == u]
    if sel.old is None:
        back = Sel(animal=u)
        olds = [c for c in a.cards if c not in view.links]
        opts = []
        for c in olds:  # a property nothing can replace now is not offered
            ms = [m for m in moves if m.old == c]
            if not ms:
                continue
            trait = a.traits[a.cards.index(c)]
            label = _t("opt.replace", lang, p=prop_name(trait, lang), card=c)
            pool = view.scenario == "mutations"
            opts.append(Option(label, ms[0] if pool else Sel(animal=u, mode="transform", old=c)))
        opts.append(_back(lang, back))
        key = "stage.transform_pool" if view.scenario == "mutations" else "stage.transform_old"
        return Stage(_t(key, lang, c=f"c{u}"), opts, back=back, picked=(u,),
                     card_message=_t("msg.numbers", lang),
                     habitat_message=_t("msg.numbers", lang))
    old = sel.old
    gone = a.traits[a.cards.index(old)]
    fits = [m for m in moves if m.old == old]
    if sel.card is None:
        back = Sel(animal=u, mode="transform")
        per: dict[int, list[Any]] = {}
        for m in fits:
            per.setdefault(m.card, []).append(m)
        cards = {c: (ms[0] if len(ms) == 1 else Sel(animal=u, mode="transform", old=old, card=c))
                 for c, ms in per.items()}
        return Stage(_t("stage.transform_card", lang, c=f"c{u}", p=prop_name(gone, lang)),
                     [_back(lang, back)], cards=cards,
                     probe_card=lambda c: A.Transform(u, old, c, _fitting_side(c)),
                     animal_message=_t("msg.card_now", lang),
                     habitat_message=_t("msg.card_now", lang), back=back, zone="hand",
                     picked=(u,))
    card = sel.card
    back = Sel(animal=u, mode="transform", old=old)
    opts = []
    for side, trait in zip("ab", faces()[card], strict=True):
        which = _t("opt.main" if side == "a" else "opt.short", lang)
        opts += _gate(f"{which}: {prop_name(trait, lang)}", A.Transform(u, old, card, side), legal)
    opts.append(_back(lang, back))
    return Stage(_t("stage.transform_side", lang, c=f"c{u}", card=card, p=prop_name(gone, lang)),
                 opts, back=back, picked=(u,), picked_card=card, zone="hand")


def _fitting_side(card: int) -> str:
    """The side an illegal Превращение pick is explained by: the main one unless it is
    paired."""
    main, short = faces()[card]
    return "b" if main in PAIRED and short not in PAIRED else "a"


# --- reactions -------------------------------------------------------------------------------

def _trigger(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    frame = view.frames[-1] if view.frames else None
    opts = []
    fires = _of(legal, A.Fire)
    animals: dict[int, list[Any]] = {}
    for f in fires:
        link = view.links.get(f.card)
        trait = link.trait if link is not None else ""
        to = 0
        if link is not None and frame is not None:
            to = link.b if link.a == frame.animal else link.a
        key = "opt.fire_red" if trait == "communication" else "opt.fire_blue"
        h = f"h{frame.habitat}" if frame is not None else ""
        opts.append(Option(_t(key, lang, card=f.card, p=prop_name(trait, lang), c=f"c{to}", h=h),
                           f))
        animals.setdefault(to, []).append(f)
    h = f"h{frame.habitat}" if frame is not None else ""
    if A.TRAMPLE in legal:
        opts.append(Option(_t("opt.trample", lang, h=h), A.TRAMPLE))
    if A.SPARE in legal:
        opts.append(Option(_t("opt.spare", lang), A.SPARE))
    return Stage(core_prompt(view, lang), opts,
                 animals={u: fs[0] for u, fs in animals.items() if len(fs) == 1 and u},
                 picked=(frame.animal,) if frame is not None else (),
                 picked_habitat=frame.habitat if frame is not None else None,
                 card_message=_t("msg.numbers", lang),
                 animal_message=_t("msg.trigger_animal", lang),
                 habitat_message=_t("msg.numbers", lang), zone="none", dim=False)


def _defend(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    at = view.attack
    prey = at.prey if at is not None else 0
    predator = at.predator if at is not None else 0
    defences = _of(legal, A.Defend)
    mimic = [d for d in defences if d.kind == "mimicry"]
    tails = [d for d in defences if d.kind == "tail"]
    n = numbers()
    if sel.mode == "mimicry":
        back = Sel()
        opts = [Option(_t("opt.mimic_to", lang, t=f"c{d.target}"), d) for d in mimic]
        opts.append(_back(lang, back))
        return Stage(_t("stage.mimicry", lang, c=f"c{predator}", t=f"c{prey}"), opts,
                     animals={d.target: d for d in mimic},
                     probe_animal=lambda u: A.Defend("mimicry", target=u), back=back,
                     zone="mine", picked=(prey,), attacker=predator, dim=False)
    if sel.mode == "tail":
        back = Sel()
        v = view.animals[prey]
        shown = dict(zip(v.cards, v.traits, strict=False))
        opts = []
        for d in tails:
            trait = shown.get(d.card, "")
            opts.append(Option(_t("opt.tail_card", lang, p=prop_name(trait, lang), card=d.card), d))
        opts.append(_back(lang, back))
        return Stage(_t("stage.tail", lang, t=f"c{prey}"), opts, back=back, picked=(prey,))
    opts = []
    for d in defences:
        if d.kind == "horned":
            opts.append(Option(_t("opt.horned", lang, k=n["horned_from"]), d))
        elif d.kind == "running":
            opts.append(Option(_t("opt.run", lang, k=n["running_from"]), d))
    if len(mimic) == 1:
        opts.append(Option(_t("opt.mimic_to", lang, t=f"c{mimic[0].target}"), mimic[0]))
    elif mimic:
        opts.append(Option(_t("opt.mimicry", lang, k=len(mimic)), Sel(mode="mimicry")))
    if tails:
        opts.append(Option(_t("opt.tail", lang, k=n["tail"]), Sel(mode="tail")))
    if A.Defend("deterrence") in legal:
        opts.append(Option(_t("opt.deter", lang), A.Defend("deterrence")))
    opts += _gate(_t("opt.no_defence", lang, t=f"c{prey}"), A.DEFEND_NONE, legal)
    return Stage(core_prompt(view, lang), opts, picked=(prey,), attacker=predator,
                 animals={d.target: d for d in mimic},
                 probe_animal=lambda u: A.Defend("mimicry", target=u),
                 card_message=_t("msg.defence_numbers", lang),
                 habitat_message=_t("msg.defence_numbers", lang), zone="none", dim=False)


def _scavenger(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    picks = {a.animal: a for a in _of(legal, A.Scavenge)}
    opts = [Option(_t("opt.scavenger", lang, c=f"c{u}"), a) for u, a in picks.items()]
    return Stage(core_prompt(view, lang), opts, animals=picks, probe_animal=A.Scavenge,
                 card_message=_t("msg.animal_now", lang),
                 habitat_message=_t("msg.animal_now", lang), zone="mine")


def _save(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    saves = _of(legal, A.Save)
    opts = [Option(_t(f"opt.save_{s.first}", lang), s) for s in saves]
    picked = (saves[0].animal,) if saves else ()
    return Stage(core_prompt(view, lang), opts, picked=picked,
                 card_message=_t("msg.numbers", lang), animal_message=_t("msg.numbers", lang),
                 habitat_message=_t("msg.numbers", lang))


def _discard(view: Any, legal: list[Any], sel: Sel, lang: str) -> Stage:
    picks = {a.card: a for a in _of(legal, A.Discard)}
    return Stage(core_prompt(view, lang), [], cards=picks, probe_card=A.Discard,
                 animal_message=_t("msg.card_now", lang),
                 habitat_message=_t("msg.card_now", lang), zone="hand")


_BUILDERS: dict[str, Callable[[Any, list[Any], Sel, str], Stage]] = {
    "develop": _develop, "side": _side, "feed": _feed, "trigger": _trigger,
    "defend": _defend, "scavenger": _scavenger, "save": _save, "discard": _discard,
}
