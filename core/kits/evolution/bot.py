"""What both «Эволюция» games' bot heuristics share: how the players share food taken in turn,
who can hunt whom and the risk that brings, the default policy's weight of a defence, and the
hint reasons of the actions both games have. Everything here is a read-only question."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from types import ModuleType
from typing import Any, Protocol, TypeVar

from core.engine.protocol import Action
from core.kits.evolution.shapes import Attack, Beast, Defence, Hunt, Seen

B = TypeVar("B", bound=Beast)  # a game's animal (of a state)
S = TypeVar("S", bound="Stepped")  # a game's state, as its policy reads it
T = TypeVar("T")  # a game's state


class Stepped(Protocol):
    @property
    def step(self) -> str: ...


class Turn(Protocol):
    """A state as the default policy reads it: its animals, whose go it is, the attack."""

    @property
    def animals(self) -> Mapping[int, Seen]: ...

    @property
    def go(self) -> int: ...

    @property
    def attack(self) -> Hunt | None: ...

CARNIVOROUS, SYMBIOSIS = "carnivorous", "symbiosis"


def waterfill(base: float, demand: list[float]) -> list[float]:
    """How the players share `base` when each takes a token in turn until his demand is met."""
    n = len(demand)
    out = [0.0] * n
    left = base
    order = sorted(range(n), key=demand.__getitem__)
    for k, i in enumerate(order):
        even = left / (n - k)
        give = demand[i] if demand[i] <= even else even
        out[i] = give
        left -= give
    return out


def hunting(s: T, animals: Iterable[B], row: Sequence[B], seat: int, ready: Callable[[B], bool],
            prey_block: Callable[[T, B, B], str | None]) -> tuple[list[int], dict[int, B]]:
    """The predators of `seat`'s `row` that can hunt (`ready`, not poisoned) and reach another
    player's animal (of `animals`, the state's), and every such animal they reach."""
    hunters: list[int] = []
    reach: dict[int, B] = {}
    for p in row:
        if CARNIVOROUS not in p.traits or p.poisoned or not ready(p):
            continue
        found = False
        for v in animals:
            if v.owner != seat and prey_block(s, p, v) is None:
                reach[v.uid] = v
                found = True
        if found:
            hunters.append(p.uid)
    return hunters, reach


def add_risk(risk: dict[int, float], reach: Mapping[int, Seen], kills: float,
             defence_left: Mapping[str, float]) -> None:
    """`kills` shared out over the animals in `reach`, each share cut by what its defences and
    deterrents leave of an attack (`defence_left`), add to each one's risk of being eaten."""
    share = kills / len(reach)
    for v in reach.values():
        left = share
        for t in v.traits:
            left *= defence_left.get(t, 1.0)
        risk[v.uid] = risk.get(v.uid, 0.0) + left


def hunt_weight(s: Turn, a: Attack, odds: Mapping[str, float] | None = None) -> float:
    """The default policy's weight of an attack: next to none on one's own animal, else more
    for a bigger prey, times the `odds` of getting past each of its properties."""
    v = s.animals[a.prey]
    if v.owner == s.go:
        return 0.05
    w = 5.0 + len(v.cards)
    if odds:
        for t in v.traits:
            w *= odds.get(t, 1.0)
    return w


def defend_weight(s: Turn, d: Defence, trait_value: Mapping[str, float],
                  own: Mapping[str, float]) -> float:
    """The default policy's weight of a defence: the game's own kinds as `own` says, Мимикрия
    to the animal with the fewest cards, Отбрасывание хвоста dropping the least useful
    property, giving up last."""
    w = own.get(d.kind)
    if w is not None:
        return w
    if d.kind == "mimicry":
        t = s.animals[d.target]
        return 1.0 / (1.0 + len(t.cards))
    if d.kind == "tail" and s.attack is not None:
        v = s.animals[s.attack.prey]
        trait = v.traits[v.cards.index(d.card)]
        return 1.0 / (0.3 + max(0.0, trait_value.get(trait, 0.2)))
    return 0.1


# The default policy's weights of one step's actions (each step's own types: its hot loop
# dispatches on their classes, unchecked).
Weights = Callable[[S, list[Any]], list[float]]


def by_step(steps: Mapping[str, Weights[S]]) -> Weights[S]:
    """A default policy (rollouts, expansion order, completion) from the weights of each step's
    actions; a step not named weighs its actions alike."""
    def policy(s: S, legal: list[Any]) -> list[float]:
        weights = steps.get(s.step)
        return [1.0] * len(legal) if weights is None else weights(s, legal)

    return policy


def one_by_one(weight: Callable[[S, Any], float]) -> Weights[S]:
    """The weights of a step whose actions are weighed one by one."""
    return lambda s, legal: [weight(s, a) for a in legal]


def defending(trait_value: Mapping[str, float], own: Mapping[str, float]) -> Weights[Any]:
    """The weights of the defences (`defend_weight`)."""
    return lambda s, legal: [defend_weight(s, d, trait_value, own) for d in legal]


def reason(view: Any, action: Action, lang: str, A: ModuleType, faces: Sequence[Sequence[str]],
           name: Callable[[str, str], str], give: Callable[..., tuple[int, int]],
           numbers: Mapping[str, int]) -> tuple[str, dict[str, str]] | None:
    """The hint reason (a `reason.<key>` of the game's texts, and its arguments) of an action
    both games have, or None for one the game explains itself. `A`: the game's actions;
    `faces`: its cards' properties; `name`: a property's name; `give`: its GiveFood split
    (`give(view, predator, n, gone)`); `numbers`: animal, kill."""
    t = type(action)
    animals = view.animals
    action_: Any = action  # of one of the game's types (`A`), as `t` tells
    if t is A.Create:  # which card becomes the animal: two creations differ only in it
        return "create", {"card": str(action_.card), "face": face(faces, action_.card, name, lang),
                          "k": str(numbers["animal"])}
    if t is A.Pass:
        return "pass", {}
    if t is A.Pair:
        trait = faces[action_.card][0 if action_.side == "a" else 1]
        args = {"p": name(trait, lang), "c": f"c{action_.a}", "t": f"c{action_.b}",
                "card": str(action_.card)}
        return ("symbiosis" if trait == SYMBIOSIS else "pair"), args
    if t is A.Attack:  # the food as GiveFood will give it (the prey gone first)
        v = animals[action_.prey]
        food, fat = give(view, animals[action_.predator], numbers["kill"], v.uid)
        key = "attack_own" if v.owner == view.decider else "attack"
        return key, {"c": f"c{action_.predator}", "t": f"c{action_.prey}", "k": str(food + fat)}
    if t is A.Pirate:
        return "pirate", {"c": f"c{action_.animal}", "t": f"c{action_.victim}"}
    if t is A.Defend:
        if action_.kind == "tail" and view.attack is not None:
            v = animals[view.attack.prey]
            trait = v.traits[v.cards.index(action_.card)]
            return "defend_tail", {"p": name(trait, lang)}
        return f"defend_{action_.kind}", {"t": f"c{action_.target}"}
    if t is A.Scavenge:
        return "scavenger", {"c": f"c{action_.animal}"}
    if t is A.Discard:
        return "discard", {"card": str(action_.card),
                           "face": face(faces, action_.card, name, lang)}
    return None


def face(faces: Sequence[Sequence[str]], card: int, name: Callable[[str, str], str],
         lang: str) -> str:
    """A card's property or two, "Carnivorous / Fat Tissue"."""
    return " / ".join(name(t, lang) for t in faces[card])
