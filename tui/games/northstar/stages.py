"""How a `northstar` decision is asked on the table, one small choice at a time.

The rules fold a card use into one action (a trait with its species, a new species with its
end, +1 with its track and species) and an attack with its target; Intelligence names its card
and either the herbivore that eats or the trait switched off. The table asks for them one by
one: a `Sel` records what has been picked so far, and `build_stage` turns (view, legal actions,
Sel) into a `Stage` — the prompt, the numbered options, and which hand cards and species may be
picked and what picking each leads to (a complete action, or a deeper `Sel`). Pure logic, no
Textual: the screen renders a Stage and submits the action it yields.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from core.games.northstar import actions as A
from core.games.northstar.data import card_traits
from core.games.northstar.legal import prompt as core_prompt
from core.games.northstar.state import species_label
from core.textdata import capitalized
from tui.games.northstar.describe import attack_line, food_value, trait_name
from tui.i18n import text
from tui.stage import Option, Result, number
from tui.stage import Stage as StageBase

if TYPE_CHECKING:
    from core.games.northstar.steps import NSAction
    from core.games.northstar.view import NorthStarView


@dataclass(frozen=True)
class Sel:
    """What has been picked so far in the pending decision."""

    card: int | None = None  # play cards: the hand card
    mode: str = ""  # play: body | pop | drop; feeding: attack | smart | off
    species: int | None = None  # the own species picked
    target: int | None = None  # attack: the target picked (awaits Enter)
    off: str = ""  # Intelligence of a carnivore: the trait to switch off


@dataclass
class Stage(StageBase):
    cards: dict[int, Result] = field(default_factory=dict)  # hand card -> result
    species: dict[int, Result] = field(default_factory=dict)  # species uid -> result
    probe_card: Callable[[int], NSAction] | None = None  # the action an illegal card pick stands for
    probe_species: Callable[[int], NSAction] | None = None
    card_message: str = ""  # said when a card is picked where cards mean nothing
    species_message: str = ""  # said when a species is picked where species mean nothing
    picked_card: int | None = None  # highlighted: the hand card picked so far
    picked: tuple[int, ...] = ()  # highlighted: the species picked so far
    attacker: int | None = None  # choosing a target: the carnivore (details preview the attack)
    stay: bool = False  # the cursor stays where it is (Enter there is the default)
    switch: dict[str, Result] = field(default_factory=dict)  # "h:<card>" / "s:<uid>" -> a new
    # selection: a change of mind picked on the board; not highlighted

    def picks(self) -> list[Result]:
        return [*self.cards.values(), *self.species.values(), *self.switch.values()]


def action_target(action: NSAction) -> str | None:
    """The table item a move starts from ("h:<card>", "s:<uid>"), for a hint."""
    if isinstance(action, (A.ChooseFood, A.Place, A.NewSpecies, A.Grow)):
        return f"h:{action.card}"
    if isinstance(action, A.Smart):
        return f"s:{action.species}" if action.species else f"h:{action.card}"
    if isinstance(action, (A.Drop, A.Eat, A.Order)):
        return f"s:{action.species}"
    if isinstance(action, A.Attack):
        return f"s:{action.attacker}"
    return None


def build_stage(view: NorthStarView, legal: list[NSAction], sel: Sel, lang: str) -> Stage:
    builder = _BUILDERS.get(view.step)
    if builder is None:
        return Stage("")
    stage = builder(view, legal, sel, lang)
    stage.options = number(stage.options)
    return stage


def _t(key: str, lang: str, **args: object) -> str:
    return text(f"northstar.{key}", lang, **args)


T = TypeVar("T")


def _of(legal: list[NSAction], kind: type[T] | tuple[type[T], ...]) -> list[T]:
    return [a for a in legal if isinstance(a, kind)]


def _back(lang: str, to: Sel) -> Option:
    return Option(_t("opt.back", lang), to)


def _gate(label: str, action: NSAction, legal: list[NSAction]) -> list[Option]:
    """An option for `action` if it is legal now; a move the rules would refuse is not offered."""
    return [Option(label, action)] if action in legal else []


def card_label(card: int, lang: str) -> str:
    """"17 Horns (food +3)" in plain words."""
    return _t("card", lang, card=card, p=trait_name(card_traits()[card], lang), v=food_value(card))


def mine(view: NorthStarView) -> list[int]:
    """The deciding seat's species as it sees them now (a secret plan applied)."""
    if view.draft is not None and view.viewer == view.decider:
        return list(view.draft.row)
    return list(view.players[view.decider].row)


def _hand(view: NorthStarView) -> list[int]:
    if view.draft is not None and view.viewer == view.decider:
        return list(view.draft.hand)
    return list(view.players[view.decider].hand or [])


# --- phase 2: choose food -----------------------------------------------------------------

def _food(view: NorthStarView, legal: list[NSAction], sel: Sel, lang: str) -> Stage:
    picks = {a.card: a for a in _of(legal, A.ChooseFood)}
    return Stage(core_prompt(view, lang), [], cards=picks, probe_card=A.ChooseFood,
                 species_message=_t("msg.card_now", lang), zone="hand")


# --- phase 3: play cards (and the short variant's plan) ------------------------------------

def _other_cards(view: NorthStarView, card: int | None) -> dict[str, Result]:
    return {f"h:{c}": Sel(card=c) for c in _hand(view) if c != card}


def _play(view: NorthStarView, legal: list[NSAction], sel: Sel, lang: str) -> Stage:
    if sel.mode == "drop":
        return _drop(view, legal, sel, lang)
    if sel.card is None:
        return _play_root(view, legal, lang)
    if sel.mode in ("body", "pop"):
        return _grow(view, legal, sel, lang)
    return _play_card(view, legal, sel, lang)


def _play_root(view: NorthStarView, legal: list[NSAction], lang: str) -> Stage:
    plan = view.step == "plan"
    drops = _of(legal, A.Drop)
    opts = _gate(_t("opt.submit" if plan else "opt.end_play", lang), A.END, legal)
    if drops:
        opts.append(Option(_t("opt.drop", lang), Sel(mode="drop")))
    # Only the hand is lit: after each card use the cursor comes back to the next card
    # (discarding a trait is the numbered option).
    hand = _hand(view)
    return Stage(core_prompt(view, lang), opts, cards={c: Sel(card=c) for c in hand},
                 species_message=_t("msg.card_first", lang), zone="hand")


def _play_card(view: NorthStarView, legal: list[NSAction], sel: Sel, lang: str) -> Stage:
    card = sel.card
    assert card is not None
    places = {a.species: a for a in _of(legal, A.Place) if a.card == card}
    grows = [a for a in _of(legal, A.Grow) if a.card == card]
    opts = [*_gate(_t("opt.new_left", lang), A.NewSpecies(card, True), legal),
            *_gate(_t("opt.new_right", lang), A.NewSpecies(card, False), legal)]
    for track in ("body", "pop"):
        if any(g.track == track for g in grows):
            opts.append(Option(_t(f"opt.{track}", lang), Sel(card=card, mode=track)))
    opts.append(_back(lang, Sel()))
    key = "stage.card" if places else "stage.card_no_trait"
    return Stage(capitalized(_t(key, lang, card=card_label(card, lang))), opts, back=Sel(),
                 species=dict(places), probe_species=lambda u: A.Place(card, u),
                 card_message=_t("msg.options_or_species", lang), zone="mine",
                 picked_card=card, switch=_other_cards(view, card))


def _grow(view: NorthStarView, legal: list[NSAction], sel: Sel, lang: str) -> Stage:
    card, track = sel.card, sel.mode
    assert card is not None
    picks = {a.species: a for a in _of(legal, A.Grow) if a.card == card and a.track == track}
    back = Sel(card=card)
    return Stage(_t(f"stage.{track}", lang, card=card), [_back(lang, back)], back=back,
                 species=picks, probe_species=lambda u: A.Grow(card, u, track),
                 card_message=_t("msg.species_now", lang), zone="mine", picked_card=card,
                 switch=_other_cards(view, card))


def _drop(view: NorthStarView, legal: list[NSAction], sel: Sel, lang: str) -> Stage:
    drops = _of(legal, A.Drop)
    if sel.species is None:
        back = Sel()
        return Stage(_t("stage.drop_species", lang), [_back(lang, back)], back=back,
                     species={d.species: Sel(mode="drop", species=d.species) for d in drops},
                     card_message=_t("msg.species_now", lang), zone="mine")
    u = sel.species
    names = card_traits()
    opts = [Option(_t("opt.drop_card", lang, p=trait_name(names[d.card], lang), card=d.card), d)
            for d in drops if d.species == u]
    back = Sel(mode="drop") if len({d.species for d in drops}) > 1 else Sel()
    opts.append(_back(lang, back))
    return Stage(_t("stage.drop", lang, c=species_label(u)), opts, back=back, picked=(u,),
                 card_message=_t("msg.numbers", lang), species_message=_t("msg.numbers", lang),
                 switch={f"s:{d.species}": Sel(mode="drop", species=d.species)
                         for d in drops if d.species != u})


# --- phase 4a: before the reveal ------------------------------------------------------------

def _order(view: NorthStarView, legal: list[NSAction], sel: Sel, lang: str) -> Stage:
    orders = _of(legal, A.Order)
    opts = [Option(_t("opt.order", lang, c=species_label(o.species), p=trait_name(o.trait, lang)),
                   o) for o in orders]
    per: dict[int, list[A.Order]] = {}
    for o in orders:
        per.setdefault(o.species, []).append(o)
    return Stage(core_prompt(view, lang), opts,
                 species={u: os[0] for u, os in per.items() if len(os) == 1},
                 card_message=_t("msg.numbers", lang), species_message=_t("msg.numbers", lang),
                 zone="none")


# --- phase 4c: feeding ------------------------------------------------------------------------

def _feed(view: NorthStarView, legal: list[NSAction], sel: Sel, lang: str) -> Stage:
    if sel.mode == "off":
        return _switch_off(view, legal, sel, lang)
    if sel.mode == "smart":
        return _smart(view, legal, sel, lang)
    if sel.mode == "attack":
        return _attack(view, legal, sel, lang)
    if sel.species is not None:
        return _herbivore(view, legal, sel, lang)
    return _feed_root(view, legal, lang)


def _feed_root(view: NorthStarView, legal: list[NSAction], lang: str) -> Stage:
    eats = {a.species for a in _of(legal, A.Eat)}
    attackers = {a.attacker for a in _of(legal, A.Attack)}
    smart = {a.species for a in _of(legal, A.Smart) if a.species}
    picks: dict[int, Result] = {}
    for u in mine(view):
        if u in attackers:
            picks[u] = Sel(species=u, mode="attack")
        elif u in eats and u not in smart:
            picks[u] = A.Eat(u)  # nothing else to ask: a herbivore eats
        elif u in eats or u in smart:
            picks[u] = Sel(species=u)
    label = "opt.end_feed" if view.fed else "opt.end_unfed"
    opts = _gate(_t(label, lang), A.END, legal)
    if any(a.off for a in _of(legal, A.Smart)):
        opts.append(Option(_t("opt.switch_off", lang), Sel(mode="off")))

    def probe(u: int) -> NSAction:
        x = view.species.get(u)
        if x is not None and x.carnivore:
            other = next((v for v in view.species if v != u), u)
            return A.Attack(u, other)
        return A.Eat(u)

    return Stage(core_prompt(view, lang), opts, species=picks, probe_species=probe,
                 card_message=_t("msg.feed_species", lang), zone="mine")


def _herbivore(view: NorthStarView, legal: list[NSAction], sel: Sel, lang: str) -> Stage:
    u = sel.species
    assert u is not None
    eat = A.Eat(u)
    smart = [a for a in _of(legal, A.Smart) if a.species == u]
    opts = _gate(_t("opt.eat", lang), eat, legal)
    if smart:
        opts.append(Option(_t("opt.smart_eat", lang), Sel(species=u, mode="smart")))
    back = Sel()
    opts.append(_back(lang, back))
    default = eat if eat in legal else None
    return Stage(_t("stage.herbivore", lang, c=species_label(u), k=view.hole), opts,
                 default=default, back=back, picked=(u,), stay=True,
                 card_message=_t("msg.numbers", lang),
                 switch={f"s:{w}": Sel(species=w) for w in mine(view) if w != u})


def _smart(view: NorthStarView, legal: list[NSAction], sel: Sel, lang: str) -> Stage:
    u = sel.species
    assert u is not None
    picks = {a.card: a for a in _of(legal, A.Smart) if a.species == u}
    back = Sel(species=u)
    return Stage(_t("stage.smart_card", lang, c=species_label(u)), [_back(lang, back)],
                 back=back, cards=picks, probe_card=lambda c: A.Smart(c, u),
                 species_message=_t("msg.card_now", lang), zone="hand", picked=(u,))


def _attack(view: NorthStarView, legal: list[NSAction], sel: Sel, lang: str) -> Stage:
    u = sel.species
    assert u is not None
    attacks = {a.target: a for a in _of(legal, A.Attack) if a.attacker == u}
    switch_off = any(a.off for a in _of(legal, A.Smart))
    if sel.target is None:
        back = Sel()
        opts = []
        if switch_off:
            opts.append(Option(_t("opt.switch_off", lang), Sel(mode="off")))
        opts.append(_back(lang, back))
        key = "stage.target" if attacks else "stage.target_none"
        return Stage(_t(key, lang, c=species_label(u)), opts, back=back,
                     species={v: Sel(species=u, mode="attack", target=v) for v in attacks},
                     probe_species=lambda v: A.Attack(u, v),
                     card_message=_t("msg.species_now", lang), zone="others", picked=(u,),
                     attacker=u,
                     switch={f"s:{w}": Sel(species=w, mode="attack")
                             for w in {a.attacker for a in _of(legal, A.Attack)} if w != u})
    v = sel.target
    go = attacks.get(v)
    back = Sel(species=u, mode="attack")
    opts = [Option(_t("opt.attack_go", lang, c=species_label(u), t=species_label(v)), go)] \
        if go else []
    opts.append(_back(lang, back))
    return Stage(attack_line(view, u, v, lang), opts, default=go, back=back, picked=(u, v),
                 attacker=u, stay=True,
                 switch={f"s:{w}": Sel(species=u, mode="attack", target=w)
                         for w in attacks if w != v})


def _switch_off(view: NorthStarView, legal: list[NSAction], sel: Sel, lang: str) -> Stage:
    offs = [a for a in _of(legal, A.Smart) if a.off]
    if not sel.off:
        names: list[str] = []
        for a in offs:
            if a.off not in names:
                names.append(a.off)
        back = Sel()
        opts = [Option(_t("opt.off_trait", lang, p=trait_name(n, lang)), Sel(mode="off", off=n))
                for n in names]
        opts.append(_back(lang, back))
        return Stage(_t("stage.off", lang), opts, back=back,
                     card_message=_t("msg.numbers", lang),
                     species_message=_t("msg.numbers", lang))
    name = sel.off
    picks = {a.card: a for a in offs if a.off == name}
    back = Sel(mode="off")
    return Stage(_t("stage.off_card", lang, p=trait_name(name, lang)), [_back(lang, back)],
                 back=back, cards=picks, probe_card=lambda c: A.Smart(c, 0, name),
                 species_message=_t("msg.card_now", lang), zone="hand")


_BUILDERS: dict[str, Callable[[NorthStarView, list[NSAction], Sel, str], Stage]] = {
    "food": _food, "play": _play, "plan": _play, "order": _order, "feed": _feed,
}
