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

from collections.abc import Sequence

from core.engine.protocol import Action
from core.games.classic import actions as A
from core.games.classic.data import PAIRED, PARASITE, SYMBIOSIS, faces, numbers
from core.games.classic.legal import prompt as core_prompt
from core.games.classic.view import ClassicView
from tui.games.classic.describe import attack_line, prop_name
from tui.i18n import text
from tui.kits.evolution.stages import EvolutionStages, Sel, Stage
from tui.stage import Option, Result

__all__ = ["Sel", "Stage", "action_target", "build_stage"]


def _t(key: str, lang: str, **args: object) -> str:
    return text(f"classic.{key}", lang, **args)


# --- development -----------------------------------------------------------------------------

def _develop(view: ClassicView, legal: Sequence[Action], sel: Sel, lang: str) -> Stage:
    if sel.card is None:
        hand = view.players[view.decider].hand or []
        return Stage(core_prompt(view, lang), [Option(_t("opt.pass", lang), A.PASS)],
                     cards={c: Sel(card=c) for c in hand},
                     animal_message=_t("msg.card_first", lang), zone="hand")
    if sel.side is None:
        return _develop_side(view, legal, sel, lang)
    trait = faces(view.single_poisonous)[sel.card][0 if sel.side == "a" else 1]
    if trait in PAIRED:
        return STAGES.develop_pair(view, legal, sel, trait, lang)
    key, zone = ("stage.add_parasite", "others") if trait == PARASITE else ("stage.add", "mine")
    return STAGES.develop_add(view, legal, sel, trait, key, zone, lang)


def _develop_side(view: ClassicView, legal: Sequence[Action], sel: Sel, lang: str) -> Stage:
    card = sel.card
    assert card is not None
    face = faces(view.single_poisonous)[card]
    opts = [Option(_t("opt.create", lang), A.Create(card))]
    for i, trait in enumerate(face):  # a side no animal can take now is not offered
        side = "b" if i else "a"
        moves: list[A.Pair] | list[A.Add] = STAGES.of(legal, A.Pair) if trait in PAIRED \
            else STAGES.of(legal, A.Add)
        if any(a.card == card and a.side == side for a in moves):
            key = ("opt.symbiosis" if trait == SYMBIOSIS else "opt.pair") if trait in PAIRED \
                else "opt.parasite" if trait == PARASITE else "opt.add"
            opts.append(Option(_t(key, lang, p=prop_name(trait, lang)), Sel(card=card, side=side)))
    opts.append(STAGES.back(lang, Sel()))
    names = " / ".join(prop_name(t, lang) for t in face)
    return Stage(_t("stage.side", lang, card=card, face=names), opts, back=Sel(), zone="hand",
                 picked_card=card, switch=STAGES.other_cards(view, card))


# --- feeding ---------------------------------------------------------------------------------

def _feed(view: ClassicView, legal: Sequence[Action], sel: Sel, lang: str) -> Stage:
    if sel.animal is None:
        active = STAGES.active(legal)
        end = [Option(_t("opt.end", lang), A.END)] if A.END in legal else []
        return Stage(core_prompt(view, lang), end,
                     animals={u: Sel(animal=u) for u in STAGES.mine(view) if u in active},
                     probe_animal=A.Take, card_message=_t("msg.feed_animal", lang), zone="mine")
    if sel.mode == "attack":
        return STAGES.attack(view, legal, sel, lang)
    if sel.mode == "pirate":
        return STAGES.pirate(view, legal, sel, lang)
    if sel.mode == "convert":
        u = sel.animal
        back = Sel(animal=u)
        opts = [Option(_t("opt.convert_k", lang, k=a.k), a)
                for a in STAGES.of(legal, A.Convert) if a.animal == u]
        opts.append(STAGES.back(lang, back))
        return Stage(_t("stage.convert", lang, c=f"c{u}"), opts, back=back, picked=(u,))
    return _feed_animal(view, legal, sel, lang)


def _feed_animal(view: ClassicView, legal: Sequence[Action], sel: Sel, lang: str) -> Stage:
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
    if any(x.predator == u for x in STAGES.of(legal, A.Attack)):
        opts.append(Option(_t("opt.attack", lang), Sel(animal=u, mode="attack")))
    converts = [x for x in STAGES.of(legal, A.Convert) if x.animal == u]
    if converts:
        result: Result = converts[0] if len(converts) == 1 else Sel(animal=u, mode="convert")
        opts.append(Option(_t("opt.convert", lang, k=a.fat), result))
    if A.Graze(u) in legal:
        opts.append(Option(_t("opt.graze", lang), A.Graze(u)))
    if any(x.animal == u for x in STAGES.of(legal, A.Pirate)):
        opts.append(Option(_t("opt.pirate", lang), Sel(animal=u, mode="pirate")))
    if A.Hibernate(u) in legal:
        opts.append(Option(_t("opt.hibernate", lang), A.Hibernate(u)))
    opts.append(STAGES.back(lang, back))
    return Stage(_t("stage.feed_animal", lang, c=f"c{u}"), opts,
                 default=take if take in legal else None, back=back, picked=(u,),
                 switch={f"a:{w}": Sel(animal=w) for w in STAGES.active(legal) if w != u})


# --- reactions -------------------------------------------------------------------------------

def _trigger(view: ClassicView, legal: Sequence[Action], sel: Sel, lang: str) -> Stage:
    opts = []
    fires = STAGES.of(legal, A.Fire)
    for f in fires:
        link = view.links.get(f.card)
        trait = link.trait if link is not None else ""
        key = "opt.fire_red" if trait == "communication" else "opt.fire_blue"
        opts.append(Option(_t(key, lang, card=f.card, p=prop_name(trait, lang), c=f"c{f.to}"), f))
    targets: dict[int, list[A.Fire]] = {}
    for f in fires:
        targets.setdefault(f.to, []).append(f)
    animals = {u: fs[0] for u, fs in targets.items() if len(fs) == 1}
    return Stage(core_prompt(view, lang), opts, animals=animals,
                 card_message=_t("msg.animal_now", lang),
                 animal_message=_t("msg.trigger_animal", lang), zone="none")


def _reserve(view: ClassicView, legal: Sequence[Action], sel: Sel, lang: str) -> Stage:
    uses = STAGES.of(legal, A.Reserve)
    if sel.animal is None:
        per: dict[int, list[A.Reserve]] = {}
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
    opts.append(STAGES.back(lang, back))
    return Stage(_t("stage.reserve", lang, c=f"c{u}"), opts, back=back, picked=(u,))


class _Stages(EvolutionStages[ClassicView, Sel, Stage]):
    game = "classic"
    A = A
    sel_type = Sel
    stage_type = Stage
    idle = (A.End,)
    card_moves = (A.Create, A.Add, A.Pair, A.Discard)
    animal_moves = (A.Take, A.Convert, A.Graze, A.Pirate, A.Hibernate, A.Scavenge, A.Reserve)
    prompt = staticmethod(core_prompt)
    prop_name = staticmethod(prop_name)
    attack_line = staticmethod(attack_line)
    numbers = staticmethod(numbers)

    def own_target(self, action: Action) -> str | None:
        return f"a:{action.to}" if isinstance(action, A.Fire) else None


STAGES = _Stages()
STAGES.builders = {
    "develop": _develop, "feed": _feed, "defend": STAGES.defend, "trigger": _trigger,
    "scavenger": STAGES.scavenger, "reserve": _reserve, "discard": STAGES.discard,
}


def build_stage(view: ClassicView, legal: Sequence[Action], sel: Sel, lang: str) -> Stage:
    """What may be picked now and what picking it leads to (the board's STAGES)."""
    return STAGES.build(view, legal, sel, lang)


def action_target(action: Action) -> str | None:
    """The table item a hinted move starts from (the board's HINT_TARGET)."""
    return STAGES.target(action)
