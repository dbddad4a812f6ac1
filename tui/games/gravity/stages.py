"""How a `gravity` decision is asked on the table, one small choice at a time.

Some actions carry several choices (the card and where it goes; the kind of token and the
neighbour it is pushed to; the dice Dipper rerolls; the curses discarded). A `Sel` records what
has been picked so far; `build_stage(view, legal, sel, lang)` turns them into a `Stage`: the
prompt, numbered options, the map locations that may be picked and what each pick leads to
(an action, or a deeper `Sel`). Pure logic, no Textual: the screen renders the Stage and
submits the action it yields; anything refused is explained by `RULES.explain`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, TypeVar

from core.games.gravity import actions as A
from core.games.gravity import queries as Q
from core.games.gravity.data import game
from core.games.gravity.prompt import prompt_text
from core.games.gravity.texts import char_name, curse_name, monster_name
from tui.games.gravity import describe as D
from tui.i18n import text
from tui.stage import OPTION_KEYS, Option, Result
from tui.stage import Stage as StageBase

if TYPE_CHECKING:
    from core.engine.protocol import Action
    from core.games.gravity.actions import GravityAction
    from core.games.gravity.view import CharView, GravityView

T = TypeVar("T")


@dataclass(frozen=True)
class Sel:
    """What has been picked so far in the pending decision."""

    card: str | None = None  # action: the card played, its destination still to pick
    dest: int | None = None  # action: a location picked first, its card still to pick
    src: int | None = None  # Wendy: the courage die picked, its new place still to pick
    kind: str | None = None  # push: the kind of token pushed
    dice: tuple[int, ...] = ()  # reroll: the dice ticked (indices into the roll)
    curses: tuple[str, ...] = ()  # uncurse: the curses ticked
    page: int = 0  # uncurse: which keys-full of curses is shown (more than fit on the keys)


@dataclass
class Stage(StageBase):
    places: dict[int, Result] = field(default_factory=dict)  # map location -> result
    probe_place: Callable[[int], Action] | None = None  # the action an illegal map pick stands for
    start: int | None = None  # where the map cursor starts
    related: frozenset[int] = frozenset()  # locations the decision is about (shown, not picked)
    route_card: str = ""  # a distance card whose route to the cursor is drawn
    card: str = ""  # the hand card picked so far (highlighted)
    more: int = 0  # map picks left out of the numbered options (too many for the keys)

    def picks(self) -> list[Result]:
        return list(self.places.values())


def build_stage(view: GravityView, legal: list[GravityAction], sel: Sel, lang: str) -> Stage:
    builder = _BUILDERS.get(view.step)
    if builder is None:
        return Stage(prompt_text(view, lang))
    stage = builder(view, legal, sel, lang)
    _number(stage)
    return stage


def _number(stage: Stage) -> None:
    """Keys 1..9, 0 for the first ten options; map picks beyond them stay on the map."""
    options = stage.options
    if len(options) > len(OPTION_KEYS) and stage.back is not None and options[-1].result == stage.back:
        options = options[:-1]  # too many to number: Back stays on Esc
    stage.more = sum(1 for o in options[len(OPTION_KEYS):] if o.result in stage.places.values())
    keep = options[: len(OPTION_KEYS)]
    for i, o in enumerate(keep):
        o.key = OPTION_KEYS[i]
    stage.options = keep


def _of(legal: list[GravityAction], kind: type[T]) -> list[T]:
    return [a for a in legal if isinstance(a, kind)]


def _loc_options(places: dict[int, Result], lang: str, first: list[Option] | None = None,
                 last: list[Option] | None = None) -> list[Option]:
    """The map picks as numbered options too (keyboard users need not walk the map). Labels are
    names only: a location's number on the map is not the key that picks it."""
    locs = [Option(D.short(loc, lang), r) for loc, r in sorted(places.items())]
    return [*(first or []), *locs, *(last or [])]


def _back(lang: str, to: Sel) -> Option:
    return Option(text("gravity.opt.back", lang), to)


def _me(view: GravityView) -> CharView:
    return view.chars[view.decider]


# --- T1 / T9: Wendy's and Soos's ability --------------------------------------------------------

def _ability(view: GravityView, legal: list[GravityAction], sel: Sel, lang: str) -> Stage:
    c = _me(view)
    skip = Option(text("gravity.opt.no_ability", lang), A.PASS)
    if c.id == "soos":
        opts = [Option(text("gravity.opt.lift", lang, curse=curse_name(a.curse, lang),
                            ch=char_name(a.char, lang)), a) for a in _of(legal, A.Lift)]
        return Stage(prompt_text(view, lang), [*opts, skip], default=A.PASS, start=c.loc)
    moves = _of(legal, A.MoveDie)
    if sel.src is None:
        places: dict[int, Result] = {a.src: Sel(src=a.src) for a in moves}
        first = moves[0].src if moves else c.loc
        return Stage(text("gravity.stage.wendy_from", lang), _loc_options(places, lang, [skip]),
                     places=places, probe_place=lambda loc: A.MoveDie(loc, first), default=A.PASS,
                     start=c.loc)
    places = {a.dst: a for a in moves if a.src == sel.src}
    return Stage(text("gravity.stage.wendy_to", lang, src=D.short(sel.src, lang)),
                 _loc_options(places, lang, last=[_back(lang, Sel())]), places=places,
                 probe_place=lambda loc: A.MoveDie(sel.src or 0, loc), back=Sel(), start=sel.src,
                 related=frozenset({sel.src}))


# --- T2 / T3: the action card and where it goes ---------------------------------------------------

def _play_label(card: str, lang: str) -> str:
    return text("gravity.opt.play", lang, card=D.card_label(card, lang), what=D.card_meaning(card, lang))


def _action(view: GravityView, legal: list[GravityAction], sel: Sel, lang: str) -> Stage:
    c = _me(view)
    plays = _of(legal, A.Play)
    by_card: dict[str, list[A.Play]] = {}
    for a in plays:
        by_card.setdefault(a.card, []).append(a)
    if sel.card is not None:
        dests = {a.dest: a for a in by_card.get(sel.card, [])}
        card = sel.card
        prompt = text("gravity.stage.where", lang, card=D.card_label(card, lang),
                      what=D.card_meaning(card, lang))
        walk = not game().actions[card].teleport
        return Stage(prompt, _loc_options(dests, lang, last=[_back(lang, Sel())]), places=dests,
                     probe_place=lambda loc: A.Play(card, loc), back=Sel(), start=c.loc,
                     route_card=card if walk else "", card=card)
    # Where each card can go; a location reached by one card only is one pick on the map.
    reach: dict[int, list[A.Play]] = {}
    for a in plays:
        if a.dest:
            reach.setdefault(a.dest, []).append(a)
    if sel.dest is not None:
        opts = [Option(_play_label(a.card, lang), a) for a in reach.get(sel.dest, [])]
        return Stage(text("gravity.stage.which_card", lang, loc=D.short(sel.dest, lang)),
                     [*opts, _back(lang, Sel())], back=Sel(), start=sel.dest,
                     related=frozenset({sel.dest}))
    opts = []
    for card in c.hand:  # a card that cannot be played now is not offered
        options = by_card.get(card, [])
        if len(options) == 1 and options[0].dest == 0:
            opts.append(Option(_play_label(card, lang), options[0]))  # «0-4»: stay here
        elif options:
            opts.append(Option(_play_label(card, lang), Sel(card=card)))
    if A.REST in legal:
        opts.append(Option(text("gravity.opt.rest", lang), A.REST))
    places = {loc: (acts[0] if len(acts) == 1 else Sel(dest=loc)) for loc, acts in reach.items()}
    mover = next((card for card in c.hand if card != "0-4"), None)  # explains a place out of reach
    return Stage(prompt_text(view, lang), opts, places=places,
                 probe_place=(lambda loc: A.Play(mover, loc)) if mover else None, start=c.loc)


# --- T4 / M2: Rumours and Disorder pulls -------------------------------------------------------------

def _pull(view: GravityView, legal: list[GravityAction], sel: Sel, lang: str) -> Stage:
    nb = view.todo[2]
    opts = []
    for a in legal:
        if isinstance(a, A.Pull):
            opts.append(Option(text(f"gravity.opt.pull_{a.kind}", lang, loc=D.short(nb, lang)), a))
        else:
            opts.append(Option(text("gravity.opt.skip", lang, loc=D.short(nb, lang)), a))
    here = view.todo[0]  # the location pulling: the character's (Rumours) or the monster's (Disorder)
    return Stage(prompt_text(view, lang), opts, default=opts[0].result if opts else None, start=nb,
                 related=frozenset({nb, here}))


# --- T5: fight target, Dipper's reroll, pushes ----------------------------------------------------

def _target(view: GravityView, legal: list[GravityAction], sel: Sel, lang: str) -> Stage:
    here = _me(view).loc
    distrust = view.places[here - 1].distrust
    opts = []
    for a in _of(legal, A.Fight):
        need = max(distrust, 1) + (1 if a.monster == "M3" and view.variant != "kids" else 0)
        opts.append(Option(text("gravity.opt.fight", lang, m=monster_name(a.monster, lang), n=need), a))
    return Stage(prompt_text(view, lang), opts, start=here, related=frozenset({here}))


def _reroll(view: GravityView, legal: list[GravityAction], sel: Sel, lang: str) -> Stage:
    dice = view.dice
    opts = []
    for i, f in enumerate(dice):
        ticked = i in sel.dice
        new = tuple(x for x in sel.dice if x != i) if ticked else tuple(sorted((*sel.dice, i)))
        opts.append(Option(text(f"gravity.face.{f}", lang), replace(sel, dice=new), tick=True,
                           order=int(ticked), ordered=False))
    picked = [dice[i] for i in sel.dice]
    ready = A.Reroll(picked.count("s"), picked.count("m"), picked.count("c")) if picked else None
    opts.append(Option(text("gravity.opt.reroll_go", lang, n=len(picked)), ready, enabled=ready in legal,
                       hint=text("gravity.hint.tick_dice", lang)))
    opts.append(Option(text("gravity.opt.keep_roll", lang), A.PASS))
    return Stage(prompt_text(view, lang), opts, default=ready, start=_me(view).loc)


def _push(view: GravityView, legal: list[GravityAction], sel: Sel, lang: str) -> Stage:
    pushes = _of(legal, A.Push)
    kinds = [k for k in A.KINDS if any(a.kind == k for a in pushes)]
    kind = sel.kind if sel.kind in kinds else ("distrust" if "distrust" in kinds else kinds[0])
    places: dict[int, Result] = {a.loc: a for a in pushes if a.kind == kind}
    first = [Option(text(f"gravity.opt.kind_{k}", lang), Sel(kind=k), tick=True, order=int(k == kind),
                    ordered=False)
             for k in kinds] if len(kinds) > 1 else []
    here = _me(view).loc
    prompt = text("gravity.stage.push", lang, n=view.todo[0], kind=text(f"gravity.kind.{kind}", lang))
    return Stage(prompt, _loc_options(places, lang, first), places=places,
                 probe_place=lambda loc: A.Push(loc, kind), start=here, related=frozenset({here}))


# --- T6 – T8: courage die, draw, curse removal ----------------------------------------------------

def _die(view: GravityView, legal: list[GravityAction], sel: Sel, lang: str) -> Stage:
    opts = [Option(text("gravity.opt.place_die", lang), A.PLACE),
            Option(text("gravity.opt.no_die", lang), A.PASS)]
    here = _me(view).loc
    return Stage(prompt_text(view, lang), opts, default=A.PLACE, start=here, related=frozenset({here}))


def _draw(view: GravityView, legal: list[GravityAction], sel: Sel, lang: str) -> Stage:
    c = _me(view)
    opts = []
    for a in legal:
        if a == A.DRAW:
            opts.append(Option(_draw_label(view, lang), a))
        elif isinstance(a, A.Take):
            opts.append(Option(text("gravity.opt.take", lang, card=D.card_label(a.card, lang)), a))
    opts.append(Option(text("gravity.opt.no_draw", lang), A.PASS))
    return Stage(prompt_text(view, lang), opts, default=A.DRAW, start=c.loc)


def draw_preview(view: GravityView) -> tuple[int, bool]:
    """What drawing does now: (cards drawn, whether the discard is shuffled in first) — one
    card, or Mabel's refill to her hand limit; from the deck, then from the discard (T7)."""
    c = _me(view)
    deck, discard = len(c.deck), len(c.discard)
    k = 1
    if c.id == "mabel" and Q.ability_works(view, view.decider):
        k = max(0, Q.hand_limit(c) - len(c.hand))
    k = min(k, deck + discard)
    return k, k > deck


def _draw_label(view: GravityView, lang: str) -> str:
    """What drawing does now, in words (`draw_preview`)."""
    c = _me(view)
    deck, discard = len(c.deck), len(c.discard)
    k, reshuffle = draw_preview(view)
    if c.id == "mabel" and Q.ability_works(view, view.decider):
        key = "draw_refill_reshuffle" if reshuffle else "draw_refill"
        return text(f"gravity.opt.{key}", lang, n=Q.hand_limit(c), k=k, deck=deck)
    if reshuffle:
        return text("gravity.opt.draw_reshuffle", lang, d=discard)
    return text("gravity.opt.draw", lang, k=deck)


def _remove(view: GravityView, legal: list[GravityAction], sel: Sel, lang: str) -> Stage:
    opts = [Option(text("gravity.opt.try_removal", lang), A.ROLL),
            Option(text("gravity.opt.no_removal", lang), A.PASS)]
    return Stage(prompt_text(view, lang), opts, default=A.ROLL, start=_me(view).loc)


def _uncurse(view: GravityView, legal: list[GravityAction], sel: Sel, lang: str) -> Stage:
    sets = _of(legal, A.Uncurse)
    most = max((len(a.curses) for a in sets), default=0)
    old = sorted({cur for a in sets for cur in a.curses})
    ready = A.Uncurse(tuple(sorted(sel.curses))) if sel.curses else None
    # The two answers keep keys 1 and 2; the curses to tick follow, a page at a time if many.
    opts = [Option(text("gravity.opt.uncurse_go", lang, n=len(sel.curses)), ready,
                   enabled=ready in legal, hint=text("gravity.hint.tick_curses", lang, n=most)),
            Option(text("gravity.opt.keep_curses", lang), A.PASS)]
    room = len(OPTION_KEYS) - len(opts)
    shown = old
    if len(old) > room:
        room -= 1
        pages = (len(old) + room - 1) // room
        page = sel.page % pages
        shown = old[page * room:(page + 1) * room]
        opts.append(Option(text("gravity.opt.more_curses", lang, k=page + 1, n=pages),
                           replace(sel, page=page + 1)))
    for cur in shown:
        ticked = cur in sel.curses
        new = tuple(x for x in sel.curses if x != cur) if ticked else tuple(sorted((*sel.curses, cur)))
        opts.append(Option(curse_name(cur, lang), replace(sel, curses=new), tick=True, order=int(ticked),
                           ordered=False,
                           enabled=ticked or len(sel.curses) < most))
    return Stage(prompt_text(view, lang), opts, default=ready, start=_me(view).loc)


# --- the monster phase and events ------------------------------------------------------------------

def _monster(view: GravityView, legal: list[GravityAction], sel: Sel, lang: str) -> Stage:
    where = {m.id: m.loc for m in view.monsters}
    acts = _of(legal, A.ChooseMonster)
    opts = [Option(text("gravity.opt.monster", lang, m=monster_name(a.monster, lang),
                        loc=D.short(where[a.monster], lang)), a) for a in acts]
    spots = [where[a.monster] for a in acts]
    # two candidates on one location: only the numbered options tell them apart
    places: dict[int, Result] = {where[a.monster]: a for a in acts if spots.count(where[a.monster]) == 1}
    dest = int(view.row[0][1:]) if view.row and view.row[0].startswith("L") else None
    related = frozenset(where[a.monster] for a in acts) | ({dest} if dest else frozenset())
    return Stage(prompt_text(view, lang), opts, places=places,
                 probe_place=lambda loc: A.ChooseMonster(next((m.id for m in view.monsters if m.loc == loc),
                                                              "M1")),
                 start=next(iter(places), None), related=related)


def _event_place(make: type[A.Teleport | A.Retreat | A.RemoveDie | A.Flip],
                 ) -> Callable[[GravityView, list[GravityAction], Sel, str], Stage]:
    def build(view: GravityView, legal: list[GravityAction], sel: Sel, lang: str) -> Stage:
        places: dict[int, Result] = {a.loc: a for a in _of(legal, make)}
        start = _event_subject(view)
        return Stage(prompt_text(view, lang), _loc_options(places, lang), places=places,
                     probe_place=make, start=start, related=frozenset({start}) if start else frozenset())
    return build


def _event_subject(view: GravityView) -> int | None:
    """The location of the character or monster the event is acting for now."""
    if view.step in ("teleport", "retreat", "hard_choice"):
        return view.chars[view.decider].loc
    item = (view.ev_todo or [0])[0]
    if view.ev == "E6":  # Night of Fear acts for each character, the others for each monster
        return view.chars[item].loc if 0 <= item < len(view.chars) else None
    return view.monsters[item].loc or None if 0 <= item < len(view.monsters) else None


def _hard_choice(view: GravityView, legal: list[GravityAction], sel: Sel, lang: str) -> Stage:
    opts = [Option(text("gravity.opt.discard", lang, card=D.card_label(a.card, lang)), a)
            for a in _of(legal, A.Discard)]
    opts.append(Option(text("gravity.opt.alarm", lang), A.ALARM))
    return Stage(prompt_text(view, lang), opts, start=_me(view).loc)


_BUILDERS: dict[str, Callable[[GravityView, list[GravityAction], Sel, str], Stage]] = {
    "ability": _ability, "action": _action, "rumour": _pull, "disorder": _pull, "target": _target,
    "reroll": _reroll, "push": _push, "die": _die, "draw": _draw, "remove": _remove,
    "uncurse": _uncurse, "monster": _monster, "hard_choice": _hard_choice,
    "teleport": _event_place(A.Teleport), "retreat": _event_place(A.Retreat),
    "remove_die": _event_place(A.RemoveDie), "flip": _event_place(A.Flip),
}


def action_place(action: object) -> int | None:
    """The map location a move picks (to point the cursor at a hint)."""
    for attr in ("dest", "loc", "dst"):
        value = getattr(action, attr, None)
        if isinstance(value, int) and value:
            return value
    return None
