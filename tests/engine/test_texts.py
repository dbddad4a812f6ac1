"""Filling texts: placeholders, and plural forms chosen by a number in either language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core.textdata import TextTable, fill, plural


@pytest.mark.parametrize(("n", "form"), [(1, "карта"), (2, "карты"), (4, "карты"), (5, "карт"),
                                         (11, "карт"), (12, "карт"), (14, "карт"), (21, "карта"),
                                         (22, "карты"), (25, "карт"), (101, "карта"), (111, "карт")])
def test_russian_plurals(n: int, form: str) -> None:
    assert plural(n, ["карта", "карты", "карт"]) == form


def test_english_plurals_and_filling() -> None:
    assert [plural(n, ["card", "cards"]) for n in (0, 1, 2)] == ["cards", "card", "cards"]
    assert fill("{k} {k:move/moves} taken back", k=1) == "1 move taken back"
    assert fill("{k} {k:move/moves}, {x:>3}", k=3, x=7) == "3 moves,   7"  # other specs still work



def _text_files() -> list[Path]:
    root = Path(__file__).resolve().parents[2]
    return sorted(p for folder in ("core", "tui") for p in (root / folder).rglob("*.toml")
                  if "texts" in p.name)


PLURAL_SPEC = re.compile(r"{(\w+):([^{}:]+/[^{}]+)}")


def test_every_count_a_player_reads_agrees_with_its_noun() -> None:
    """A number placeholder followed by a noun (at most one word between: '{k} movement
    cards') takes the noun's plural forms from the number ('1 card', '2 карты', '5 карт'),
    never a fixed form ('1 moves'). The nouns are every form some text already declines
    ({k:card/cards}), the numbers every placeholder some text declines by."""
    texts = [(f"{path.parent.parent.name}/{path.parent.name}", key, lang, leaf[lang])
             for path in _text_files()
             for key, leaf in TextTable(path).texts.items() for lang in leaf]
    numbers, forms = {"k", "n"}, set()
    for *_, said in texts:
        for name, spec in PLURAL_SPEC.findall(said):
            numbers.add(name)
            forms.update(f for f in spec.split("/") if len(f) > 2)
    assert {"card", "cards", "карт", "moves", "ходов"} <= forms
    number = "|".join(sorted(numbers))
    noun = "|".join(sorted(forms, key=len, reverse=True))
    bare = re.compile(rf"{{({number})}}\s+(?:[\w-]+\s+)?({noun})(?![\w-])")
    wrong = [f"{name} {key} ({lang}): {m.group(0)}" for name, key, lang, said in texts
             for m in bare.finditer(said) if f"{{{m.group(1)}:" not in said]
    assert not wrong, "\n".join(wrong)


def test_plural_forms_are_two_in_english_and_three_in_russian() -> None:
    for path in _text_files():
        for key, leaf in TextTable(path).texts.items():
            for lang, count in (("en", 2), ("ru", 3)):
                for name, spec in PLURAL_SPEC.findall(leaf[lang]):
                    assert len(spec.split("/")) == count, (path.name, key, lang, name)


def test_placeholders_are_names() -> None:
    """`fill` formats each value as itself (plural forms aside): a placeholder names a value,
    never an attribute or an item of one ('{seat.name}', '{cards[0]}')."""
    import string

    odd = [f"{path.parent.name}/{path.name} {key} ({lang}): {{{field}}}"
           for path in _text_files() for key, leaf in TextTable(path).texts.items()
           for lang, said in leaf.items() for _, field, _, _ in string.Formatter().parse(said)
           if field and not field.isidentifier()]
    assert not odd, "\n".join(odd)
