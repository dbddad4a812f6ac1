"""What both «Эволюция» games' plain-text views (`evo show`, logs) write alike: an animal's line
(its food, its properties with fat, pair and use marks, its bottom line) and the attack under
way. The marks are the app's (its help's «marks» list), without colours; the words are each
game's `label.*` texts, said by its `say`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # (northstar's text view reads `outcome_lines` alone: no kit module more)
    from core.kits.evolution.positions import Aimed
    from core.kits.evolution.shapes import Fed

    class Shown(Fed, Protocol):
        """An animal of either game's view, as its line reads it."""

        @property
        def card(self) -> int | None: ...

        @property
        def partners(self) -> Sequence[int]: ...

        @property
        def roles(self) -> Sequence[str]: ...

ROLE_MARK = {"pair": "↔", "protector": "→", "dependent": "←"}
FOOD, MISSING, FAT_FULL, FAT_EMPTY, USED = "●", "○", "◆", "◇", "✓"

Say = Callable[..., str]  # (key, lang, **args) -> text


def food_track(a: Fed, lang: str, say: Say) -> str:
    """Food tokens (●), then the food still missing (○); the app tells red from blue by colour,
    the text by count when blue is there (NW3: in Новый мир the colour has no effect)."""
    track = FOOD * (a.red + a.blue) + MISSING * max(0, a.need - a.red - a.blue)
    if a.blue:
        kinds = [say(f"label.tokens_{c}", lang, k=k) for c, k in (("red", a.red), ("blue", a.blue))
                 if k]
        track += f" ({', '.join(kinds)})"
    return track


def animal_line(a: Shown, lang: str, say: Say, name: Callable[[str, str], str],
                marks: Callable[[int], str], flags: list[str]) -> str:
    """An animal on one line: its number and food, each property (with its fat token, the
    partner of a pair and `marks(card)`: used, turned…), then `flags` and its face, if shown."""
    from core.kits.evolution.fold import FAT

    props = []
    fat_seen = 0
    for card, trait, partner, role in zip(a.cards, a.traits, a.partners, a.roles, strict=True):
        text = name(trait, lang)
        if trait == FAT:
            text += " " + (FAT_FULL if fat_seen < a.fat else FAT_EMPTY)
            fat_seen += 1
        if role:
            text += f" {ROLE_MARK[role]}c{partner}"
        if marks(card):
            text += f" {marks(card)}"
        props.append(text)
    parts = [f"c{a.uid} {food_track(a, lang, say)}".rstrip()]
    parts.append(", ".join(props) if props else "—")
    if a.card is not None:
        flags = [*flags, f"{say('label.face', lang)} {a.card}"]
    if flags:
        parts.append(f"[{'; '.join(flags)}]")
    return "  " + "  ".join(parts)


def outcome_lines(step: str, winners: Sequence[int], decider: int, names: list[str], lang: str,
                  say: Say, prompt: Callable[[], str], tie: str = "") -> list[str]:
    """The last lines: who won (with how a `tie` was broken) once the game is over, else who
    decides what (`prompt()`)."""
    if step == "over":
        won = ", ".join(names[w] for w in winners)
        return ["", f"{say('label.winner', lang)}: {won}" + (f" ({tie})" if tie else "")]
    if step:
        return ["", f"{say('label.now', lang)}: {names[decider]} — {prompt()}"]
    return [""]


def attack_lines(at: Aimed | None, lang: str, say: Say) -> list[str]:
    """The attack under way: predator, prey and the animals it was aimed at."""
    if at is None:
        return []
    tried = ", ".join(f"c{u}" for u in at.targeted)
    return ["", f"{say('label.attack', lang)}: c{at.predator} → c{at.prey} "
                f"({say('label.tried', lang)}: {tried})"]
