"""How an «Эволюция» decision is asked on the table, one small choice at a time: what the games
with animals share.

The rules fold sub-choices that reveal nothing into one action (a card with its side and
animal; a paired card with both partners and the Симбиоз direction; a defence with its
Мимикрия target or the card Отбрасывание хвоста drops). The table asks for them one by one: a
`Sel` records what has been picked so far, and a game's `EvolutionStages` turns (view, legal
actions, Sel) into a `Stage` — the prompt, the numbered options, and which hand cards and
animals may be picked and what picking each leads to (a complete action, or a deeper `Sel`).

A game subclasses `EvolutionStages` naming its actions, texts, words and builders; the builders
here (a pair's partners, an attack, Пиратство, a defence, the scavenger, a discard) serve every
game, its own builders sit in its stages module. Pure logic, no Textual.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, ClassVar, Generic, TypeAlias, TypeVar

from core.engine.protocol import Action
from core.kits.evolution.shapes import Shown
from tui.i18n import text
from tui.stage import Option, Result, number
from tui.stage import Stage as StageBase

SYMBIOSIS = "symbiosis"  # the directed pair: a protector and its dependent


@dataclass(frozen=True)
class Sel:
    """What has been picked so far in the pending decision."""

    card: int | None = None  # development: the hand card
    side: str | None = None  # development: "a" (main) or "b" (the other side)
    first: int | None = None  # development, a pair: the first animal (Симбиоз: the protector)
    animal: int | None = None  # feeding: the own animal picked
    mode: str = ""  # feeding: attack | pirate | the game's own; defence: mimicry | tail
    target: int | None = None  # feeding, attack: the prey picked (the attack awaits Enter)


@dataclass
class Stage(StageBase):
    cards: dict[int, Result] = field(default_factory=dict)  # hand card -> result
    animals: dict[int, Result] = field(default_factory=dict)  # animal uid -> result
    probe_card: Callable[[int], Action] | None = None  # the action an illegal card pick stands for
    probe_animal: Callable[[int], Action] | None = None
    card_message: str = ""  # said when a card is picked where cards mean nothing
    animal_message: str = ""  # said when an animal is picked where animals mean nothing
    picked_card: int | None = None  # highlighted: the hand card picked so far
    picked: tuple[int, ...] = ()  # highlighted: the animals picked so far
    attacker: int | None = None  # choosing prey: the predator (the details preview the attack)
    switch: dict[str, Result] = field(default_factory=dict)  # "h:<card>"/"a:<uid>" -> a new
    # selection: a change of mind picked on the board (another card, animal or prey); not
    # highlighted, so the targets of the choice being made stand out

    def picks(self) -> list[Result]:
        return [*self.cards.values(), *self.animals.values(), *self.switch.values()]



def previewed_attacker(st: Stage | None, key: str, uid: int) -> int | None:
    """The predator whose attack the details of animal `uid` (cursor key `key`) preview: while
    the prey is chosen, on each animal that may be picked or switched to, and on those picked
    after the predator."""
    if st is not None and st.attacker is not None and (
            uid in st.animals or key in st.switch or uid in st.picked[1:]):
        return st.attacker
    return None

V = TypeVar("V", bound=Shown)  # the game's view
SL = TypeVar("SL", bound=Sel)  # its selection
ST = TypeVar("ST", bound=Stage)  # its stage
Builder: TypeAlias = "Callable[[V, Sequence[Action], SL, str], ST]"  # (view, legal, sel, lang)
T = TypeVar("T")


class EvolutionStages(Generic[V, SL, ST]):
    """A game's stage builders: the shared ones below, its own in its stages module."""

    game: ClassVar[str]  # the prefix of its texts
    A: ModuleType  # its actions (Add, Pair, Attack, Pirate, Defend, Scavenge, Discard)
    sel_type: type[SL]
    stage_type: type[ST]
    idle: ClassVar[tuple[type, ...]]  # feeding actions no animal makes (ending, passing)
    # The defences offered as they are, by kind: the option's text and the number it names.
    plain_defences: ClassVar[dict[str, tuple[str, str]]] = {"running": ("opt.run", "running_from")}
    builders: dict[str, Builder[V, SL, ST]]  # decision step -> builder
    # The moves a hint points at by where they start: a hand card, or an own animal.
    card_moves: ClassVar[tuple[type, ...]]
    animal_moves: ClassVar[tuple[type, ...]]

    # The game's words, as plain functions (staticmethod): its prompt, a property's name, the
    # line that previews an attack, its numbers.
    prompt: Callable[[V, str], str]
    prop_name: Callable[[str, str], str]
    attack_line: Callable[[V, int, int, str], str]
    numbers: Callable[[], dict[str, int]]

    def build(self, view: V, legal: Sequence[Action], sel: SL, lang: str) -> ST:
        """What may be picked now and what picking it leads to."""
        builder = self.builder(view)
        if builder is None:
            return self.stage_type("")
        stage = builder(view, legal, sel, lang)
        stage.options = number(stage.options)
        return stage

    def target(self, action: Action) -> str | None:
        """The table item a move starts from ("h:<card>", "a:<uid>"), to point at a hint."""
        A = self.A
        moved_: Any = action  # of a kind in `card_moves` or `animal_moves` (a game's own types)
        if isinstance(action, self.card_moves):
            return f"h:{moved_.card}"
        if isinstance(action, self.animal_moves):
            return f"a:{moved_.animal}"
        if isinstance(action, A.Attack):
            return f"a:{action.predator}"
        if isinstance(action, A.Defend) and action.kind == "mimicry":
            return f"a:{action.target}"
        return self.own_target(action)

    def own_target(self, action: Action) -> str | None:
        """Where a move of the game's own starts, if it is on the table."""
        return None

    def builder(self, view: V) -> Builder[V, SL, ST] | None:
        return self.builders.get(view.step)

    def stage(self, prompt: str, options: list[Option], **fields: Any) -> ST:  # the stage's fields
        """A stage of the game's type (a game may fill in fields of its own)."""
        return self.stage_type(prompt, options, **fields)

    def defence_marks(self, predator: int) -> dict[str, Any]:  # the game's stage's fields
        """Fields the defence stages add to show the attack (a game's own)."""
        return {}

    def own_defences(self, legal: Sequence[Action], lang: str) -> list[Option]:
        """Defences of the game's own, offered after Мимикрия and Отбрасывание хвоста."""
        return []

    # --- helpers ------------------------------------------------------------------------------

    def t(self, key: str, lang: str, **args: object) -> str:
        return text(f"{self.game}.{key}", lang, **args)

    @staticmethod
    def of(legal: Sequence[Action], kind: type[T] | tuple[type[T], ...]) -> list[T]:
        return [a for a in legal if isinstance(a, kind)]

    def back(self, lang: str, to: Result) -> Option:
        return Option(self.t("opt.back", lang), to)

    @staticmethod
    def gate(label: str, action: Action, legal: Sequence[Action]) -> list[Option]:
        """An option for `action` if it is legal now; a move the rules would refuse is not
        offered."""
        return [Option(label, action)] if action in legal else []

    def other_cards(self, view: V, card: int | None) -> dict[str, Result]:
        """Development: picking another hand card starts over with it."""
        hand = view.players[view.decider].hand or []
        return {f"h:{c}": self.sel_type(card=c) for c in hand if c != card}

    @staticmethod
    def mine(view: Shown) -> list[int]:
        return list(view.players[view.decider].row)

    def active(self, legal: Sequence[Action]) -> set[int]:
        """The own animals that can do something in this feeding go."""
        attack = self.A.Attack
        moves: list[Any] = [a for a in legal if not isinstance(a, self.idle)]  # each of one animal
        return {a.predator if isinstance(a, attack) else a.animal for a in moves}

    # --- development: a paired property ------------------------------------------------------

    def develop_add(self, view: V, legal: Sequence[Action], sel: SL, trait: str, key: str,
                    zone: str, lang: str) -> ST:
        """The animal a property card goes on (`key`: the prompt, `zone`: where they are)."""
        A = self.A
        card, side = sel.card, sel.side
        adds = [a for a in self.of(legal, A.Add) if a.card == card and a.side == side]
        back = self.sel_type(card=card)
        return self.stage(self.t(key, lang, p=self.prop_name(trait, lang), card=card),
                          [self.back(lang, back)], animals={a.animal: a for a in adds},
                          probe_animal=lambda u: A.Add(card, side, u),
                          card_message=self.t("msg.animal_now", lang), back=back, zone=zone,
                          picked_card=card, switch=self.other_cards(view, card))

    def develop_pair(self, view: V, legal: Sequence[Action], sel: SL, trait: str, lang: str) -> ST:
        """The two partners of a paired card, one at a time (Симбиоз: the protector, then the
        dependent)."""
        A, Sel = self.A, self.sel_type
        card, side = sel.card, sel.side
        assert card is not None and side is not None
        pairs = [a for a in self.of(legal, A.Pair) if a.card == card and a.side == side]
        directed = trait == SYMBIOSIS
        p = self.prop_name(trait, lang)
        mine = self.mine(view)
        if sel.first is None:
            firsts = {a.a for a in pairs} | (set() if directed else {a.b for a in pairs})
            back = Sel(card=card)

            def probe_first(u: int) -> Action:
                other = next((m for m in mine if m != u), u)
                if directed:
                    return A.Pair(card, side, u, other)
                return A.Pair(card, side, min(u, other), max(u, other))

            key = "stage.protector" if directed else "stage.pair_first"
            return self.stage(self.t(key, lang, p=p, card=card), [self.back(lang, back)],
                              animals={u: Sel(card=card, side=side, first=u)
                                       for u in sorted(firsts)},
                              probe_animal=probe_first,
                              card_message=self.t("msg.animal_now", lang), back=back, zone="mine",
                              picked_card=card, switch=self.other_cards(view, card))
        first = sel.first
        if directed:
            picks = {a.b: a for a in pairs if a.a == first}
        else:
            picks = {(a.b if a.a == first else a.a): a for a in pairs if first in (a.a, a.b)}

        def probe_second(u: int) -> Action:
            if directed:
                return A.Pair(card, side, first, u)
            return A.Pair(card, side, min(first, u), max(first, u))

        back = Sel(card=card, side=side)
        key = "stage.dependent" if directed else "stage.pair_second"
        return self.stage(self.t(key, lang, p=p, c=f"c{first}"), [self.back(lang, back)],
                          animals=picks, probe_animal=probe_second,
                          card_message=self.t("msg.animal_now", lang), back=back, zone="mine",
                          picked_card=card, picked=(first,), switch=self.other_cards(view, card))

    # --- feeding: an attack and Пиратство ------------------------------------------------------

    def attack(self, view: V, legal: Sequence[Action], sel: SL, lang: str) -> ST:
        """The prey, then the attack previewed, awaiting Enter."""
        A, Sel = self.A, self.sel_type
        u = sel.animal
        assert u is not None
        attacks = {a.prey: a for a in self.of(legal, A.Attack) if a.predator == u}
        if sel.target is None:
            back = Sel(animal=u)
            return self.stage(self.t("stage.prey", lang, c=f"c{u}"), [self.back(lang, back)],
                              animals={v: Sel(animal=u, mode="attack", target=v) for v in attacks},
                              probe_animal=lambda v: A.Attack(u, v),
                              card_message=self.t("msg.animal_now", lang), back=back,
                              zone="others", picked=(u,), attacker=u)
        v = sel.target
        go = attacks.get(v)
        back = Sel(animal=u, mode="attack")
        opts = [Option(self.t("opt.attack_go", lang, c=f"c{u}", t=f"c{v}"), go)] if go else []
        opts.append(self.back(lang, back))
        return self.stage(self.attack_line(view, u, v, lang), opts, default=go, back=back,
                          picked=(u, v), attacker=u,
                          switch={f"a:{w}": Sel(animal=u, mode="attack", target=w)
                                  for w in attacks if w != v})

    def pirate(self, view: V, legal: Sequence[Action], sel: SL, lang: str) -> ST:
        """Пиратство: the animal robbed."""
        A = self.A
        u = sel.animal
        assert u is not None
        picks = {a.victim: a for a in self.of(legal, A.Pirate) if a.animal == u}
        back = self.sel_type(animal=u)
        return self.stage(self.t("stage.pirate", lang, c=f"c{u}"), [self.back(lang, back)],
                          animals=picks, probe_animal=lambda v: A.Pirate(u, v),
                          card_message=self.t("msg.animal_now", lang), back=back, zone="animals",
                          picked=(u,))

    # --- reactions -----------------------------------------------------------------------------

    def defend(self, view: V, legal: Sequence[Action], sel: SL, lang: str) -> ST:
        """The prey's defence: a plain one, Мимикрия (to which animal), Отбрасывание хвоста
        (which card), the game's own, or none."""
        A, Sel = self.A, self.sel_type
        at = view.attack
        prey = at.prey if at is not None else 0
        predator = at.predator if at is not None else 0
        defences = self.of(legal, A.Defend)
        mimic = [d for d in defences if d.kind == "mimicry"]
        tails = [d for d in defences if d.kind == "tail"]
        marks = self.defence_marks(predator)
        if sel.mode == "mimicry":
            back = Sel()
            opts = [Option(self.t("opt.mimic_to", lang, t=f"c{d.target}"), d) for d in mimic]
            opts.append(self.back(lang, back))
            return self.stage(self.t("stage.mimicry", lang, c=f"c{predator}", t=f"c{prey}"),
                              opts, animals={d.target: d for d in mimic},
                              probe_animal=lambda u: A.Defend("mimicry", target=u), back=back,
                              zone="mine", picked=(prey,), **marks)
        if sel.mode == "tail":
            back = Sel()
            v = view.animals[prey]
            shown = dict(zip(v.cards, v.traits, strict=False))
            opts = [Option(self.t("opt.tail_card", lang, p=self.prop_name(shown.get(d.card, ""),
                                                                           lang), card=d.card), d)
                    for d in tails]
            opts.append(self.back(lang, back))
            return self.stage(self.t("stage.tail", lang, t=f"c{prey}"), opts, back=back,
                              picked=(prey,))
        n = self.numbers()
        opts = []
        for d in defences:
            if d.kind in self.plain_defences:
                key, number_key = self.plain_defences[d.kind]
                opts.append(Option(self.t(key, lang, k=n[number_key]), d))
        if len(mimic) == 1:
            opts.append(Option(self.t("opt.mimic_to", lang, t=f"c{mimic[0].target}"), mimic[0]))
        elif mimic:
            opts.append(Option(self.t("opt.mimicry", lang, k=len(mimic)), Sel(mode="mimicry")))
        if tails:
            opts.append(Option(self.t("opt.tail", lang, k=n["tail"]), Sel(mode="tail")))
        opts += self.own_defences(legal, lang)
        opts += self.gate(self.t("opt.no_defence", lang, t=f"c{prey}"), A.DEFEND_NONE, legal)
        return self.stage(self.prompt(view, lang), opts, picked=(prey,),
                          animals={d.target: d for d in mimic},
                          probe_animal=lambda u: A.Defend("mimicry", target=u),
                          card_message=self.t("msg.defence_numbers", lang), zone="none", **marks)

    def scavenger(self, view: V, legal: Sequence[Action], sel: SL, lang: str) -> ST:
        """Падальщик: which of the own scavengers takes the food."""
        picks = {a.animal: a for a in self.of(legal, self.A.Scavenge)}
        opts = [Option(self.t("opt.scavenger", lang, c=f"c{u}"), a) for u, a in picks.items()]
        return self.stage(self.prompt(view, lang), opts, animals=picks,
                          probe_animal=self.A.Scavenge,
                          card_message=self.t("msg.animal_now", lang), zone="mine")

    def discard(self, view: V, legal: Sequence[Action], sel: SL, lang: str) -> ST:
        """Cards over the hand limit: which to discard."""
        picks = {a.card: a for a in self.of(legal, self.A.Discard)}
        return self.stage(self.prompt(view, lang), [], cards=picks, probe_card=self.A.Discard,
                          animal_message=self.t("msg.card_now", lang), zone="hand")
