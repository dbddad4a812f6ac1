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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from core.engine.protocol import Action
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
from core.games.newworld.view import NewWorldView
from tui.games.newworld.describe import attack_line, hab_name, prop_name
from tui.i18n import text
from tui.kits.evolution import stages as kit
from tui.stage import Option, Result


@dataclass(frozen=True)
class Sel(kit.Sel):
    """What has been picked so far in the pending decision: besides the kit's, a habitat and
    the card Превращение replaces (the card: development / Превращение; the side: "a" main,
    "b" short or "new" an animal; the mode also transform | swap)."""

    habitat: str | None = None  # feeding: a habitat offering both food and a shelter
    old: int | None = None  # Превращение: the property card replaced


@dataclass
class Stage(kit.Stage):
    habitats: dict[str, Result] = field(default_factory=dict)  # habitat key -> result
    probe_habitat: Callable[[str], Action] | None = None
    habitat_message: str = ""  # said when a habitat is picked where habitats mean nothing
    picked_habitat: str | None = None
    stay: bool = False  # the cursor stays where it is (Enter there is the default)
    dim: bool = True  # items of the kind being chosen that cannot be chosen are dimmed

    def picks(self) -> list[Result]:
        return [*self.cards.values(), *self.animals.values(), *self.habitats.values(),
                *self.switch.values()]


def _t(key: str, lang: str, **args: object) -> str:
    return text(f"newworld.{key}", lang, **args)


def _trait(card: int, side: str) -> str:
    return faces()[card][0 if side == "a" else 1]


# --- development -----------------------------------------------------------------------------

def _develop(view: NewWorldView, legal: Sequence[Action], sel: Sel, lang: str) -> Stage:
    if sel.card is None:
        hand = view.players[view.decider].hand or []
        opts = STAGES.gate(_t("opt.pass", lang), A.PASS, legal)
        return Stage(core_prompt(view, lang), opts, cards={c: Sel(card=c) for c in hand},
                     animal_message=_t("msg.card_first", lang),
                     habitat_message=_t("msg.card_first", lang), zone="hand")
    if sel.side is None:
        return _develop_side(view, legal, sel, lang)
    if sel.side == "new":
        return _develop_place(view, legal, sel, lang)
    trait = _trait(sel.card, sel.side)
    if trait in PAIRED:
        return STAGES.develop_pair(view, legal, sel, trait, lang)
    key = "stage.add_others" if trait in OTHERS_ONLY else \
        "stage.add_any" if trait == STASIS else "stage.add"
    zone = "others" if trait in OTHERS_ONLY else "mine"
    return STAGES.develop_add(view, legal, sel, trait, key, zone, lang)


def _develop_side(view: NewWorldView, legal: Sequence[Action], sel: Sel, lang: str) -> Stage:
    card = sel.card
    assert card is not None
    creates = [a for a in STAGES.of(legal, A.Create) if a.card == card]
    opts = []
    if len(creates) > 1:
        opts.append(Option(_t("opt.create_where", lang), Sel(card=card, side="new")))
    else:
        opts += STAGES.gate(_t("opt.create", lang), A.Create(card), legal)
    for side, trait in zip("ab", faces()[card], strict=True):  # a side no animal can take now
        moves: list[A.Pair] | list[A.Add] = STAGES.of(legal, A.Pair) if trait in PAIRED \
            else STAGES.of(legal, A.Add)  # is not offered
        if not any(a.card == card and a.side == side for a in moves):
            continue
        if trait in PAIRED:
            key = "opt.symbiosis" if trait == SYMBIOSIS else "opt.pair"
        else:
            key = "opt.add_others" if trait in OTHERS_ONLY else \
                "opt.add_any" if trait == STASIS else "opt.add"
        which = _t("opt.main" if side == "a" else "opt.short", lang)
        opts.append(Option(f"{which}: " + _t(key, lang, p=prop_name(trait, lang)),
                           Sel(card=card, side=side)))
    opts.append(STAGES.back(lang, Sel()))
    names = " / ".join(prop_name(t, lang) for t in faces()[card])
    return Stage(_t("stage.side", lang, card=card, face=names), opts, back=Sel(), zone="hand",
                 picked_card=card, switch=STAGES.other_cards(view, card),
                 animal_message=_t("msg.side_first", lang),
                 habitat_message=_t("msg.side_first", lang))


def _develop_place(view: NewWorldView, legal: Sequence[Action], sel: Sel, lang: str) -> Stage:
    """A new animal: at the right end, or just left of one of the own animals (NW10)."""
    card = sel.card
    assert card is not None
    creates = {a.before: a for a in STAGES.of(legal, A.Create) if a.card == card}
    back = Sel(card=card)
    opts = [Option(_t("opt.right_end", lang), creates.get(0)), STAGES.back(lang, back)]
    return Stage(_t("stage.place", lang, card=card), opts, default=creates.get(0),
                 animals={u: a for u, a in creates.items() if u},
                 probe_animal=lambda u: A.Create(card, u),
                 card_message=_t("msg.animal_now", lang),
                 habitat_message=_t("msg.animal_now", lang), back=back, zone="mine",
                 picked_card=card, switch=STAGES.other_cards(view, card), stay=True)


# --- Случайные мутации ---------------------------------------------------------------------

def _mutate(view: NewWorldView, legal: Sequence[Action], sel: Sel, lang: str) -> Stage:
    swaps = STAGES.of(legal, A.Swap)
    if sel.mode == "swap":
        return _swap(view, swaps, sel, lang)
    opts = STAGES.gate(_t("opt.mutate_new", lang), A.Mutate(0), legal)
    if swaps:
        opts.append(Option(_t("opt.swap", lang), Sel(mode="swap")))
    opts += STAGES.gate(_t("opt.pass", lang), A.PASS, legal)
    mine = STAGES.mine(view)
    return Stage(core_prompt(view, lang), opts,
                 animals={a.animal: a for a in STAGES.of(legal, A.Mutate) if a.animal},
                 probe_animal=lambda u: A.Mutate(u), default=None,
                 habitat_message=_t("msg.mutate_animal", lang),
                 card_message=_t("msg.mutate_animal", lang),
                 zone="mine" if mine else "none")


def _swap(view: NewWorldView, swaps: list[A.Swap], sel: Sel, lang: str) -> Stage:
    heads = sorted({s.a for s in swaps} | {s.b for s in swaps})
    if sel.target is None:
        back = Sel()
        return Stage(_t("stage.swap_first", lang), [STAGES.back(lang, back)],
                     animals={u: Sel(mode="swap", target=u) for u in heads},
                     probe_animal=lambda u: A.Swap(u, u), back=back, zone="mine",
                     card_message=_t("msg.animal_now", lang),
                     habitat_message=_t("msg.animal_now", lang))
    first = sel.target
    picks: dict[int, A.Swap] = {}
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
    opts.append(STAGES.back(lang, back))
    return Stage(_t("stage.swap_second", lang, c=f"c{first}"), opts,
                 animals={u: s for u, s in picks.items() if u != first},
                 probe_animal=lambda u: A.Swap(first, u), back=back, zone="mine",
                 picked=(first,), card_message=_t("msg.animal_now", lang),
                 habitat_message=_t("msg.animal_now", lang))


def _side(view: NewWorldView, legal: Sequence[Action], sel: Sel, lang: str) -> Stage:
    """The revealed gene-pool card: which side goes on the animal (or replaces the property
    of Превращение); Симбиоз with its direction."""
    card = view.reveal
    opts = []
    for s in STAGES.of(legal, A.Side):
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

def _feed(view: NewWorldView, legal: Sequence[Action], sel: Sel, lang: str) -> Stage:
    if sel.animal is None:
        return _feed_root(view, legal, lang)
    if sel.mode == "attack":
        return STAGES.attack(view, legal, sel, lang)
    if sel.mode == "pirate":
        return STAGES.pirate(view, legal, sel, lang)
    if sel.mode == "transform":
        return _transform(view, legal, sel, lang)
    if sel.habitat is not None:
        return _feed_or_shelter(view, legal, sel, lang)
    return _feed_animal(view, legal, sel, lang)


def _turn_end(view: NewWorldView, legal: Sequence[Action], lang: str) -> list[Option]:
    """Pass before anything was done, end the turn after (when the rules allow it)."""
    if view.main_done or view.extra_done:
        return STAGES.gate(_t("opt.end", lang), A.END, legal)
    return STAGES.gate(_t("opt.pass_feed", lang), A.PASS, legal)


def _first_habitat(view: NewWorldView) -> str:
    for h in view.habitats:
        if h.red > 0:
            return h.key
    return view.habitats[0].key if view.habitats else "0"


def _feed_root(view: NewWorldView, legal: Sequence[Action], lang: str) -> Stage:
    active = STAGES.active(legal)
    mine = STAGES.mine(view)
    return Stage(core_prompt(view, lang), _turn_end(view, legal, lang),
                 animals={u: Sel(animal=u) for u in mine if u in active},
                 probe_animal=lambda u: A.Feed(u, _first_habitat(view)),
                 card_message=_t("msg.feed_animal", lang),
                 habitat_message=_t("msg.animal_first", lang), zone="mine")


def _place_probe(view: NewWorldView, u: int, key: str) -> A.Feed | A.Shelter:
    """The action a pick of a habitat stands for when nothing there is legal (its refusal
    says why): feeding, or taking shelter where there is no food but a disc."""
    h = next((x for x in view.habitats if x.key == key), None)
    if h is not None and h.red <= 0 and h.shelter > 0:
        return A.Shelter(u, key)
    return A.Feed(u, key)


def _habitat_picks(view: NewWorldView, legal: Sequence[Action], u: int) -> dict[str, Result]:
    feeds = {a.habitat for a in STAGES.of(legal, A.Feed) if a.animal == u}
    shelters = {a.habitat for a in STAGES.of(legal, A.Shelter) if a.animal == u}
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


def _feed_animal(view: NewWorldView, legal: Sequence[Action], sel: Sel, lang: str) -> Stage:
    """What the picked animal does: feed or take shelter in a habitat picked on the board,
    or an action its properties give."""
    u = sel.animal
    assert u is not None
    back = Sel()
    places = _habitat_picks(view, legal, u)
    opts = []  # what its properties allow now (a move the rules would refuse is not offered)
    if any(x.predator == u for x in STAGES.of(legal, A.Attack)):
        opts.append(Option(_t("opt.attack", lang), Sel(animal=u, mode="attack")))
    if any(x.animal == u for x in STAGES.of(legal, A.Pirate)):
        opts.append(Option(_t("opt.pirate", lang), Sel(animal=u, mode="pirate")))
    if any(x.animal == u for x in STAGES.of(legal, A.Transform)):
        opts.append(Option(_t("opt.transform", lang), Sel(animal=u, mode="transform")))
    opts.append(STAGES.back(lang, back))
    key = "stage.feed_animal" if places else "stage.feed_animal_nowhere"
    return Stage(_t(key, lang, c=f"c{u}"), opts, back=back, picked=(u,), habitats=places,
                 probe_habitat=lambda k: _place_probe(view, u, k),
                 card_message=_t("msg.habitat_now", lang), zone="habitats",
                 switch={f"a:{w}": Sel(animal=w) for w in STAGES.active(legal) if w != u})


def _feed_or_shelter(view: NewWorldView, legal: Sequence[Action], sel: Sel, lang: str) -> Stage:
    u, k = sel.animal, sel.habitat
    assert u is not None and k is not None
    h = next(x for x in view.habitats if x.key == k)
    back = Sel(animal=u)
    feed, shelter = A.Feed(u, k), A.Shelter(u, k)
    opts = [Option(_t("opt.eat", lang), feed), Option(_t("opt.shelter", lang), shelter),
            STAGES.back(lang, back)]
    places = _habitat_picks(view, legal, u)
    places[k] = feed  # Enter on the habitat again: eat there
    return Stage(_t("stage.eat_or_shelter", lang, c=f"c{u}", h=f"h{k}",
                    name=hab_name(h.kind, lang)), opts, default=feed, back=back, picked=(u,),
                 picked_habitat=k, habitats=places,
                 probe_habitat=lambda x: _place_probe(view, u, x))


def _transform(view: NewWorldView, legal: Sequence[Action], sel: Sel, lang: str) -> Stage:
    """Превращение: the property card to replace, then (unless the gene pool gives it) the
    hand card and its side."""
    u = sel.animal
    assert u is not None
    a = view.animals[u]
    moves = [x for x in STAGES.of(legal, A.Transform) if x.animal == u]
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
        opts.append(STAGES.back(lang, back))
        key = "stage.transform_pool" if view.scenario == "mutations" else "stage.transform_old"
        return Stage(_t(key, lang, c=f"c{u}"), opts, back=back, picked=(u,),
                     card_message=_t("msg.numbers", lang),
                     habitat_message=_t("msg.numbers", lang))
    old = sel.old
    gone = a.traits[a.cards.index(old)]
    fits = [m for m in moves if m.old == old]
    if sel.card is None:
        back = Sel(animal=u, mode="transform")
        per: dict[int, list[A.Transform]] = {}
        for m in fits:
            per.setdefault(m.card, []).append(m)
        cards = {c: (ms[0] if len(ms) == 1 else Sel(animal=u, mode="transform", old=old, card=c))
                 for c, ms in per.items()}
        return Stage(_t("stage.transform_card", lang, c=f"c{u}", p=prop_name(gone, lang)),
                     [STAGES.back(lang, back)], cards=cards,
                     probe_card=lambda c: A.Transform(u, old, c, _fitting_side(c)),
                     animal_message=_t("msg.card_now", lang),
                     habitat_message=_t("msg.card_now", lang), back=back, zone="hand",
                     picked=(u,))
    card = sel.card
    back = Sel(animal=u, mode="transform", old=old)
    opts = []
    for side, trait in zip("ab", faces()[card], strict=True):
        which = _t("opt.main" if side == "a" else "opt.short", lang)
        opts += STAGES.gate(f"{which}: {prop_name(trait, lang)}", A.Transform(u, old, card, side), legal)
    opts.append(STAGES.back(lang, back))
    return Stage(_t("stage.transform_side", lang, c=f"c{u}", card=card, p=prop_name(gone, lang)),
                 opts, back=back, picked=(u,), picked_card=card, zone="hand")


def _fitting_side(card: int) -> str:
    """The side an illegal Превращение pick is explained by: the main one unless it is
    paired."""
    main, short = faces()[card]
    return "b" if main in PAIRED and short not in PAIRED else "a"


# --- reactions -------------------------------------------------------------------------------

def _trigger(view: NewWorldView, legal: Sequence[Action], sel: Sel, lang: str) -> Stage:
    frame = view.frames[-1] if view.frames else None
    opts = []
    fires = STAGES.of(legal, A.Fire)
    animals: dict[int, list[A.Fire]] = {}
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


def _save(view: NewWorldView, legal: Sequence[Action], sel: Sel, lang: str) -> Stage:
    saves = STAGES.of(legal, A.Save)
    opts = [Option(_t(f"opt.save_{s.first}", lang), s) for s in saves]
    picked = (saves[0].animal,) if saves else ()
    return Stage(core_prompt(view, lang), opts, picked=picked,
                 card_message=_t("msg.numbers", lang), animal_message=_t("msg.numbers", lang),
                 habitat_message=_t("msg.numbers", lang))


class _Stages(kit.EvolutionStages[NewWorldView, Sel, Stage]):
    game = "newworld"
    A = A
    sel_type = Sel
    stage_type = Stage
    idle = (A.End, A.Pass)
    card_moves = (A.Create, A.Add, A.Pair, A.Discard)
    animal_moves = (A.Feed, A.Shelter, A.Pirate, A.Transform, A.Scavenge, A.Save)
    plain_defences: ClassVar[dict[str, tuple[str, str]]] = {
        "horned": ("opt.horned", "horned_from"), "running": ("opt.run", "running_from")}
    prompt = staticmethod(core_prompt)
    prop_name = staticmethod(prop_name)
    attack_line = staticmethod(attack_line)
    numbers = staticmethod(numbers)

    def builder(self, view: NewWorldView) -> kit.Builder[NewWorldView, Sel, Stage] | None:
        if view.step == "develop" and view.scenario == "mutations":
            return _mutate
        return super().builder(view)

    def own_target(self, action: Action) -> str | None:
        if isinstance(action, A.Mutate) and action.animal:
            return f"a:{action.animal}"
        return f"a:{action.a}" if isinstance(action, A.Swap) else None

    def stage(self, prompt: str, options: list[Option], **fields: Any) -> Stage:
        """A pick of a habitat where none is asked for says what a pick of a card or an animal
        would."""
        fields.setdefault("habitat_message", fields.get("card_message") or
                          fields.get("animal_message", ""))
        return Stage(prompt, options, **fields)

    def defence_marks(self, predator: int) -> dict[str, Any]:
        """The predator stays marked, and nothing is dimmed: the whole table is in play."""
        return {"attacker": predator, "dim": False}

    def own_defences(self, legal: Sequence[Action], lang: str) -> list[Option]:
        return self.gate(_t("opt.deter", lang), A.Defend("deterrence"), legal)


STAGES = _Stages()
STAGES.builders = {
    "develop": _develop, "side": _side, "feed": _feed, "trigger": _trigger,
    "defend": STAGES.defend, "scavenger": STAGES.scavenger, "save": _save,
    "discard": STAGES.discard,
}


def build_stage(view: NewWorldView, legal: Sequence[Action], sel: Sel, lang: str) -> Stage:
    """What may be picked now and what picking it leads to (the board's STAGES)."""
    return STAGES.build(view, legal, sel, lang)


def action_target(action: Action) -> str | None:
    """The table item a hinted move starts from (the board's HINT_TARGET)."""
    return STAGES.target(action)
