"""Plain text inside Textual markup, and names made to fit a narrow place.

`textual.markup.escape` leaves brackets that do not look like its own tags, but the parser
still swallows some of them (a rule id like "[MC-R16]" vanished), so every "[" is escaped.
"""

from __future__ import annotations

from rich.cells import cell_len

VOWELS = frozenset("аеёиоуыэюяaeiouy")


def esc(text: str) -> str:
    return text.replace("[", "\\[")


def abbreviate(name: str, width: int) -> str:
    """`name` in at most `width` cells: whole if it fits, else with its first words cut as a
    typesetter cuts them (after a consonant, before a vowel, with a full stop: «Отбрасыв.
    хвоста», "Developm. Error"), as little as fits; the last word stays whole. Only if that
    cannot fit, an ellipsis. The details panel and `i` say the name in full."""
    if cell_len(name) <= width:
        return name
    words = name.split(" ")
    for i in range(len(words) - 1):
        cuts = _cuts(words[i])  # the longest first
        for cut in cuts:
            shortened = " ".join([*words[:i], cut, *words[i + 1:]])
            if cell_len(shortened) <= width:
                return shortened
        if cuts:
            words[i] = cuts[-1]
    return name[:max(0, width - 1)] + "…"


def _cuts(word: str) -> list[str]:
    """The ways to shorten a word with a full stop, longest first: its start up to a consonant
    that a vowel follows, three letters at least."""
    low = word.lower()
    return [word[:k] + "." for k in range(len(word) - 1, 2, -1)
            if low[k - 1].isalpha() and low[k - 1] not in VOWELS and low[k] in VOWELS]
